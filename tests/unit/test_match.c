/*
 * test_match.c - whole matches with real bot processes: the referee binary
 * of the test build runs the bundled and the misbehaving bots; the records
 * are read back, replayed, and no bot process may outlive the referee.
 */
#include "record/record.h"
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUT_MAX MRUN_OUT_MAX

Test(match, c_bots_play_records_and_replay, .timeout = 120)
{
    mrun m;
    const char *opts[] = {"-n", "4", "-j", "2", "--seed", "11", NULL};
    mrun_match(&m, opts, RUN_BOTS "random_bot", RUN_BOTS "greedy_bot");
    cr_assert_eq(m.rc, 0, "referee failed:\n%s", m.out);
    int greedy_first = -1;
    for (int g = 1; g <= 4; g++) {
        record r;
        mrun_record(&m, g, &r);
        cr_expect_str_eq(r.status, "finished");
        cr_expect(run_is_rules_end(r.reason), "game %d ended by %s", g, r.reason);
        cr_expect_eq(r.fault_seat, -1);
        cr_expect_eq(r.round, g);
        cr_expect_str_eq(r.game, "pentago");
        cr_expect_str_eq(r.variant, "swiss-2010");
        cr_expect_str_eq(r.players[0].name, mrun_seat_of(&r, "greedy") == 0
                                                 ? "greedy_bot"
                                                 : "random_bot");
        /* Seats alternate from game to game. */
        int gs = mrun_seat_of(&r, "greedy_bot");
        if (greedy_first < 0)
            greedy_first = gs;
        cr_expect_eq(gs, (greedy_first + g - 1) % 2, "game %d: seats", g);
        cr_expect_gt(r.nmoves, 4);
        for (size_t i = 0; i < r.nmoves; i++) {
            cr_expect_eq(r.moves[i].seat, (int)(i % 2));
            cr_expect_geq(r.moves[i].ms, 0);
            cr_expect_eq(r.moves[i].left_ms, -1);
        }
        record_release(&r);
        mrun_replay(&m, g);
    }
    cr_expect(strstr(m.out, "4 games"), "summary missing:\n%s", m.out);
    mrun_finish(&m);
}

Test(match, same_seed_same_games, .timeout = 120)
{
    mrun a, b;
    const char *opts[] = {"-n", "2", "--seed", "99", NULL};
    mrun_match(&a, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
    mrun_match(&b, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
    cr_assert_eq(a.rc, 0, "%s", a.out);
    cr_assert_eq(b.rc, 0, "%s", b.out);
    for (int g = 1; g <= 2; g++) {
        record ra, rb;
        mrun_record(&a, g, &ra);
        mrun_record(&b, g, &rb);
        cr_expect_eq(ra.seed, rb.seed);
        cr_assert_eq(ra.nmoves, rb.nmoves);
        for (size_t i = 0; i < ra.nmoves; i++)
            cr_expect_str_eq(ra.moves[i].text, rb.moves[i].text);
        record_release(&ra);
        record_release(&rb);
    }
    mrun_finish(&a);
    mrun_finish(&b);
}

Test(match, bank_and_increment_are_accounted, .timeout = 120)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "5", "--move-ms", "0",
                          "--bank-ms", "4000", "--inc-ms", "250", NULL};
    mrun_match(&m, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    cr_expect_eq(r.tc.bank_ms, 4000);
    cr_expect_eq(r.tc.increment_ms, 250);
    long bank[2] = {4000, 4000};
    for (size_t i = 0; i < r.nmoves; i++) {
        const record_move *mv = &r.moves[i];
        bank[mv->seat] += 250 - mv->ms;
        cr_expect_eq(mv->left_ms, bank[mv->seat], "ply %zu", i + 1);
    }
    record_release(&r);
    mrun_replay(&m, 1);
    mrun_finish(&m);
}

Test(match, slow_bot_within_limit_is_not_a_loss, .timeout = 120)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "1500",
                          NULL};
    mrun_match(&m, opts, RUN_TBOTS "slow_bot 300", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    cr_expect(run_is_rules_end(r.reason), "ended by %s: %s", r.reason,
              r.detail ? r.detail : "");
    int slow = mrun_seat_of(&r, "slow_bot");
    for (size_t i = 0; i < r.nmoves; i++)
        if (r.moves[i].seat == slow)
            cr_expect_geq(r.moves[i].ms, 300, "ply %zu measured %ld ms",
                          i + 1, r.moves[i].ms);
    record_release(&r);
    mrun_finish(&m);
}

/* ---- one misbehaving bot per abnormal end ---------------------------- */

