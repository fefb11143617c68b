/*
 * test_sandbox.c - the attacks a cheating bot makes on its opponent, on
 * other games and on the referee, each tried with the sandbox (it must
 * fail) and, where that shows the test can fail, without it (it must
 * work).  The attacker is tests/bots/attack_bot; it reports what its
 * attack achieved in an `info attack ...` comment, which the record keeps.
 *
 * The sandbox needs root and writable control groups: where the tests do
 * not run as root they are skipped, saying so.
 */
#include "record/record.h"
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUT_MAX 65536
#define ATTACK RUN_TBOTS "attack_bot "


static void need_root(void)
{
    if (geteuid() != 0)
        cr_skip_test("the sandbox needs root; these tests run as uid %d",
                     (int)geteuid());
}

/* Every run here must work: the attacks are judged by its records. */
static void srun_match(mrun *m, const char *const *opts, const char *bot1,
                       const char *bot2)
{
    mrun_match(m, opts, bot1, bot2);
    cr_assert_eq(m->rc, 0, "referee failed:\n%s", m->out);
}

/* Root, and the referee boxes bots here: the attacks below must never run
 * loose (SIGSTOP to every pid would stop the machine's processes). */
static void need_sandbox(void)
{
    need_root();
    static int known = -1;
    if (known < 0) {
        mrun m;
        const char *opts[] = {"-n", "1", "--seed", "1", NULL};
        srun_match(&m, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
        record r;
        mrun_record(&m, 1, &r);
        known = r.isolation && strcmp(r.isolation, "full") == 0;
        cr_assert(known, "as root the referee must box bots here: %s",
                  r.sandbox ? r.sandbox : "(not said)");
        record_release(&r);
        mrun_finish(&m);
    }
    cr_assert(known);
}


static int seat_of(const record *r, const char *needle)
{
    for (int s = 0; s < r->nplayers; s++)
        if (strstr(r->players[s].command, needle))
            return s;
    return -1;
}

/* The first comment of seat's that starts with prefix, or NULL. */
static const char *comment_of(const record *r, int seat, const char *prefix)
{
    for (size_t i = 0; i < r->nmoves; i++)
        for (size_t c = 0; r->moves[i].seat == seat &&
                           c < r->moves[i].ncomments;
             c++)
            if (strncmp(r->moves[i].comments[c], prefix, strlen(prefix)) ==
                0)
                return r->moves[i].comments[c];
    /* Said in a turn it lost by its fault. */
    for (size_t c = 0; r->fault_seat == seat && c < r->nfault_comments; c++)
        if (strncmp(r->fault_comments[c], prefix, strlen(prefix)) == 0)
            return r->fault_comments[c];
    return NULL;
}

/* The number after "key=" in text, or -1. */
static long value_of(const char *text, const char *key)
{
    char k[64];
    snprintf(k, sizeof k, " %s=", key);
    const char *p = text ? strstr(text, k) : NULL;
    return p ? strtol(p + strlen(k), NULL, 10) : -1;
}

/* ---- the level is stated ------------------------------------------------ */

Test(sandbox, records_state_the_isolation, .timeout = 120)
{
    need_root();
    mrun m;
    const char *on[] = {"-n", "1", "--seed", "2", NULL};
    srun_match(&m, on, RUN_BOTS "greedy_bot", RUN_BOTS "random_bot");
    record r;
    mrun_record(&m, 1, &r);
    cr_expect_str_eq(r.isolation, "full");
    cr_expect(r.sandbox && strstr(r.sandbox, "pid"), "%s", r.sandbox);
    record_release(&r);
    mrun_finish(&m);
    const char *off[] = {"-n", "1", "--seed", "2", "--sandbox", "off", NULL};
    srun_match(&m, off, RUN_BOTS "greedy_bot", RUN_BOTS "random_bot");
    mrun_record(&m, 1, &r);
    cr_expect_str_eq(r.isolation, "none");
    cr_expect_str_eq(r.sandbox, "none (turned off)");
    record_release(&r);
    mrun_finish(&m);
}

Test(sandbox, bad_sandbox_options_are_usage_errors, .timeout = 30)
{
    static const char *const bad[][2] = {{"--sandbox", "maybe"},
                                         {"--sandbox-uids", "5"},
                                         {"--sandbox-uids", "10-5"},
                                         {"--sandbox-uids", "0-10"},
                                         {"--sandbox-uids", "1-99999"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char out[4096];
        char *argv[] = {RUN_REFEREE, "match", (char *)bad[i][0],
                        (char *)bad[i][1], RUN_BOTS "random_bot",
                        RUN_BOTS "random_bot", NULL};
        int rc = run_cmd(argv, "sandbox-usage", out, sizeof out);
        cr_expect_eq(rc, 2, "%s %s: exit %d\n%s", bad[i][0], bad[i][1], rc,
                     out);
        cr_expect(strstr(out, bad[i][0]), "%s", out);
    }
}

/* ---- forging moves into the opponent's pipe --------------------------- */

/* Two games of the forging bot against the greedy bot; how many
 * descriptors it opened, and how many games a forged line decided (an
 * out-of-turn loss: the line reached a referee's pipe). */
static void forge_games(const char *sandbox, long *opened, int *forged)
{
    mrun m;
    const char *opts[] = {"-n", "2", "--seed", "5", "--sandbox", sandbox,
                          NULL};
    srun_match(&m, opts, ATTACK "forge", RUN_BOTS "greedy_bot");
    *opened = 0;
    *forged = 0;
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&m, g, &r);
        int a = seat_of(&r, "attack_bot");
        const char *c = comment_of(&r, a, "attack forge");
        if (c)
            *opened += value_of(c, "opened");
        if (!strcmp(r.reason, "out-of-turn"))
            (*forged)++;
        if (!strcmp(sandbox, "on")) {
            cr_assert(c, "game %d: no report from the attacker\n%s", g,
                      m.out);
            cr_expect(run_is_rules_end(r.reason), "game %d: %s (%s)", g,
                      r.reason, r.detail ? r.detail : "");
            cr_expect_eq(value_of(c, "written"), 0, "%s", c);
            /* pid 1, the box's reaper, at most */
            cr_expect_leq(value_of(c, "seen"), 1, "%s", c);
        }
        record_release(&r);
    }
    mrun_finish(&m);
}

