/*
 * test_usage.c - measuring a bot's memory and processes from /proc: the
 * stat line parser against hand-written lines, and whole scans of real
 * process trees (a group, a grandchild that left the group).
 */
#include "proc/usage.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

Test(usage, stat_line_fields_are_counted_after_the_last_paren)
{
    /* comm may hold spaces and parentheses: "a) (b c". */
    const char *line =
        "4242 (a) (b c) S 17 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 "
        "1 0 123 4096000 777 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 "
        "17 1 0 0 0 0 0\n";
    pid_t pid, ppid, pgrp;
    long rss;
    cr_assert_eq(proc_usage_parse_stat(line, &pid, &ppid, &pgrp, &rss), 0);
    cr_expect_eq(pid, 4242);
    cr_expect_eq(ppid, 17);
    cr_expect_eq(pgrp, 4242);
    cr_expect_eq(rss, 777);
}

Test(usage, malformed_stat_lines_are_refused)
{
    pid_t pid, ppid, pgrp;
    long rss;
    const char *bad[] = {"", "abc", "12 (x S 1 2", "12 (x) S 1 2 3",
                         "0 (x) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
                         "17 18 19 20 21 22"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_expect_eq(proc_usage_parse_stat(bad[i], &pid, &ppid, &pgrp, &rss),
                     -1, "accepted '%s'", bad[i]);
}

/* A child in a group of its own that touches mb MiB, forks a grandchild
 * into yet another session, and tells the parent through a pipe. */
static pid_t usage_start_tree(int mb, int *ready_fd)
{
    int p[2];
    cr_assert_eq(pipe(p), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        setpgid(0, 0);
        close(p[0]);
        char *mem = malloc((size_t)mb << 20);
        if (!mem)
            _exit(1);
        memset(mem, 1, (size_t)mb << 20);
        pid_t grand = fork();
        if (grand == 0) {
            setsid();
            for (;;)
                pause();
        }
        ssize_t w = write(p[1], &grand, sizeof grand);
        (void)w;
        for (;;)
            pause();
    }
    setpgid(pid, pid);
    close(p[1]);
    *ready_fd = p[0];
    return pid;
}

Test(usage, a_tree_is_measured_whole_and_strangers_are_not)
{
    int fd;
    pid_t tree = usage_start_tree(40, &fd);
    pid_t grand;
    cr_assert_eq(read(fd, &grand, sizeof grand), (ssize_t)sizeof grand);
    close(fd);
    cr_assert_gt(grand, 0);
    pid_t pgids[2] = {tree, 999999999};
    proc_usage use[2];
    cr_assert_eq(proc_usage_scan(pgids, 2, use), 0);
    cr_expect_eq(use[0].procs, 2, "the child and its setsid grandchild");
    cr_expect_geq(use[0].rss_kb, 40 * 1024, "rss %ld KiB", use[0].rss_kb);
    cr_expect_eq(use[1].procs, 0);
    cr_expect_eq(use[1].rss_kb, 0);
    /* The grandchild is in another session: the group kill misses it. */
    kill(grand, SIGKILL);
    kill(-tree, SIGKILL);
    waitpid(tree, NULL, 0);
}