static void check_fault(const char *badbot, const char *reason,
                        const char *detail_part, const char *const *opts)
{
    static const char *const deflt[] = {"-n", "1", "--seed", "3",
                                        "--move-ms", "1000", "--startup-ms",
                                        "2000", NULL};
    mrun m;
    mrun_match(&m, opts ? opts : deflt, badbot, RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "referee failed:\n%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    const char *name = strrchr(badbot, '/') + 1;
    char prog[64];
    snprintf(prog, sizeof prog, "%.*s", (int)strcspn(name, " "), name);
    int bad = mrun_seat_of(&r, prog);
    cr_assert_geq(bad, 0);
    cr_expect_str_eq(r.status, "finished");
    cr_expect_str_eq(r.reason, reason, "%s: reason %s (%s)", badbot,
                     r.reason, r.detail ? r.detail : "");
    cr_expect_eq(r.fault_seat, bad);
    cr_expect_str_eq(r.players[bad].result, "loss");
    cr_expect_str_eq(r.players[1 - bad].result, "win");
    cr_expect(r.detail && strstr(r.detail, detail_part),
              "%s: detail '%s' lacks '%s'", badbot,
              r.detail ? r.detail : "(none)", detail_part);
    record_release(&r);
    mrun_replay(&m, 1);
    mrun_finish(&m);
}

Test(fault, silent_bot_times_out, .timeout = 60)
{
    check_fault(RUN_TBOTS "silent_bot", "timeout",
                "no move within 1100 ms of its turn line (the limit of 1000 ms + 100 ms grace); no move came in the 100 ms after that deadline either",
                NULL);
}

Test(fault, slow_bot_over_the_limit_times_out, .timeout = 60)
{
    check_fault(RUN_TBOTS "slow_bot 2500", "timeout", "+ 100 ms grace", NULL);
}

Test(fault, comment_flood_does_not_stop_the_clock, .timeout = 60)
{
    check_fault(RUN_TBOTS "garbage_bot flood", "timeout", "limit", NULL);
}

Test(fault, illegal_move, .timeout = 60)
{
    check_fault(RUN_TBOTS "illegal_bot", "illegal-move", "occupied", NULL);
}

Test(fault, move_text_not_in_notation, .timeout = 60)
{
    check_fault(RUN_TBOTS "garbage_bot", "illegal-move", "not a move", NULL);
}

Test(fault, nul_byte_is_malformed, .timeout = 60)
{
    check_fault(RUN_TBOTS "garbage_bot nul", "malformed-line", "NUL", NULL);
}

Test(fault, endless_line_is_malformed, .timeout = 60)
{
    check_fault(RUN_TBOTS "garbage_bot long", "malformed-line", "4096",
                NULL);
}

Test(fault, move_before_the_game_is_out_of_turn, .timeout = 60)
{
    check_fault(RUN_TBOTS "early_bot", "out-of-turn",
                "when the game had not started", NULL);
}

Test(fault, exit_mid_game, .timeout = 60)
{
    check_fault(RUN_TBOTS "crash_bot exit", "exited", "status 3", NULL);
}

Test(fault, killed_by_signal, .timeout = 60)
{
    check_fault(RUN_TBOTS "crash_bot signal", "killed", "signal 9", NULL);
}

/* SIGTERM from itself: the referee holds its end a moment in case the
 * signal was a batch system's for the whole job, then it loses. */
Test(fault, killed_by_a_sigterm_of_its_own, .timeout = 60)
{
    check_fault(RUN_TBOTS "crash_bot term", "killed", "signal 15", NULL);
}

Test(fault, closed_output_but_running, .timeout = 60)
{
    check_fault(RUN_TBOTS "crash_bot closeout", "closed-output",
                "closed its output", NULL);
}

Test(fault, no_ready_in_time, .timeout = 60)
{
    check_fault(RUN_TBOTS "nohandshake_bot silent", "handshake",
                "start-up allowance", NULL);
}

Test(fault, wrong_protocol_version, .timeout = 60)
{
    check_fault(RUN_TBOTS "nohandshake_bot version", "handshake",
                "version 2", NULL);
}

Test(fault, grandchild_holding_pipes_is_killed_too, .timeout = 60)
{
    check_fault(RUN_TBOTS "forker_bot", "timeout", "limit", NULL);
}

Test(fault, program_that_cannot_run, .timeout = 60)
{
    check_fault("/nonexistent/dir/ghost_bot", "failed-to-start",
                "No such file", NULL);
}

Test(match, bot_ignoring_sigterm_is_killed, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "3", NULL};
    mrun_match(&m, opts, RUN_TBOTS "stubborn_bot", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    cr_expect(run_is_rules_end(r.reason), "%s", r.reason);
    record_release(&r);
    mrun_finish(&m);
}

Test(match, bot_sees_only_its_own_descriptors, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "3", NULL};
    mrun_match(&m, opts, RUN_TBOTS "fdlist_bot", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    int seat = mrun_seat_of(&r, "fdlist_bot");
    bool found = false;
    for (size_t i = 0; i < r.nmoves && !found; i++)
        if (r.moves[i].seat == seat && r.moves[i].ncomments) {
            cr_expect_str_eq(r.moves[i].comments[0], "fds 0 1 2");
            found = true;
        }
    cr_expect(found, "the fd listing was not recorded");
    record_release(&r);
    mrun_finish(&m);
}

/* ---- bots in other languages ----------------------------------------- */

static bool have_program(const char *prog)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", prog);
    return system(cmd) == 0;
}

