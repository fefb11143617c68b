/*
 * pentanomial.c - score, Elo, nElo, LOS and draw ratio of a match
 * (formulas and sources in pentanomial.h).
 */
#include "stats/pentanomial.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>

/* Counts above this are refused, so that every sum (and 2 * pairs) fits a
 * long with room to spare. */
#define COUNT_MAX (LONG_MAX / 16)

/* The first moments of a sample on k equally spaced points 0, 1/(k-1),
 * ..., 1 with (possibly fractional) counts c. */
typedef struct {
    double n, mean, var, skew, exkurt;
} moments;

static moments moments_of(const double *c, int k)
{
    moments m = {0, 0, 0, 0, 0};
    for (int i = 0; i < k; i++) {
        m.n += c[i];
        m.mean += c[i] * i / (k - 1);
    }
    m.mean /= m.n;
    double m3 = 0, m4 = 0;
    for (int i = 0; i < k; i++) {
        double d = (double)i / (k - 1) - m.mean, p = c[i] / m.n;
        m.var += p * d * d;
        m3 += p * d * d * d;
        m4 += p * d * d * d * d;
    }
    /* Only the regularised sample needs these, and its variance is > 0. */
    if (m.var > 0) {
        m.skew = m3 / pow(m.var, 1.5);
        m.exkurt = m4 / (m.var * m.var) - 3;
    }
    return m;
}

