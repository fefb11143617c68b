/*
 * test_usage.c - measuring a bot's memory and tasks from /proc: the stat
 * line parser against hand-written lines, and whole scans of real process
 * trees (a grandchild that left the group, a process planted in another
 * bot's group, a stray child that belongs to no bot).
 */
#include "proc/usage.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

Test(usage, stat_line_fields_are_counted_after_the_last_paren)
{
    /* comm may hold spaces and parentheses: "a) (b c". */
    const char *line =
        "4242 (a) (b c) S 17 4243 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 "
        "3 0 123 4096000 777 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 "
        "17 1 0 0 0 0 0\n";
    proc_stat st;
    cr_assert_eq(proc_usage_parse_stat(line, &st), 0);
    cr_expect_eq(st.pid, 4242);
    cr_expect_eq(st.state, 'S');
    cr_expect_eq(st.ppid, 17);
    cr_expect_eq(st.pgrp, 4243);
    cr_expect_eq(st.threads, 3);
    cr_expect_eq(st.rss_pages, 777);
}

Test(usage, malformed_stat_lines_are_refused)
{
    proc_stat st;
    const char *bad[] = {"", "abc", "12 (x S 1 2", "12 (x) S 1 2 3",
                         "12 (x)", "12 (x) ",
                         "0 (x) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
                         "17 18 19 20 21 22"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_expect_eq(proc_usage_parse_stat(bad[i], &st), -1, "accepted '%s'",
                     bad[i]);
}

/* ---- scans of real process trees ------------------------------------- */

static void usage_sleep_forever(void)
{
    for (;;)
        pause();
}

/* A child in a group of its own ("a bot") that touches mb MiB, then runs
 * child(arg) in a forked process and reports that process's pid. */
static pid_t usage_bot(int mb, void (*child)(pid_t), pid_t arg, pid_t *kid)
{
    int p[2];
    cr_assert_eq(pipe(p), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        setpgid(0, 0);
        close(p[0]);
        char *mem = mb ? malloc((size_t)mb << 20) : NULL;
        if (mb && !mem)
            _exit(1);
        if (mem)
            memset(mem, 1, (size_t)mb << 20);
        pid_t k = -1;
        if (child && (k = fork()) == 0) {
            child(arg);
            usage_sleep_forever();
        }
        ssize_t w = write(p[1], &k, sizeof k);
        (void)w;
        usage_sleep_forever();
    }
    setpgid(pid, pid);
    close(p[1]);
    cr_assert_eq(read(p[0], kid, sizeof *kid), (ssize_t)sizeof *kid);
    close(p[0]);
    return pid;
}

static void usage_detach(pid_t unused)
{
    (void)unused;
    setsid();
}

static void usage_join(pid_t pgid)
{
    setpgid(0, pgid);
}

static void usage_end(pid_t bot, pid_t kid)
{
    if (kid > 0)
        kill(kid, SIGKILL);
    kill(-bot, SIGKILL);
    waitpid(bot, NULL, 0);
}

Test(usage, a_tree_is_measured_whole_and_strangers_are_not)
{
    pid_t kid;
    pid_t bot = usage_bot(40, usage_detach, 0, &kid);
    pid_t pgids[2] = {bot, 999999999};
    proc_usage use[2];
    proc_scan s = {.pgids = pgids, .n = 2, .keep = -1, .use = use};
    cr_assert_eq(proc_usage_scan(&s), 0);
    cr_expect_eq(use[0].procs, 2, "the bot and its setsid child");
    cr_expect_geq(use[0].tasks, 2);
    cr_expect_geq(use[0].mem_kb, 40 * 1024, "%ld KiB", use[0].mem_kb);
    cr_expect_lt(use[0].mem_kb, 200 * 1024, "%ld KiB", use[0].mem_kb);
    cr_expect_eq(use[1].procs, 0);
    cr_expect_eq(use[1].mem_kb, 0);
    cr_expect_eq(s.nstrays, 0, "a live bot is no stray");
    usage_end(bot, kid);
}

/* A process counts against the bot it descends from, even in another
 * bot's group, so no bot can make another pay for its processes. */
Test(usage, a_process_planted_in_another_group_counts_for_its_parent)
{
    pid_t none, kid;
    pid_t victim = usage_bot(0, NULL, 0, &none);
    pid_t planter = usage_bot(0, usage_join, victim, &kid);
    /* wait until the child has moved */
    for (int i = 0; i < 1000 && getpgid(kid) != victim; i++)
        usleep(1000);
    cr_assert_eq(getpgid(kid), victim);
    pid_t pgids[2] = {victim, planter};
    proc_usage use[2];
    proc_scan s = {.pgids = pgids, .n = 2, .keep = -1, .use = use};
    cr_assert_eq(proc_usage_scan(&s), 0);
    cr_expect_eq(use[0].procs, 1, "the victim alone");
    cr_expect_eq(use[1].procs, 2, "the planter and its child");
    usage_end(planter, kid);
    usage_end(victim, -1);
}

/* In the child of a planter bot: a grandchild joins the victim's group
 * and execs with the planter's id as its whole environment, and its
 * parent exits, so that it is orphaned to us. */
static void usage_plant(pid_t victim)
{
    if (fork() == 0) {
        setpgid(0, victim);
        char *envp[] = {"TESTMARK_=2", NULL};
        execle("/bin/sleep", "sleep", "60", (char *)0, envp);
        _exit(1);
    }
    usleep(100000); /* time for the exec */
    _exit(0);
}

/* Has pid died (a zombie, or gone)? */
static bool usage_dead(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return true;
    bool dead = fgets(buf, sizeof buf, f) && strstr(buf, ") Z ");
    fclose(f);
    return dead;
}

/* An orphan is charged to the bot its environment names, not to the group
 * it was planted in. */
Test(usage, a_planted_orphan_is_charged_to_the_bot_its_environment_names)
{
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    pid_t none, kid;
    pid_t victim = usage_bot(0, NULL, 0, &none);
    pid_t planter = usage_bot(0, usage_plant, victim, &kid);
    pid_t pgids[2] = {victim, planter};
    long ids[2] = {1, 2};
    proc_usage use[2];
    proc_scan s = {.pgids = pgids, .n = 2, .keep = -1, .ids = ids,
                   .mark = "TESTMARK_=", .use = use};
    /* until the grandchild is orphaned (its parent dies after its exec) */
    for (int i = 0; i < 2000 && !usage_dead(kid); i++)
        usleep(1000);
    cr_assert(usage_dead(kid));
    usleep(50000);
    cr_assert_eq(proc_usage_scan(&s), 0);
    cr_expect_eq(use[1].procs, 2, "the planter and its orphan");
    cr_expect_eq(use[0].procs, 1, "the victim alone");
    cr_expect_eq(s.nstrays, 0);
    kill(-victim, SIGKILL); /* the orphan is in the victim's group */
    usage_end(planter, -1);
    usage_end(victim, -1);
    while (waitpid(-1, NULL, WNOHANG) > 0)
        ;
}

/* Our children that are no bot's are strays, except the one kept. */
Test(usage, children_of_no_bot_are_strays)
{
    pid_t none;
    pid_t bot = usage_bot(0, NULL, 0, &none);
    pid_t stray = fork();
    cr_assert_geq(stray, 0);
    if (stray == 0)
        usage_sleep_forever();
    pid_t kept = fork();
    cr_assert_geq(kept, 0);
    if (kept == 0)
        usage_sleep_forever();
    proc_usage use[1];
    proc_scan s = {.pgids = &bot, .n = 1, .keep = kept, .use = use};
    cr_assert_eq(proc_usage_scan(&s), 0);
    bool seen = false;
    for (size_t i = 0; i < s.nstrays; i++) {
        cr_expect_neq(s.strays[i], bot);
        cr_expect_neq(s.strays[i], kept);
        seen |= s.strays[i] == stray;
    }
    cr_expect(seen, "the stray child was not found");
    kill(stray, SIGKILL);
    kill(kept, SIGKILL);
    waitpid(stray, NULL, 0);
    waitpid(kept, NULL, 0);
    usage_end(bot, -1);
}