static void check_language_bot(const char *interp, const char *bot,
                               const char *name)
{
    if (!have_program(interp))
        cr_skip_test("%s is not installed", interp);
    mrun m;
    const char *opts[] = {"-n", "2", "--seed", "21", NULL};
    mrun_match(&m, opts, bot, RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&m, g, &r);
        cr_expect(run_is_rules_end(r.reason), "game %d: %s: %s", g, r.reason,
                  r.detail ? r.detail : "");
        int s = mrun_seat_of(&r, name);
        cr_expect_geq(s, 0);
        cr_expect(r.players[s].name != NULL, "no id name recorded");
        record_release(&r);
        mrun_replay(&m, g);
    }
    mrun_finish(&m);
}

Test(lang, python_bot, .timeout = 120)
{
    check_language_bot("python3", "python3 bots/python/random_bot.py",
                       "random_bot.py");
}

Test(lang, node_bot, .timeout = 120)
{
    check_language_bot("node", "node bots/js/random_bot.js", "random_bot.js");
}

Test(lang, shell_awk_bot, .timeout = 120)
{
    check_language_bot("awk", "sh bots/sh/random_bot.sh", "random_bot.sh");
}

/* ---- command-line errors ----------------------------------------------- */

Test(match, unwritable_output_directory_is_reported, .timeout = 30)
{
    char out[OUT_MAX];
    char *argv[] = {RUN_REFEREE, "match", "--out", "/proc/no/such/dir",
                    RUN_BOTS "random_bot", RUN_BOTS "random_bot", NULL};
    int rc = run_cmd(argv, "unwritable", out, sizeof out);
    cr_expect_eq(rc, 1);
    cr_expect(strstr(out, "cannot create directory /proc/no"), "%s", out);
}

Test(match, bad_time_value_is_a_usage_error, .timeout = 30)
{
    char out[OUT_MAX];
    char *argv[] = {RUN_REFEREE, "match", "--move-ms", "fast",
                    RUN_BOTS "random_bot", RUN_BOTS "random_bot", NULL};
    int rc = run_cmd(argv, "badtime", out, sizeof out);
    cr_expect_eq(rc, 2);
    cr_expect(strstr(out, "--move-ms 'fast'"), "%s", out);
}

/* Numbers are checked before they are narrowed: -n 4294967297 once
 * played 1 game, -j 4294967298 ran 2 at once and --seed -1 was taken as
 * 2^64-1.  Each is a usage error naming the option, and no game runs. */
Test(match, out_of_range_numbers_are_usage_errors, .timeout = 30)
{
    static const struct {
        const char *opt, *value, *said;
    } cases[] = {
        {"-n", "4294967297", "-n/--games '4294967297': expected a number"},
        {"-j", "4294967298", "-j/--concurrency '4294967298'"},
        {"-j", "1025", "expected a number from 1 to 1024"},
        {"--seed", "-1", "--seed '-1': expected a number from 0"},
        {"--limit-mem", "99999999999999999999", "--limit-mem '9999"},
    };
    char dir[256], out[OUT_MAX], path[300];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out", dir);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *argv[] = {RUN_REFEREE, "match", "--out", path,
                        (char *)cases[i].opt, (char *)cases[i].value,
                        RUN_BOTS "random_bot", RUN_BOTS "random_bot", NULL};
        int rc = run_cmd(argv, dir + 5, out, sizeof out);
        cr_expect_eq(rc, 2, "%s %s: status %d: %s", cases[i].opt,
                     cases[i].value, rc, out);
        cr_expect(strstr(out, cases[i].said), "%s %s: %s", cases[i].opt,
                  cases[i].value, out);
        cr_expect_neq(access(path, F_OK), 0, "%s %s: a match ran",
                      cases[i].opt, cases[i].value);
    }
    char *ev[] = {RUN_REFEREE, "event", "-j", "0", "none.yaml", NULL};
    cr_expect_eq(run_cmd(ev, dir + 5, out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "-j '0': expected a number from 1 to 1024"), "%s",
              out);
    run_rmtree(dir);
}