double penta_phi(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

double penta_score_of_elo(double elo) { return 1 / (1 + pow(10, -elo / 400)); }

double penta_elo_of_score(double score, bool *clamped)
{
    /* Clamping as fishtest does keeps every Elo finite; the sentinel is
     * returned exactly so callers can recognise it. */
    bool low = !(score > PENTA_SCORE_EPS), high = score >= 1 - PENTA_SCORE_EPS;
    if (clamped)
        *clamped = low || high;
    if (low)
        return -PENTA_ELO_MAX;
    if (high)
        return PENTA_ELO_MAX;
    return -400 * log10(1 / score - 1);
}

static bool counts_ok(const long *c, int k, long *total, const char **err)
{
    long sum = 0;
    for (int i = 0; i < k; i++) {
        if (c[i] < 0 || c[i] > COUNT_MAX) {
            if (err)
                *err = c[i] < 0 ? "negative count" : "count too large";
            return false;
        }
        sum += c[i];
    }
    if (sum > COUNT_MAX) {
        if (err)
            *err = "count too large";
        return false;
    }
    *total = sum;
    return true;
}

/* Elo of the score and of the ends of its interval; LOS. */
static void fill_elo(penta_report *out, double n)
{
    double s = out->score, se = sqrt(out->variance / n);
    bool c0, c1, c2;
    out->elo.value = penta_elo_of_score(s, &c0);
    out->elo.lo = penta_elo_of_score(s - PENTA_Z95 * se, &c1);
    out->elo.hi = penta_elo_of_score(s + PENTA_Z95 * se, &c2);
    out->elo.bounded = !(c0 || c1 || c2);
    if (out->variance > 0)
        out->los = penta_phi((s - 0.5) / se);
    else /* the score is certain: better, worse, or equal */
        out->los = s > 0.5 ? 1 : s < 0.5 ? 0 : 0.5;
}

/* fishtest's normalised Elo on the regularised counts c (k = 5 pairs,
 * k = 3 games); raw_var is the unregularised variance. */
static void fill_nelo(penta_report *out, const long *c, int k, double raw_var)
{
    double r[PENTA_BUCKETS];
    for (int i = 0; i < k; i++)
        r[i] = c[i] ? (double)c[i] : PENTA_REGULARIZE;
    moments m = moments_of(r, k);
    double t = (m.mean - 0.5) / sqrt(m.var);
    double var_t = 1 - t * m.skew + 0.25 * t * t * (m.exkurt + 2);
    double half = PENTA_Z95 * sqrt(fmax(var_t, 0) / m.n);
    /* A pair is two games: sigma per game is sqrt(2 v), hence 1/sqrt(2). */
    double scale = PENTA_NELO_PER_T / (k == PENTA_BUCKETS ? sqrt(2.0) : 1);
    out->nelo.value = scale * t;
    out->nelo.lo = scale * (t - half);
    out->nelo.hi = scale * (t + half);
    /* With no spread the true nElo is infinite unless the score is 1/2. */
    out->nelo.bounded = raw_var > 0 || out->score == 0.5;
}

/* The part common to pairs (k = 5) and games (k = 3): c are the counts,
 * low to high, n their sum (> 0). */
static void fill_scores(penta_report *out, const long *c, int k, long n)
{
    double d[PENTA_BUCKETS];
    for (int i = 0; i < k; i++)
        d[i] = (double)c[i];
    moments m = moments_of(d, k);
    out->score = m.mean;
    out->variance = m.var;
    fill_elo(out, (double)n);
    fill_nelo(out, c, k, m.var);
}

static penta_status empty_report(penta_report *out)
{
    penta_interval none = {0, -PENTA_ELO_MAX, PENTA_ELO_MAX, false};
    *out = (penta_report){.score = 0.5, .elo = none, .nelo = none,
                          .los = 0.5, .draw_ratio_lo = 0, .draw_ratio_hi = 1};
    return PENTA_EMPTY;
}

/* Whether per-game counts can come from these pairs: with k of the middle
 * pairs being WL (0 <= k <= n[MID]), wins = WD + 2 WW + k, losses =
 * 2 LL + LD + k, draws = LD + WD + 2 (MID - k). */
static bool games_fit_pairs(const long n[PENTA_BUCKETS], const penta_wdl *g)
{
    long k = g->wins - n[PENTA_WD] - 2 * n[PENTA_WW];
    return k >= 0 && k <= n[PENTA_MID] &&
           g->losses == 2 * n[PENTA_LL] + n[PENTA_LD] + k &&
           g->draws == n[PENTA_LD] + n[PENTA_WD] + 2 * (n[PENTA_MID] - k);
}

static bool wdl_ok(const penta_wdl *g, long *total, const char **err)
{
    long c[3] = {g->losses, g->draws, g->wins};
    return counts_ok(c, 3, total, err);
}

penta_status penta_from_pairs(const long n[PENTA_BUCKETS],
                              const penta_wdl *games, penta_report *out,
                              const char **err)
{
    long pairs, ngames;
    if (!counts_ok(n, PENTA_BUCKETS, &pairs, err) ||
        (games && !wdl_ok(games, &ngames, err)))
        return PENTA_EINVAL;
    if (games && !games_fit_pairs(n, games)) {
        if (err)
            *err = "per-game counts do not fit the pair counts";
        return PENTA_EINVAL;
    }
    if (pairs == 0)
        return empty_report(out);
    *out = (penta_report){.pairs = pairs, .games = 2 * pairs};
    fill_scores(out, n, PENTA_BUCKETS, pairs);
    double g = 2.0 * (double)pairs;
    if (games) {
        out->draw_ratio_lo = out->draw_ratio_hi = (double)games->draws / g;
    } else { /* the middle pairs all WL, or all DD */
        double sure = (double)(n[PENTA_LD] + n[PENTA_WD]);
        out->draw_ratio_lo = sure / g;
        out->draw_ratio_hi = (sure + 2.0 * (double)n[PENTA_MID]) / g;
    }
    out->pair_draw_ratio = (double)n[PENTA_MID] / (double)pairs;
    return PENTA_OK;
}

penta_status penta_from_games(const penta_wdl *games, penta_report *out,
                              const char **err)
{
    long total;
    if (!wdl_ok(games, &total, err))
        return PENTA_EINVAL;
    if (total == 0)
        return empty_report(out);
    long c[3] = {games->losses, games->draws, games->wins};
    *out = (penta_report){.games = total};
    fill_scores(out, c, 3, total);
    out->draw_ratio_lo = out->draw_ratio_hi =
        (double)games->draws / (double)total;
    return PENTA_OK;
}
