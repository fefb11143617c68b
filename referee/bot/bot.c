/* bot.c - one bot process on the event loop (see bot.h). */
#include "bot.h"

#include "bot/watch.h"
#include "clock/clock.h"
#include "line.h"
#include "proc/cputime.h"
#include "proc/guard.h"
#include "sandbox/cgroup.h"
#include "proc/starter.h"
#include "util/grow.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* How long a bot that closed stdout has to exit before we call it a bot
 * that closed its output and kept running. */
#define BOT_CLASSIFY_S 0.3
/* How long pipes may stay open after the bot exited (a grandchild that left
 * the group may hold them) before we close them ourselves. */
#define BOT_DRAIN_S 0.5
/* Buffers (8 KiB) read from stdout per callback, so one flooding bot
 * cannot starve the other games on the loop: a stretch of the loop spent
 * on one bot's output stays near a millisecond. */
#define BOT_READ_ROUNDS 4
/* Buffers read at a bot's exit: more than its pipe holds (64 KiB), so
 * that the end of file comes at once. */
#define BOT_EXIT_ROUNDS 64
/* A bot ended by SIGTERM, SIGINT or SIGHUP that the referee did not send
 * was most likely signalled together with the referee (a batch system
 * ending the job, a terminal closing: they signal every process), and the
 * referee's own signal, which ends its games without a result, may come a
 * moment after the bot's end: the bot is reported gone this much later,
 * so that its game is not lost for it.  A bot that signals itself loses
 * all the same, a moment later. */
#define BOT_OUTSIDE_SIGNAL_HOLD_S 0.25
/* Bytes of stderr kept for a crash's detail: a few lines of an
 * interpreter's message. */
#define BOT_ERR_TAIL 1024

/* The loop's time on every bot's output (bot_output_spent).  Bots live on
 * the loop's thread alone. */
static double bot_output_time;

struct bot {
    struct ev_loop *loop;
    int seat;
    char *command, *log_path;
    long log_cap, log_written;
    int log_fd;
    bot_cb cb;
    void *arg;
    proc_limits limits;
    starter *starter;
    bool suspended;
    proc_child child;
    watch *watch;
    bot_end over;     /* which limit ended it, if over_value */
    long over_value;  /* memory KiB, tasks, CPU seconds */
    ev_io w_in, w_out, w_err;
    ev_io w_exit; /* on the pidfd */
    ev_timer w_classify, w_stop, w_drain, w_limits;
    ev_timer w_hold;  /* BOT_OUTSIDE_SIGNAL_HOLD_S */
    bool holding;     /* its end is held back (w_hold) */
    line_reader *lr;
    char *outq;
    size_t outq_len, outq_cap;
    double flushed_at;
    bool starting, started, exited, gone_sent, reaped, muted, draining;
    bool kill_when_started, freed;
    proc_status start_status;
    char start_err[512];
    int wstatus, stop_stage;
    long term_ms;
    bot_end end;
    char gone_text[128];
    bot_ident ident;
    /* What the bot wrote, for the details that explain a fault. */
    char err_tail[BOT_ERR_TAIL];
    size_t err_tail_len;
    long out_bytes, out_lines;
    char last_line[64];
    bool bom;
    char *log_note; /* written at the end of its log, when that closes */
};

static void bot_check_reaped(bot *b);
static void bot_read_out(bot *b, int rounds);

static char *bot_strdup(const char *s)
{
    return s ? strdup(s) : NULL;
}

bot *bot_new(struct ev_loop *loop, starter *st, int seat,
             const char *command, const char *log_path, long log_cap,
             const proc_limits *limits, bot_cb cb, void *arg)
{
    bot *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->loop = loop;
    b->starter = st;
    b->seat = seat;
    b->command = bot_strdup(command);
    b->log_path = bot_strdup(log_path);
    b->log_cap = log_cap;
    b->log_fd = -1;
    b->cb = cb;
    b->arg = arg;
    if (limits)
        b->limits = *limits;
    else
        proc_limits_defaults(&b->limits);
    b->child.pid = -1;
    b->child.in_fd = b->child.out_fd = b->child.err_fd = b->child.pidfd = -1;
    b->lr = line_reader_new();
    b->flushed_at = clock_now();
    if (!b->command || (log_path && !b->log_path) || !b->lr) {
        bot_free(b);
        return NULL;
    }
    return b;
}

