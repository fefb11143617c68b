/* plan_rank.c - the rankings of an event (see plan.h, plan_internal.h;
 * policy in EVENTS.md): each entrant's tally of group or league games,
 * group tables with their tiebreaks (points, win points, head to head
 * among exactly the tied, again among those still tied, then the group's
 * lot), comparisons across groups, and the final ranking. */
#include "event/plan_internal.h"

#include <stdio.h>
#include <string.h>

/* What separated a row from the next (PLAN_SEP_*). */
static const char *const plan_sep_name[] = {"",    "points", "win points",
                                            "head to head", "lot",
                                            "firsts"};

/* ---- tallies --------------------------------------------------------------- */

void plan_tally_result(plan *p, const plan_entry *g)
{
    plan_tally *x = &p->tally[g->g.entrant[0]];
    plan_tally *y = &p->tally[g->g.entrant[1]];
    bool forfeit = g->how == PLAN_HOW_FORFEIT;
    x->played++;
    y->played++;
    x->entered += g->entered;
    y->entered += g->entered;
    if (g->outcome == PLAN_BOTH_LOSE) {
        x->lost++;
        y->lost++;
        x->forfeits_lost++;
        y->forfeits_lost++;
        return;
    }
    if (g->outcome == PLAN_DRAW) {
        x->drawn++;
        y->drawn++;
        x->points += 1;
        y->points += 1;
        return;
    }
    int w = g->outcome == PLAN_SEAT0_WINS ? 0 : 1;
    plan_tally *win = w == 0 ? x : y, *lose = w == 0 ? y : x;
    win->won++;
    lose->lost++;
    win->points += 3;
    win->win_points += g->win_points[w];
    win->forfeits_won += forfeit;
    lose->forfeits_lost += forfeit;
}

/* ---- group tables ---------------------------------------------------------- */

/* Head-to-head points: h2h[e], for each entrant e with cls[e] >= 0, of
 * its games against entrants of the same cls.  One pass over the games
 * for every tied set at once, so that a league of thousands with many
 * ties costs its games once per level of tiebreak, not once per set. */
static void plan_h2h_points(const plan *p, int group, const int *cls,
                            int *h2h)
{
    for (size_t i = 0; i < p->ngames; i++) {
        const plan_entry *g = &p->games[i];
        if (g->g.phase != 0 || g->group != group || !g->has_result)
            continue;
        int a = g->g.entrant[0], b = g->g.entrant[1];
        if (cls[a] < 0 || cls[a] != cls[b])
            continue;
        if (g->outcome == PLAN_DRAW) {
            h2h[a] += 1;
            h2h[b] += 1;
        } else if (g->outcome != PLAN_BOTH_LOSE) {
            h2h[g->outcome == PLAN_SEAT0_WINS ? a : b] += 3;
        }
    }
}

/* Order a[0..k) by the group's lot (lotpos: each entrant's place in it). */
static void plan_sort_by_lot(const int *lotpos, int *a, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && lotpos[a[j]] < lotpos[a[j - 1]]; j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
}

/* Order a[0..k) by pts, best first, moving pts along. */
static void plan_sort_by_pts(int *a, int *pts, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && pts[j] > pts[j - 1]; j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
            t = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = t;
        }
}

/* One tied set a[0..k), given each one's head to head among exactly
 * them: all equal, it is ordered by lot; else by the points (the sets
 * still tied are left with PLAN_SEP_NONE between them, for the next
 * round of head to head).  sep[i] says what separated a[i] from a[i+1]. */
static void plan_resolve_set(const int *lotpos, const int *h2h, int *a,
                             int k, int *sep)
{
    int pts[PLAN_MAX_ENTRANTS];
    bool all_equal = true;
    for (int i = 0; i < k; i++) {
        pts[i] = h2h[a[i]];
        all_equal = all_equal && pts[i] == pts[0];
    }
    if (all_equal) {
        plan_sort_by_lot(lotpos, a, k);
        for (int i = 0; i + 1 < k; i++)
            sep[i] = PLAN_SEP_LOT;
        return;
    }
    plan_sort_by_pts(a, pts, k);
    for (int i = 0; i + 1 < k; i++)
        sep[i] = pts[i] != pts[i + 1] ? PLAN_SEP_H2H : PLAN_SEP_NONE;
}

/* The sets of out[0..m) still tied (rows with PLAN_SEP_NONE between
 * them): by head to head among exactly each set, again among those
 * still tied, and finally by lot.  Level by level, each level one pass
 * over the games. */
