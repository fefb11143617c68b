/*
 * plan_internal.h - what the parts of the planner share, and nobody else
 * may use: the plan's state and the helpers one part offers the others.
 * The contract for callers is plan.h.
 *
 * The parts:
 *   plan.c        the plan's lifecycle, its store of games, the lots,
 *                 results in and games out;
 *   plan_shape.c  the shape of an event: group sizes and the cup's size
 *                 (plan_swiss_shape), the groups and the schedules of the
 *                 group, league and gauntlet games;
 *   plan_rank.c   tallies, group tables with their tiebreaks, comparisons
 *                 across groups, the final ranking;
 *   plan_cup.c    the knockout cup: seeding, the bracket, ties and their
 *                 replays;
 *   plan_ffa.c    the free-for-all: its tables and their games, the
 *                 places counted and its ranking.
 */
#ifndef PLAN_INTERNAL_H
#define PLAN_INTERNAL_H

#include "event/plan.h"

#include "util/rng.h"

#define PLAN_MAX_TIES PLAN_TIES_MAX /* plan.h */
#define PLAN_GAMES_PER_STEP 64 /* most games one result can create */

/* One game the plan has made, with its result once known. */
typedef struct {
    plan_game g;
    int group;   /* phase 0: group index; else -1 */
    int tie;     /* phases 1, 2: index into ties; else -1 */
    int64_t key; /* listing order: phase, round, then creation or tie */
    int gameno;  /* phases 1, 2: the game's number within its tie */
    bool has_result;
    plan_outcome outcome;
    int win_points[2];
    plan_how how;
    bool entered;
    int place[PLAN_MAX_SEATS]; /* free-for-all */
    bool fault[PLAN_MAX_SEATS];
    int shard;   /* phase 0 of a sharded plan: the game's shard; else -1 */
    /* The list of games without a result that the plan offers, in
     * listing order: index + 1 of the neighbours, 0 at an end. */
    size_t rprev, rnext;
    bool open;   /* in that list */
} plan_entry;

/* One cup or intermediate tie as the plan keeps it (plan_tie is what
 * callers see of it). */
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
    int loser_next; /* semi-finals with a third-place match: the loser's
                       tie, or -1 */
    int loser_slot;
    bool third;    /* the third-place match */
} plan_cup_tie;

/* An entrant's group or league games so far. */
typedef struct {
    int played, won, drawn, lost, points, win_points;
    int forfeits_lost, forfeits_won, entered;
    int places[PLAN_MAX_SEATS], faults; /* free-for-all */
} plan_tally;

struct plan {
    plan_config cfg;

    int ngroups;
    int gstart[PLAN_MAX_ENTRANTS + 1]; /* members of group i: member[gstart[i]..] */
    int member[PLAN_MAX_ENTRANTS];
    int group_of[PLAN_MAX_ENTRANTS];
    char gname[PLAN_MAX_ENTRANTS][8];
    plan_tally tally[PLAN_MAX_ENTRANTS]; /* group / league games only */
    int cross_lot[PLAN_MAX_ENTRANTS];    /* lot position across groups */

    plan_entry *games;
    size_t ngames, capgames;
    size_t *order;         /* games by (phase, round, creation) */
    size_t *hash;          /* open addressing: game index + 1, 0 empty */
    size_t hashcap;
    size_t nplayed;
    size_t group_left;     /* phase 0 games without a result */
    /* The games offered (plan_ready): first and last (index + 1), and
     * how many; kept once the first games are made (listing). */
    size_t rhead, rtail, nopen;
    bool listing;
    size_t nshard;         /* plan_shard_games */

    bool cup_built;
    plan_shape shape;
    int rounds;            /* cup rounds */
    plan_cup_tie ties[PLAN_MAX_TIES];
    int nties;
    int round_base[8];     /* first tie of cup round r (index r) */
    int final_tie;
    int third_tie;         /* the third-place match, or -1 */
    int group_rank[PLAN_MAX_ENTRANTS]; /* after the group phase */
};

/* ---- plan.c: lots and the store of games ------------------------------ */

