/* starter.c - bot starts and box teardowns on a thread (see starter.h). */
#include "starter.h"

#include "proc/guard.h"
#include "util/grow.h"
#include "util/worker.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

struct starter {
    struct ev_loop *loop;
    worker *thread;
    long delay_ms;
    ev_signal w_chld;
    /* Starts whose pids are not yet known here: until they are, a zombie
     * might be one of them, and no orphan is reaped. */
    atomic_int unknown;
    bool reap_wanted;
    /* The children someone else reaps: bots (by their pidfds) and box
     * inits (by the box's teardown). */
    pthread_mutex_t mu;
    pid_t *owned;
    size_t nowned, capowned;
};

static void starter_own(starter *s, pid_t pid)
{
    if (pid <= 0)
        return;
    pthread_mutex_lock(&s->mu);
    pid_t *p = grow(s->owned, &s->capowned, s->nowned + 1, sizeof *p, 64);
    /* Out of memory: left unlisted, the child may be reaped as an
     * orphan, and its exit is then told as "exited with status 0". */
    if (p) {
        s->owned = p;
        s->owned[s->nowned++] = pid;
    }
    pthread_mutex_unlock(&s->mu);
}

static void starter_forget(starter *s, pid_t pid)
{
    if (!s || pid <= 0)
        return;
    pthread_mutex_lock(&s->mu);
    for (size_t i = 0; i < s->nowned; i++)
        if (s->owned[i] == pid) {
            s->owned[i] = s->owned[--s->nowned];
            break;
        }
    pthread_mutex_unlock(&s->mu);
}

static bool starter_owns(starter *s, pid_t pid)
{
    bool found = false;
    pthread_mutex_lock(&s->mu);
    for (size_t i = 0; i < s->nowned && !found; i++)
        found = s->owned[i] == pid;
    pthread_mutex_unlock(&s->mu);
    return found || pid == guard_pid();
}

/* Reap the zombies among our children that nobody else waits for: what
 * a bot left behind (the referee is a child subreaper, main.c), strays
 * the limit watch killed.  It peeks first (WNOWAIT): a zombie someone
 * else reaps stops the round, and the next SIGCHLD or reaped bot goes
 * on. */
static void starter_reap(starter *s)
{
    if (atomic_load(&s->unknown) > 0) {
        s->reap_wanted = true;
        return;
    }
    s->reap_wanted = false;
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) != 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (si.si_pid <= 0 || starter_owns(s, si.si_pid))
            return;
        while (waitpid(si.si_pid, NULL, WNOHANG) < 0 && errno == EINTR)
            ;
    }
}

void starter_reaped(starter *s, pid_t pid)
{
    if (!s)
        return;
    starter_forget(s, pid);
    starter_reap(s);
}

static void starter_chld_cb(struct ev_loop *loop, ev_signal *w, int revents)
{
    (void)loop;
    (void)revents;
    starter_reap(w->data);
}

/* One start: the thread fills its own copy of the child, which the loop
 * copies out when done runs. */
typedef struct {
    starter *s;
    proc_start *ps;
    proc_child child, *dest;
    proc_status st;
    char err[512];
    long delay_ms;
    starter_done_fn done;
    void *arg;
} start_job;

starter *starter_new(struct ev_loop *loop, char *err, size_t errlen)
{
    starter *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!(s->thread = worker_new(loop, err, errlen))) {
        free(s);
        return NULL;
    }
    s->loop = loop;
    pthread_mutex_init(&s->mu, NULL);
    atomic_init(&s->unknown, 0);
    ev_signal_init(&s->w_chld, starter_chld_cb, SIGCHLD);
    s->w_chld.data = s;
    ev_signal_start(loop, &s->w_chld);
    ev_unref(loop); /* waiting for orphans keeps no loop running */
    return s;
}

void starter_set_test_delay_ms(starter *s, long ms)
{
    if (s)
        s->delay_ms = ms;
}

static void start_job_run(void *arg)
{
    start_job *j = arg;
    if (j->delay_ms > 0) {
        struct timespec ts = {j->delay_ms / 1000, (j->delay_ms % 1000) * 1000000};
        while (nanosleep(&ts, &ts) != 0)
            ;
    }
    j->st = proc_start_run(j->ps, &j->child, j->err, sizeof j->err);
    if (j->s && j->st == PROC_OK) {
        starter_own(j->s, j->child.pid);
        if (j->child.boxed)
            starter_own(j->s, j->child.box.init);
    }
    if (j->s)
        atomic_fetch_sub(&j->s->unknown, 1);
}

static void start_job_done(void *arg)
{
    start_job *j = arg;
    *j->dest = j->child;
    proc_start_free(j->ps);
    starter *s = j->s;
    j->done(j->st, j->err, j->arg);
    /* The bot is watched now (or its start failed): the limit watch may
     * take what is left unknown for a stray again. */
    proc_start_settled();
    free(j);
    if (s && s->reap_wanted)
        starter_reap(s);
}

int starter_spawn(starter *s, proc_start *ps, proc_child *child,
                  starter_done_fn done, void *arg)
{
    start_job *j = calloc(1, sizeof *j);
    if (!j) {
        proc_start_free(ps);
        return -1;
    }
    *j = (start_job){.s = s, .ps = ps, .dest = child, .done = done,
                     .arg = arg, .delay_ms = s ? s->delay_ms : 0};
    if (!s) {
        start_job_run(j);
        start_job_done(j);
        return 0;
    }
    atomic_fetch_add(&s->unknown, 1);
    if (worker_submit(s->thread, start_job_run, start_job_done, j) != 0) {
        atomic_fetch_sub(&s->unknown, 1);
        proc_start_free(ps);
        free(j);
        return -1;
    }
    return 0;
}

typedef struct {
    starter *s;
    proc_child child;
} release_job;

static void release_job_run(void *arg)
{
    release_job *j = arg;
    pid_t init = j->child.box.init;
    proc_release(&j->child); /* reaps the init */
    starter_forget(j->s, init);
}

void starter_release(starter *s, proc_child *child)
{
    release_job *j = s && child->boxed ? malloc(sizeof *j) : NULL;
    if (j) {
        j->s = s;
        j->child = *child;
        if (worker_submit(s->thread, release_job_run, free, j) == 0) {
            child->boxed = false;
            child->pidfd = -1;
            return;
        }
        free(j);
    }
    /* No thread, nothing to wait for, or out of memory: here. */
    pid_t init = child->boxed ? child->box.init : -1;
    proc_release(child);
    starter_forget(s, init);
}

void starter_free(starter *s)
{
    if (!s)
        return;
    worker_free(s->thread);
    ev_ref(s->loop);
    ev_signal_stop(s->loop, &s->w_chld);
    starter_reap(s); /* what is dead by now */
    pthread_mutex_destroy(&s->mu);
    free(s->owned);
    free(s);
}
