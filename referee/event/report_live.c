/* report_live.c - the event report rewritten while the event runs (see
 * report_live.h). */
#include "event/report_live.h"

#include "clock/clock.h"
#include "event/report_html_internal.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Seconds between the starts of two rewrites at least: a rewrite reads
 * every record and competes with the bots for the cores, so a busy event
 * rewrites its page about once a second, not after each of many results
 * a second. */
#define REPORT_LIVE_INTERVAL_S 1.0
/* A rewrite that takes long (a league of hundreds of entrants: the plan
 * made again, the ratings fitted, every game copied off the loop) waits
 * this many times its own length before the next, so that the page never
 * takes more than a tenth of a core from the bots, nor its copy of the
 * games more than a sliver of the loop's time. */
#define REPORT_LIVE_SHARE 10.0

struct report_live {
    struct ev_loop *loop;
    ev_timer wait;     /* till the interval is over; holds no loop */
    double started;    /* clock_now() of the last rewrite's start */
    double interval;   /* seconds from one start to the next, at least */
    worker *w, *printer;
    report_live_source src;
    void *arg;
    int fd;
    bool busy;   /* a rewrite is on the worker */
    bool dirty;  /* the event changed since it started */
    bool told;   /* a failure was told */
    bool closed; /* the event is over: start nothing more */
    /* What the records of the games said, so that a rewrite reads only
     * the new ones; lent to the rewrite running. */
    tables_info *known;
    size_t nknown;
};

/* What one rewrite works from: copies, so that the loop can go on
 * changing the event meanwhile. */
typedef struct {
    report_live *rl;
    event_def def;        /* a shallow copy: the strings it points to
                             are never freed or changed while the event
                             runs (withdrawals are only added) */
    tables_game *games;
    size_t ngames;
    tables_info *known;
    size_t nknown;
    double took;          /* seconds the rewrite took on the worker */
    int rc;
    char err[1024];
} report_job;

/* On the worker: the plan made again, then the pages. */
static void report_job_run(void *arg)
{
    report_job *j = arg;
    double t0 = clock_now();
    plan *p = plan_new(&j->def.plan, j->err, sizeof j->err);
    j->rc = p ? 0 : -1;
    for (size_t i = 0; p && j->rc == 0 && i < j->ngames; i++)
        j->rc = plan_add_result(p, &j->games[i].result, j->err,
                                sizeof j->err);
    if (j->rc == 0) {
        int pages = report_html_games(&j->def, j->games, j->ngames, false,
                                      j->err, sizeof j->err);
        /* The index even when a game's page failed: the rest shows. */
        j->rc = report_html_write_known(&j->def, p, j->games, j->ngames,
                                        &j->known, &j->nknown, j->err,
                                        sizeof j->err) != 0 || pages != 0
                    ? -1
                    : 0;
    }
    plan_free(p);
    j->took = clock_now() - t0;
}

static void report_live_start(report_live *rl);

/* Start a rewrite now, or when the interval since the last is over. */
static void report_live_due(report_live *rl)
{
    if (rl->busy || rl->closed || ev_is_active(&rl->wait))
        return;
    double left = rl->started + rl->interval - clock_now();
    if (left <= 0) {
        report_live_start(rl);
        return;
    }
    ev_timer_set(&rl->wait, left, 0.);
    ev_timer_start(rl->loop, &rl->wait);
    /* The event ends when its games do: the tables written then hold
     * the last results, so a rewrite still waiting is not waited for. */
    ev_unref(rl->loop);
}

static void report_live_wait_cb(struct ev_loop *loop, ev_timer *w,
                                int revents)
{
    (void)revents;
    report_live *rl = w->data;
    ev_ref(loop); /* the timer stopped itself: give back its hold */
    if (rl->dirty)
        report_live_due(rl);
}

/* Back on the loop: tell a first failure, and start again if the event
 * changed meanwhile. */
static void report_job_done(void *arg)
{
    report_job *j = arg;
    report_live *rl = j->rl;
    if (j->rc != 0 && !rl->told && rl->fd >= 0) {
        char line[1200];
        snprintf(line, sizeof line, "referee: the event report: %s\n",
                 j->err);
        worker_print(rl->printer, rl->fd, line);
        rl->told = true;
    }
    rl->known = j->known;
    rl->nknown = j->nknown;
    rl->interval = REPORT_LIVE_SHARE * j->took > REPORT_LIVE_INTERVAL_S
                       ? REPORT_LIVE_SHARE * j->took
                       : REPORT_LIVE_INTERVAL_S;
    free(j->games);
    free(j);
    rl->busy = false;
    if (rl->dirty)
        report_live_due(rl);
}

static void report_live_start(report_live *rl)
{
    const event_def *def;
    const tables_game *games;
    size_t n;
    rl->src(rl->arg, &def, &games, &n);
    report_job *j = calloc(1, sizeof *j);
    tables_game *copy = malloc((n ? n : 1) * sizeof *copy);
    if (!j || !copy) {
        free(j);
        free(copy);
        rl->dirty = true; /* the next change tries again */
        return;
    }
    if (n)
        memcpy(copy, games, n * sizeof *copy);
    *j = (report_job){.rl = rl, .def = *def, .games = copy, .ngames = n,
                      .known = rl->known, .nknown = rl->nknown};
    rl->dirty = false;
    rl->busy = true;
    rl->started = clock_now();
    rl->known = NULL;
    if (worker_submit(rl->w, report_job_run, report_job_done, j) != 0) {
        rl->known = j->known;
        free(copy);
        free(j);
        rl->busy = false;
        rl->dirty = true;
    }
}

report_live *report_live_new(struct ev_loop *loop, worker *w,
                             report_live_source src, void *arg,
                             worker *printer, int fd)
{
    report_live *rl = calloc(1, sizeof *rl);
    if (!rl)
        return NULL;
    *rl = (report_live){.loop = loop, .w = w, .printer = printer,
                        .src = src, .arg = arg, .fd = fd,
                        .started = -REPORT_LIVE_INTERVAL_S,
                        .interval = REPORT_LIVE_INTERVAL_S};
    ev_timer_init(&rl->wait, report_live_wait_cb, 0., 0.);
    rl->wait.data = rl;
    return rl;
}

void report_live_changed(report_live *rl)
{
    if (!rl)
        return;
    rl->dirty = true;
    report_live_due(rl);
}

void report_live_close(report_live *rl)
{
    if (!rl)
        return;
    rl->closed = true;
    if (ev_is_active(&rl->wait)) {
        ev_ref(rl->loop);
        ev_timer_stop(rl->loop, &rl->wait);
    }
}

void report_live_free(report_live *rl)
{
    report_live_close(rl);
    if (rl)
        free(rl->known);
    free(rl);
}
