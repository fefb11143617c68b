/*
 * test_script_bots.c - the Python, JavaScript and shell random bots
 * (bots/python, bots/js, bots/sh) play real games of every game and
 * variant under the test referee: each game finishes by the rules with no
 * fault and replays against the rules; the Python and JavaScript bots play
 * the same games from one seed; the shell bot replays its games from the
 * seed; `referee check-bot` passes each in every game.  Scripted turns
 * check the points whose rules a whole game rarely puts to the test: K10
 * first, the tournament opening rule at its ply in each variant, power
 * stones only while one is in hand, and in the Pattern Puzzle a break of
 * the second level and the mend of two gems of two colours.
 *
 * Two-seat games: the script bot against the C random_bot, two games, so
 * that it plays both seats.  Three- and four-seat games: the script bot
 * in seats 0 and 2, random_bot in the others (partners alike in team
 * games), two games (the seats alternate, or in games for places turn by
 * one), so that it plays every seat.  A missing interpreter (python3,
 * node, awk) skips its tests.
 */
#include "record/record.h"
#include "rules.h"
#include "support/botrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SB_OUT_MAX 65536
#define SB_GAMES 2

typedef struct {
    const char *interp;  /* the program it needs on PATH */
    const char *command; /* the command line, from the top of the tree */
} sb_bot;

static const sb_bot sb_python = {"python3",
                                 "python3 bots/python/random_bot.py"};
static const sb_bot sb_js = {"node", "node bots/js/random_bot.js"};
static const sb_bot sb_sh = {"awk", "sh bots/sh/random_bot.sh"};

static void sb_need(const sb_bot *bot)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", bot->interp);
    if (system(cmd) != 0)
        cr_skip_test("%s is not installed: '%s' cannot run", bot->interp,
                     bot->command);
}

/* The seats of game/variant, from the rules. */
static int sb_seats(const char *game, const char *variant)
{
    char err[256];
    rules_game *g = rules_game_new(game, variant, NULL, err, sizeof err);
    cr_assert(g, "%s", err);
    int seats = rules_seats(g);
    rules_game_free(g);
    return seats;
}

/* `referee match -n 2 -j 2` of game/variant in dir, bots[0..seats-1],
 * records into dir; the referee's exit status. */
static int sb_play(const char *dir, const char *game, const char *variant,
                   const char *seed, const char *const *bots, char *out,
                   size_t len)
{
    char *argv[32];
    int n = 0;
    const char *head[] = {RUN_REFEREE, "match", "--out", dir, "-n", "2",
                          "-j", "2", "--seed", seed, "--game", game,
                          "--variant", variant, "--move-ms", "2000"};
    for (size_t i = 0; i < sizeof head / sizeof *head; i++)
        argv[n++] = (char *)head[i];
    for (int b = 0; b < sb_seats(game, variant); b++)
        argv[n++] = (char *)bots[b];
    argv[n] = NULL;
    return run_cmd(argv, dir + 5, out, len);
}

static void sb_read(const char *dir, int game, record *r)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, game);
    cr_assert_eq(record_read(path, r, err, sizeof err), 0, "%s", err);
}

static bool sb_rules_end(const char *game, const char *reason)
{
    if (!strcmp(game, "pentago") || !strcmp(game, "pentago-multi"))
        return run_is_rules_end(reason);
    if (!strcmp(game, "pentago-puzzle"))
        return !strcmp(reason, "puzzle");
    return !strcmp(reason, "five-in-a-row") || !strcmp(reason, "captures") ||
           !strcmp(reason, "full-board");
}

/* The game was played to its end by the rules, by the bots asked for. */
static void sb_check_record(const record *r, const char *game,
                            const char *variant)
{
    cr_expect_str_eq(r->game, game);
    cr_expect_str_eq(r->variant, variant);
    cr_expect_eq(r->nplayers, sb_seats(game, variant));
    cr_expect_str_eq(r->status, "finished");
    cr_expect_eq(r->fault_seat, -1, "seat %d at fault: %s: %s",
                 r->fault_seat, r->reason, r->detail ? r->detail : "");
    cr_expect(sb_rules_end(game, r->reason), "%s/%s ended by %s: %s", game,
              variant, r->reason, r->detail ? r->detail : "");
    for (int s = 0; s < r->nplayers; s++)
        cr_expect(r->players[s].result != NULL, "seat %d has no result", s);
}

