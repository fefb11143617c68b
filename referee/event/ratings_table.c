/* ratings_table.c - an event's league ratings (see ratings_table.h). */
#include "event/ratings_table.h"

#include "util/fsutil.h"
#include "yaml/ywrite.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define RT_STR2(x) #x
#define RT_STR(x) RT_STR2(x)

/* One game between two entrants a < b, from a's side (1 won, 0 drawn,
 * -1 lost).  The games are sorted by pair and counted pair by pair: the
 * fit's input does not depend on the order the games came in, and a
 * league of thousands costs its games, not a square of pairs. */
typedef struct {
    int a, b, res;
} rt_one;

/* Order of the statuses in the table: above everyone, rated, below
 * everyone, then who cannot be placed. */
static int rt_class(ratings_status s)
{
    return s == RATINGS_ABOVE ? 0 : s == RATINGS_RATED ? 1
                                : s == RATINGS_BELOW   ? 2
                                                       : 3;
}

/* Ratings as printed (tenths), so that rows printed equal share a rank. */
static long rt_tenths(double x)
{
    return lround(x * 10);
}

static double rt_score(const ratings_table_row *r)
{
    return r->games ? r->points / (double)r->games : 0;
}

static int rt_cmp(const void *pa, const void *pb)
{
    const ratings_table_row *a = pa, *b = pb;
    int ca = rt_class(a->status), cb = rt_class(b->status);
    if (ca != cb)
        return ca < cb ? -1 : 1;
    if (a->status == RATINGS_RATED &&
        rt_tenths(a->rating) != rt_tenths(b->rating))
        return rt_tenths(a->rating) > rt_tenths(b->rating) ? -1 : 1;
    if (rt_score(a) != rt_score(b))
        return rt_score(a) > rt_score(b) ? -1 : 1;
    if (a->games != b->games)
        return a->games > b->games ? -1 : 1;
    return a->entrant < b->entrant ? -1 : a->entrant > b->entrant;
}

/* Nothing separates a and b in the model: both unbounded the same way, or
 * rated the same as printed. */
static bool rt_same_rank(const ratings_table_row *a,
                         const ratings_table_row *b)
{
    return a->status == b->status &&
           (a->status != RATINGS_RATED ||
            rt_tenths(a->rating) == rt_tenths(b->rating));
}

static const char *rt_note(const ratings_table_row *r, int fit)
{
    switch (r->status) {
    case RATINGS_RATED:
        return NULL;
    case RATINGS_ABOVE:
        return r->points == (double)r->games
                   ? "above all (won every game)"
                   : "above the rated (lost no point to them)";
    case RATINGS_BELOW:
        return r->points == 0 ? "below all (lost every game)"
                              : "below the rated (took no point from them)";
    default:
        return r->games == 0 ? "not rated (played no game)"
               : fit < 0     ? "not rated (no two entrants can be rated "
                               "against each other)"
                             : "not rated (not connected to the rated)";
    }
}

/* A game between entrants e0 and e1 whose result from e0's side is res
 * into one[*k]; nothing when they are not two entrants. */
static void rt_count(int n, rt_one *one, size_t *k, int e0, int e1, int res)
{
    if (e0 < 0 || e1 < 0 || e0 >= n || e1 >= n || e0 == e1)
        return;
    /* From the lower entrant's side. */
    bool lower = e0 < e1;
    one[(*k)++] = (rt_one){lower ? e0 : e1, lower ? e1 : e0,
                           lower ? res : -res};
}

/* A free-for-all game as a game between every two of its seats: the
 * better place wins, a shared place draws. */
static void rt_places(int n, rt_one *one, size_t *k, const tables_game *g)
{
    const int *pl = g->result.place;
    for (int s = 0; s < PLAN_MAX_SEATS && pl[s] > 0; s++)
        for (int t = s + 1; t < PLAN_MAX_SEATS && pl[t] > 0; t++)
            rt_count(n, one, k, g->game.entrant[s], g->game.entrant[t],
                     (pl[s] < pl[t]) - (pl[s] > pl[t]));
}

