/*
 * record_clock.c - are a record's times possible under its time control?
 *
 * What is possible follows from how the match times a move (match.c,
 * PROTOCOL.md section 5), and only the impossible is refused:
 *
 *  - A move has limit + grace, the limit being the per-move limit, or what
 *    was left in the seat's bank if that is less.  A move read after that
 *    deadline, on the referee's first look, is recorded AT the deadline;
 *    the referee's own pauses are left out of `ms` (and moved the
 *    deadline), so `ms` never exceeds limit + grace, whatever `paused_ms`
 *    says.  One millisecond more is allowed for the rounding of the two
 *    figures `ms` is the difference of.  The move that came too late is
 *    never recorded (the game ends without it), so this holds for every
 *    move of every record, games lost on time included.
 *  - What was forgiven of a move (`paused_ms`: the referee's own pauses,
 *    clock/turnclock.h) is at most limit + grace: no more is ever forgiven
 *    in one turn.
 *  - On the CPU clock (time_control.clock: cpu) `ms` is the CPU time the
 *    bot's tree used, charged as the wall clock's is (limit + grace, no
 *    rounding: the match compares the same whole milliseconds); nothing is
 *    forgiven (no `paused_ms`), and `wall_ms`, the turn's wall time, is at
 *    most the wall cap (turnclock_wall_cap_ms) and one millisecond of
 *    rounding.
 *  - With a bank, the bank after a move is exactly the bank before, less
 *    `ms` (never below 0: a move within the grace empties it), plus the
 *    increment: integers, no rounding.  The bank before a seat's first
 *    move is bank_ms.  Without a bank, `left_ms` is -1.
 *  - The moves of an opening (`opening_plies`) were not played by the
 *    bots: `ms` 0, the bank untouched (`left_ms` is bank_ms, or -1).
 *  - A seat that `referee play` gave to a person (command "human",
 *    play_record.h) plays without a clock unless asked to: its moves are
 *    held to the clock only where they show a bank left (with a bank), and
 *    not at all without a bank, where a clocked person and an unclocked
 *    one look alike.
 * Negative times are refused when the record is read (SCHEMA.md: `ms` from
 * 0, `left_ms` from -1).
 */
#include "record.h"

#include "clock/turnclock.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The rounding of a move's time: lround(arrival - turn) - lround(pause). */
#define RECORD_CLOCK_ROUNDING_MS 1

typedef struct {
    const record *r;
    const char *path;
    char *err;
    size_t errlen;
    long bank[RECORD_MAX_PLAYERS]; /* each seat's bank before its move */
} record_clock;

/* "PATH: ply N (seat S, 'MOVE'): " for the message about move i. */
static int record_clock_where(const record_clock *c, size_t i)
{
    const record_move *m = &c->r->moves[i];
    return snprintf(c->err, c->errlen, "%s: ply %zu (seat %d, '%s'): ",
                    c->path, i + 1, m->seat, m->text ? m->text : "");
}

