/*
 * test_strong_pente.c - the strong Pente reference bot (bots/c/pente_bot.c),
 * run as the real program: it completes a five, blocks a four (plain and
 * split), takes the capture that wins (before blocking), wins with a power
 * stone and its bonus stone in Pente Plus, answers inside a 50 ms limit
 * over whole games of both variants, and plays the same game twice from
 * the same seed with a fixed --depth (once in a fresh process per game,
 * once with --keep-bots).
 *
 * The bot is the sanitizer build next to this test program
 * (BUILD/test/bots/pente_bot, made by `make test`).  Positions are given
 * as `position` lines (the bot runs with --position), built here from
 * lists of points and checked by the rules engine first.
 */
#include "record/record.h"
#include "rules.h"
#include "support/botrun.h"
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- positions ------------------------------------------------------ */

/* Put the points of list ("K10 L10 ...") on grid as ch. */
static void sp_put(char grid[19][20], const char *list, char ch)
{
    static const char cols[] = "ABCDEFGHJKLMNOPQRST";
    const char *s = list;
    while (s && *s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        const char *at = strchr(cols, *s);
        cr_assert(at && *s, "bad point in '%s'", list);
        int row = atoi(s + 1);
        cr_assert(row >= 1 && row <= 19, "bad row in '%s'", list);
        grid[19 - row][at - cols] = ch;
        while (*s && *s != ' ')
            s++;
    }
}

/* The position line of a board with these white, black and power stones,
 * then tail ("b 21 0,8" or, in plus, "w 10 0,0 1,1"); checked by the
 * engine. */