static int rt_one_cmp(const void *pa, const void *pb)
{
    const rt_one *x = pa, *y = pb;
    if (x->a != y->a)
        return x->a < y->a ? -1 : 1;
    return (x->b > y->b) - (x->b < y->b);
}

/* Every game between two entrants, one entry each (a free-for-all game
 * one per two seats), into *one; how many, or -1 out of memory. */
static long rt_games(int n, const tables_game *games, size_t ngames,
                     rt_one **one)
{
    size_t k = 0, cap = 1;
    for (size_t i = 0; i < ngames; i++)
        cap += games[i].result.place[0] > 0
                   ? PLAN_MAX_SEATS * (PLAN_MAX_SEATS - 1) / 2
                   : 1;
    *one = malloc(cap * sizeof **one);
    if (!*one)
        return -1;
    for (size_t i = 0; i < ngames; i++) {
        if (games[i].result.place[0] > 0) {
            rt_places(n, *one, &k, &games[i]);
            continue;
        }
        plan_outcome o = games[i].result.outcome;
        /* Seat 0's result. */
        int res = o == PLAN_SEAT0_WINS ? 1 : o == PLAN_SEAT1_WINS ? -1 : 0;
        rt_count(n, *one, &k, games[i].game.entrant[0],
                 games[i].game.entrant[1], res);
    }
    qsort(*one, k, sizeof **one, rt_one_cmp);
    return (long)k;
}

/* The sorted games one[0..k) as the fit's pairs into out; how many. */
static size_t rt_pairs(const rt_one *one, size_t k, ratings_game *out)
{
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        if (!m || out[m - 1].a != one[i].a || out[m - 1].b != one[i].b)
            out[m++] = (ratings_game){one[i].a, one[i].b, 0, 0, 0};
        ratings_game *p = &out[m - 1];
        if (one[i].res > 0)
            p->wins++;
        else if (one[i].res < 0)
            p->losses++;
        else
            p->draws++;
    }
    return m;
}

/* Each row's games and points from the pairs: they are there even when
 * the fit rates nobody. */
static void rt_totals(const ratings_game *rg, size_t m, ratings_table *out)
{
    for (size_t k = 0; k < m; k++) {
        const ratings_game *p = &rg[k];
        long n = p->wins + p->draws + p->losses;
        out->row[p->a].games += n;
        out->row[p->a].points += (double)p->wins + (double)p->draws / 2;
        out->row[p->b].games += n;
        out->row[p->b].points += (double)p->losses + (double)p->draws / 2;
    }
}

/* The fit, unless there are more entrants than it takes (its cost grows
 * as the cube of them). */
static int rt_fit(int n, const ratings_game *rg, size_t m,
                  ratings_player *pl, const char **why)
{
    if (n > RATINGS_MAX_PLAYERS) {
        *why = "more entrants than the fit takes (" RT_STR(
            RATINGS_MAX_PLAYERS) ")";
        return -1;
    }
    void *work = malloc(ratings_work_size(n));
    if (!work) {
        *why = "out of memory";
        return -1;
    }
    ratings_options opt = {.anchor = -1, .anchor_rating = 0};
    int fit = ratings_fit(n, rg, m, &opt, pl, work, why);
    free(work);
    return fit;
}

