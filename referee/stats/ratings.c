/*
 * ratings.c - maximum-likelihood league ratings with 95% intervals
 * (model, solver and sources in ratings.h).
 */
#include "stats/ratings.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#define ELO_C (2.302585092994046 / 400) /* ln 10 / 400: Elo to nats */
#define COUNT_MAX 1000000000000LL      /* per entry; sums stay far from LONG_MAX */
#define DEFAULT_ITERATIONS 100
#define DEFAULT_TOLERANCE 1e-7
#define HALVINGS 60 /* line search: 2^-60 of a Newton step is no step */

/* The work area, carved out of the caller's bytes:
 *   w    players^2 doubles: points i scored against j, at [i * P + j];
 *        after the fit, the rated players' covariance (m x m);
 *   cov  players^2 doubles: Fisher information / its Cholesky factor
 *        ((m-1) x (m-1)); after the fit, the covariance by player (P x P),
 *        what ratings_diff reads;
 *   five vectors of doubles and four of ints, players long. */
typedef struct {
    int P, m;      /* players; rated players */
    double *w, *cov;
    double *r;     /* ratings of the rated, by rated index; r[0] = 0 in the fit */
    double *g, *d, *trial, *col;
    int *idx;      /* rated index -> player; idx[0] is the fit's reference */
    int *mark_f, *mark_b, *queue;
} fit;

size_t ratings_work_size(int players)
{
    if (players < 1 || players > RATINGS_MAX_PLAYERS)
        return 0;
    size_t p = (size_t)players;
    return (2 * p * p + 5 * p) * sizeof(double) + 4 * p * sizeof(int);
}

static fit layout(int players, void *work)
{
    size_t p = (size_t)players;
    double *dbl = work;
    int *ints = (int *)(dbl + 2 * p * p + 5 * p);
    fit f = {.P = players, .w = dbl, .cov = dbl + p * p};
    f.r = f.cov + p * p;
    f.g = f.r + p;
    f.d = f.g + p;
    f.trial = f.d + p;
    f.col = f.trial + p;
    f.idx = ints;
    f.mark_f = ints + p;
    f.mark_b = ints + 2 * p;
    f.queue = ints + 3 * p;
    return f;
}

static int fail(const char **err, const char *why)
{
    if (err)
        *err = why;
    return -1;
}

/* ---- input ------------------------------------------------------------ */

static const char *check_game(int players, const ratings_game *g)
{
    if (g->a < 0 || g->a >= players || g->b < 0 || g->b >= players)
        return "player number out of range";
    if (g->a == g->b)
        return "a player cannot play itself";
    if (g->wins < 0 || g->draws < 0 || g->losses < 0)
        return "negative count";
    if (g->wins > COUNT_MAX || g->draws > COUNT_MAX || g->losses > COUNT_MAX)
        return "count too large";
    return NULL;
}

static const char *check_options(int players, const ratings_options *o)
{
    if (o->anchor < -1 || o->anchor >= players)
        return "anchor player out of range";
    if (!isfinite(o->anchor_rating))
        return "anchor rating must be finite";
    if (o->max_iterations < 0 || !(o->tolerance >= 0) ||
        !isfinite(o->tolerance))
        return "iteration cap and tolerance must not be negative";
    return NULL;
}

/* The points matrix and each player's totals. */
static const char *tally(fit *f, const ratings_game *games, size_t ngames,
                         ratings_player *out)
{
    int P = f->P;
    memset(f->w, 0, sizeof(double) * (size_t)P * (size_t)P);
    for (int i = 0; i < P; i++)
        out[i] = (ratings_player){.status = RATINGS_APART};
    for (size_t k = 0; k < ngames; k++) {
        const ratings_game *g = &games[k];
        const char *why = check_game(P, g);
        if (why)
            return why;
        long n = g->wins + g->draws + g->losses;
        if (n > LONG_MAX / 2 - out[g->a].games ||
            n > LONG_MAX / 2 - out[g->b].games)
            return "too many games";
        double half = 0.5 * (double)g->draws;
        f->w[g->a * P + g->b] += (double)g->wins + half;
        f->w[g->b * P + g->a] += (double)g->losses + half;
        out[g->a].points += (double)g->wins + half;
        out[g->b].points += (double)g->losses + half;
        out[g->a].games += n;
        out[g->b].games += n;
    }
    return NULL;
}