static void bot_emit(bot *b, bot_event ev, const proto_msg *msg, double t)
{
    b->cb(b, ev, msg, t, b->arg);
}

/* A boxed bot's limits are the kernel's hard caps; what is left to us is
 * to notice that one was hit (a fork refused, a process killed at the
 * memory cap) and how much CPU the whole tree used. */
static void bot_check_box(bot *b, bool cheap)
{
    if (!b->child.boxed || b->over_value)
        return;
    cgroup_stats st;
    if (cheap)
        cgroup_breaches_read(b->child.box.cg, &st);
    else
        cgroup_stats_read(b->child.box.cg, &st);
    if (st.oom_kills > 0) {
        b->over = BOT_MEMORY_LIMIT;
        b->over_value = st.mem_kb_peak > 0 ? st.mem_kb_peak : 1;
    } else if (st.tasks_denied > 0) {
        b->over = BOT_PROCESS_LIMIT;
        b->over_value = b->limits.procs;
    } else if (b->limits.cpu_s > 0 && st.cpu_s > (double)b->limits.cpu_s) {
        b->over = BOT_CPU_LIMIT;
        b->over_value = (long)st.cpu_s;
    }
}

/* Checked before each move a boxed bot makes; kills it if so. */
static bool bot_over_limit(bot *b)
{
    if (!b->child.boxed)
        return false;
    bot_check_box(b, true);
    if (!b->over_value)
        return false;
    proc_kill_all(&b->child);
    return true;
}

static void bot_limit_text(bot *b)
{
    b->end = b->over;
    bool box = b->child.boxed;
    if (b->over == BOT_MEMORY_LIMIT && box) {
        cgroup_stats st;
        cgroup_stats_read(b->child.box.cg, &st);
        snprintf(b->gone_text, sizeof b->gone_text,
                 "went over its %ld MiB limit of memory (a process was "
                 "killed at the cap; peak %ld MiB)",
                 b->limits.mem_mb, st.mem_kb_peak / 1024);
    } else if (b->over == BOT_MEMORY_LIMIT) {
        snprintf(b->gone_text, sizeof b->gone_text,
                 "used %ld MiB of memory, over its %ld MiB limit",
                 b->over_value / 1024, b->limits.mem_mb);
    } else if (b->over == BOT_PROCESS_LIMIT && box) {
        snprintf(b->gone_text, sizeof b->gone_text,
                 "tried to run more processes and threads than its limit "
                 "of %ld",
                 b->limits.procs);
    } else if (b->over == BOT_PROCESS_LIMIT) {
        snprintf(b->gone_text, sizeof b->gone_text,
                 "ran %ld processes and threads, over its limit of %ld",
                 b->over_value, b->limits.procs);
    } else {
        snprintf(b->gone_text, sizeof b->gone_text,
                 "its processes used more than its %ld s of CPU time",
                 b->limits.cpu_s);
    }
}

static void bot_set_gone_text(bot *b)
{
    if (b->exited)
        bot_check_box(b, false);
    if (!b->exited) {
        b->end = BOT_CLOSED_OUTPUT;
        snprintf(b->gone_text, sizeof b->gone_text,
                 "closed its output but kept running");
    } else if (b->over_value) {
        bot_limit_text(b);
    } else if (WIFSIGNALED(b->wstatus) && WTERMSIG(b->wstatus) == SIGXCPU) {
        b->end = BOT_CPU_LIMIT;
        snprintf(b->gone_text, sizeof b->gone_text,
                 "used more than its %ld s of CPU time", b->limits.cpu_s);
    } else if (WIFSIGNALED(b->wstatus) && WTERMSIG(b->wstatus) == SIGXFSZ) {
        b->end = BOT_FILE_LIMIT;
        snprintf(b->gone_text, sizeof b->gone_text,
                 "wrote a file larger than its %ld MiB limit",
                 b->limits.fsize_mb);
    } else if (WIFSIGNALED(b->wstatus)) {
        int sig = WTERMSIG(b->wstatus);
        b->end = BOT_SIGNALLED;
        snprintf(b->gone_text, sizeof b->gone_text,
                 "killed by signal %d (%s)", sig, strsignal(sig));
    } else {
        b->end = BOT_EXITED;
        snprintf(b->gone_text, sizeof b->gone_text, "exited with status %d",
                 WEXITSTATUS(b->wstatus));
    }
    /* Reaching the address-space limit looks like any crash or exit: say
     * the limit. */
    size_t n = strlen(b->gone_text);
    if ((b->end == BOT_EXITED || b->end == BOT_SIGNALLED) &&
        b->limits.vm_mb > 0)
        snprintf(b->gone_text + n, sizeof b->gone_text - n,
                 " (address-space limit %ld MiB)", b->limits.vm_mb);
}

