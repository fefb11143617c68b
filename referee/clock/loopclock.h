/*
 * loopclock.h - what the event loop knows about time that a callback
 * cannot: when the loop woke, and how long it was paused.
 *
 * A line a bot writes sits in its pipe until the loop next looks.  While
 * the loop waits in poll() that is within microseconds; while it is busy
 * (another game's callbacks, a fork, a slow moment of the machine) the
 * line waits as long as the loop is busy.  So:
 *
 *  - loopclock_wake() is when the loop last came back from poll(): every
 *    line read in this iteration was there by then, or came while the
 *    referee was busy, and that is the earliest time the referee can
 *    vouch for.  Moves are timed to it, never to when a callback ran
 *    (and never past their deadline: see match.c, match_arrival).
 *  - loopclock_paused() adds up, on the monotonic clock, the time the loop
 *    spent busy beyond LOOPCLOCK_PAUSE_S per stretch between two polls: a
 *    pause of the referee.  A move's clock is extended by the pause that
 *    fell within it, so that no bot is charged for the referee's pauses.
 *    Short stretches are normal work and are charged: forgiving them all
 *    would give every bot more time the busier the referee is.
 *
 * Attach one loopclock to a loop before running it; its watchers do not
 * keep the loop alive.  Times are clock_now() seconds.
 */
#ifndef LOOPCLOCK_H
#define LOOPCLOCK_H

#include <ev.h>
#include <stdbool.h>
#include <stddef.h>

/* A busy stretch of the loop longer than this is a pause; only the part
 * beyond it is forgiven, so a move is charged at most this much for the
 * referee's work. */
#define LOOPCLOCK_PAUSE_S 0.001

typedef struct loopclock loopclock;


/* NULL when out of memory. */
loopclock *loopclock_new(struct ev_loop *loop);
/* Stops the watchers; NULL is allowed. */
void loopclock_free(loopclock *lc);

/* When the loop last returned from poll(). */
double loopclock_wake(const loopclock *lc);
/* Pause time forgiven up to now: every past stretch's excess, and the
 * current one's so far. */
double loopclock_paused(const loopclock *lc);
/* Pause time forgiven up to the last wake (the current stretch not
 * included): what a line read in this iteration is judged with. */
double loopclock_paused_at_wake(const loopclock *lc);

/* (Re)start the one-shot timer w to fire at `at` (clock_now() seconds;
 * at once if that has passed): a deadline is absolute, and libev's own
 * notion of now may lag behind the monotonic clock. */
void loopclock_timer_at(struct ev_loop *loop, ev_timer *w, double at);

/* Work spread over loop iterations, at most so much in each. */
typedef struct {
    long iteration; /* the iteration of the last piece */
    int used;       /* pieces in it */
} loopclock_budget;
/* Whether one more piece fits in this iteration's budget of max, and if
 * so it is counted. */
bool loopclock_take(const loopclock *lc, loopclock_budget *b, int max);
/* "worst pause 0.4 ms; 2 pauses over 1 ms, 12.3 ms forgiven" */
void loopclock_describe(const loopclock *lc, char *buf, size_t len);

#endif