/* ---- who can be rated ------------------------------------------------- */

/* Mark (1) every player reachable from those already marked along "scored
 * against" (forward) or against it (backward). */
static void reach(fit *f, int *mark, bool forward)
{
    int P = f->P, head = 0, tail = 0;
    for (int i = 0; i < P; i++)
        if (mark[i])
            f->queue[tail++] = i;
    while (head < tail) {
        int x = f->queue[head++];
        for (int y = 0; y < P; y++) {
            double edge = forward ? f->w[x * P + y] : f->w[y * P + x];
            if (edge > 0 && !mark[y]) {
                mark[y] = 1;
                f->queue[tail++] = y;
            }
        }
    }
}

/* The strongly connected group of v: those v reaches and that reach v.
 * Leaves its members marked 1 in both mark arrays; returns its size. */
static int group_of(fit *f, int v)
{
    memset(f->mark_f, 0, sizeof(int) * (size_t)f->P);
    memset(f->mark_b, 0, sizeof(int) * (size_t)f->P);
    f->mark_f[v] = f->mark_b[v] = 1;
    reach(f, f->mark_f, true);
    reach(f, f->mark_b, false);
    int size = 0;
    for (int i = 0; i < f->P; i++)
        size += f->mark_f[i] && f->mark_b[i];
    return size;
}

/* The largest strongly connected group (lowest-numbered on a tie) goes to
 * idx; the others get their status relative to it.  idx doubles as the
 * "already grouped" flag while searching. */
static void choose_rated(fit *f, ratings_player *out)
{
    int P = f->P, best = -1, best_size = 0;
    for (int i = 0; i < P; i++)
        f->idx[i] = 0;
    for (int v = 0; v < P; v++) {
        if (f->idx[v])
            continue;
        int size = group_of(f, v);
        for (int i = 0; i < P; i++)
            f->idx[i] |= f->mark_f[i] && f->mark_b[i];
        if (size > best_size) {
            best = v;
            best_size = size;
        }
    }
    group_of(f, best);
    f->m = 0;
    for (int i = 0; i < P; i++)
        if (f->mark_f[i] && f->mark_b[i]) {
            f->idx[f->m++] = i;
            out[i].status = RATINGS_RATED;
        }
    /* Above: reaches the group (scored against it); below: reached. */
    for (int i = 0; i < P; i++)
        if (out[i].status != RATINGS_RATED)
            out[i].status = f->mark_b[i]   ? RATINGS_ABOVE
                            : f->mark_f[i] ? RATINGS_BELOW
                                           : RATINGS_APART;
}

/* ---- the fit ------------------------------------------------------------ */

/* ln p for a rating difference x = r_i - r_j, without overflow. */
static double log_p(double x)
{
    double z = -x * ELO_C; /* ln p = -softplus(z) */
    return z > 0 ? -(z + log1p(exp(-z))) : -log1p(exp(z));
}

static double prob(double x) { return 1 / (1 + exp(-x * ELO_C)); }

static double points(const fit *f, int k, int l)
{
    return f->w[f->idx[k] * f->P + f->idx[l]];
}

static double log_likelihood(const fit *f, const double *r)
{
    double ll = 0;
    for (int k = 0; k < f->m; k++)
        for (int l = 0; l < f->m; l++) {
            double wkl = k == l ? 0 : points(f, k, l);
            if (wkl > 0)
                ll += wkl * log_p(r[k] - r[l]);
        }
    return ll;
}

/* Gradient (in g, rated index) and Fisher information without the
 * reference (in cov, (m-1) x (m-1)) at f->r. */