static void bot_note_gone(bot *b)
{
    if (b->gone_sent || b->holding)
        return;
    b->gone_sent = true;
    bot_set_gone_text(b);
    bot_emit(b, BOT_GONE, NULL, clock_now());
}

static void bot_close_io(bot *b, ev_io *w, int *fd)
{
    ev_io_stop(b->loop, w);
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

/* ---- stdin ---------------------------------------------------------------- */

static void bot_flush(bot *b)
{
    size_t done = 0;
    while (done < b->outq_len && b->child.in_fd >= 0) {
        ssize_t n = write(b->child.in_fd, b->outq + done, b->outq_len - done);
        if (n > 0) {
            done += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && errno == EAGAIN) {
            break;
        } else {
            /* EPIPE: the bot closed stdin or died; its exit tells why. */
            bot_close_io(b, &b->w_in, &b->child.in_fd);
            done = b->outq_len;
        }
    }
    memmove(b->outq, b->outq + done, b->outq_len - done);
    b->outq_len -= done;
    if (b->outq_len == 0) {
        b->flushed_at = clock_now();
        ev_io_stop(b->loop, &b->w_in);
    } else if (!ev_is_active(&b->w_in)) {
        ev_io_start(b->loop, &b->w_in);
    }
}

static void bot_in_cb(struct ev_loop *loop, ev_io *w, int revents)
{
    (void)loop;
    (void)revents;
    bot_flush(w->data);
}

int bot_queue(bot *b, const char *line, size_t len)
{
    /* While it starts, lines wait here: the pipe comes with the start. */
    if (!b->starting && b->child.in_fd < 0)
        return -1;
    char *q = grow(b->outq, &b->outq_cap, b->outq_len + len, 1, 256);
    if (!q)
        return -1;
    b->outq = q;
    memcpy(b->outq + b->outq_len, line, len);
    b->outq_len += len;
    return 0;
}

int bot_send(bot *b, const char *line, size_t len)
{
    if (bot_queue(b, line, len) != 0)
        return -1;
    if (b->starting)
        return 0;
    if (!ev_is_active(&b->w_in))
        bot_flush(b);
    return b->child.in_fd >= 0 ? 0 : -1;
}

void bot_poll(bot *b)
{
    if (b->started && b->child.out_fd >= 0 && !b->draining && !b->muted)
        bot_read_out(b, BOT_READ_ROUNDS);
}

double bot_flushed_at(const bot *b)
{
    return b->outq_len ? -1 : b->flushed_at;
}

/* ---- stdout ------------------------------------------------------------- */

static void bot_out_eof(bot *b)
{
    bot_close_io(b, &b->w_out, &b->child.out_fd);
    if (b->exited)
        bot_note_gone(b);
    else if (!b->gone_sent)
        ev_timer_start(b->loop, &b->w_classify);
    bot_check_reaped(b);
}

/* Count a complete line and keep its start, for a handshake's detail.
 * False for a first line that starts with a byte-order mark: some editors
 * and runtimes write one, and then `ready 1` is not understood, which
 * would otherwise show only as a silent handshake timeout. */
static bool bot_note_line(bot *b, const char *line, size_t len)
{
    if (b->out_lines++ == 0 && len >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3)) {
        b->bom = true;
        return false;
    }
    snprintf(b->last_line, sizeof b->last_line, "%.*s",
             (int)(len < sizeof b->last_line ? len : sizeof b->last_line - 1),
             line);
    return true;
}