static void plan_resolve_tied(const plan *p, int group, const int *lotpos,
                              int *out, int *sep, int m)
{
    int cls[PLAN_MAX_ENTRANTS], h2h[PLAN_MAX_ENTRANTS];
    for (bool tied = true; tied;) {
        tied = false;
        for (int e = 0; e < p->cfg.nentrants; e++) {
            cls[e] = -1;
            h2h[e] = 0;
        }
        for (int i = 0; i < m;) {
            int j = i + 1;
            while (j < m && sep[j - 1] == PLAN_SEP_NONE)
                j++;
            for (int k = i; j - i > 1 && k < j; k++)
                cls[out[k]] = i;
            tied = tied || j - i > 1;
            i = j;
        }
        if (!tied)
            break;
        plan_h2h_points(p, group, cls, h2h);
        for (int i = 0; i < m;) {
            int j = i + 1;
            while (j < m && sep[j - 1] == PLAN_SEP_NONE)
                j++;
            if (j - i > 1)
                plan_resolve_set(lotpos, h2h, out + i, j - i, sep + i);
            i = j;
        }
    }
}

/* Order out[0..m) by points, then win points (stable), and say in sep
 * which of the two separated each row from the next. */
static void plan_sort_by_tally(const plan *p, int *out, int *sep, int m)
{
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0; j--) {
            const plan_tally *x = &p->tally[out[j]];
            const plan_tally *y = &p->tally[out[j - 1]];
            if (x->points < y->points ||
                (x->points == y->points && x->win_points <= y->win_points))
                break;
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    for (int i = 0; i + 1 < m; i++) {
        const plan_tally *x = &p->tally[out[i]], *y = &p->tally[out[i + 1]];
        sep[i] = x->points != y->points           ? PLAN_SEP_POINTS
                 : x->win_points != y->win_points ? PLAN_SEP_WP
                                                  : PLAN_SEP_NONE;
    }
    if (m > 0)
        sep[m - 1] = PLAN_SEP_NONE;
}

int plan_rank_group(const plan *p, int gi, int *out, int *sep)
{
    int m = p->gstart[gi + 1] - p->gstart[gi];
    const int *mem = p->member + p->gstart[gi];
    int lot[PLAN_MAX_ENTRANTS], lotpos[PLAN_MAX_ENTRANTS];
    memcpy(lot, mem, (size_t)m * sizeof lot[0]);
    char tag[32];
    snprintf(tag, sizeof tag, "lot/%s", p->gname[gi]);
    plan_lot_shuffle(p, tag, lot, m);
    for (int i = 0; i < m; i++)
        lotpos[lot[i]] = i;

    memcpy(out, mem, (size_t)m * sizeof out[0]);
    bool ffa = p->cfg.format == PLAN_FREE_FOR_ALL;
    if (ffa)
        plan_ffa_sort(p, out, sep, m);
    else
        plan_sort_by_tally(p, out, sep, m);
    if (!ffa) {
        plan_resolve_tied(p, gi, lotpos, out, sep, m);
        return m;
    }
    /* A free-for-all has no head to head: whom a tied entrant met, it
     * met with others at the table. */
    for (int i = 0; i < m;) {
        int j = i + 1;
        while (j < m && sep[j - 1] == PLAN_SEP_NONE)
            j++;
        if (j - i > 1) {
            plan_sort_by_lot(lotpos, out + i, j - i);
            for (int k = i; k + 1 < j; k++)
                sep[k] = PLAN_SEP_LOT;
        }
        i = j;
    }
    return m;
}

size_t plan_group_table(const plan *p, int group, plan_row *rows, size_t cap)
{
    if (group < 0 || group >= p->ngroups)
        return 0;
    int order[PLAN_MAX_ENTRANTS], sep[PLAN_MAX_ENTRANTS];
    int m = plan_rank_group(p, group, order, sep);
    for (int i = 0; i < m && (size_t)i < cap; i++) {
        const plan_tally *s = &p->tally[order[i]];
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
        row->forfeits_lost = s->forfeits_lost;
        row->forfeits_won = s->forfeits_won;
        row->entered = s->entered;
        row->withdrawn = plan_withdrawn(p, order[i]);
        memcpy(row->places, s->places, sizeof row->places);
        row->faults = s->faults;
        snprintf(row->decided_by, sizeof row->decided_by, "%s",
                 plan_sep_name[sep[i]]);
    }
    return (size_t)m;
}

/* ---- across groups --------------------------------------------------------- */

/* x/px against y/py, as fractions (0 when nothing was played): -1, 0, 1. */
static int plan_cmp_rate(int x, int px, int y, int py)
{
    long long a = px ? (long long)x * (py ? py : 1) : 0;
    long long b = py ? (long long)y * (px ? px : 1) : 0;
    return (a > b) - (a < b);
}

/* Across groups: better points, then win points (both per game played,
 * or as they are), then the event's lot. */
static bool plan_cross_better(const plan *p, int a, int b)
{
    const plan_tally *x = &p->tally[a], *y = &p->tally[b];
    int c;
    if (p->cfg.cross == PLAN_CROSS_PER_GAME) {
        c = plan_cmp_rate(x->points, x->played, y->points, y->played);
        if (!c)
            c = plan_cmp_rate(x->win_points, x->played, y->win_points,
                              y->played);
    } else {
        c = (x->points > y->points) - (x->points < y->points);
        if (!c)
            c = (x->win_points > y->win_points) -
                (x->win_points < y->win_points);
    }
    if (c)
        return c > 0;
    return p->cross_lot[a] < p->cross_lot[b];
}

