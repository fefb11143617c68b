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
 * 0 stays, the others turn one place per round.  Writes pairs in play
 * order as (a, b, round) triples; returns how many pairs. */
static int plan_circle_pairs(int m, int (*out)[3])
{
    int mm = m + (m % 2);
    int arr[PLAN_MAX_ENTRANTS + 1];
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
    int slot[PLAN_MAX_ENTRANTS][PLAN_MAX_ENTRANTS];
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
    int pairs[PLAN_MAX_ENTRANTS * PLAN_MAX_ENTRANTS / 2][3];
    for (int gi = 0; gi < p->ngroups; gi++) {
        int m = p->gstart[gi + 1] - p->gstart[gi];
        const int *mem = p->member + p->gstart[gi];
        int np = plan_circle_pairs(m, pairs);
        int pos[PLAN_MAX_ENTRANTS];
        char tag[32];
        snprintf(tag, sizeof tag, "starts/%s", p->gname[gi]);
        plan_start_positions(p, tag, m, pos);
        for (int i = 0; i < np; i++) {
            char id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
            snprintf(id, sizeof id, "group-%s-%02d", p->gname[gi], i + 1);
            snprintf(stage, sizeof stage, "group %s", p->gname[gi]);
            int a = mem[pairs[i][0]], b = mem[pairs[i][1]];
            bool first = plan_first_starts(p, pos, pairs[i][0], pairs[i][1],
                                           m, id);
            plan_add_game(p, id, stage, 0, pairs[i][2], first ? a : b,
                          first ? b : a, gi, -1);
        }
    }
}

void plan_make_groups(plan *p)
{
    plan_deal_groups(p);
    plan_group_games(p);
}

/* The pairs of a league: every pair (round robin, by the circle method)
 * or the challenger against each other entrant (gauntlet, one round).
 * Returns how many; *rounds gets the rounds of one cycle. */
static int plan_league_pairs(const plan *p, int (*pairs)[3], int *rounds)
{
    int n = p->cfg.nentrants;
    if (p->cfg.format == PLAN_ROUND_ROBIN) {
        *rounds = n + (n % 2) - 1;
        return plan_circle_pairs(n, pairs);
    }
    int np = 0;
    for (int e = 0; e < n; e++)
        if (e != p->cfg.challenger) {
            pairs[np][0] = p->cfg.challenger;
            pairs[np][1] = e;
            pairs[np][2] = 1;
            np++;
        }
    *rounds = 1;
    return np;
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
    int pairs[PLAN_MAX_ENTRANTS * PLAN_MAX_ENTRANTS / 2][3];
    int rounds;
    int np = plan_league_pairs(p, pairs, &rounds);
    bool rr = p->cfg.format == PLAN_ROUND_ROBIN;
    const char *pre = rr ? "rr" : "gt";
    int w = plan_digits((size_t)np * (size_t)gpp);
    if (w < 3)
        w = 3;
    int pos[PLAN_MAX_ENTRANTS];
    plan_start_positions(p, "starts/league", n, pos);
    int no = 0;
    for (int c = 0; c < gpp; c++)
        for (int i = 0; i < np; i++) {
            int a = pairs[i][0], b = pairs[i][1];
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
            plan_add_game(p, id, stage, 0, c * rounds + pairs[i][2],
                          s ? b : a, s ? a : b, 0, -1);
        }
}