/* Hand every complete line to the match; false once reading must stop. */
static bool bot_drain_lines(bot *b, double t)
{
    char *line;
    size_t len;
    line_status st;
    while (!b->muted && (st = line_reader_next(b->lr, &line, &len))) {
        proto_msg msg;
        memset(&msg, 0, sizeof msg);
        if (st == LINE_OK && bot_note_line(b, line, len)) {
            proto_parse_bot_line(line, &msg);
            /* A move made after a limit was hit does not count: the
             * caps hold, but the breach itself loses the game. */
            if (msg.kind == PROTO_MOVE && bot_over_limit(b)) {
                b->muted = true;
                return false;
            }
            if (msg.kind != PROTO_UNKNOWN)
                bot_emit(b, BOT_LINE, &msg, t);
            continue;
        }
        msg.kind = PROTO_MALFORMED;
        msg.why = b->bom ? "its first line starts with a UTF-8 byte-order "
                           "mark (bytes EF BB BF), which hides the keyword: "
                           "write plain text without a BOM"
                  : st == LINE_TOO_LONG ? "line longer than 4096 bytes"
                                        : "line holds a NUL byte";
        b->muted = true;
        bot_emit(b, BOT_BAD_LINE, &msg, t);
    }
    return !b->muted;
}

/* After the game: read and drop whatever the bot still says, up to
 * rounds buffers. */
