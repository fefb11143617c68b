/*
 * time_control.h - how a game is timed: one value that the match plays
 * by, the record keeps, an event definition gives and a resumed event
 * compares, whole.
 */
#ifndef TIME_CONTROL_H
#define TIME_CONTROL_H

#include <stdbool.h>
#include <stddef.h>

/* What a move's time is measured in (turnclock.h). */
typedef enum {
    TIME_CLOCK_WALL = 0, /* the monotonic clock, from the turn line */
    TIME_CLOCK_CPU,      /* the CPU time of the bot's whole process tree */
} time_clock;

typedef struct {
    long move_ms;      /* per-move limit, 0 = none */
    long bank_ms;      /* bank per game, 0 = none (one of the two > 0) */
    long increment_ms; /* added to the bank after each move */
    long grace_ms;     /* allowance over the limit before a timeout */
    long startup_ms;   /* allowance for start-up and handshake (wall) */
    time_clock clock;  /* what limits, banks and grace are measured in */
    long wall_cap_ms;  /* CPU clock: the most wall time a turn may take;
                          0 until time_control_settle() gives the
                          default */
} time_control;

/* 5000 ms a move, no bank, 100 ms of grace, 10 s to start, wall clock. */
void time_control_defaults(time_control *tc);

/* Whether a game can be timed so: a limit or a bank, no negative time, a
 * start-up allowance.  False with why in err. */
bool time_control_check(const time_control *tc, char *err, size_t errlen);

/* A CPU clock without a wall cap gets the default one: 10 x (the
 * per-move limit, or the bank without one, + grace) + 1000 ms; slow
 * enough for a bot that gets a tenth of a processor on a busy machine,
 * and an end for one that only waits.  Anything else is left as it is. */
void time_control_settle(time_control *tc);

/* "wall" or "cpu". */
const char *time_clock_name(time_clock c);
/* From "wall" or "cpu"; false for anything else. */
bool time_clock_parse(const char *text, time_clock *out);

/* The first field in which a and b differ ("move_ms", ..., "clock" as
 * records and definitions name them), with the two values in *va and *vb
 * (a clock as its time_clock number); NULL when they time a game alike. */
const char *time_control_diff(const time_control *a, const time_control *b,
                              long *va, long *vb);
/* A value time_control_diff gave, as records write it: "cpu" for a clock,
 * "5000" for the others. */
void time_control_value(const char *field, long v, char *buf, size_t len);

#endif
