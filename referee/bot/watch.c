/* watch.c - memory and task limits by measurement (see watch.h). */
#include "watch.h"

#include "proc/guard.h"
#include "proc/usage.h"

#include <errno.h>
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
typedef struct watch_group {
    struct ev_loop *loop;
    ev_timer timer;
    watch **w;
    size_t n, cap;
    struct watch_group *next;
} watch_group;

/* One group per loop; the referee has one loop, tests may have more. */
static watch_group *watch_groups;

/* A sweep asked for after a bot's end, run once for all the bots that end
 * close together (the two of a game, many games at once). */
#define WATCH_SWEEP_DELAY_S 0.02
static ev_timer watch_sweep_timer;
static struct ev_loop *watch_sweep_loop;
static int watch_sweep_rounds;

/* Every watched bot's group and id, for a scan. */
static int watch_all(pid_t **pgids, long **ids, size_t *n)
{
    size_t total = 0;
    for (watch_group *g = watch_groups; g; g = g->next)
        total += g->n;
    *pgids = calloc(total + 1, sizeof **pgids);
    *ids = calloc(total + 1, sizeof **ids);
    if (!*pgids || !*ids)
        return -1;
    total = 0;
    for (watch_group *g = watch_groups; g; g = g->next)
        for (size_t i = 0; i < g->n; i++, total++) {
            (*pgids)[total] = g->w[i]->pgid;
            (*ids)[total] = g->w[i]->id;
        }
    *n = total;
    return 0;
}

typedef struct {
    proc_scan s;
    pid_t *pgids;
    long *ids;
    proc_usage *use;
} watch_scan_t;

/* Scan once for every bot. */
static int watch_scan(watch_scan_t *w)
{
    size_t n = 0;
    w->use = NULL;
    if (watch_all(&w->pgids, &w->ids, &n) != 0)
        return -1;
    w->use = calloc(n + 1, sizeof *w->use);
    if (!w->use)
        return -1;
    w->s = (proc_scan){.pgids = w->pgids, .n = n, .keep = guard_pid(),
                       .ids = w->ids, .mark = guard_env_mark(),
                       .use = w->use};
    return proc_usage_scan(&w->s);
}

static void watch_scan_free(watch_scan_t *w)
{
    free(w->pgids);
    free(w->ids);
    free(w->use);
}

static void watch_kill_strays(const proc_scan *s)
{
    for (size_t i = 0; i < s->nstrays; i++) {
        /* It may lead a group of its own, with children of its own. */
        kill(-s->strays[i], SIGKILL);
        kill(s->strays[i], SIGKILL);
    }
}

/* One scan, and SIGKILL to every stray found; nothing waits, the loop's
 * child handler reaps them.  Returns how many were found (0 on error). */
static size_t watch_sweep_once(pid_t *killed, size_t max)
{
    watch_scan_t w;
    size_t found = 0;
    if (watch_scan(&w) == 0) {
        watch_kill_strays(&w.s);
        found = w.s.nstrays;
        for (size_t i = 0; killed && i < found && i < max; i++)
            killed[i] = w.s.strays[i];
    }
    watch_scan_free(&w);
    return found;
}

static void watch_sweep_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
    (void)t;
    (void)revents;
    watch_sweep_loop = NULL;
    /* Each stray killed hands its children to us as it dies: look again
     * soon, a bounded number of times; the periodic check does the rest. */
    if (watch_sweep_once(NULL, 0) > 0 &&
        ++watch_sweep_rounds < WATCH_SWEEP_ROUNDS)
        watch_sweep_soon(loop);
    else
        watch_sweep_rounds = 0;
}

void watch_sweep_soon(struct ev_loop *loop)
{
    if (watch_sweep_loop)
        return; /* one is coming */
    watch_sweep_loop = loop;
    ev_timer_init(&watch_sweep_timer, watch_sweep_cb, WATCH_SWEEP_DELAY_S,
                  0.);
    ev_timer_start(loop, &watch_sweep_timer);
}

