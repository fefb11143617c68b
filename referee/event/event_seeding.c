/* event_seeding.c - how a swiss-cup's draw is seeded (see event_def.h;
 * EVENTS.md, "Draw"): by lot, in the given order, by the entrants'
 * ratings, or by the places of an earlier event's final ranking.  The key
 * `seed_order` names the order itself: event.yaml carries it, so that the
 * event can be recomputed without the ratings' source or the earlier
 * event's directory. */
#include "event/event_def_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const event_seedings[] = {
    [EVENT_SEED_LOT] = "lot",
    [EVENT_SEED_GIVEN] = "given",
    [EVENT_SEED_RATING] = "rating",
    [EVENT_SEED_RANKING] = "ranking",
};

/* Ratings beyond this are typos, not ratings. */
#define EVENT_RATING_MAX 1e7

const char *event_seeding_name(event_seeding s)
{
    return (unsigned)s <= EVENT_SEED_RANKING ? event_seedings[s] : "unknown";
}

int event_get_rating(ytree_ctx *c, const ytree_node *m, const char *pre,
                     event_entrant *e)
{
    const ytree_node *n;
    char f[96], g[64];
    if (ytree_map_find(c, m, pre, "rating", &n))
        return -1;
    if (!n || ytree_is_null(n))
        return 0;
    ytree_field(f, sizeof f, pre, "rating");
    char *end = NULL;
    errno = 0;
    double v = n->kind == YTREE_SCALAR && n->plain ? strtod(n->value, &end)
                                                   : NAN;
    if (!end || end == n->value || *end || errno || !isfinite(v) ||
        fabs(v) > EVENT_RATING_MAX)
        return ytree_fail(c, ytree_line(n), f,
                          "expected a number (a rating), got %s",
                          ytree_got(n, g, sizeof g));
    e->rated = true;
    e->rating = v;
    return 0;
}

/* Order ord[0..n) (entrant indices) by key, smaller first, keeping the
 * list order among equals. */
static void event_sort_by(int *ord, const double *key, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[ord[j]] < key[ord[j - 1]]; j--) {
            int t = ord[j];
            ord[j] = ord[j - 1];
            ord[j - 1] = t;
        }
}

/* By rating, best first; the unrated after, in the list's order. */
static int event_order_by_rating(ytree_ctx *c, const ytree_node *at,
                                 event_def *d)
{
    double *key = malloc((size_t)d->nentrants * sizeof *key);
    if (!key)
        return ytree_fail(c, ytree_line(at), "seeding", "out of memory");
    int rated = 0;
    for (int i = 0; i < d->nentrants; i++) {
        d->plan.seed_order[i] = i;
        rated += d->entrant[i].rated;
        key[i] = d->entrant[i].rated ? -d->entrant[i].rating : INFINITY;
    }
    if (rated)
        event_sort_by(d->plan.seed_order, key, d->nentrants);
    free(key);
    return rated ? 0
                 : ytree_fail(c, ytree_line(at), "seeding",
                              "rating: no entrant has a rating");
}

/* The row of each entrant in the ranking of DIR/final.yaml: its own row
 * when it was taken from there (`from:`), else the row of its name;
 * entrants it does not list after, in the list's order. */
