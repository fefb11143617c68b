/* watch.c - memory and task limits by measurement (see watch.h). */
#include "watch.h"

#include "proc/environ.h"
#include "proc/guard.h"
#include "proc/proc.h"
#include "proc/usage.h"
#include "util/grow.h"
#include "util/worker.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>

/* Sweeps in a row after one that found strays: each reaches one more
 * generation of detached descendants. */
#define WATCH_SWEEP_ROUNDS 16
/* How long the last sweep, after the loop, may take at most. */
#define WATCH_FINAL_S 1.0

struct watch {
    struct watch_group *group;
    pid_t pgid;
    long id;
    long mem_kb, tasks;
    watch_cb cb;
    void *arg;
    bool fired;
    watch_what what;
    long value;
};

/* The watches of one loop. */
/* A sweep asked for after a bot's end, run once for all the bots that end
 * close together (the two of a game, many games at once). */
#define WATCH_SWEEP_DELAY_S 0.02

/* The watches of one loop, and its scans: one at a time covers every bot
 * of the loop; a sweep asked for meanwhile runs after it. */
typedef struct watch_group {
    struct ev_loop *loop;
    ev_timer timer;
    watch **w;
    size_t n, cap;
    worker *scanner; /* the thread that reads /proc */
    bool scanning, sweep_wanted;
    bool final_drained; /* watch_sweep_final has waited for its scan */
    ev_timer sweep_timer; /* a sweep soon */
    int sweep_rounds;
    struct watch_group *next;
} watch_group;

/* One group per loop: a process may run loops on several threads. */
static pthread_mutex_t watch_groups_mu = PTHREAD_MUTEX_INITIALIZER;
static watch_group *watch_groups;

/* The largest bot id ever watched: ids only grow, process-wide (proc.h). */
static _Atomic long watch_max_id;
static _Atomic long watch_test_delay_ms;

static watch_group *watch_group_for(struct ev_loop *loop);

/* Every watched bot's group and id, for a scan. */
static int watch_all(pid_t **pgids, long **ids, size_t *n)
{
    pthread_mutex_lock(&watch_groups_mu);
    size_t total = 0;
    for (watch_group *g = watch_groups; g; g = g->next)
        total += g->n;
    *pgids = calloc(total + 1, sizeof **pgids);
    *ids = calloc(total + 1, sizeof **ids);
    total = 0;
    for (watch_group *g = watch_groups; g && *pgids && *ids; g = g->next)
        for (size_t i = 0; i < g->n; i++, total++) {
            (*pgids)[total] = g->w[i]->pgid;
            (*ids)[total] = g->w[i]->id;
        }
    pthread_mutex_unlock(&watch_groups_mu);
    *n = total;
    return *pgids && *ids ? 0 : -1;
}

/* One scan: what the loop knew of its bots when it was asked for, and
 * what /proc said later, on the scanning thread. */
typedef struct {
    watch_group *g;
    proc_scan s;
    pid_t *pgids;
    long *ids;
    proc_usage *use;
    bool sweep; /* asked for by a sweep, not the periodic check */
    int rc;
} watch_job;

static void watch_job_free(watch_job *j)
{
    if (!j)
        return;
    free(j->pgids);
    free(j->ids);
    free(j->use);
    free(j);
}

/* The loop's part: the list of bots to scan for. */
static watch_job *watch_job_new(watch_group *g, bool sweep)
{
    watch_job *j = calloc(1, sizeof *j);
    size_t n = 0;
    if (!j)
        return NULL;
    j->g = g;
    j->sweep = sweep;
    j->rc = -1;
    if (watch_all(&j->pgids, &j->ids, &n) != 0 ||
        !(j->use = calloc(n + 1, sizeof *j->use))) {
        watch_job_free(j);
        return NULL;
    }
    j->s = (proc_scan){.pgids = j->pgids, .n = n, .keep = guard_pid(),
                       .ids = j->ids, .mark = guard_env_mark(),
                       .use = j->use, .max_id = watch_max_id};
    return j;
}

static void watch_job_run(void *arg)
{
    watch_job *j = arg;
    if (watch_test_delay_ms > 0)
        nanosleep(&(struct timespec){watch_test_delay_ms / 1000,
                                     watch_test_delay_ms % 1000 * 1000000L},
                  NULL);
    j->rc = proc_usage_scan(&j->s);
}

