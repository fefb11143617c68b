/*
 * sprt.c - the GSPRT on pentanomial counts (formulas, sources and the
 * method in sprt.h).
 */
#include "stats/sprt.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#define K PENTA_BUCKETS

/* Safeguarded Newton on the secular equation converges in a few steps;
 * past this cap the solver bisects alone, which always ends. */
#define NEWTON_STEPS 100

/* The sigmas scanned for the t-value MLE, ascending from SIGMA_FIRST
 * times the largest sigma any distribution with the t-value has (smax):
 * each SIGMA_RATIO times the last, at most smax / SIGMA_GRID above it.
 * Relative steps for small sigmas (nearly degenerate samples, all draws:
 * stationary points 1.3 times apart at sigmas of 1e-4), absolute ones
 * for large. */
#define SIGMA_FIRST 1e-12
#define SIGMA_RATIO 1.2
#define SIGMA_GRID 64
#define SIGMA_STEPS 200 /* regula falsi on sigma; it ends far sooner */

/* The least frequency of a bucket when an MLE fails without (mle_pair). */
#define P_FLOOR 1e-14

/* How far from the t-value constraint an MLE may land (fishtest checks
 * 1e-5); far below what moves an LLR. */
#define T_TOLERANCE 1e-9

static double score_of(int i) { return i / 4.0; } /* pair score / 2 */

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

/* f(x) = sum p_i b_i / (1 + x b_i) and f'(x) in *slope.  Past a pole
 * (possible only by rounding next to an end of the bracket) the sign the
 * pole gives is kept, so that the bracket still moves the right way. */
static double secular(const double p[K], const double b[K], double x,
                      double *slope)
{
    double f = 0, df = 0;
    for (int i = 0; i < K; i++) {
        double den = 1 + x * b[i];
        if (den <= 0) {
            *slope = NAN;
            return b[i] > 0 ? INFINITY : -INFINITY;
        }
        f += p[i] * b[i] / den;
        df -= p[i] * b[i] * b[i] / (den * den);
    }
    *slope = df;
    return f;
}

/* The next point: Newton's, at least tol away (so that near the root the
 * bracket closes from both sides), or the middle when Newton leaves the
 * bracket or has had its steps. */
static double secular_next(double x, double f, double slope, double lo,
                           double hi, double tol, bool newton)
{
    double dx = -f / slope;
    if (fabs(dx) < tol)
        dx = copysign(tol, dx);
    double next = x + dx;
    if (!newton || !(next > lo && next < hi))
        next = lo + (hi - lo) / 2;
    return next;
}

/* The root of the secular equation; *x holds a guess on entry (0, where
 * q = p, when none) and the root on return.  f falls strictly
 * from +inf to -inf on (-1/max b, -1/min b), so a bracket always holds the
 * root; false when the b do not change sign (no distribution meets the
 * constraint).  The tolerance is relative to x, or to 1/max|b| near
 * x = 0, so that every 1 + x b_i comes out to a few ulps. */
static bool secular_root(const double p[K], const double b[K], double *x)
{
    double bmin = b[0], bmax = b[0];
    for (int i = 1; i < K; i++) {
        bmin = fmin(bmin, b[i]);
        bmax = fmax(bmax, b[i]);
    }
    if (!(bmin < 0 && bmax > 0))
        return false;
    double lo = -1 / bmax, hi = -1 / bmin, unit = 1 / fmax(bmax, -bmin);
    if (!(*x > lo && *x < hi))
        *x = 0;
    for (int step = 0;; step++) {
        double slope, f = secular(p, b, *x, &slope);
        if (f == 0)
            break;
        if (f > 0)
            lo = *x;
        else
            hi = *x;
        double tol = 4 * DBL_EPSILON * fmax(fabs(*x), unit);
        double next = secular_next(*x, f, slope, lo, hi, tol,
                                   step < NEWTON_STEPS);
        if (hi - lo <= 2 * tol || next == lo || next == hi)
            break;
        *x = next;
    }
    return true;
}

/* q_i = p_i / (1 + x b_i) at the root x: the MLE whose constraint is
 * sum q_i b_i = 0.  The bucket whose denominator is smallest (an empty
 * bucket the MLE gives much weight: 1 + x b_i of the order of its 1e-3 /
 * N) loses most digits in the quotient; when that error (about
 * q_i / (1 + x b_i) ulps) exceeds 1 ulp, it is taken as 1 minus the
 * others, which the root makes exact.  *x: as secular_root.  False when
 * there is no root. */