/* ---- an exact protocol transcript ------------------------------------ */

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[OUT_MAX];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Two scripted bots play a planned game (tests/data/alpha.script and beta.script): white fills
 * row 1 and wins by placement on ply 9.  The scripted bots echo every line
 * they receive to stderr, so the referee's log of seat 0 is the exact
 * transcript of what the referee sent. */
Test(protocol, transcript_of_a_planned_game, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "2", "--move-ms", "1000",
                          NULL};
    mrun_match(&m, opts, RUN_TBOTS "script_bot tests/data/alpha.script",
               RUN_TBOTS "script_bot tests/data/beta.script");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    cr_assert_eq(mrun_seat_of(&r, "alpha"), 0, "seed 2 no longer seats alpha "
                                          "first");
    char expect[2048], log[512];
    snprintf(expect, sizeof expect,
             "< protocol 1\n< set game pentago\n< set variant swiss-2010\n"
             "< set seats 2\n< set player 0 white 0 alpha\n"
             "< set player 1 black 1 beta\n< set you 0\n"
             "< set time 1000 0 0\n< set seed %llu\n< start\n"
             "< turn 1000 -1\n< played 1 a6 4R\n< turn 1000 -1\n"
             "< played 1 b6 4R\n< turn 1000 -1\n< played 1 c6 4R\n"
             "< turn 1000 -1\n< played 1 a5 4R\n< turn 1000 -1\n"
             "< result win five-by-placement\n< quit 1000\n",
             (unsigned long long)r.seed);
    snprintf(log, sizeof log, "%s/logs/game-0001-seat0.log", m.dir);
    char *got = slurp(log);
    cr_assert(got, "no log %s", log);
    cr_expect_str_eq(got, expect);
    /* The record: canonical moves, what was sent when it differed, the
     * comments, the result and the win points (18 - 5 marbles). */
    static const char *const moves[] = {"a1 4R", "a6 4R", "b1 4R", "b6 4R",
                                        "c1 4R", "c6 4R", "d1 4R", "a5 4R",
                                        "e1"};
    cr_assert_eq(r.nmoves, 9);
    for (int i = 0; i < 9; i++)
        cr_expect_str_eq(r.moves[i].text, moves[i]);
    cr_expect_str_eq(r.moves[2].sent, "b1 4r");
    cr_expect_str_eq(r.moves[8].sent, "e1 3L");
    cr_expect_null(r.moves[0].sent);
    cr_assert_eq(r.moves[0].ncomments, 2);
    cr_expect_str_eq(r.moves[0].comments[0], "opening");
    cr_expect_str_eq(r.moves[0].comments[1], "a comment line in the other form");
    cr_expect_str_eq(r.players[0].name, "alpha");
    cr_expect_str_eq(r.players[0].version, "1");
    cr_expect_str_eq(r.players[0].result, "win");
    cr_expect_str_eq(r.players[1].result, "loss");
    cr_expect_eq(r.players[0].win_points, 13);
    cr_expect_str_eq(r.reason, "five-by-placement");
    cr_expect_str_eq(r.final_position,
                     "wwwww./....../....../....../b...../bbb... b");
    record_release(&r);
    mrun_replay(&m, 1);
    mrun_finish(&m);
}

/* ---- stderr logs and replay of tampered records ------------------------ */

Test(match, stderr_flood_is_capped_and_never_blocks, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "3", "--startup-ms", "1500",
                          NULL};
    /* `yes` writes to stderr without end; the shell keeps stdout open and
     * never says ready. */
    mrun_match(&m, opts, "sh -c 'yes flood >&2'", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    int bad = mrun_seat_of(&r, "yes flood");
    cr_assert_geq(bad, 0);
    cr_expect_str_eq(r.reason, "handshake");
    cr_expect_eq(r.fault_seat, bad);
    char log[512];
    snprintf(log, sizeof log, "%s/logs/game-0001-seat%d.log", m.dir, bad);
    FILE *f = fopen(log, "r");
    cr_assert(f, "no log %s", log);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    cr_expect_geq(size, 1L << 20, "log holds %ld bytes", size);
    /* The cap, its note, and the referee's last word: why it lost. */
    cr_expect_lt(size, (1L << 20) + 100 + 2048, "log not capped: %ld bytes",
                 size);
    char tail[512];
    f = fopen(log, "r");
    cr_assert(f);
    fseek(f, -(long)sizeof tail + 1, SEEK_END);
    size_t n = fread(tail, 1, sizeof tail - 1, f);
    tail[n] = 0;
    fclose(f);
    cr_expect(strstr(tail, "[referee] this bot lost the game: handshake: "),
              "the log does not end with the cause:\n%s", tail);
    record_release(&r);
    mrun_finish(&m);
}

