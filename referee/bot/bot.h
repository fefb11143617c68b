/*
 * bot.h - one running bot process on the libev loop: its pipes, its line
 * reader, its stderr log, its exit status and its shutdown.
 *
 * Caller's protocol (the match):
 *   1. bot_new() then bot_start(): the start is under way (with a starter,
 *      off the loop: proc/starter.h).  It ends with BOT_STARTED (the
 *      process runs, watchers are active) or BOT_START_FAILED (see
 *      bot_start_status; BOT_REAPED follows at once).  Lines sent
 *      meanwhile wait; bot_kill and bot_stop kill it once it runs.
 *   2. bot_send() queues lines for its stdin; they are written as the pipe
 *      takes them.  bot_flushed_at() says when the queue last emptied, which
 *      is when the clock of a turn request starts.
 *   3. The callback receives, in order: BOT_LINE for each protocol message
 *      (unknown kinds are dropped here), BOT_BAD_LINE for a line that is too
 *      long or holds a NUL (reading stops), BOT_GONE once when the bot can no
 *      longer play (stdout closed, process exited or was killed; see
 *      bot_gone_text), and BOT_REAPED once when the process has been reaped
 *      and every pipe closed: only then may the bot be freed.
 *   4. bot_stop() ends the bot politely: the caller has sent `quit`; after
 *      quit_ms the group gets SIGTERM (and SIGCONT), after term_ms more
 *      SIGKILL.  bot_kill() sends SIGKILL at once.  Either way the whole
 *      process group is killed once the bot itself has exited, so no
 *      grandchild survives.
 *   5. bot_free() after BOT_REAPED (or if bot_start failed).
 *
 * The callback may call bot_send, bot_stop and bot_kill, but not bot_free.
 */
#ifndef BOT_H
#define BOT_H

#include "proc/proc.h"
#include "proto.h"

#include <ev.h>
#include <stdbool.h>

typedef struct bot bot;

typedef enum {
    BOT_STARTED,
    BOT_START_FAILED,
    BOT_LINE,
    BOT_BAD_LINE,
    BOT_GONE,
    BOT_REAPED,
} bot_event;

/* t is the monotonic time (clock_now) at which the data arrived.  For
 * BOT_BAD_LINE, msg->why says what was wrong. */
typedef void (*bot_cb)(bot *b, bot_event ev, const proto_msg *msg, double t,
                       void *arg);

typedef enum {
    BOT_ALIVE = 0,
    BOT_EXITED,        /* exited with a status */
    BOT_SIGNALLED,     /* killed by a signal */
    BOT_CLOSED_OUTPUT, /* closed stdout but kept running */
    BOT_CPU_LIMIT,     /* killed for exceeding its CPU time (SIGXCPU) */
    BOT_FILE_LIMIT,    /* killed for writing a too large file (SIGXFSZ) */
    BOT_MEMORY_LIMIT,  /* killed for using more resident memory than allowed */
    BOT_PROCESS_LIMIT, /* killed for running more processes than allowed */
} bot_end;

struct starter;
/* starter: where bots start (NULL: on the caller's thread, at once). */
bot *bot_new(struct ev_loop *loop, struct starter *st, int seat,
             const char *command, const char *log_path, long log_cap,
             const proc_limits *limits, bot_cb cb, void *arg);
/* Begin the start.  PROC_OK (the outcome comes as an event, maybe before
 * this returns), or a proc_status with err filled and no event. */
proc_status bot_start(bot *b, char *err, size_t errlen);
/* Between bot_start and BOT_STARTED or BOT_START_FAILED. */
bool bot_starting(const bot *b);
/* After BOT_START_FAILED: why (PROC_EXEC_FAILED: the bot's fault). */
proc_status bot_start_status(const bot *b, const char **err);
void bot_free(bot *b);

int bot_seat(const bot *b);
const char *bot_command(const bot *b);
const char *bot_log_path(const bot *b);

/* Queue a line (with its LF) and write what is queued.  Returns -1 if
 * the bot's stdin is closed. */
int bot_send(bot *b, const char *line, size_t len);
/* Queue a line to go with the next bot_send, in one write. */
int bot_queue(bot *b, const char *line, size_t len);
/* Time at which the output queue was last completely written, or -1 if
 * bytes are still queued. */
double bot_flushed_at(const bot *b);

/* Read what is in the bot's stdout now, as if the loop had seen it: for
 * before a deadline is declared missed.  The callback may run. */
void bot_poll(bot *b);

void bot_stop(bot *b, long quit_ms, long term_ms);
/* Stop a bot that lost by a fault: SIGTERM after quit_ms and SIGKILL at
 * once after it, while its lines still come as BOT_LINE (a move that
 * comes too late tells how late it was). */
void bot_stop_listening(bot *b, long quit_ms);
/* Stop (SIGSTOP) or continue (SIGCONT) the bot's whole process group, so
 * that it cannot think on another bot's time. */
void bot_suspend(bot *b, bool stop);
void bot_kill(bot *b);

/* What the bot said of itself in its handshake, kept by the match with
 * the bot, so that a bot kept for another game (botpool.h) is known by it
 * without a second handshake. */
typedef struct {
    char name[128], version[64], author[128];
    bool want_position; /* id option position */
    bool can_renew;     /* id option newgame */
} bot_ident;
bot_ident *bot_identity(bot *b);

/* Hand a running bot to another owner: its events go to cb from now on,
 * and it sits in seat (a kept bot moves between games and seats). */
void bot_rebind(bot *b, int seat, bot_cb cb, void *arg);
/* Whether the bot still runs and can be talked to: started, not gone. */
bool bot_alive(const bot *b);

/* What the bot wrote, for the details that explain a fault (raw bytes:
 * quote them before they reach a record or a terminal).
 * bot_stderr_tail: its last max_lines lines of stderr, joined by " | ",
 * read up to its exit (the pipe is drained before BOT_GONE); "" if none.
 * Returns the length. */
size_t bot_stderr_tail(const bot *b, int max_lines, char *out, size_t outlen);
long bot_stdout_bytes(const bot *b);
long bot_stdout_lines(const bot *b);
const char *bot_last_line(const bot *b); /* its start, up to 63 bytes */
/* Whether its first line started with a UTF-8 byte-order mark (then it
 * was refused as a BOT_BAD_LINE). */
bool bot_sent_bom(const bot *b);
/* A line written at the end of its stderr log when the log closes, after
 * all the bot wrote and whatever the cap ("[referee] TEXT"). */
void bot_log_note(bot *b, const char *text);

/* The loop's time spent on what bots wrote (reading their stdout and
 * stderr, logging it, handing their lines over), in seconds, all bots of
 * the process together: the part of the loop's pauses that bots caused,
 * which is forgiven to none (clock/turnclock.h). */
double bot_output_spent(void);
/* The CPU seconds used so far by the bot's whole process tree: its box's
 * account (exact), or without a box its process group's from /proc
 * (proc/cputime.h says how exact).  -1 if it cannot be read (the bot has
 * not started, is reaped, or /proc is not there). */
double bot_cpu_seconds(bot *b);

bot_end bot_end_kind(const bot *b);
/* "exited with status 3", "killed by signal 9 (Killed)", "closed its
 * output" ... */
const char *bot_gone_text(const bot *b);
bool bot_reaped(const bot *b);

#endif
