/* matchpool.c - a set of games on one loop (see matchpool.h). */
#include "matchpool.h"

#include "bot/botpool.h"
#include "clock/loopclock.h"
#include "proc/starter.h"
#include "util/worker.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One game started: its place in the pool's list. */
typedef struct pool_game {
    matchpool *p;
    match *m;
    void *tag;
    bool over; /* played; its record is being written */
    struct pool_game *prev, *next;
} pool_game;

struct matchpool {
    struct ev_loop *loop;
    matchpool_options o;
    matchpool_owner owner;
    loopclock *clock;
    worker *writer;  /* records, off the loop */
    worker *printer; /* output, which a reader may hold up: apart */
    starter *starter;
    botpool *kept;
    loopclock_budget starts;
    ev_timer w_more; /* starts the next batch of games */
    pool_game *games;  /* started, not yet done */
    int running, writing;
    bool halted, stopping, exhausted;
};

static void pool_more_cb(struct ev_loop *loop, ev_timer *w, int revents);

matchpool *matchpool_new(struct ev_loop *loop, const matchpool_options *o,
                         const matchpool_owner *owner, char *err,
                         size_t errlen)
{
    matchpool *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    p->loop = loop;
    p->o = *o;
    if (p->o.jobs < 1)
        p->o.jobs = 1;
    p->owner = *owner;
    ev_timer_init(&p->w_more, pool_more_cb, 0., 0.);
    p->w_more.data = p;
    snprintf(err, errlen, "out of memory");
    if (!(p->clock = loopclock_new(loop)) ||
        !(p->writer = worker_new(loop, err, errlen)) ||
        !(p->printer = worker_new(loop, err, errlen)) ||
        !(p->starter = starter_new(loop, err, errlen))) {
        matchpool_free(p);
        return NULL;
    }
    starter_set_test_delay_ms(p->starter, o->start_delay_ms);
    if (o->keep_bots &&
        !(p->kept = botpool_new(loop, o->quit_ms, o->term_ms,
                                2 * o->seats * p->o.jobs))) {
        snprintf(err, errlen, "out of memory");
        matchpool_free(p);
        return NULL;
    }
    return p;
}

static void pool_unlist(matchpool *p, pool_game *g)
{
    if (g->prev)
        g->prev->next = g->next;
    else
        p->games = g->next;
    if (g->next)
        g->next->prev = g->prev;
}

/* Over, its bots gone, the record on its way to disk: the next game may
 * take its slot. */
static void pool_game_over(match *m, void *arg)
{
    pool_game *g = arg;
    g->over = true;
    g->p->running--;
    g->p->writing++;
    if (g->p->owner.over)
        g->p->owner.over(g->p->owner.arg, g->tag, m);
    matchpool_fill(g->p);
}

static void pool_game_done(match *m, void *arg)
{
    pool_game *g = arg;
    matchpool *p = g->p;
    if (g->over)
        p->writing--;
    else
        p->running--;
    pool_unlist(p, g);
    p->owner.done(p->owner.arg, g->tag, m);
    match_free(m);
    free(g);
    /* A slot, or a write less in the backlog. */
    matchpool_fill(p);
}

/* Start the owner's next game; false when there is none now. */
static bool pool_start_next(matchpool *p)
{
    match_config cfg;
    match_config_defaults(&cfg);
    void *tag = p->owner.next(p->owner.arg, &cfg);
    if (!tag)
        return false;
    pool_game *g = calloc(1, sizeof *g);
    char err[512] = "out of memory";
    cfg.clock = p->clock;
    cfg.writer = p->writer;
    cfg.starter = p->starter;
    cfg.pool = p->kept;
    cfg.test = p->o.test;
    cfg.over = pool_game_over;
    match *m = g ? match_new(p->loop, &cfg, pool_game_done, g, err,
                             sizeof err)
                 : NULL;
    if (!m) {
        free(g);
        p->owner.failed(p->owner.arg, tag, err);
        return true;
    }
    g->p = p;
    g->m = m;
    g->tag = tag;
    g->next = p->games;
    if (p->games)
        p->games->prev = g;
    p->games = g;
    p->running++;
    match_start(m);
    return true;
}

void matchpool_fill(matchpool *p)
{
    while (!p->stopping && !p->halted && p->running < p->o.jobs &&
           p->writing < MATCH_WRITE_BACKLOG(p->o.jobs)) {
        if (!loopclock_take(p->clock, &p->starts,
                            MATCH_STARTS_PER_ITERATION)) {
            if (!ev_is_active(&p->w_more))
                ev_timer_start(p->loop, &p->w_more);
            return;
        }
        if (!pool_start_next(p))
            break;
    }
    /* Nothing runs or waits for the disk, and nothing can start: no game
     * will ever take a kept bot again, so they may all go. */
    if (p->kept && (p->stopping || p->halted ||
                    (p->running == 0 && p->writing == 0)))
        botpool_close(p->kept);
}

static void pool_more_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    matchpool_fill(w->data);
}

void matchpool_halt(matchpool *p)
{
    p->halted = true;
    ev_timer_stop(p->loop, &p->w_more);
}

void matchpool_stop(matchpool *p)
{
    if (p->stopping)
        return;
    p->stopping = true;
    ev_timer_stop(p->loop, &p->w_more);
    /* match_abort may end a game at once: its done callback unlists it. */
    for (pool_game *g = p->games, *next; g; g = next) {
        next = g->next;
        match_abort(g->m);
    }
    if (p->kept)
        botpool_kill(p->kept);
}

int matchpool_running(const matchpool *p)
{
    return p->running;
}

worker *matchpool_printer(const matchpool *p)
{
    return p->printer;
}

void matchpool_drain(matchpool *p)
{
    if (p->kept) {
        if (p->stopping)
            botpool_kill(p->kept);
        else
            botpool_close(p->kept);
        ev_run(p->loop, 0); /* until the kept bots are gone */
    }
    worker_drain(p->writer);
    worker_drain(p->printer);
}

/* The processors this process may run on. */
static int matchpool_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

bool matchpool_overbooked(const matchpool *p, char *buf, size_t len)
{
    const matchpool_options *o = &p->o;
    int thinking = o->jobs * (o->ponder ? o->seats : 1), cpus = matchpool_cpus();
    if (o->clock != TIME_CLOCK_WALL || thinking <= cpus)
        return false;
    snprintf(buf, len, "up to %d bots think at once on %d processors: on "
                       "the wall clock a bot is charged its wait for a "
                       "processor (--clock cpu charges CPU time instead, "
                       "or play fewer games at once)",
             thinking, cpus);
    return true;
}

void matchpool_describe(const matchpool *p, char *buf, size_t len)
{
    char busy[256];
    loopclock_describe(p->clock, buf, len);
    size_t n = strlen(buf);
    if (matchpool_overbooked(p, busy, sizeof busy))
        snprintf(buf + n, len - n, "; warning: %s", busy);
}

void matchpool_free(matchpool *p)
{
    if (!p)
        return;
    ev_timer_stop(p->loop, &p->w_more);
    botpool_free(p->kept);
    /* After every bot: the bots die with the thread that started them. */
    starter_free(p->starter);
    worker_free(p->writer);
    worker_free(p->printer);
    loopclock_free(p->clock);
    free(p);
}
