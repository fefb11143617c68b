/*
 * test_clock.c - the clock charges no bot for the referee's own pauses.
 *
 * The referee is slowed down on purpose through its test hooks
 * (util/testhook.h): a record write that takes 400 ms (a slow disk), a
 * /proc scan that takes 300 ms (a machine with thousands of processes),
 * bot starts that take 300 ms each (a loaded machine), and the loop itself
 * sleeping after each turn line (a referee the machine did not run).  Bots that answer in time must still win or lose by the
 * rules, the records must say what was not charged, and a bot that is
 * really late must still lose.
 */
#include "record/record.h"
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The worst pause of the loop, from the summary line. */
static double worst_pause_ms(const mrun *c)
{
    const char *p = strstr(c->out, "worst pause of the loop ");
    return p ? strtod(p + strlen("worst pause of the loop "), NULL) : -1.;
}

/* Every game of the match ended by the rules: no bot lost on time. */
static void expect_rules_ends(const mrun *c, int games)
{
    for (int g = 1; g <= games; g++) {
        record r;
        mrun_record(c, g, &r);
        cr_expect(run_is_rules_end(r.reason), "game %d: %s: %s\n%s", g,
                  r.reason, r.detail ? r.detail : "", c->out);
        record_release(&r);
    }
}

/* The longest pause not charged to one move of the match's games. */
static long max_paused_ms(const mrun *c, int games)
{
    long most = 0;
    for (int g = 1; g <= games; g++) {
        record r;
        mrun_record(c, g, &r);
        for (size_t i = 0; i < r.nmoves; i++)
            if (r.moves[i].paused_ms > most)
                most = r.moves[i].paused_ms;
        record_release(&r);
    }
    return most;
}

/* Eight games, four at once, of bots that answer at once, with a 300 ms
 * limit and no grace, while every record takes 400 ms to write: when the
 * writes were on the loop, every game running beside a write lost on
 * time (with a 50 ms limit, 7 of 8 games ended "timeout"). */