static bool watch_is_live_bot(pid_t pid)
{
    bool live = false;
    pthread_mutex_lock(&watch_groups_mu);
    for (watch_group *g = watch_groups; g && !live; g = g->next)
        for (size_t i = 0; i < g->n && !live; i++)
            live = g->w[i]->pgid == pid;
    pthread_mutex_unlock(&watch_groups_mu);
    return live;
}

/* Whether a stray the scan saw may be a bot still starting: a start is
 * not settled on the loop yet (its child may carry no mark yet, or one
 * not yet readable: the kernel sets a new program's environment up after
 * the exec has reported), or the process carries the mark of a bot newer
 * than the scan's list. */
static bool watch_maybe_starting(const proc_scan *s, pid_t pid)
{
    if (proc_starts_in_fork() > 0)
        return true;
    char val[32];
    if (!s->mark || !proc_environ_find(pid, s->mark, val, sizeof val))
        return false;
    char *end;
    long id = strtol(val, &end, 10);
    return *end == '\0' && id > s->max_id;
}

/* SIGKILL to every stray that is still the one the scan saw; nothing
 * waits, the starter reaps them (proc/starter.h).  A bot started after the
 * scan's list was made is a stray to the scan, but watched by now, or
 * still starting (the next scan sees it again if it was a stray after
 * all).  Returns how many were killed. */
static size_t watch_kill_strays(const proc_scan *s, bool verify)
{
    size_t killed = 0;
    for (size_t i = 0; i < s->nstrays; i++) {
        pid_t pid = s->strays[i];
        /* A bot started since the scan's list was made is watched by
         * now, and so is what runs in its group. */
        if (verify && (watch_is_live_bot(pid) ||
                       watch_is_live_bot(s->stray_pgrp[i]) ||
                       watch_maybe_starting(s, pid) ||
                       !proc_usage_still_stray(pid, s->stray_start[i])))
            continue;
        /* It may lead a group of its own, with children of its own. */
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        killed++;
    }
    return killed;
}

static void watch_job_done(void *arg);

/* Ask the scanning thread for a scan; one at a time.  A sweep asked for
 * while one is running follows it. */
static void watch_scan_start(watch_group *g, bool sweep)
{
    if (g->scanning) {
        g->sweep_wanted |= sweep;
        return;
    }
    watch_job *j = watch_job_new(g, sweep);
    if (!j)
        return; /* out of memory: the next period tries again */
    if (worker_submit(g->scanner, watch_job_run, watch_job_done, j) != 0) {
        watch_job_free(j);
        return;
    }
    g->scanning = true;
}

static void watch_sweep_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
    (void)loop;
    (void)revents;
    watch_scan_start(t->data, true);
}

static void watch_group_sweep_soon(watch_group *g)
{
    if (!ev_is_active(&g->sweep_timer)) /* else one is coming */
        ev_timer_start(g->loop, &g->sweep_timer);
}

void watch_sweep_soon(struct ev_loop *loop)
{
    watch_group *g = watch_group_for(loop);
    if (g)
        watch_group_sweep_soon(g);
}

/* One scan on this thread, and SIGKILL to every stray found: for after
 * the loop.  Returns how many were found (0 on error). */
static size_t watch_sweep_once(pid_t *killed, size_t max)
{
    size_t found = 0;
    watch_job *j = watch_job_new(NULL, true);
    if (j && proc_usage_scan(&j->s) == 0) {
        watch_kill_strays(&j->s, false);
        found = j->s.nstrays;
        for (size_t i = 0; killed && i < found && i < max; i++)
            killed[i] = j->s.strays[i];
    }
    watch_job_free(j);
    return found;
}

static void watch_release_groups(void);

