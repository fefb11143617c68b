/* turnclock.c - the clock of one turn (see turnclock.h). */
#include "turnclock.h"

#include <math.h>

/* The CPU clock looks again at least this often near its end, s. */
#define TURNCLOCK_MIN_POLL_S 0.002

long turnclock_limit(const time_control *tc, long bank_left, const char **by)
{
    const char *why = TURNCLOCK_BY_MOVE;
    long limit = tc->move_ms;
    if (tc->bank_ms > 0 && (limit <= 0 || bank_left < limit)) {
        limit = bank_left;
        why = TURNCLOCK_BY_BANK;
    }
    if (by)
        *by = why;
    return limit;
}

long turnclock_forgive_cap_ms(const time_control *tc, long limit_ms)
{
    return limit_ms + tc->grace_ms;
}

long turnclock_wall_cap_ms(const time_control *tc)
{
    time_control settled = *tc;
    settled.clock = TIME_CLOCK_CPU;
    time_control_settle(&settled);
    return settled.wall_cap_ms;
}

long turnclock_bank_after(const time_control *tc, long before, long used_ms)
{
    if (tc->bank_ms <= 0)
        return -1;
    long left = before - used_ms;
    return (left > 0 ? left : 0) + tc->increment_ms;
}

void turnclock_begin(turnclock *t, const time_control *tc, long bank_left,
                     double start, const turnclock_reading *at)
{
    t->tc = *tc;
    t->limit_ms = turnclock_limit(tc, bank_left, &t->limit_by);
    t->start = start;
    t->at = *at;
}

void turnclock_begin_wait(turnclock *t, long ms, double start,
                          const turnclock_reading *at)
{
    time_control tc = {.move_ms = ms, .clock = TIME_CLOCK_WALL};
    turnclock_begin(t, &tc, 0, start, at);
}

double turnclock_forgiven(const turnclock *t, const turnclock_reading *r)
{
    if (t->tc.clock == TIME_CLOCK_CPU)
        return 0.;
    double f = (r->paused - t->at.paused) - (r->output - t->at.output);
    double cap = (double)turnclock_forgive_cap_ms(&t->tc, t->limit_ms) / 1e3;
    return f < 0. ? 0. : f > cap ? cap : f;
}

double turnclock_due(const turnclock *t, double forgiven)
{
    long ms = t->tc.clock == TIME_CLOCK_CPU
                  ? turnclock_wall_cap_ms(&t->tc)
                  : t->limit_ms + t->tc.grace_ms;
    return t->start + (double)ms / 1e3 + forgiven;
}

long turnclock_cpu_used_ms(const turnclock *t, const turnclock_reading *r)
{
    if (r->cpu < 0. || t->at.cpu < 0.)
        return 0; /* unknown: the wall cap alone holds */
    double used = r->cpu - t->at.cpu;
    return used > 0. ? lround(used * 1e3) : 0;
}

turnclock_state turnclock_check(const turnclock *t, const turnclock_reading *r,
                                int ncpu, double *next)
{
    double due = turnclock_due(t, turnclock_forgiven(t, r));
    *next = due;
    if (t->tc.clock == TIME_CLOCK_WALL)
        return r->now >= due ? TURNCLOCK_OVER_LIMIT : TURNCLOCK_RUNNING;
    long left = t->limit_ms + t->tc.grace_ms - turnclock_cpu_used_ms(t, r);
    if (left < 0)
        return TURNCLOCK_OVER_LIMIT;
    if (r->now >= due)
        return TURNCLOCK_OVER_WALL_CAP;
    /* No sooner than the CPU time could run out on every processor. */
    double wait = (double)(left + 1) / 1e3 / (ncpu > 0 ? ncpu : 1);
    if (wait < TURNCLOCK_MIN_POLL_S)
        wait = TURNCLOCK_MIN_POLL_S;
    if (r->now + wait < due)
        *next = r->now + wait;
    return TURNCLOCK_RUNNING;
}

static long turnclock_ms(double from, double to)
{
    long ms = lround((to - from) * 1e3);
    return ms > 0 ? ms : 0;
}

turnclock_charge turnclock_move(const turnclock *t, const turnclock_reading *r,
                                double arrived)
{
    turnclock_charge c = {.cpu_ms = -1};
    double forgiven = turnclock_forgiven(t, r);
    double due = turnclock_due(t, forgiven);
    if (arrived > due)
        arrived = due;
    if (arrived < t->start)
        arrived = t->start;
    c.wall_ms = turnclock_ms(t->start, arrived);
    if (t->tc.clock == TIME_CLOCK_CPU) {
        c.cpu_ms = c.ms = turnclock_cpu_used_ms(t, r);
        if (c.ms > t->limit_ms + t->tc.grace_ms)
            c.state = TURNCLOCK_OVER_LIMIT;
        return c;
    }
    c.paused_ms = lround(forgiven * 1e3);
    /* As two roundings, so that ms + paused_ms is the wall time. */
    c.ms = c.wall_ms - c.paused_ms;
    if (c.ms < 0)
        c.ms = 0;
    return c;
}
