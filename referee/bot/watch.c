/* watch.c - memory and process limits by measurement (see watch.h). */
#include "watch.h"

#include "proc/guard.h"
#include "proc/usage.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>

struct watch {
    struct watch_group *group;
    pid_t pgid;
    long mem_kb, procs;
    watch_cb cb;
    void *arg;
    bool fired;
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

static void watch_check(watch_group *g)
{
    size_t n = g->n;
    pid_t *pgids = calloc(n + 1, sizeof *pgids);
    proc_usage *use = calloc(n + 1, sizeof *use);
    if (pgids && use) {
        for (size_t i = 0; i < n; i++)
            pgids[i] = g->w[i]->pgid;
        if (proc_usage_scan(pgids, n, use) == 0)
            for (size_t i = 0; i < n && i < g->n; i++) {
                watch *w = g->w[i];
                if (w->fired)
                    continue;
                /* Processes first: a fork bomb's many small processes
                 * also add up to a lot of memory by the time it is seen. */
                if (w->procs > 0 && use[i].procs > w->procs) {
                    w->fired = true;
                    w->cb(w->arg, WATCH_PROCS, use[i].procs);
                } else if (w->mem_kb > 0 && use[i].rss_kb > w->mem_kb) {
                    w->fired = true;
                    w->cb(w->arg, WATCH_MEMORY, use[i].rss_kb);
                }
            }
    }
    free(pgids);
    free(use);
}

static void watch_timer_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
    (void)loop;
    (void)revents;
    watch_check(t->data);
    watch_sweep();
}

void watch_sweep(void)
{
    size_t n = 0;
    for (watch_group *g = watch_groups; g; g = g->next)
        n += g->n;
    pid_t *pgids = calloc(n + 1, sizeof *pgids);
    pid_t strays[64];
    if (!pgids)
        return;
    n = 0;
    for (watch_group *g = watch_groups; g; g = g->next)
        for (size_t i = 0; i < g->n; i++)
            pgids[n++] = g->w[i]->pgid;
    int k = proc_usage_strays(pgids, n, guard_pid(), strays, 64);
    for (int i = 0; i < k; i++) {
        /* It may lead a group of its own, with children of its own. */
        kill(-strays[i], SIGKILL);
        kill(strays[i], SIGKILL);
    }
    free(pgids);
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

watch *watch_add(struct ev_loop *loop, pid_t pgid, long mem_kb, long procs,
                 watch_cb cb, void *arg)
{
    watch_group *g = watch_group_for(loop);
    watch *w = g ? calloc(1, sizeof *w) : NULL;
    if (!w || watch_group_push(g, w) != 0) {
        free(w);
        if (g && g->n == 0)
            watch_group_drop(g);
        return NULL;
    }
    *w = (watch){.group = g, .pgid = pgid, .mem_kb = mem_kb,
                 .procs = procs, .cb = cb, .arg = arg};
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