void watch_sweep_final(void)
{
    if (watch_sweep_loop) {
        ev_timer_stop(watch_sweep_loop, &watch_sweep_timer);
        watch_sweep_loop = NULL;
    }
    watch_sweep_rounds = 0;
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        pid_t killed[PROC_USAGE_MAX_STRAYS];
        size_t n = watch_sweep_once(killed, PROC_USAGE_MAX_STRAYS);
        if (n == 0)
            return;
        /* The loop no longer runs: reap them here, so that their children
         * come to us, within a bounded time. */
        for (size_t i = 0; i < n && i < PROC_USAGE_MAX_STRAYS; i++) {
            for (;;) {
                pid_t r = waitpid(killed[i], NULL, WNOHANG);
                clock_gettime(CLOCK_MONOTONIC, &now);
                double spent = (double)(now.tv_sec - t0.tv_sec) +
                               (double)(now.tv_nsec - t0.tv_nsec) * 1e-9;
                if (spent > WATCH_FINAL_S)
                    return;
                if (r != 0)
                    break;
                nanosleep(&(struct timespec){0, 1000000}, NULL);
            }
        }
    }
}

/* Mark the watches over a limit; the callbacks run after the scan, so
 * that one removing a watch cannot disturb it. */
static bool watch_mark(const proc_scan *s)
{
    bool any = false;
    size_t k = 0;
    for (watch_group *g = watch_groups; g; g = g->next)
        for (size_t i = 0; i < g->n; i++, k++) {
            watch *w = g->w[i];
            const proc_usage *u = &s->use[k];
            if (w->fired)
                continue;
            /* Tasks first: a fork bomb's many small processes also add up
             * to a lot of memory by the time it is seen. */
            if (w->tasks > 0 && u->tasks > w->tasks) {
                w->what = WATCH_TASKS;
                w->value = u->tasks;
            } else if (w->mem_kb > 0 && u->mem_kb > w->mem_kb) {
                w->what = WATCH_MEMORY;
                w->value = u->mem_kb;
            } else {
                continue;
            }
            w->fired = any = true;
        }
    return any;
}

/* Call back the watches marked over a limit, collected first so that
 * the lists may change under the callbacks. */
static void watch_fire(void)
{
    size_t n = 0, k = 0;
    for (watch_group *g = watch_groups; g; g = g->next)
        n += g->n;
    watch **fired = calloc(n + 1, sizeof *fired);
    if (!fired)
        return;
    for (watch_group *g = watch_groups; g; g = g->next)
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

static void watch_timer_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
    (void)t;
    (void)revents;
    watch_scan_t w;
    bool over = false, strays = false;
    if (watch_scan(&w) == 0) {
        over = watch_mark(&w.s);
        strays = w.s.nstrays > 0;
        watch_kill_strays(&w.s);
    }
    watch_scan_free(&w);
    if (strays)
        watch_sweep_soon(loop);
    if (over)
        watch_fire();
}

static watch_group *watch_group_for(struct ev_loop *loop)
{
    for (watch_group *g = watch_groups; g; g = g->next)
        if (g->loop == loop)
            return g;
    watch_group *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->loop = loop;
    ev_timer_init(&g->timer, watch_timer_cb, WATCH_PERIOD_S, WATCH_PERIOD_S);
    g->timer.data = g;
    g->next = watch_groups;
    watch_groups = g;
    return g;
}

static void watch_group_drop(watch_group *g)
{
    ev_timer_stop(g->loop, &g->timer);
    for (watch_group **p = &watch_groups; *p; p = &(*p)->next)
        if (*p == g) {
            *p = g->next;
            break;
        }
    free(g->w);
    free(g);
}

static int watch_group_push(watch_group *g, watch *w)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 16;
        watch **q = realloc(g->w, cap * sizeof *q);
        if (!q)
            return -1;
        g->w = q;
        g->cap = cap;
    }
    g->w[g->n++] = w;
    return 0;
}

watch *watch_add(struct ev_loop *loop, pid_t pgid, long id, long mem_kb,
                 long tasks, watch_cb cb, void *arg)
{
    watch_group *g = watch_group_for(loop);
    watch *w = g ? calloc(1, sizeof *w) : NULL;
    if (!w || watch_group_push(g, w) != 0) {
        free(w);
        if (g && g->n == 0)
            watch_group_drop(g);
        return NULL;
    }
    *w = (watch){.group = g, .pgid = pgid, .id = id, .mem_kb = mem_kb,
                 .tasks = tasks, .cb = cb, .arg = arg};
    if (!ev_is_active(&g->timer))
        ev_timer_start(loop, &g->timer);
    return w;
}

void watch_remove(watch *w)
{
    if (!w)
        return;
    watch_group *g = w->group;
    for (size_t i = 0; i < g->n; i++)
        if (g->w[i] == w) {
            g->w[i] = g->w[--g->n];
            break;
        }
    free(w);
    if (g->n == 0)
        watch_group_drop(g);
}