static void bot_out_discard(bot *b, int rounds)
{
    char buf[4096];
    for (int round = 0; round < rounds; round++) {
        ssize_t n = read(b->child.out_fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        if (n <= 0) {
            bot_out_eof(b);
            return;
        }
    }
}

/* Read and hand over up to rounds buffers of stdout.  A short read
 * means the pipe is empty: the loop says when there is more, so the read
 * that would only say EAGAIN is saved (one system call per move).  At the
 * bot's exit (rounds > BOT_READ_ROUNDS) it reads on to the end. */
static void bot_read_out(bot *b, int rounds)
{
    for (int round = 0; round < rounds; round++) {
        size_t room;
        char *dst = line_reader_space(b->lr, &room);
        if (room == 0 || b->muted) {
            /* Nothing more will be taken from this bot: stop reading and
             * let the pipe fill; the match ends the game. */
            ev_io_stop(b->loop, &b->w_out);
            return;
        }
        ssize_t n = read(b->child.out_fd, dst, room);
        if (n > 0) {
            b->out_bytes += n;
            line_reader_commit(b->lr, (size_t)n);
            if (!bot_drain_lines(b, clock_now()) ||
                ((size_t)n < room && rounds <= BOT_READ_ROUNDS))
                return;
        } else if (n == 0) {
            bot_out_eof(b);
            return;
        } else if (errno == EINTR) {
            continue;
        } else if (errno == EAGAIN) {
            return;
        } else {
            bot_out_eof(b);
            return;
        }
    }
}

static void bot_out_cb(struct ev_loop *loop, ev_io *w, int revents)
{
    (void)loop;
    (void)revents;
    bot *b = w->data;
    double t0 = clock_now();
    if (b->draining)
        bot_out_discard(b, BOT_READ_ROUNDS);
    else
        bot_read_out(b, BOT_READ_ROUNDS);
    bot_output_time += clock_now() - t0;
}

/* ---- stderr ----------------------------------------------------------- */

static void bot_log_write(bot *b, const char *buf, size_t n)
{
    if (b->log_fd < 0 || b->log_written >= b->log_cap)
        return;
    if ((long)n > b->log_cap - b->log_written)
        n = (size_t)(b->log_cap - b->log_written);
    ssize_t w = write(b->log_fd, buf, n);
    if (w > 0)
        b->log_written += w;
    if (b->log_written >= b->log_cap) {
        static const char note[] = "\n[referee: log truncated at the cap]\n";
        w = write(b->log_fd, note, sizeof note - 1);
        (void)w;
    }
}

/* Keep the last BOT_ERR_TAIL bytes the bot wrote to stderr. */
static void bot_tail_add(bot *b, const char *buf, size_t n)
{
    if (n >= BOT_ERR_TAIL) {
        memcpy(b->err_tail, buf + n - BOT_ERR_TAIL, BOT_ERR_TAIL);
        b->err_tail_len = BOT_ERR_TAIL;
        return;
    }
    size_t keep = b->err_tail_len + n > BOT_ERR_TAIL ? BOT_ERR_TAIL - n
                                                     : b->err_tail_len;
    memmove(b->err_tail, b->err_tail + b->err_tail_len - keep, keep);
    memcpy(b->err_tail + keep, buf, n);
    b->err_tail_len = keep + n;
}

/* Read up to rounds buffers of stderr; at its end close it, unless
 * told not to (at the bot's exit, which must report BOT_GONE before the
 * closed pipes can make it BOT_REAPED: the watcher sees the end again). */
static void bot_read_err(bot *b, int rounds, bool close_at_end)
{
    char buf[4096];
    for (int round = 0; round < rounds && b->child.err_fd >= 0; round++) {
        ssize_t n = read(b->child.err_fd, buf, sizeof buf);
        if (n > 0) {
            bot_log_write(b, buf, (size_t)n);
            bot_tail_add(b, buf, (size_t)n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if ((n < 0 && errno == EAGAIN) || !close_at_end) {
            return;
        } else {
            bot_close_io(b, &b->w_err, &b->child.err_fd);
            bot_check_reaped(b);
            return;
        }
    }
}

static void bot_err_cb(struct ev_loop *loop, ev_io *w, int revents)
{
    (void)loop;
    (void)revents;
    double t0 = clock_now();
    bot_read_err(w->data, BOT_READ_ROUNDS, true);
    bot_output_time += clock_now() - t0;
}

/* The referee's last word in the log, after all the bot wrote, whatever
 * the cap: why the game ended for it. */
static void bot_log_close(bot *b)
{
    if (b->log_fd < 0)
        return;
    if (b->log_note) {
        ssize_t w = write(b->log_fd, b->log_note, strlen(b->log_note));
        (void)w;
    }
    close(b->log_fd);
    b->log_fd = -1;
}

/* ---- process ------------------------------------------------------------ */

static void bot_check_reaped(bot *b)
{
    if (b->reaped || !b->exited || b->holding || b->child.out_fd >= 0 ||
        b->child.err_fd >= 0)
        return;
    bot_close_io(b, &b->w_in, &b->child.in_fd);
    ev_timer_stop(b->loop, &b->w_classify);
    ev_timer_stop(b->loop, &b->w_stop);
    ev_timer_stop(b->loop, &b->w_drain);
    ev_timer_stop(b->loop, &b->w_limits);
    bot_log_close(b);
    b->reaped = true;
    bot_emit(b, BOT_REAPED, NULL, clock_now());
}

/* Hold back the end of a bot that a signal from outside ended
 * (BOT_OUTSIDE_SIGNAL_HOLD_S); stop_stage is 0 while the referee has
 * sent it nothing. */
static void bot_hold_if_outside(bot *b)
{
    int sig = WIFSIGNALED(b->wstatus) ? WTERMSIG(b->wstatus) : 0;
    if (b->gone_sent || b->stop_stage != 0 || b->over_value ||
        (sig != SIGTERM && sig != SIGINT && sig != SIGHUP))
        return;
    b->holding = true;
    ev_timer_start(b->loop, &b->w_hold);
}

static void bot_hold_cb(struct ev_loop *loop, ev_timer *w, int revents);

static void bot_exit_cb(struct ev_loop *loop, ev_io *w, int revents)
{
    (void)revents;
    bot *b = w->data;
    int status = 0;
    if (proc_reap(&b->child, &status, false) == 0)
        return; /* not yet */
    starter_reaped(b->starter, b->child.pid);
    ev_io_stop(loop, w);
    b->exited = true;
    b->wstatus = status;
    watch_remove(b->watch);
    b->watch = NULL;
    ev_timer_stop(loop, &b->w_limits);
    if (b->child.boxed) {
        /* Read the box's counters before its end muddles them; then
         * nothing in it may outlive the bot. */
        bot_check_box(b, false);
        proc_kill_all(&b->child);
    } else {
        /* No process of its group may outlive it.  Its own pid is reaped
         * already and must not be signalled. */
        proc_signal_members(b->child.pid, SIGKILL);
        watch_sweep_soon(loop);
    }
    guard_remove(b->child.pid);
    /* What it wrote before exiting is in the pipe and comes first: a move
     * sent just before exit must count.  The pipe holds at most 64 KiB,
     * so this ends. */
    if (b->child.out_fd >= 0 && !b->draining && !b->muted)
        bot_read_out(b, BOT_EXIT_ROUNDS);
    /* Nothing more is taken from it: what fills the pipe (a flood without
     * a newline) is dropped, so that the end of file comes now and not
     * after the drain timer. */
    if (b->child.out_fd >= 0 && (b->draining || b->muted))
        bot_out_discard(b, BOT_EXIT_ROUNDS);
    /* Its last words on stderr (an interpreter's error) are in the pipe
     * too, and explain its exit: read them before it is reported gone. */
    bot_read_err(b, BOT_READ_ROUNDS, false);
    ev_timer_stop(loop, &b->w_classify);
    ev_timer_stop(loop, &b->w_stop);
    bot_hold_if_outside(b);
    bot_note_gone(b);
    if (b->child.out_fd >= 0 || b->child.err_fd >= 0)
        ev_timer_start(loop, &b->w_drain);
    bot_check_reaped(b);
}

static void bot_hold_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    bot *b = w->data;
    b->holding = false;
    bot_note_gone(b);
    bot_check_reaped(b);
}

static void bot_classify_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    bot_note_gone(w->data);
}

static void bot_drain_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    bot *b = w->data;
    bot_close_io(b, &b->w_out, &b->child.out_fd);
    bot_close_io(b, &b->w_err, &b->child.err_fd);
    bot_check_reaped(b);
}

