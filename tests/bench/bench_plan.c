/*
 * bench_plan.c - what an event's plan costs as it grows: making the plan
 * (every game of a round robin), and the runner's refill after a result
 * (plan_add_result, then plan_ready for the next games to start, as
 * event_run.c asks), per game, on round robins of 1,035 games (46
 * entrants: the baseline, in the same run), 100,128 games (448) and
 * 499,500 games (1,000).  Equal figures per game mean linear planning and
 * a refill that does not grow with the event.  Beside it, in the same run,
 * the refill as the runner made it before the plan kept its games without
 * a result in a list: every game looked at after each result (here: all
 * of them listed, over the first BENCH_SCANS results).  Also the plan's
 * memory per game (malloc's count, glibc).
 * Run from the repository root after `make` (make bench does both).
 */
#include "clock/clock.h"
#include "event/plan.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

/* The runner asks for this many ready games after each result
 * (EVENT_READY_ROOM for 16 games at once). */
#define BENCH_READY 64
/* Results refilled by a look at every game, for the comparison. */
#define BENCH_SCANS 20

typedef struct {
    int entrants;
    size_t games;
    double plan_s, refill_s; /* per game */
    double scan_s;           /* per result, every game looked at */
    double bytes;            /* per game */
} bench_row;

static plan_outcome bench_outcome(const plan_game *g)
{
    int a = g->entrant[0], b = g->entrant[1];
    if ((a + b) % 7 == 0)
        return PLAN_DRAW;
    return a < b ? PLAN_SEAT0_WINS : PLAN_SEAT1_WINS;
}

static int bench_league(int n, bench_row *row)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = PLAN_ROUND_ROBIN;
    c.nentrants = n;
    c.games_per_pair = 1;
    c.seed = 7;
    char err[256];
    struct mallinfo2 m0 = mallinfo2();
    size_t before = m0.uordblks + m0.hblkhd;
    double t0 = clock_now();
    plan *p = plan_new(&c, err, sizeof err);
    double t1 = clock_now();
    if (!p) {
        fprintf(stderr, "bench_plan: %s\n", err);
        return -1;
    }
    row->entrants = n;
    row->games = plan_known(p);
    struct mallinfo2 m1 = mallinfo2();
    row->bytes =
        (double)(m1.uordblks + m1.hblkhd - before) / (double)row->games;
    plan_game ready[BENCH_READY];
    plan_game *all = malloc(row->games * sizeof *all);
    if (!all) {
        plan_free(p);
        return -1;
    }
    size_t k = plan_ready(p, ready, BENCH_READY);
    double t2 = clock_now(), t4 = 0;
    size_t results = 0;
    while (k > 0) {
        plan_result r = {0};
        snprintf(r.id, sizeof r.id, "%s", ready[0].id);
        r.outcome = bench_outcome(&ready[0]);
        r.win_points[r.outcome == PLAN_SEAT1_WINS] =
            r.outcome == PLAN_DRAW ? 0 : 5;
        if (plan_add_result(p, &r, err, sizeof err) != 0) {
            fprintf(stderr, "bench_plan: %s\n", err);
            plan_free(p);
            return -1;
        }
        if (++results == BENCH_SCANS) {
            double t5 = clock_now();
            for (int i = 0; i < BENCH_SCANS; i++)
                plan_ready(p, all, row->games);
            t4 = clock_now() - t5;
            t2 += t4; /* not the refill's time */
        }
        k = plan_ready(p, ready, BENCH_READY);
    }
    double t3 = clock_now();
    free(all);
    row->scan_s = t4 / BENCH_SCANS;
    int done = plan_done(p);
    plan_free(p);
    row->plan_s = (t1 - t0) / (double)row->games;
    row->refill_s = (t3 - t2) / (double)row->games;
    return done ? 0 : -1;
}

int main(void)
{
    static const int sizes[] = {46, 448, 1000};
    bench_row rows[3];
    for (int i = 0; i < 3; i++)
        if (bench_league(sizes[i], &rows[i]) != 0)
            return 1;
    printf("bench_plan: a round robin's plan, per game, against %zu games "
           "(%d entrants) in the same run\n", rows[0].games,
           rows[0].entrants);
    printf("  %9s %8s %10s %10s %16s %12s\n", "games", "entrants",
           "planning", "refill", "every game seen", "memory/game");
    for (int i = 0; i < 3; i++)
        printf("  %9zu %8d %9.2fx %9.2fx %15.0fx %10.0f B\n", rows[i].games,
               rows[i].entrants, rows[i].plan_s / rows[0].plan_s,
               rows[i].refill_s / rows[0].refill_s,
               rows[i].scan_s / rows[0].refill_s, rows[i].bytes);
    return 0;
}
