/* plan.c - what an event plays (see plan.h; policy in EVENTS.md).
 *
 * Pure: no I/O, no clock.  Memory is allocated only in plan_new() and
 * plan_add_result(); every lot comes from rng.h seeded with the event seed
 * and a tag naming the lot ("draw/groups", "seat/group-A-03", ...), so a
 * lot never depends on the order in which results arrive. */
#include "plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/rng.h"

#define MAX_N PLAN_MAX_ENTRANTS
#define MAX_TIES 64       /* bracket <= 16: 15 cup ties + <= 8 intermediate */
#define GAMES_PER_STEP 64 /* most games one result can create */
#define GPP_MAX 50
#define REPLAY_CAP_MAX 100

enum { SEP_NONE = 0, SEP_POINTS, SEP_WP, SEP_H2H, SEP_LOT };

static const char *const sep_name[] = {"", "points", "win points",
                                       "head to head", "lot"};

typedef struct {
    plan_game g;
    int group; /* phase 0: group index; else -1 */
    int tie;   /* phases 1, 2: index into ties; else -1 */
    int64_t key; /* listing order: phase, round, then creation or tie */
    bool has_result;
    plan_outcome outcome;
    int win_points[2];
} game;

typedef struct {
    int round;     /* 0 intermediate, 1.. cup */
    int num;       /* from 1 within the round */
    int entrant[2];
    int seed[2];   /* lower is better: cup seed, or place among the fill */
    int winner;
    int games;
    bool by_safeguard;
    int open;      /* index of the game being played, or -1 */
    int next;      /* tie the winner goes to, or -1 */
    int next_slot;
} tie;

typedef struct {
    int played, won, drawn, lost, points, win_points;
} stat;

struct plan {
    plan_config cfg;

    int ngroups;
    int gstart[MAX_N + 1]; /* members of group i: member[gstart[i]..] */
    int member[MAX_N];
    int group_of[MAX_N];
    char gname[MAX_N][8];
    stat st[MAX_N];        /* group / league games only */
    int cross_lot[MAX_N];  /* lot position for comparisons across groups */

    game *games;
    size_t ngames, capgames;
    size_t *order;         /* games by (phase, round, creation) */
    size_t *hash;          /* open addressing: game index + 1, 0 empty */
    size_t hashcap;
    size_t nplayed;
    size_t group_left;     /* phase 0 games without a result */

    bool cup_built;
    plan_shape shape;
    int rounds;            /* cup rounds */
    tie ties[MAX_TIES];
    int nties;
    int round_base[8];     /* first tie of cup round r (index r) */
    int final_tie;
    int group_rank[MAX_N]; /* after the group phase */
};

/* ---- small helpers ----------------------------------------------------- */

