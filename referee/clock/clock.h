/*
 * clock.h - the referee's one time source for move clocks: the monotonic
 * clock, which no change of the wall clock moves.  Wall-clock time is only
 * used for the timestamps written into records (clock_utc_iso).
 */
#ifndef CLOCK_H
#define CLOCK_H

#include <stddef.h>

/* Seconds on the monotonic clock. */
double clock_now(void);
/* Milliseconds between two clock_now() readings, rounded to nearest. */
long clock_ms(double from, double to);
/* Current UTC time as 2026-11-22T05:00:00Z into buf. */
void clock_utc_iso(char *buf, size_t len);

#endif