static void sp_position(const char *variant, const char *white,
                        const char *black, const char *power,
                        const char *tail, char *buf, size_t len)
{
    char grid[19][20];
    memset(grid, '.', sizeof grid);
    sp_put(grid, white, 'w');
    sp_put(grid, black, 'b');
    sp_put(grid, power, 'p');
    size_t n = 0;
    for (int r = 0; r < 19; r++) {
        if (r)
            n += (size_t)snprintf(buf + n, len - n, "/");
        int run = 0;
        for (int c = 0; c <= 19; c++) {
            char ch = c < 19 ? grid[r][c] : 0;
            if (ch == '.') {
                run++;
                continue;
            }
            if (run)
                n += (size_t)snprintf(buf + n, len - n, "%d", run);
            run = 0;
            if (ch)
                n += (size_t)snprintf(buf + n, len - n, "%c", ch);
        }
    }
    snprintf(buf + n, len - n, " %s", tail);
    char err[RULES_REASON_MAX], why[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pente", variant, NULL, err, sizeof err);
    cr_assert_not_null(g, "%s", err);
    rules_pos pos;
    cr_assert_eq(rules_pos_read(g, buf, &pos, why, sizeof why), RULES_OK,
                 "%s: %s", buf, why);
    rules_game_free(g);
}

/* ---- running the bot on a script ------------------------------------ */

/* Run pente_bot --position ARGS... with script on stdin until it exits;
 * asserts it exits 0. */
static void sp_run(const char *const *args, const char *script, botrun *run)
{
    char path[PATH_MAX + 16];
    botrun_path("pente_bot", path, sizeof path);
    char *argv[16];
    int k = 0;
    argv[k++] = path;
    argv[k++] = "--position";
    for (int i = 0; args && args[i] && k < 15; i++)
        argv[k++] = (char *)args[i];
    argv[k] = NULL;
    botrun_script(argv, script, true, run); /* quiet: the bot's log lines */
    cr_assert(WIFEXITED(run->status) && WEXITSTATUS(run->status) == 0,
              "pente_bot did not exit 0");
}

/* The bot's move for seat `you` in the position line, at a 5 s limit. */
static void sp_move(const char *variant, int you, const char *posline,
                    const char *const *args, char *move, size_t len)
{
    char script[3072];
    static botrun run; /* 16 KiB: not on the stack */
    const char *out = run.out;
    snprintf(script, sizeof script,
             "protocol 1\nset game pente\nset variant %s\nset seats 2\n"
             "set you %d\nset time 5000 0 0\nset seed 11\nstart\n"
             "position %s\nturn 5000 -1\nquit 100\n",
             variant, you, posline);
    sp_run(args, script, &run);
    const char *m = strstr(out, "\nmove ");
    cr_assert_not_null(m, "no move in:\n%s", out);
    m += 6;
    size_t k = strcspn(m, "\n");
    cr_assert_lt(k, len);
    snprintf(move, len, "%.*s", (int)k, m);
}

/* Play move in the position; the outcome into *o, the position into *pos
 * (asserts the move is legal). */
static void sp_apply(const char *variant, const char *posline,
                     const char *move, rules_game **g, rules_pos *pos,
                     rules_outcome_t *o)
{
    char err[RULES_REASON_MAX], why[RULES_REASON_MAX];
    *g = rules_game_new("pente", variant, NULL, err, sizeof err);
    cr_assert_not_null(*g, "%s", err);
    cr_assert_eq(rules_pos_read(*g, posline, pos, why, sizeof why),
                 RULES_OK, "%s", why);
    rules_move m;
    cr_assert_eq(rules_parse_move(*g, pos, move, &m, why, sizeof why),
                 RULES_OK, "'%s': %s", move, why);
    rules_apply(*g, pos, &m);
    rules_outcome(*g, pos, o);
}

/* After seat you's move, can the other seat win at once?  Every legal
 * move, and in Pente Plus every power stone with each bonus point too. */
static bool sp_opponent_wins_next(const rules_game *g, const rules_pos *pos,
                                  int you)
{
    static const char *const diamonds[] = {"D16", "K16", "Q16", "G13",
                                           "N13", "D10", "Q10", "G7",
                                           "N7",  "D4",  "K4",  "Q4"};
    static rules_move replies[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, pos, replies, RULES_MAX_MOVES);
    for (size_t i = 0; i < n && i < RULES_MAX_MOVES; i++) {
        for (size_t d = 0; d <= 12; d++) {
            rules_move m = replies[i];
            if (d > 0) {
                if (!m.step[0].power)
                    break;
                char text[RULES_MOVE_TEXT_MAX + 8], why[RULES_REASON_MAX];
                rules_format_move(g, &replies[i], text, RULES_MOVE_TEXT_MAX);
                strcat(text, " ");
                strcat(text, diamonds[d - 1]);
                if (rules_parse_move(g, pos, text, &m, why, sizeof why) !=
                    RULES_OK)
                    continue;
            }
            rules_pos after = *pos;
            rules_outcome_t o;
            rules_apply(g, &after, &m);
            rules_outcome(g, &after, &o);
            if (o.over && o.result[you] == RULES_RESULT_LOSS)
                return true;
        }
    }
    return false;
}

static const char *const sp_depth3[] = {"--depth", "3", NULL};

/* ---- tactics -------------------------------------------------------- */

Test(strong_pente, completes_a_five, .timeout = 60)
{
    /* White K10-N10, blocked at J10: O10 is the only five. */
    char line[1024], move[64];
    sp_position("standard", "K10 L10 M10 N10 C3", "J10 A1 A19 T1 T19",
                "", "w 10 0,0", line, sizeof line);
    sp_move("standard", 0, line, NULL, move, sizeof move);
    cr_expect_str_eq(move, "O10");
    rules_game *g;
    rules_pos pos;
    rules_outcome_t o;
    sp_apply("standard", line, move, &g, &pos, &o);
    cr_expect(o.over && o.result[0] == RULES_RESULT_WIN);
    rules_game_free(g);
}

/* Black to move against white's four (with black stones of its own that
 * make nothing): after black's move white must have no winning reply. */
static void sp_expect_block(const char *white, const char *black,
                            const char *const *args)
{
    char line[1024], move[64];
    sp_position("standard", white, black, "", "b 11 0,0", line,
                sizeof line);
    sp_move("standard", 1, line, args, move, sizeof move);
    rules_game *g;
    rules_pos pos;
    rules_outcome_t o;
    sp_apply("standard", line, move, &g, &pos, &o);
    cr_expect(!o.over, "the game ended after %s", move);
    cr_expect(!sp_opponent_wins_next(g, &pos, 1),
              "after black's %s white wins at once", move);
    rules_game_free(g);
}

Test(strong_pente, blocks_a_four, .timeout = 60)
{
    sp_expect_block("K10 L10 M10 N10 D4 Q16", "J10 A1 A19 T1 T19", NULL);
    sp_expect_block("K10 L10 M10 N10 D4 Q16", "J10 A1 A19 T1 T19",
                    sp_depth3);
}

Test(strong_pente, blocks_a_split_four, .timeout = 60)
{
    /* K10 L10 _ N10 O10: the gap M10 is the only answer. */
    sp_expect_block("K10 L10 N10 O10 D4 Q16", "A1 A19 T1 T19 S2", NULL);
    sp_expect_block("K10 L12 K14 K13 K11 D4", "K15 A1 A19 T1 T19",
                    sp_depth3);
}

Test(strong_pente, blocks_an_open_three, .timeout = 60)
{
    /* White K10 L10 M10 open on both sides: unless black takes J10 or
     * N10, white makes an open four (black has nothing to counter with). */
    char line[1024], move[64];
    sp_position("standard", "K10 L10 M10 D4 Q16", "A1 A19 T1 T19 S2", "",
                "b 11 0,0", line, sizeof line);
    sp_move("standard", 1, line, sp_depth3, move, sizeof move);
    cr_expect(!strcmp(move, "J10") || !strcmp(move, "N10"),
              "black played %s, not next to the three", move);
}

Test(strong_pente, takes_the_capture_that_wins, .timeout = 60)
{
    /* Black has 4 pairs; M10 takes K10-L10 (bracketed by J10): the fifth
     * pair wins, although white threatens five at C7. */
    char line[1024], move[64];
    sp_position("standard", "K10 L10 C3 C4 C5 C6", "J10 C2 Q16 Q17 A19",
                "", "b 21 0,8", line, sizeof line);
    sp_move("standard", 1, line, NULL, move, sizeof move);
    cr_expect_str_eq(move, "M10");
    rules_game *g;
    rules_pos pos;
    rules_outcome_t o;
    sp_apply("standard", line, move, &g, &pos, &o);
    cr_expect(o.over && o.result[1] == RULES_RESULT_WIN &&
                  o.reason == RULES_END_CAPTURES,
              "black's %s did not win by captures", move);
    rules_game_free(g);
}

Test(strong_pente, plus_wins_with_power_and_bonus_stone, .timeout = 60)
{
    /* White G9 G10(power) G11, black G12 above: the power stone G8 and the
     * bonus stone on the diamond G7 make five in one move. */
    char line[1024], move[64];
    sp_position("plus", "K10 G9 G11", "G12 K12 H10 A1", "G10",
                "w 8 0,0 1,1", line, sizeof line);
    sp_move("plus", 0, line, NULL, move, sizeof move);
    rules_game *g;
    rules_pos pos;
    rules_outcome_t o;
    sp_apply("plus", line, move, &g, &pos, &o);
    cr_expect(o.over && o.result[0] == RULES_RESULT_WIN,
              "white's %s does not win", move);
    rules_game_free(g);
}

Test(strong_pente, plus_stops_power_and_bonus_stone, .timeout = 60)
{
    /* The same with black to move: it must take G8 or G7 (or otherwise
     * leave white no win). */
    char line[1024], move[64];
    sp_position("plus", "K10 G9 G11 B2", "G12 K12 H10 A1", "G10",
                "b 9 0,0 1,1", line, sizeof line);
    sp_move("plus", 1, line, NULL, move, sizeof move);
    rules_game *g;
    rules_pos pos;
    rules_outcome_t o;
    sp_apply("plus", line, move, &g, &pos, &o);
    cr_expect(!o.over);
    cr_expect(!sp_opponent_wins_next(g, &pos, 1),
              "after black's %s white wins at once", move);
    rules_game_free(g);
}

/* ---- whole games ---------------------------------------------------- */

static bool sp_rules_end(const char *reason)
{
    return reason && (!strcmp(reason, "five-in-a-row") ||
                      !strcmp(reason, "captures") ||
                      !strcmp(reason, "full-board") ||
                      !strcmp(reason, "move-cap"));
}

/* Two games of the time-limited bot against itself at 50 ms a move: both
 * end by the rules, every move within 50 ms (one per game may be late
 * inside the grace: a machine busy with other tests may not run the bot
 * in time; the bot plans for 18 ms). */
static void sp_fast_games(const char *variant)
{
    mrun c;
    const char *opts[] = {"-n", "2", "--game", "pente", "--variant",
                          variant, "--move-ms", "50", "--seed", "7",
                          "--sandbox", "off", NULL};
    mrun_match(&c, opts, RUN_BOTS "pente_bot", RUN_BOTS "pente_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    for (int gm = 1; gm <= 2; gm++) {
        record r;
        mrun_record(&c, gm, &r);
        cr_expect(sp_rules_end(r.reason), "game %d: %s: %s\n%s", gm,
                  r.reason, r.detail ? r.detail : "", c.out);
        cr_expect_geq(r.nmoves, 9, "game %d: only %zu moves", gm,
                      r.nmoves);
        int late = 0;
        for (size_t i = 0; i < r.nmoves; i++)
            late += r.moves[i].ms > 50;
        cr_expect_leq(late, 1, "game %d: %d moves over 50 ms", gm, late);
        record_release(&r);
    }
    mrun_finish(&c);
}

Test(strong_pente, answers_within_50_ms_standard, .timeout = 300)
{
    sp_fast_games("standard");
}

Test(strong_pente, answers_within_50_ms_plus, .timeout = 300)
{
    sp_fast_games("plus");
}

/* The moves of game gm of a match run, as one string. */
static void sp_game_moves(const mrun *c, int gm, char *buf, size_t len)
{
    record r;
    mrun_record(c, gm, &r);
    cr_expect(sp_rules_end(r.reason), "game %d: %s", gm, r.reason);
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r.nmoves && n + 1 < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s,", r.moves[i].text);
    record_release(&r);
}

Test(strong_pente, fixed_depth_and_seed_give_the_same_game, .timeout = 300)
{
    /* The second time with --keep-bots: one process plays both games, so
     * what the first game left in its table must change nothing. */
    const char *opts[] = {"-n", "2", "--game", "pente", "--variant",
                          "plus", "--move-ms", "20000", "--seed", "23",
                          "--sandbox", "off", NULL, NULL};
    static char first[2][8192], second[2][8192];
    for (int run = 0; run < 2; run++) {
        mrun c;
        opts[12] = run ? "--keep-bots" : NULL;
        mrun_match(&c, opts, RUN_BOTS "pente_bot --depth 2",
                   RUN_BOTS "pente_bot --depth 3");
        cr_assert_eq(c.rc, 0, "%s", c.out);
        for (int gm = 1; gm <= 2; gm++)
            sp_game_moves(&c, gm, run ? second[gm - 1] : first[gm - 1],
                          sizeof first[0]);
        mrun_finish(&c);
    }
    for (int gm = 0; gm < 2; gm++) {
        cr_expect_gt(strlen(first[gm]), 20, "game %d too short", gm + 1);
        cr_expect_str_eq(first[gm], second[gm], "game %d differs", gm + 1);
    }
    /* The seats swap between the two games: they are different games. */
    cr_expect_str_neq(first[0], first[1]);
}