/* Write an error message, if the caller gave room for one. */
static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* FNV-1a of a string, to turn a lot's tag into a seed. */
static uint64_t hash_str(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* Seed r for the lot named tag. */
static void lot_rng(const plan *p, rng *r, const char *tag)
{
    rng_seed(r, p->cfg.seed ^ hash_str(tag));
    (void)rng_next(r);
}

/* Shuffle a[0..n) (Fisher-Yates) by the lot named tag. */
static void lot_shuffle(const plan *p, const char *tag, int *a, int n)
{
    rng r;
    lot_rng(p, &r, tag);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&r, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* 0 or 1 by the lot named prefix + id. */
static int lot_bit(const plan *p, const char *prefix, const char *id)
{
    char tag[PLAN_ID_MAX + 32];
    snprintf(tag, sizeof tag, "%s%s", prefix, id);
    rng r;
    lot_rng(p, &r, tag);
    return (int)rng_below(&r, 2);
}

static int digits(size_t n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

/* ---- shape ----------------------------------------------------------------- */

int plan_swiss_shape(int n, bool thirds, plan_shape *s)
{
    return plan_swiss_shape_q(n, thirds, 0, s);
}

int plan_swiss_shape_q(int n, bool thirds, int qualifiers, plan_shape *s)
{
    if (n < 1 || n > MAX_N || qualifiers < 0 || qualifiers > 2)
        return -1;
    memset(s, 0, sizeof *s);
    int g = (n + 4) / 5;
    if (n < 4 * g)
        g = n / 4 > 1 ? n / 4 : 1;
    s->groups = g;
    for (int i = 0; i < g; i++) {
        int m = n / g + (i < n % g);
        s->group_size[i] = m;
        s->group_games += m * (m - 1) / 2;
    }
    if (n == 1)
        return 0;
    s->per_group = qualifiers ? qualifiers : g <= 8 ? 2 : 1;
    if (s->per_group * g > 16)
        return -1; /* the bracket is at most 16 */
    s->direct = g == 1 ? 2 : s->per_group * g;
    s->bracket = 1;
    while (s->bracket < s->direct)
        s->bracket *= 2;
    s->fill_place = s->per_group + 1;
    int spots = s->bracket - s->direct;
    if (g > 1 && g % 2 == 1 && thirds && spots > 0) {
        int t = g;
        if (spots >= t) {
            s->fill_direct = t;
        } else {
            s->fill_direct = 2 * spots - t > 0 ? 2 * spots - t : 0;
            s->fill_ties = spots - s->fill_direct;
        }
    }
    s->byes = spots - s->fill_direct - s->fill_ties;
    return 0;
}

/* ---- games ------------------------------------------------------------------- */

/* Make room for extra more games; -1 when out of memory (nothing changed
 * that matters: the arrays only grow). */
static int reserve(plan *p, size_t extra)
{
    if (p->ngames + extra <= p->capgames)
        return 0;
    size_t cap = p->capgames ? p->capgames * 2 : 64;
    while (cap < p->ngames + extra)
        cap *= 2;
    game *g = realloc(p->games, cap * sizeof *g);
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
        size_t k = hash_str(p->games[i].g.id) & (hcap - 1);
        while (h[k])
            k = (k + 1) & (hcap - 1);
        h[k] = i + 1;
    }
    return 0;
}

/* Index of the game with this id, or -1. */
static long find_game(const plan *p, const char *id)
{
    if (!p->hashcap)
        return -1;
    size_t k = hash_str(id) & (p->hashcap - 1);
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
static int64_t order_key(int phase, int round, int64_t sub)
{
    return ((int64_t)phase * 100000 + round) * 1000000 + sub;
}

/* Add a game (room reserved); seat 0 is a, who starts.  Returns its index. */
static size_t add_game(plan *p, const char *id, const char *stage, int phase,
                       int round, int a, int b, int group, int tie_idx)
{
    size_t i = p->ngames++;
    game *g = &p->games[i];
    memset(g, 0, sizeof *g);
    snprintf(g->g.id, sizeof g->g.id, "%s", id);
    snprintf(g->g.stage, sizeof g->g.stage, "%s", stage);
    g->g.phase = phase;
    g->g.round = round;
    g->g.entrant[0] = a;
    g->g.entrant[1] = b;
    rng r;
    lot_rng(p, &r, id);
    g->g.seed = rng_next(&r);
    g->group = group;
    g->tie = tie_idx;
    g->key = order_key(phase, round,
                       tie_idx < 0 ? (int64_t)i
                                   : (int64_t)p->ties[tie_idx].num * 1000 +
                                         p->ties[tie_idx].games);

    size_t k = hash_str(id) & (p->hashcap - 1);
    while (p->hash[k])
        k = (k + 1) & (p->hashcap - 1);
    p->hash[k] = i + 1;

    /* Insert after every game with a key not above this one's. */
    int64_t key = g->key;
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
    return i;
}

/* The pairs of a round robin among m players by the circle method: player
 * 0 stays, the others turn one place per round.  Writes pairs in play
 * order as (a, b, round) triples; returns how many pairs. */
static int circle_pairs(int m, int (*out)[3])
{
    int mm = m + (m % 2);
    int arr[MAX_N + 1];
    int np = 0;
    for (int i = 0; i < mm; i++)
        arr[i] = i;
    for (int r = 0; r < mm - 1; r++) {
        for (int i = 0; i < mm / 2; i++) {
            int a = arr[i], b = arr[mm - 1 - i];
            if (a >= m || b >= m)
                continue; /* the dummy of an odd group: a rest */
            out[np][0] = a < b ? a : b;
            out[np][1] = a < b ? b : a;
            out[np][2] = r + 1;
            np++;
        }
        int last = arr[mm - 1];
        memmove(arr + 2, arr + 1, (size_t)(mm - 2) * sizeof arr[0]);
        arr[1] = last;
    }
    return np;
}

/* ---- tables ------------------------------------------------------------------ */

/* Head-to-head points of set[0..k) in the games among exactly them. */
static void h2h_points(const plan *p, int group, const int *set, int k,
                       int *pts)
{
    bool in[MAX_N] = {false};
    for (int i = 0; i < k; i++) {
        in[set[i]] = true;
        pts[i] = 0;
    }
    int where[MAX_N];
    for (int i = 0; i < k; i++)
        where[set[i]] = i;
    for (size_t i = 0; i < p->ngames; i++) {
        const game *g = &p->games[i];
        if (g->g.phase != 0 || g->group != group || !g->has_result)
            continue;
        int a = g->g.entrant[0], b = g->g.entrant[1];
        if (!in[a] || !in[b])
            continue;
        if (g->outcome == PLAN_DRAW) {
            pts[where[a]] += 1;
            pts[where[b]] += 1;
        } else {
            pts[where[g->outcome == PLAN_SEAT0_WINS ? a : b]] += 3;
        }
    }
}

/* Order a[0..k), tied on points and win points, by head to head among
 * exactly them, again among those still tied, and finally by lot;
 * sep[i] says what separated a[i] from a[i + 1]. */
static void resolve_tied(const plan *p, int group, const int *lotpos, int *a,
                         int k, int *sep)
{
    int pts[MAX_N];
    h2h_points(p, group, a, k, pts);
    bool all_equal = true;
    for (int i = 1; i < k; i++)
        if (pts[i] != pts[0])
            all_equal = false;
    if (all_equal) {
        for (int i = 1; i < k; i++)
            for (int j = i; j > 0 && lotpos[a[j]] < lotpos[a[j - 1]]; j--) {
                int t = a[j];
                a[j] = a[j - 1];
                a[j - 1] = t;
            }
        for (int i = 0; i + 1 < k; i++)
            sep[i] = SEP_LOT;
        return;
    }
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && pts[j] > pts[j - 1]; j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
            t = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = t;
        }
    for (int i = 0; i < k;) {
        int j = i + 1;
        while (j < k && pts[j] == pts[i])
            j++;
        if (j - i > 1)
            resolve_tied(p, group, lotpos, a + i, j - i, sep + i);
        if (j < k)
            sep[j - 1] = SEP_H2H;
        i = j;
    }
}

/* Rank group gi: out[0..m) entrants in rank order, sep as above. */
static int rank_group(const plan *p, int gi, int *out, int *sep)
{
    int m = p->gstart[gi + 1] - p->gstart[gi];
    const int *mem = p->member + p->gstart[gi];
    int lot[MAX_N], lotpos[MAX_N];
    memcpy(lot, mem, (size_t)m * sizeof lot[0]);
    char tag[32];
    snprintf(tag, sizeof tag, "lot/%s", p->gname[gi]);
    lot_shuffle(p, tag, lot, m);
    for (int i = 0; i < m; i++)
        lotpos[lot[i]] = i;

    memcpy(out, mem, (size_t)m * sizeof out[0]);
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0; j--) {
            const stat *x = &p->st[out[j]], *y = &p->st[out[j - 1]];
            if (x->points < y->points ||
                (x->points == y->points && x->win_points <= y->win_points))
                break;
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    for (int i = 0; i + 1 < m; i++) {
        const stat *x = &p->st[out[i]], *y = &p->st[out[i + 1]];
        sep[i] = x->points != y->points           ? SEP_POINTS
                 : x->win_points != y->win_points ? SEP_WP
                                                  : SEP_NONE;
    }
    if (m > 0)
        sep[m - 1] = SEP_NONE;
    for (int i = 0; i < m;) {
        int j = i + 1;
        while (j < m && sep[j - 1] == SEP_NONE)
            j++;
        if (j - i > 1)
            resolve_tied(p, gi, lotpos, out + i, j - i, sep + i);
        i = j;
    }
    return m;
}

/* Across groups: better points, then win points, then the event's lot. */
static bool cross_better(const plan *p, int a, int b)
{
    const stat *x = &p->st[a], *y = &p->st[b];
    if (x->points != y->points)
        return x->points > y->points;
    if (x->win_points != y->win_points)
        return x->win_points > y->win_points;
    return p->cross_lot[a] < p->cross_lot[b];
}

static void cross_sort(const plan *p, int *a, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && cross_better(p, a[j], a[j - 1]); j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
}

/* ---- the cup --------------------------------------------------------------------- */

/* Name a cup or intermediate game for people. */
static void tie_stage(const plan *p, const tie *t, int gameno, char *buf,
                      size_t len)
{
    if (t->round == 0)
        snprintf(buf, len, "intermediate round, tie %d, game %d", t->num,
                 gameno);
    else if (t->round == p->rounds)
        snprintf(buf, len, "cup final, game %d", gameno);
    else if (t->round == p->rounds - 1)
        snprintf(buf, len, "cup semi-final %d, game %d", t->num, gameno);
    else if (t->round == p->rounds - 2)
        snprintf(buf, len, "cup quarter-final %d, game %d", t->num, gameno);
    else
        snprintf(buf, len, "cup round %d, tie %d, game %d", t->round, t->num,
                 gameno);
}

/* Start game gameno of tie ti; a starts (seat 0). */
static void tie_game(plan *p, int ti, int gameno, int a, int b)
{
    tie *t = &p->ties[ti];
    char id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
    if (t->round == 0)
        snprintf(id, sizeof id, "mid-t%d-g%d", t->num, gameno);
    else
        snprintf(id, sizeof id, "cup-r%d-t%d-g%d", t->round, t->num, gameno);
    tie_stage(p, t, gameno, stage, sizeof stage);
    t->open = (int)add_game(p, id, stage, t->round == 0 ? 1 : 2,
                            t->round == 0 ? 1 : t->round, a, b, -1, ti);
}

/* Move a tie on: a bye advances the other entrant, two known entrants
 * start game 1, a winner goes on to the next tie. */
static void tie_update(plan *p, int ti)
{
    tie *t = &p->ties[ti];
    if (t->winner < 0) {
        if (t->entrant[0] == -2 && t->entrant[1] >= 0) {
            t->winner = t->entrant[1];
        } else if (t->entrant[1] == -2 && t->entrant[0] >= 0) {
            t->winner = t->entrant[0];
        } else if (t->entrant[0] >= 0 && t->entrant[1] >= 0 && t->open < 0 &&
                   t->games == 0) {
            char id[PLAN_ID_MAX];
            if (t->round == 0)
                snprintf(id, sizeof id, "mid-t%d-g1", t->num);
            else
                snprintf(id, sizeof id, "cup-r%d-t%d-g1", t->round, t->num);
            int s = lot_bit(p, "seat/", id);
            tie_game(p, ti, 1, t->entrant[s], t->entrant[1 - s]);
        }
    }
    if (t->winner >= 0 && t->next >= 0) {
        tie *n = &p->ties[t->next];
        if (n->entrant[t->next_slot] == -1) {
            int side = t->entrant[0] == t->winner ? 0 : 1;
            n->entrant[t->next_slot] = t->winner;
            if (t->round > 0) /* a mid winner keeps its slot's cup seed */
                n->seed[t->next_slot] = t->seed[side];
            tie_update(p, t->next);
        }
    }
}

/* After the group phase: rank the groups, seed the cup, play the byes. */
static void build_cup(plan *p)
{
    const plan_shape *s = &p->shape;
    int ranked[MAX_N][MAX_N]; /* group, place - 1 */
    int sizes[MAX_N];
    for (int gi = 0; gi < p->ngroups; gi++) {
        int sep[MAX_N];
        sizes[gi] = rank_group(p, gi, ranked[gi], sep);
        for (int k = 0; k < sizes[gi]; k++)
            p->group_rank[ranked[gi][k]] = k + 1;
    }
    p->cup_built = true;
    if (s->bracket == 0)
        return;

    /* Qualifiers in seed order; mid winners take the last seeds. */
    int seeds[MAX_N], nq = 0;
    for (int place = 1; place <= s->per_group; place++) {
        int row[MAX_N], k = 0;
        for (int gi = 0; gi < p->ngroups; gi++)
            if (sizes[gi] >= place)
                row[k++] = ranked[gi][place - 1];
        cross_sort(p, row, k);
        for (int i = 0; i < k; i++)
            seeds[nq++] = row[i];
    }
    int fill[MAX_N], nfill = 0;
    if (s->fill_direct + s->fill_ties > 0) {
        for (int gi = 0; gi < p->ngroups; gi++)
            fill[nfill++] = ranked[gi][s->fill_place - 1];
        cross_sort(p, fill, nfill);
        for (int i = 0; i < s->fill_direct; i++)
            seeds[nq++] = fill[i];
    }
    int first_mid_seed = nq + 1;
    int B = s->bracket;

    /* Intermediate ties: best vs worst of those who play. */
    p->nties = 0;
    for (int i = 0; i < s->fill_ties; i++) {
        tie *t = &p->ties[p->nties++];
        memset(t, 0, sizeof *t);
        int hi = s->fill_direct + i;
        int lo = s->fill_direct + 2 * s->fill_ties - 1 - i;
        t->round = 0;
        t->num = i + 1;
        t->entrant[0] = fill[hi];
        t->entrant[1] = fill[lo];
        t->seed[0] = hi + 1;
        t->seed[1] = lo + 1;
        t->winner = -1;
        t->open = -1;
    }

    /* Bracket order: 1 v B, 2 v B-1, seeds 1 and 2 in different halves. */
    int ord[64] = {1, 2};
    for (int size = 2; size < B; size *= 2) {
        int nx[64];
        for (int i = 0; i < size; i++) {
            nx[2 * i] = ord[i];
            nx[2 * i + 1] = 2 * size + 1 - ord[i];
        }
        memcpy(ord, nx, (size_t)(2 * size) * sizeof ord[0]);
    }
    p->rounds = 0;
    for (int b = B; b > 1; b /= 2)
        p->rounds++;
    for (int r = 1, nt = B / 2; r <= p->rounds; r++, nt /= 2) {
        p->round_base[r] = p->nties;
        for (int k = 0; k < nt; k++) {
            tie *t = &p->ties[p->nties++];
            memset(t, 0, sizeof *t);
            t->round = r;
            t->num = k + 1;
            t->entrant[0] = t->entrant[1] = -1;
            t->winner = -1;
            t->open = -1;
            t->next = r < p->rounds ? p->round_base[r] + nt + k / 2 : -1;
            t->next_slot = k % 2;
        }
    }
    p->final_tie = p->nties - 1;
    int nseeds = nq + s->fill_ties;
    for (int k = 0; k < B / 2; k++) {
        tie *t = &p->ties[p->round_base[1] + k];
        for (int side = 0; side < 2; side++) {
            int sd = ord[2 * k + side];
            t->seed[side] = sd;
            if (sd <= nq) {
                t->entrant[side] = seeds[sd - 1];
            } else if (sd <= nseeds) {
                tie *m = &p->ties[sd - first_mid_seed];
                m->next = p->round_base[1] + k;
                m->next_slot = side;
                t->entrant[side] = -1;
            } else {
                t->entrant[side] = -2;
            }
        }
    }
    for (int i = 0; i < p->nties; i++)
        tie_update(p, i);
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
}

/* Deal the entrants into groups (seeded order or lot), snake fashion. */
static void make_groups(plan *p)
{
    int n = p->cfg.nentrants, g = p->shape.groups;
    int order[MAX_N];
    for (int i = 0; i < n; i++)
        order[i] = i;
    if (!p->cfg.seeded)
        lot_shuffle(p, "draw/groups", order, n);
    int slot[MAX_N][MAX_N];
    int k = 0;
    for (int row = 0; k < n; row++) {
        int c = 0;
        while (c < g && p->shape.group_size[c] > row)
            c++;
        for (int i = 0; i < c; i++) {
            int gi = row % 2 == 0 ? i : c - 1 - i;
            slot[gi][row] = order[k++];
        }
    }
    p->ngroups = g;
    int pos = 0;
    for (int gi = 0; gi < g; gi++) {
        p->gstart[gi] = pos;
        snprintf(p->gname[gi], sizeof p->gname[gi], "%c", 'A' + gi);
        for (int r = 0; r < p->shape.group_size[gi]; r++) {
            p->member[pos++] = slot[gi][r];
            p->group_of[slot[gi][r]] = gi;
        }
    }
    p->gstart[g] = pos;
}

/* The swiss-cup group games: circle order within each group. */
static void make_group_games(plan *p)
{
    int pairs[MAX_N * MAX_N / 2][3];
    for (int gi = 0; gi < p->ngroups; gi++) {
        int m = p->gstart[gi + 1] - p->gstart[gi];
        const int *mem = p->member + p->gstart[gi];
        int np = circle_pairs(m, pairs);
        for (int i = 0; i < np; i++) {
            char id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
            snprintf(id, sizeof id, "group-%s-%02d", p->gname[gi], i + 1);
            snprintf(stage, sizeof stage, "group %s", p->gname[gi]);
            int a = mem[pairs[i][0]], b = mem[pairs[i][1]];
            int s = lot_bit(p, "seat/", id);
            add_game(p, id, stage, 0, pairs[i][2], s ? b : a, s ? a : b, gi,
                     -1);
        }
    }
}

/* Round-robin and gauntlet: one group "league" of everyone. */
static void make_league(plan *p)
{
    int n = p->cfg.nentrants, gpp = p->cfg.games_per_pair;
    p->ngroups = 1;
    snprintf(p->gname[0], sizeof p->gname[0], "league");
    p->gstart[0] = 0;
    p->gstart[1] = n;
    for (int i = 0; i < n; i++) {
        p->member[i] = i;
        p->group_of[i] = 0;
    }
    int pairs[MAX_N * MAX_N / 2][3];
    int np, rounds;
    if (p->cfg.format == PLAN_ROUND_ROBIN) {
        np = circle_pairs(n, pairs);
        rounds = n + (n % 2) - 1;
    } else {
        np = 0;
        for (int e = 0; e < n; e++)
            if (e != p->cfg.challenger) {
                pairs[np][0] = p->cfg.challenger;
                pairs[np][1] = e;
                pairs[np][2] = 1;
                np++;
            }
        rounds = 1;
    }
    const char *pre = p->cfg.format == PLAN_ROUND_ROBIN ? "rr" : "gt";
    int w = digits((size_t)np * (size_t)gpp);
    if (w < 3)
        w = 3;
    int no = 0;
    for (int c = 0; c < gpp; c++)
        for (int i = 0; i < np; i++) {
            int a = pairs[i][0], b = pairs[i][1];
            char tag[32], id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
            snprintf(tag, sizeof tag, "%s-pair-%d-%d", pre, a, b);
            int s = lot_bit(p, "seat/", tag) ^ (c % 2);
            char num[16];
            int len = snprintf(num, sizeof num, "%d", ++no);
            int at = snprintf(id, sizeof id, "%s-", pre);
            for (; len < w; len++)
                id[at++] = '0';
            snprintf(id + at, sizeof id - (size_t)at, "%s", num);
            snprintf(stage, sizeof stage, "%s, game %d of %d",
                     p->cfg.format == PLAN_ROUND_ROBIN ? "league"
                                                       : "gauntlet",
                     c + 1, gpp);
            add_game(p, id, stage, 0, c * rounds + pairs[i][2], s ? b : a,
                     s ? a : b, 0, -1);
        }
}

plan *plan_new(const plan_config *cfg, char *err, size_t errlen)
{
    if (!cfg) {
        seterr(err, errlen, "no configuration");
        return NULL;
    }
    if (cfg->format != PLAN_SWISS_CUP && cfg->format != PLAN_ROUND_ROBIN &&
        cfg->format != PLAN_GAUNTLET) {
        seterr(err, errlen, "unknown format %d", (int)cfg->format);
        return NULL;
    }
    if (cfg->nentrants < 1 || cfg->nentrants > MAX_N) {
        seterr(err, errlen, "nentrants must be 1..%d, not %d", MAX_N,
               cfg->nentrants);
        return NULL;
    }
    if (cfg->format == PLAN_SWISS_CUP &&
        (cfg->replay_cap < 1 || cfg->replay_cap > REPLAY_CAP_MAX)) {
        seterr(err, errlen, "replay_cap must be 1..%d, not %d",
               REPLAY_CAP_MAX, cfg->replay_cap);
        return NULL;
    }
    plan_shape probe;
    if (cfg->format == PLAN_SWISS_CUP &&
        plan_swiss_shape_q(cfg->nentrants, cfg->thirds, cfg->qualifiers,
                           &probe) != 0) {
        seterr(err, errlen, "qualifiers must be 1 or 2 per group, and at "
               "most 16 in all (%d entrants make %d groups)",
               cfg->nentrants, probe.groups);
        return NULL;
    }
    if (cfg->format != PLAN_SWISS_CUP &&
        (cfg->games_per_pair < 1 || cfg->games_per_pair > GPP_MAX)) {
        seterr(err, errlen, "games_per_pair must be 1..%d, not %d", GPP_MAX,
               cfg->games_per_pair);
        return NULL;
    }
    if (cfg->format == PLAN_GAUNTLET &&
        (cfg->challenger < 0 || cfg->challenger >= cfg->nentrants)) {
        seterr(err, errlen, "challenger must be 0..%d, not %d",
               cfg->nentrants - 1, cfg->challenger);
        return NULL;
    }
    plan *p = calloc(1, sizeof *p);
    if (!p)
        goto nomem;
    p->cfg = *cfg;
    p->final_tie = -1;
    int n = cfg->nentrants;
    for (int i = 0; i < n; i++)
        p->cross_lot[i] = i;
    {
        int lot[MAX_N];
        for (int i = 0; i < n; i++)
            lot[i] = i;
        lot_shuffle(p, "lot/cross", lot, n);
        for (int i = 0; i < n; i++)
            p->cross_lot[lot[i]] = i;
    }
    size_t need;
    if (cfg->format == PLAN_SWISS_CUP) {
        plan_swiss_shape_q(n, cfg->thirds, cfg->qualifiers, &p->shape);
        need = (size_t)p->shape.group_games;
    } else if (cfg->format == PLAN_ROUND_ROBIN) {
        need = (size_t)n * (size_t)(n - 1) / 2 * (size_t)cfg->games_per_pair;
    } else {
        need = (size_t)(n - 1) * (size_t)cfg->games_per_pair;
    }
    if (reserve(p, need + GAMES_PER_STEP) < 0)
        goto nomem;
    if (cfg->format == PLAN_SWISS_CUP) {
        make_groups(p);
        make_group_games(p);
    } else {
        make_league(p);
    }
    p->group_left = p->ngames;
    if (cfg->format == PLAN_SWISS_CUP && p->group_left == 0)
        build_cup(p);
    return p;
nomem:
    plan_free(p);
    seterr(err, errlen, "out of memory");
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

int plan_add_result(plan *p, const plan_result *r, char *err, size_t errlen)
{
    long gi = find_game(p, r->id);
    if (gi < 0) {
        seterr(err, errlen, "no game %.*s in the plan", PLAN_ID_MAX - 1,
               r->id);
        return -1;
    }
    game *g = &p->games[gi];
    if (g->has_result) {
        seterr(err, errlen, "game %s has a result already", g->g.id);
        return -1;
    }
    if (r->outcome != PLAN_SEAT0_WINS && r->outcome != PLAN_SEAT1_WINS &&
        r->outcome != PLAN_DRAW) {
        seterr(err, errlen, "game %s: unknown outcome %d", g->g.id,
               (int)r->outcome);
        return -1;
    }
    if (r->win_points[0] < 0 || r->win_points[1] < 0) {
        seterr(err, errlen, "game %s: negative win points", g->g.id);
        return -1;
    }
    /* A record may claim anything; the sums of many must not overflow. */
    int most = r->win_points[0] > r->win_points[1] ? r->win_points[0]
                                                   : r->win_points[1];
    if (most > PLAN_MAX_WIN_POINTS) {
        seterr(err, errlen, "game %s: win points %d are more than %d",
               g->g.id, most, PLAN_MAX_WIN_POINTS);
        return -1;
    }
    /* Room for what this result can start, before anything changes. */
    if (reserve(p, GAMES_PER_STEP) < 0) {
        seterr(err, errlen, "out of memory");
        return -1;
    }
    g = &p->games[gi];
    g->has_result = true;
    g->outcome = r->outcome;
    g->win_points[0] = r->win_points[0];
    g->win_points[1] = r->win_points[1];
    p->nplayed++;

    int a = g->g.entrant[0], b = g->g.entrant[1];
    if (g->g.phase == 0) {
        stat *x = &p->st[a], *y = &p->st[b];
        x->played++;
        y->played++;
        if (r->outcome == PLAN_DRAW) {
            x->drawn++;
            y->drawn++;
            x->points += 1;
            y->points += 1;
        } else {
            int w = r->outcome == PLAN_SEAT0_WINS ? 0 : 1;
            stat *win = w == 0 ? x : y, *lose = w == 0 ? y : x;
            win->won++;
            lose->lost++;
            win->points += 3;
            win->win_points += r->win_points[w];
        }
        p->group_left--;
        if (p->cfg.format == PLAN_SWISS_CUP && p->group_left == 0)
            build_cup(p);
        return 0;
    }

    int ti = g->tie;
    tie *t = &p->ties[ti];
    t->games++;
    t->open = -1;
    if (r->outcome != PLAN_DRAW) {
        t->winner = g->g.entrant[r->outcome == PLAN_SEAT0_WINS ? 0 : 1];
    } else if (t->games >= p->cfg.replay_cap) {
        t->winner = t->seed[0] <= t->seed[1] ? t->entrant[0] : t->entrant[1];
        t->by_safeguard = true;
    } else {
        /* Replay: who did not start this game starts the next. */
        tie_game(p, ti, t->games + 1, b, a);
        return 0;
    }
    tie_update(p, ti);
    return 0;
}

/* ---- queries --------------------------------------------------------------------- */

size_t plan_ready(const plan *p, plan_game *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < p->ngames; i++) {
        const game *g = &p->games[p->order[i]];
        if (g->has_result)
            continue;
        if (k < cap)
            out[k] = g->g;
        k++;
    }
    return k;
}

const plan_game *plan_find(const plan *p, const char *id)
{
    long i = find_game(p, id);
    return i < 0 ? NULL : &p->games[i].g;
}

bool plan_done(const plan *p)
{
    if (p->nplayed < p->ngames)
        return false;
    if (p->cfg.format != PLAN_SWISS_CUP)
        return true;
    if (!p->cup_built)
        return false;
    return p->shape.bracket == 0 || p->ties[p->final_tie].winner >= 0;
}

size_t plan_played(const plan *p) { return p->nplayed; }

size_t plan_known(const plan *p) { return p->ngames; }

int plan_groups(const plan *p) { return p->ngroups; }

const char *plan_group_name(const plan *p, int group)
{
    if (group < 0 || group >= p->ngroups)
        return NULL;
    return p->gname[group];
}

size_t plan_group_table(const plan *p, int group, plan_row *rows, size_t cap)
{
    if (group < 0 || group >= p->ngroups)
        return 0;
    int order[MAX_N], sep[MAX_N];
    int m = rank_group(p, group, order, sep);
    for (int i = 0; i < m && (size_t)i < cap; i++) {
        const stat *s = &p->st[order[i]];
        plan_row *row = &rows[i];
        memset(row, 0, sizeof *row);
        row->entrant = order[i];
        row->rank = i + 1;
        row->played = s->played;
        row->won = s->won;
        row->drawn = s->drawn;
        row->lost = s->lost;
        row->points = s->points;
        row->win_points = s->win_points;
        snprintf(row->decided_by, sizeof row->decided_by, "%s",
                 sep_name[sep[i]]);
    }
    return (size_t)m;
}

size_t plan_bracket(const plan *p, plan_tie *ties, size_t cap)
{
    for (int i = 0; i < p->nties && (size_t)i < cap; i++) {
        const tie *t = &p->ties[i];
        plan_tie *o = &ties[i];
        o->round = t->round;
        o->tie = t->num;
        o->entrant[0] = t->entrant[0];
        o->entrant[1] = t->entrant[1];
        o->winner = t->winner;
        o->games = t->games;
        o->by_safeguard = t->by_safeguard;
    }
    return (size_t)p->nties;
}

/* Out after the group phase: group place, points, win points, lot. */
static bool out_better(const plan *p, int a, int b)
{
    if (p->group_rank[a] != p->group_rank[b])
        return p->group_rank[a] < p->group_rank[b];
    return cross_better(p, a, b);
}

size_t plan_final_ranking(const plan *p, int *entrant, int *place,
                          size_t cap)
{
    if (!plan_done(p))
        return 0;
    int n = p->cfg.nentrants;
    int ent[MAX_N], pl[MAX_N], k = 0;
    if (p->cfg.format != PLAN_SWISS_CUP) {
        int sep[MAX_N];
        rank_group(p, 0, ent, sep);
        for (int i = 0; i < n; i++)
            pl[i] = i + 1;
        k = n;
    } else {
        bool placed[MAX_N] = {false};
        if (p->shape.bracket) {
            const tie *f = &p->ties[p->final_tie];
            ent[k] = f->winner;
            pl[k++] = 1;
            placed[f->winner] = true;
            /* Losers by round, the last round first, then the mid round;
             * a round's losers share a place, listed by seed. */
            for (int r = p->rounds; r >= 0; r--) {
                int first = k;
                for (int i = 0; i < p->nties; i++) {
                    const tie *t = &p->ties[i];
                    if (t->round != r || t->entrant[0] < 0 ||
                        t->entrant[1] < 0)
                        continue;
                    int side = t->entrant[0] == t->winner ? 1 : 0;
                    int e = t->entrant[side];
                    int j = k++;
                    /* insertion by seed within the round */
                    while (j > first &&
                           pl[j - 1] > t->seed[side]) {
                        ent[j] = ent[j - 1];
                        pl[j] = pl[j - 1];
                        j--;
                    }
                    ent[j] = e;
                    pl[j] = t->seed[side]; /* seed for now */
                    placed[e] = true;
                }
                for (int i = first; i < k; i++)
                    pl[i] = first + 1;
            }
        }
        int rest[MAX_N], nr = 0;
        for (int e = 0; e < n; e++)
            if (!placed[e])
                rest[nr++] = e;
        for (int i = 1; i < nr; i++)
            for (int j = i; j > 0 && out_better(p, rest[j], rest[j - 1]);
                 j--) {
                int t = rest[j];
                rest[j] = rest[j - 1];
                rest[j - 1] = t;
            }
        for (int i = 0; i < nr; i++) {
            ent[k] = rest[i];
            pl[k] = k + 1;
            k++;
        }
    }
    for (int i = 0; i < k && (size_t)i < cap; i++) {
        if (entrant)
            entrant[i] = ent[i];
        if (place)
            place[i] = pl[i];
    }
    return (size_t)k;
}
