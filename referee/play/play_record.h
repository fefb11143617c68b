/*
 * play_record.h - the record of a game played at the terminal: a match
 * record like any other (record/SCHEMA.md, schema 1), which `referee
 * replay` re-checks and `standings` reads.
 *
 * The person's seat is marked by its command and name, both "human"
 * (PLAY_HUMAN): no bot runs there.  A resignation is the fault reason
 * "resigned": the resigning seat's team loses, every other team wins, as
 * with any fault.  Moves taken back by `undo` are not in the record: it
 * holds the game as finally played; how many were taken back is said in
 * result.detail.
 */
#ifndef PLAY_RECORD_H
#define PLAY_RECORD_H

#include "clock/time_control.h"
#include "record/record.h"
#include "rules.h"

#include <stddef.h>
#include <stdint.h>

#define PLAY_HUMAN "human"

/* The header: referee, isolation, event, game, seed, time control,
 * start time, and every seat's colour and command (NULL: the person). */
void play_record_header(record *r, const rules_game *g, const char *event,
                        uint64_t seed, const time_control *tc,
                        const char *const *command);
/* Keep the first n moves only (undo). */
void play_record_truncate(record *r, size_t n);

/* The result, as a match writes it: by the rules, by a fault (or a
 * resignation) of seat, or void.  The end time and final position too. */
void play_record_rules_end(record *r, const rules_game *g,
                           const rules_pos *pos);
void play_record_fault(record *r, const rules_game *g, const rules_pos *pos,
                       int seat, const char *reason, const char *detail);
void play_record_void(record *r, const rules_game *g, const rules_pos *pos,
                      const char *detail);
/* Add a note for people to result.detail ("a; b"). */
void play_record_note(record *r, const char *note);

/* What seat is told in its `result` line: win, loss, draw; place:N with
 * more than two seats. */
void play_record_outcome(const record *r, int seat, char *buf, size_t len);

#endif