Test(clock, slow_record_writes_cost_no_bot_time, .timeout = 120)
{
    setenv("REFEREE_TEST_WRITE_DELAY_MS", "400", 1);
    mrun c;
    const char *opts[] = {"-n", "8", "-j", "4", "--seed", "5", "--move-ms",
                          "300", "--grace-ms", "0", "--sandbox", "off",
                          NULL};
    mrun_match(&c, opts, RUN_BOTS "random_bot", RUN_BOTS "greedy_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    /* The hook did slow the writes: one writer, eight writes in turn. */
    cr_expect_geq(c.seconds, 8 * 0.4, "took %.2f s", c.seconds);
    expect_rules_ends(&c, 8);
    /* The loop itself never paused for a write. */
    cr_expect_eq(max_paused_ms(&c, 8) >= 400, 0);
    mrun_finish(&c);
}

/* A /proc scan that takes 300 ms (thousands of processes on the machine)
 * runs beside the loop: bots answering 100 ms before a 300 ms limit keep
 * their games (a scan on the loop would make them 200 ms late), while the
 * scan still finds a memory hog. */
Test(clock, slow_proc_scans_cost_no_bot_time, .timeout = 120)
{
    setenv("REFEREE_TEST_SCAN_DELAY_MS", "300", 1);
    mrun c;
    const char *opts[] = {"-n", "4", "-j", "2", "--seed", "6", "--move-ms",
                          "300", "--grace-ms", "0", "--sandbox", "off",
                          NULL};
    mrun_match(&c, opts, RUN_TBOTS "slow_bot 200", RUN_BOTS "random_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    expect_rules_ends(&c, 4);
    mrun_finish(&c);

    const char *hog[] = {"-n", "1", "--seed", "6", "--move-ms", "20000",
                         "--limit-mem", "200", "--sandbox", "off", NULL};
    mrun_match(&c, hog, RUN_PBOTS "hog_bot mem", RUN_BOTS "random_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    record r;
    mrun_record(&c, 1, &r);
    cr_expect_str_eq(r.reason, "memory-limit", "%s: %s", r.reason,
                     r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&c);
}

/* Bot starts that take 300 ms each, two games at once, and a start-up
 * allowance of 1 s: the starts wait on a thread of their own, so the loop
 * never pauses for them (on the loop, each start was a 300 ms pause for
 * the other game, forgiven to its bots but a pause all the same), and the
 * allowance counts from when the bot runs, not from when its start was
 * asked for (the second game's last bot runs 1.2 s after its game began,
 * its starts queued behind the first game's). */
Test(clock, slow_bot_starts_hold_up_no_game, .timeout = 120)
{
    setenv("REFEREE_TEST_START_DELAY_MS", "300", 1);
    mrun c;
    const char *opts[] = {"-n", "4", "-j", "2", "--seed", "9", "--move-ms",
                          "2000", "--startup-ms", "1000", "--sandbox", "off",
                          NULL};
    mrun_match(&c, opts, RUN_BOTS "random_bot", RUN_BOTS "greedy_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    /* The hook did slow the starts: one thread, eight starts in turn. */
    cr_expect_geq(c.seconds, 8 * 0.3, "took %.2f s", c.seconds);
    expect_rules_ends(&c, 4);
    double worst = worst_pause_ms(&c);
    cr_expect(worst >= 0 && worst < 250, "worst pause %.1f ms:\n%s", worst,
              c.out);
    cr_expect_lt(max_paused_ms(&c, 4), 250);
    mrun_finish(&c);
}

/* Ctrl-C while bots are still starting: the referee stops at once, and
 * the bots whose starts were under way are killed as soon as they run;
 * nothing is left. */
Test(clock, ctrl_c_while_bots_start_leaves_nothing, .timeout = 60)
{
    setenv("REFEREE_TEST_START_DELAY_MS", "400", 1);
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    const char *tag = dir + 5;
    char *argv[] = {RUN_REFEREE, "match", "--out", dir, "-n", "4", "-j", "2",
                    "--seed", "5", "--sandbox", "off", RUN_BOTS "random_bot",
                    RUN_BOTS "random_bot", NULL};
    pid_t pid = run_start(argv, tag);
    cr_assert_geq(pid, 0);
    usleep(600000); /* one start done, the next under way */
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 130,
              "status %d", status);
    for (int i = 0; i < 500 && run_count_tagged(tag) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(tag), 0, "processes outlived the run");
    run_rmtree(dir);
}

/* The loop sleeps 120 ms after every turn line it writes, two games at
 * once: a bot answering 5 ms before its 50 ms limit finds the referee
 * asleep, and its line is read 70 ms after its deadline.  The pause is
 * not charged: the game ends by the rules, and the record says how long
 * the referee paused within the move. */
Test(clock, a_paused_referee_charges_no_bot, .timeout = 120)
{
    setenv("REFEREE_TEST_LOOP_STALL_MS", "120", 1);
    mrun c;
    const char *opts[] = {"-n", "2", "-j", "2", "--seed", "7", "--move-ms",
                          "50", "--grace-ms", "0", "--sandbox", "off",
                          NULL};
    mrun_match(&c, opts, RUN_TBOTS "slow_bot 45", RUN_TBOTS "slow_bot 45");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    expect_rules_ends(&c, 2);
    /* 120 ms paused, but a turn is forgiven at most its limit and grace;
     * the move, in the pipe at the referee's first look, still counts. */
    long paused = max_paused_ms(&c, 2);
    cr_expect_eq(paused, 50, "most paused: %ld ms", paused);
    record r;
    mrun_record(&c, 1, &r);
    for (size_t i = 0; i < r.nmoves; i++)
        cr_expect_leq(r.moves[i].ms, 50, "ply %zu charged %ld ms", i + 1,
                      r.moves[i].ms);
    record_release(&r);
    cr_expect(strstr(c.out, "not charged to bots"), "%s", c.out);
    mrun_finish(&c);
}

/* The machine does not run the referee for 60 ms at a time, with 3 ms in
 * between (SIGSTOP and SIGCONT: a loaded host, a virtual machine whose
 * CPU is taken away).  A bot answering 30 ms into its 50 ms limit has its
 * line in the pipe long before the referee, stopped while it waited in
 * poll(), runs again past the deadline.  The bot did not use that time:
 * every game ends by the rules, and no move is charged more than the
 * limit.  (Timed to when the referee woke, the games were lost on time.) */
Test(clock, a_referee_the_machine_does_not_run_charges_no_bot, .timeout = 120)
{
    mrun c = {0};
    run_tmpdir(c.dir, sizeof c.dir);
    snprintf(c.tag, sizeof c.tag, "%.60s", c.dir + 5);
    char *argv[] = {RUN_REFEREE, "match", "--out", c.dir, "-n", "2", "-j",
                    "2", "--seed", "3", "--move-ms", "50", "--grace-ms",
                    "0", "--sandbox", "off", RUN_TBOTS "slow_bot 30",
                    RUN_TBOTS "slow_bot 30", NULL};
    pid_t pid = run_start(argv, c.tag);
    cr_assert_geq(pid, 0);
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        usleep(3000);
        kill(pid, SIGSTOP);
        usleep(60000);
        kill(pid, SIGCONT);
    }
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d",
              status);
    expect_rules_ends(&c, 2);
    long at_limit = 0;
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&c, g, &r);
        for (size_t i = 0; i < r.nmoves; i++) {
            cr_expect_leq(r.moves[i].ms, 50, "game %d ply %zu charged %ld ms",
                          g, i + 1, r.moves[i].ms);
            at_limit += r.moves[i].ms == 50;
        }
        record_release(&r);
    }
    /* The stops did fall across deadlines: those moves were read after
     * them, and are charged the limit. */
    cr_expect_geq(at_limit, 4, "%ld moves read after their deadline",
                  at_limit);
    mrun_finish(&c);
}

