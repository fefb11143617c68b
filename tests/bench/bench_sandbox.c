/*
 * bench_sandbox.c - what a sandbox per bot costs, against no sandbox, in
 * the same run:
 *   - a bot's start: from spawning the random C bot to its `ready 1`, then
 *     its end (killed and reaped, its box removed);
 *   - a whole match of random C bots (two starts per game).
 * The two sides alternate and the best of several runs is kept, so that a
 * busy machine disturbs the ratio less.  Needs root (else it says so and
 * measures nothing).
 *
 * Run from the repository root after `make` (make bench does both).
 */
#include "clock/clock.h"
#include "proc/proc.h"
#include "sandbox/sandbox.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define BENCH_STARTS 200
#define BENCH_GAMES 40
#define BENCH_RUNS 5

/* Read from fd until "ready 1" has arrived; 0 or -1. */
static int bench_await_ready(int fd)
{
    char buf[4096];
    size_t have = 0;
    while (have < sizeof buf - 1) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 5000) <= 0)
            return -1;
        ssize_t n = read(fd, buf + have, sizeof buf - 1 - have);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (n <= 0)
            return -1;
        have += (size_t)n;
        buf[have] = '\0';
        if (strstr(buf, "ready 1\n"))
            return 0;
    }
    return -1;
}

/* One start, handshake and end of the random bot. */
static int bench_one_start(void)
{
    proc_child c;
    char err[512];
    proc_limits lim;
    proc_limits_defaults(&lim);
    if (proc_spawn("build/bots/random_bot", &lim, &c, err, sizeof err) !=
        PROC_OK) {
        fprintf(stderr, "bench_sandbox: %s\n", err);
        return -1;
    }
    int rc = write(c.in_fd, "protocol 1\n", 11) == 11 &&
                     bench_await_ready(c.out_fd) == 0
                 ? 0
                 : -1;
    proc_kill_all(&c);
    proc_reap(&c, NULL, true);
    proc_release(&c); /* waits for the box's init too */
    proc_close_fds(&c);
    return rc;
}

static double bench_starts(void)
{
    double t0 = clock_now();
    for (int i = 0; i < BENCH_STARTS; i++)
        if (bench_one_start() != 0)
            return -1;
    return (clock_now() - t0) / BENCH_STARTS;
}

static double bench_match(const char *sandbox)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "rm -rf /tmp/referee-bench-sb && ./build/referee match -n %d "
             "--seed 1 --sandbox %s --out /tmp/referee-bench-sb "
             "build/bots/random_bot build/bots/random_bot > /dev/null",
             BENCH_GAMES, sandbox);
    double t0 = clock_now();
    if (system(cmd) != 0)
        return -1;
    return (clock_now() - t0) / BENCH_GAMES;
}

/* The check made before each move of a boxed bot (cgroup_breaches_read),
 * and a stat() of a file for scale; seconds per call. */
#define BENCH_READS 20000
static void bench_breach_check(double *check, double *stat_s)
{
    sandbox_box box;
    char err[256];
    *check = *stat_s = -1;
    if (sandbox_box_open(&box, 999999, 64, 64, err, sizeof err) != 0) {
        fprintf(stderr, "bench_sandbox: %s\n", err);
        return;
    }
    cgroup_stats st;
    double t0 = clock_now();
    for (int i = 0; i < BENCH_READS; i++)
        cgroup_breaches_read(box.cg, &st);
    *check = (clock_now() - t0) / BENCH_READS;
    struct stat sb;
    t0 = clock_now();
    for (int i = 0; i < BENCH_READS; i++)
        stat("/proc/self/stat", &sb);
    *stat_s = (clock_now() - t0) / BENCH_READS;
    sandbox_box_close(&box);
}

static double bench_min(double best, double t)
{
    return t >= 0 && (best < 0 || t < best) ? t : best;
}

int main(void)
{
    if (geteuid() != 0) {
        printf("sandbox cost: not measured (needs root)\n");
        return 0;
    }
    proc_ignore_sigpipe();
    /* Before the sandbox is set up, proc_spawn starts bots without one. */
    double bare_start = -1;
    for (int i = 0; i < BENCH_RUNS; i++)
        bare_start = bench_min(bare_start, bench_starts());
    sandbox_options on;
    sandbox_options_defaults(&on);
    sandbox_setup(&on);
    if (!sandbox_active()) {
        printf("sandbox cost: not measured: %s\n", sandbox_detail());
        return 0;
    }
    /* Starts from the library; the match figures from the program, with
     * and without. */
    double box_start = -1, game_on = -1, game_off = -1;
    for (int i = 0; i < BENCH_RUNS; i++) {
        box_start = bench_min(box_start, bench_starts());
        game_on = bench_min(game_on, bench_match("on"));
        game_off = bench_min(game_off, bench_match("off"));
    }
    double check = -1, stat_s = -1;
    for (int i = 0; i < BENCH_RUNS; i++) {
        double c, st;
        bench_breach_check(&c, &st);
        check = bench_min(check, c);
        stat_s = bench_min(stat_s, st);
    }
    sandbox_teardown();
    system("rm -rf /tmp/referee-bench-sb");
    if (bare_start < 0 || box_start < 0 || game_on < 0 || game_off < 0) {
        fprintf(stderr, "bench_sandbox: run `make` first, from the "
                        "repository root\n");
        return 1;
    }
    printf("sandbox cost (best of %d runs each)\n", BENCH_RUNS);
    printf("  bot start to ready 1 and end, boxed: %8.2f ms (%d starts)\n",
           box_start * 1e3, BENCH_STARTS);
    printf("  the same without a box:             %8.2f ms\n",
           bare_start * 1e3);
    printf("  ratio boxed / bare start:           %8.2fx\n",
           box_start / bare_start);
    printf("  per game, sandbox on:               %8.2f ms\n", game_on * 1e3);
    printf("  per game, sandbox off:              %8.2f ms\n",
           game_off * 1e3);
    printf("  limit check before each move:       %8.2f us (a stat() %.2f us: "
           "%.1fx)\n",
           check * 1e6, stat_s * 1e6, check / stat_s);
    printf("  ratio on / off per game:            %8.2fx (%+.2f ms a game, "
           "two bot starts)\n",
           game_on / game_off, (game_on - game_off) * 1e3);
    return 0;
}
