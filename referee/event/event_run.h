/*
 * event_run.h - run an event to its end on one event loop: play the games
 * the plan makes ready, up to `jobs` at once, and write the tables.
 *
 * Durability: a game counts only once its record is on disk (records are
 * renamed into place whole).  The records directory is the journal: run
 * the same event again after Ctrl-C, SIGTERM or kill -9 and every record
 * already there is read back, checked against the event, and fed to the
 * plan; only the games without a record are played.  Since the plan is a
 * function of the definition and the results, and every game's seed comes
 * from the plan, bots that play deterministically from their seed give
 * the same tables as an uninterrupted run.
 */
#ifndef EVENT_RUN_H
#define EVENT_RUN_H

#include "event/event_def.h"
#include "event/plan.h"
#include "record/record.h"

#include <ev.h>
#include <stdbool.h>
#include <stdio.h>

#define EVENT_INTERRUPTED 130

/* The runner of def on loop (the caller's: ev_loop_new, not libev's
 * default, proc.h), jobs games at once, progress lines to progress (or
 * NULL); err (errlen bytes) receives the reason whenever a call fails, and
 * must outlive the runner.  NULL with err set.  def gains the withdrawals
 * that `referee event --withdraw` adds while the event runs; a game of a
 * withdrawn entrant is not played but recorded as a forfeit, and a record
 * entered (`--enter`) before its game starts is taken instead of playing
 * it (event_hand.h). */
typedef struct event_runner event_runner;
event_runner *event_new(event_def *def, int jobs, struct ev_loop *loop,
                        FILE *progress, char *err, size_t errlen);
/* Run the event (resuming from the records there).  Returns 0 when it
 * finished and its tables are written, EVENT_INTERRUPTED after
 * event_stop() (everything on disk is consistent and resumable), or 1
 * with err set. */
int event_run(event_runner *er);
/* For the caller's signal handler (SIGINT, SIGTERM): end every running
 * game and its bots; games already over keep their records. */
void event_stop(event_runner *er);
void event_free(event_runner *er);

/* ---- what a record counts for (event_result.c) ----------------------- */

/* The result of game g from rec, its record read from path: 1 with *res
 * when a finished record matches the event (event_record.h), 0 for a void
 * game (to play again), -1 with err when the record does not belong to
 * this event or has no result.  An entered record (event_record_entered)
 * must also say who entered it and why, be a forfeit or an adjudication,
 * and give no win points; it is not replayed (it has no game to replay):
 * its digest is what vouches for it. */
int event_record_result(const event_def *def, const plan_game *g,
                        const record *rec, const char *path,
                        plan_result *res, char *err, size_t errlen);
/* The result of game g from its record at path, if there is one: 1 with
 * *res, 0 (no record, or a void game to play again), or -1 with err.  A
 * record taken must also agree with the rules, as standings checks (a
 * record edited by hand does not become a result), and an entered one
 * must carry its digest.  The runner's resume and the merge of shards
 * take records through it. */
int event_record_take(const event_def *def, const plan_game *g,
                      const char *path, plan_result *res, char *err,
                      size_t errlen);
/* Was the record's result entered (by hand, or for a withdrawal) rather
 * than played? */
bool event_record_entered(const record *r);
/* The result a finished record gives, with how it came about and the win
 * points counted: a win by a fault counts the event's fault_win_points (0,
 * or 18 minus the winner's marbles in Pentago).  A free-for-all's result
 * is every seat's place (and the seat at fault), each place 1..seats with
 * the result word it calls for.  0, or -1 when the players' results do
 * not agree. */
int event_result_of(const event_def *def, const record *r, plan_result *res);
/* The win points seat's win by a fault counts under def's rule. */
int event_fault_win_points(const event_def *def, const record *r, int seat);

#endif
