/*
 * test_strong_pentago.c - the strong Pentago bot (bots/c/pentago_bot.c),
 * as a real process: it takes a win in one (by placement and by placement
 * and rotation), stops the opponent's win in one, answers within a 50 ms
 * limit over whole games, replays a fixed-depth game exactly from a seed,
 * and refuses a bad option.
 *
 * The bot and the referee are those of the test build (RUN_BOTS,
 * RUN_REFEREE: `make test` builds them first).  Matches run without the
 * sandbox: this is about the bot, and its time, not about boxes.
 */
#include "record/record.h"
#include "rules.h"
#include "support/botrun.h"
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define PTG_BOT RUN_BOTS "pentago_bot"

typedef botrun ptg_run;

/* Run the bot with args (NULL-terminated, at most 6) and script on its
 * stdin until it exits; its stderr is left alone. */
static void ptg_bot(const char *const *args, const char *script,
                    ptg_run *run)
{
    cr_assert_eq(access(PTG_BOT, X_OK), 0, "%s not built (run make test)",
                 PTG_BOT);
    char *argv[8] = {(char *)PTG_BOT};
    for (int i = 0; args && args[i] && i < 6; i++)
        argv[i + 1] = (char *)args[i];
    botrun_script(argv, script, false, run);
}

/* The bot's move for seat you in posline (variant: swiss-2010 or
 * standard), with 1 s for the move. */
static void ptg_move_in(const char *variant, int you, const char *posline,
                        char *move, size_t len)
{
    char script[1024];
    snprintf(script, sizeof script,
             "protocol 1\nset game pentago\nset variant %s\nset seats 2\n"
             "set you %d\nset time 1000 0 0\nset seed 3\nstart\n"
             "position %s\nturn 1000 -1\nquit 100\n",
             variant, you, posline);
    const char *args[] = {"--position", NULL};
    ptg_run run;
    ptg_bot(args, script, &run);
    cr_assert(WIFEXITED(run.status) && WEXITSTATUS(run.status) == 0,
              "bot did not exit 0:\n%s", run.out);
    const char *m = strstr(run.out, "\nmove ");
    cr_assert_not_null(m, "no move in:\n%s", run.out);
    snprintf(move, len, "%s", m + 6);
    move[strcspn(move, "\n")] = '\0';
}

/* posline and the rules of variant; the position must be going on. */
static rules_game *ptg_pos(const char *variant, const char *posline,
                           rules_pos *pos)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", variant, NULL, err, sizeof err);
    cr_assert_not_null(g, "%s", err);
    cr_assert_eq(rules_pos_read(g, posline, pos, err, sizeof err), RULES_OK,
                 "%s", err);
    return g;
}

/* Does some legal move of the seat to move in pos win at once?  If
 * bare_only, only placements that win by themselves count. */
static bool ptg_can_win(const rules_game *g, const rules_pos *pos,
                        bool bare_only)
{
    static rules_move moves[RULES_MAX_MOVES];
    int me = rules_to_move(g, pos);
    size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES);
    for (size_t i = 0; i < n; i++) {
        if (bare_only && moves[i].nsteps != 1)
            continue;
        rules_pos after = *pos;
        rules_outcome_t o;
        rules_apply(g, &after, &moves[i]);
        rules_outcome(g, &after, &o);
        if (o.over && o.result[me] == RULES_RESULT_WIN)
            return true;
    }
    return false;
}

/* The bot, to move in posline, plays a move that wins at once. */
static void ptg_expect_win(const char *variant, const char *posline)
{
    rules_pos pos;
    rules_game *g = ptg_pos(variant, posline, &pos);
    int me = rules_to_move(g, &pos);
    char move[128], why[RULES_REASON_MAX];
    ptg_move_in(variant, me, posline, move, sizeof move);
    rules_move m;
    cr_assert_eq(rules_parse_move(g, &pos, move, &m, why, sizeof why),
                 RULES_OK, "'%s': %s", move, why);
    rules_apply(g, &pos, &m);
    rules_outcome_t o;
    rules_outcome(g, &pos, &o);
    cr_expect(o.over && o.result[me] == RULES_RESULT_WIN,
              "%s: '%s' does not win at once", posline, move);
    rules_game_free(g);
}

/* The bot, to move in posline where the opponent threatens to win at
 * once, plays a move after which the opponent has no winning reply. */
static void ptg_expect_block(const char *variant, const char *posline)
{
    rules_pos pos;
    rules_game *g = ptg_pos(variant, posline, &pos);
    int me = rules_to_move(g, &pos);
    char move[128], why[RULES_REASON_MAX];
    ptg_move_in(variant, me, posline, move, sizeof move);
    rules_move m;
    cr_assert_eq(rules_parse_move(g, &pos, move, &m, why, sizeof why),
                 RULES_OK, "'%s': %s", move, why);
    rules_apply(g, &pos, &m);
    rules_outcome_t o;
    rules_outcome(g, &pos, &o);
    cr_assert(!o.over || o.result[me] != RULES_RESULT_LOSS,
              "%s: '%s' loses at once", posline, move);
    if (!o.over)
        cr_expect(!ptg_can_win(g, &pos, false),
                  "%s: after '%s' the opponent wins at once", posline,
                  move);
    rules_game_free(g);
}

