/* driver.c - one bot run for check-bot (see driver.h). */
#include "checkbot/driver.h"

#include "clock/clock.h"
#include "rules.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Lines waiting for the course, at most: a bot that floods moves or ids
 * fails on the first of them anyway. */
#define CKDRV_QUEUE_MAX 64
#define CKDRV_SENT_KEEP 8
#define CKDRV_LOG_CAP (1L << 20)

struct ckdrv {
    ckrig *rig;
    bot *b;
    char label[128];
    char log_path[256];
    double t0;         /* when it was made: the transcript's zero */
    double started_at;
    bool started, start_failed, gone, reaped;
    proc_status start_status;
    char start_err[512];
    pid_t pid;
    ev_io w_pid; /* our own pidfd of the bot: its exit, first */
    bool exited;
    double exit_at;
    bool scanned;
    ckprocs at_exit;
    ckdrv_line *q;
    size_t qhead, qn;
    ev_timer w_due;
    char sent[CKDRV_SENT_KEEP][200];
    int nsent;
};

static void ckdrv_tell(const ckdrv *d, const char *dir, const char *text)
{
    const ckrig_options *o = ckrig_opts(d->rig);
    if (!o->verbose)
        return;
    fprintf(o->out, "    %s %6ld ms %s %s\n", d->label,
            clock_ms(d->t0, clock_now()), dir, text);
    fflush(o->out);
}

/* The bot's process exited: see what of it still runs before bot.c,
 * whose watcher comes after ours in this loop iteration, kills it. */
static void ckdrv_pid_cb(struct ev_loop *loop, ev_io *w, int revents)
{
    (void)revents;
    ckdrv *d = w->data;
    ev_io_stop(loop, w);
    close(w->fd);
    d->exited = true;
    d->exit_at = loopclock_wake(ckrig_clock(d->rig));
    d->scanned = ckprocs_scan(&d->at_exit) == 0;
}

static void ckdrv_watch_exit(ckdrv *d)
{
    d->pid = ckprocs_newest_child();
    int fd = d->pid > 0 ? (int)syscall(SYS_pidfd_open, d->pid, 0) : -1;
    if (fd < 0)
        return; /* its end is still known from bot.c, later */
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    ev_io_init(&d->w_pid, ckdrv_pid_cb, fd, EV_READ);
    ev_set_priority(&d->w_pid, EV_MAXPRI);
    d->w_pid.data = d;
    ev_io_start(ckrig_loop(d->rig), &d->w_pid);
}

static void ckdrv_unwatch_exit(ckdrv *d)
{
    if (!ev_is_active(&d->w_pid))
        return;
    ev_io_stop(ckrig_loop(d->rig), &d->w_pid);
    close(d->w_pid.fd);
}

static void ckdrv_push(ckdrv *d, const ckdrv_line *l)
{
    if (d->qhead == d->qn)
        d->qhead = d->qn = 0;
    if (d->qn >= CKDRV_QUEUE_MAX)
        return;
    d->q[d->qn++] = *l;
}

/* A line as the transcript shows it: the bot's text quoted. */
static void ckdrv_render(const proto_msg *m, char *buf, size_t len)
{
    char q[4 * 300 + 1];
    const char *text = m->text ? m->text : "";
    rules_quote(text, 300, q, sizeof q);
    switch (m->kind) {
    case PROTO_ID:
        snprintf(buf, len, "id %s %s", m->key ? m->key : "", q);
        break;
    case PROTO_READY:
        snprintf(buf, len, "ready %ld", m->num);
        break;
    case PROTO_MOVE:
        snprintf(buf, len, "move %s", q);
        break;
    case PROTO_INFO:
        snprintf(buf, len, "info %s", q);
        break;
    default:
        snprintf(buf, len, "(a bad line: %s)", m->why ? m->why : "?");
        break;
    }
}

static void ckdrv_on_line(ckdrv *d, const proto_msg *m, double t)
{
    char shown[1400];
    ckdrv_render(m, shown, sizeof shown);
    ckdrv_tell(d, "<", shown);
    if (m->kind == PROTO_INFO)
        return; /* comments are never wrong */
    ckdrv_line l;
    memset(&l, 0, sizeof l);
    l.kind = m->kind == PROTO_ID || m->kind == PROTO_READY ||
                     m->kind == PROTO_MOVE
                 ? m->kind
                 : PROTO_MALFORMED;
    snprintf(l.key, sizeof l.key, "%s", m->key ? m->key : "");
    const char *text = l.kind == PROTO_MALFORMED ? m->why : m->text;
    snprintf(l.text, sizeof l.text, "%s", text ? text : "");
    l.num = m->num;
    /* Timed as a match times a move: from the loop's wake-up. */
    double wake = loopclock_wake(ckrig_clock(d->rig));
    l.t = wake < t ? wake : t;
    ckdrv_push(d, &l);
}

