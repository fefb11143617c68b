/*
 * plan.h - what an event plays, as a pure function of its configuration
 * and the results known so far.  No I/O, no clock.
 *
 * The runner asks plan_ready() for the games that can be played now, plays
 * them, and feeds each result back with plan_add_result(); when nothing is
 * ready and nothing is running, plan_done() holds and the tables are final.
 * Because the plan depends on nothing but the configuration (with its seed)
 * and the results, an interrupted event resumes exactly: feed the results
 * already on disk, then play what plan_ready() still lists.
 *
 * Formats:
 *   swiss-cup    groups of 4 or 5 by lot (or dealt from a seeding), everyone
 *                plays everyone in the group once, each starting as evenly
 *                as possible (or by a coin per game); win 3, draw 1, loss
 *                0; ties broken by win points, then head to head, then
 *                lots.  Then a knockout cup (policy in
 *                referee/event/EVENTS.md): seeds compared per game across
 *                groups, a group's entrants apart in round 1 when the
 *                bracket allows it, a drawn cup game replayed with the other
 *                entrant starting, until there is a winner or replay_cap
 *                games were drawn (then the better-ranked entrant of the
 *                group phase advances: the safeguard); optionally a match
 *                for third place.
 *   round-robin  every pair plays games_per_pair games, starting in turn
 *                (the first starts balanced over the league).
 *   gauntlet     the challenger plays every other entrant games_per_pair
 *                games, starting in turn.
 *   free-for-all a game of N seats, each its own side (N = seats, 2..4):
 *                every set of N entrants is a table that plays
 *                games_per_table games, the seat order rotated so that
 *                each entrant of the table starts equally often; places
 *                score place_points (a shared place scores that place's
 *                points); ranked by points, then first places, then lot.
 *
 * Game ids are unique within an event, file-name safe, and stable: the same
 * configuration and results always give the same ids, entrants, seats and
 * seeds.
 */
#ifndef PLAN_H
#define PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Entrants of one event at most.  A league (round robin, gauntlet,
 * free-for-all) takes them all: its store is linear in its games, and
 * nothing the planner or the tables keep is of size PLAN_MAX_ENTRANTS^2.
 * A swiss-cup stays limited by its bracket (at most 16 qualifiers: about
 * 80 entrants). */
#define PLAN_MAX_ENTRANTS 4096
#define PLAN_ID_MAX 48
#define PLAN_STAGE_MAX 96
/* Win points one game can give (Pentago gives at most 17): a bound that
 * keeps the sums over an event far from overflowing. */
#define PLAN_MAX_WIN_POINTS 1000

/* The limits of a configuration, one set for everyone: the definition
 * reader refuses a value beyond them naming the file, the line and the
 * field; plan_new() checks them again, for callers that build a
 * plan_config by hand. */
#define PLAN_REPLAY_CAP_MAX 100    /* replay_cap: 1..this */
#define PLAN_GAMES_PER_PAIR_MAX 50 /* games_per_pair: 1..this */
#define PLAN_QUALIFIERS_MAX 2      /* qualifiers: 0 (the default)..this */
#define PLAN_GAMES_PER_TABLE_MAX 50 /* games_per_table: 1..this */
#define PLAN_PLACE_POINTS_MAX 1000  /* each of place_points: 0..this */
/* A free-for-all plays every set of N entrants: that grows fast (64
 * entrants in tables of 4 are 635376 tables), so the plan refuses more
 * games than this, naming the numbers. */
#define PLAN_FFA_GAMES_MAX 100000
/* Shards of one event at most (`referee event --shard I/N`). */
#define PLAN_SHARDS_MAX 100000
/* An entrant's cost at most (thousandths: a cost of 1000.0). */
#define PLAN_COST_MAX 1000000

/* Seats of one game: two sides, two teams of two (seats 2 and 3 are the
 * partners of 0 and 1, the plan names only 0 and 1), or a free-for-all
 * of up to four. */
#define PLAN_MAX_SEATS 4

typedef enum {
    PLAN_SWISS_CUP = 0,
    PLAN_ROUND_ROBIN,
    PLAN_GAUNTLET,
    PLAN_FREE_FOR_ALL,
} plan_format;

/* Who starts the games of a swiss group or a round-robin league. */
typedef enum {
    PLAN_STARTS_BALANCED = 0, /* each entrant starts as evenly as possible */
    PLAN_STARTS_LOT,          /* a coin per game (per pair in a league) */
} plan_starts;

