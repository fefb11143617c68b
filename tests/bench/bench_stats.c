/*
 * bench_stats.c - what the statistics of a strength test cost per pair:
 * after every pair `referee sprt` computes the report (penta_from_pairs:
 * Elo, nElo and their intervals, LOS) and the test (sprt_evaluate: the
 * constrained MLE under H0 and H1), in the logistic and the normalised
 * model.  The baseline, in the same run: playing the pair's two games
 * through the rules engine alone (random Pentago moves via rules.h), the
 * least any pair costs.
 * Run from the repository root after `make` (make bench does both).
 */
#include "clock/clock.h"
#include "rules.h"
#include "stats/pentanomial.h"
#include "stats/sprt.h"
#include "util/rng.h"

#include <stdio.h>
#include <stdlib.h>

#define BENCH_PAIRS 20000

/* A plausible stream of pairs: a candidate a little stronger (8 % WW
 * against 6 % LL), most pairs split or drawn. */
static int bench_bucket(rng *r)
{
    static const int cumulative[5] = {6, 26, 68, 92, 100}; /* percent */
    uint32_t x = rng_below(r, 100);
    int b = 0;
    while (x >= (uint32_t)cumulative[b])
        b++;
    return b;
}

/* Seconds per pair for the report and the test after every pair. */
static double bench_stats(sprt_model model, double *llr)
{
    sprt_params p = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05,
                     .model = model};
    long n[PENTA_BUCKETS] = {0};
    rng r;
    rng_seed(&r, 3);
    double t0 = clock_now();
    for (long i = 0; i < BENCH_PAIRS; i++) {
        n[bench_bucket(&r)]++;
        penta_report rep;
        sprt_state st;
        penta_from_pairs(n, NULL, &rep, NULL);
        if (sprt_evaluate(&p, n, &st, NULL) == 0)
            *llr = st.llr;
    }
    return (clock_now() - t0) / BENCH_PAIRS;
}

/* Seconds per pair of random Pentago games through rules.h. */
static double bench_games(void)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", NULL, NULL, err, sizeof err);
    if (!g) {
        fprintf(stderr, "bench_stats: %s\n", err);
        exit(1);
    }
    static rules_move moves[RULES_MAX_MOVES];
    rng r;
    rng_seed(&r, 5);
    long games = 2000;
    double t0 = clock_now();
    for (long i = 0; i < games; i++) {
        rules_pos pos;
        rules_start(g, &pos);
        rules_outcome_t o = {0};
        while (!o.over) {
            size_t k = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
            rules_apply(g, &pos, &moves[rng_below(&r, (uint32_t)k)]);
            rules_outcome(g, &pos, &o);
        }
    }
    double per_pair = (clock_now() - t0) / games * 2;
    rules_game_free(g);
    return per_pair;
}

int main(void)
{
    double llr_l = 0, llr_n = 0;
    double games = bench_games();
    double logistic = bench_stats(SPRT_LOGISTIC, &llr_l);
    double normalized = bench_stats(SPRT_NORMALIZED, &llr_n);
    printf("bench_stats: statistics after every pair (%d pairs), against "
           "playing the pair's\n  two games in the rules engine alone "
           "(random Pentago, rules.h), same run\n", BENCH_PAIRS);
    printf("  %-44s %9.2f us\n", "two random games, rules only (baseline)",
           games * 1e6);
    printf("  %-44s %9.2f us  %6.3fx  (LLR at the end %.2f)\n",
           "report + test, logistic model", logistic * 1e6,
           logistic / games, llr_l);
    printf("  %-44s %9.2f us  %6.3fx  (LLR at the end %.2f)\n",
           "report + test, normalised model", normalized * 1e6,
           normalized / games, llr_n);
    return 0;
}