Test(sandbox, forging_into_the_opponents_pipe_fails, .timeout = 180)
{
    need_sandbox();
    long opened;
    int forged;
    forge_games("on", &opened, &forged);
    cr_expect_eq(opened, 0, "the attacker opened %ld descriptors", opened);
    cr_expect_eq(forged, 0, "%d games decided by a forged line", forged);
    /* The same attack without the sandbox decides games: the test is able
     * to fail. */
    forge_games("off", &opened, &forged);
    cr_expect(forged > 0 || opened > 0,
              "without a sandbox the attack should work");
}

/* ---- SIGSTOP to everything --------------------------------------------- */

Test(sandbox, stopping_everything_stops_no_one_else, .timeout = 300)
{
    need_sandbox();
    mrun m;
    /* Two games at a time: the attacker's victims would be its opponent,
     * the other game's bots, the guard and the referee. */
    const char *opts[] = {"-n", "4", "-j", "2", "--seed", "6", "--move-ms",
                          "20000", NULL};
    srun_match(&m, opts, ATTACK "stop", RUN_BOTS "greedy_bot");
    for (int g = 1; g <= 4; g++) {
        record r;
        mrun_record(&m, g, &r);
        int a = seat_of(&r, "attack_bot");
        const char *c = comment_of(&r, a, "attack stop");
        cr_assert(c, "game %d: no report from the attacker", g);
        cr_expect_eq(value_of(c, "hits"), 0, "game %d: %s", g, c);
        cr_expect(run_is_rules_end(r.reason), "game %d: %s (%s)", g,
                  r.reason, r.detail ? r.detail : "");
        record_release(&r);
    }
    mrun_finish(&m);
}