/* How entrants of different groups are compared (cup seeds, the fill,
 * the places of those out after the group phase). */
typedef enum {
    PLAN_CROSS_PER_GAME = 0, /* points per game, then win points per game */
    PLAN_CROSS_POINTS,       /* points, then win points, as they are */
} plan_cross;

/* Win points of a win by the other side's fault (a timeout, a crash...). */
typedef enum {
    PLAN_FAULT_WP_ZERO = 0, /* none: no game was won on the board */
    PLAN_FAULT_WP_FULL,     /* as a rules win at that point: 18 minus the
                               winner's marbles */
} plan_fault_wp;

typedef struct {
    plan_format format;
    int nentrants;      /* 1..PLAN_MAX_ENTRANTS */
    uint64_t seed;      /* every lot of the event comes from it */
    bool seeded;        /* swiss: groups dealt from a seeding, not by lot */
    /* seeded: the entrants best first (a permutation of 0..nentrants-1);
     * without has_seed_order, the entrants' own order. */
    bool has_seed_order;
    int seed_order[PLAN_MAX_ENTRANTS];
    bool thirds;        /* swiss: intermediate round of group thirds */
    int qualifiers;     /* swiss: direct qualifiers per group, 1 or 2; 0 =
                           the default (2 up to 8 groups, then 1) */
    int replay_cap;     /* swiss cup: games per tie before the safeguard,
                           1..PLAN_REPLAY_CAP_MAX */
    int games_per_pair; /* round-robin, gauntlet: 1..PLAN_GAMES_PER_PAIR_MAX */
    int challenger;     /* gauntlet: entrant index */
    plan_starts starts;     /* swiss groups, round robin */
    plan_cross cross;       /* swiss: comparisons across groups */
    bool separate_groups;   /* swiss: keep a group's entrants apart in cup
                               round 1 when the bracket allows it */
    bool third_place;       /* swiss: the semi-finals' losers play for 3 */
    /* Carried for the tables and records: the plan counts the win points
     * each result brings (event_run.h applies the rule). */
    plan_fault_wp fault_win_points;
    /* Bit e (word e / 64, bit e % 64): entrant e withdrew; its games
     * without a result are forfeits (plan_forfeit).  plan_withdraw() adds
     * one to a running plan; plan_config_withdraw() to a configuration. */
    uint64_t withdrawn[PLAN_MAX_ENTRANTS / 64];
    /* free-for-all: seats per game (2..PLAN_MAX_SEATS), games per table
     * (1..PLAN_GAMES_PER_TABLE_MAX; 0 = seats), and the points of each
     * place, first to last (non-increasing, 0..PLAN_PLACE_POINTS_MAX;
     * nplace_points 0 = the default seats-1, ..., 1, 0). */
    int seats;
    int games_per_table;
    int nplace_points;
    int place_points[PLAN_MAX_SEATS];
    /* Sharding (plan_shard.c): shard_count 0 plays the whole event; else
     * the plan lists only shard shard_index's (0-based) games of the
     * phase whose games do not wait for other results (a swiss-cup's
     * groups, the whole of a league) and is done when they have results.
     * cost[e]: entrant e's expected time per game in thousandths (0 = the
     * default, 1000), which balances the shards. */
    int shard_index;
    int shard_count;
    int cost[PLAN_MAX_ENTRANTS];
} plan_config;

/* Defaults: swiss-cup, thirds on, replay_cap 8, games_per_pair 2,
 * balanced starts, comparison per game, groups kept apart in round 1, no
 * third-place match, no win points for a fault win, nobody withdrawn. */
void plan_config_defaults(plan_config *cfg);

/* The withdrawn bitset of a configuration: set entrant e's bit, and read
 * it (false for an entrant out of range). */
static inline void plan_config_withdraw(plan_config *cfg, int e)
{
    if (e >= 0 && e < PLAN_MAX_ENTRANTS)
        cfg->withdrawn[e / 64] |= (uint64_t)1 << (e % 64);
}
static inline bool plan_config_withdrawn(const plan_config *cfg, int e)
{
    return e >= 0 && e < PLAN_MAX_ENTRANTS &&
           (cfg->withdrawn[e / 64] >> (e % 64) & 1);
}

