/*
 * pentanomial.h - what a match between a candidate bot and a baseline says
 * about their strength: score, Elo, normalised Elo, LOS and draw ratio, from
 * game pairs (pentanomial counts) or from single games (trinomial counts),
 * the way fishtest and fastchess report them.
 *
 * Why pairs.  Both games of a pair start from the same opening with the
 * seats swapped, so their results are correlated; treating them as two
 * independent games overstates the variance.  A pair gives the candidate
 * 0, 1/2, 1, 3/2 or 2 points: the five buckets
 *     n[PENTA_LL], n[PENTA_LD], n[PENTA_MID] (DD or WL), n[PENTA_WD], n[PENTA_WW].
 * Everything is computed per pair on x = pair points / 2, in [0, 1]:
 *
 *     N      = n0 + ... + n4                       pairs
 *     s      = sum n_i (i/4) / N                   score per game
 *     var    = sum n_i (i/4 - s)^2 / N             variance of x per pair
 *     se     = sqrt(var / N)                       standard error of s
 *     Elo(s) = -400 log10(1/s - 1)                 logistic Elo
 *     95%    = [Elo(s - z se), Elo(s + z se)],     z = 1.959963984540054
 *     LOS    = Phi((s - 1/2) / se)
 *
 * (fastchess, elo_pentanomial.cpp; fishtest, stat_util.get_elo, which gives
 * the same figures but on regularised counts, see below.)  The trinomial
 * report is the same with one game per sample: x in {0, 1/2, 1}, counts
 * losses, draws, wins, N games.
 *
 * Normalised Elo is fishtest's (templates/tests_stats.mak): on the
 * regularised counts (every empty bucket gets 1e-3, as fishtest's
 * LLRcalc.regularize does, so that the moments below exist), with mean m,
 * variance v, skewness g1 and excess kurtosis g2 of x,
 *     t     = (m - 1/2) / sqrt(v)
 *     var_t = max(1 - t g1 + t^2 (g2 + 2) / 4, 0)  (delta method for a t-value)
 *     95%   = t -/+ z sqrt(var_t / N)
 *     nElo  = (800 / ln 10) t / sqrt(2)  for pairs  (sigma per game = sqrt(2 v))
 *     nElo  = (800 / ln 10) t            for games.
 * With no empty bucket its point value is fastchess's (s - 1/2) /
 * sqrt(2 var) 800/ln 10; fastchess's interval maps the score interval
 * instead, and differs slightly.
 *
 * Draw ratio is the share of games that were draws.  A pair in the middle
 * bucket is DD (two draws) or WL (none), which the counts cannot tell, so
 * without per-game counts the report gives the range [all WL, all DD];
 * with them (they must fit the pairs) the exact value.  pair_draw_ratio is
 * the share of pairs in the middle bucket, what fishtest and fastchess print
 * as the pentanomial draw ratio.
 *
 * Edge cases (no NaN or infinity ever reaches the caller):
 *  - no games: PENTA_EMPTY; score 1/2, variance 0, Elo and nElo 0 with
 *    the interval [-PENTA_ELO_MAX, PENTA_ELO_MAX] and bounded false, LOS 1/2,
 *    draw ratio range [0, 1];
 *  - score 0 or 1 (all lost, all won): Elo is -/+infinity; scores are
 *    clamped to [PENTA_SCORE_EPS, 1 - PENTA_SCORE_EPS] as fishtest's
 *    stat_util.elo does, so Elo is exactly -/+PENTA_ELO_MAX (1199.83) and
 *    bounded is false.  An interval end past 0 or 1 is clamped the same way
 *    (bounded false, the value itself stays exact);
 *  - variance 0 (every sample in one bucket): the Elo interval is the point,
 *    LOS is 1, 0 or 1/2 as the score is above, below or at 1/2; nElo is
 *    then finite only through the regularisation, and bounded is false
 *    unless the score is 1/2 (all draws: nElo 0).
 */
#ifndef STATS_PENTANOMIAL_H
#define STATS_PENTANOMIAL_H

#include <stdbool.h>

/* Buckets of the pair counts, by the candidate's points in the pair. */
enum { PENTA_LL, PENTA_LD, PENTA_MID, PENTA_WD, PENTA_WW, PENTA_BUCKETS };

#define PENTA_Z95 1.959963984540054      /* Phi^-1(0.975) */
#define PENTA_SCORE_EPS 1e-3             /* scores clamped before Elo */
#define PENTA_ELO_MAX 1199.826195290393  /* Elo of 1 - PENTA_SCORE_EPS */
#define PENTA_REGULARIZE 1e-3            /* fishtest's count for an empty bucket */
#define PENTA_NELO_PER_T 347.43558552260146 /* 800 / ln 10 */

/* Per-game results from the candidate's side. */
typedef struct {
    long wins, draws, losses;
} penta_wdl;

/* An estimate and its 95% interval; bounded false when the estimate or an
 * end had no finite value and was clamped (see the header comment). */
typedef struct {
    double value, lo, hi;
    bool bounded;
} penta_interval;

typedef struct {
    long pairs;            /* 0 in a trinomial report */
    long games;
    double score;          /* points per game, in [0, 1] */
    double variance;       /* per pair of pair points / 2; per game (trinomial) */
    penta_interval elo;    /* logistic Elo */
    penta_interval nelo;   /* normalised Elo (fishtest) */
    double los;            /* likelihood of superiority, in [0, 1] */
    double draw_ratio_lo;  /* share of games drawn: exact when lo == hi */
    double draw_ratio_hi;
    double pair_draw_ratio; /* share of pairs in the middle bucket (0 trinomial) */
} penta_report;

typedef enum {
    PENTA_EINVAL = -1, /* negative or huge counts, or games not fitting pairs */
    PENTA_OK = 0,
    PENTA_EMPTY = 1    /* no games: the report says "no information" */
} penta_status;

/* The report of the pair counts n; games, when not NULL, are the per-game
 * results of the same pairs (giving the exact draw ratio).  On
 * PENTA_EINVAL, *err (when err is not NULL) says why and out is unchanged. */
penta_status penta_from_pairs(const long n[PENTA_BUCKETS],
                              const penta_wdl *games, penta_report *out,
                              const char **err);

/* The same report from per-game counts alone (a fixed-games match whose
 * games were not paired). */
penta_status penta_from_games(const penta_wdl *games, penta_report *out,
                              const char **err);

/* Logistic Elo of a score, the score clamped to [PENTA_SCORE_EPS,
 * 1 - PENTA_SCORE_EPS]; *clamped (when not NULL) tells whether it was. */
double penta_elo_of_score(double score, bool *clamped);

/* Expected score of a logistic Elo difference: 1 / (1 + 10^(-elo/400)). */
double penta_score_of_elo(double elo);

/* Standard normal distribution function. */
double penta_phi(double x);

#endif
