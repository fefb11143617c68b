/*
 * driver.h - one bot process run for check-bot, through the same bot.h
 * as a match: its pipes, its stderr log, its exit, its kill escalation,
 * its box.  The course talks to it in order, one step after another:
 * send lines, then wait for the next line the bot writes, for a deadline
 * on the loop's clock, or for its end; the loop runs only inside these
 * waits.
 *
 * Caller's protocol:
 *   1. ckdrv_new(), ckdrv_start(): false if the program cannot be run.
 *   2. ckdrv_queue() lines and ckdrv_flush() them; start a clock for the
 *      wait (ckdrv_clock, ckdrv_clock_wait), then ckdrv_next() until a
 *      line, the clock's deadline or the bot's end.
 *   3. At the end: ckdrv_kill() if it must go, ckdrv_wait_reaped(), then
 *      ckdrv_free().
 *
 * Times are clock_now() seconds.  A line's time is when the loop woke and
 * found it (loopclock.h), as a match times moves.  Every wait is timed by
 * a turn clock, as a match's turns and handshake are (turnclock.h): its
 * deadline moves by the loop's pauses since the clock began, less the
 * loop's time on the bot's own output; a line already in the pipe when
 * it falls due counts as in time.  check-bot times on the wall clock.
 *
 * The moment the bot itself exits is watched through a pidfd of our own,
 * at a higher priority than bot.c's: its processes are looked at then
 * (procs.h), before bot.c kills what the bot left behind.
 */
#ifndef CHECKBOT_DRIVER_H
#define CHECKBOT_DRIVER_H

#include "bot/bot.h"
#include "checkbot/procs.h"
#include "checkbot/rig.h"
#include "clock/turnclock.h"
#include "line.h"
#include "proto.h"

#include <stdbool.h>
#include <stddef.h>

/* One line from the bot, copied out of the reader. */
typedef struct {
    proto_kind kind;        /* ID, READY, MOVE or MALFORMED */
    char key[32];           /* ID */
    char text[PROTO_LINE_MAX + 1]; /* ID value, MOVE text, MALFORMED why */
    long num;               /* READY: the version */
    double t;               /* when it arrived */
} ckdrv_line;

typedef enum {
    CKDRV_LINE,        /* *line filled */
    CKDRV_TIMED_OUT,   /* the deadline came, and no line with it */
    CKDRV_GONE,        /* the bot can no longer talk: ckdrv_gone_text */
    CKDRV_INTERRUPTED, /* Ctrl-C */
} ckdrv_wait;

typedef struct ckdrv ckdrv;

/* label prefixes the transcript lines (-v).  NULL with err. */
ckdrv *ckdrv_new(ckrig *rig, const char *command, const char *label,
                 char *err, size_t errlen);
/* Start it and wait until it runs: true, or false with why in err, and
 * *bots_fault when the command cannot be run (not found, not executable,
 * unbalanced quote) rather than the machine failing us. */
bool ckdrv_start(ckdrv *d, bool *bots_fault, char *err, size_t errlen);
/* When its program began to run. */
double ckdrv_started_at(const ckdrv *d);

/* A line (without LF) to go with the next ckdrv_flush. */
void ckdrv_queue(ckdrv *d, const char *line);
/* Write what is queued, in one write; the time it was all written (the
 * clock of a turn starts then). */
double ckdrv_flush(ckdrv *d);

/* What a turn clock of this bot reads now: the loop's pauses up to now,
 * or up to its last wake-up (at_wake: for a line read in this iteration,
 * as loopclock.h says), and the loop's time on the bot's output (cpu 0:
 * the wall clock only). */
turnclock_reading ckdrv_read_clock(const ckdrv *d, bool at_wake);
/* Clock *c begins: a turn of tc with bank_left ms in the bank, its turn
 * line written at start; the pauses forgiven count from now. */
void ckdrv_clock(const ckdrv *d, turnclock *c, const time_control *tc,
                 long bank_left, double start);
/* The same for a wait that is no turn (the handshake, `quit`): ms from
 * start, no grace, forgiven alike. */
void ckdrv_clock_wait(const ckdrv *d, turnclock *c, long ms, double start);
/* The next line of the bot, waiting until c's deadline. */
ckdrv_wait ckdrv_next(ckdrv *d, const turnclock *c, ckdrv_line *line);

/* Gone: "exited with status 1", "killed by signal 11 (...)". */
const char *ckdrv_gone_text(const ckdrv *d);
bot_end ckdrv_end_kind(const ckdrv *d);
/* Whether the bot's own process has exited, and when. */
bool ckdrv_exited(const ckdrv *d, double *at);
/* What of the bot ran when it exited (empty if its exit was not seen in
 * time: then nothing is known). */
const ckprocs *ckdrv_left_at_exit(const ckdrv *d, bool *seen);
pid_t ckdrv_pid(const ckdrv *d);

void ckdrv_kill(ckdrv *d);
/* Run the loop until the bot is reaped, for max_s at most; true if so. */
bool ckdrv_wait_reaped(ckdrv *d, double max_s);
void ckdrv_free(ckdrv *d);

/* The last lines the bot wrote on stderr, each quoted on a line of its
 * own ("" if none). */
void ckdrv_stderr_tail(const ckdrv *d, int lines, char *buf, size_t len);
/* The last lines sent to it, one a line. */
void ckdrv_sent_tail(const ckdrv *d, int lines, char *buf, size_t len);

#endif