/* Copy a record with the first occurrence of from replaced by to. */
static void tamper(const char *src, const char *dst, const char *from,
                   const char *to)
{
    static char buf[OUT_MAX * 4];
    FILE *f = fopen(src, "r");
    cr_assert(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    char *at = strstr(buf, from);
    cr_assert(at, "'%s' not in %s", from, src);
    f = fopen(dst, "w");
    cr_assert(f);
    fwrite(buf, 1, (size_t)(at - buf), f);
    fputs(to, f);
    fputs(at + strlen(from), f);
    fclose(f);
}

Test(replay, tampered_records_are_rejected_with_the_place, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "2", "--move-ms", "1000",
                          NULL};
    mrun_match(&m, opts, RUN_TBOTS "script_bot tests/data/alpha.script",
               RUN_TBOTS "script_bot tests/data/beta.script");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    char src[512], dst[512], out[OUT_MAX];
    snprintf(src, sizeof src, "%s/game-0001.yaml", m.dir);
    snprintf(dst, sizeof dst, "%s/tampered.yaml", m.dir);
    char *argv[] = {RUN_REFEREE, "replay", "--quiet", dst, NULL};
    static const struct {
        const char *from, *to, *message;
    } cases[] = {
        /* ply 4 onto white's a1: occupied */
        {"move: \"b6 4R\"", "move: \"a1 4R\"", "ply 4: move 'a1 4R' is not legal: cell a1 is occupied"},
        {"result: \"win\"", "result: \"draw\"", "result: seat 0 is recorded as 'draw'"},
        {"win_points: 13", "win_points: 12", "seat 0 has 12 win points recorded"},
        {"reason: \"five-by-placement\"", "reason: \"full-board\"", "recorded reason 'full-board'"},
        {"move: \"b1 4R\"", "move: \"b1 4r\"", "not written in canonical form 'b1 4R'"},
        {"seat: 1\n  move: \"a6 4R\"", "seat: 0\n  move: \"a6 4R\"", "ply 2: seat 0 moved but seat 1 was to move"},
        {"final_position: \"wwwww.", "final_position: \"wwww..", "final_position: recorded"},
        /* whatever the time was: "ms: 0" becomes "ms: x0" */
        {"move: \"a1 4R\"\n  ms: ", "move: \"a1 4R\"\n  ms: x",
         "moves[0].ms: expected an integer"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tamper(src, dst, cases[i].from, cases[i].to);
        int rc = run_cmd(argv, m.tag, out, sizeof out);
        cr_expect_eq(rc, 1, "case %zu: replay accepted it: %s", i, out);
        cr_expect(strstr(out, cases[i].message) && strstr(out, dst),
                  "case %zu: message '%s' lacks '%s' or the file", i, out,
                  cases[i].message);
    }
    mrun_finish(&m);
}

/* ---- regressions ----------------------------------------------------- */

/* A move written just before the bot exits was sometimes lost when the
 * exit was seen before the pipe was read. */
Test(regression, move_sent_just_before_exit_counts, .timeout = 120)
{
    for (int i = 0; i < 6; i++) {
        mrun m;
        const char *opts[] = {"-n", "1", "--seed", "2", NULL};
        /* sh exits at once after writing, so the exit and the line
         * usually arrive together. */
        mrun_match(&m, opts,
                   "sh -c 'while read l; do case $l in protocol*) echo "
                   "\"ready 1\";; turn*) echo \"move a1 4R\"; exit 0;; "
                   "esac; done'",
                   RUN_BOTS "random_bot");
        cr_assert_eq(m.rc, 0, "%s", m.out);
        record r;
        mrun_record(&m, 1, &r);
        cr_assert_eq(mrun_seat_of(&r, "sh -c"), 0, "seed 2 seats it second");
        cr_expect_geq(r.nmoves, 1, "run %d: the move before exit was lost",
                      i);
        if (r.nmoves)
            cr_expect_str_eq(r.moves[0].text, "a1 4R");
        cr_expect_str_eq(r.reason, "exited");
        cr_expect_eq(r.fault_seat, 0);
        record_release(&r);
        mrun_finish(&m);
    }
}

/* A bot that moves into the referee's process group must still be killed:
 * signalling only its original group reached nobody and the referee hung. */
Test(regression, bot_leaving_its_group_is_still_killed, .timeout = 60)
{
    check_fault(RUN_TBOTS "escape_bot", "timeout", "limit", NULL);
}

/* ---- resource limits and suspension ---------------------------------- */

Test(limits, cpu_hog_loses_on_its_cpu_limit, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "6000",
                          "--limit-cpu", "1", NULL};
    check_fault(RUN_PBOTS "hog_bot spin", "cpu-limit", "1 s of CPU", opts);
}