/* The state letter of pid in /proc/PID/stat ('T' when stopped), or 0. */
static char proc_state(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    char *text = run_slurp(path, NULL);
    const char *close = text ? strrchr(text, ')') : NULL;
    char state = close && close[1] == ' ' ? close[2] : 0;
    free(text);
    return state;
}

/* SIGSTOP to the processes of its own test run that the attacker finds:
 * its opponent, the referee and the guard.  Boxed, it finds none; loose,
 * it stops the referee, and the match hangs. */
Test(sandbox, stopping_the_opponent_and_the_referee_fails, .timeout = 120)
{
    need_sandbox();
    mrun m;
    const char *opts[] = {"-n", "2", "--seed", "6", NULL};
    srun_match(&m, opts, ATTACK "stoprun", RUN_BOTS "greedy_bot");
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&m, g, &r);
        const char *c = comment_of(&r, seat_of(&r, "attack_bot"),
                                   "attack stoprun");
        cr_assert(c, "game %d: no report from the attacker", g);
        cr_expect_eq(value_of(c, "hits"), 0, "%s", c);
        cr_expect(run_is_rules_end(r.reason), "game %d: %s (%s)", g,
                  r.reason, r.detail ? r.detail : "");
        record_release(&r);
    }
    mrun_finish(&m);
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    const char *tag = dir + 5;
    char *argv[] = {RUN_REFEREE, "match", "--out", dir, "-n", "1",
                    "--seed", "6", "--sandbox", "off", "--move-ms", "2000",
                    ATTACK "stoprun", RUN_BOTS "greedy_bot", NULL};
    pid_t pid = run_start(argv, tag);
    cr_assert_geq(pid, 0);
    bool stopped = false;
    for (int i = 0; i < 500 && !stopped; i++) {
        usleep(10000);
        stopped = proc_state(pid) == 'T';
    }
    for (int i = 0; i < 100 && run_kill_tagged(tag) > 0; i++)
        usleep(10000);
    waitpid(pid, NULL, 0);
    cr_expect(stopped, "without a sandbox the attacker should stop the "
                       "referee");
    run_rmtree(dir);
}

/* ---- waking a suspended bot -------------------------------------------- */

static long sigcont_offturn_ms(const char *sandbox)
{
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "7", "--suspend",
                          "--sandbox", sandbox, NULL};
    srun_match(&m, opts, ATTACK "sigcont", RUN_TBOTS "slow_bot 100");
    record r;
    mrun_record(&m, 1, &r);
    int a = seat_of(&r, "attack_bot");
    long total = -1;
    for (size_t i = 0; i < r.nmoves; i++)
        for (size_t c = 0; r.moves[i].seat == a && c < r.moves[i].ncomments;
             c++)
            if (!strncmp(r.moves[i].comments[c], "attack sigcont", 14))
                total = value_of(r.moves[i].comments[c], "total_ms");
    cr_assert_geq(total, 0, "no report from the attacker\n%s", m.out);
    cr_expect(run_is_rules_end(r.reason), "%s (%s)", r.reason,
              r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
    return total;
}

Test(sandbox, a_helper_cannot_wake_a_suspended_bot, .timeout = 180)
{
    need_sandbox();
    /* The opponent thinks 100 ms a move, so about a second in all is its
     * time; frozen, the attacker gets next to none of it (a few ms a turn
     * pass before the freeze takes hold: about 35 ms in all here). */
    long boxed = sigcont_offturn_ms("on");
    cr_expect_lt(boxed, 200, "frozen, it still used %ld ms", boxed);
    long loose = sigcont_offturn_ms("off");
    cr_expect_gt(loose, 400, "without a sandbox the helper should wake it "
                             "(%ld ms)", loose);
}

/* ---- an unmarked, detached orphan tree under a process cap ------------ */