static void derivatives(fit *f)
{
    int n = f->m - 1;
    memset(f->cov, 0, sizeof(double) * (size_t)n * (size_t)n);
    for (int k = 0; k < f->m; k++) {
        f->g[k] = 0;
        for (int l = 0; l < f->m; l++) {
            if (k == l)
                continue;
            double games = points(f, k, l) + points(f, l, k);
            if (games == 0)
                continue;
            double p = prob(f->r[k] - f->r[l]);
            double info = ELO_C * ELO_C * games * p * (1 - p);
            f->g[k] += ELO_C * (points(f, k, l) - games * p);
            if (k > 0)
                f->cov[(k - 1) * n + (k - 1)] += info;
            if (k > 0 && l > 0)
                f->cov[(k - 1) * n + (l - 1)] -= info;
        }
    }
}

/* In-place Cholesky factor (lower) of the n x n matrix a; false when it
 * is not positive definite. */
static bool cholesky(double *a, int n)
{
    for (int j = 0; j < n; j++) {
        double s = a[j * n + j];
        for (int k = 0; k < j; k++)
            s -= a[j * n + k] * a[j * n + k];
        if (!(s > 0))
            return false;
        a[j * n + j] = sqrt(s);
        for (int i = j + 1; i < n; i++) {
            double t = a[i * n + j];
            for (int k = 0; k < j; k++)
                t -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = t / a[j * n + j];
        }
    }
    return true;
}

/* Solve L L^T x = b in place (x overwrites b). */
static void cholesky_solve(const double *l, int n, double *b)
{
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < i; k++)
            b[i] -= l[i * n + k] * b[k];
        b[i] /= l[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        for (int k = i + 1; k < n; k++)
            b[i] -= l[k * n + i] * b[k];
        b[i] /= l[i * n + i];
    }
}

/* One damped Newton step; its largest move in *moved.  False when the
 * information is singular. */
static bool newton_step(fit *f, double *moved)
{
    int n = f->m - 1;
    derivatives(f);
    if (!cholesky(f->cov, n))
        return false;
    f->d[0] = 0;
    memcpy(f->d + 1, f->g + 1, sizeof(double) * (size_t)n);
    cholesky_solve(f->cov, n, f->d + 1);
    /* The likelihood is concave, so some fraction of the step raises it. */
    double ll = log_likelihood(f, f->r), t = 1;
    for (int h = 0; h < HALVINGS; h++, t /= 2) {
        for (int k = 0; k < f->m; k++)
            f->trial[k] = f->r[k] + t * f->d[k];
        if (log_likelihood(f, f->trial) >= ll)
            break;
    }
    *moved = 0;
    for (int k = 0; k < f->m; k++) {
        *moved = fmax(*moved, fabs(f->trial[k] - f->r[k]));
        f->r[k] = f->trial[k];
    }
    return true;
}

static const char *solve(fit *f, const ratings_options *o)
{
    int cap = o->max_iterations ? o->max_iterations : DEFAULT_ITERATIONS;
    double tol = o->tolerance > 0 ? o->tolerance : DEFAULT_TOLERANCE;
    for (int k = 0; k < f->m; k++)
        f->r[k] = 0;
    for (int it = 0; it < cap; it++) {
        double moved;
        if (!newton_step(f, &moved))
            return "singular information matrix";
        if (moved < tol)
            return NULL;
    }
    return "ratings did not converge within the iteration cap";
}

/* ---- intervals ------------------------------------------------------- */

/* The covariance relative to the reference, m x m in w (its row and
 * column 0 are 0): the inverse of the information, column by column. */
static const char *relative_covariance(fit *f)
{
    int n = f->m - 1, m = f->m;
    derivatives(f);
    if (!cholesky(f->cov, n))
        return "singular information matrix";
    memset(f->w, 0, sizeof(double) * (size_t)m * (size_t)m);
    for (int l = 0; l < n; l++) {
        for (int k = 0; k < n; k++)
            f->col[k] = k == l;
        cholesky_solve(f->cov, n, f->col);
        for (int k = 0; k < n; k++)
            f->w[(k + 1) * m + (l + 1)] = f->col[k];
    }
    return NULL;
}