static void ckdrv_bot_cb(bot *b, bot_event ev, const proto_msg *msg,
                         double t, void *arg)
{
    ckdrv *d = arg;
    const char *why;
    switch (ev) {
    case BOT_STARTED:
        d->started = true;
        d->started_at = t;
        ckdrv_watch_exit(d);
        ckdrv_tell(d, "-", "(started)");
        break;
    case BOT_START_FAILED:
        d->start_failed = true;
        d->start_status = bot_start_status(b, &why);
        snprintf(d->start_err, sizeof d->start_err, "%s", why);
        break;
    case BOT_LINE:
    case BOT_BAD_LINE:
        ckdrv_on_line(d, msg, t);
        break;
    case BOT_GONE:
        d->gone = true;
        if (!d->exited && bot_end_kind(b) != BOT_CLOSED_OUTPUT) {
            d->exited = true; /* our pidfd was not there to see it */
            d->exit_at = t;
        }
        ckdrv_tell(d, "-", bot_gone_text(b));
        break;
    case BOT_REAPED:
        d->reaped = true;
        break;
    }
}

ckdrv *ckdrv_new(ckrig *rig, const char *command, const char *label,
                 char *err, size_t errlen)
{
    ckdrv *d = calloc(1, sizeof *d);
    if (d)
        d->q = calloc(CKDRV_QUEUE_MAX, sizeof *d->q);
    if (!d || !d->q) {
        if (d)
            free(d);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->rig = rig;
    d->pid = -1;
    d->t0 = clock_now();
    snprintf(d->label, sizeof d->label, "%s", label);
    ev_init(&d->w_pid, ckdrv_pid_cb);
    ev_init(&d->w_due, NULL);
    const char *tmp = getenv("TMPDIR");
    snprintf(d->log_path, sizeof d->log_path, "%s/check-bot-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(d->log_path);
    if (fd < 0) {
        snprintf(err, errlen, "cannot make a log file %s: %s", d->log_path,
                 strerror(errno));
        free(d->q);
        free(d);
        return NULL;
    }
    close(fd);
    const ckrig_options *o = ckrig_opts(rig);
    d->b = bot_new(ckrig_loop(rig), ckrig_starter(rig), 0, command,
                   d->log_path, CKDRV_LOG_CAP, &o->limits, ckdrv_bot_cb, d);
    if (!d->b) {
        snprintf(err, errlen, "out of memory");
        ckdrv_free(d);
        return NULL;
    }
    return d;
}

bool ckdrv_start(ckdrv *d, bool *bots_fault, char *err, size_t errlen)
{
    *bots_fault = false;
    proc_status st = bot_start(d->b, err, errlen);
    if (st != PROC_OK) {
        *bots_fault = st == PROC_BAD_COMMAND;
        return false;
    }
    while (!d->started && !d->start_failed)
        ev_run(ckrig_loop(d->rig), EVRUN_ONCE);
    if (d->start_failed) {
        *bots_fault = d->start_status == PROC_EXEC_FAILED;
        snprintf(err, errlen, "%s", d->start_err);
        return false;
    }
    return true;
}

double ckdrv_started_at(const ckdrv *d) { return d->started_at; }

static void ckdrv_keep_sent(ckdrv *d, const char *line)
{
    if (d->nsent == CKDRV_SENT_KEEP) {
        memmove(d->sent[0], d->sent[1], sizeof d->sent[0] *
                                            (CKDRV_SENT_KEEP - 1));
        d->nsent--;
    }
    snprintf(d->sent[d->nsent++], sizeof d->sent[0], "%s", line);
}

void ckdrv_queue(ckdrv *d, const char *line)
{
    char buf[PROTO_LINE_MAX + 2];
    int n = snprintf(buf, sizeof buf, "%s\n", line);
    if (n <= 0 || (size_t)n >= sizeof buf)
        return;
    ckdrv_tell(d, ">", line);
    ckdrv_keep_sent(d, line);
    bot_queue(d->b, buf, (size_t)n);
}

double ckdrv_flush(ckdrv *d)
{
    double queued = clock_now();
    bot_send(d->b, "", 0);
    /* The clock starts when the lines are written; far below a pipe's
     * size, they are, unless the bot left its stdin unread. */
    double at = bot_flushed_at(d->b);
    return at >= queued ? at : clock_now();
}

turnclock_reading ckdrv_read_clock(const ckdrv *d, bool at_wake)
{
    const loopclock *lc = ckrig_clock(d->rig);
    return (turnclock_reading){
        .now = clock_now(),
        .paused = at_wake ? loopclock_paused_at_wake(lc)
                          : loopclock_paused(lc),
        .output = bot_output_spent()};
}

void ckdrv_clock(const ckdrv *d, turnclock *c, const time_control *tc,
                 long bank_left, double start)
{
    turnclock_reading r = ckdrv_read_clock(d, false);
    turnclock_begin(c, tc, bank_left, start, &r);
}

void ckdrv_clock_wait(const ckdrv *d, turnclock *c, long ms, double start)
{
    turnclock_reading r = ckdrv_read_clock(d, false);
    turnclock_begin_wait(c, ms, start, &r);
}

static void ckdrv_due_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)w;
    (void)revents;
}

