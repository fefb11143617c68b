/*
 * plan_query.h - read-only facts of a plan that plan.h does not give, for
 * the tables (event/tables.h): which group or cup tie a game belongs to,
 * the seed each slot of a tie carries, the cup's seeds and how each one
 * qualified, and each entrant's place in its group.  Nothing here changes
 * a plan; every answer is a function of the plan as it stands.
 *
 * Ties are named by their index in plan_bracket()'s list (the
 * intermediate round first, then the cup rounds in order).
 */
#ifndef PLAN_QUERY_H
#define PLAN_QUERY_H

#include "event/plan.h"

#include <stdbool.h>
#include <stddef.h>

/* The group of a group or league game (plan_group_name), or -1 for a cup
 * or intermediate game and an id the plan does not have. */
int plan_q_game_group(const plan *p, const char *id);
/* The tie of a cup or intermediate game, or -1. */
int plan_q_game_tie(const plan *p, const char *id);

/* Rounds of the cup (1 = a final only), 0 before the cup is made or in an
 * event without one. */
int plan_q_cup_rounds(const plan *p);
/* The seed slot side (0, 1) of tie carries: the bracket seed in the cup
 * (1 is the best; a winner carries its slot's seed on), the place among
 * the candidates in the intermediate round; 0 when unknown. */
int plan_q_tie_seed(const plan *p, int tie, int side);

/* How a seed came into the cup. */
typedef enum {
    PLAN_Q_SEED_GROUP = 0, /* a group place that qualifies directly */
    PLAN_Q_SEED_FILL,      /* a group third (or runner-up) filling the
                              bracket without a game */
    PLAN_Q_SEED_MID,       /* the winner of an intermediate tie */
    PLAN_Q_SEED_BYE,       /* nobody: the slot's opponent has a bye */
} plan_q_seed_how;

typedef struct {
    int seed;            /* 1..bracket */
    int entrant;         /* -1 while its intermediate tie is open, -2 bye */
    plan_q_seed_how how;
    int group;           /* GROUP, FILL, MID: the entrant's group, or -1 */
    int group_place;     /* its place there, or 0 */
    int mid_tie;         /* MID: the intermediate tie's number, from 1 */
} plan_q_seed;

/* The cup's seeds in order, once the cup is made; returns how many there
 * are (only cap are written), 0 before. */
size_t plan_q_seeds(const plan *p, plan_q_seed *out, size_t cap);

/* The group of an entrant (0 in a league), or -1. */
int plan_q_entrant_group(const plan *p, int entrant);

#endif