/* Move ratings and covariance to the anchor: C'_kl = C_kl - v_k - v_l + c
 * where v is the anchor's column and c its variance (one player), or v the
 * row means and c their mean (the mean); the ratings shift likewise. */
static void anchor(fit *f, const ratings_options *o)
{
    int m = f->m, ka = -1;
    double *c = f->w, *v = f->col, centre = 0, shift = 0;
    for (int k = 0; k < m; k++)
        if (f->idx[k] == o->anchor)
            ka = k;
    for (int k = 0; k < m; k++) {
        v[k] = 0;
        for (int l = 0; l < m; l++)
            v[k] += c[k * m + l] / m;
        if (ka >= 0)
            v[k] = c[k * m + ka];
    }
    if (ka >= 0) {
        centre = c[ka * m + ka];
        shift = f->r[ka];
    } else {
        for (int k = 0; k < m; k++) {
            centre += v[k] / m;
            shift += f->r[k] / m;
        }
    }
    for (int k = 0; k < m; k++) {
        f->r[k] += o->anchor_rating - shift;
        for (int l = 0; l < m; l++)
            c[k * m + l] += centre - v[k] - v[l];
    }
}

/* The anchored covariance by player into cov, and the players' entries. */
static void report(fit *f, ratings_player *out)
{
    int P = f->P, m = f->m;
    memset(f->cov, 0, sizeof(double) * (size_t)P * (size_t)P);
    for (int k = 0; k < m; k++)
        for (int l = 0; l < m; l++)
            f->cov[f->idx[k] * P + f->idx[l]] = f->w[k * m + l];
    for (int k = 0; k < m; k++) {
        ratings_player *p = &out[f->idx[k]];
        p->rating = f->r[k];
        p->error = RATINGS_Z95 * sqrt(fmax(f->w[k * m + k], 0));
    }
}

int ratings_fit(int players, const ratings_game *games, size_t ngames,
                const ratings_options *opt, ratings_player *out, void *work,
                const char **err)
{
    ratings_options o = {.anchor = -1};
    if (opt)
        o = *opt;
    if (players < 1 || players > RATINGS_MAX_PLAYERS)
        return fail(err, "number of players out of range");
    if (!out || !work || (ngames && !games))
        return fail(err, "missing array");
    const char *why = check_options(players, &o);
    fit f = layout(players, work);
    if (!why)
        why = tally(&f, games, ngames, out);
    if (why)
        return fail(err, why);
    choose_rated(&f, out);
    if (f.m < 2)
        return fail(err, "no two players can be rated against each other");
    if (o.anchor >= 0 && out[o.anchor].status != RATINGS_RATED)
        return fail(err, "the anchor player's rating is unbounded");
    why = solve(&f, &o);
    if (!why)
        why = relative_covariance(&f);
    if (why)
        return fail(err, why);
    anchor(&f, &o);
    report(&f, out);
    return f.m == players ? RATINGS_ALL : RATINGS_PARTIAL;
}

int ratings_diff(int players, const ratings_player *out, const void *work,
                 int i, int j, double *diff, double *error)
{
    if (players < 1 || players > RATINGS_MAX_PLAYERS || i < 0 ||
        i >= players || j < 0 || j >= players ||
        out[i].status != RATINGS_RATED || out[j].status != RATINGS_RATED)
        return -1;
    const double *cov = (const double *)work + (size_t)players * (size_t)players;
    size_t P = (size_t)players;
    double var = cov[i * P + i] + cov[j * P + j] - 2 * cov[i * P + j];
    *diff = out[i].rating - out[j].rating;
    *error = RATINGS_Z95 * sqrt(fmax(var, 0));
    return 0;
}