static void bot_stop_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)revents;
    bot *b = w->data;
    if (b->stop_stage++ == 0) {
        proc_signal_group(b->child.pid, SIGTERM);
        ev_timer_set(w, (double)b->term_ms / 1000.0, 0.);
        ev_timer_start(loop, w);
    } else {
        proc_kill_all(&b->child);
    }
}

static void bot_limits_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    bot *b = w->data;
    bot_check_box(b, false);
    if (b->over_value) {
        ev_timer_stop(b->loop, w);
        proc_kill_all(&b->child);
    }
}

static void bot_init_watchers(bot *b)
{
    ev_io_init(&b->w_in, bot_in_cb, b->child.in_fd, EV_WRITE);
    ev_io_init(&b->w_out, bot_out_cb, b->child.out_fd, EV_READ);
    ev_io_init(&b->w_err, bot_err_cb, b->child.err_fd, EV_READ);
    /* A line waiting in the pipe is read before any deadline of the same
     * loop iteration is judged. */
    ev_set_priority(&b->w_out, 1);
    ev_io_init(&b->w_exit, bot_exit_cb, b->child.pidfd, EV_READ);
    ev_timer_init(&b->w_classify, bot_classify_cb, BOT_CLASSIFY_S, 0.);
    ev_timer_init(&b->w_drain, bot_drain_cb, BOT_DRAIN_S, 0.);
    ev_timer_init(&b->w_stop, bot_stop_cb, 0., 0.);
    ev_timer_init(&b->w_hold, bot_hold_cb, BOT_OUTSIDE_SIGNAL_HOLD_S, 0.);
    b->w_hold.data = b;
    ev_timer_init(&b->w_limits, bot_limits_cb, WATCH_PERIOD_S,
                  WATCH_PERIOD_S);
    b->w_limits.data = b;
    b->w_in.data = b->w_out.data = b->w_err.data = b;
    b->w_exit.data = b->w_classify.data = b->w_drain.data = b;
    b->w_stop.data = b;
}

static void bot_over_cb(void *arg, watch_what what, long value)
{
    bot *b = arg;
    if (b->exited)
        return;
    b->over = what == WATCH_MEMORY ? BOT_MEMORY_LIMIT : BOT_PROCESS_LIMIT;
    b->over_value = value;
    proc_signal_group(b->child.pid, SIGKILL);
}

/* A start that failed, or a bot that cannot be watched: no process is
 * left, and the bot is as good as reaped. */
static void bot_start_failed(bot *b, proc_status st, const char *err)
{
    b->start_status = st;
    snprintf(b->start_err, sizeof b->start_err, "%s", err);
    if (b->log_fd >= 0) {
        close(b->log_fd);
        b->log_fd = -1;
    }
    b->reaped = true;
    bot_emit(b, BOT_START_FAILED, NULL, clock_now());
    bot_emit(b, BOT_REAPED, NULL, clock_now());
}

/* Unwatched, an unboxed bot would look like a stray and be killed: it
 * goes at once. */