/* Forgiving the referee's pauses must not forgive a late bot: with the
 * loop pausing 120 ms per turn, a bot that answers 300 ms into a 50 ms
 * limit still loses on time, and the detail says what was not charged. */
Test(clock, a_late_bot_still_loses_when_the_referee_pauses, .timeout = 120)
{
    setenv("REFEREE_TEST_LOOP_STALL_MS", "120", 1);
    mrun c;
    const char *opts[] = {"-n", "1", "--seed", "7", "--move-ms", "50",
                          "--grace-ms", "0", "--sandbox", "off", NULL};
    mrun_match(&c, opts, RUN_TBOTS "slow_bot 300", RUN_BOTS "random_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    record r;
    mrun_record(&c, 1, &r);
    cr_expect_str_eq(r.reason, "timeout", "%s: %s", r.reason,
                     r.detail ? r.detail : "");
    cr_expect(r.detail && strstr(r.detail, "in which the referee itself was "
                                           "paused"),
              "%s", r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&c);
}

/* More games than records may wait for the disk (16 + 2 per slot): the
 * games wait for the writes, and every game is played and recorded, with
 * bots started per game and with bots kept between games. */
Test(clock, a_slow_disk_holds_games_back_and_loses_none, .timeout = 120)
{
    setenv("REFEREE_TEST_WRITE_DELAY_MS", "50", 1);
    const char *per_game[] = {"-n", "40", "--seed", "8", "--sandbox", "off",
                              NULL};
    const char *kept[] = {"-n", "40", "--seed", "8", "--sandbox", "off",
                          "--keep-bots", NULL};
    const char *const *runs[] = {per_game, kept};
    for (int i = 0; i < 2; i++) {
        mrun c;
        mrun_match(&c, runs[i], RUN_BOTS "random_bot", RUN_BOTS "random_bot");
        cr_assert_eq(c.rc, 0, "%s", c.out);
        cr_expect(strstr(c.out, "\n40 games"), "run %d:\n%s", i, c.out);
        record r;
        mrun_record(&c, 40, &r);
        record_release(&r);
        mrun_finish(&c);
    }
}

/* Output nobody reads (a full pipe) holds back neither the games nor
 * their records: 600 games print more than a pipe holds, and every record
 * is written while the pipe stays full. */
Test(clock, a_full_output_pipe_holds_back_no_record, .timeout = 120)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    const char *tag = dir + 5;
    char *argv[] = {"/bin/sh", "-c",
                    "\"$0\" match --out \"$1\" -n 600 -j 2 --seed 4 "
                    "--sandbox off --keep-bots \"$2\" \"$2\" | sleep 60",
                    RUN_REFEREE, dir, RUN_BOTS "random_bot", NULL};
    pid_t pid = run_start(argv, tag);
    cr_assert_geq(pid, 0);
    char last[320];
    snprintf(last, sizeof last, "%s/game-0600.yaml", dir);
    int waited = 0;
    for (; waited < 9000 && access(last, F_OK) != 0; waited++)
        usleep(10000);
    cr_expect_eq(access(last, F_OK), 0,
                 "the records stopped behind the full output pipe");
    run_kill_tagged(tag);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    run_rmtree(dir);
}

