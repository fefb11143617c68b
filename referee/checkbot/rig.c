/* rig.c - the machinery check-bot runs bots with (see rig.h). */
#include "checkbot/rig.h"

#include "bot/watch.h"
#include "clock/clock.h"
#include "proc/guard.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

struct ckrig {
    ckrig_options o;
    struct ev_loop *loop;
    loopclock *clock;
    starter *starter;
    ev_signal w_sig[3];
    ev_timer w_tick;
    bool interrupted;
};

static void ckrig_signal_cb(struct ev_loop *loop, ev_signal *w, int revents)
{
    (void)loop;
    (void)revents;
    ckrig *r = w->data;
    r->interrupted = true;
}

static void ckrig_watch_signals(ckrig *r, bool on)
{
    static const int sig[3] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
        /* They must not keep the loop running on their own. */
        if (on) {
            ev_signal_init(&r->w_sig[i], ckrig_signal_cb, sig[i]);
            r->w_sig[i].data = r;
            ev_signal_start(r->loop, &r->w_sig[i]);
            ev_unref(r->loop);
        } else {
            ev_ref(r->loop);
            ev_signal_stop(r->loop, &r->w_sig[i]);
        }
    }
}

ckrig *ckrig_new(const ckrig_options *o, char *err, size_t errlen)
{
    ckrig *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    r->o = *o;
    proc_ignore_sigpipe();
    sandbox_setup(&o->sandbox);
    r->loop = ev_loop_new(EVFLAG_AUTO);
    if (!r->loop) {
        snprintf(err, errlen, "cannot make the event loop");
        free(r);
        return NULL;
    }
    snprintf(err, errlen, "out of memory");
    if (!(r->clock = loopclock_new(r->loop)) ||
        !(r->starter = starter_new(r->loop, err, errlen))) {
        ckrig_free(r);
        return NULL;
    }
    ckrig_watch_signals(r, true);
    ev_init(&r->w_tick, NULL);
    return r;
}

static void ckrig_enough_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)w;
    (void)revents;
    ev_break(loop, EVBREAK_ALL);
}

/* Let the loop finish what is under way (a limit scan and the sweeps
 * after it, box teardowns), for a few seconds at most: the last sweep
 * (watch_sweep_final) must not find a scan still running, whose end it
 * would then handle on this thread. */
static void ckrig_quiesce(ckrig *r)
{
    ev_timer enough;
    ev_timer_init(&enough, ckrig_enough_cb, 5., 0.);
    ev_timer_start(r->loop, &enough);
    ev_unref(r->loop); /* only the work under way keeps the loop running */
    ev_run(r->loop, 0);
    ev_ref(r->loop);
    ev_timer_stop(r->loop, &enough);
}

void ckrig_free(ckrig *r)
{
    if (!r)
        return;
    if (r->starter) {
        ckrig_watch_signals(r, false);
        ckrig_quiesce(r);
    }
    starter_free(r->starter);
    watch_sweep_final();
    loopclock_free(r->clock);
    sandbox_teardown();
    guard_stop();
    ev_loop_destroy(r->loop);
    free(r);
}

const ckrig_options *ckrig_opts(const ckrig *r) { return &r->o; }
struct ev_loop *ckrig_loop(ckrig *r) { return r->loop; }
starter *ckrig_starter(ckrig *r) { return r->starter; }
loopclock *ckrig_clock(ckrig *r) { return r->clock; }
bool ckrig_interrupted(const ckrig *r) { return r->interrupted; }

static void ckrig_tick_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)w;
    (void)revents;
}

/* The loop runs meanwhile: the starter reaps what was killed, the limit
 * watch sweeps strays, boxes are torn down. */
void ckrig_settle(ckrig *r, double max_s, ckprocs *left)
{
    double until = clock_now() + max_s;
    ev_timer_init(&r->w_tick, ckrig_tick_cb, 0.01, 0.);
    for (;;) {
        if (ckprocs_scan(left) != 0 || left->n == 0 ||
            clock_now() >= until)
            return;
        ev_timer_start(r->loop, &r->w_tick);
        ev_run(r->loop, EVRUN_ONCE);
        ev_timer_stop(r->loop, &r->w_tick);
    }
}