static bool bot_watch_start(bot *b)
{
    if (b->child.boxed ||
        (b->watch = watch_add(b->loop, b->child.pid, b->child.id,
                              b->limits.mem_mb * 1024, b->limits.procs,
                              bot_over_cb, b)))
        return true;
    proc_signal_group(b->child.pid, SIGKILL);
    proc_reap(&b->child, NULL, true);
    starter_reaped(b->starter, b->child.pid);
    guard_remove(b->child.pid);
    proc_close_fds(&b->child);
    return false;
}

/* Back on the loop: the bot runs (it exec'd), or it could not start. */
static void bot_started_cb(proc_status st, const char *err, void *arg)
{
    bot *b = arg;
    b->starting = false;
    if (b->freed) {
        /* Freed while it started (an error path): never leave it. */
        if (st == PROC_OK) {
            proc_kill_all(&b->child);
            proc_reap(&b->child, NULL, true);
            starter_reaped(b->starter, b->child.pid);
            proc_close_fds(&b->child);
        }
        b->freed = false;
        bot_free(b);
        return;
    }
    if (st != PROC_OK) {
        bot_start_failed(b, st, err);
        return;
    }
    guard_add(b->child.pid);
    if (!bot_watch_start(b)) {
        bot_start_failed(b, PROC_SYS_ERROR, "out of memory");
        return;
    }
    b->started = true;
    bot_init_watchers(b);
    ev_io_start(b->loop, &b->w_exit);
    ev_io_start(b->loop, &b->w_out);
    ev_io_start(b->loop, &b->w_err);
    if (b->child.boxed)
        ev_timer_start(b->loop, &b->w_limits);
    if (b->outq_len)
        bot_flush(b);
    if (b->kill_when_started)
        proc_kill_all(&b->child);
    bot_emit(b, BOT_STARTED, NULL, clock_now());
}