ckdrv_wait ckdrv_next(ckdrv *d, const turnclock *c, ckdrv_line *line)
{
    struct ev_loop *loop = ckrig_loop(d->rig);
    for (;;) {
        if (d->qhead < d->qn) {
            *line = d->q[d->qhead++];
            return CKDRV_LINE;
        }
        if (d->gone || d->reaped)
            return CKDRV_GONE;
        if (ckrig_interrupted(d->rig))
            return CKDRV_INTERRUPTED;
        turnclock_reading r = ckdrv_read_clock(d, false);
        double at;
        if (turnclock_check(c, &r, 1, &at) != TURNCLOCK_RUNNING) {
            /* A line already in the pipe counts. */
            bot_poll(d->b);
            if (d->qhead < d->qn)
                continue;
            return CKDRV_TIMED_OUT;
        }
        ev_timer_init(&d->w_due, ckdrv_due_cb, at - r.now, 0.);
        ev_timer_start(loop, &d->w_due);
        ev_run(loop, EVRUN_ONCE);
        ev_timer_stop(loop, &d->w_due);
    }
}

const char *ckdrv_gone_text(const ckdrv *d) { return bot_gone_text(d->b); }
bot_end ckdrv_end_kind(const ckdrv *d) { return bot_end_kind(d->b); }
pid_t ckdrv_pid(const ckdrv *d) { return d->pid; }

bool ckdrv_exited(const ckdrv *d, double *at)
{
    if (at)
        *at = d->exit_at;
    return d->exited;
}

const ckprocs *ckdrv_left_at_exit(const ckdrv *d, bool *seen)
{
    *seen = d->scanned;
    return &d->at_exit;
}

void ckdrv_kill(ckdrv *d) { bot_kill(d->b); }

bool ckdrv_wait_reaped(ckdrv *d, double max_s)
{
    struct ev_loop *loop = ckrig_loop(d->rig);
    double until = clock_now() + max_s;
    while (!d->reaped && d->started) {
        double left = until - clock_now();
        if (left <= 0)
            return false;
        ev_timer_init(&d->w_due, ckdrv_due_cb, left, 0.);
        ev_timer_start(loop, &d->w_due);
        ev_run(loop, EVRUN_ONCE);
        ev_timer_stop(loop, &d->w_due);
    }
    return true;
}

void ckdrv_free(ckdrv *d)
{
    if (!d)
        return;
    ckdrv_unwatch_exit(d);
    ev_timer_stop(ckrig_loop(d->rig), &d->w_due);
    bot_free(d->b); /* kills and reaps one that still runs */
    unlink(d->log_path);
    free(d->q);
    free(d);
}

void ckdrv_stderr_tail(const ckdrv *d, int lines, char *buf, size_t len)
{
    buf[0] = '\0';
    int fd = open(d->log_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    char tail[4096 + 1];
    off_t size = lseek(fd, 0, SEEK_END);
    off_t from = size > 4096 ? size - 4096 : 0;
    ssize_t n = pread(fd, tail, 4096, from);
    close(fd);
    if (n <= 0)
        return;
    tail[n] = '\0';
    if (tail[n - 1] == '\n')
        tail[--n] = '\0';
    /* The last lines: from after the lines-th LF from the end. */
    char *start = tail;
    int k = 0;
    for (char *s = tail + n - 1; s >= tail; s--)
        if (*s == '\n' && ++k == lines) {
            start = s + 1;
            break;
        }
    size_t at = 0;
    for (char *save = NULL, *l = strtok_r(start, "\n", &save); l && at < len;
         l = strtok_r(NULL, "\n", &save)) {
        char q[4 * 160 + 1];
        rules_quote(l, 160, q, sizeof q);
        at += (size_t)snprintf(buf + at, len - at, "%s\n", q);
    }
}

void ckdrv_sent_tail(const ckdrv *d, int lines, char *buf, size_t len)
{
    buf[0] = '\0';
    size_t at = 0;
    for (int i = d->nsent > lines ? d->nsent - lines : 0;
         i < d->nsent && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s\n", d->sent[i]);
}