Test(limits, file_hog_loses_on_its_file_limit, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--limit-fsize", "1",
                          NULL};
    check_fault(RUN_PBOTS "hog_bot file", "file-limit", "1 MiB", opts);
}

Test(limits, bounded_fork_bomb_loses_on_its_process_limit, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "3000",
                          "--limit-procs", "64", NULL};
    /* 200 children in the bot's group against a limit of 64: check_fault
     * also counts what is left. */
    check_fault(RUN_PBOTS "hog_bot forks", "process-limit", "limit of 64",
                opts);
}

Test(limits, without_a_process_limit_the_group_still_dies, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "1500",
                          "--limit-procs", "0", NULL};
    check_fault(RUN_PBOTS "hog_bot forks", "timeout", "limit", opts);
}

Test(limits, exponential_fork_bomb_is_stopped, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "5000",
                          "--limit-procs", "20", NULL};
    check_fault(RUN_PBOTS "hog_bot bomb", "process-limit", "limit of 20",
                opts);
}

/* Resident memory is measured, so a sanitizer-built opponent plays
 * normally under the same limit. */
Test(limits, memory_hog_loses_on_its_memory_limit, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--limit-mem", "200",
                          NULL};
    check_fault(RUN_PBOTS "hog_bot mem", "memory-limit",
                "over its 200 MiB limit", opts);
}

Test(limits, address_space_limit_is_a_hard_cap, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "3", "--limit-vm", "64",
                          "--limit-mem", "0", NULL};
    /* Sanitizer-built bots cannot start under an address-space limit, so
     * both seats are plain hog bots; the first on move hogs first. */
    mrun_match(&m, opts, RUN_PBOTS "hog_bot mem", RUN_PBOTS "hog_bot mem");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    cr_expect_eq(r.fault_seat, 0);
    cr_expect(!strcmp(r.reason, "exited") || !strcmp(r.reason, "killed"),
              "%s", r.reason);
    cr_expect(r.detail && strstr(r.detail, "address-space limit 64 MiB"),
              "%s", r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
}

/* A grandchild in a session of its own escapes the group kill; the
 * referee, its subreaper, finds it among its children once the bot died. */
Test(limits, grandchild_that_left_the_group_is_killed, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "800",
                          NULL};
    check_fault(RUN_TBOTS "forker_bot detach", "timeout", "limit", opts);
}

/* Four generations that each left their parent's session: every one
 * reaches the referee only once its parent is dead. */
Test(limits, detached_generations_are_all_killed, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "800",
                          NULL};
    check_fault(RUN_TBOTS "forker_bot chain", "timeout", "limit", opts);
}

/* kill -9 of the referee: the bots die of their parent-death signal, and
 * the guard process kills what they forked, by group and by the mark in
 * their environment. */
static void kill_9_leaves_nothing(const char *forker)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    const char *tag = dir + 5;
    char *argv[] = {RUN_REFEREE, "match", "--out", dir, "--seed", "4",
                    "--move-ms", "20000", (char *)forker,
                    RUN_BOTS "random_bot", NULL};
    pid_t pid = run_start(argv, tag);
    cr_assert_geq(pid, 0);
    /* the referee, the guard, both bots and the forker's child, which
     * then has a moment to detach */
    for (int i = 0; i < 1000 && run_count_tagged(tag) < 5; i++)
        usleep(10000);
    cr_assert_geq(run_count_tagged(tag), 5, "the game did not get going");
    usleep(300000);
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    /* Dying takes a moment on a loaded machine: 10 s at most. */
    for (int i = 0; i < 1000 && run_count_tagged(tag) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(tag), 0,
                 "%s: processes outlived the referee's kill -9", forker);
    run_rmtree(dir);
}

Test(limits, kill_9_of_the_referee_leaves_no_grandchild, .timeout = 60)
{
    kill_9_leaves_nothing(RUN_TBOTS "forker_bot hang");
}

Test(limits, kill_9_of_the_referee_leaves_no_detached_child, .timeout = 60)
{
    kill_9_leaves_nothing(RUN_TBOTS "forker_bot detach");
}

Test(limits, suspended_bots_play_normally, .timeout = 120)
{
    mrun m;
    const char *opts[] = {"-n", "2", "--seed", "8", "--suspend", NULL};
    mrun_match(&m, opts, RUN_BOTS "greedy_bot", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&m, g, &r);
        cr_expect(run_is_rules_end(r.reason), "%s: %s", r.reason,
                  r.detail ? r.detail : "");
        record_release(&r);
        mrun_replay(&m, g);
    }
    mrun_finish(&m);
}

/* A bot that answers at once and then spins until its next turn thinks on
 * the other bot's time: without --suspend it reaches its CPU limit while
 * the other (slow) bot thinks; with --suspend it is stopped then, spends
 * almost no CPU, and the game ends by the rules. */