static int event_order_by_ranking(ytree_ctx *c, const ytree_node *at,
                                  event_def *d)
{
    char path[4200], err[1024];
    snprintf(path, sizeof path, "%s/final.yaml", d->ranking);
    ytree_ctx fc = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root = NULL;
    const ytree_node *rank = NULL;
    if (ytree_load(&fc, "a final ranking", &root) ||
        ytree_get_kind(&fc, root, "", "ranking", YTREE_SEQ, &rank)) {
        ytree_free(root);
        return ytree_fail(c, ytree_line(at), "ranking", "%s", err);
    }
    double *key = malloc((size_t)d->nentrants * sizeof *key);
    if (!key) {
        ytree_free(root);
        return ytree_fail(c, ytree_line(at), "ranking", "out of memory");
    }
    for (int i = 0; i < d->nentrants; i++) {
        const event_entrant *e = &d->entrant[i];
        d->plan.seed_order[i] = i;
        key[i] = (double)PLAN_MAX_ENTRANTS * 2 + i;
        if (e->from && !strcmp(e->from, d->ranking)) {
            key[i] = e->from_row;
            continue;
        }
        for (size_t r = 0; r < rank->nkids; r++) {
            const ytree_node *name = NULL;
            if (rank->kids[r]->kind == YTREE_MAP &&
                ytree_map_find(&fc, rank->kids[r], "", "entrant", &name) ==
                    0 &&
                name && name->kind == YTREE_SCALAR &&
                !strcmp(name->value, e->name)) {
                key[i] = (double)r;
                break;
            }
        }
    }
    ytree_free(root);
    event_sort_by(d->plan.seed_order, key, d->nentrants);
    free(key);
    return 0;
}

/* `seed_order: [NAME, ...]`: every entrant once. */
static int event_get_seed_order(ytree_ctx *c, const ytree_node *list,
                                event_def *d)
{
    if (ytree_want_kind(c, list, "seed_order", YTREE_SEQ))
        return -1;
    if ((int)list->nkids != d->nentrants)
        return ytree_fail(c, ytree_line(list), "seed_order",
                          "lists %zu names for %d entrants", list->nkids,
                          d->nentrants);
    bool seen[PLAN_MAX_ENTRANTS] = {false};
    for (size_t i = 0; i < list->nkids; i++) {
        const ytree_node *n = list->kids[i];
        char f[48];
        snprintf(f, sizeof f, "seed_order[%zu]", i);
        int e = n->kind == YTREE_SCALAR ? event_entrant_index(d, n->value)
                                        : -1;
        if (e < 0 || seen[e])
            return ytree_fail(c, ytree_line(n), f, "%s",
                              e < 0 ? "not an entrant's name"
                                    : "names an entrant twice");
        seen[e] = true;
        d->plan.seed_order[i] = e;
    }
    return 0;
}

int event_get_seeding(ytree_ctx *c, const ytree_node *root, event_def *d)
{
    char *word = NULL;
    const ytree_node *order, *at;
    if (ytree_get_str(c, root, "", "seeding", false, &word) ||
        ytree_want_word(c, root, "", "seeding", word,
                        "lot,given,rating,ranking") ||
        ytree_get_str(c, root, "", "ranking", false, &d->ranking) ||
        ytree_map_find(c, root, "", "seed_order", &order) ||
        ytree_map_find(c, root, "", "seeding", &at)) {
        free(word);
        return -1;
    }
    for (int s = 0; word && s <= EVENT_SEED_RANKING; s++)
        if (!strcmp(word, event_seedings[s]))
            d->seeding = (event_seeding)s;
    free(word);
    if (!at)
        at = root;
    d->plan.seeded = d->seeding != EVENT_SEED_LOT;
    if (d->ranking && d->seeding != EVENT_SEED_RANKING)
        return ytree_fail(c, ytree_line(at), "ranking",
                          "only with seeding: ranking");
    if (order && !ytree_is_null(order)) {
        if (!d->plan.seeded)
            return ytree_fail(c, ytree_line(order), "seed_order",
                              "not with seeding: lot");
        d->seed_order_given = d->plan.has_seed_order = true;
        return event_get_seed_order(c, order, d);
    }
    if (d->seeding == EVENT_SEED_RANKING && !d->ranking)
        return ytree_fail(c, ytree_line(at), "seeding",
                          "ranking: needs `ranking: DIR`, the results "
                          "directory of the earlier event");
    d->plan.has_seed_order = d->seeding >= EVENT_SEED_RATING;
    if (d->seeding == EVENT_SEED_RATING)
        return event_order_by_rating(c, at, d);
    if (d->seeding == EVENT_SEED_RANKING)
        return event_order_by_ranking(c, at, d);
    return 0;
}
