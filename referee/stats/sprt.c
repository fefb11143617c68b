/*
 * sprt.c - the GSPRT on pentanomial counts (formulas and sources in
 * sprt.h).
 */
#include "stats/sprt.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#define K PENTA_BUCKETS
/* The normalized MLE is a fixed point reached in a handful of steps; the
 * cap only stops a pathological case from looping. */
#define FIXED_POINT_STEPS 200
#define FIXED_POINT_TOLERANCE 1e-12

const char *sprt_check(const sprt_params *p)
{
    if (p->model != SPRT_LOGISTIC && p->model != SPRT_NORMALIZED)
        return "unknown SPRT model";
    /* Written as !(a <= b) so that NaN is refused too. */
    if (!(fabs(p->elo0) <= SPRT_ELO_LIMIT) ||
        !(fabs(p->elo1) <= SPRT_ELO_LIMIT))
        return "elo0 and elo1 must lie within -1000 and 1000";
    if (!(p->elo0 < p->elo1))
        return "elo0 must be less than elo1";
    if (!(p->alpha > 0 && p->alpha < 0.5))
        return "alpha must lie strictly between 0 and 0.5";
    if (!(p->beta > 0 && p->beta < 0.5))
        return "beta must lie strictly between 0 and 0.5";
    return NULL;
}

/* sum p_i b_i / (1 + x b_i).  Past a pole (possible only by rounding next
 * to an end of the bracket) the sign that the pole gives is kept, so that
 * bisection still moves the right way. */
static double secular(const double p[K], const double b[K], double x)
{
    double f = 0;
    for (int i = 0; i < K; i++) {
        double den = 1 + x * b[i];
        if (den <= 0)
            return b[i] > 0 ? INFINITY : -INFINITY;
        f += p[i] * b[i] / den;
    }
    return f;
}

/* The root of the secular equation.  The function falls strictly from
 * +inf to -inf on (-1/max b, -1/min b), so bisection cannot miss it; false
 * when the b do not change sign (no distribution meets the constraint). */
static bool secular_root(const double p[K], const double b[K], double *x)
{
    double bmin = b[0], bmax = b[0];
    for (int i = 1; i < K; i++) {
        bmin = fmin(bmin, b[i]);
        bmax = fmax(bmax, b[i]);
    }
    if (!(bmin < 0 && bmax > 0))
        return false;
    double lo = -1 / bmax, hi = -1 / bmin;
    while (hi - lo > 4 * DBL_EPSILON * fmax(1, fabs(lo) + fabs(hi))) {
        double mid = lo + (hi - lo) / 2;
        if (secular(p, b, mid) > 0)
            lo = mid;
        else
            hi = mid;
    }
    *x = lo + (hi - lo) / 2;
    return true;
}

/* q_i = p_i / (1 + x b_i) for the root x; false when there is none. */
static bool tilt(const double p[K], const double b[K], double q[K])
{
    double x;
    if (!secular_root(p, b, &x))
        return false;
    for (int i = 0; i < K; i++)
        q[i] = p[i] / (1 + x * b[i]);
    return true;
}

/* The MLE with expected pair score s (logistic model). */
static bool mle_score(const double p[K], double s, double q[K])
{
    double b[K];
    for (int i = 0; i < K; i++)
        b[i] = i / 4.0 - s;
    return tilt(p, b, q);
}

/* The MLE with t-value (mu - 1/2) / sigma = t (normalized model): the
 * constraint depends on q itself, hence the fixed point. */
static bool mle_t(const double p[K], double t, double q[K])
{
    for (int i = 0; i < K; i++)
        q[i] = 1.0 / K;
    for (int step = 0; step < FIXED_POINT_STEPS; step++) {
        double mu = 0, var = 0, b[K], next[K], change = 0;
        for (int i = 0; i < K; i++)
            mu += q[i] * i / 4.0;
        for (int i = 0; i < K; i++)
            var += q[i] * (i / 4.0 - mu) * (i / 4.0 - mu);
        double sigma = sqrt(var);
        for (int i = 0; i < K; i++) {
            double z = (mu - i / 4.0) / sigma;
            b[i] = i / 4.0 - 0.5 - t * sigma * (1 + z * z) / 2;
        }
        if (!tilt(p, b, next))
            return false;
        for (int i = 0; i < K; i++) {
            change = fmax(change, fabs(next[i] - q[i]));
            q[i] = next[i];
        }
        if (change < FIXED_POINT_TOLERANCE)
            return true;
    }
    return false;
}

/* The MLE under the hypothesis elo of the model. */
static bool mle(const sprt_params *sp, const double p[K], double elo,
                double q[K])
{
    if (sp->model == SPRT_LOGISTIC)
        return mle_score(p, penta_score_of_elo(elo), q);
    /* nElo is per game; a pair's t-value is sqrt(2) times larger. */
    return mle_t(p, sqrt(2.0) * elo / PENTA_NELO_PER_T, q);
}

int sprt_llr(const sprt_params *sp, const long n[PENTA_BUCKETS], double *llr,
             const char **err)
{
    const char *why = sprt_check(sp);
    double r[K], total = 0, p[K], q0[K], q1[K];
    for (int i = 0; !why && i < K; i++) {
        if (n[i] < 0)
            why = "negative count";
        /* fishtest's prior: an empty bucket counts as 1e-3 pairs. */
        r[i] = n[i] > 0 ? (double)n[i] : PENTA_REGULARIZE;
        total += r[i];
    }
    if (!why) {
        for (int i = 0; i < K; i++)
            p[i] = r[i] / total;
        if (!mle(sp, p, sp->elo0, q0) || !mle(sp, p, sp->elo1, q1))
            why = "no distribution fits the hypotheses (bounds too far "
                  "from the results)";
    }
    if (why) {
        if (err)
            *err = why;
        return -1;
    }
    double sum = 0;
    for (int i = 0; i < K; i++)
        sum += p[i] * (log(q1[i]) - log(q0[i]));
    *llr = total * sum;
    return 0;
}

int sprt_evaluate(const sprt_params *sp, const long n[PENTA_BUCKETS],
                  sprt_state *out, const char **err)
{
    double llr;
    if (sprt_llr(sp, n, &llr, err) < 0)
        return -1;
    out->llr = llr;
    out->lower = log(sp->beta / (1 - sp->alpha));
    out->upper = log((1 - sp->beta) / sp->alpha);
    out->verdict = llr >= out->upper   ? SPRT_ACCEPT_H1
                   : llr <= out->lower ? SPRT_ACCEPT_H0
                                       : SPRT_CONTINUE;
    return 0;
}