void plan_cross_sort(const plan *p, int *a, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && plan_cross_better(p, a[j], a[j - 1]); j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
}

/* Out after the group phase: group place, points, win points, lot. */
static bool plan_out_better(const plan *p, int a, int b)
{
    if (p->group_rank[a] != p->group_rank[b])
        return p->group_rank[a] < p->group_rank[b];
    return plan_cross_better(p, a, b);
}

/* ---- the final ranking ----------------------------------------------------- */

/* The loser of a decided tie between two entrants, or -1. */
static int plan_tie_loser(const plan_cup_tie *t, int *side)
{
    if (t->entrant[0] < 0 || t->entrant[1] < 0 || t->winner < 0)
        return -1;
    *side = t->entrant[0] == t->winner ? 1 : 0;
    return t->entrant[*side];
}

/* Put e at ent[*k] with place pl; marks it placed. */
static void plan_place(int *ent, int *pl, int *k, bool *placed, int e,
                       int place)
{
    ent[*k] = e;
    pl[(*k)++] = place;
    placed[e] = true;
}

/* The third-place match's entrants: its winner 3rd, its loser 4th. */
static void plan_rank_third(const plan *p, int *ent, int *pl, int *k,
                            bool *placed)
{
    const plan_cup_tie *t = &p->ties[p->third_tie];
    int side;
    if (t->winner >= 0)
        plan_place(ent, pl, k, placed, t->winner, *k + 1);
    int loser = plan_tie_loser(t, &side);
    if (loser >= 0)
        plan_place(ent, pl, k, placed, loser, *k + 1);
}

/* The cup's entrants from ent[*k] on: the winner, then the losers by
 * round, the last round first and the intermediate round last; a round's
 * losers share a place and are listed by seed (the semi-finals' losers
 * placed by the third-place match when there is one).  Marks them
 * placed. */
static void plan_rank_cup(const plan *p, int *ent, int *pl, int *k,
                          bool *placed)
{
    const plan_cup_tie *f = &p->ties[p->final_tie];
    plan_place(ent, pl, k, placed, f->winner, 1);
    for (int r = p->rounds; r >= 0; r--) {
        if (p->third_tie >= 0 && r == p->rounds - 1) {
            plan_rank_third(p, ent, pl, k, placed);
            continue;
        }
        int first = *k;
        for (int i = 0; i < p->nties; i++) {
            const plan_cup_tie *t = &p->ties[i];
            int side;
            int e = t->round == r && !t->third ? plan_tie_loser(t, &side)
                                               : -1;
            if (e < 0 || placed[e])
                continue;
            int j = (*k)++;
            /* insertion by seed within the round */
            while (j > first && pl[j - 1] > t->seed[side]) {
                ent[j] = ent[j - 1];
                pl[j] = pl[j - 1];
                j--;
            }
            ent[j] = e;
            pl[j] = t->seed[side]; /* seed for now */
            placed[e] = true;
        }
        for (int i = first; i < *k; i++)
            pl[i] = first + 1;
    }
}

/* Everyone out after the group phase, from ent[*k] on, each on a place of
 * their own. */
static void plan_rank_rest(const plan *p, int *ent, int *pl, int *k,
                           const bool *placed)
{
    int rest[PLAN_MAX_ENTRANTS], nr = 0;
    for (int e = 0; e < p->cfg.nentrants; e++)
        if (!placed[e])
            rest[nr++] = e;
    for (int i = 1; i < nr; i++)
        for (int j = i; j > 0 && plan_out_better(p, rest[j], rest[j - 1]);
             j--) {
            int t = rest[j];
            rest[j] = rest[j - 1];
            rest[j - 1] = t;
        }
    for (int i = 0; i < nr; i++) {
        ent[*k] = rest[i];
        pl[*k] = *k + 1;
        (*k)++;
    }
}

size_t plan_final_ranking(const plan *p, int *entrant, int *place,
                          size_t cap)
{
    if (!plan_done(p))
        return 0;
    int n = p->cfg.nentrants;
    int ent[PLAN_MAX_ENTRANTS], pl[PLAN_MAX_ENTRANTS], k = 0;
    if (p->cfg.format != PLAN_SWISS_CUP) {
        int sep[PLAN_MAX_ENTRANTS];
        plan_rank_group(p, 0, ent, sep);
        for (int i = 0; i < n; i++)
            pl[i] = i + 1;
        k = n;
    } else {
        bool placed[PLAN_MAX_ENTRANTS] = {false};
        if (p->shape.bracket)
            plan_rank_cup(p, ent, pl, &k, placed);
        plan_rank_rest(p, ent, pl, &k, placed);
    }
    for (int i = 0; i < k && (size_t)i < cap; i++) {
        if (entrant)
            entrant[i] = ent[i];
        if (place)
            place[i] = pl[i];
    }
    return (size_t)k;
}
