/*
 * event_record.h - does a match record belong to an event?  One answer for
 * everyone who reads an event's records back (`referee standings`, and
 * the resume of `referee event`), so that a record from another
 * definition is never counted: a record played with `movecap=8` is not a
 * game of the event once its definition says `movecap=0`.
 */
#ifndef EVENT_RECORD_H
#define EVENT_RECORD_H

#include "event/event_def.h"
#include "event/plan.h"
#include "record/record.h"

#include <stddef.h>

/* Does rec, the record of game g of def read from path, match the event
 * in everything that decides a game?  Compared in this order, the first
 * difference reported:
 *   game, variant;
 *   options, both normalised by the rules (defaults filled in, so the
 *     definition's "movecap=8" is the record's "opening=tournament
 *     movecap=8 captures=5");
 *   the time control as a whole (time_control.h): move_ms, bank_ms,
 *     increment_ms, grace_ms, startup_ms (which decides a game lost on
 *     its handshake);
 *   the number of seats;
 *   in each seat, the command (the partner's in seats 2 and 3 of a team
 *     game) and the entrant's name;
 *   the game's seed (from the plan).
 * Returns 0, or -1 with "PATH: FIELD: the record has X, the event Y: not
 * from this event; ..." in err, FIELD as the definition names it
 * ("options", "time_control.move_ms", "entrants[3].command"). */
int event_record_check(const event_def *def, const plan_game *g,
                       const record *rec, const char *path, char *err,
                       size_t errlen);

#endif