/* Append to the message begun by record_clock_where; returns -1. */
static int record_clock_fail(record_clock *c, size_t i, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int record_clock_fail(record_clock *c, size_t i, const char *fmt, ...)
{
    int n = record_clock_where(c, i);
    if (n < 0 || (size_t)n >= c->errlen)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* A move of the opening: untimed, the bank untouched. */
static int record_clock_opening(record_clock *c, size_t i)
{
    const record *r = c->r;
    const record_move *m = &r->moves[i];
    long left = r->tc.bank_ms > 0 ? r->tc.bank_ms : -1;
    if (m->ms != 0)
        return record_clock_fail(c, i, "ms: %ld ms, but it is a move of "
                                 "the opening (opening_plies: %zu), which "
                                 "no bot played: 0 ms",
                                 m->ms, r->opening_plies);
    if (m->left_ms != left)
        return record_clock_fail(c, i, "left_ms: %ld, but a move of the "
                                 "opening (opening_plies: %zu) leaves the "
                                 "bank as it was: %ld",
                                 m->left_ms, r->opening_plies, left);
    return 0;
}

/* Was move i played by a person without a clock (see the top)? */
static bool record_clock_unclocked(const record_clock *c, size_t i)
{
    const record_move *m = &c->r->moves[i];
    const char *cmd = c->r->players[m->seat].command;
    if (!cmd || strcmp(cmd, "human") != 0)
        return false;
    return c->r->tc.bank_ms <= 0 || m->left_ms == -1;
}

/* The time move i had: its limit, and what set it. */
static long record_clock_limit(const record_clock *c, size_t i,
                               const char **what)
{
    return turnclock_limit(&c->r->tc, c->bank[c->r->moves[i].seat], what);
}

/* The bank after move i, against the bank before it. */
static int record_clock_bank(record_clock *c, size_t i)
{
    const time_control *tc = &c->r->tc;
    const record_move *m = &c->r->moves[i];
    long before = c->bank[m->seat];
    if (tc->bank_ms <= 0) {
        if (m->left_ms != -1)
            return record_clock_fail(c, i, "left_ms: %ld ms left in a bank, "
                                     "but the time control has no bank "
                                     "(bank_ms: 0): -1",
                                     m->left_ms);
        return 0;
    }
    if (m->left_ms < 0)
        return record_clock_fail(c, i, "left_ms: %ld, but the time control "
                                 "has a bank (bank_ms: %ld)",
                                 m->left_ms, tc->bank_ms);
    long spent = before - m->ms;
    long want = turnclock_bank_after(tc, before, m->ms);
    if (m->left_ms > before + tc->increment_ms)
        return record_clock_fail(c, i, "left_ms: the bank went up from %ld "
                                 "to %ld ms, by more than the increment "
                                 "(increment_ms: %ld)",
                                 before, m->left_ms, tc->increment_ms);
    if (m->left_ms != want)
        return record_clock_fail(c, i, "left_ms: %ld, but %ld ms in the "
                                 "bank before the move, less the %ld ms "
                                 "it took%s, plus the increment of %ld, "
                                 "leave %ld",
                                 m->left_ms, before, m->ms,
                                 spent < 0 ? " (never below 0)" : "",
                                 tc->increment_ms, want);
    c->bank[m->seat] = m->left_ms;
    return 0;
}

/* What was forgiven of move i, and on the CPU clock its wall time. */
static int record_clock_wall(record_clock *c, size_t i, long limit)
{
    const time_control *tc = &c->r->tc;
    const record_move *m = &c->r->moves[i];
    long cap = turnclock_forgive_cap_ms(tc, limit);
    if (tc->clock == TIME_CLOCK_CPU && m->paused_ms != 0)
        return record_clock_fail(c, i, "paused_ms: %ld, but on the CPU "
                                 "clock nothing is forgiven",
                                 m->paused_ms);
    if (m->paused_ms > cap)
        return record_clock_fail(c, i, "paused_ms: %ld ms forgiven, more "
                                 "than the most a turn is forgiven: the "
                                 "limit of %ld ms + %ld ms of grace",
                                 m->paused_ms, limit, tc->grace_ms);
    long wall_cap = turnclock_wall_cap_ms(tc);
    if (tc->clock == TIME_CLOCK_CPU &&
        m->wall_ms > wall_cap + RECORD_CLOCK_ROUNDING_MS)
        return record_clock_fail(c, i, "wall_ms: %ld ms, more than the CPU "
                                 "clock's wall cap of %ld ms",
                                 m->wall_ms, wall_cap);
    return 0;
}

/* A move the bots played: its time, then the bank. */
static int record_clock_move(record_clock *c, size_t i)
{
    const record_move *m = &c->r->moves[i];
    if (record_clock_unclocked(c, i))
        return 0;
    const char *what;
    long limit = record_clock_limit(c, i, &what);
    long grace = c->r->tc.grace_ms;
    long slack = c->r->tc.clock == TIME_CLOCK_CPU ? 0
                                                  : RECORD_CLOCK_ROUNDING_MS;
    if (m->ms > limit + grace + slack)
        return record_clock_fail(c, i, "ms: %ld ms, more than the move "
                                 "could take: %ld ms (%s) + %ld ms of "
                                 "grace%s; a move later than that loses on "
                                 "time and is not recorded",
                                 m->ms, limit, what, grace,
                                 c->r->tc.clock == TIME_CLOCK_CPU
                                     ? " of CPU time" : "");
    if (record_clock_wall(c, i, limit))
        return -1;
    return record_clock_bank(c, i);
}

int record_clock_check(const record *r, const char *path, char *err,
                       size_t errlen)
{
    record_clock c = {.r = r, .path = path, .err = err, .errlen = errlen};
    for (int s = 0; s < RECORD_MAX_PLAYERS; s++)
        c.bank[s] = r->tc.bank_ms;
    for (size_t i = 0; i < r->nmoves; i++) {
        if (r->moves[i].seat < 0 || r->moves[i].seat >= RECORD_MAX_PLAYERS)
            continue; /* the reader refuses it; replay names it */
        int rc = i < r->opening_plies ? record_clock_opening(&c, i)
                                      : record_clock_move(&c, i);
        if (rc)
            return -1;
    }
    return 0;
}