/* A bot that floods bytes without a newline loses at once (a line longer
 * than 4096 bytes), and what it wrote meanwhile is dropped so that its
 * game ends when it dies: it used to end half a second later, when the
 * pipe was given up on (six games 3.3 s instead of 0.3 s).  Measured
 * against games lost to one bad line, in the same test. */
static double faulty_games_seconds(const char *bot, const char *reason)
{
    mrun c;
    const char *opts[] = {"-n", "6", "--seed", "3", "--sandbox", "off",
                          NULL};
    mrun_match(&c, opts, bot, RUN_BOTS "random_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    for (int g = 1; g <= 6; g++) {
        record r;
        mrun_record(&c, g, &r);
        cr_expect_str_eq(r.reason, reason, "game %d: %s", g, r.reason);
        record_release(&r);
    }
    double t = c.seconds;
    mrun_finish(&c);
    return t;
}

Test(clock, a_flood_without_newline_costs_no_extra_time, .timeout = 120)
{
    double bad_line = faulty_games_seconds(RUN_TBOTS "garbage_bot text",
                                           "illegal-move");
    double flood = faulty_games_seconds(RUN_TBOTS "garbage_bot long",
                                        "malformed-line");
    cr_expect_lt(flood - bad_line, 1.5,
                 "six floods took %.2f s, six bad lines %.2f s", flood,
                 bad_line);
}

/* ---- a flood buys nothing (clock/turnclock.h) ----------------------------- */

/* The reason and detail of game g, for a message. */
static void expect_timeout_of(const mrun *c, int g, const char *bot)
{
    record r;
    mrun_record(c, g, &r);
    cr_expect_str_eq(r.reason, "timeout", "game %d: %s: %s\n%s", g, r.reason,
                     r.detail ? r.detail : "", c->out);
    cr_expect_eq(r.fault_seat, mrun_seat_of(&r, bot), "game %d", g);
    /* Whatever was forgiven, at most the limit and grace (600 ms). */
    const char *p = r.detail ? strstr(r.detail, "not counting ") : NULL;
    if (p)
        cr_expect_leq(atol(p + strlen("not counting ")), 600, "%s", r.detail);
    record_release(&r);
}

/* A bot whose helper writes `#` lines as fast as it can through the bot's
 * turn, and which answers 1.3 s after a 500 ms limit with 100 ms grace:
 * the loop's time reading that flood was forgiven to the bot, which won
 * both games.  It is the bot's own doing, never forgiven, and no turn is
 * forgiven more than its limit and grace: it loses both on time, whatever
 * the machine's load. */