Test(sandbox, detached_orphans_cannot_pass_the_process_cap, .timeout = 120)
{
    need_sandbox();
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "8", "--limit-procs", "64",
                          NULL};
    srun_match(&m, opts, ATTACK "orphans 256", RUN_BOTS "random_bot");
    record r;
    mrun_record(&m, 1, &r);
    int a = seat_of(&r, "attack_bot");
    cr_expect_str_eq(r.reason, "process-limit", "%s (%s)", r.reason,
                     r.detail ? r.detail : "");
    cr_expect_eq(r.fault_seat, a);
    const char *c = comment_of(&r, a, "attack orphans");
    if (c)
        cr_expect_lt(value_of(c, "forked"), 64, "%s", c);
    record_release(&r);
    mrun_finish(&m);
}

/* ---- CPU time of the whole tree ----------------------------------------- */

/* Four detached spinners: each alone would take seconds to reach a
 * per-process limit of 1 s (and its death would not end the bot); the
 * box's account of the whole tree ends the game.  They may ponder: frozen
 * off move they would spin only on their own time. */
Test(sandbox, cpu_limit_counts_the_whole_tree, .timeout = 120)
{
    need_sandbox();
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "10", "--limit-cpu", "1",
                          "--ponder", NULL};
    srun_match(&m, opts, ATTACK "spinners 4", RUN_TBOTS "slow_bot 200");
    record r;
    mrun_record(&m, 1, &r);
    cr_expect_str_eq(r.reason, "cpu-limit", "%s (%s)", r.reason,
                     r.detail ? r.detail : "");
    cr_expect_eq(r.fault_seat, seat_of(&r, "attack_bot"));
    cr_expect(r.detail && strstr(r.detail, "its processes used"), "%s",
              r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
}

/* ---- memory -------------------------------------------------------------- */

Test(sandbox, memory_cap_is_hard, .timeout = 120)
{
    need_root();
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "9", "--limit-mem", "64",
                          NULL};
    srun_match(&m, opts, RUN_PBOTS "hog_bot mem", RUN_BOTS "random_bot");
    record r;
    mrun_record(&m, 1, &r);
    cr_expect_str_eq(r.reason, "memory-limit", "%s (%s)", r.reason,
                     r.detail ? r.detail : "");
    /* The kernel's count of the box's memory never passed the cap (the
     * measured limit of old let a hog reach 1408 MiB against 1024). */
    const char *peak = r.detail ? strstr(r.detail, "peak ") : NULL;
    cr_assert(peak, "%s", r.detail ? r.detail : "");
    long mib = strtol(peak + 5, NULL, 10);
    cr_expect(mib > 0 && mib <= 64, "peak %ld MiB against a 64 MiB cap", mib);
    cr_expect_eq(r.fault_seat, seat_of(&r, "hog_bot"));
    record_release(&r);
    mrun_finish(&m);
}

/* ---- kill -9 of the referee ------------------------------------------ */

static void kill_9_with(const char *bot, int wait_for)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    const char *tag = dir + 5;
    char *argv[] = {RUN_REFEREE, "match", "--out", dir, "--seed", "4",
                    "--move-ms", "20000", (char *)bot,
                    RUN_BOTS "random_bot", NULL};
    pid_t pid = run_start(argv, tag);
    cr_assert_geq(pid, 0);
    /* Two boxed bots, a handshake and the attack's forks: seconds when
     * the other tests load the machine (the first 10 s were once not
     * enough under make test -j2); 30 s at most. */
    for (int i = 0; i < 3000 && run_count_tagged(tag) < wait_for; i++)
        usleep(10000);
    int going = run_count_tagged(tag);
    cr_assert_geq(going, wait_for,
                  "%s: the game did not get going (%d of %d processes)",
                  bot, going, wait_for);
    usleep(300000);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    /* Dying takes a moment on a loaded machine: 10 s at most. */
    for (int i = 0; i < 1000 && run_count_tagged(tag) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(tag), 0,
                 "%s: processes outlived the referee's kill -9", bot);
    run_rmtree(dir);
}

Test(sandbox, kill_9_leaves_no_unmarked_detached_descendant, .timeout = 120)
{
    need_sandbox();
    /* The chain's last generation is detached, orphaned and has dropped
     * the referee's mark from its environment; 32 orphans likewise. */
    kill_9_with(RUN_TBOTS "forker_bot chain", 8);
    kill_9_with(ATTACK "orphans 32", 20);
}