/* `referee replay --quiet` checks every move against the rules. */
static void sb_replay(const char *dir, int game)
{
    char path[512], out[SB_OUT_MAX];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, game);
    char *argv[] = {RUN_REFEREE, "replay", "--quiet", path, NULL};
    cr_expect_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
}

static bool sb_is_script(const record *r, int seat, const sb_bot *bot)
{
    return !strcmp(r->players[seat].command, bot->command);
}

/* The script bot in every seat of a game of game/variant, with the C
 * random_bot: two games, each finished by the rules and replayed.  In
 * Pente Plus it placed power stones; in the puzzle it broke and mended. */
static void sb_check_variant(const sb_bot *bot, const char *game,
                             const char *variant)
{
    sb_need(bot);
    char dir[256], out[SB_OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    const char *bots[4] = {bot->command, RUN_BOTS "random_bot",
                           bot->command, RUN_BOTS "random_bot"};
    cr_assert_eq(sb_play(dir, game, variant, "11", bots, out, sizeof out),
                 0, "%s", out);
    bool seat_played[4] = {false, false, false, false};
    int power_stones = 0, breaks = 0, mends = 0;
    for (int g = 1; g <= SB_GAMES; g++) {
        record r;
        sb_read(dir, g, &r);
        sb_check_record(&r, game, variant);
        for (int s = 0; s < r.nplayers; s++)
            if (sb_is_script(&r, s, bot)) {
                seat_played[s] = true;
                cr_expect(r.players[s].name != NULL, "no id name from %s",
                          bot->command);
            }
        for (size_t i = 0; i < r.nmoves; i++) {
            const char *text = r.moves[i].text;
            if (!sb_is_script(&r, r.moves[i].seat, bot))
                continue;
            power_stones += strchr(text, '*') != NULL;
            breaks += text[0] == '-';
            mends += text[0] != '-';
        }
        record_release(&r);
        sb_replay(dir, g);
    }
    for (int s = 0; s < sb_seats(game, variant); s++)
        cr_expect(seat_played[s], "%s never played seat %d", bot->command,
                  s);
    if (!strcmp(variant, "plus"))
        cr_expect_gt(power_stones, 0, "%s placed no power stone",
                     bot->command);
    if (!strcmp(game, "pentago-puzzle")) {
        cr_expect_gt(breaks, 0, "%s never broke", bot->command);
        cr_expect_gt(mends, 0, "%s never mended", bot->command);
    }
    cr_expect_eq(run_count_tagged(dir + 5), 0, "processes left behind");
    run_rmtree(dir);
}

#define SB_VARIANT_TESTS(bot)                                                 \
    Test(script_bots, bot##_pentago_swiss, .timeout = 60)                     \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago", "swiss-2010");                 \
    }                                                                         \
    Test(script_bots, bot##_pentago_standard, .timeout = 60)                  \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago", "standard");                   \
    }                                                                         \
    Test(script_bots, bot##_pente_standard, .timeout = 60)                    \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "standard");                     \
    }                                                                         \
    Test(script_bots, bot##_pente_plus, .timeout = 60)                        \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "plus");                         \
    }                                                                         \
    Test(script_bots, bot##_pente_partner, .timeout = 60)                     \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "partner");                      \
    }                                                                         \
    Test(script_bots, bot##_pente_team, .timeout = 60)                        \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "team");                         \
    }                                                                         \
    Test(script_bots, bot##_multi_2p, .timeout = 60)                          \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago-multi", "2p");                   \
    }                                                                         \
    Test(script_bots, bot##_multi_3p, .timeout = 60)                          \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago-multi", "3p");                   \
    }                                                                         \
    Test(script_bots, bot##_multi_4p, .timeout = 60)                          \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago-multi", "4p");                   \
    }                                                                         \
    Test(script_bots, bot##_multi_team, .timeout = 60)                        \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago-multi", "team");                 \
    }                                                                         \
    Test(script_bots, bot##_puzzle_2p, .timeout = 60)                         \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago-puzzle", "2p");                  \
    }                                                                         \
    Test(script_bots, bot##_puzzle_3p, .timeout = 60)                         \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago-puzzle", "3p");                  \
    }                                                                         \
    Test(script_bots, bot##_puzzle_4p, .timeout = 60)                         \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago-puzzle", "4p");                  \
    }

SB_VARIANT_TESTS(python)
SB_VARIANT_TESTS(js)
SB_VARIANT_TESTS(sh)

/* ---- the same games from the same seed ---------------------------------- */

/* Two games of game/variant with bot in every seat, from seed, into a
 * fresh directory (dir). */
static void sb_self_play(const sb_bot *bot, const char *game,
                         const char *variant, const char *seed, char *dir,
                         size_t len)
{
    char out[SB_OUT_MAX];
    run_tmpdir(dir, len);
    const char *bots[4] = {bot->command, bot->command, bot->command,
                           bot->command};
    cr_assert_eq(sb_play(dir, game, variant, seed, bots, out, sizeof out), 0,
                 "%s", out);
}

/* Do the games in directories a and b hold the same moves?  Each game is
 * also checked to have ended by the rules. */
static bool sb_same_games(const char *a, const char *b, const char *game,
                          const char *variant)
{
    bool same = true;
    for (int g = 1; g <= SB_GAMES; g++) {
        record ra, rb;
        sb_read(a, g, &ra);
        sb_read(b, g, &rb);
        sb_check_record(&ra, game, variant);
        sb_check_record(&rb, game, variant);
        if (ra.nmoves != rb.nmoves || strcmp(ra.reason, rb.reason))
            same = false;
        for (size_t i = 0; same && i < ra.nmoves; i++)
            if (strcmp(ra.moves[i].text, rb.moves[i].text) ||
                ra.moves[i].seat != rb.moves[i].seat)
                same = false;
        record_release(&ra);
        record_release(&rb);
    }
    return same;
}

static void sb_check_python_js(const char *game, const char *variant)
{
    sb_need(&sb_python);
    sb_need(&sb_js);
    char py[256], js[256];
    sb_self_play(&sb_python, game, variant, "2026", py, sizeof py);
    sb_self_play(&sb_js, game, variant, "2026", js, sizeof js);
    bool same = sb_same_games(py, js, game, variant);
    cr_expect(same,
              "%s/%s: the Python games in %s differ from the JavaScript "
              "games in %s (kept)",
              game, variant, py, js);
    cr_expect_eq(run_count_tagged(py + 5), 0, "processes left behind");
    cr_expect_eq(run_count_tagged(js + 5), 0, "processes left behind");
    if (same) {
        run_rmtree(py);
        run_rmtree(js);
    }
}

Test(script_bots, python_and_js_same_pentago_swiss, .timeout = 60)
{
    sb_check_python_js("pentago", "swiss-2010");
}
Test(script_bots, python_and_js_same_pentago_standard, .timeout = 60)
{
    sb_check_python_js("pentago", "standard");
}
Test(script_bots, python_and_js_same_pente_standard, .timeout = 60)
{
    sb_check_python_js("pente", "standard");
}
Test(script_bots, python_and_js_same_pente_plus, .timeout = 60)
{
    sb_check_python_js("pente", "plus");
}
Test(script_bots, python_and_js_same_pente_partner, .timeout = 60)
{
    sb_check_python_js("pente", "partner");
}
Test(script_bots, python_and_js_same_pente_team, .timeout = 60)
{
    sb_check_python_js("pente", "team");
}
Test(script_bots, python_and_js_same_multi_3p, .timeout = 60)
{
    sb_check_python_js("pentago-multi", "3p");
}
Test(script_bots, python_and_js_same_multi_team, .timeout = 60)
{
    sb_check_python_js("pentago-multi", "team");
}
Test(script_bots, python_and_js_same_puzzle_3p, .timeout = 60)
{
    sb_check_python_js("pentago-puzzle", "3p");
}

/* The shell bot draws from its own generator: the same seed gives the same
 * games, another seed other games. */
static void sb_check_sh_seed(const char *game, const char *variant)
{
    sb_need(&sb_sh);
    char a[256], b[256], c[256];
    sb_self_play(&sb_sh, game, variant, "5", a, sizeof a);
    sb_self_play(&sb_sh, game, variant, "5", b, sizeof b);
    sb_self_play(&sb_sh, game, variant, "6", c, sizeof c);
    cr_expect(sb_same_games(a, b, game, variant),
              "one seed, other games: %s and %s", a, b);
    cr_expect(!sb_same_games(a, c, game, variant),
              "seeds 5 and 6 gave the same games: %s and %s", a, c);
    run_rmtree(a);
    run_rmtree(b);
    run_rmtree(c);
}

Test(script_bots, sh_replays_from_its_seed, .timeout = 60)
{
    sb_check_sh_seed("pente", "plus");
}
Test(script_bots, sh_replays_from_its_seed_multi, .timeout = 60)
{
    sb_check_sh_seed("pentago-multi", "3p");
}

/* ---- scripted turns: the opening rule, power stones, the puzzle --------- */

#define SB_TURNS 200

typedef struct {
    const char *game;
    const char *variant;
    const char *options;
    const char *moves[10]; /* played from the start, NULL-terminated */
} sb_spot;

/* The position after spot's moves, and the game, into *g and pos. */
static void sb_spot_position(const sb_spot *spot, rules_game **g,
                             rules_pos *pos, char *line, size_t len)
{
    char err[256], why[256];
    *g = rules_game_new(spot->game, spot->variant, spot->options, err,
                        sizeof err);
    cr_assert(*g, "%s", err);
    rules_start(*g, pos);
    for (int i = 0; spot->moves[i]; i++) {
        rules_move m;
        cr_assert_eq(rules_parse_move(*g, pos, spot->moves[i], &m, why,
                                      sizeof why),
                     RULES_OK, "%s: %s", spot->moves[i], why);
        rules_apply(*g, pos, &m);
    }
    rules_pos_write(*g, pos, line, len);
}

/* What bot answers to SB_TURNS turns on spot's position, in seat you. */
static void sb_spot_run(const sb_bot *bot, const sb_spot *spot,
                        const rules_game *g, const char *line, int you,
                        botrun *run)
{
    char script[4000];
    const char *options = rules_options_text(g);
    size_t n = (size_t)snprintf(
        script, sizeof script,
        "protocol 1\nset game %s\nset variant %s\n%s%s%s"
        "set you %d\nset seed 99\nstart\nposition %s\n",
        spot->game, spot->variant, *options ? "set options " : "", options,
        *options ? "\n" : "", you, line);
    for (int t = 0; t < SB_TURNS; t++)
        n += (size_t)snprintf(script + n, sizeof script - n,
                              "turn 1000 -1\n");
    snprintf(script + n, sizeof script - n, "quit 100\n");
    cr_assert_lt(n, sizeof script - 16, "script too long");
    char *argv[] = {"/bin/sh", "-c", (char *)bot->command, NULL};
    botrun_script(argv, script, false, run);
}

typedef struct {
    int moves;    /* move lines */
    int illegal;  /* of them refused by the rules */
    int inside;   /* Pente: placed inside H8-M12 */
    int power;    /* Pente Plus: power stones */
    int points;   /* different points (cells) placed on or emptied */
    int removals; /* the puzzle: gems taken off */
    int turns;    /* 9x9: different block turns, of 18 */
    int colours;  /* the puzzle: different gem colours placed */
    int ply;      /* of the position */
    char first_illegal[400];
} sb_tally;

/* The block turn and the gem colour of a legal 9x9 move text ("e5 5R",
 * "-e5 5R", "e5w 5R"), as bits into *turns and *colours. */
static void sb_tally_9x9(const char *text, unsigned *turns,
                         unsigned *colours)
{
    const char *blank = strchr(text, ' '), *gem;
    if (!blank || blank == text)
        return;
    if (blank[-1] && (gem = strchr("wbru", blank[-1])) != NULL)
        *colours |= 1u << (gem - "wbru");
    if (blank[1] >= '1' && blank[1] <= '9')
        *turns |= 1u << (2 * (blank[1] - '1') + (blank[2] == 'L'));
}

static int sb_bits(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Every move of out checked by the engine on pos, and tallied. */
static void sb_spot_check(const rules_game *g, const rules_pos *pos,
                          const char *out, sb_tally *t)
{
    memset(t, 0, sizeof *t);
    bool seen[19 * 19] = {false};
    unsigned turns = 0, colours = 0;
    const char *p = out;
    while ((p = strstr(p, "move ")) != NULL) {
        if (p != out && p[-1] != '\n') {
            p++;
            continue;
        }
        char text[64], why[256];
        size_t k = strcspn(p + 5, "\n");
        snprintf(text, sizeof text, "%.*s", (int)k, p + 5);
        p += 5 + k;
        rules_move m;
        t->moves++;
        if (rules_parse_move(g, pos, text, &m, why, sizeof why) != RULES_OK) {
            if (!t->illegal++)
                snprintf(t->first_illegal, sizeof t->first_illegal,
                         "%s: %s", text, why);
            continue;
        }
        int cell = m.step[0].cell, row = cell / 19, col = cell % 19;
        t->inside += row >= 7 && row <= 11 && col >= 7 && col <= 11;
        t->power += strchr(text, '*') != NULL;
        t->removals += text[0] == '-';
        t->points += !seen[cell];
        seen[cell] = true;
        sb_tally_9x9(text, &turns, &colours);
    }
    t->turns = sb_bits(turns);
    t->colours = sb_bits(colours);
}

/* bot's answers to SB_TURNS turns on spot, checked legal, tallied. */
static sb_tally sb_spot_play(const sb_bot *bot, const sb_spot *spot,
                             botrun *run)
{
    rules_game *g;
    rules_pos pos;
    char line[RULES_POS_TEXT_MAX];
    sb_spot_position(spot, &g, &pos, line, sizeof line);
    sb_spot_run(bot, spot, g, line, rules_to_move(g, &pos), run);
    sb_tally t;
    sb_spot_check(g, &pos, run->out, &t);
    t.ply = rules_ply(g, &pos);
    cr_expect_eq(t.moves, SB_TURNS, "%s answered %d of %d turns:\n%s",
                 bot->command, t.moves, SB_TURNS, run->out);
    cr_expect_eq(t.illegal, 0, "%s, %s %s %s, after %d plies: %d illegal "
                               "moves, the first %s",
                 bot->command, spot->game, spot->variant,
                 spot->options ? spot->options : "", t.ply, t.illegal,
                 t.first_illegal);
    rules_game_free(g);
    return t;
}

static const char *const sb_tournament = "opening=tournament";

static void sb_check_spots(const sb_bot *bot)
{
    sb_need(bot);
    static botrun run; /* 16 KiB: not on the stack */
    /* The first stone: K10 every time, never a power stone. */
    const sb_spot first = {"pente", "plus", sb_tournament, {NULL}};
    sb_tally t = sb_spot_play(bot, &first, &run);
    cr_expect_eq(t.points, 1);
    cr_expect_eq(t.power, 0);
    /* The opening rule's ply: 2 in standard, plus and partner, 4 in team;
     * free elsewhere and with opening=free. */
    const struct {
        sb_spot spot;
        bool restricted;
    } opening[] = {
        {{"pente", "standard", sb_tournament, {"K10", "L11", NULL}}, true},
        {{"pente", "plus", sb_tournament, {"K10", "L11", NULL}}, true},
        {{"pente", "partner", sb_tournament, {"K10", "L11", NULL}}, true},
        {{"pente", "team", sb_tournament, {"K10", "L11", NULL}}, false},
        {{"pente", "team", sb_tournament, {"K10", "L11", "M12", "J9", NULL}},
         true},
        {{"pente", "standard", "opening=free", {"K10", "L11", NULL}}, false},
        {{"pente", "standard", sb_tournament,
          {"K10", "L11", "C3", "L9", NULL}},
         false},
    };
    for (size_t i = 0; i < sizeof opening / sizeof *opening; i++) {
        const sb_spot *spot = &opening[i].spot;
        t = sb_spot_play(bot, spot, &run);
        if (opening[i].restricted)
            cr_expect_eq(t.inside, 0, "%s %s: %d stones inside H8-M12",
                         spot->variant, spot->options, t.inside);
        else
            cr_expect_gt(t.inside, 0, "%s %s after %d plies: never "
                                      "inside H8-M12, as if the rule "
                                      "applied",
                         spot->variant, spot->options, t.ply);
        cr_expect_gt(t.points, 20, "%s: only %d different points",
                     spot->variant, t.points);
    }
    /* Pente Plus: power stones now and then while one is in hand, never
     * without (white has placed both of its own here). */
    const sb_spot in_hand = {"pente", "plus", sb_tournament,
                             {"K10", "L11", NULL}};
    t = sb_spot_play(bot, &in_hand, &run);
    cr_expect(t.power > SB_TURNS / 8 && t.power < SB_TURNS / 2,
              "%d power stones in %d moves", t.power, SB_TURNS);
    const sb_spot spent = {"pente", "plus", sb_tournament,
                           {"K10", "L11", "D4*", "E5", "F16*", "G7", NULL}};
    t = sb_spot_play(bot, &spent, &run);
    cr_expect_eq(t.power, 0, "power stones with none in hand");
}

Test(script_bots, python_opening_and_power_stones, .timeout = 60)
{
    sb_check_spots(&sb_python);
}
Test(script_bots, js_opening_and_power_stones, .timeout = 60)
{
    sb_check_spots(&sb_js);
}
Test(script_bots, sh_opening_and_power_stones, .timeout = 60)
{
    sb_check_spots(&sb_sh);
}

/* A pattern of two gems, white e5 and black a1, in blocks that turning
 * block 9 leaves alone: `-e5 9R` breaks it, `e5w 9R` mends it. */
#define SB_PATTERN                                                            \
    "pattern=b......../........./........./........./....w..../"            \
    "........./........./........./........."

/* The 9x9 games: many cells and all 18 turns drawn, no move illegal; in
 * the puzzle a breaker takes off only gems, and a mender of a level-2
 * break places both gems handed back, white and black, on many cells. */
static void sb_check_9x9_spots(const sb_bot *bot)
{
    sb_need(bot);
    static botrun run;
    /* Pentago Multiplayer, red to move. */
    const sb_spot multi = {"pentago-multi", "3p", NULL,
                           {"a1 9R", "e5 5L", "i9 1R", NULL}};
    sb_tally t = sb_spot_play(bot, &multi, &run);
    cr_expect_gt(t.points, 50, "only %d different cells", t.points);
    cr_expect_eq(t.turns, 18, "only %d of the 18 block turns", t.turns);
    cr_expect_eq(t.removals + t.colours, 0);
    /* White's e1 makes five: if the bot draws it, the turn it writes
     * after it is dropped, not refused. */
    const sb_spot five = {"pentago-multi", "2p", NULL,
                          {"a1 9R", "a9 9R", "b1 9R", "b9 9R", "c1 9R",
                           "c9 9R", "d1 9R", "d9 9R", NULL}};
    t = sb_spot_play(bot, &five, &run);
    cr_expect_gt(t.points, 50, "only %d different cells", t.points);
    /* Level 1 mended by both seats: seat 1 breaks again, at level 2. */
    const sb_spot breaker = {"pentago-puzzle", "2p", SB_PATTERN,
                             {"-e5 9R", "e5w 9R", "-e5 9R", "e5w 9R",
                              NULL}};
    t = sb_spot_play(bot, &breaker, &run);
    cr_expect_eq(t.removals, SB_TURNS, "%d of %d moves took a gem off",
                 t.removals, SB_TURNS);
    cr_expect_eq(t.points, 2, "%d different gems taken off", t.points);
    cr_expect_eq(t.turns, 18, "only %d of the 18 block turns", t.turns);
    const sb_spot mender = {"pentago-puzzle", "2p", SB_PATTERN,
                            {"-e5 9R", "e5w 9R", "-e5 9R", "e5w 9R",
                             "-e5 9R", "-a1 9R", NULL}};
    t = sb_spot_play(bot, &mender, &run);
    cr_expect_eq(t.removals, 0);
    cr_expect_eq(t.colours, 2, "%d colours of the 2 handed back placed",
                 t.colours);
    cr_expect_gt(t.points, 50, "only %d different cells", t.points);
}

Test(script_bots, python_9x9_spots, .timeout = 60)
{
    sb_check_9x9_spots(&sb_python);
}
Test(script_bots, js_9x9_spots, .timeout = 60)
{
    sb_check_9x9_spots(&sb_js);
}
Test(script_bots, sh_9x9_spots, .timeout = 60)
{
    sb_check_9x9_spots(&sb_sh);
}

/* ---- check-bot ---------------------------------------------------------- */

/* The block of check-bot's report for game (its title line up to the
 * next title), into buf; "" when there is none. */
static void sb_report_block(const char *out, const char *game, char *buf,
                            size_t len)
{
    char title[64];
    snprintf(title, sizeof title, "\n%s\n", game);
    const char *p = strstr(out, title);
    buf[0] = '\0';
    if (!p)
        return;
    p += strlen(title);
    const char *end = p;
    while (!strncmp(end, "  ", 2) && strchr(end, '\n'))
        end = strchr(end, '\n') + 1;
    snprintf(buf, len, "%.*s", (int)(end - p), p);
}

/* `referee check-bot "COMMAND"` runs the bot through every game: it plays
 * them all and fails no step; in the 9x9 games its first move and a move
 * on another game's position pass. */
static void sb_check_bot(const sb_bot *bot)
{
    sb_need(bot);
    static char out[256 * 1024];
    char dir[256], block[8192];
    run_tmpdir(dir, sizeof dir);
    setenv("TMPDIR", dir, 1); /* its logs, which it must remove */
    char *argv[] = {RUN_REFEREE, "check-bot", (char *)bot->command, NULL};
    cr_expect_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "\nplays: pentago swiss-2010, pentago standard, "
                          "pente standard, pente plus, pente partner, "
                          "pente team, pentago-multi 2p, pentago-multi 3p, "
                          "pentago-multi 4p, pentago-multi team, "
                          "pentago-puzzle 2p, pentago-puzzle 3p, "
                          "pentago-puzzle 4p\n"),
              "%s", out);
    cr_expect(strstr(out, " 0 failed") && !strstr(out, "\n  FAIL "), "%s",
              out);
    const char *games[] = {"pentago-multi 2p", "pentago-multi 3p",
                           "pentago-multi 4p", "pentago-multi team",
                           "pentago-puzzle 2p", "pentago-puzzle 3p",
                           "pentago-puzzle 4p"};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        sb_report_block(out, games[i], block, sizeof block);
        cr_expect(strstr(block, "  PASS first-move: "), "%s:\n%s", games[i],
                  block);
        cr_expect(strstr(block, "  PASS foreign-position: "), "%s:\n%s",
                  games[i], block);
    }
    cr_expect_eq(run_count_tagged(dir + 5), 0, "processes left behind");
    run_rmtree(dir);
}