typedef struct {
    char id[PLAN_ID_MAX];       /* "group-A-03", "cup-r1-t2-g1", "rr-001" */
    char stage[PLAN_STAGE_MAX]; /* for people: "group A", "cup final, game 2" */
    int phase;                  /* 0 group/league, 1 intermediate, 2 cup */
    int round;                  /* within the phase, from 1 */
    /* by seat; seat 0 starts.  A free-for-all fills seats 0..seats-1;
     * the other formats only 0 and 1 (a team game's seats 2 and 3 are the
     * partners of 0 and 1). */
    int entrant[PLAN_MAX_SEATS];
    uint64_t seed;              /* the game's own seed */
} plan_game;

typedef enum {
    PLAN_SEAT0_WINS = 0,
    PLAN_SEAT1_WINS,
    PLAN_DRAW,
    PLAN_BOTH_LOSE, /* a forfeit of two withdrawn entrants: 0 points each */
} plan_outcome;

/* How a result came about. */
typedef enum {
    PLAN_HOW_RULES = 0, /* played to an end by the rules */
    PLAN_HOW_FAULT,     /* played, and lost by a seat's fault */
    PLAN_HOW_FORFEIT,   /* not played: forfeited (withdrawal, or entered) */
    PLAN_HOW_ADJUDICATED, /* not played to its end: decided by a person */
} plan_how;

typedef struct {
    char id[PLAN_ID_MAX];
    plan_outcome outcome; /* two sides; a free-for-all ignores it */
    int win_points[2]; /* by seat */
    /* A free-for-all: each seat's place (1 = first, shared places
     * repeat), and the seat at fault in a game lost by a fault (its
     * place is the last, the engine's outcome_fault).  Unused (0, false)
     * for two sides. */
    int place[PLAN_MAX_SEATS];
    bool fault[PLAN_MAX_SEATS];
    /* The record's referee.isolation ("full", "none", "" if not said):
     * carried to the tables, ignored by the plan. */
    char isolation[8];
    /* The record's referee.pondering ("off", "on", "" if not said), the
     * same way. */
    char pondering[4];
    plan_how how;      /* counted: forfeits in the tables' rows */
    bool entered;      /* a record entered by hand or for a withdrawal,
                          not a game played by the referee */
} plan_result;

typedef struct plan plan;

/* The games a free-for-all of cfg plays: C(nentrants, seats) tables
 * times games_per_table (0: seats), as a wide number, since it may be
 * far beyond PLAN_FFA_GAMES_MAX. */
unsigned long long plan_ffa_games(const plan_config *cfg);

/* Check cfg (err says what is wrong) and make the plan. */
plan *plan_new(const plan_config *cfg, char *err, size_t errlen);
void plan_free(plan *p);

/* Record a result.  Fails (with why) for an id the plan does not have now,
 * a result given twice, win points outside 0..PLAN_MAX_WIN_POINTS, or (a
 * free-for-all) a seat's place outside 1..seats. */
int plan_add_result(plan *p, const plan_result *r, char *err, size_t errlen);

/* The games that can be played now and have no result; returns how many
 * there are (only cap are written).  Deterministic order.  It costs the
 * games written, not the games of the event: the plan keeps the games
 * without a result in a list of their own. */
size_t plan_ready(const plan *p, plan_game *out, size_t cap);
/* Look up any game the plan has produced so far, by id. */
const plan_game *plan_find(const plan *p, const char *id);
/* Every game has a result and no more will come (a sharded plan: every
 * game of its shard has a result). */
bool plan_done(const plan *p);
/* Games with a result, and games known so far (for progress). */
size_t plan_played(const plan *p);
size_t plan_known(const plan *p);
/* The configuration the plan was made with (withdrawals added since
 * included). */
const plan_config *plan_get_config(const plan *p);

/* ---- shards ------------------------------------------------------------ */

/* The games a sharded plan plays (its shard's), or, not sharded, the
 * games of the phase that shards split (a swiss-cup's groups, the whole
 * of a league). */
size_t plan_shard_games(const plan *p);
/* Is game id one of the phase that shards split (phase 0)? */
bool plan_sharded_phase(const plan *p, const char *id);

/* ---- withdrawals ----------------------------------------------------- */

/* Entrant e withdraws from a running plan: the same as having it in
 * cfg.withdrawn from the start, since a withdrawal only turns games
 * without a result into forfeits.  -1 for an entrant out of range. */
int plan_withdraw(plan *p, int entrant);
bool plan_withdrawn(const plan *p, int entrant);
/* A game (ready, without a result) of a withdrawn entrant: 1 with the
 * forfeit in *r (the other entrant wins with 0 win points; both lose when
 * both withdrew; in a free-for-all the entrants still in share place 1
 * and the withdrawn share the last place), else 0.  The runner records it
 * instead of playing. */
