/*
 * testhook.h - the environment variables through which tests slow parts
 * of the referee down, to show that a slow disk or a slow /proc never
 * costs a bot time.  Read by the commands only; documented in
 * tests/README.md.  Unset, they cost nothing.
 */
#ifndef TESTHOOK_H
#define TESTHOOK_H

#include <stdlib.h>

/* Milliseconds from the environment variable name: 0 when unset or not
 * a number from 0 to 60000. */
static inline long testhook_ms(const char *name)
{
    const char *v = getenv(name);
    char *end;
    long ms = v ? strtol(v, &end, 10) : 0;
    return v && *v && !*end && ms > 0 && ms <= 60000 ? ms : 0;
}

#endif