static bool tilt(const double p[K], const double b[K], double q[K],
                 double *x)
{
    double den[K], rest = 0;
    if (!secular_root(p, b, x))
        return false;
    int pole = 0;
    for (int i = 0; i < K; i++) {
        den[i] = 1 + *x * b[i];
        q[i] = p[i] / den[i];
        if (den[i] < den[pole])
            pole = i;
    }
    for (int i = 0; i < K; i++)
        rest += i == pole ? 0 : q[i];
    if (den[pole] < q[pole] && rest < 1)
        q[pole] = 1 - rest;
    return true;
}

/* The MLE with expected pair score s (logistic model). */
static bool mle_score(const double p[K], double s, double q[K])
{
    double b[K], x = 0;
    for (int i = 0; i < K; i++)
        b[i] = score_of(i) - s;
    return tilt(p, b, q, &x);
}

/* A sigma tried for the t-value MLE, with its gap (below) and the tilt's
 * multiplier x, the next tilt's guess. */
typedef struct {
    double sigma, gap, x;
} t_point;

/* For the t-value constraint, the tilt with the b of the Lagrange
 * conditions at mean mu = 1/2 + t sigma and deviation sigma, and
 * gap = sum q_i (a_i - mu)^2 - sigma^2.  The tilt gives sum q_i b_i = 0,
 * which makes mean(q) - mu = t gap / (2 sigma): q meets the constraint,
 * and is a stationary point of the likelihood on it, exactly when
 * gap = 0 (for t = 0 too, where then sigma is q's own).  gap keeps its
 * scale as t goes to 0, which mean(q) - mu would not. */
static bool t_tilt(const double p[K], double t, t_point *pt, double q[K])
{
    double sigma = pt->sigma, mu = 0.5 + t * sigma, b[K], m2 = 0;
    for (int i = 0; i < K; i++) {
        double d = score_of(i) - mu;
        b[i] = score_of(i) - 0.5 - t * sigma / 2 - t * d * d / (2 * sigma);
    }
    if (!tilt(p, b, q, &pt->x))
        return false;
    for (int i = 0; i < K; i++) {
        double d = score_of(i) - mu;
        m2 += q[i] * d * d;
    }
    pt->gap = m2 - sigma * sigma;
    return true;
}

/* The next sigma between lo and hi: regula falsi's, the middle when
 * rounding puts it outside. */
static double t_next(const t_point *lo, const t_point *hi)
{
    double s = (lo->sigma * hi->gap - hi->sigma * lo->gap) /
               (hi->gap - lo->gap);
    if (s > lo->sigma && s < hi->sigma)
        return s;
    return lo->sigma + (hi->sigma - lo->sigma) / 2;
}

/* The root of gap between lo and hi (sigma ascending, gaps of opposite
 * signs) by the Illinois variant of regula falsi: never leaves the
 * bracket, and halving the gap of an end kept twice makes it close from
 * both sides, superlinearly.  q is the tilt at the last sigma tried;
 * false if the tilt fails on the way (a stretch without any). */
static bool t_refine(const double p[K], double t, t_point lo, t_point hi,
                     double q[K])
{
    int kept = 0; /* -1: lo was kept last time, +1: hi */
    for (int step = 0; step < SIGMA_STEPS; step++) {
        t_point m = {.sigma = t_next(&lo, &hi), .x = lo.x};
        if (!t_tilt(p, t, &m, q))
            return false;
        if (m.gap == 0 || hi.sigma - lo.sigma <= 4 * DBL_EPSILON * hi.sigma)
            break;
        if ((m.gap > 0) == (lo.gap > 0)) {
            lo = m;
            hi.gap /= kept > 0 ? 2 : 1;
            kept = 1;
        } else {
            hi = m;
            lo.gap /= kept < 0 ? 2 : 1;
            kept = -1;
        }
    }
    return true;
}

/* The sigma scanned after sigma (see SIGMA_FIRST); the last is smax. */
static double t_sigma_next(double sigma, double smax)
{
    double step = fmin(sigma * (SIGMA_RATIO - 1), smax / SIGMA_GRID);
    return fmin(smax, sigma + step);
}

static double loglik(const double p[K], const double q[K])
{
    double l = 0;
    for (int i = 0; i < K; i++)
        l += p[i] * log(q[i]);
    return l;
}

/* |t-value of q - t|, how well q meets the constraint. */
static double t_miss(const double q[K], double t)
{
    double mu = 0, var = 0;
    for (int i = 0; i < K; i++)
        mu += q[i] * score_of(i);
    for (int i = 0; i < K; i++)
        var += q[i] * (score_of(i) - mu) * (score_of(i) - mu);
    return fabs((mu - 0.5) / sqrt(var) - t);
}

