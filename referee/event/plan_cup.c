/* plan_cup.c - the knockout cup of a swiss-cup (see plan.h,
 * plan_internal.h; policy in EVENTS.md): seeding from the group phase, the
 * intermediate ties of the fill, the bracket, byes, ties that start as
 * soon as both entrants are known, drawn games replayed with the other
 * entrant starting until the replay cap's safeguard decides. */
#include "event/plan_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- ties ---------------------------------------------------------------- */

/* Name a cup or intermediate game for people. */
static void plan_tie_stage(const plan *p, const plan_cup_tie *t, int gameno,
                           char *buf, size_t len)
{
    if (t->round == 0)
        snprintf(buf, len, "intermediate round, tie %d, game %d", t->num,
                 gameno);
    else if (t->third)
        snprintf(buf, len, "cup third-place match, game %d", gameno);
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

/* Id of game gameno of tie t: "mid-t1-g2", "cup-r1-t2-g1". */
static void plan_tie_id(const plan_cup_tie *t, int gameno, char *id,
                        size_t len)
{
    if (t->round == 0)
        snprintf(id, len, "mid-t%d-g%d", t->num, gameno);
    else
        snprintf(id, len, "cup-r%d-t%d-g%d", t->round, t->num, gameno);
}

/* Start game gameno of tie ti; a starts (seat 0). */
static void plan_tie_game(plan *p, int ti, int gameno, int a, int b)
{
    plan_cup_tie *t = &p->ties[ti];
    char id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
    plan_tie_id(t, gameno, id, sizeof id);
    plan_tie_stage(p, t, gameno, stage, sizeof stage);
    t->open = (int)plan_add_game(p, id, stage, t->round == 0 ? 1 : 2,
                                 t->round == 0 ? 1 : t->round, a, b, -1, ti);
}

/* Put entrant e (seed sd) in slot of tie ni and move that tie on. */
static void plan_tie_update(plan *p, int ti);
static void plan_tie_fill(plan *p, int ni, int slot, int e, int sd,
                          bool keep_seed)
{
    plan_cup_tie *n = &p->ties[ni];
    if (n->entrant[slot] != -1)
        return;
    n->entrant[slot] = e;
    if (!keep_seed)
        n->seed[slot] = sd;
    plan_tie_update(p, ni);
}

/* Move a tie on: a bye advances the other entrant, two known entrants
 * start game 1, a winner goes on to the next tie (and a semi-final's
 * loser to the third-place match, a bye when there was none). */
static void plan_tie_update(plan *p, int ti)
{
    plan_cup_tie *t = &p->ties[ti];
    if (t->winner < 0) {
        if (t->entrant[0] == -2 && t->entrant[1] >= 0) {
            t->winner = t->entrant[1];
        } else if (t->entrant[1] == -2 && t->entrant[0] >= 0) {
            t->winner = t->entrant[0];
        } else if (t->entrant[0] >= 0 && t->entrant[1] >= 0 && t->open < 0 &&
                   t->games == 0) {
            char id[PLAN_ID_MAX];
            plan_tie_id(t, 1, id, sizeof id);
            int s = plan_lot_bit(p, "seat/", id);
            plan_tie_game(p, ti, 1, t->entrant[s], t->entrant[1 - s]);
        }
    }
    if (t->winner < 0)
        return;
    int side = t->entrant[0] == t->winner ? 0 : 1;
    /* A mid winner keeps its slot's cup seed. */
    if (t->next >= 0)
        plan_tie_fill(p, t->next, t->next_slot, t->winner, t->seed[side],
                      t->round == 0);
    if (t->loser_next >= 0)
        plan_tie_fill(p, t->loser_next, t->loser_slot, t->entrant[1 - side],
                      t->seed[1 - side], false);
}

void plan_cup_result(plan *p, const plan_entry *g)
{
    /* Copied first: a replay adds a game to the store g is in. */
    int ti = g->tie, a = g->g.entrant[0], b = g->g.entrant[1];
    plan_outcome o = g->outcome;
    plan_cup_tie *t = &p->ties[ti];
    t->games++;
    t->open = -1;
    if (o == PLAN_BOTH_LOSE) {
        /* Both withdrew: the better seed goes on, to forfeit again. */
        t->winner = t->seed[0] <= t->seed[1] ? t->entrant[0] : t->entrant[1];
    } else if (o != PLAN_DRAW) {
        t->winner = o == PLAN_SEAT0_WINS ? a : b;
    } else if (t->games >= p->cfg.replay_cap) {
        t->winner = t->seed[0] <= t->seed[1] ? t->entrant[0] : t->entrant[1];
        t->by_safeguard = true;
    } else {
        /* Replay: who did not start this game starts the next. */
        plan_tie_game(p, ti, t->games + 1, b, a);
        return;
    }
    plan_tie_update(p, ti);
}

/* ---- building the cup ------------------------------------------------------ */

/* The qualifiers in seed order into seeds (group winners across groups,
 * then runners-up when they qualify, then the fill's direct ones), the
 * fill ranked across groups into fill; returns how many seeds.  ranked:
 * each group's entrants in rank order, group gi's from p->gstart[gi]. */
static int plan_cup_seeds(const plan *p, const int *ranked,
                          const int *sizes, int *seeds, int *fill)
{
    const plan_shape *s = &p->shape;
    int nq = 0;
    for (int place = 1; place <= s->per_group; place++) {
        int row[PLAN_MAX_ENTRANTS], k = 0;
        for (int gi = 0; gi < p->ngroups; gi++)
            if (sizes[gi] >= place)
                row[k++] = ranked[p->gstart[gi] + place - 1];
        plan_cross_sort(p, row, k);
        for (int i = 0; i < k; i++)
            seeds[nq++] = row[i];
    }
    if (s->fill_direct + s->fill_ties > 0) {
        int nfill = 0;
        for (int gi = 0; gi < p->ngroups; gi++)
            fill[nfill++] = ranked[p->gstart[gi] + s->fill_place - 1];
        plan_cross_sort(p, fill, nfill);
        for (int i = 0; i < s->fill_direct; i++)
            seeds[nq++] = fill[i];
    }
    return nq;
}

/* Intermediate ties: best against worst of the fill who play. */
static void plan_cup_mid_ties(plan *p, const int *fill)
{
    const plan_shape *s = &p->shape;
    for (int i = 0; i < s->fill_ties; i++) {
        plan_cup_tie *t = &p->ties[p->nties++];
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
        t->loser_next = -1;
    }
}

/* Bracket order of B seeds into ord: 1 v B, 2 v B-1, ..., seeds 1 and 2
 * in different halves, 1-4 in different quarters. */
static void plan_cup_order(int B, int *ord)
{
    ord[0] = 1;
    ord[1] = 2;
    for (int size = 2; size < B; size *= 2) {
        int nx[64];
        for (int i = 0; i < size; i++) {
            nx[2 * i] = ord[i];
            nx[2 * i + 1] = 2 * size + 1 - ord[i];
        }
        memcpy(ord, nx, (size_t)(2 * size) * sizeof ord[0]);
    }
}

/* An empty tie of round r, number num. */
static int plan_new_tie(plan *p, int r, int num)
{
    plan_cup_tie *t = &p->ties[p->nties];
    memset(t, 0, sizeof *t);
    t->round = r;
    t->num = num;
    t->entrant[0] = t->entrant[1] = -1;
    t->winner = -1;
    t->open = -1;
    t->next = -1;
    t->loser_next = -1;
    return p->nties++;
}

/* The empty ties of every cup round, each leading to its next, and the
 * third-place match (fed by the semi-finals' losers) when asked for. */
static void plan_cup_rounds(plan *p)
{
    int B = p->shape.bracket;
    p->rounds = 0;
    for (int b = B; b > 1; b /= 2)
        p->rounds++;
    for (int r = 1, nt = B / 2; r <= p->rounds; r++, nt /= 2) {
        p->round_base[r] = p->nties;
        for (int k = 0; k < nt; k++) {
            plan_cup_tie *t = &p->ties[plan_new_tie(p, r, k + 1)];
            t->next = r < p->rounds ? p->round_base[r] + nt + k / 2 : -1;
            t->next_slot = k % 2;
        }
    }
    p->final_tie = p->nties - 1;
    if (!p->cfg.third_place || p->rounds < 2)
        return;
    p->third_tie = plan_new_tie(p, p->rounds, 2);
    p->ties[p->third_tie].third = true;
    for (int k = 0; k < 2; k++) {
        plan_cup_tie *semi = &p->ties[p->round_base[p->rounds - 1] + k];
        semi->loser_next = p->third_tie;
        semi->loser_slot = k;
    }
}

bool plan_cup_over(const plan *p)
{
    if (p->ties[p->final_tie].winner < 0)
        return false;
    if (p->third_tie < 0)
        return true;
    const plan_cup_tie *t = &p->ties[p->third_tie];
    /* Two byes (no semi-final had a loser): nobody to play for third. */
    return t->winner >= 0 || (t->entrant[0] == -2 && t->entrant[1] == -2);
}

/* Keeping groups apart in round 1: the ties that have two entrants (no
 * bye), by upper seed, and the lower seeds they may take. */
typedef struct {
    int n;
    int tie[8];      /* the tie's place in bracket order */
    uint64_t up[8];  /* the groups of its upper entrant */
    int orig[8];     /* its lower seed as the bracket has it */
    int cand[8];     /* the lower seeds, to be dealt out again */
    uint64_t low[8]; /* the groups each may be from */
    bool used[8];
    int pick[8];     /* the candidate each tie takes */
} plan_sep;

/* The groups seed sd may come from: its entrant's, or for an
 * intermediate winner either candidate's. */
static uint64_t plan_seed_groups(const plan *p, const int *seeds, int nq,
                                 int sd)
{
    if (sd <= nq)
        return (uint64_t)1 << p->group_of[seeds[sd - 1]];
    const plan_cup_tie *m = &p->ties[sd - nq - 1];
    return (uint64_t)1 << p->group_of[m->entrant[0]] |
           (uint64_t)1 << p->group_of[m->entrant[1]];
}

/* For tie i, is candidate a tried before b: nearer its own lower seed,
 * or as near and weaker? */
static bool plan_sep_before(const plan_sep *s, int i, int a, int b)
{
    int da = abs(s->cand[a] - s->orig[i]), db = abs(s->cand[b] - s->orig[i]);
    return da < db || (da == db && s->cand[a] > s->cand[b]);
}

/* Give ties i.. their lower seeds: each the nearest free one to its own
 * (the weaker on equal distance) that shares no group with it,
 * backtracking when a later tie is left without one. */
static bool plan_sep_search(plan_sep *s, int i)
{
    if (i == s->n)
        return true;
    int order[8];
    for (int c = 0; c < s->n; c++) {
        int j = c;
        for (; j > 0 && plan_sep_before(s, i, c, order[j - 1]); j--)
            order[j] = order[j - 1];
        order[j] = c;
    }
    for (int k = 0; k < s->n; k++) {
        int c = order[k];
        if (s->used[c] || (s->up[i] & s->low[c]))
            continue;
        s->used[c] = true;
        s->pick[i] = c;
        if (plan_sep_search(s, i + 1))
            return true;
        s->used[c] = false;
    }
    return false;
}

/* Deal round 1's lower seeds again so that no tie pairs two entrants of
 * one group, when some dealing allows it; ord is the bracket order. */
static void plan_cup_separate(const plan *p, const int *seeds, int nq,
                              int nseeds, int *ord)
{
    plan_sep s;
    memset(&s, 0, sizeof s);
    int half = p->shape.bracket / 2;
    for (int up = 1; up <= half; up++)
        for (int k = 0; k < half; k++) {
            if (ord[2 * k] != up || ord[2 * k + 1] > nseeds)
                continue;
            s.tie[s.n] = k;
            s.up[s.n] = plan_seed_groups(p, seeds, nq, up);
            s.orig[s.n] = s.cand[s.n] = ord[2 * k + 1];
            s.low[s.n] = plan_seed_groups(p, seeds, nq, ord[2 * k + 1]);
            s.n++;
        }
    if (!plan_sep_search(&s, 0))
        return; /* no dealing keeps every group apart: as drawn */
    for (int i = 0; i < s.n; i++)
        ord[2 * s.tie[i] + 1] = s.cand[s.pick[i]];
}

/* Round 1's slots: the nq seeds, then the intermediate winners (their
 * ties lead there), then byes (-2). */
static void plan_cup_slots(plan *p, const int *seeds, int nq)
{
    int ord[64];
    plan_cup_order(p->shape.bracket, ord);
    int first_mid_seed = nq + 1;
    int nseeds = nq + p->shape.fill_ties;
    if (p->cfg.separate_groups && p->ngroups > 1)
        plan_cup_separate(p, seeds, nq, nseeds, ord);
    for (int k = 0; k < p->shape.bracket / 2; k++) {
        plan_cup_tie *t = &p->ties[p->round_base[1] + k];
        for (int side = 0; side < 2; side++) {
            int sd = ord[2 * k + side];
            t->seed[side] = sd;
            if (sd <= nq) {
                t->entrant[side] = seeds[sd - 1];
            } else if (sd <= nseeds) {
                plan_cup_tie *m = &p->ties[sd - first_mid_seed];
                m->next = p->round_base[1] + k;
                m->next_slot = side;
                t->entrant[side] = -1;
            } else {
                t->entrant[side] = -2;
            }
        }
    }
}

void plan_cup_build(plan *p)
{
    /* group gi's entrants in rank order from gstart[gi], as its members */
    int ranked[PLAN_MAX_ENTRANTS];
    int sizes[PLAN_MAX_ENTRANTS];
    for (int gi = 0; gi < p->ngroups; gi++) {
        int sep[PLAN_MAX_ENTRANTS];
        int *r = ranked + p->gstart[gi];
        sizes[gi] = plan_rank_group(p, gi, r, sep);
        for (int k = 0; k < sizes[gi]; k++)
            p->group_rank[r[k]] = k + 1;
    }
    p->cup_built = true;
    if (p->shape.bracket == 0)
        return;
    int seeds[PLAN_MAX_ENTRANTS], fill[PLAN_MAX_ENTRANTS];
    int nq = plan_cup_seeds(p, ranked, sizes, seeds, fill);
    p->nties = 0;
    plan_cup_mid_ties(p, fill);
    plan_cup_rounds(p);
    plan_cup_slots(p, seeds, nq);
    for (int i = 0; i < p->nties; i++)
        plan_tie_update(p, i);
}

/* ---- queries --------------------------------------------------------------- */

size_t plan_bracket(const plan *p, plan_tie *ties, size_t cap)
{
    for (int i = 0; i < p->nties && (size_t)i < cap; i++) {
        const plan_cup_tie *t = &p->ties[i];
        plan_tie *o = &ties[i];
        o->round = t->round;
        o->tie = t->num;
        o->entrant[0] = t->entrant[0];
        o->entrant[1] = t->entrant[1];
        o->winner = t->winner;
        o->games = t->games;
        o->by_safeguard = t->by_safeguard;
        o->third_place = t->third;
    }
    return (size_t)p->nties;
}
