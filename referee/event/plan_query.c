/* plan_query.c - read-only facts of a plan for the tables (see
 * plan_query.h).  Reads the plan's state (plan_internal.h); changes
 * nothing. */
#include "event/plan_query.h"

#include "event/plan_internal.h"

/* The plan's entry of game id: plan_find gives its plan_game, which is
 * the entry's first member. */
static const plan_entry *plan_q_entry(const plan *p, const char *id)
{
    return (const plan_entry *)plan_find(p, id);
}

int plan_q_game_group(const plan *p, const char *id)
{
    const plan_entry *e = plan_q_entry(p, id);
    return e && e->g.phase == 0 ? e->group : -1;
}

int plan_q_game_tie(const plan *p, const char *id)
{
    const plan_entry *e = plan_q_entry(p, id);
    return e && e->g.phase != 0 ? e->tie : -1;
}

int plan_q_cup_rounds(const plan *p)
{
    return p->cup_built && p->shape.bracket ? p->rounds : 0;
}

int plan_q_tie_seed(const plan *p, int tie, int side)
{
    if (tie < 0 || tie >= p->nties || side < 0 || side > 1)
        return 0;
    return p->ties[tie].seed[side];
}

/* How seed sd of a bracket with nq seeds from the groups qualified. */
static void plan_q_seed_origin(const plan *p, int nq, plan_q_seed *s)
{
    const plan_shape *sh = &p->shape;
    int direct = sh->direct;
    s->group = -1;
    s->group_place = 0;
    s->mid_tie = 0;
    if (s->seed <= direct)
        s->how = PLAN_Q_SEED_GROUP;
    else if (s->seed <= nq)
        s->how = PLAN_Q_SEED_FILL;
    else if (s->seed <= nq + sh->fill_ties) {
        s->how = PLAN_Q_SEED_MID;
        s->mid_tie = s->seed - nq;
    } else
        s->how = PLAN_Q_SEED_BYE;
    if (s->entrant >= 0) {
        s->group = p->group_of[s->entrant];
        s->group_place = p->group_rank[s->entrant];
    }
}

size_t plan_q_seeds(const plan *p, plan_q_seed *out, size_t cap)
{
    if (!plan_q_cup_rounds(p))
        return 0;
    int nq = p->shape.direct + p->shape.fill_direct;
    size_t n = (size_t)p->shape.bracket;
    /* Round 1's slots hold every seed once. */
    for (int k = 0; k < p->shape.bracket / 2; k++) {
        const plan_cup_tie *t = &p->ties[p->round_base[1] + k];
        for (int side = 0; side < 2; side++) {
            int sd = t->seed[side];
            if (sd < 1 || (size_t)sd > n || (size_t)sd > cap)
                continue;
            plan_q_seed *s = &out[sd - 1];
            s->seed = sd;
            s->entrant = t->entrant[side];
            plan_q_seed_origin(p, nq, s);
        }
    }
    return n;
}

int plan_q_entrant_group(const plan *p, int entrant)
{
    if (entrant < 0 || entrant >= p->cfg.nentrants)
        return -1;
    return p->group_of[entrant];
}
