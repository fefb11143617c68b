/*
 * report_live.h - the event report (report_html.h) kept up to date while
 * an event runs, without the event loop ever waiting for it.
 *
 * After every result the runner says the event changed; the report is
 * then rewritten on the runner's worker thread (util/worker.h), from a
 * copy of the definition and of the results taken on the loop: the plan
 * is made again from them (a plan is a function of its configuration and
 * its results), the viewer pages of the new games are written, then
 * index.html.  One rewrite at a time, and a second after the last one
 * started at the soonest: the changes that come meanwhile are taken
 * together by the next, so a busy event costs about one rewrite a second
 * running beside its games.  A rewrite still waiting when the games end
 * is dropped: the tables written then (tables_write) hold every result.
 * Only the records of games new since the last rewrite are read.  The
 * worker runs its jobs in order, so a decision the runner writes into a
 * record (event_hand.h) is in the record before the game's page is made
 * from it.
 */
#ifndef REPORT_LIVE_H
#define REPORT_LIVE_H

#include "event/event_def.h"
#include "event/tables.h"
#include "util/worker.h"

#include <ev.h>
#include <stddef.h>

/* The event as it stands, asked for on the loop when a rewrite starts. */
typedef void (*report_live_source)(void *arg, const event_def **def,
                                   const tables_game **games,
                                   size_t *ngames);

typedef struct report_live report_live;

/* The report of the event src describes, rewritten on w (whose loop is
 * loop).  A rewrite that
 * fails is told once, as a line written to fd through printer (fd -1:
 * not told); the event goes on.  NULL when out of memory. */
report_live *report_live_new(struct ev_loop *loop, worker *w,
                             report_live_source src, void *arg,
                             worker *printer, int fd);
/* The event changed: rewrite the report (now, or after the rewrite
 * running). */
void report_live_changed(report_live *rl);
/* No rewrite starts after this (a waiting one is dropped): before the
 * worker is freed, whose last done callbacks may still come. */
void report_live_close(report_live *rl);
/* After the worker is freed. */
void report_live_free(report_live *rl);

#endif