/* White: a2 a3 d1 e1.  No placement makes five, but a1 then quadrant 1
 * clockwise carries a1 a2 a3 to c1 b1 a1: five on row 1. */
#define PTG_ROTATION_WIN "...ww./w...../w...../..b.../b...../...b.b"

Test(strong_pentago, wins_in_one, .timeout = 60)
{
    ptg_expect_win("swiss-2010",
                   "wwww../....../....../bbbb../....../...... w");
    ptg_expect_win("standard",
                   "....../.bbbb./....../.www.w/....../w..... b");

    rules_pos pos;
    rules_game *g = ptg_pos("standard", PTG_ROTATION_WIN " w", &pos);
    cr_assert(!ptg_can_win(g, &pos, true), "the test position is wrong");
    cr_assert(ptg_can_win(g, &pos, false), "the test position is wrong");
    rules_game_free(g);
    ptg_expect_win("standard", PTG_ROTATION_WIN " w");
    ptg_expect_win("swiss-2010", PTG_ROTATION_WIN " w");
}

/* Positions from random games where the opponent wins at once unless
 * one of very few moves (2 or 3 of 144 to 200 legal ones) stops it. */
Test(strong_pentago, blocks_a_win_in_one, .timeout = 60)
{
    ptg_expect_block("swiss-2010",
                     "b..b../w.b.w./w.www./....../.....b/..b... b");
    ptg_expect_block("swiss-2010",
                     ".b.w.w/wbbbbw/.w..../bw..bw/..wb.b/....w. w");
    ptg_expect_block("standard",
                     "....b./..wb.w/.....b/b.bbww/wwwbwb/w..... b");
}

/* Every move of both bots came within 50 ms plus a grace of 50 ms (a
 * later move is a timeout and the game is lost on it; the bot plans to use
 * 20 ms, the grace is for a busy machine and the sanitizer build). */
static void ptg_expect_in_time(const char *bot1, const char *bot2)
{
    mrun m;
    const char *opts[] = {"-n", "2", "--seed", "5", "--move-ms", "50",
                          "--grace-ms", "50", "--sandbox", "off", NULL};
    mrun_match(&m, opts, bot1, bot2);
    cr_assert_eq(m.rc, 0, "referee failed:\n%s", m.out);
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&m, g, &r);
        cr_expect(run_is_rules_end(r.reason), "game %d ended by %s: %s", g,
                  r.reason, r.detail ? r.detail : "");
        cr_expect_eq(r.fault_seat, -1);
        record_release(&r);
    }
    mrun_finish(&m);
}

Test(strong_pentago, answers_within_50_ms, .timeout = 120)
{
    ptg_expect_in_time(PTG_BOT, PTG_BOT " --depth 64");
}

/* A fixed depth and a fixed seed: the same games, move for move. */
Test(strong_pentago, fixed_depth_is_reproducible, .timeout = 120)
{
    const char *opts[] = {"-n", "2", "--seed", "17", "--move-ms", "20000",
                          "--variant", "standard", "--sandbox", "off",
                          NULL};
    mrun a, b;
    mrun_match(&a, opts, PTG_BOT " --depth 3", PTG_BOT " --nodes 3000");
    mrun_match(&b, opts, PTG_BOT " --depth 3", PTG_BOT " --nodes 3000");
    cr_assert_eq(a.rc, 0, "%s", a.out);
    cr_assert_eq(b.rc, 0, "%s", b.out);
    for (int g = 1; g <= 2; g++) {
        record ra, rb;
        mrun_record(&a, g, &ra);
        mrun_record(&b, g, &rb);
        cr_expect(run_is_rules_end(ra.reason), "game %d ended by %s", g,
                  ra.reason);
        cr_assert_eq(ra.nmoves, rb.nmoves, "game %d", g);
        for (size_t i = 0; i < ra.nmoves; i++)
            cr_assert_str_eq(ra.moves[i].text, rb.moves[i].text,
                             "game %d, ply %zu", g, i + 1);
        record_release(&ra);
        record_release(&rb);
    }
    mrun_finish(&a);
    mrun_finish(&b);
}

Test(strong_pentago, bad_options_are_a_usage_error, .timeout = 20)
{
    static const char *const bad[][3] = {
        {"--depth", "0", NULL},   {"--depth", "x", NULL},
        {"--nodes", "-5", NULL},  {"--depth", NULL, NULL},
        {"--speed", "3", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ptg_run run;
        ptg_bot(bad[i], "", &run); /* it must stop before reading */
        cr_expect(WIFEXITED(run.status) && WEXITSTATUS(run.status) == 100,
                  "%s %s: not a usage error", bad[i][0],
                  bad[i][1] ? bad[i][1] : "");
    }
}