Test(clock, a_bot_that_floods_on_its_turn_still_loses_on_time, .timeout = 120)
{
    mrun c;
    const char *opts[] = {"-n", "2", "--seed", "3", "--move-ms", "500",
                          "--grace-ms", "100", "--sandbox", "off", NULL};
    mrun_match(&c, opts, RUN_TBOTS "flood_bot own 1300", RUN_BOTS "random_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    for (int g = 1; g <= 2; g++)
        expect_timeout_of(&c, g, "flood_bot");
    mrun_finish(&c);
}

/* Copies of one bot in games played at once (match -j, sprt, gauntlet)
 * each flooding on its turn: the loop's time on the others' floods was
 * forgiven to each, up to half its wall time (a bot answering 900 ms into
 * a 500 ms limit played on).  No bot's output is forgiven to anyone now:
 * answering 550 ms in, each copy's moves are forgiven little (what the
 * referee itself paused), far from the 300 ms and more the floods made. */
Test(clock, copies_flooding_in_games_at_once_buy_each_other_nothing,
     .timeout = 120)
{
    mrun c;
    const char *opts[] = {"-n", "3", "-j", "3", "--seed", "6", "--move-ms",
                          "500", "--grace-ms", "100", "--sandbox", "off",
                          NULL};
    mrun_match(&c, opts, RUN_TBOTS "flood_bot own 550", RUN_BOTS "random_bot");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    long most = 0, moves = 0;
    for (int g = 1; g <= 3; g++) {
        record r;
        mrun_record(&c, g, &r);
        int flood = mrun_seat_of(&r, "flood_bot");
        for (size_t i = 0; i < r.nmoves; i++)
            if (r.moves[i].seat == flood) {
                moves++;
                if (r.moves[i].paused_ms > most)
                    most = r.moves[i].paused_ms;
            }
        record_release(&r);
    }
    cr_expect_geq(moves, 3, "the flooding bots made %ld moves", moves);
    cr_expect_lt(most, 150, "a flooding bot was forgiven %ld ms", most);
    mrun_finish(&c);
}

/* A bot that floods all game long (thinking on the other's time: ponder)
 * takes nothing from the bot on move: its reads are bounded per turn of
 * the loop, and the loop's time on them is forgiven to the other bot.
 * The bot on move, answering 300 ms into a 1 s limit, is never late, and
 * each of its moves is charged at least what it slept and at most its
 * limit and grace. */
Test(clock, a_flood_on_the_opponents_move_costs_the_bot_on_move_nothing,
     .timeout = 120)
{
    mrun c;
    const char *opts[] = {"-n", "2", "--seed", "5", "--move-ms", "1000",
                          "--grace-ms", "100", "--ponder", "--sandbox", "off",
                          NULL};
    mrun_match(&c, opts, RUN_TBOTS "flood_bot always", RUN_TBOTS "slow_bot 300");
    cr_assert_eq(c.rc, 0, "%s", c.out);
    expect_rules_ends(&c, 2);
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&c, g, &r);
        int slow = mrun_seat_of(&r, "slow_bot");
        size_t moved = 0;
        for (size_t i = 0; i < r.nmoves; i++) {
            if (r.moves[i].seat != slow)
                continue;
            moved++;
            cr_expect_geq(r.moves[i].ms + r.moves[i].paused_ms, 300,
                          "game %d ply %zu: %ld ms", g, i + 1, r.moves[i].ms);
            cr_expect_leq(r.moves[i].ms, 1101, "game %d ply %zu", g, i + 1);
        }
        cr_expect_geq(moved, 3, "game %d: the slow bot moved %zu times", g,
                      moved);
        record_release(&r);
        cr_expect_eq(mrun_replay(&c, g), 0, "game %d", g);
    }
    mrun_finish(&c);
}

/* ---- the CPU clock ---------------------------------------------------------- */

/* One game of `bot` (seat 0 in game 1) against random_bot on the CPU
 * clock at 300 ms a move, in the box or not; the record, read back. */
static void cpu_game(mrun *c, const char *sandbox, const char *bot,
                     const char *wall_cap, record *r)
{
    const char *opts[] = {"-n", "1", "--seed", "4", "--move-ms", "300",
                          "--grace-ms", "100", "--clock", "cpu",
                          "--sandbox", sandbox,
                          wall_cap ? "--wall-cap-ms" : NULL, wall_cap, NULL};
    mrun_match(c, opts, bot, RUN_BOTS "random_bot");
    cr_assert_eq(c->rc, 0, "%s", c->out);
    mrun_record(c, 1, r);
    cr_expect_eq(r->tc.clock, TIME_CLOCK_CPU);
}

/* Sleeping 1 s at its first turn costs no CPU time: on time, charged
 * next to nothing, the wall time recorded beside it; the record replays. */
static void cpu_sleeper_is_on_time(const char *sandbox)
{
    mrun c;
    record r;
    cpu_game(&c, sandbox, RUN_TBOTS "cpu_bot sleep 1000 1", NULL, &r);
    cr_expect(run_is_rules_end(r.reason), "%s: %s", r.reason,
              r.detail ? r.detail : "");
    cr_assert_geq(r.nmoves, 1);
    cr_expect_lt(r.moves[0].ms, 300, "charged %ld ms", r.moves[0].ms);
    cr_expect_geq(r.moves[0].wall_ms, 1000, "took %ld ms", r.moves[0].wall_ms);
    cr_expect_eq(r.moves[0].paused_ms, 0);
    record_release(&r);
    cr_expect_eq(mrun_replay(&c, 1), 0);
    mrun_finish(&c);
}

Test(clock, cpu_clock_a_bot_that_sleeps_is_on_time_boxed, .timeout = 120)
{
    cpu_sleeper_is_on_time("on");
}

Test(clock, cpu_clock_a_bot_that_sleeps_is_on_time_unboxed, .timeout = 120)
{
    cpu_sleeper_is_on_time("off");
}

/* 600 ms of CPU at a 300 ms limit loses on time, used by the bot itself
 * or by a child it waits for (the whole tree is charged). */
