/*
 * bench_pente.c - the Pente rules engines' speed: random games per second
 * and moves per second for the fast engine (pente.c, directly and through
 * rules.h) and the naive reference (tests/ref/pente_naive.c) in the same
 * run, with the ratios; and perft(4) from the start (43,183,392, the
 * published count) for the fast engine.
 *
 * Every game: list the legal moves, play a uniformly random one, until the
 * game ends; the same seed for every engine, so they play the same games.
 * Run from the repository root after `make` (make bench does both).
 */
#include "clock/clock.h"
#include "pente.h"
#include "rules.h"
#include "util/rng.h"
#include "ref/pente_naive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_GAMES 200

typedef struct {
    double seconds;
    long games, moves;
    uint64_t check; /* sum of final plies and winners: same for every engine */
} bench_result;

static pente_variant bench_variant(const char *v)
{
    return strcmp(v, "plus") == 0      ? PENTE_PLUS
           : strcmp(v, "partner") == 0 ? PENTE_PARTNER
           : strcmp(v, "team") == 0    ? PENTE_TEAM
                                       : PENTE_STANDARD;
}

/* The fast engine called directly. */
static bench_result bench_fast(const char *variant, long games)
{
    bench_result res = {0, games, 0, 0};
    pente_settings cfg;
    pente_settings_default(&cfg, bench_variant(variant));
    rng r;
    rng_seed(&r, 7);
    static pente_move moves[PENTE_MAX_MOVES];
    double t0 = clock_now();
    for (long g = 0; g < games; g++) {
        pente_pos p;
        pente_start(&p, &cfg);
        int n;
        while ((n = pente_legal_moves(&p, moves)) > 0) {
            pente_apply(&p, &moves[rng_below(&r, (uint32_t)n)]);
            res.moves++;
        }
        res.check += p.ply * 3u + (uint64_t)(p.winner + 1);
    }
    res.seconds = clock_now() - t0;
    return res;
}

/* The fast engine through rules.h, as the referee uses it. */
static bench_result bench_generic(const char *variant, long games)
{
    bench_result res = {0, games, 0, 0};
    char err[RULES_REASON_MAX];
    rules_game *gm = rules_game_new("pente", variant, NULL, err, sizeof err);
    if (!gm) {
        fprintf(stderr, "%s\n", err);
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
        int winner = -1;
        for (int s = 0; s < 2; s++)
            if (o.result[s] == RULES_RESULT_WIN)
                winner = s;
        res.check += (uint64_t)rules_ply(gm, &pos) * 3u +
                     (uint64_t)(winner + 1);
    }
    res.seconds = clock_now() - t0;
    rules_game_free(gm);
    return res;
}

/* The naive reference engine. */
static bench_result bench_naive(const char *variant, long games)
{
    bench_result res = {0, games, 0, 0};
    pente_variant v = bench_variant(variant);
    rng r;
    rng_seed(&r, 7);
    static pnaive_move moves[PNAIVE_MAX_MOVES];
    double t0 = clock_now();
    for (long g = 0; g < games; g++) {
        pnaive_pos p;
        pnaive_start(&p, (pnaive_variant)v, true, 0, 10,
                     pente_default_diamonds, v == PENTE_PLUS ? 12 : 0);
        int n;
        while (p.end == PNAIVE_ONGOING &&
               (n = pnaive_legal_moves(&p, moves)) > 0) {
            pnaive_apply(&p, &moves[rng_below(&r, (uint32_t)n)]);
            res.moves++;
        }
        res.check += (uint64_t)p.ply * 3u + (uint64_t)(p.winner + 1);
    }
    res.seconds = clock_now() - t0;
    return res;
}

/* Apply only: replay the moves of `games` random games (recorded first)
 * in the fast and the naive engine; moves per second of each. */
static void bench_apply(const char *variant, long games, double *fast_mps,
                        double *naive_mps)
{
    pente_variant v = bench_variant(variant);
    pente_settings cfg;
    pente_settings_default(&cfg, v);
    static pente_move moves[PENTE_MAX_MOVES];
    static pente_move played[64 * 400];
    static int len[64];
    rng r;
    rng_seed(&r, 11);
    long total = 0, k = 0;
    for (long g = 0; g < games && g < 64; g++) {
        pente_pos p;
        pente_start(&p, &cfg);
        int n;
        len[g] = 0;
        while ((n = pente_legal_moves(&p, moves)) > 0 && len[g] < 400) {
            played[k] = moves[rng_below(&r, (uint32_t)n)];
            pente_apply(&p, &played[k++]);
            len[g]++;
        }
        total += len[g];
    }
    int reps = 50;
    double t0 = clock_now();
    for (int rep = 0; rep < reps; rep++) {
        k = 0;
        for (long g = 0; g < games && g < 64; g++) {
            pente_pos p;
            pente_start(&p, &cfg);
            for (int i = 0; i < len[g]; i++)
                pente_apply(&p, &played[k++]);
        }
    }
    *fast_mps = (double)total * reps / (clock_now() - t0);
    t0 = clock_now();
    for (int rep = 0; rep < reps / 10; rep++) {
        k = 0;
        for (long g = 0; g < games && g < 64; g++) {
            pnaive_pos p;
            pnaive_start(&p, (pnaive_variant)v, true, 0, 10,
                         pente_default_diamonds, v == PENTE_PLUS ? 12 : 0);
            for (int i = 0; i < len[g]; i++, k++) {
                pnaive_move m = {played[k].cell, -1, played[k].power,
                                 {played[k].as[0], 0}};
                pnaive_apply(&p, &m);
            }
        }
    }
    *naive_mps = (double)total * (reps / 10) / (clock_now() - t0);
}

static void bench_print(const char *name, bench_result b, bench_result base)
{
    printf("  %-14s %9.0f games/s %12.0f moves/s  (%.1fx naive)\n", name,
           b.games / b.seconds, b.moves / b.seconds,
           (b.moves / b.seconds) / (base.moves / base.seconds));
}

int main(void)
{
    const char *variants[] = {"standard", "plus", "partner", "team"};
    printf("pente: random games (%d per engine and variant, uniformly random "
           "legal moves)\n",
           BENCH_GAMES);
    for (int v = 0; v < 4; v++) {
        bench_result naive = bench_naive(variants[v], BENCH_GAMES / 4);
        bench_result fast = bench_fast(variants[v], BENCH_GAMES);
        bench_result generic = bench_generic(variants[v], BENCH_GAMES);
        if (fast.check != generic.check) {
            fprintf(stderr, "%s: the fast engine and rules.h disagree\n",
                    variants[v]);
            return 1;
        }
        printf(" %s: %.1f plies per game\n", variants[v],
               (double)fast.moves / (double)fast.games);
        bench_print("naive", naive, naive);
        bench_print("fast", fast, naive);
        bench_print("fast rules.h", generic, naive);
        double fa, na;
        bench_apply(variants[v], 64, &fa, &na);
        printf("  apply only:    naive %.0f moves/s, fast %.0f moves/s "
               "(%.1fx)\n",
               na, fa, fa / na);
    }
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pente", NULL, NULL, err, sizeof err);
    if (!g) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    rules_pos pos;
    rules_start(g, &pos);
    double t0 = clock_now();
    uint64_t n = rules_perft(g, &pos, 4);
    double t = clock_now() - t0;
    printf("pente: perft(4) = %llu (published 43183392) in %.3f s, %.0f "
           "leaves/s\n",
           (unsigned long long)n, t, (double)n / t);
    rules_game_free(g);
    return n == 43183392ULL ? 0 : 1;
}
