/*
 * event_def.h - an event definition: the YAML file `referee event` runs
 * (format in referee/event/EVENTS.md), loaded and checked, every error
 * naming the file, the line and the field.
 *
 * Entrants may come from earlier events ("from: DIR, place: N" reads the
 * final ranking DIR/final.yaml that an earlier event wrote), so events
 * chain: the winners of local events meet in a final.
 */
#ifndef EVENT_DEF_H
#define EVENT_DEF_H

#include "event/plan.h"
#include "clock/time_control.h"
#include "proc/proc.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *name;    /* unique within the event */
    char *command; /* bot command line */
    char *partner; /* team games: the partner's command */
    bool rated;    /* has a rating (seeding: rating) */
    double rating;
    char *from;    /* taken from DIR's final ranking (`from: DIR`), or NULL */
    int from_row;  /* ... its row there, from 0 */
} event_entrant;

/* How a swiss-cup's groups are drawn (EVENTS.md, "Draw"). */
typedef enum {
    EVENT_SEED_LOT = 0, /* by lot */
    EVENT_SEED_GIVEN,   /* the entrants' order (or seed_order) */
    EVENT_SEED_RATING,  /* by each entrant's rating, best first */
    EVENT_SEED_RANKING, /* by the places of an earlier event's ranking */
} event_seeding;

/* An entrant withdrawn from the event (`referee event --withdraw`). */
typedef struct {
    int entrant;
    char *reason, *by, *when;
} event_withdrawal;

typedef struct {
    char *path;            /* the definition file */
    char *name;            /* event name: letters, digits, '-', '_', '.' */
    char *game, *variant, *options;
    int seats;             /* the game's seats: 2; 4 for team games
                              (entrants are teams); 3 or 4 for a
                              free-for-all (each seat its own side) */
    bool teams;            /* the rules seat two teams of two (seats 0
                              and 2, 1 and 3): an entrant is a command and
                              its partner */
    uint64_t seed;
    int concurrency;       /* 0 = the number of cores */
    time_control tc;
    plan_config plan;      /* format and its options */
    proc_limits limits;    /* per bot process */
    bool suspend;          /* freeze the bots that are not on move (the
                              default; `ponder: true` or `suspend: false`
                              lets them think) */
    bool keep_bots;        /* bots that allow it play game after game */
    int nentrants;
    /* nentrants of them (heap, freed by event_def_release) */
    event_entrant *entrant;
    char *records;         /* directory of match records */
    char *results;         /* directory of tables */
    event_seeding seeding; /* plan.seeded and plan.seed_order follow */
    char *ranking;         /* seeding: ranking: the earlier results dir */
    bool seed_order_given; /* the definition listed seed_order itself */
    /* room for nentrants (heap; one each at most), nwithdrawals used */
    int nwithdrawals;
    event_withdrawal *withdrawal;
    /* event_record_digest of the definition as loaded: what decides the
     * games does not change after the load, and a digest over a thousand
     * entrants per record read would cost more than the read.  Empty in a
     * definition made by hand: then it is computed at each call. */
    char digest[80];
} event_def;

/* Load and check path (2..PLAN_MAX_ENTRANTS entrants).  0, or -1 with
 * "FILE:LINE: FIELD: what" in err. */
int event_def_load(const char *path, event_def *def, char *err,
                   size_t errlen);
void event_def_release(event_def *def);

/* Write the definition with its entrants resolved (no `from:`), so that the
 * records directory holds everything `referee standings` needs. */
int event_def_write(const event_def *def, const char *path, char *err,
                    size_t errlen);

const char *event_format_name(plan_format f);

/* Who sits in seat s of game g, and with which command: in a team game
 * seats 2 and 3 are the partners of the entrants of seats 0 and 1; in
 * any other game seat s is the plan's entrant[s]. */
int event_seat_entrant(const event_def *def, const plan_game *g, int s);
const char *event_seat_command(const event_def *def, const plan_game *g,
                               int s);
/* The entrants one game seats: the seats of a free-for-all, else 2. */
int event_sides(const event_def *def);
/* "a vs b", or a free-for-all's "a vs b vs c vs d" in seat order, into
 * buf. */
void event_game_names(const event_def *def, const plan_game *g, char *buf,
                      size_t len);
const char *event_seeding_name(event_seeding s);

/* The entrant named name, or -1. */
int event_entrant_index(const event_def *def, const char *name);
/* Add a withdrawal (copies the strings; when NULL: now).  0, or -1 with
 * why in err: no such entrant, or already withdrawn. */
int event_def_withdraw(event_def *def, const char *name, const char *reason,
                       const char *by, const char *when, char *err,
                       size_t errlen);
/* Take the withdrawals of the event.yaml in def's records directory, if
 * there is one, that def does not have yet (the definition a person runs
 * again does not list those `--withdraw` added).  0, or -1 with err. */
int event_def_merge_withdrawals(event_def *def, char *err, size_t errlen);
/* The time now as ISO 8601 UTC ("2026-11-22T05:00:00Z") into buf. */
void event_now_text(char *buf, size_t len);

#endif
