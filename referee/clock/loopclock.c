/* loopclock.c - the loop's wake-ups and pauses (see loopclock.h). */
#include "loopclock.h"

#include "clock.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double worst_s;    /* longest busy stretch between two polls */
    double paused_s;   /* forgiven in all: the part of stretches over
                          LOOPCLOCK_PAUSE_S */
    long pauses;       /* stretches over LOOPCLOCK_PAUSE_S */
    long iterations;   /* loop iterations seen */
} loopclock_stats;

struct loopclock {
    struct ev_loop *loop;
    ev_prepare w_prepare; /* just before poll(): a busy stretch ends */
    ev_check w_check;     /* just after poll(): one begins */
    double wake;
    loopclock_stats st;
};

static double loopclock_excess(double busy)
{
    return busy > LOOPCLOCK_PAUSE_S ? busy - LOOPCLOCK_PAUSE_S : 0.;
}

static void loopclock_prepare_cb(struct ev_loop *loop, ev_prepare *w,
                                 int revents)
{
    (void)loop;
    (void)revents;
    loopclock *lc = w->data;
    double busy = clock_now() - lc->wake;
    if (busy > lc->st.worst_s)
        lc->st.worst_s = busy;
    if (busy > LOOPCLOCK_PAUSE_S) {
        lc->st.pauses++;
        lc->st.paused_s += loopclock_excess(busy);
    }
}

static void loopclock_check_cb(struct ev_loop *loop, ev_check *w, int revents)
{
    (void)loop;
    (void)revents;
    loopclock *lc = w->data;
    lc->wake = clock_now();
    lc->st.iterations++;
}

loopclock *loopclock_new(struct ev_loop *loop)
{
    loopclock *lc = calloc(1, sizeof *lc);
    if (!lc)
        return NULL;
    lc->loop = loop;
    lc->wake = clock_now();
    ev_prepare_init(&lc->w_prepare, loopclock_prepare_cb);
    ev_check_init(&lc->w_check, loopclock_check_cb);
    lc->w_prepare.data = lc->w_check.data = lc;
    /* Check watchers are queued last and run first among the highest
     * priority: the wake-up is stamped before any other callback runs.
     * The prepare watcher runs last of all, right before poll(). */
    ev_set_priority(&lc->w_check, EV_MAXPRI);
    ev_set_priority(&lc->w_prepare, EV_MINPRI);
    ev_prepare_start(loop, &lc->w_prepare);
    ev_check_start(loop, &lc->w_check);
    /* Watching the loop must not keep it running. */
    ev_unref(loop);
    ev_unref(loop);
    return lc;
}

void loopclock_free(loopclock *lc)
{
    if (!lc)
        return;
    ev_ref(lc->loop);
    ev_ref(lc->loop);
    ev_prepare_stop(lc->loop, &lc->w_prepare);
    ev_check_stop(lc->loop, &lc->w_check);
    free(lc);
}

double loopclock_wake(const loopclock *lc) { return lc->wake; }

double loopclock_paused_at_wake(const loopclock *lc)
{
    return lc->st.paused_s;
}

double loopclock_paused(const loopclock *lc)
{
    return lc->st.paused_s + loopclock_excess(clock_now() - lc->wake);
}

void loopclock_timer_at(struct ev_loop *loop, ev_timer *w, double at)
{
    ev_now_update(loop);
    double after = at - clock_now();
    ev_timer_stop(loop, w);
    ev_timer_set(w, after > 0 ? after : 0., 0.);
    ev_timer_start(loop, w);
}

bool loopclock_take(const loopclock *lc, loopclock_budget *b, int max)
{
    if (b->iteration != lc->st.iterations) {
        b->iteration = lc->st.iterations;
        b->used = 0;
    }
    if (b->used >= max)
        return false;
    b->used++;
    return true;
}

void loopclock_describe(const loopclock *lc, char *buf, size_t len)
{
    snprintf(buf, len, "worst pause of the loop %.1f ms; %ld pauses over "
                       "%.0f ms, %.1f ms not charged to bots (but what "
                       "their own output cost them)",
             lc->st.worst_s * 1e3, lc->st.pauses, LOOPCLOCK_PAUSE_S * 1e3,
             lc->st.paused_s * 1e3);
}