void watch_sweep_final(void)
{
    /* A scan still running must end first: its strays are checked and
     * killed here, on this thread.  Not under the lock: the scan's end
     * (watch_job_done, run by worker_drain) takes it to tell bots from
     * strays. */
    for (;;) {
        pthread_mutex_lock(&watch_groups_mu);
        watch_group *g = watch_groups;
        while (g && g->final_drained)
            g = g->next;
        if (g)
            g->final_drained = true;
        pthread_mutex_unlock(&watch_groups_mu);
        if (!g)
            break;
        worker_drain(g->scanner);
        ev_timer_stop(g->loop, &g->sweep_timer);
        g->sweep_rounds = 0;
        g->sweep_wanted = false;
    }
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (bool more = true; more;) {
        pid_t killed[PROC_USAGE_MAX_STRAYS];
        size_t n = watch_sweep_once(killed, PROC_USAGE_MAX_STRAYS);
        more = n > 0;
        /* The loop no longer runs: reap them here, so that their children
         * come to us, within a bounded time. */
        for (size_t i = 0; more && i < n && i < PROC_USAGE_MAX_STRAYS; i++) {
            for (;;) {
                pid_t r = waitpid(killed[i], NULL, WNOHANG);
                clock_gettime(CLOCK_MONOTONIC, &now);
                double spent = (double)(now.tv_sec - t0.tv_sec) +
                               (double)(now.tv_nsec - t0.tv_nsec) * 1e-9;
                if (spent > WATCH_FINAL_S) {
                    more = false;
                    break;
                }
                if (r != 0)
                    break;
                nanosleep(&(struct timespec){0, 1000000}, NULL);
            }
        }
    }
    watch_release_groups();
}

void watch_set_test_delay_ms(long ms) { watch_test_delay_ms = ms; }

/* A scanned bot's place in the scan, found by its id: the watches may
 * have changed since the scan's list was made. */
typedef struct {
    long id;
    size_t k;
} watch_slot;

static int watch_cmp_slot(const void *a, const void *b)
{
    long x = ((const watch_slot *)a)->id, y = ((const watch_slot *)b)->id;
    return (x > y) - (x < y);
}

static void watch_mark_one(watch *w, const proc_usage *u, bool *any)
{
    if (w->fired)
        return;
    /* Tasks first: a fork bomb's many small processes also add up to a
     * lot of memory by the time it is seen. */
    if (w->tasks > 0 && u->tasks > w->tasks) {
        w->what = WATCH_TASKS;
        w->value = u->tasks;
    } else if (w->mem_kb > 0 && u->mem_kb > w->mem_kb) {
        w->what = WATCH_MEMORY;
        w->value = u->mem_kb;
    } else {
        return;
    }
    w->fired = *any = true;
}

/* Mark the loop's watches over a limit; the callbacks run after, so
 * that one removing a watch cannot disturb the marking.  (The scan
 * covered every loop's bots, to tell strays from them; each loop marks
 * its own.) */
static bool watch_mark(watch_group *g, const proc_scan *s)
{
    watch_slot *slot = calloc(s->n + 1, sizeof *slot);
    if (!slot)
        return false;
    for (size_t k = 0; k < s->n; k++)
        slot[k] = (watch_slot){s->ids[k], k};
    qsort(slot, s->n, sizeof *slot, watch_cmp_slot);
    bool any = false;
    for (size_t i = 0; i < g->n; i++) {
        watch_slot key = {g->w[i]->id, 0};
        const watch_slot *hit = bsearch(&key, slot, s->n, sizeof *slot,
                                        watch_cmp_slot);
        if (hit) /* else it started after the scan's list was made */
            watch_mark_one(g->w[i], &s->use[hit->k], &any);
    }
    free(slot);
    return any;
}

/* Call back the watches marked over a limit, collected first so that
 * the lists may change under the callbacks. */
static void watch_fire(watch_group *g)
{
    size_t k = 0;
    watch **fired = calloc(g->n + 1, sizeof *fired);
    if (!fired)
        return;
    for (size_t i = 0; i < g->n; i++)
        if (g->w[i]->fired && g->w[i]->value)
            fired[k++] = g->w[i];
    for (size_t i = 0; i < k; i++) {
        long value = fired[i]->value;
        fired[i]->value = 0; /* once */
        fired[i]->cb(fired[i]->arg, fired[i]->what, value);
    }
    free(fired);
}

