/*
 * bench_multi.c - the Pentago Multiplayer engines' speed: random games per
 * second of the bitboard engine (multi.c, directly and through rules.h)
 * against the naive byte-board engine of the tests
 * (tests/support/naive_multi.c) in the same run, with the ratios; and
 * perft(2) from the start of 3p for both (2,099,520).
 *
 * Every game: list the legal moves, play a uniformly random one, until the
 * game ends; the same seed for every engine, so they play the same games
 * (the check sums say so).  Run from the repository root after `make`.
 */
#include "clock/clock.h"
#include "multi.h"
#include "rules.h"
#include "support/naive_multi.h"
#include "util/rng.h"

#include <stdio.h>
#include <stdlib.h>

#define BENCH_GAMES 2000

typedef struct {
    double seconds;
    long games, moves;
    uint64_t check; /* sum of plies and places: the same for every engine */
} bench_result;

static bench_result bench_fast(int nplayers, long games)
{
    bench_result res = {0, games, 0, 0};
    multi_settings s = {nplayers, nplayers, false};
    rng r;
    rng_seed(&r, 7);
    static multi_move moves[MULTI_MAX_MOVES];
    double t0 = clock_now();
    for (long g = 0; g < games; g++) {
        multi_pos p;
        multi_start(&p);
        int n;
        while (!p.over && (n = multi_legal_moves(&p, &s, moves)) > 0) {
            multi_apply(&p, &s, moves[rng_below(&r, (uint32_t)n)]);
            res.moves++;
        }
        res.check += p.ply;
        for (int c = 0; c < nplayers; c++)
            res.check += (uint64_t)p.place[c] << (8 * c);
    }
    res.seconds = clock_now() - t0;
    return res;
}

static bench_result bench_generic(int nplayers, long games)
{
    bench_result res = {0, games, 0, 0};
    char variant[8], err[256];
    snprintf(variant, sizeof variant, "%dp", nplayers);
    rules_game *gm = rules_game_new("pentago-multi", variant, NULL, err,
                                    sizeof err);
    if (!gm) {
        fprintf(stderr, "bench_multi: %s\n", err);
        exit(1);
    }
    rng r;
    rng_seed(&r, 7);
    static rules_move moves[RULES_MAX_MOVES];
    double t0 = clock_now();
    for (long g = 0; g < games; g++) {
        rules_pos pos;
        rules_start(gm, &pos);
        size_t n;
        while ((n = rules_legal_moves(gm, &pos, moves, RULES_MAX_MOVES)) > 0) {
            rules_apply(gm, &pos, &moves[rng_below(&r, (uint32_t)n)]);
            res.moves++;
        }
        rules_outcome_t o;
        rules_outcome(gm, &pos, &o);
        res.check += (uint64_t)rules_ply(gm, &pos);
        for (int s = 0; s < nplayers; s++)
            res.check += (uint64_t)o.place[s] << (8 * s);
    }
    res.seconds = clock_now() - t0;
    rules_game_free(gm);
    return res;
}

static bench_result bench_naive(int nplayers, long games)
{
    bench_result res = {0, games, 0, 0};
    rng r;
    rng_seed(&r, 7);
    static uint16_t moves[NAIVE_MULTI_MAX_MOVES];
    double t0 = clock_now();
    for (long g = 0; g < games; g++) {
        naive_multi p;
        naive_multi_start(&p, nplayers, false);
        int n, ply = 0;
        while (!p.over && (n = naive_multi_moves(&p, moves)) > 0) {
            naive_multi_apply(&p, moves[rng_below(&r, (uint32_t)n)]);
            res.moves++;
            ply++;
        }
        res.check += (uint64_t)ply;
        for (int s = 0; s < nplayers; s++)
            res.check += (uint64_t)p.place[s] << (8 * s);
    }
    res.seconds = clock_now() - t0;
    return res;
}

static void bench_print(const char *name, bench_result r, double base)
{
    double gps = r.games / r.seconds;
    printf("  %-28s %9.0f games/s %11.0f moves/s  %6.1fx  check %llu\n",
           name, gps, r.moves / r.seconds, base > 0 ? gps / base : 1.0,
           (unsigned long long)r.check);
}

int main(void)
{
    printf("bench_multi: Pentago Multiplayer, %d random games a variant\n",
           BENCH_GAMES);
    for (int n = 2; n <= 4; n++) {
        printf(" %dp\n", n);
        bench_result naive = bench_naive(n, BENCH_GAMES / 10);
        bench_result fast = bench_fast(n, BENCH_GAMES);
        bench_result generic = bench_generic(n, BENCH_GAMES);
        double base = naive.games / naive.seconds;
        bench_print("naive (byte board)", naive, 0);
        bench_print("bitboards", fast, base);
        bench_print("bitboards through rules.h", generic, base);
        if (fast.check != generic.check) {
            fprintf(stderr, "bench_multi: the engines played different "
                            "games\n");
            return 1;
        }
    }
    multi_settings s3 = {3, 3, false};
    multi_pos p;
    multi_start(&p);
    naive_multi q;
    naive_multi_start(&q, 3, false);
    double t0 = clock_now();
    uint64_t a = multi_perft(&p, &s3, 2);
    double t1 = clock_now();
    uint64_t b = naive_multi_perft(&q, 2);
    double t2 = clock_now();
    printf(" perft(2) of 3p: %llu in %.4f s, naive %llu in %.4f s (%.0fx)\n",
           (unsigned long long)a, t1 - t0, (unsigned long long)b, t2 - t1,
           (t2 - t1) / (t1 - t0));
    return a == b && a == 2099520 ? 0 : 1;
}