int plan_forfeit(const plan *p, const plan_game *g, plan_result *r);

/* The result game id has, if any: true with it in *r. */
bool plan_result_of(const plan *p, const char *id, plan_result *r);

/* Did the replay cap decide the tie with game id, its last game?  1 with
 * the entrant it sent through in *advances, else 0. */
int plan_decided_by_cap(const plan *p, const char *id, int *advances);

/* ---- tables ---------------------------------------------------------- */

typedef struct {
    int entrant;
    int rank;        /* 1-based; equal only when nothing can separate */
    int played, won, drawn, lost;
    int points;      /* 3 / 1 / 0 */
    int win_points;  /* collected in wins */
    char decided_by[24]; /* what separated it from the next row: "points",
                            "win points", "head to head", "firsts" (a
                            free-for-all's first places), "lot", "" */
    int forfeits_lost;   /* of the games lost, lost by forfeit */
    int forfeits_won;    /* of the games won, won by forfeit */
    int entered;         /* games whose result was entered, not played */
    bool withdrawn;      /* the entrant withdrew */
    /* A free-for-all (won, drawn and lost stay 0; points are the place
     * points): games at each place (places[0] first places), and the
     * games lost by the entrant's own fault. */
    int places[PLAN_MAX_SEATS];
    int faults;
} plan_row;

/* Groups (a league is one group named "league"). */
int plan_groups(const plan *p);
const char *plan_group_name(const plan *p, int group);
/* The group's members in the order the draw dealt them (seed order
 * with a seeding); returns how many (only cap are written). */
size_t plan_group_members(const plan *p, int group, int *entrant,
                          size_t cap);
/* Rows in rank order; returns the number of rows. */
size_t plan_group_table(const plan *p, int group, plan_row *rows,
                        size_t cap);

typedef struct {
    int round;         /* 1 = first cup round (0 = intermediate round) */
    int tie;           /* from 1 within the round */
    int entrant[2];    /* -1 = not known yet, -2 = bye */
    int winner;        /* entrant, or -1 while open */
    int games;         /* games played in this tie */
    bool by_safeguard; /* decided by the replay cap */
    bool third_place;  /* the match for third place (round = the final's,
                          tie 2) */
} plan_tie;

/* A swiss-cup's bracket at most (its qualifiers), and its ties at most:
 * 15 cup ties, up to 8 of the intermediate round, the third-place match;
 * room enough for plan_bracket and plan_q_seeds. */
#define PLAN_BRACKET_MAX 16
#define PLAN_TIES_MAX 64

/* Every cup tie known so far (intermediate round first), in order. */
size_t plan_bracket(const plan *p, plan_tie *ties, size_t cap);

/* Final ranking once done: entrant by place (ranks[0] is the winner), and
 * the place of each (shared places repeat, e.g. 1 2 3 3 5 5 5 5; with a
 * third-place match 1 2 3 4 5 5 5 5). */
size_t plan_final_ranking(const plan *p, int *entrant, int *place,
                          size_t cap);

/* ---- shape (swiss-cup) ----------------------------------------------- */

/* What a swiss-cup with n entrants looks like, before any game is played
 * (policy in referee/event/EVENTS.md). */
typedef struct {
    int groups;
    int group_size[PLAN_MAX_ENTRANTS]; /* by group, larger groups first */
    int group_games;  /* all groups together */
    int per_group;    /* direct qualifiers per group: 2, or 1 when groups > 8 */
    int direct;       /* direct qualifiers: winners (and runners-up) */
    int bracket;      /* cup bracket size, a power of two; 0 when n == 1 */
    int fill_place;   /* group place that may fill the bracket (3, or 2) */
    int fill_direct;  /* of those, qualified without a game */
    int fill_ties;    /* intermediate-round ties (2 entrants each) */
    int byes;         /* empty bracket slots, given to the best seeds */
} plan_shape;

/* Fill out for n entrants (1..PLAN_MAX_ENTRANTS) with or without the
 * intermediate round of thirds; -1 when n is out of range. */
int plan_swiss_shape(int nentrants, bool thirds, plan_shape *out);
/* The same with a chosen number of direct qualifiers per group (0 = the
 * default); -1 also when the bracket would exceed 16 (2 per group with
 * more than 8 groups). */
int plan_swiss_shape_q(int nentrants, bool thirds, int qualifiers,
                       plan_shape *out);

#endif
