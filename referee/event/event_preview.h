/*
 * event_preview.h - `referee event --plan FILE`: what an event will play,
 * printed without playing anything: the options that decide the draw, the
 * seeding, the groups, the withdrawals and entered results, the cup as far
 * as it is known, and the games ready now (for a new event, every group
 * game: the first pairings; for a running one, what comes next).
 */
#ifndef EVENT_PREVIEW_H
#define EVENT_PREVIEW_H

#include "event/event_def.h"
#include "event/event_hand.h"
#include "event/plan.h"

#include <stdio.h>

/* p: def's plan with the results done[0..ndone) already in it. */
void event_preview(FILE *out, const event_def *def, const plan *p,
                   const event_hand_done *done, size_t ndone);

#endif