static void run_busy(bool suspend, record *r, mrun *m)
{
    const char *plain[] = {"-n", "1", "--seed", "3", "--move-ms", "3000",
                           "--limit-cpu", "2", "--ponder", NULL};
    const char *susp[] = {"-n", "1", "--seed", "3", "--move-ms", "3000",
                          "--limit-cpu", "2", "--suspend", NULL};
    mrun_match(m, suspend ? susp : plain, RUN_PBOTS "hog_bot busy",
               RUN_TBOTS "slow_bot 400");
    cr_assert_eq(m->rc, 0, "%s", m->out);
    mrun_record(m, 1, r);
}

Test(limits, suspension_stops_thinking_on_the_other_bots_time, .timeout = 180)
{
    mrun m;
    record r;
    run_busy(false, &r, &m);
    cr_expect_str_eq(r.reason, "cpu-limit", "with --ponder: %s: %s",
                     r.reason, r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
    run_busy(true, &r, &m);
    cr_expect(run_is_rules_end(r.reason), "with --suspend: %s: %s", r.reason,
              r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
}

/* ---- the deadline's edges -------------------------------------------- */

/* slow_bot MS K sleeps MS at its K-th turn only (counted from reading the
 * turn line, so its answer arrives a little later still).  The grace is
 * 10 ms, so "1 ms before the limit" leaves the pipe and the scheduler
 * 11 ms: a bot is charged what it used, to the millisecond. */
Test(deadline, answer_one_ms_before_the_limit_is_not_a_loss, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "700",
                          "--grace-ms", "10", NULL};
    mrun_match(&m, opts, RUN_TBOTS "slow_bot 699 2", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    cr_expect(run_is_rules_end(r.reason), "%s: %s", r.reason,
              r.detail ? r.detail : "");
    int slow = mrun_seat_of(&r, "slow_bot");
    bool seen = false;
    for (size_t i = 0; i < r.nmoves; i++)
        if (r.moves[i].seat == slow && r.moves[i].ms >= 699)
            seen = true;
    cr_expect(seen, "no move took the 699 ms");
    record_release(&r);
    mrun_finish(&m);
}

/* When the referee looks on time, 1 ms past limit + grace loses.  On a
 * loaded machine its first look after the deadline may come after the
 * move did, and then the move counts, taken at the limit (PROTOCOL.md: a
 * move is late only when the referee proves it): such a run proves
 * nothing either way and is tried again, up to 5 times. */
Test(deadline, answer_one_ms_after_limit_and_grace_loses, .timeout = 120)
{
    const char *opts[] = {"-n", "1", "--seed", "3", "--move-ms", "700",
                          "--grace-ms", "10", NULL};
    for (int attempt = 1;; attempt++) {
        mrun m;
        mrun_match(&m, opts, RUN_TBOTS "slow_bot 711 2",
                   RUN_BOTS "random_bot");
        cr_assert_eq(m.rc, 0, "%s", m.out);
        record r;
        mrun_record(&m, 1, &r);
        int slow = mrun_seat_of(&r, "slow_bot");
        cr_assert_geq(slow, 0);
        bool at_limit = false;
        for (size_t i = 0; i < r.nmoves; i++)
            if (r.moves[i].seat == slow && r.moves[i].ms >= 710)
                at_limit = true;
        if (strcmp(r.reason, "timeout") != 0 && at_limit && attempt < 5) {
            fprintf(stderr, "deadline: the referee looked late (attempt "
                            "%d); again\n", attempt);
            record_release(&r);
            mrun_finish(&m);
            continue;
        }
        cr_expect_str_eq(r.reason, "timeout", "%s (%s)", r.reason,
                         r.detail ? r.detail : "");
        cr_expect_eq(r.fault_seat, slow);
        cr_expect(r.detail && strstr(r.detail, "the limit of 700 ms"),
                  "detail '%s'", r.detail ? r.detail : "");
        record_release(&r);
        mrun_finish(&m);
        break;
    }
}

/* A bot cannot speak for another seat: `played` from a bot is not a
 * message it may send, so it is ignored and the game goes on. */
Test(protocol, played_line_from_a_bot_is_ignored, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "2", NULL};
    mrun_match(&m, opts,
               "sh -c 'while read l; do case $l in protocol*) echo "
               "\"played 1 a1 1R\"; echo \"ready 1\";; turn*) echo "
               "\"played 1 b1 1R\"; echo \"move f6 1R\";; esac; done'",
               RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    cr_assert_geq(r.nmoves, 1);
    cr_expect_str_eq(r.moves[0].text, "f6 1R");
    cr_expect(r.nmoves < 2 || r.moves[1].seat == 1);
    record_release(&r);
    mrun_finish(&m);
}

/* SIGTERM in the middle of a match: the games being played are not
 * counted as played and leave neither record nor log; the games already
 * over keep both. */
Test(match, interrupted_games_are_neither_counted_nor_logged, .timeout = 60)
{
    char dir[256], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    const char *tag = dir + 5;
    char outfile[300];
    snprintf(outfile, sizeof outfile, "%s.out", dir);
    char *argv[] = {"/bin/sh", "-c",
                    "exec \"$0\" match --out \"$1\" -n 6 -j 2 --seed 4 "
                    "--sandbox off \"$2 5\" \"$2 150\" > \"$3\" 2>&1",
                    RUN_REFEREE, dir, RUN_TBOTS "slow_bot", outfile, NULL};
    pid_t pid = run_start(argv, tag);
    cr_assert_geq(pid, 0);
    /* a game of slow_bot 150 takes about 3 s: the first two end, the
     * next two are cut short */
    char first[320];
    snprintf(first, sizeof first, "%s/game-0001.yaml", dir);
    for (int i = 0; i < 1000 && access(first, F_OK) != 0; i++)
        usleep(10000);
    usleep(500000);
    kill(pid, SIGTERM);
    int status;
    waitpid(pid, &status, 0);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 130);
    char *text = run_slurp(outfile, NULL);
    cr_assert(text);
    snprintf(out, sizeof out, "%s", text);
    free(text);
    int recorded = 0, logs = 0, played = -1, cut = -1;
    for (int g = 1; g <= 6; g++) {
        char path[320];
        snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, g);
        recorded += access(path, F_OK) == 0;
        for (int s = 0; s < 2; s++) {
            snprintf(path, sizeof path, "%s/logs/game-%04d-seat%d.log", dir,
                     g, s);
            logs += access(path, F_OK) == 0;
        }
    }
    const char *sum = strstr(out, "\n\n");
    cr_assert(sum, "no summary:\n%s", out);
    cr_assert_eq(sscanf(sum, "\n\n%d games, %d interrupted", &played, &cut),
                 2, "summary: %s", sum);
    cr_expect_geq(recorded, 1);
    cr_expect_eq(played, recorded, "%s", out);
    cr_expect_geq(cut, 1, "%s", out);
    cr_expect_eq(logs, 2 * recorded, "logs of interrupted games stayed");
    cr_expect_eq(run_count_tagged(tag), 0, "processes left behind");
    unlink(outfile);
    run_rmtree(dir);
}

