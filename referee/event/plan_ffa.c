/* plan_ffa.c - the free-for-all (see plan.h, plan_internal.h; policy in
 * EVENTS.md, "Free for all"): every set of N entrants (N = the game's
 * seats) is a table that plays games_per_table games with the seat order
 * rotated, each seat's place scores place_points, and the league is
 * ranked by points, then first places, then the lot. */
#include "event/plan_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- sizes ----------------------------------------------------------------- */

/* n choose k, saturating far above anything the plan takes. */
static unsigned long long plan_ffa_choose(int n, int k)
{
    unsigned long long c = 1;
    for (int i = 0; i < k; i++) {
        c = c * (unsigned long long)(n - i) / (unsigned long long)(i + 1);
        if (c > 1ULL << 40)
            return 1ULL << 40;
    }
    return k >= 0 && k <= n ? c : 0;
}

static int plan_ffa_gpt(const plan_config *cfg)
{
    return cfg->games_per_table ? cfg->games_per_table : cfg->seats;
}

unsigned long long plan_ffa_games(const plan_config *cfg)
{
    return plan_ffa_choose(cfg->nentrants, cfg->seats) *
           (unsigned long long)plan_ffa_gpt(cfg);
}

/* ---- the configuration ----------------------------------------------------- */

static int plan_ffa_check_points(const plan_config *cfg, char *err,
                                 size_t errlen)
{
    if (cfg->nplace_points == 0)
        return 0;
    if (cfg->nplace_points != cfg->seats) {
        plan_seterr(err, errlen, "place_points must give %d numbers (one "
                    "per place), not %d", cfg->seats, cfg->nplace_points);
        return -1;
    }
    for (int i = 0; i < cfg->seats; i++) {
        int v = cfg->place_points[i];
        if (v < 0 || v > PLAN_PLACE_POINTS_MAX) {
            plan_seterr(err, errlen, "place_points: place %d scores %d: "
                        "must be 0..%d", i + 1, v, PLAN_PLACE_POINTS_MAX);
            return -1;
        }
        if (i > 0 && v > cfg->place_points[i - 1]) {
            plan_seterr(err, errlen, "place_points: place %d scores %d, "
                        "more than place %d (%d): a better place must not "
                        "score less", i + 1, v, i, cfg->place_points[i - 1]);
            return -1;
        }
    }
    return 0;
}

int plan_ffa_check(const plan_config *cfg, char *err, size_t errlen)
{
    if (cfg->seats < 2 || cfg->seats > PLAN_MAX_SEATS) {
        plan_seterr(err, errlen, "a free-for-all needs a game of 2 to %d "
                    "seats, not %d", PLAN_MAX_SEATS, cfg->seats);
        return -1;
    }
    if (cfg->nentrants < cfg->seats) {
        plan_seterr(err, errlen, "a free-for-all of %d-seat games needs at "
                    "least %d entrants, not %d", cfg->seats, cfg->seats,
                    cfg->nentrants);
        return -1;
    }
    if (cfg->games_per_table < 0 ||
        cfg->games_per_table > PLAN_GAMES_PER_TABLE_MAX) {
        plan_seterr(err, errlen, "games_per_table must be 1..%d, not %d",
                    PLAN_GAMES_PER_TABLE_MAX, cfg->games_per_table);
        return -1;
    }
    unsigned long long games = plan_ffa_games(cfg);
    if (games > PLAN_FFA_GAMES_MAX) {
        plan_seterr(err, errlen, "%d entrants make %llu tables of %d, and "
                    "%d games a table make %llu games: more than %d; take "
                    "fewer entrants or fewer games a table",
                    cfg->nentrants,
                    plan_ffa_choose(cfg->nentrants, cfg->seats), cfg->seats,
                    plan_ffa_gpt(cfg), games, PLAN_FFA_GAMES_MAX);
        return -1;
    }
    return plan_ffa_check_points(cfg, err, errlen);
}

void plan_ffa_defaults(plan_config *cfg)
{
    cfg->games_per_table = plan_ffa_gpt(cfg);
    if (cfg->nplace_points)
        return;
    cfg->nplace_points = cfg->seats;
    for (int i = 0; i < cfg->seats; i++)
        cfg->place_points[i] = cfg->seats - 1 - i;
}

/* ---- the tables and their games -------------------------------------------- */

static int plan_ffa_digits(unsigned long long n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

/* "ffa-t0007": table t, its number padded to w digits. */
static void plan_ffa_table_id(char *buf, size_t len, int t, int w)
{
    char num[16];
    int n = snprintf(num, sizeof num, "%d", t);
    snprintf(buf, len, "ffa-t%.*s%s", w > n ? w - n : 0, "000000000", num);
}

/* The next set of k entrants of n after c (in lexicographic order);
 * false after the last. */
static bool plan_ffa_next(int *c, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && c[i] == n - k + i)
        i--;
    if (i < 0)
        return false;
    c[i]++;
    for (int j = i + 1; j < k; j++)
        c[j] = c[j - 1] + 1;
    return true;
}

