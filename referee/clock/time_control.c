/* time_control.c - how a game is timed (see time_control.h). */
#include "time_control.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

void time_control_defaults(time_control *tc)
{
    *tc = (time_control){.move_ms = 5000, .grace_ms = 100,
                         .startup_ms = 10000, .clock = TIME_CLOCK_WALL};
}

bool time_control_check(const time_control *tc, char *err, size_t errlen)
{
    const char *why = NULL;
    if (tc->move_ms <= 0 && tc->bank_ms <= 0)
        why = "a time control needs a per-move limit or a bank";
    else if (tc->move_ms < 0 || tc->bank_ms < 0 || tc->increment_ms < 0 ||
             tc->grace_ms < 0 || tc->startup_ms <= 0 || tc->wall_cap_ms < 0)
        why = "time values must not be negative";
    if (why)
        snprintf(err, errlen, "%s", why);
    return !why;
}

void time_control_settle(time_control *tc)
{
    if (tc->clock != TIME_CLOCK_CPU || tc->wall_cap_ms > 0)
        return;
    long limit = tc->move_ms > 0 ? tc->move_ms : tc->bank_ms;
    tc->wall_cap_ms = 10 * (limit + tc->grace_ms) + 1000;
}

const char *time_clock_name(time_clock c)
{
    return c == TIME_CLOCK_CPU ? "cpu" : "wall";
}

bool time_clock_parse(const char *text, time_clock *out)
{
    if (!strcmp(text, "wall"))
        *out = TIME_CLOCK_WALL;
    else if (!strcmp(text, "cpu"))
        *out = TIME_CLOCK_CPU;
    else
        return false;
    return true;
}

void time_control_value(const char *field, long v, char *buf, size_t len)
{
    if (!strcmp(field, "clock"))
        snprintf(buf, len, "%s", time_clock_name((time_clock)v));
    else
        snprintf(buf, len, "%ld", v);
}

const char *time_control_diff(const time_control *a, const time_control *b,
                              long *va, long *vb)
{
    static const char *const names[] = {"move_ms",  "bank_ms",
                                        "increment_ms", "grace_ms",
                                        "startup_ms", "clock",
                                        "wall_cap_ms"};
    const long x[] = {a->move_ms,  a->bank_ms, a->increment_ms, a->grace_ms,
                      a->startup_ms, (long)a->clock, a->wall_cap_ms};
    const long y[] = {b->move_ms,  b->bank_ms, b->increment_ms, b->grace_ms,
                      b->startup_ms, (long)b->clock, b->wall_cap_ms};
    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
        if (x[i] != y[i]) {
            *va = x[i];
            *vb = y[i];
            return names[i];
        }
    return NULL;
}