Test(script_bots, python_passes_check_bot, .timeout = 120)
{
    sb_check_bot(&sb_python);
}
Test(script_bots, js_passes_check_bot, .timeout = 120)
{
    sb_check_bot(&sb_js);
}
Test(script_bots, sh_passes_check_bot, .timeout = 120)
{
    sb_check_bot(&sb_sh);
}

/* ---- kept between games ---------------------------------------------------- */

/* `match -n 2 --keep-bots` of a script bot against the C random bot: the
 * script bot says `id option newgame`, so one process plays both games
 * (its second record names the first game's log) in both seats, each game
 * played to its end by the rules. */
static void sb_check_kept(const sb_bot *bot)
{
    sb_need(bot);
    char dir[256], out[SB_OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    char *argv[] = {RUN_REFEREE, "match", "--out", dir, "-n", "2",
                    "--keep-bots", "--seed", "8", "--move-ms", "2000",
                    (char *)bot->command, RUN_BOTS "random_bot", NULL};
    cr_assert_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
    char log1[512] = "";
    int seat1 = -1;
    for (int g = 1; g <= 2; g++) {
        record r;
        sb_read(dir, g, &r);
        sb_check_record(&r, "pentago", "swiss-2010");
        int s = sb_is_script(&r, 0, bot) ? 0 : 1;
        cr_assert(sb_is_script(&r, s, bot), "no script bot in game %d", g);
        const char *log = r.players[s].log ? r.players[s].log : "";
        if (g == 1) {
            snprintf(log1, sizeof log1, "%s", log);
            seat1 = s;
        } else {
            cr_expect_str_eq(log, log1, "%s was not kept for game 2",
                             bot->command);
            cr_expect_neq(s, seat1, "the seats did not alternate");
        }
        record_release(&r);
        sb_replay(dir, g);
    }
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

Test(script_bots, python_is_kept_between_games, .timeout = 60)
{
    sb_check_kept(&sb_python);
}

Test(script_bots, js_is_kept_between_games, .timeout = 60)
{
    sb_check_kept(&sb_js);
}

Test(script_bots, sh_is_kept_between_games, .timeout = 60)
{
    sb_check_kept(&sb_sh);
}
