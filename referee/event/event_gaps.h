/*
 * event_gaps.h - which records of an event wait for a game that has no
 * record, for `referee standings`: when group-A-03.yaml is gone, the cup
 * records after it cannot be placed, and the person is told that one
 * record is missing and which records wait for it, not that each of those
 * is "not a game of this event".
 *
 * Pure: plans only, no I/O.  A record is said to wait for game w when,
 * after the results known, some result of w (either seat winning, or a
 * draw) makes the plan produce that record's game id, directly or once
 * other waiting records are placed in turn.  Game ids name a place in the
 * event (cup-r1-t2-g1), not who plays there, so the answer does not depend
 * on the result guessed; a draw is tried because it is what makes a cup
 * replay (-g2) exist.
 */
#ifndef EVENT_GAPS_H
#define EVENT_GAPS_H

#include "event/plan.h"

#include <stdbool.h>
#include <stddef.h>

/* cfg: the event's plan.  known: the results the plan took, in the order
 * it took them.  gaps: the games ready without a usable record.  strays:
 * the results of the records whose ids the plan does not know.  For each
 * gap i and stray j, waits[i * nstrays + j] says whether stray j waits for
 * gap i.  0, or -1 with err (out of memory, or a plan that cannot be
 * made). */
int event_gaps_find(const plan_config *cfg, const plan_result *known,
                    size_t nknown, const plan_game *gaps, size_t ngaps,
                    const plan_result *strays, size_t nstrays, bool *waits,
                    char *err, size_t errlen);

#endif
