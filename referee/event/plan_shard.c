/* plan_shard.c - which shard plays which game (see plan.h, plan_internal.h;
 * policy in EVENTS.md, "Sharding").
 *
 * Only phase 0 is split: its games wait for no other result, while every
 * later game (the cup's) does.  The split is a function of the games and
 * the entrants' costs alone, never of results or withdrawals, so that
 * every shard, on any machine and after any restart, computes the same
 * split, and their union is the phase, each game once, whatever N.
 *
 * Longest expected time first: the games by expected time, longest
 * first (listing order among equals), each to the shard with the least
 * expected time so far (the lowest index among equals).  With equal costs
 * that deals game k of the listing to shard k mod N; with unequal costs
 * no shard ends more than one game's time above the lightest. */
#include "event/plan_internal.h"

#include <stdlib.h>

/* A game's expected time: the costs of the entrants it seats. */
static int64_t plan_shard_weight(const plan *p, const plan_entry *g)
{
    int seats = p->cfg.format == PLAN_FREE_FOR_ALL ? p->cfg.seats : 2;
    int64_t w = 0;
    for (int s = 0; s < seats; s++) {
        int e = g->g.entrant[s];
        int c = e >= 0 && e < p->cfg.nentrants ? p->cfg.cost[e] : 0;
        w += c > 0 ? c : 1000;
    }
    return w;
}

typedef struct {
    int64_t weight;
    size_t pos; /* in the listing */
} plan_shard_item;

static int plan_shard_cmp(const void *a, const void *b)
{
    const plan_shard_item *x = a, *y = b;
    if (x->weight != y->weight)
        return x->weight > y->weight ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The shards' loads as a binary min-heap of (load, shard). */
typedef struct {
    int64_t load;
    int shard;
} plan_shard_load;

static bool plan_shard_less(const plan_shard_load *a,
                            const plan_shard_load *b)
{
    return a->load < b->load || (a->load == b->load && a->shard < b->shard);
}

static void plan_shard_sift(plan_shard_load *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && plan_shard_less(&h[l], &h[m]))
            m = l;
        if (r < n && plan_shard_less(&h[r], &h[m]))
            m = r;
        if (m == i)
            return;
        plan_shard_load t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

int plan_shard_assign(plan *p)
{
    size_t n = 0;
    for (size_t k = 0; k < p->ngames; k++)
        n += p->games[p->order[k]].g.phase == 0;
    p->nshard = n;
    if (p->cfg.shard_count == 0 || n == 0)
        return 0;
    /* More shards than games: the games go to the first shards. */
    size_t nsh = (size_t)p->cfg.shard_count < n ? (size_t)p->cfg.shard_count
                                                : n;
    plan_shard_item *it = malloc(n * sizeof *it);
    plan_shard_load *heap = malloc(nsh * sizeof *heap);
    if (!it || !heap) {
        free(it);
        free(heap);
        return -1;
    }
    size_t m = 0;
    for (size_t k = 0; k < p->ngames; k++) {
        const plan_entry *g = &p->games[p->order[k]];
        if (g->g.phase == 0)
            it[m++] = (plan_shard_item){plan_shard_weight(p, g), k};
    }
    qsort(it, n, sizeof *it, plan_shard_cmp);
    for (size_t s = 0; s < nsh; s++)
        heap[s] = (plan_shard_load){0, (int)s};
    p->nshard = 0;
    for (size_t k = 0; k < n; k++) {
        plan_entry *g = &p->games[p->order[it[k].pos]];
        g->shard = heap[0].shard;
        p->nshard += g->shard == p->cfg.shard_index;
        heap[0].load += it[k].weight;
        plan_shard_sift(heap, nsh, 0);
    }
    free(it);
    free(heap);
    return 0;
}

size_t plan_shard_games(const plan *p) { return p->nshard; }

bool plan_sharded_phase(const plan *p, const char *id)
{
    const plan_game *g = plan_find(p, id);
    return g && g->phase == 0;
}