/* ---- an event's tables ------------------------------------------------ */

Test(sandbox, event_tables_state_the_isolation, .timeout = 120)
{
    need_root();
    char dir[256], def[512], out[OUT_MAX], path[600];
    run_tmpdir(dir, sizeof dir);
    const char *body =
        "seed: 3\nformat: round-robin\ngames_per_pair: 2\n"
        "entrants:\n"
        "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n"
        "  - {name: random, command: " RUN_BOTS "random_bot}\n";
    run_write_event(dir, "iso", body, def, sizeof def);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", def, NULL};
    cr_assert_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(path, sizeof path, "%s/results-iso/league.yaml", dir);
    char *t = run_slurp(path, NULL);
    cr_assert(t, "no %s", path);
    cr_expect(strstr(t, "isolation: full"), "%s", t);
    free(t);
    snprintf(path, sizeof path, "%s/results-iso/final.md", dir);
    t = run_slurp(path, NULL);
    cr_assert(t, "no %s", path);
    cr_expect(strstr(t, "Isolation: full"), "%s", t);
    free(t);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- where the machine allows no sandbox -------------------------------- */

/* Run as an unprivileged user, the referee cannot box bots: it says so
 * once, plays on as without a sandbox, and every record says "none". */
Test(sandbox, unprivileged_referee_says_none_once, .timeout = 120)
{
    need_root(); /* to become someone else */
    if (access("/usr/bin/setpriv", X_OK) != 0)
        cr_skip_test("no setpriv to drop privileges with");
    char dir[256], out[OUT_MAX], path[600];
    run_tmpdir(dir, sizeof dir);
    cr_assert_eq(chmod(dir, 0777), 0);
    char *argv[] = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
                    "--clear-groups", RUN_REFEREE, "match", "-n", "2",
                    "--seed", "3", "--out", dir, RUN_BOTS "greedy_bot",
                    RUN_BOTS "random_bot", NULL};
    int rc = run_cmd(argv, dir + 5, out, sizeof out);
    cr_assert_eq(rc, 0, "%s", out);
    const char *say = "bots run without a sandbox";
    const char *first = strstr(out, say);
    cr_expect(first, "no word about the missing sandbox:\n%s", out);
    cr_expect(!first || !strstr(first + 1, say), "said more than once:\n%s",
              out);
    for (int g = 1; g <= 2; g++) {
        char err[1024];
        record r;
        snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, g);
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_expect_str_eq(r.isolation, "none");
        cr_expect(r.sandbox && strstr(r.sandbox, "root"), "%s", r.sandbox);
        cr_expect(run_is_rules_end(r.reason), "%s", r.reason);
        record_release(&r);
    }
    for (int i = 0; i < 200 && run_count_tagged(dir + 5) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- cgroup v1 alone ------------------------------------------------------ */

/* This machine mixes v1 (pids, memory) with v2 (freezing, killing, CPU);
 * REFEREE_CGROUP=v1 makes the referee use v1 for everything, so that the
 * v1 freezer, CPU account and kill are tried too. */
Test(sandbox, v1_freezer_cpu_account_and_kill, .timeout = 240)
{
    need_sandbox();
    setenv("REFEREE_CGROUP", "v1", 1);
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "2", NULL};
    srun_match(&m, opts, RUN_BOTS "greedy_bot", RUN_BOTS "random_bot");
    record r;
    mrun_record(&m, 1, &r);
    cr_assert(r.sandbox && strstr(r.sandbox, "v1 pids,memory,freeze,cpu"),
              "%s", r.sandbox ? r.sandbox : "");
    record_release(&r);
    mrun_finish(&m);
    long boxed = sigcont_offturn_ms("on");
    cr_expect_lt(boxed, 200, "frozen (v1), it still used %ld ms", boxed);
    const char *cpu[] = {"-n", "1", "--seed", "10", "--limit-cpu", "1",
                         "--ponder", NULL};
    srun_match(&m, cpu, ATTACK "spinners 4", RUN_TBOTS "slow_bot 200");
    mrun_record(&m, 1, &r);
    cr_expect_str_eq(r.reason, "cpu-limit", "%s (%s)", r.reason,
                     r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
    kill_9_with(ATTACK "orphans 32", 20);
    unsetenv("REFEREE_CGROUP");
}

/* ---- what a dead referee left --------------------------------------------- */

/* The control group a referee killed before its guard started leaves
 * behind is removed by the next referee, with what ran in it. */
Test(sandbox, a_dead_referees_groups_are_removed, .timeout = 60)
{
    need_sandbox();
    /* a pid that is surely dead: a child of ours, reaped */
    pid_t dead = fork();
    if (dead == 0)
        _exit(0);
    waitpid(dead, NULL, 0);
    char run[256], bot[300];
    snprintf(run, sizeof run, "/sys/fs/cgroup/pids/referee-%d", (int)dead);
    snprintf(bot, sizeof bot, "%s/bot-1", run);
    if (mkdir(run, 0755) != 0)
        cr_skip_test("no v1 pids hierarchy at the root here");
    cr_assert_eq(mkdir(bot, 0755), 0);
    mrun m;
    const char *opts[] = {"-n", "1", "--seed", "2", NULL};
    srun_match(&m, opts, RUN_BOTS "greedy_bot", RUN_BOTS "random_bot");
    mrun_finish(&m);
    cr_expect_neq(access(run, F_OK), 0, "%s is still there", run);
    rmdir(bot);
    rmdir(run);
}

/* ---- the working directory ----------------------------------------------- */

/* A checkout in a folder only root may enter, under /tmp (which the box
 * covers with its own): the bot still starts there, and an interpreter
 * that turns its relative script path into an absolute one finds it. */
Test(sandbox, working_directory_in_a_closed_folder_under_tmp, .timeout = 120)
{
    need_sandbox();
    if (access("/usr/bin/python3", X_OK) != 0)
        cr_skip_test("no python3");
    char dir[256], cmd[2048], out[OUT_MAX], path[600], err[1024];
    run_tmpdir(dir, sizeof dir); /* mkdtemp: mode 0700 */
    char *cwd = getcwd(NULL, 0);
    cr_assert(cwd);
    /* Both bots inside the checkout: outside it, a path under /tmp is
     * the box's own /tmp. */
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/co/bots && cp %s/bots/python/random_bot.py "
             "%s/" RUN_BOTS "random_bot %s/co/bots/ && cd %s/co && exec %s/"
             RUN_REFEREE " match -n 1 --seed 4 --out %s/out "
             "'python3 bots/random_bot.py' %s/co/bots/random_bot",
             dir, cwd, cwd, dir, dir, cwd, dir, dir);
    free(cwd);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    int rc = run_cmd(argv, dir + 5, out, sizeof out);
    cr_assert_eq(rc, 0, "%s", out);
    snprintf(path, sizeof path, "%s/out/game-0001.yaml", dir);
    record r;
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s\n%s", err,
                 out);
    cr_expect(run_is_rules_end(r.reason), "%s (%s)", r.reason,
              r.detail ? r.detail : "");
    cr_expect_str_eq(r.isolation, "full");
    record_release(&r);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* More games at once than the sandbox has user ids for (a boxed bot holds
 * one): the referee says which limit and runs as many as fit. */
Test(sandbox, games_at_once_are_capped_by_the_user_ids, .timeout = 120)
{
    need_sandbox();
    mrun m;
    const char *opts[] = {"-n", "1", "-j", "600", "--seed", "2",
                          "--sandbox-uids", "60000-60999", NULL};
    srun_match(&m, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
    cr_expect(strstr(m.out, "-j 600 needs 1200 sandbox user ids, the range "
                            "has 1000 (--sandbox-uids); running 500 at once"),
              "%s", m.out);
    record r;
    mrun_record(&m, 1, &r);
    record_release(&r);
    mrun_finish(&m);
}
