/* plan.c - what an event plays (see plan.h; policy in EVENTS.md): the
 * plan's lifecycle, its store of games, the lots, results in and games
 * out.  The shape of the groups and schedules, the rankings and the cup
 * are in plan_shape.c, plan_rank.c and plan_cup.c (plan_internal.h).
 *
 * Pure: no I/O, no clock.  Memory is allocated only in plan_new() and
 * plan_add_result(); every lot comes from rng.h seeded with the event seed
 * and a tag naming the lot ("draw/groups", "seat/group-A-03", ...), so a
 * lot never depends on the order in which results arrive. */
#include "event/plan_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ----------------------------------------------------- */

void plan_seterr(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* FNV-1a of a string, to turn a lot's tag into a seed. */
static uint64_t plan_hash_str(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h;
}

void plan_lot_rng(const plan *p, rng *r, const char *tag)
{
    rng_seed(r, p->cfg.seed ^ plan_hash_str(tag));
    (void)rng_next(r);
}

/* Fisher-Yates. */
void plan_lot_shuffle(const plan *p, const char *tag, int *a, int n)
{
    rng r;
    plan_lot_rng(p, &r, tag);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&r, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

int plan_lot_bit(const plan *p, const char *prefix, const char *id)
{
    char tag[PLAN_ID_MAX + 32];
    snprintf(tag, sizeof tag, "%s%s", prefix, id);
    rng r;
    plan_lot_rng(p, &r, tag);
    return (int)rng_below(&r, 2);
}

/* ---- the store of games --------------------------------------------------- */

/* Make room for extra more games; -1 when out of memory (nothing changed
 * that matters: the arrays only grow). */
static int plan_reserve(plan *p, size_t extra)
{
    if (p->ngames + extra <= p->capgames)
        return 0;
    size_t cap = p->capgames ? p->capgames * 2 : 64;
    while (cap < p->ngames + extra)
        cap *= 2;
    plan_entry *g = realloc(p->games, cap * sizeof *g);
    if (!g)
        return -1;
    p->games = g;
    size_t *o = realloc(p->order, cap * sizeof *o);
    if (!o)
        return -1;
    p->order = o;
    size_t hcap = 1;
    while (hcap < 2 * cap)
        hcap *= 2;
    size_t *h = calloc(hcap, sizeof *h);
    if (!h)
        return -1;
    free(p->hash);
    p->hash = h;
    p->hashcap = hcap;
    p->capgames = cap;
    for (size_t i = 0; i < p->ngames; i++) {
        size_t k = plan_hash_str(p->games[i].g.id) & (hcap - 1);
        while (h[k])
            k = (k + 1) & (hcap - 1);
        h[k] = i + 1;
    }
    return 0;
}

/* Index of the game with this id, or -1. */
static long plan_find_game(const plan *p, const char *id)
{
    if (!p->hashcap)
        return -1;
    size_t k = plan_hash_str(id) & (p->hashcap - 1);
    while (p->hash[k]) {
        size_t i = p->hash[k] - 1;
        if (!strcmp(p->games[i].g.id, id))
            return (long)i;
        k = (k + 1) & (p->hashcap - 1);
    }
    return -1;
}

/* Listing order: phase, round, then sub (the creation number of a group or
 * league game, the tie and game number of a cup game, so that the order
 * does not depend on the order in which results came). */
static int64_t plan_order_key(int phase, int round, int64_t sub)
{
    return ((int64_t)phase * 100000 + round) * 1000000 + sub;
}

/* Insert game i into the listing after every game with a key not above
 * its own; returns its position there. */
static size_t plan_list_game(plan *p, size_t i)
{
    int64_t key = p->games[i].key;
    size_t lo = 0, hi = i;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->games[p->order[mid]].key <= key)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(p->order + lo + 1, p->order + lo, (i - lo) * sizeof *p->order);
    p->order[lo] = i;
    return lo;
}

/* ---- the games offered ------------------------------------------------------ */

/* Does the plan offer game g while it has no result: every game, or in a
 * sharded plan those of its shard? */
static bool plan_offers(const plan *p, const plan_entry *g)
{
    return !g->has_result &&
           (p->cfg.shard_count == 0 || g->shard == p->cfg.shard_index);
}

/* Put game i into the offered list after game `after` (index + 1; 0:
 * first). */
static void plan_open_after(plan *p, size_t i, size_t after)
{
    plan_entry *g = &p->games[i];
    size_t next = after ? p->games[after - 1].rnext : p->rhead;
    g->rprev = after;
    g->rnext = next;
    if (after)
        p->games[after - 1].rnext = i + 1;
    else
        p->rhead = i + 1;
    if (next)
        p->games[next - 1].rprev = i + 1;
    else
        p->rtail = i + 1;
    g->open = true;
    p->nopen++;
}

static void plan_close(plan *p, size_t i)
{
    plan_entry *g = &p->games[i];
    if (!g->open)
        return;
    if (g->rprev)
        p->games[g->rprev - 1].rnext = g->rnext;
    else
        p->rhead = g->rnext;
    if (g->rnext)
        p->games[g->rnext - 1].rprev = g->rprev;
    else
        p->rtail = g->rprev;
    g->open = false;
    g->rprev = g->rnext = 0;
    p->nopen--;
}

/* A game made after the first ones (the cup's), at position pos of the
 * listing: after the nearest offered game before it.  The walk back
 * passes at most the games listed before it, and only a cup makes games
 * later: a few dozen, in an event of at most 80 entrants. */
static void plan_open_listed(plan *p, size_t i, size_t pos)
{
    while (pos > 0 && !p->games[p->order[pos - 1]].open)
        pos--;
    plan_open_after(p, i, pos ? p->order[pos - 1] + 1 : 0);
}

/* The offered list of the first games, in listing order, from then on
 * kept as results come and games are made. */
static void plan_open_first(plan *p)
{
    for (size_t k = 0; k < p->ngames; k++)
        if (plan_offers(p, &p->games[p->order[k]]))
            plan_open_after(p, p->order[k], p->rtail);
    p->listing = true;
}

size_t plan_add_game(plan *p, const char *id, const char *stage, int phase,
                     int round, int a, int b, int group, int tie_idx)
{
    size_t i = p->ngames++;
    plan_entry *g = &p->games[i];
    memset(g, 0, sizeof *g);
    snprintf(g->g.id, sizeof g->g.id, "%s", id);
    snprintf(g->g.stage, sizeof g->g.stage, "%s", stage);
    g->g.phase = phase;
    g->g.round = round;
    g->g.entrant[0] = a;
    g->g.entrant[1] = b;
    rng r;
    plan_lot_rng(p, &r, id);
    g->g.seed = rng_next(&r);
    g->group = group;
    g->tie = tie_idx;
    g->gameno = tie_idx < 0 ? 0 : p->ties[tie_idx].games + 1;
    g->shard = -1;
    g->key = plan_order_key(phase, round,
                            tie_idx < 0
                                ? (int64_t)i
                                : (int64_t)p->ties[tie_idx].num * 1000 +
                                      p->ties[tie_idx].games);

    size_t k = plan_hash_str(id) & (p->hashcap - 1);
    while (p->hash[k])
        k = (k + 1) & (p->hashcap - 1);
    p->hash[k] = i + 1;
    size_t pos = plan_list_game(p, i);
    if (p->listing && plan_offers(p, g))
        plan_open_listed(p, i, pos);
    return i;
}

/* ---- lifecycle ------------------------------------------------------------------ */

void plan_config_defaults(plan_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->format = PLAN_SWISS_CUP;
    cfg->nentrants = 0;
    cfg->seed = 0;
    cfg->seeded = false;
    cfg->thirds = true;
    cfg->replay_cap = 8;
    cfg->games_per_pair = 2;
    cfg->challenger = 0;
    cfg->starts = PLAN_STARTS_BALANCED;
    cfg->cross = PLAN_CROSS_PER_GAME;
    cfg->separate_groups = true;
    cfg->third_place = false;
    cfg->fault_win_points = PLAN_FAULT_WP_ZERO;
}

/* Is the seed order, when given, a permutation of the entrants?  0, or
 * -1 with why. */
static int plan_check_seed_order(const plan_config *cfg, char *err,
                                 size_t errlen)
{
    if (!cfg->has_seed_order)
        return 0;
    bool seen[PLAN_MAX_ENTRANTS] = {false};
    for (int i = 0; i < cfg->nentrants; i++) {
        int e = cfg->seed_order[i];
        if (e < 0 || e >= cfg->nentrants || seen[e]) {
            plan_seterr(err, errlen, "seed_order must list every entrant "
                        "once: entry %d is %d", i, e);
            return -1;
        }
        seen[e] = true;
    }
    return 0;
}

/* The shard, and the costs that balance the shards.  0, or -1 with why. */
static int plan_check_shards(const plan_config *cfg, char *err,
                             size_t errlen)
{
    if (cfg->shard_count < 0 || cfg->shard_count > PLAN_SHARDS_MAX ||
        (cfg->shard_count &&
         (cfg->shard_index < 0 || cfg->shard_index >= cfg->shard_count))) {
        plan_seterr(err, errlen, "shard %d of %d: shards are 1..N, N at "
                    "most %d", cfg->shard_index + 1, cfg->shard_count,
                    PLAN_SHARDS_MAX);
        return -1;
    }
    for (int e = 0; e < cfg->nentrants; e++)
        if (cfg->cost[e] < 0 || cfg->cost[e] > PLAN_COST_MAX) {
            plan_seterr(err, errlen, "entrant %d: cost %d thousandths is "
                        "outside 0..%d", e, cfg->cost[e], PLAN_COST_MAX);
            return -1;
        }
    return 0;
}

/* The options that are one of a few words (enums), and the withdrawn. */
static int plan_check_options(const plan_config *cfg, char *err,
                              size_t errlen)
{
    if ((unsigned)cfg->starts > PLAN_STARTS_LOT ||
        (unsigned)cfg->cross > PLAN_CROSS_POINTS ||
        (unsigned)cfg->fault_win_points > PLAN_FAULT_WP_FULL) {
        plan_seterr(err, errlen, "unknown starts, cross or fault_win_points "
                    "(%d, %d, %d)", (int)cfg->starts, (int)cfg->cross,
                    (int)cfg->fault_win_points);
        return -1;
    }
    for (int e = cfg->nentrants; e < PLAN_MAX_ENTRANTS; e++)
        if (plan_config_withdrawn(cfg, e)) {
            plan_seterr(err, errlen, "withdrawn names an entrant beyond %d",
                        cfg->nentrants - 1);
            return -1;
        }
    if (plan_check_shards(cfg, err, errlen) != 0)
        return -1;
    return plan_check_seed_order(cfg, err, errlen);
}

/* Is cfg one the plan can be made of?  0, or -1 with why in err.  The
 * definition reader refuses the same values with the file and line; this
 * is the check for configurations made by hand. */
static int plan_check_config(const plan_config *cfg, char *err,
                             size_t errlen)
{
    if (!cfg) {
        plan_seterr(err, errlen, "no configuration");
        return -1;
    }
    if (cfg->format != PLAN_SWISS_CUP && cfg->format != PLAN_ROUND_ROBIN &&
        cfg->format != PLAN_GAUNTLET && cfg->format != PLAN_FREE_FOR_ALL) {
        plan_seterr(err, errlen, "unknown format %d", (int)cfg->format);
        return -1;
    }
    if (cfg->nentrants < 1 || cfg->nentrants > PLAN_MAX_ENTRANTS) {
        plan_seterr(err, errlen, "nentrants must be 1..%d, not %d",
                    PLAN_MAX_ENTRANTS, cfg->nentrants);
        return -1;
    }
    if (cfg->format == PLAN_SWISS_CUP &&
        (cfg->replay_cap < 1 || cfg->replay_cap > PLAN_REPLAY_CAP_MAX)) {
        plan_seterr(err, errlen, "replay_cap must be 1..%d, not %d",
                    PLAN_REPLAY_CAP_MAX, cfg->replay_cap);
        return -1;
    }
    if (cfg->format == PLAN_SWISS_CUP &&
        (cfg->qualifiers < 0 || cfg->qualifiers > PLAN_QUALIFIERS_MAX)) {
        plan_seterr(err, errlen, "qualifiers must be 0 (the default) to %d "
                    "per group, not %d", PLAN_QUALIFIERS_MAX,
                    cfg->qualifiers);
        return -1;
    }
    /* Cleared first: the message below must never show what a refused
     * shape left unset. */
    plan_shape probe;
    memset(&probe, 0, sizeof probe);
    if (cfg->format == PLAN_SWISS_CUP &&
        plan_swiss_shape_q(cfg->nentrants, cfg->thirds, cfg->qualifiers,
                           &probe) != 0) {
        plan_seterr(err, errlen, "qualifiers must be 1 or 2 per group, and "
                    "at most 16 in all (%d entrants make %d groups)",
                    cfg->nentrants, probe.groups);
        return -1;
    }
    if ((cfg->format == PLAN_ROUND_ROBIN || cfg->format == PLAN_GAUNTLET) &&
        (cfg->games_per_pair < 1 ||
         cfg->games_per_pair > PLAN_GAMES_PER_PAIR_MAX)) {
        plan_seterr(err, errlen, "games_per_pair must be 1..%d, not %d",
                    PLAN_GAMES_PER_PAIR_MAX, cfg->games_per_pair);
        return -1;
    }
    if (cfg->format == PLAN_GAUNTLET &&
        (cfg->challenger < 0 || cfg->challenger >= cfg->nentrants)) {
        plan_seterr(err, errlen, "challenger must be 0..%d, not %d",
                    cfg->nentrants - 1, cfg->challenger);
        return -1;
    }
    if (cfg->format == PLAN_FREE_FOR_ALL &&
        plan_ffa_check(cfg, err, errlen) != 0)
        return -1;
    return plan_check_options(cfg, err, errlen);
}

/* The event's lot for comparisons across groups. */
static void plan_draw_cross_lot(plan *p)
{
    int n = p->cfg.nentrants;
    int lot[PLAN_MAX_ENTRANTS];
    for (int i = 0; i < n; i++)
        lot[i] = i;
    plan_lot_shuffle(p, "lot/cross", lot, n);
    for (int i = 0; i < n; i++)
        p->cross_lot[lot[i]] = i;
}

/* Games of the group or league phase: all of them exist from the start. */
static size_t plan_first_games(const plan *p)
{
    size_t n = (size_t)p->cfg.nentrants, gpp = (size_t)p->cfg.games_per_pair;
    if (p->cfg.format == PLAN_SWISS_CUP)
        return (size_t)p->shape.group_games;
    if (p->cfg.format == PLAN_ROUND_ROBIN)
        return n * (n - 1) / 2 * gpp;
    if (p->cfg.format == PLAN_FREE_FOR_ALL)
        return (size_t)plan_ffa_games(&p->cfg);
    return (n - 1) * gpp;
}

plan *plan_new(const plan_config *cfg, char *err, size_t errlen)
{
    if (plan_check_config(cfg, err, errlen) != 0)
        return NULL;
    plan *p = calloc(1, sizeof *p);
    if (!p)
        goto nomem;
    p->cfg = *cfg;
    if (cfg->format == PLAN_FREE_FOR_ALL)
        plan_ffa_defaults(&p->cfg);
    p->final_tie = -1;
    p->third_tie = -1;
    plan_draw_cross_lot(p);
    if (cfg->format == PLAN_SWISS_CUP)
        plan_swiss_shape_q(cfg->nentrants, cfg->thirds, cfg->qualifiers,
                           &p->shape);
    if (plan_reserve(p, plan_first_games(p) + PLAN_GAMES_PER_STEP) < 0)
        goto nomem;
    if (cfg->format == PLAN_SWISS_CUP)
        plan_make_groups(p);
    else if (cfg->format == PLAN_FREE_FOR_ALL)
        plan_make_ffa(p);
    else
        plan_make_league(p);
    p->group_left = p->ngames;
    if (plan_shard_assign(p) != 0)
        goto nomem;
    plan_open_first(p);
    if (cfg->format == PLAN_SWISS_CUP && p->group_left == 0)
        plan_cup_build(p);
    return p;
nomem:
    plan_free(p);
    plan_seterr(err, errlen, "out of memory");
    return NULL;
}

void plan_free(plan *p)
{
    if (!p)
        return;
    free(p->games);
    free(p->order);
    free(p->hash);
    free(p);
}

/* ---- results ------------------------------------------------------------------- */

/* Can r be the result of game g?  0, or -1 with why in err. */
static int plan_check_result(const plan_entry *g, const plan_result *r,
                             char *err, size_t errlen)
{
    if (g->has_result) {
        plan_seterr(err, errlen, "game %s has a result already", g->g.id);
        return -1;
    }
    if (r->outcome != PLAN_SEAT0_WINS && r->outcome != PLAN_SEAT1_WINS &&
        r->outcome != PLAN_DRAW && r->outcome != PLAN_BOTH_LOSE) {
        plan_seterr(err, errlen, "game %s: unknown outcome %d", g->g.id,
                    (int)r->outcome);
        return -1;
    }
    if ((unsigned)r->how > PLAN_HOW_ADJUDICATED) {
        plan_seterr(err, errlen, "game %s: unknown kind of result %d",
                    g->g.id, (int)r->how);
        return -1;
    }
    if (r->win_points[0] < 0 || r->win_points[1] < 0) {
        plan_seterr(err, errlen, "game %s: negative win points", g->g.id);
        return -1;
    }
    /* A record may claim anything; the sums of many must not overflow. */
    int most = r->win_points[0] > r->win_points[1] ? r->win_points[0]
                                                   : r->win_points[1];
    if (most > PLAN_MAX_WIN_POINTS) {
        plan_seterr(err, errlen, "game %s: win points %d are more than %d",
                    g->g.id, most, PLAN_MAX_WIN_POINTS);
        return -1;
    }
    return 0;
}

int plan_add_result(plan *p, const plan_result *r, char *err, size_t errlen)
{
    long gi = plan_find_game(p, r->id);
    if (gi < 0) {
        plan_seterr(err, errlen, "no game %.*s in the plan", PLAN_ID_MAX - 1,
                    r->id);
        return -1;
    }
    if (plan_check_result(&p->games[gi], r, err, errlen) != 0 ||
        (p->cfg.format == PLAN_FREE_FOR_ALL &&
         plan_ffa_check_result(p, &p->games[gi], r, err, errlen) != 0))
        return -1;
    /* Room for what this result can start, before anything changes. */
    if (plan_reserve(p, PLAN_GAMES_PER_STEP) < 0) {
        plan_seterr(err, errlen, "out of memory");
        return -1;
    }
    plan_entry *g = &p->games[gi];
    g->has_result = true;
    g->outcome = r->outcome;
    g->win_points[0] = r->win_points[0];
    g->win_points[1] = r->win_points[1];
    g->how = r->how;
    g->entered = r->entered;
    memcpy(g->place, r->place, sizeof g->place);
    memcpy(g->fault, r->fault, sizeof g->fault);
    p->nplayed++;
    plan_close(p, (size_t)gi);
    if (g->g.phase != 0) {
        plan_cup_result(p, g);
        return 0;
    }
    if (p->cfg.format == PLAN_FREE_FOR_ALL)
        plan_ffa_tally(p, g);
    else
        plan_tally_result(p, g);
    p->group_left--;
    if (p->cfg.format == PLAN_SWISS_CUP && p->group_left == 0)
        plan_cup_build(p);
    return 0;
}

/* ---- queries --------------------------------------------------------------------- */

size_t plan_ready(const plan *p, plan_game *out, size_t cap)
{
    size_t k = 0;
    for (size_t at = p->rhead; at && k < cap; at = p->games[at - 1].rnext)
        out[k++] = p->games[at - 1].g;
    return p->nopen;
}

const plan_game *plan_find(const plan *p, const char *id)
{
    long i = plan_find_game(p, id);
    return i < 0 ? NULL : &p->games[i].g;
}

bool plan_done(const plan *p)
{
    if (p->cfg.shard_count)
        return p->nopen == 0;
    if (p->nplayed < p->ngames)
        return false;
    if (p->cfg.format != PLAN_SWISS_CUP)
        return true;
    if (!p->cup_built)
        return false;
    return p->shape.bracket == 0 || plan_cup_over(p);
}

size_t plan_played(const plan *p) { return p->nplayed; }

size_t plan_known(const plan *p) { return p->ngames; }

const plan_config *plan_get_config(const plan *p) { return &p->cfg; }

/* ---- withdrawals and decisions ---------------------------------------------- */

int plan_withdraw(plan *p, int entrant)
{
    if (entrant < 0 || entrant >= p->cfg.nentrants)
        return -1;
    plan_config_withdraw(&p->cfg, entrant);
    return 0;
}

bool plan_withdrawn(const plan *p, int entrant)
{
    return entrant < p->cfg.nentrants &&
           plan_config_withdrawn(&p->cfg, entrant);
}

int plan_forfeit(const plan *p, const plan_game *g, plan_result *r)
{
    long i = plan_find_game(p, g->id);
    if (i < 0 || p->games[i].has_result)
        return 0;
    if (p->cfg.format == PLAN_FREE_FOR_ALL)
        return plan_ffa_forfeit(p, &p->games[i], r);
    const plan_game *pg = &p->games[i].g;
    bool w0 = plan_withdrawn(p, pg->entrant[0]);
    bool w1 = plan_withdrawn(p, pg->entrant[1]);
    if (!w0 && !w1)
        return 0;
    memset(r, 0, sizeof *r);
    snprintf(r->id, sizeof r->id, "%s", pg->id);
    r->outcome = w0 && w1 ? PLAN_BOTH_LOSE
                 : w0     ? PLAN_SEAT1_WINS
                          : PLAN_SEAT0_WINS;
    r->how = PLAN_HOW_FORFEIT;
    r->entered = true;
    return 1;
}

bool plan_result_of(const plan *p, const char *id, plan_result *r)
{
    long i = plan_find_game(p, id);
    if (i < 0 || !p->games[i].has_result)
        return false;
    const plan_entry *e = &p->games[i];
    memset(r, 0, sizeof *r);
    snprintf(r->id, sizeof r->id, "%s", e->g.id);
    r->outcome = e->outcome;
    r->win_points[0] = e->win_points[0];
    r->win_points[1] = e->win_points[1];
    r->how = e->how;
    r->entered = e->entered;
    memcpy(r->place, e->place, sizeof r->place);
    memcpy(r->fault, e->fault, sizeof r->fault);
    return true;
}

int plan_decided_by_cap(const plan *p, const char *id, int *advances)
{
    long i = plan_find_game(p, id);
    if (i < 0 || p->games[i].tie < 0 || !p->games[i].has_result)
        return 0;
    const plan_cup_tie *t = &p->ties[p->games[i].tie];
    if (!t->by_safeguard || p->games[i].gameno != t->games)
        return 0;
    *advances = t->winner;
    return 1;
}

int plan_groups(const plan *p) { return p->ngroups; }

const char *plan_group_name(const plan *p, int group)
{
    if (group < 0 || group >= p->ngroups)
        return NULL;
    return p->gname[group];
}

size_t plan_group_members(const plan *p, int group, int *entrant,
                          size_t cap)
{
    if (group < 0 || group >= p->ngroups)
        return 0;
    size_t m = (size_t)(p->gstart[group + 1] - p->gstart[group]);
    for (size_t i = 0; i < m && i < cap; i++)
        entrant[i] = p->member[p->gstart[group] + (int)i];
    return m;
}
