/*
 * time_control.h - how a game is timed: one value that the match plays
 * by, the record keeps, an event definition gives and a resumed event
 * compares, whole.
 */
#ifndef TIME_CONTROL_H
#define TIME_CONTROL_H

#include <stdbool.h>

typedef struct {
    long move_ms;      /* per-move limit, 0 = none */
    long bank_ms;      /* bank per game, 0 = none (one of the two > 0) */
    long increment_ms; /* added to the bank after each move */
    long grace_ms;     /* allowance over the limit before a timeout */
    long startup_ms;   /* allowance for start-up and handshake */
} time_control;

/* 5000 ms a move, no bank, 100 ms of grace, 10 s to start. */
void time_control_defaults(time_control *tc);

/* The first field in which a and b differ ("move_ms", ... as records and
 * definitions name them), with the two values in *va and *vb; NULL when
 * they time a game alike. */
const char *time_control_diff(const time_control *a, const time_control *b,
                              long *va, long *vb);

#endif