int ratings_table_compute(int nentrants, const tables_game *games,
                          size_t ngames, ratings_table *out, char *err,
                          size_t errlen)
{
    if (nentrants < 1 || nentrants > PLAN_MAX_ENTRANTS) {
        snprintf(err, errlen, "ratings: %d entrants: out of range",
                 nentrants);
        return -1;
    }
    size_t n = (size_t)nentrants;
    rt_one *one = NULL;
    long k = rt_games(nentrants, games, ngames, &one);
    ratings_game *rg = malloc((k > 0 ? (size_t)k : 1) * sizeof *rg);
    ratings_player *pl = malloc(n * sizeof *pl);
    if (k < 0 || !rg || !pl) {
        free(one);
        free(rg);
        free(pl);
        snprintf(err, errlen, "ratings: out of memory");
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->games = k;
    size_t m = rt_pairs(one, (size_t)k, rg);
    free(one);
    const char *why = NULL;
    out->fit = rt_fit(nentrants, rg, m, pl, &why);
    out->why = out->fit < 0 ? (why ? why : "the fit failed") : NULL;
    out->nrows = nentrants;
    for (int i = 0; i < nentrants; i++)
        out->row[i].entrant = i;
    rt_totals(rg, m, out);
    for (int i = 0; i < nentrants; i++) {
        ratings_table_row *r = &out->row[i];
        if (out->fit >= 0) {
            r->status = pl[i].status;
            r->rating = r->status == RATINGS_RATED ? pl[i].rating : 0;
            r->error = r->status == RATINGS_RATED ? pl[i].error : 0;
        } else {
            /* Nobody rated: only a clean sweep says where one stands. */
            r->status = r->games == 0                   ? RATINGS_APART
                        : r->points == (double)r->games ? RATINGS_ABOVE
                        : r->points == 0                ? RATINGS_BELOW
                                                        : RATINGS_APART;
        }
        r->note = rt_note(r, out->fit);
    }
    qsort(out->row, n, sizeof *out->row, rt_cmp);
    for (int i = 0; i < nentrants; i++) {
        ratings_table_row *r = &out->row[i];
        r->rank = r->status == RATINGS_APART ? 0
                  : i > 0 && rt_same_rank(r, &out->row[i - 1])
                      ? out->row[i - 1].rank
                      : i + 1;
    }
    free(rg);
    free(pl);
    return 0;
}

/* ---- output ---------------------------------------------------------- */

/* x to one decimal, never "-0.0". */
static const char *rt_num(char *buf, size_t len, double x)
{
    snprintf(buf, len, "%.1f", rt_tenths(x) == 0 ? 0.0 : x);
    return buf;
}

static const char *rt_status_word(ratings_status s)
{
    return s == RATINGS_RATED   ? "rated"
           : s == RATINGS_ABOVE ? "above"
           : s == RATINGS_BELOW ? "below"
                                : "apart";
}

static const char *rt_fit_word(int fit)
{
    return fit == RATINGS_ALL ? "all" : fit == RATINGS_PARTIAL ? "partial"
                                                               : "none";
}

static const char *rt_name(const event_def *def, int entrant)
{
    return entrant >= 0 && entrant < def->nentrants
               ? def->entrant[entrant].name
               : "?";
}

void ratings_table_yaml(FILE *f, const event_def *def,
                        const ratings_table *t, const char *isolation)
{
    char a[32], b[32];
    fprintf(f, "event: ");
    ywrite_str(f, def->name);
    fprintf(f, "\nrated: %s\n", def->teams ? "teams" : "entrants");
    if (isolation)
        fprintf(f, "isolation: %s\n", isolation);
    fprintf(f, "model: \"maximum likelihood, logistic (Bradley-Terry), "
               "Elo scale\"\n"
               "anchor: \"mean of the rated = 0\"\n"
               "draw: 0.5\ninterval: 0.95\n"
               "games: %ld\nfit: %s\n",
            t->games, rt_fit_word(t->fit));
    if (t->why) {
        fprintf(f, "why: ");
        ywrite_str(f, t->why);
        fputc('\n', f);
    }
    fprintf(f, "ratings:\n");
    for (int i = 0; i < t->nrows; i++) {
        const ratings_table_row *r = &t->row[i];
        if (r->rank)
            fprintf(f, "  - rank: %d\n", r->rank);
        else
            fprintf(f, "  - rank: null\n");
        fprintf(f, "    entrant: ");
        ywrite_str(f, rt_name(def, r->entrant));
        fprintf(f, "\n    status: %s\n", rt_status_word(r->status));
        if (r->status == RATINGS_RATED)
            fprintf(f, "    rating: %s\n    error: %s\n",
                    rt_num(a, sizeof a, r->rating),
                    rt_num(b, sizeof b, r->error));
        else
            fprintf(f, "    rating: null\n    error: null\n");
        fprintf(f, "    games: %ld\n    points: %s\n", r->games,
                rt_num(a, sizeof a, r->points));
        if (r->games)
            fprintf(f, "    score: %s\n",
                    rt_num(a, sizeof a, 100 * rt_score(r)));
        else
            fprintf(f, "    score: null\n");
        if (r->note) {
            fprintf(f, "    note: ");
            ywrite_str(f, r->note);
            fputc('\n', f);
        }
    }
}

void ratings_table_md(FILE *f, const event_def *def, const ratings_table *t,
                      const char *isolation)
{
    char a[32], b[32], c[32];
    fprintf(f, "## %s: ratings\n\n", def->name);
    fprintf(f, "Maximum-likelihood Elo (logistic, as Ordo) with 95%% "
               "intervals, the mean of the rated %s at 0, over %ld games "
               "(%s; a draw is half a point)%s.",
            def->teams ? "teams" : "entrants", t->games,
            def->plan.format == PLAN_SWISS_CUP
                ? "every scored game, group and cup, replays included"
            : def->plan.format == PLAN_FREE_FOR_ALL
                ? "every two seats of every scored game: the better place "
                  "wins, a shared place draws"
                : "every scored game",
            def->teams ? "; each entrant is a team of two" : "");
    if (isolation)
        fprintf(f, " Isolation: %s.", isolation);
    if (t->why)
        fprintf(f, " Nobody rated: %s.", t->why);
    fprintf(f, "\n\n| rank | entrant | rating | ± 95%% | games | points | "
               "score |\n|---:|---|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < t->nrows; i++) {
        const ratings_table_row *r = &t->row[i];
        if (r->rank)
            fprintf(f, "| %d ", r->rank);
        else
            fprintf(f, "| - ");
        fprintf(f, "| %s ", rt_name(def, r->entrant));
        if (r->status == RATINGS_RATED)
            fprintf(f, "| %s | %s ", rt_num(a, sizeof a, r->rating),
                    rt_num(b, sizeof b, r->error));
        else
            fprintf(f, "| %s | ", r->note);
        fprintf(f, "| %ld | %s | ", r->games,
                rt_num(c, sizeof c, r->points));
        if (r->games)
            fprintf(f, "%s%% |\n", rt_num(a, sizeof a, 100 * rt_score(r)));
        else
            fprintf(f, "- |\n");
    }
    fputc('\n', f);
}

/* ---- files ------------------------------------------------------------ */

typedef struct {
    const event_def *def;
    const ratings_table *t;
    const char *isolation;
} rt_ctx;

static int rt_yaml_file(FILE *f, void *arg)
{
    const rt_ctx *c = arg;
    ratings_table_yaml(f, c->def, c->t, c->isolation);
    return ferror(f) ? -1 : 0;
}

static int rt_md_file(FILE *f, void *arg)
{
    const rt_ctx *c = arg;
    ratings_table_md(f, c->def, c->t, c->isolation);
    return ferror(f) ? -1 : 0;
}

int ratings_table_write(const event_def *def, const tables_game *games,
                        size_t ngames, const char *isolation, char *err,
                        size_t errlen)
{
    ratings_table *t = malloc(sizeof *t);
    if (!t) {
        snprintf(err, errlen, "ratings: out of memory");
        return -1;
    }
    int rc = ratings_table_compute(def->nentrants, games, ngames, t, err,
                                   errlen);
    rt_ctx c = {.def = def, .t = t, .isolation = isolation};
    char path[4300];
    if (rc == 0) {
        snprintf(path, sizeof path, "%s/ratings.yaml", def->results);
        rc = fs_write_atomic(path, rt_yaml_file, &c, err, errlen);
    }
    if (rc == 0) {
        snprintf(path, sizeof path, "%s/ratings.md", def->results);
        rc = fs_write_atomic(path, rt_md_file, &c, err, errlen);
    }
    free(t);
    return rc ? -1 : 0;
}

void ratings_table_print(FILE *out, const event_def *def,
                         const tables_game *games, size_t ngames,
                         const char *isolation)
{
    char err[256];
    ratings_table *t = malloc(sizeof *t);
    if (!t || ratings_table_compute(def->nentrants, games, ngames, t, err,
                                    sizeof err) != 0)
        fprintf(out, "## %s: ratings\n\n(%s)\n\n", def->name,
                t ? err : "ratings: out of memory");
    else
        ratings_table_md(out, def, t, isolation);
    free(t);
}