proc_status bot_start(bot *b, char *err, size_t errlen)
{
    if (b->log_path) {
        /* Not readable by other users: boxed bots run as other users, and
         * one must not read what its opponent thinks aloud on stderr. */
        b->log_fd = open(b->log_path,
                         O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (b->log_fd < 0) {
            snprintf(err, errlen, "cannot write log %s: %s", b->log_path,
                     strerror(errno));
            return PROC_SYS_ERROR;
        }
    }
    proc_start *ps;
    proc_status st = proc_start_new(b->command, &b->limits, &ps, err, errlen);
    if (st != PROC_OK)
        return st;
    b->starting = true;
    if (starter_spawn(b->starter, ps, &b->child, bot_started_cb, b) != 0) {
        b->starting = false;
        snprintf(err, errlen, "out of memory");
        return PROC_SYS_ERROR;
    }
    return PROC_OK;
}

bool bot_starting(const bot *b) { return b->starting; }

proc_status bot_start_status(const bot *b, const char **err)
{
    *err = b->start_err;
    return b->start_status;
}

/* Arm the stop: SIGTERM after quit_ms, SIGKILL term_ms later.  False if
 * there is nothing to stop, or the stop is under way. */
static bool bot_stop_arm(bot *b, long quit_ms, long term_ms)
{
    if (b->starting) {
        b->kill_when_started = true; /* it could not read `quit` yet */
        return false;
    }
    if (!b->started || b->exited || ev_is_active(&b->w_stop) ||
        b->stop_stage)
        return false;
    b->term_ms = term_ms;
    bot_suspend(b, false); /* it must run to read `quit` */
    ev_timer_set(&b->w_stop, (double)quit_ms / 1000.0, 0.);
    ev_timer_start(b->loop, &b->w_stop);
    return true;
}

void bot_stop(bot *b, long quit_ms, long term_ms)
{
    if (!bot_stop_arm(b, quit_ms, term_ms))
        return;
    /* Keep reading stdout so a chatty bot can reach its exit. */
    b->muted = true;
    b->draining = true;
    if (b->child.out_fd >= 0 && !ev_is_active(&b->w_out))
        ev_io_start(b->loop, &b->w_out);
}

void bot_stop_listening(bot *b, long quit_ms)
{
    bot_stop_arm(b, quit_ms, 0);
}

void bot_suspend(bot *b, bool stop)
{
    if (!b->started || b->exited || b->suspended == stop)
        return;
    b->suspended = stop;
    proc_freeze(&b->child, stop);
}

void bot_kill(bot *b)
{
    if (b && b->starting)
        b->kill_when_started = true;
    else if (b && b->started && !b->exited)
        proc_kill_all(&b->child);
}

void bot_free(bot *b)
{
    if (!b)
        return;
    if (b->starting) {
        b->freed = true; /* the start's end frees it */
        return;
    }
    if (b->started && !b->reaped) {
        /* Only reached on error paths: never leave a process behind.  An
         * exited bot's pid is reaped already, and its group was emptied
         * then (bot_exit_cb): neither may be signalled again, as either
         * number may belong to another process by now (a box is killed by
         * its control group, which is safe). */
        if (!b->exited || b->child.boxed)
            proc_kill_all(&b->child);
        watch_remove(b->watch);
        b->watch = NULL;
        ev_io_stop(b->loop, &b->w_exit);
        if (!b->exited) {
            proc_reap(&b->child, NULL, true);
            starter_reaped(b->starter, b->child.pid);
            proc_signal_members(b->child.pid, SIGKILL);
        }
        guard_remove(b->child.pid);
        ev_io_stop(b->loop, &b->w_in);
        ev_io_stop(b->loop, &b->w_out);
        ev_io_stop(b->loop, &b->w_err);
        ev_timer_stop(b->loop, &b->w_classify);
        ev_timer_stop(b->loop, &b->w_stop);
        ev_timer_stop(b->loop, &b->w_drain);
        ev_timer_stop(b->loop, &b->w_hold);
        ev_timer_stop(b->loop, &b->w_limits);
        proc_close_fds(&b->child);
    }
    starter_release(b->starter, &b->child);
    bot_log_close(b);
    free(b->log_note);
    line_reader_free(b->lr);
    free(b->outq);
    free(b->command);
    free(b->log_path);
    free(b);
}

bot_ident *bot_identity(bot *b) { return &b->ident; }

void bot_rebind(bot *b, int seat, bot_cb cb, void *arg)
{
    b->seat = seat;
    b->cb = cb;
    b->arg = arg;
    /* What it wrote in the game before says nothing of this one. */
    b->out_bytes = b->out_lines = 0;
    b->last_line[0] = 0;
}

void bot_log_note(bot *b, const char *text)
{
    free(b->log_note);
    b->log_note = NULL;
    if (asprintf(&b->log_note, "\n[referee] %s\n", text) < 0)
        b->log_note = NULL;
}

size_t bot_stderr_tail(const bot *b, int max_lines, char *out, size_t outlen)
{
    /* Trailing blank lines say nothing; then back up max_lines lines. */
    size_t end = b->err_tail_len;
    while (end > 0 && (b->err_tail[end - 1] == '\n' ||
                       b->err_tail[end - 1] == '\r'))
        end--;
    size_t start = end;
    for (int lines = 0; start > 0; start--)
        if (b->err_tail[start - 1] == '\n' && ++lines == max_lines)
            break;
    size_t n = 0;
    for (size_t i = start; i < end && n + 1 < outlen; i++) {
        char c = b->err_tail[i];
        if (c == '\r')
            continue;
        if (c == '\n') {
            if (n + 4 >= outlen)
                break;
            memcpy(out + n, " | ", 3);
            n += 3;
            continue;
        }
        out[n++] = c;
    }
    if (outlen)
        out[n] = 0;
    return n;
}

long bot_stdout_bytes(const bot *b) { return b->out_bytes; }
long bot_stdout_lines(const bot *b) { return b->out_lines; }
const char *bot_last_line(const bot *b) { return b->last_line; }
bool bot_sent_bom(const bot *b) { return b->bom; }

bool bot_alive(const bot *b)
{
    return b->started && !b->exited && !b->gone_sent && !b->muted &&
           b->child.in_fd >= 0;
}

int bot_seat(const bot *b) { return b->seat; }
const char *bot_command(const bot *b) { return b->command; }
const char *bot_log_path(const bot *b) { return b->log_path; }
bot_end bot_end_kind(const bot *b) { return b->end; }
const char *bot_gone_text(const bot *b) { return b->gone_text; }
bool bot_reaped(const bot *b) { return b->reaped; }

double bot_output_spent(void) { return bot_output_time; }

double bot_cpu_seconds(bot *b)
{
    if (!b->started || b->reaped)
        return -1.;
    if (b->child.boxed && b->child.box.cg)
        return cgroup_cpu_read(b->child.box.cg);
    return proc_group_cpu_seconds(b->child.pid);
}
