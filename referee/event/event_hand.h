/*
 * event_hand.h - running an event by hand (EVENTS.md, "Running an event by
 * hand"): results entered instead of played (a forfeit, an adjudication,
 * the forfeits of a withdrawn entrant), the decisions the event writes
 * into the records it counted (the replay cap's, the win points of a win
 * by a fault), and the records on disk fed into a plan without playing.
 */
#ifndef EVENT_HAND_H
#define EVENT_HAND_H

#include "event/event_def.h"
#include "event/plan.h"
#include "record/record.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Who enters the forfeits of a withdrawn entrant. */
#define EVENT_HAND_RUNNER "referee event"

/* The record of game g entered, not played: outcome o (PLAN_BOTH_LOSE
 * only for a forfeit), reason "forfeit" or "adjudicated", entered by `by`
 * for `why`; no moves, the start position, no win points.  0, or -1 with
 * err (out must be released either way). */
int event_hand_record(const event_def *def, const plan_game *g,
                      plan_outcome o, const char *reason, const char *by,
                      const char *why, record *out, char *err,
                      size_t errlen);
/* The same for a free-for-all: place[s] is seat s's place (1 = first),
 * and the words follow (every seat first: a draw; first: a win; else a
 * loss). */
int event_hand_record_places(const event_def *def, const plan_game *g,
                             const int *place, const char *reason,
                             const char *by, const char *why, record *out,
                             char *err, size_t errlen);
/* The forfeit record of a game of a withdrawn entrant (plan_forfeit's
 * result r: in a free-for-all, its places), entered by EVENT_HAND_RUNNER
 * with the withdrawal's reason. */
int event_hand_forfeit(const event_def *def, const plan_game *g,
                       const plan_result *r, record *out, char *err,
                       size_t errlen);

/* What the event writes into a counted record beyond its result. */
typedef struct {
    char rule[24];   /* "replay-cap", "fault-win-points"; "" for none */
    char entrant[128];
    int win_points;
    char detail[256];
} event_decision;

/* The decision game g's result r calls for in plan p (after r was added
 * to it): the replay cap deciding its tie, or a win by a fault.  false
 * when none. */
bool event_decision_for(const event_def *def, const plan *p,
                        const plan_game *g, const plan_result *r,
                        event_decision *d);
/* Make the record at path carry d: read, and rewritten (whole, with its
 * digest) only when it does not say so yet.  0, or -1 with err. */
int event_decision_write(const char *path, const event_decision *d,
                         char *err, size_t errlen);

/* Feed the records on disk of def into p, as the runner resumes but
 * without replaying them (for --plan and --enter): each ready game whose
 * record is there and belongs to the event, and the forfeits of
 * withdrawn entrants that are not recorded yet are left ready.  *done
 * gets the games and results taken (*ndone of them; free it).  0, or -1
 * with err naming the record that does not belong or cannot be read. */
typedef struct {
    plan_game game;
    plan_result result;
} event_hand_done;
int event_hand_feed(const event_def *def, plan *p, event_hand_done **done,
                    size_t *ndone, char *err, size_t errlen);

#endif