/* Write an error message, if the caller gave room for one. */
void plan_seterr(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Seed r for the lot named tag. */
void plan_lot_rng(const plan *p, rng *r, const char *tag);
/* Shuffle a[0..n) by the lot named tag. */
void plan_lot_shuffle(const plan *p, const char *tag, int *a, int n);
/* 0 or 1 by the lot named prefix + id. */
int plan_lot_bit(const plan *p, const char *prefix, const char *id);
/* Add a game (room reserved); seat 0 is a, who starts.  Returns its
 * index.  For a tie's game, tie_idx and the tie's games so far give its
 * number. */
size_t plan_add_game(plan *p, const char *id, const char *stage, int phase,
                     int round, int a, int b, int group, int tie_idx);

/* ---- plan_shard.c: shards ----------------------------------------------- */

/* Give every phase-0 game its shard (entry.shard), balanced in expected
 * time; the games of p's own shard are counted in p->nshard. */
int plan_shard_assign(plan *p);

/* ---- plan_shape.c: the groups and the schedules ------------------------ */

/* Balanced starts among m players whose rotation positions are pos[]:
 * does the player at position pa start against the one at pb?  Each
 * starts (m-1)/2 games, or m/2 and m/2-1 when m is even. */
bool plan_balanced_starts(int pa, int pb, int m);

/* Deal the entrants into p->shape's groups and schedule their games. */
void plan_make_groups(plan *p);
/* Round-robin and gauntlet: one group "league" of everyone, its games. */
/* Every entrant in one group, "league", in the definition's order: the
 * shape of the leagues (round robin, gauntlet, free-for-all). */
void plan_one_league(plan *p);
void plan_make_league(plan *p);

/* ---- plan_rank.c: tallies and rankings -------------------------------- */

/* What separated a row of a table from the next (plan_row.decided_by). */
enum { PLAN_SEP_NONE = 0, PLAN_SEP_POINTS, PLAN_SEP_WP, PLAN_SEP_H2H,
       PLAN_SEP_LOT, PLAN_SEP_FIRSTS };

/* Count a group or league game's result in its entrants' tallies. */
void plan_tally_result(plan *p, const plan_entry *g);
/* Rank group gi: out[0..m) entrants in rank order, sep[i] what separated
 * out[i] from out[i + 1] (an index into plan_rank.c's names); returns m. */
int plan_rank_group(const plan *p, int gi, int *out, int *sep);
/* Sort a[0..k) across groups: points (per game by default), win points
 * (likewise), the event's lot. */
void plan_cross_sort(const plan *p, int *a, int k);

/* ---- plan_cup.c: the cup ---------------------------------------------- */

/* After the group phase: rank the groups, seed the cup, play the byes. */
void plan_cup_build(plan *p);
/* Count the result of a game of tie ti: a winner moves on, a draw is
 * replayed or decided by the safeguard. */
void plan_cup_result(plan *p, const plan_entry *g);
/* Is the cup over: the final decided, and the third-place match if any? */
bool plan_cup_over(const plan *p);

/* ---- plan_ffa.c: the free-for-all --------------------------------------- */

/* Are cfg's free-for-all options ones the plan can take?  0, or -1 with
 * why. */
int plan_ffa_check(const plan_config *cfg, char *err, size_t errlen);
/* Fill in the defaults cfg left at 0 (games_per_table, place_points). */
void plan_ffa_defaults(plan_config *cfg);
/* The league of everyone and its games, table by table. */
void plan_make_ffa(plan *p);
/* Can r be the result of free-for-all game g?  0, or -1 with why. */
int plan_ffa_check_result(const plan *p, const plan_entry *g,
                          const plan_result *r, char *err, size_t errlen);
/* Count a free-for-all game's places in its entrants' tallies. */
void plan_ffa_tally(plan *p, const plan_entry *g);
/* The forfeit of a table with withdrawn entrants (plan_forfeit). */
int plan_ffa_forfeit(const plan *p, const plan_entry *g, plan_result *r);
/* Order out[0..m) by points, then first places (stable), saying in sep
 * which of the two separated each row from the next (PLAN_SEP_*). */
void plan_ffa_sort(const plan *p, int *out, int *sep, int m);

#endif
