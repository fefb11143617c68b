/* plan_cup.c - the knockout cup of a swiss-cup (see plan.h,
 * plan_internal.h; policy in EVENTS.md): seeding from the group phase, the
 * intermediate ties of the fill, the bracket, byes, ties that start as
 * soon as both entrants are known, drawn games replayed with the other
 * entrant starting until the replay cap's safeguard decides. */
#include "event/plan_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- ties ---------------------------------------------------------------- */

/* Name a cup or intermediate game for people. */
static void plan_tie_stage(const plan *p, const plan_cup_tie *t, int gameno,
                           char *buf, size_t len)
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

/* Move a tie on: a bye advances the other entrant, two known entrants
 * start game 1, a winner goes on to the next tie. */
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
    if (t->winner >= 0 && t->next >= 0) {
        plan_cup_tie *n = &p->ties[t->next];
        if (n->entrant[t->next_slot] == -1) {
            int side = t->entrant[0] == t->winner ? 0 : 1;
            n->entrant[t->next_slot] = t->winner;
            if (t->round > 0) /* a mid winner keeps its slot's cup seed */
                n->seed[t->next_slot] = t->seed[side];
            plan_tie_update(p, t->next);
        }
    }
}

void plan_cup_result(plan *p, const plan_entry *g)
{
    /* Copied first: a replay adds a game to the store g is in. */
    int ti = g->tie, a = g->g.entrant[0], b = g->g.entrant[1];
    plan_outcome o = g->outcome;
    plan_cup_tie *t = &p->ties[ti];
    t->games++;
    t->open = -1;
    if (o != PLAN_DRAW) {
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
 * fill ranked across groups into fill; returns how many seeds. */
static int plan_cup_seeds(const plan *p,
                          int ranked[PLAN_MAX_ENTRANTS][PLAN_MAX_ENTRANTS],
                          const int *sizes, int *seeds, int *fill)
{
    const plan_shape *s = &p->shape;
    int nq = 0;
    for (int place = 1; place <= s->per_group; place++) {
        int row[PLAN_MAX_ENTRANTS], k = 0;
        for (int gi = 0; gi < p->ngroups; gi++)
            if (sizes[gi] >= place)
                row[k++] = ranked[gi][place - 1];
        plan_cross_sort(p, row, k);
        for (int i = 0; i < k; i++)
            seeds[nq++] = row[i];
    }
    if (s->fill_direct + s->fill_ties > 0) {
        int nfill = 0;
        for (int gi = 0; gi < p->ngroups; gi++)
            fill[nfill++] = ranked[gi][s->fill_place - 1];
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

/* The empty ties of every cup round, each leading to its next. */
static void plan_cup_rounds(plan *p)
{
    int B = p->shape.bracket;
    p->rounds = 0;
    for (int b = B; b > 1; b /= 2)
        p->rounds++;
    for (int r = 1, nt = B / 2; r <= p->rounds; r++, nt /= 2) {
        p->round_base[r] = p->nties;
        for (int k = 0; k < nt; k++) {
            plan_cup_tie *t = &p->ties[p->nties++];
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
}

/* Round 1's slots: the nq seeds, then the intermediate winners (their
 * ties lead there), then byes (-2). */
static void plan_cup_slots(plan *p, const int *seeds, int nq)
{
    int ord[64];
    plan_cup_order(p->shape.bracket, ord);
    int first_mid_seed = nq + 1;
    int nseeds = nq + p->shape.fill_ties;
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
    int ranked[PLAN_MAX_ENTRANTS][PLAN_MAX_ENTRANTS]; /* group, place - 1 */
    int sizes[PLAN_MAX_ENTRANTS];
    for (int gi = 0; gi < p->ngroups; gi++) {
        int sep[PLAN_MAX_ENTRANTS];
        sizes[gi] = plan_rank_group(p, gi, ranked[gi], sep);
        for (int k = 0; k < sizes[gi]; k++)
            p->group_rank[ranked[gi][k]] = k + 1;
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
    }
    return (size_t)p->nties;
}
