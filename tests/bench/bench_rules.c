/*
 * bench_rules.c - how fast the Pentago rules engines are: the bitboard engine
 * behind rules.h against the naive reference engine (tests/ref), measured in
 * the same run.  See tests/bench/README.md for what each figure means.
 *
 *   bench_rules [seconds-per-random-games-run]   (default 2)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pentago.h"
#include "rules.h"
#include "util/rng.h"
#include "../ref/pentago_naive.h"

#define SEED 20240601ULL
/* Naive perft(4) is measured only if naive perft(3) says it will finish
 * within this many seconds (it is about 272 times as much work). */
#define NAIVE_PERFT4_BUDGET 60.0

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Play uniformly random games from the empty board with the fast engine
 * until budget seconds have passed; returns games per second.  *plies gets
 * the plies played.  With the same seed every engine plays the same games
 * in the same order (their move lists are identical), each as many as it
 * can within the budget. */
static double fast_random_games(const rules_game *g, double budget,
                                long *games, long *plies)
{
    static rules_move moves[RULES_MAX_MOVES];
    rng r;
    rng_seed(&r, SEED);
    *games = *plies = 0;
    double t0 = now(), t;
    do {
        for (int k = 0; k < 64; k++) {
            rules_pos pos;
            rules_start(g, &pos);
            size_t n;
            while ((n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES))) {
                rules_apply(g, &pos, &moves[rng_below(&r, (uint32_t)n)]);
                ++*plies;
            }
            ++*games;
        }
        t = now() - t0;
    } while (t < budget);
    return (double)*games / t;
}

/* The same on pentago.h directly, without the rules.h move structs. */
static double bitboard_random_games(double budget, long *games, long *plies)
{
    rng r;
    rng_seed(&r, SEED);
    *games = *plies = 0;
    double t0 = now(), t;
    do {
        for (int k = 0; k < 64; k++) {
            pentago_pos pos;
            pentago_start(&pos);
            pentago_move moves[PENTAGO_MAX_MOVES];
            int n;
            while ((n = pentago_legal_moves(&pos, moves))) {
                pentago_apply(&pos, moves[rng_below(&r, (uint32_t)n)],
                              PENTAGO_SWISS_2010);
                ++*plies;
            }
            ++*games;
        }
        t = now() - t0;
    } while (t < budget);
    return (double)*games / t;
}

/* The same with the naive engine and the same seed: the move lists are the
 * same, so the games are the same. */
static double naive_random_games(double budget, long *games, long *plies)
{
    rng r;
    rng_seed(&r, SEED);
    *games = *plies = 0;
    double t0 = now(), t;
    do {
        for (int k = 0; k < 64; k++) {
            naive_pos pos;
            naive_start(&pos);
            uint16_t moves[NAIVE_MAX_MOVES];
            int n;
            while ((n = naive_legal_moves(&pos, moves))) {
                naive_apply(&pos, moves[rng_below(&r, (uint32_t)n)],
                            NAIVE_SWISS_2010);
                ++*plies;
            }
            ++*games;
        }
        t = now() - t0;
    } while (t < budget);
    return (double)*games / t;
}

static double time_fast_perft(const rules_game *g, int depth, uint64_t *n)
{
    rules_pos pos;
    rules_start(g, &pos);
    double t0 = now();
    *n = rules_perft(g, &pos, depth);
    return now() - t0;
}

static double time_naive_perft(int depth, uint64_t *n)
{
    naive_pos pos;
    naive_start(&pos);
    double t0 = now();
    *n = naive_perft(&pos, depth, NAIVE_SWISS_2010);
    return now() - t0;
}

int main(int argc, char **argv)
{
    double budget = argc > 1 ? atof(argv[1]) : 2.0;
    if (budget <= 0) {
        fprintf(stderr, "usage: %s [seconds-per-random-games-run]\n",
                argv[0]);
        return 100;
    }
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", "swiss-2010", NULL, err,
                                   sizeof err);
    if (!g) {
        fprintf(stderr, "bench_rules: %s\n", err);
        return 111;
    }

    printf("Pentago rules benchmark (swiss-2010, seed %llu)\n",
           (unsigned long long)SEED);

    long fg, fp, bg, bp, ng, np;
    double fast = fast_random_games(g, budget, &fg, &fp);
    double bits = bitboard_random_games(budget, &bg, &bp);
    double naive = naive_random_games(budget, &ng, &np);
    printf("random games/s: fast %.0f  naive %.0f  ratio %.1fx"
           "  (fast through rules.h)\n",
           fast, naive, fast / naive);
    printf("random games/s: fast %.0f  naive %.0f  ratio %.1fx"
           "  (fast on pentago.h directly)\n",
           bits, naive, bits / naive);
    printf("  plies/game: rules.h %.2f  pentago.h %.2f  naive %.2f\n",
           (double)fp / (double)fg, (double)bp / (double)bg,
           (double)np / (double)ng);

    uint64_t fn3, nn3, fn4, nn4;
    double f3 = time_fast_perft(g, 3, &fn3);
    double n3 = time_naive_perft(3, &nn3);
    printf("perft(3) = %llu: fast %.3f s  naive %.3f s  ratio %.1fx%s\n",
           (unsigned long long)fn3, f3, n3, n3 / f3,
           fn3 == nn3 ? "" : "  MISMATCH");
    double f4 = time_fast_perft(g, 4, &fn4);
    /* Both perfts count the last ply in bulk, so their cost follows the
     * number of positions one ply up: perft(3) / perft(2) times more. */
    double n4_guess = n3 * (double)fn3 / 80640.0;
    if (n4_guess > NAIVE_PERFT4_BUDGET) {
        printf("perft(4) = %llu: fast %.3f s  naive not run (estimated "
               "%.0f s from perft(3), over %.0f s)\n",
               (unsigned long long)fn4, f4, n4_guess, NAIVE_PERFT4_BUDGET);
    } else {
        double n4 = time_naive_perft(4, &nn4);
        printf("perft(4) = %llu: fast %.3f s  naive %.3f s  ratio %.1fx%s\n",
               (unsigned long long)fn4, f4, n4, n4 / f4,
               fn4 == nn4 ? "" : "  MISMATCH");
    }
    printf("perft(4) counted move sequences/s: fast %.3g\n",
           (double)fn4 / f4);

    rules_game_free(g);
    return fn3 == nn3 && fg > 0 ? 0 : 1;
}
