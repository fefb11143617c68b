/*
 * bench_match.c - the referee's cost per move with instant bots, beside the
 * physical limit measured in the same run: a line ping-pong between two
 * processes over a pair of pipes.
 *
 * Run from the repository root after `make` (make bench does both).
 */
#include "clock/clock.h"
#include "record/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define BENCH_ROUNDS 10000
#define BENCH_GAMES 40
/* Both sides are measured this many times and the best run kept, so that
 * a busy machine disturbs the ratio less. */
#define BENCH_RUNS 5

/* Round trips per second of one short line each way between two
 * processes: the floor under any referee that talks over pipes. */
static double bench_pingpong(void)
{
    int to_child[2], to_parent[2];
    if (pipe(to_child) || pipe(to_parent))
        return 0;
    pid_t pid = fork();
    if (pid == 0) {
        char buf[64];
        close(to_child[1]);
        close(to_parent[0]);
        ssize_t n;
        while ((n = read(to_child[0], buf, sizeof buf)) > 0)
            if (write(to_parent[1], "move a1 1R\n", 11) != 11)
                break;
        _exit(0);
    }
    close(to_child[0]);
    close(to_parent[1]);
    char buf[64];
    double t0 = clock_now();
    for (int i = 0; i < BENCH_ROUNDS; i++) {
        if (write(to_child[1], "turn 1000 -1\n", 13) != 13 ||
            read(to_parent[0], buf, sizeof buf) <= 0)
            break;
    }
    double t = clock_now() - t0;
    close(to_child[1]);
    close(to_parent[0]);
    waitpid(pid, NULL, 0);
    return BENCH_ROUNDS / t;
}

/* Run a match of random C bots; return seconds and count the moves. */
static double bench_referee(long *moves, long games, const char *bot)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "rm -rf /tmp/referee-bench && ./build/referee match -n %ld "
             "--seed 1 --out /tmp/referee-bench %s %s > /dev/null",
             games, bot, bot);
    double t0 = clock_now();
    if (system(cmd) != 0)
        return -1;
    double t = clock_now() - t0;
    *moves = 0;
    for (long g = 1; g <= games; g++) {
        char path[256], err[512];
        record r;
        snprintf(path, sizeof path, "/tmp/referee-bench/game-%04ld.yaml", g);
        if (record_read(path, &r, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return -1;
        }
        *moves += (long)r.nmoves;
        record_release(&r);
    }
    return t;
}

int main(void)
{
    double rt = 0, t = -1;
    long moves = 0;
    for (int i = 0; i < BENCH_RUNS; i++) {
        double r = bench_pingpong();
        if (r > rt)
            rt = r;
        double ti = bench_referee(&moves, BENCH_GAMES, "build/bots/random_bot");
        if (ti >= 0 && (t < 0 || ti < t))
            t = ti;
    }
    if (t < 0 || rt <= 0) {
        fprintf(stderr, "bench_match: run `make` first, from the "
                        "repository root\n");
        return 1;
    }
    double us_rt = 1e6 / rt, us_move = t * 1e6 / (double)moves;
    printf("match overhead (%d games of random C bots, one at a time; best "
           "of %d runs each)\n", BENCH_GAMES, BENCH_RUNS);
    printf("  pipe ping-pong round trip: %8.1f us  (%.0f/s)\n", us_rt, rt);
    printf("  referee, per move:         %8.1f us  (%ld moves in %.2f s, "
           "incl. 2 bot starts per game)\n", us_move, moves, t);
    printf("  referee, per game:         %8.1f ms\n", t * 1e3 / BENCH_GAMES);
    printf("  ratio per move / round trip: %.1fx\n", us_move / us_rt);
    system("rm -rf /tmp/referee-bench");
    return 0;
}