/* The seats of game g (from 0) of the table of members c[0..k), whose
 * id is tid: the table's seat order is a shuffle of its members by the
 * lot seats/<tid>; game g turns it by g mod k places, so that in every k
 * games each member starts once and sits in each seat once, and every
 * other cycle of k games goes round the other way. */
static void plan_ffa_seats(const plan *p, const char *tid, const int *c,
                           int k, int g, int *seat)
{
    int order[PLAN_MAX_SEATS];
    char tag[PLAN_ID_MAX + 8];
    memcpy(order, c, (size_t)k * sizeof order[0]);
    snprintf(tag, sizeof tag, "seats/%s", tid);
    plan_lot_shuffle(p, tag, order, k);
    bool back = (g / k) % 2 == 1;
    for (int s = 0; s < k; s++) {
        int at = (g % k + s) % k;
        seat[s] = order[back ? k - 1 - at : at];
    }
}

void plan_make_ffa(plan *p)
{
    int n = p->cfg.nentrants, k = p->cfg.seats;
    int gpt = p->cfg.games_per_table;
    plan_one_league(p);
    int w = plan_ffa_digits(plan_ffa_choose(n, k));
    if (w < 4)
        w = 4;
    /* Round by round (game g of every table), so that the listing is
     * the order of creation and every table's first game comes first. */
    for (int g = 0; g < gpt; g++) {
        int c[PLAN_MAX_SEATS];
        for (int i = 0; i < k; i++)
            c[i] = i;
        int t = 0;
        do {
            char tid[32], id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
            int seat[PLAN_MAX_SEATS];
            plan_ffa_table_id(tid, sizeof tid, ++t, w);
            snprintf(id, sizeof id, "%s-g%d", tid, g + 1);
            snprintf(stage, sizeof stage, "table %d, game %d of %d", t,
                     g + 1, gpt);
            plan_ffa_seats(p, tid, c, k, g, seat);
            size_t i = plan_add_game(p, id, stage, 0, g + 1, seat[0],
                                     seat[1], 0, -1);
            for (int s = 2; s < k; s++)
                p->games[i].g.entrant[s] = seat[s];
        } while (plan_ffa_next(c, k, n));
    }
}

/* ---- results --------------------------------------------------------------- */

int plan_ffa_check_result(const plan *p, const plan_entry *g,
                          const plan_result *r, char *err, size_t errlen)
{
    for (int s = 0; s < p->cfg.seats; s++)
        if (r->place[s] < 1 || r->place[s] > p->cfg.seats) {
            plan_seterr(err, errlen, "game %s: seat %d has place %d: a "
                        "free-for-all of %d seats needs places 1..%d",
                        g->g.id, s, r->place[s], p->cfg.seats,
                        p->cfg.seats);
            return -1;
        }
    return 0;
}

void plan_ffa_tally(plan *p, const plan_entry *g)
{
    bool forfeit = g->how == PLAN_HOW_FORFEIT;
    for (int s = 0; s < p->cfg.seats; s++) {
        plan_tally *x = &p->tally[g->g.entrant[s]];
        int pl = g->place[s];
        x->played++;
        x->entered += g->entered;
        x->points += p->cfg.place_points[pl - 1];
        x->places[pl - 1]++;
        x->faults += g->fault[s];
        /* As with two sides: first place takes the forfeit, the others
         * lose it. */
        x->forfeits_won += forfeit && pl == 1;
        x->forfeits_lost += forfeit && pl != 1;
    }
}

int plan_ffa_forfeit(const plan *p, const plan_entry *g, plan_result *r)
{
    int k = p->cfg.seats, out = 0;
    for (int s = 0; s < k; s++)
        out += plan_withdrawn(p, g->g.entrant[s]);
    if (!out)
        return 0;
    memset(r, 0, sizeof *r);
    snprintf(r->id, sizeof r->id, "%s", g->g.id);
    r->outcome = PLAN_DRAW;
    r->how = PLAN_HOW_FORFEIT;
    r->entered = true;
    for (int s = 0; s < k; s++)
        r->place[s] = plan_withdrawn(p, g->g.entrant[s]) ? k : 1;
    return 1;
}

/* ---- ranking --------------------------------------------------------------- */

/* Is a above b by points, then first places? */
static int plan_ffa_cmp(const plan *p, int a, int b, int *sep)
{
    const plan_tally *x = &p->tally[a], *y = &p->tally[b];
    if (x->points != y->points) {
        *sep = PLAN_SEP_POINTS;
        return x->points > y->points ? 1 : -1;
    }
    if (x->places[0] != y->places[0]) {
        *sep = PLAN_SEP_FIRSTS;
        return x->places[0] > y->places[0] ? 1 : -1;
    }
    *sep = PLAN_SEP_NONE;
    return 0;
}

void plan_ffa_sort(const plan *p, int *out, int *sep, int m)
{
    int why;
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && plan_ffa_cmp(p, out[j], out[j - 1], &why) > 0;
             j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    for (int i = 0; i + 1 < m; i++)
        plan_ffa_cmp(p, out[i], out[i + 1], &sep[i]);
    if (m > 0)
        sep[m - 1] = PLAN_SEP_NONE;
}
