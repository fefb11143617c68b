/* plan_shape.c - the shape of an event (see plan.h, plan_internal.h;
 * policy in EVENTS.md): how many groups of which sizes and how big a cup a
 * swiss-cup makes, who is in which group, and the schedules of the group,
 * league and gauntlet games. */
#include "event/plan_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- sizes ----------------------------------------------------------------- */

int plan_swiss_shape(int n, bool thirds, plan_shape *s)
{
    return plan_swiss_shape_q(n, thirds, 0, s);
}

/* The intermediate round: group places fill_place that fill the bracket's
 * spots, directly while there are spots for all, else through ties of
 * the worst of them. */
static void plan_shape_fill(plan_shape *s, bool thirds)
{
    int g = s->groups;
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
}

int plan_swiss_shape_q(int n, bool thirds, int qualifiers, plan_shape *s)
{
    if (n < 1 || n > PLAN_MAX_ENTRANTS || qualifiers < 0 ||
        qualifiers > PLAN_QUALIFIERS_MAX)
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
    plan_shape_fill(s, thirds);
    return 0;
}

/* ---- schedules ------------------------------------------------------------- */

static int plan_digits(size_t n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

/* The pairs of a round robin among m players by the circle method: player
 * 0 stays, the others turn one place per round.  An iterator rather than
 * a list, so that a league of thousands keeps no array of its pairs. */
typedef struct {
    int m, mm; /* players; and with the dummy of an odd number */
    int round, i;
    int arr[PLAN_MAX_ENTRANTS + 1];
} plan_circle;

static void plan_circle_start(plan_circle *c, int m)
{
    c->m = m;
    c->mm = m + (m % 2);
    c->round = 0;
    c->i = 0;
    for (int i = 0; i < c->mm; i++)
        c->arr[i] = i;
}

/* The next pair in play order into *a < *b and its round (from 1);
 * false when every pair has come. */
static bool plan_circle_next(plan_circle *c, int *a, int *b, int *round)
{
    while (c->round < c->mm - 1) {
        if (c->i == c->mm / 2) {
            int last = c->arr[c->mm - 1];
            memmove(c->arr + 2, c->arr + 1,
                    (size_t)(c->mm - 2) * sizeof c->arr[0]);
            c->arr[1] = last;
            c->round++;
            c->i = 0;
            continue;
        }
        int x = c->arr[c->i], y = c->arr[c->mm - 1 - c->i];
        c->i++;
        if (x >= c->m || y >= c->m)
            continue; /* the dummy of an odd group: a rest */
        *a = x < y ? x : y;
        *b = x < y ? y : x;
        *round = c->round + 1;
        return true;
    }
    return false;
}

/* Deal the entrants into groups (seeded order or lot), snake fashion. */
static void plan_deal_groups(plan *p)
{
    int n = p->cfg.nentrants, g = p->shape.groups;
    int order[PLAN_MAX_ENTRANTS];
    for (int i = 0; i < n; i++)
        order[i] = p->cfg.seeded && p->cfg.has_seed_order
                       ? p->cfg.seed_order[i]
                       : i;
    if (!p->cfg.seeded)
        plan_lot_shuffle(p, "draw/groups", order, n);
    p->ngroups = g;
    int pos = 0;
    for (int gi = 0; gi < g; gi++) {
        p->gstart[gi] = pos;
        snprintf(p->gname[gi], sizeof p->gname[gi], "%c", 'A' + gi);
        pos += p->shape.group_size[gi];
    }
    p->gstart[g] = pos;
    /* Row by row, left to right then back: group gi's row-th member. */
    int k = 0;
    for (int row = 0; k < n; row++) {
        int c = 0;
        while (c < g && p->shape.group_size[c] > row)
            c++;
        for (int i = 0; i < c; i++) {
            int gi = row % 2 == 0 ? i : c - 1 - i;
            p->member[p->gstart[gi] + row] = order[k];
            p->group_of[order[k++]] = gi;
        }
    }
}

bool plan_balanced_starts(int pa, int pb, int m)
{
    int d = ((pb - pa) % m + m) % m;
    if (m % 2)
        return d >= 1 && d <= (m - 1) / 2;
    return (d >= 1 && d < m / 2) || (d == m / 2 && pa < m / 2);
}

/* The rotation positions of the m players of a group or league for
 * balanced starts: a shuffle by the lot named tag, so that who starts
 * the extra game of an even group is drawn. */
static void plan_start_positions(const plan *p, const char *tag, int m,
                                 int *pos)
{
    int perm[PLAN_MAX_ENTRANTS];
    for (int i = 0; i < m; i++)
        perm[i] = i;
    plan_lot_shuffle(p, tag, perm, m);
    for (int i = 0; i < m; i++)
        pos[perm[i]] = i;
}

/* Does the first of the pair (players a and b of m, by their index in
 * the group) start?  Balanced by their positions, or a coin for id. */
static bool plan_first_starts(const plan *p, const int *pos, int a, int b,
                              int m, const char *coin_id)
{
    if (p->cfg.starts == PLAN_STARTS_BALANCED)
        return plan_balanced_starts(pos[a], pos[b], m);
    return plan_lot_bit(p, "seat/", coin_id) == 0;
}

/* The swiss-cup group games: circle order within each group. */
static void plan_group_games(plan *p)
{
    plan_circle c;
    for (int gi = 0; gi < p->ngroups; gi++) {
        int m = p->gstart[gi + 1] - p->gstart[gi];
        const int *mem = p->member + p->gstart[gi];
        int pos[PLAN_MAX_ENTRANTS];
        char tag[32];
        snprintf(tag, sizeof tag, "starts/%s", p->gname[gi]);
        plan_start_positions(p, tag, m, pos);
        plan_circle_start(&c, m);
        int x, y, round;
        for (int i = 0; plan_circle_next(&c, &x, &y, &round); i++) {
            char id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
            snprintf(id, sizeof id, "group-%s-%02d", p->gname[gi], i + 1);
            snprintf(stage, sizeof stage, "group %s", p->gname[gi]);
            int a = mem[x], b = mem[y];
            bool first = plan_first_starts(p, pos, x, y, m, id);
            plan_add_game(p, id, stage, 0, round, first ? a : b,
                          first ? b : a, gi, -1);
        }
    }
}

void plan_make_groups(plan *p)
{
    plan_deal_groups(p);
    plan_group_games(p);
}

/* The pairs of a league, one cycle: every pair (round robin, by the
 * circle method) or the challenger against each other entrant (gauntlet,
 * one round).  An iterator like plan_circle. */
typedef struct {
    bool rr;
    int n, challenger, next; /* gauntlet: the next opponent to try */
    plan_circle c;
} plan_league_it;

static void plan_league_start(const plan *p, plan_league_it *it)
{
    it->rr = p->cfg.format == PLAN_ROUND_ROBIN;
    it->n = p->cfg.nentrants;
    it->challenger = p->cfg.challenger;
    it->next = 0;
    if (it->rr)
        plan_circle_start(&it->c, it->n);
}

static bool plan_league_next(plan_league_it *it, int *a, int *b,
                             int *round)
{
    if (it->rr)
        return plan_circle_next(&it->c, a, b, round);
    if (it->next == it->challenger)
        it->next++;
    if (it->next >= it->n)
        return false;
    *a = it->challenger;
    *b = it->next++;
    *round = 1;
    return true;
}

/* Id of league game number no: the prefix and the number padded to w
 * digits ("rr-007"). */
static void plan_league_id(char *id, size_t len, const char *pre, int no,
                           int w)
{
    char num[16];
    int nlen = snprintf(num, sizeof num, "%d", no);
    int at = snprintf(id, len, "%s-", pre);
    for (; nlen < w; nlen++)
        id[at++] = '0';
    snprintf(id + at, len - (size_t)at, "%s", num);
}

void plan_one_league(plan *p)
{
    int n = p->cfg.nentrants;
    p->ngroups = 1;
    snprintf(p->gname[0], sizeof p->gname[0], "league");
    p->gstart[0] = 0;
    p->gstart[1] = n;
    for (int i = 0; i < n; i++) {
        p->member[i] = i;
        p->group_of[i] = 0;
    }
}

void plan_make_league(plan *p)
{
    int n = p->cfg.nentrants, gpp = p->cfg.games_per_pair;
    plan_one_league(p);
    bool rr = p->cfg.format == PLAN_ROUND_ROBIN;
    size_t np = rr ? (size_t)n * (size_t)(n - 1) / 2 : (size_t)(n - 1);
    int rounds = rr ? n + (n % 2) - 1 : 1;
    const char *pre = rr ? "rr" : "gt";
    int w = plan_digits(np * (size_t)gpp);
    if (w < 3)
        w = 3;
    int pos[PLAN_MAX_ENTRANTS];
    plan_start_positions(p, "starts/league", n, pos);
    int no = 0;
    plan_league_it it;
    for (int c = 0; c < gpp; c++) {
        int a, b, round;
        plan_league_start(p, &it);
        while (plan_league_next(&it, &a, &b, &round)) {
            char tag[32], id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
            snprintf(tag, sizeof tag, "%s-pair-%d-%d", pre, a, b);
            /* The pair's first starter balanced (round robin) or by lot,
             * then in turn. */
            int s = (rr ? !plan_first_starts(p, pos, a, b, n, tag)
                        : plan_lot_bit(p, "seat/", tag)) ^
                    (c % 2);
            plan_league_id(id, sizeof id, pre, ++no, w);
            snprintf(stage, sizeof stage, "%s, game %d of %d",
                     rr ? "league" : "gauntlet", c + 1, gpp);
            plan_add_game(p, id, stage, 0, c * rounds + round, s ? b : a,
                          s ? a : b, 0, -1);
        }
    }
}