/* Back on the loop with what a scan found. */
static void watch_job_done(void *arg)
{
    watch_job *j = arg;
    watch_group *g = j->g;
    g->scanning = false;
    bool over = false;
    size_t killed = 0;
    if (j->rc == 0) {
        over = watch_mark(g, &j->s);
        killed = watch_kill_strays(&j->s, true);
    }
    if (j->sweep) {
        /* Each stray killed hands its children to us as it dies: look
         * again soon, a bounded number of times; the periodic check does
         * the rest. */
        if (killed > 0 && ++g->sweep_rounds < WATCH_SWEEP_ROUNDS)
            watch_group_sweep_soon(g);
        else
            g->sweep_rounds = 0;
    } else if (killed > 0) {
        watch_group_sweep_soon(g);
    }
    watch_job_free(j);
    if (g->sweep_wanted) {
        g->sweep_wanted = false;
        watch_group_sweep_soon(g);
    }
    if (over)
        watch_fire(g);
}

static void watch_timer_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
    (void)loop;
    (void)revents;
    watch_scan_start(t->data, false);
}

static watch_group *watch_group_new(struct ev_loop *loop)
{
    watch_group *g = calloc(1, sizeof *g);
    char err[128];
    if (!g || !(g->scanner = worker_new(loop, err, sizeof err))) {
        free(g);
        return NULL;
    }
    g->loop = loop;
    ev_timer_init(&g->timer, watch_timer_cb, WATCH_PERIOD_S, WATCH_PERIOD_S);
    g->timer.data = g;
    ev_timer_init(&g->sweep_timer, watch_sweep_cb, WATCH_SWEEP_DELAY_S, 0.);
    g->sweep_timer.data = g;
    return g;
}

static watch_group *watch_group_for(struct ev_loop *loop)
{
    pthread_mutex_lock(&watch_groups_mu);
    watch_group *g = watch_groups;
    while (g && g->loop != loop)
        g = g->next;
    if (!g && (g = watch_group_new(loop))) {
        g->next = watch_groups;
        watch_groups = g;
    }
    pthread_mutex_unlock(&watch_groups_mu);
    return g;
}

/* After the loop: every group goes, its scanning thread with it. */
static void watch_release_groups(void)
{
    pthread_mutex_lock(&watch_groups_mu);
    while (watch_groups) {
        watch_group *g = watch_groups;
        watch_groups = g->next;
        ev_timer_stop(g->loop, &g->timer);
        ev_timer_stop(g->loop, &g->sweep_timer);
        worker_free(g->scanner);
        free(g->w);
        free(g);
    }
    pthread_mutex_unlock(&watch_groups_mu);
}

static int watch_group_push(watch_group *g, watch *w)
{
    watch **q = grow(g->w, &g->cap, g->n + 1, sizeof *q, 16);
    if (!q)
        return -1;
    g->w = q;
    g->w[g->n++] = w;
    return 0;
}

watch *watch_add(struct ev_loop *loop, pid_t pgid, long id, long mem_kb,
                 long tasks, watch_cb cb, void *arg)
{
    watch_group *g = watch_group_for(loop);
    watch *w = g ? malloc(sizeof *w) : NULL;
    if (!w)
        return NULL;
    *w = (watch){.group = g, .pgid = pgid, .id = id, .mem_kb = mem_kb,
                 .tasks = tasks, .cb = cb, .arg = arg};
    pthread_mutex_lock(&watch_groups_mu);
    int rc = watch_group_push(g, w);
    pthread_mutex_unlock(&watch_groups_mu);
    if (rc != 0) {
        free(w);
        return NULL;
    }
    long seen = watch_max_id;
    while (id > seen &&
           !atomic_compare_exchange_weak(&watch_max_id, &seen, id))
        ;
    if (!ev_is_active(&g->timer))
        ev_timer_start(loop, &g->timer);
    return w;
}

void watch_remove(watch *w)
{
    if (!w)
        return;
    watch_group *g = w->group;
    pthread_mutex_lock(&watch_groups_mu);
    for (size_t i = 0; i < g->n; i++)
        if (g->w[i] == w) {
            g->w[i] = g->w[--g->n];
            break;
        }
    pthread_mutex_unlock(&watch_groups_mu);
    free(w);
    /* An idle group keeps its thread for the next bot, but not the loop
     * running. */
    if (g->n == 0)
        ev_timer_stop(g->loop, &g->timer);
}