/* The MLE with t-value (mu - 1/2) / sigma = t (normalized model).  The
 * constraint depends on q itself and its set is not convex, so the
 * likelihood on it can have several stationary points (bounds far from
 * the results, nearly all draws): every one is a root of gap(sigma)
 * (t_tilt), found by a sign change on the scan and regula falsi; the MLE
 * is the one of highest likelihood.  This replaces fishtest's fixed
 * point, which needs a tolerance double precision may not reach and can
 * settle on a lesser maximum. */
static bool mle_t(const double p[K], double t, double q[K])
{
    if (t == 0) /* the constraint is then mean(q) = 1/2, and linear */
        return mle_score(p, 0.5, q);
    double smax = 0.5 / sqrt(1 + t * t), best = -INFINITY, sigma = 0;
    t_point last = {0, 0, 0};
    bool have_last = false;
    while (sigma < smax) {
        sigma = sigma > 0 ? t_sigma_next(sigma, smax) : smax * SIGMA_FIRST;
        t_point pt = {.sigma = sigma, .x = last.x};
        double cand[K];
        if (!t_tilt(p, t, &pt, cand)) {
            have_last = false;
            continue;
        }
        bool root = pt.gap == 0 ||
                    (have_last && (pt.gap > 0) != (last.gap > 0) &&
                     t_refine(p, t, last, pt, cand));
        double l = root && t_miss(cand, t) < T_TOLERANCE ? loglik(p, cand)
                                                         : -INFINITY;
        if (l > best) {
            best = l;
            for (int j = 0; j < K; j++)
                q[j] = cand[j];
        }
        last = pt;
        have_last = true;
    }
    return best > -INFINITY;
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

/* The regularised frequencies p of the counts n, and their total, each
 * frequency at least floor. */
static const char *regularize(const long n[K], double floor, double p[K],
                              double *total)
{
    double sum = 0;
    *total = 0;
    for (int i = 0; i < K; i++) {
        if (n[i] < 0)
            return "negative count";
        /* fishtest's prior (LLRcalc.regularize): an empty bucket counts
         * as 1e-3 pairs, so that every MLE is inside the simplex. */
        p[i] = n[i] > 0 ? (double)n[i] : PENTA_REGULARIZE;
        *total += p[i];
    }
    for (int i = 0; i < K; i++) {
        p[i] = fmax(p[i] / *total, floor);
        sum += p[i];
    }
    for (int i = 0; i < K; i++)
        p[i] /= sum;
    return NULL;
}

/* The MLEs under H0 and H1 of the counts n; false if not found.  Past
 * 1e12 pairs, an MLE that gives weight to a bucket of frequency below
 * 1e-15 needs 1 + x b_i smaller than a double holds next to 1; then the
 * frequencies are raised to P_FLOOR and the MLEs sought again, which
 * moves such an LLR (of the order of N) by about 1e-9 of itself. */
static bool mle_pair(const sprt_params *sp, const long n[K], double p[K],
                     double *total, double q0[K], double q1[K])
{
    for (int pass = 0; pass < 2; pass++) {
        regularize(n, pass ? P_FLOOR : 0, p, total);
        if (mle(sp, p, sp->elo0, q0) && mle(sp, p, sp->elo1, q1))
            return true;
    }
    return false;
}

int sprt_llr(const sprt_params *sp, const long n[PENTA_BUCKETS], double *llr,
             const char **err)
{
    double total = 0, p[K], q0[K], q1[K], value = NAN;
    const char *why = sprt_check(sp);
    if (!why)
        why = regularize(n, 0, p, &total);
    if (!why && !mle_pair(sp, n, p, &total, q0, q1))
        why = "the maximum likelihood estimate under a hypothesis was "
              "not found";
    if (!why) {
        double sum = 0;
        for (int i = 0; i < K; i++)
            sum += p[i] * (log(q1[i]) - log(q0[i]));
        value = total * sum;
        if (!isfinite(value))
            why = "the LLR is not finite";
    }
    if (why) {
        if (err)
            *err = why;
        return -1;
    }
    *llr = value;
    return 0;
}

int sprt_evaluate(const sprt_params *sp, const long n[PENTA_BUCKETS],
                  sprt_state *out, const char **err)
{
    const char *bad = sprt_check(sp);
    if (bad) {
        if (err)
            *err = bad;
        return -1;
    }
    /* The bounds hang on alpha and beta alone: they are filled even when
     * the LLR fails, which is then NaN, never a plausible 0. */
    double llr = NAN;
    int rc = sprt_llr(sp, n, &llr, err);
    out->llr = llr;
    out->lower = log(sp->beta / (1 - sp->alpha));
    out->upper = log((1 - sp->beta) / sp->alpha);
    out->verdict = rc < 0              ? SPRT_CONTINUE
                   : llr >= out->upper ? SPRT_ACCEPT_H1
                   : llr <= out->lower ? SPRT_ACCEPT_H0
                                       : SPRT_CONTINUE;
    return rc;
}
