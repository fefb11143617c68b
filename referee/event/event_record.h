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
 *   game_id, when the record has one (a record renamed or copied over
 *     another game's file);
 *   game, variant;
 *   options, both normalised by the rules (defaults filled in, so the
 *     definition's "movecap=8" is the record's "opening=tournament
 *     movecap=8 captures=5");
 *   the time control as a whole (time_control.h): move_ms, bank_ms,
 *     increment_ms, grace_ms, startup_ms (which decides a game lost on
 *     its handshake);
 *   the number of seats;
 *   in each seat, the command (the partner's in seats 2 and 3 of a team
 *     game; in a free-for-all each seat is the plan's entrant of that
 *     seat) and the entrant's name;
 *   the game's seed (from the plan);
 *   event_digest, when the record is intact (its own digest holds) and
 *     has one: the definition's digest (below), which catches a changed
 *     definition in what no other field shows.
 * Returns 0, or -1 with "PATH: FIELD: the record has X, the event Y: ..."
 * in err, FIELD as the definition names it ("options",
 * "time_control.move_ms", "entrants[3].command").  The message ends with
 * what to do, by what the digests say: a record that was changed after it
 * was written is to be restored; an intact record played under another
 * definition means the definition changed ("not from this event as it is
 * now defined"); without digests, "not from this event; move it away or
 * use another records directory".  Whether the record's own digest holds
 * is replay_check's to say (after the rules), not this function's. */
int event_record_check(const event_def *def, const plan_game *g,
                       const record *rec, const char *path, char *err,
                       size_t errlen);

/* The event's digest, which every record of an event carries as
 * `event_digest`: "sha256:HEX" of a canonical text (event_record.c) of
 * what decides the games and the tables: the event's name, game, variant,
 * options (as the rules normalise them), seats, seed, the whole time
 * control, the format with its own options (swiss-cup: seeding and seed
 * order, thirds, qualifiers, replay_cap, who starts, the comparison across
 * groups, groups kept apart, the third-place match; leagues:
 * games_per_pair, who starts, the gauntlet's challenger; the win points of
 * a fault win; free-for-all: games_per_table and place_points, and
 * nothing else of the format), and every entrant in order with its name, command and
 * partner.  Not in it: what an event takes on as it goes (withdrawals),
 * what may differ from one run of the same event to the next without
 * changing its draw or its tables (concurrency, limits, suspend,
 * keep_bots, the records and results directories), and the layout of the
 * YAML: event.yaml reformatted, or the definition run again from another
 * directory, voids no record.  Computed by the event runner for each game,
 * and by `referee standings` from event.yaml.  Returns a buffer of the
 * calling thread's, overwritten by its next call. */
const char *event_record_digest(const event_def *def);

#endif
