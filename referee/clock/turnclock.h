/*
 * turnclock.h - the clock of one turn, from the turn line to the move: the
 * limit the turn line states, when the turn is over, what is charged, what
 * is forgiven, and the bank after the move.  The one copy of these rules:
 * `match`, `play` and `check-bot` time turns with it, and the record audit
 * (record_clock.c) checks a record's times against it.  Pure arithmetic on
 * readings the caller takes (times in seconds on the monotonic clock,
 * clock.h; limits in milliseconds); no I/O.
 *
 * The wall clock (TIME_CLOCK_WALL): a turn has limit + grace from the
 * moment its turn line was written.  The referee's own pauses within the
 * turn (loopclock.h: its loop held up beyond 1 ms between two polls) are
 * forgiven: not charged, and the deadline moves by them.  Two rules keep a
 * bot from buying time with them:
 *  - what the loop spent on bots' output (reading it, logging stderr,
 *    handing lines over: bot_output_spent), its own or any other's, is
 *    forgiven to none, so a flood of lines buys nothing: not for the bot
 *    that floods, nor for a copy of it in another game, nor for a partner.
 *    Such a flood costs the bot on move at most one stretch of the loop
 *    (its reads are bounded per loop iteration, bot.c): a move is timed to
 *    the loop's wake-up after the stretch in which it came;
 *  - at most limit + grace is forgiven in one turn (TURNCLOCK_FORGIVE_CAP):
 *    a turn never lasts more than twice its allowance, whatever the
 *    referee's pauses, which a bot's helpers might otherwise provoke by
 *    taking the CPU from the referee.
 *
 * The CPU clock (TIME_CLOCK_CPU): a turn is charged the CPU time its bot's
 * whole process tree used between the turn line and the move (its box's
 * account, or /proc without a box: bot_cpu_seconds), and is over when that
 * passes limit + grace.  Waiting costs nothing, so a bot that answers late
 * because the machine is busy is not charged for it; a bot that only waits
 * is stopped by the wall cap (turnclock_wall_cap_ms), one figure a game.  Nothing is forgiven:
 * the referee's pauses cost no bot CPU time.
 */
#ifndef TURNCLOCK_H
#define TURNCLOCK_H

#include "clock/time_control.h"

/* Where a move's limit comes from, for the messages that cite it. */
#define TURNCLOCK_BY_MOVE "the per-move limit"
#define TURNCLOCK_BY_BANK "what was left in the bank"

/* What the caller reads at a moment of the turn. */
typedef struct {
    double now;    /* clock_now() */
    double paused; /* the loop's pause account (loopclock_paused, or
                      loopclock_paused_at_wake for a line read now); 0 where
                      the loop is not watched */
    double output; /* bot_output_spent(): the loop's time on bots' output */
    double cpu;    /* bot_cpu_seconds() of the bot on move (CPU clock);
                      -1 where it could not be read: that turn is then
                      held to the wall cap alone */
} turnclock_reading;

typedef struct {
    time_control tc;
    long limit_ms;          /* what the turn line says */
    const char *limit_by;   /* TURNCLOCK_BY_MOVE or TURNCLOCK_BY_BANK */
    double start;           /* when the turn line was written */
    turnclock_reading at;   /* the reading at the start */
} turnclock;

typedef enum {
    TURNCLOCK_RUNNING = 0,
    TURNCLOCK_OVER_LIMIT,    /* limit + grace used (wall or CPU) */
    TURNCLOCK_OVER_WALL_CAP, /* CPU clock: the wall cap reached */
} turnclock_state;

/* What a move is charged. */
typedef struct {
    long ms;        /* charged: wall ms less those forgiven, or CPU ms */
    long wall_ms;   /* from the turn line to the move, forgiven time in */
    long cpu_ms;    /* CPU clock: the CPU time used; -1 on the wall clock */
    long paused_ms; /* forgiven (wall clock) */
    turnclock_state state; /* OVER_LIMIT: the CPU clock ran out before the
                              move was read; the move does not count */
} turnclock_charge;

/* The limit of a turn with bank_left ms in the seat's bank: the per-move
 * limit, or the bank if that is less (*by says which; by may be NULL). */
long turnclock_limit(const time_control *tc, long bank_left,
                     const char **by);
/* The most forgiven in one turn of limit_ms: limit + grace. */
long turnclock_forgive_cap_ms(const time_control *tc, long limit_ms);
/* The CPU clock's wall cap on a turn: tc->wall_cap_ms, or the default of
 * time_control_settle() if it is 0. */
long turnclock_wall_cap_ms(const time_control *tc);
/* The bank after a move charged used_ms, with before ms in it: less the
 * move's time (never below 0: a move within the grace empties it), plus
 * the increment; -1 without a bank. */
long turnclock_bank_after(const time_control *tc, long before, long used_ms);

/* The seat's turn begins: its turn line was written at start, and at was
 * read then (at->now is not used). */
void turnclock_begin(turnclock *t, const time_control *tc, long bank_left,
                     double start, const turnclock_reading *at);
/* A wait that is no bot's turn (a handshake, a bot's goodbye): ms of wall
 * time from start, pauses forgiven as in a turn, no grace. */
void turnclock_begin_wait(turnclock *t, long ms, double start,
                          const turnclock_reading *at);
/* CPU clock: the CPU time used since the start, in whole ms as it is
 * charged (0 when a reading is unknown). */
long turnclock_cpu_used_ms(const turnclock *t, const turnclock_reading *r);
/* Wall clock: the seconds forgiven up to reading r (0 on the CPU clock). */
double turnclock_forgiven(const turnclock *t, const turnclock_reading *r);
/* The wall time at which the turn is over at the latest, given forgiven
 * seconds: limit + grace + forgiven after the start, or the wall cap. */
double turnclock_due(const turnclock *t, double forgiven);
/* Whether the turn is over at r.  If it runs, *next is when to look again:
 * the deadline on the wall clock; on the CPU clock the soonest the CPU
 * time could run out with ncpu processors busy, or the wall cap. */
turnclock_state turnclock_check(const turnclock *t, const turnclock_reading *r,
                                int ncpu, double *next);
/* The move read at r that came at arrived (when the referee first could
 * have seen it; never before the start, and on the wall clock never
 * after the deadline: the referee proves a move late only by finding
 * none there after it). */
turnclock_charge turnclock_move(const turnclock *t, const turnclock_reading *r,
                                double arrived);

#endif
