/* time_control.c - how a game is timed (see time_control.h). */
#include "time_control.h"

#include <stddef.h>

void time_control_defaults(time_control *tc)
{
    *tc = (time_control){.move_ms = 5000, .grace_ms = 100,
                         .startup_ms = 10000};
}

const char *time_control_diff(const time_control *a, const time_control *b,
                              long *va, long *vb)
{
    static const char *const names[] = {"move_ms", "bank_ms",
                                        "increment_ms", "grace_ms",
                                        "startup_ms"};
    const long x[] = {a->move_ms, a->bank_ms, a->increment_ms, a->grace_ms,
                      a->startup_ms};
    const long y[] = {b->move_ms, b->bank_ms, b->increment_ms, b->grace_ms,
                      b->startup_ms};
    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
        if (x[i] != y[i]) {
            *va = x[i];
            *vb = y[i];
            return names[i];
        }
    return NULL;
}