/* A record that cannot be written (a full disk, simulated by the test
 * hook REFEREE_TEST_WRITE_FAIL): no more games are started, the games
 * already running finish, and the exit status says it failed, as an event
 * does. */
Test(match, a_failed_record_write_stops_the_match, .timeout = 60)
{
    setenv("REFEREE_TEST_WRITE_FAIL", "game-0003", 1);
    mrun m;
    const char *opts[] = {"-n", "10", "--seed", "4", "--sandbox", "off",
                          NULL};
    mrun_match(&m, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
    cr_expect_eq(m.rc, 1, "%s", m.out);
    cr_expect(strstr(m.out, "game-0003.yaml: write error") &&
                  strstr(m.out, "no more games are started"),
              "%s", m.out);
    int recorded = 0;
    for (int g = 1; g <= 10; g++) {
        char path[320];
        snprintf(path, sizeof path, "%s/game-%04d.yaml", m.dir, g);
        bool there = access(path, F_OK) == 0;
        recorded += there;
        if (g <= 2)
            cr_expect(there, "game %d was not recorded", g);
        if (g == 3)
            cr_expect(!there, "the failed record is there");
    }
    /* the game started while game 3's record was being written may end
     * and be recorded; none after it starts */
    cr_expect_leq(recorded, 3, "%d games recorded:\n%s", recorded, m.out);
    mrun_finish(&m);
}

/* The comment lines a bot sends during the turn it loses by its fault
 * have no move to go with: the record keeps them with the result, and
 * they read back. */
Test(protocol, comments_of_a_faulty_turn_are_kept, .timeout = 60)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "2", "--move-ms", "1000",
                          NULL};
    mrun_match(&m, opts, RUN_TBOTS "script_bot tests/data/faulty.script",
               RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    int seat = mrun_seat_of(&r, "faulty");
    cr_expect_str_eq(r.reason, "illegal-move");
    cr_expect_eq(r.fault_seat, seat);
    cr_assert_eq(r.nfault_comments, 2, "%zu fault comments",
                 r.nfault_comments);
    cr_expect_str_eq(r.fault_comments[0], "thinking hard");
    cr_expect_str_eq(r.fault_comments[1], "giving up");
    record_release(&r);
    mrun_finish(&m);
}