static void cpu_burner_is_late(const char *sandbox, const char *bot)
{
    mrun c;
    record r;
    cpu_game(&c, sandbox, bot, NULL, &r);
    cr_expect_str_eq(r.reason, "timeout", "%s: %s", r.reason,
                     r.detail ? r.detail : "");
    cr_expect_eq(r.fault_seat, 0);
    cr_expect(r.detail && strstr(r.detail, "ms of CPU time in its turn, over "
                                           "the limit of 300 ms + 100 ms "
                                           "grace on the CPU clock"),
              "%s", r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&c);
}

Test(clock, cpu_clock_a_bot_that_burns_is_late_boxed, .timeout = 120)
{
    cpu_burner_is_late("on", RUN_TBOTS "cpu_bot burn 600");
}

Test(clock, cpu_clock_a_bot_that_burns_is_late_unboxed, .timeout = 120)
{
    cpu_burner_is_late("off", RUN_TBOTS "cpu_bot burn 600");
}

Test(clock, cpu_clock_a_child_that_burns_is_charged_boxed, .timeout = 120)
{
    cpu_burner_is_late("on", RUN_TBOTS "cpu_bot child 600");
}

Test(clock, cpu_clock_a_child_that_burns_is_charged_unboxed, .timeout = 120)
{
    cpu_burner_is_late("off", RUN_TBOTS "cpu_bot child 600");
}

/* A bot that only waits is stopped by the wall cap. */
Test(clock, cpu_clock_a_bot_that_only_waits_meets_the_wall_cap, .timeout = 120)
{
    mrun c;
    record r;
    cpu_game(&c, "off", RUN_TBOTS "cpu_bot sleep 5000", "1000", &r);
    cr_expect_str_eq(r.reason, "timeout", "%s", r.reason);
    cr_expect(r.detail && strstr(r.detail, "the CPU clock's wall cap"), "%s",
              r.detail ? r.detail : "");
    cr_expect_eq(r.tc.wall_cap_ms, 1000);
    record_release(&r);
    mrun_finish(&c);
}

/* ---- the warning of a machine with more thinkers than processors ------- */

static int test_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return (int)sysconf(_SC_NPROCESSORS_ONLN);
}

/* One more game at once than processors, on the wall clock: warned on
 * stderr and in the summary; on the CPU clock, not. */
Test(clock, more_thinkers_than_processors_are_warned_of, .timeout = 120)
{
    char jobs[16];
    snprintf(jobs, sizeof jobs, "%d", test_cpus() + 1);
    for (int cpu = 0; cpu <= 1; cpu++) {
        mrun c;
        const char *opts[] = {"-n", "1", "-j", jobs, "--seed", "2",
                              "--sandbox", "off", "--clock",
                              cpu ? "cpu" : "wall", NULL};
        mrun_match(&c, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
        cr_assert_eq(c.rc, 0, "%s", c.out);
        char want[128];
        snprintf(want, sizeof want, "up to %s bots think at once on %d "
                                    "processors", jobs, test_cpus());
        const char *first = strstr(c.out, want);
        if (cpu) {
            cr_expect_null(first, "%s", c.out);
        } else {
            cr_expect(first && strstr(first + 1, want), "%s", c.out);
            cr_expect(strstr(c.out, "referee match: warning: up to"), "%s",
                      c.out);
        }
        mrun_finish(&c);
    }
}

/* A clock that is neither wall nor cpu, and a wall cap without the CPU
 * clock, are usage errors naming the option, before anything is played. */
Test(clock, a_bad_clock_option_is_a_usage_error, .timeout = 60)
{
    static const struct {
        const char *opt, *val, *want;
    } cases[] = {
        {"--clock", "cpu-ish", "--clock 'cpu-ish': expected wall or cpu"},
        {"--wall-cap-ms", "5000", "--wall-cap-ms is the CPU clock's: give "
                                  "--clock cpu too"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mrun c;
        const char *opts[] = {"-n", "1", "--sandbox", "off", cases[i].opt,
                              cases[i].val, NULL};
        mrun_match(&c, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
        cr_expect_eq(c.rc, 2, "case %zu: status %d\n%s", i, c.rc, c.out);
        cr_expect(strstr(c.out, cases[i].want), "case %zu: %s", i, c.out);
        cr_expect(strstr(c.out, "game 1") == NULL, "played: %s", c.out);
        mrun_finish(&c);
    }
}
