/* series.c - games between the same bots on one loop (see series.h). */
#include "match/series.h"

#include "bot/watch.h"
#include "match/matchpool.h"
#include "proc/guard.h"
#include "proc/proc.h"
#include "util/fsutil.h"
#include "util/rng.h"
#include "util/testhook.h"
#include "util/worker.h"

#include <ev.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct series {
    const series_options *o;
    const series_owner *owner;
    int jobs;
    struct ev_loop *loop;
    matchpool *pool;
    worker *printer; /* the pool's: output, which a reader may hold up */
    int interrupted, write_errors;
    bool stopping;
    bool places; /* a game for places: game lines give them */
    ev_signal w_int, w_term, w_hup;
};

void series_options_defaults(series_options *o)
{
    memset(o, 0, sizeof *o);
    match_config_defaults(&o->base);
    sandbox_options_defaults(&o->sandbox);
    o->jobs = 1;
    o->prog = "referee";
}

const char *series_result_text(const record *r, int seat, bool places)
{
    static const char *const place_text[] = {"-", "1", "2", "3", "4"};
    const char *res = r->players[seat].result;
    if (!res)
        return "-";
    if (places && r->players[seat].place >= 1 &&
        r->players[seat].place <= RULES_MAX_SEATS)
        return place_text[r->players[seat].place];
    return !strcmp(res, "win") ? "1" : !strcmp(res, "loss") ? "0" : "1/2";
}

void series_print(series *s, int fd, const char *line)
{
    worker_print(s->printer, fd, line);
}

int series_running(const series *s)
{
    return matchpool_running(s->pool);
}

int series_interrupted(const series *s)
{
    return s->interrupted;
}

int series_write_errors(const series *s)
{
    return s->write_errors;
}

void series_describe(const series *s, char *buf, size_t len)
{
    matchpool_describe(s->pool, buf, len);
}

void series_halt(series *s)
{
    matchpool_halt(s->pool);
}

/* The line printed for a finished game. */
static void series_print_game(FILE *out, const series *s,
                              const series_game *g, const match *m)
{
    const record *r = match_record(m);
    const char *werr = match_write_error(m);
    if (match_aborted(m)) {
        fprintf(out, "game %d: interrupted, not recorded\n", g->index + 1);
        return;
    }
    fprintf(out, "game %d:", g->index + 1);
    for (int seat = 0; seat < s->o->nbots; seat++)
        fprintf(out, "%s %s (%s)", seat ? " vs" : "",
                s->o->bot[g->bot_of_seat[seat]], r->players[seat].colour);
    fprintf(out, ":");
    for (int seat = 0; seat < s->o->nbots; seat++)
        fprintf(out, "%s%s", seat ? "-" : " ", series_result_text(r, seat, s->places));
    fprintf(out, " %s%s%s -> %s\n", r->reason ? r->reason : "?",
            r->detail ? ": " : "", r->detail ? r->detail : "",
            werr ? "NOT WRITTEN" : g->record_path);
}

/* Output goes through the printer thread: stdout may be a full pipe,
 * and the loop must not wait for whoever reads it. */
static void series_report(series *s, const series_game *g, const match *m)
{
    worker_out o;
    FILE *out = worker_out_open(&o);
    if (out)
        series_print_game(out, s, g, m);
    worker_out_print(s->printer, STDOUT_FILENO, &o);
    const char *werr = match_write_error(m);
    if (werr) {
        char line[1300];
        snprintf(line, sizeof line, "%s: %s%s\n", s->o->prog, werr,
                 s->write_errors ? "" : "; no more games are started");
        worker_print(s->printer, STDERR_FILENO, line);
        s->write_errors++;
    }
}

/* A game Ctrl-C ended is played again on the next run: it leaves no log
 * (a kept bot's log is its first game's, which stays). */
static void series_forget(series *s, const series_game *g)
{
    s->interrupted++;
    for (int seat = 0; seat < s->o->nbots; seat++)
        unlink(g->log_path[seat]);
}

static void series_game_done(void *arg, void *tag, match *m)
{
    series *s = arg;
    series_game *g = tag;
    series_report(s, g, m);
    if (match_write_error(m))
        matchpool_halt(s->pool);
    if (match_aborted(m))
        series_forget(s, g);
    s->owner->done(s->owner->arg, s, g, m);
    free(g);
}

static void series_game_over(void *arg, void *tag, match *m)
{
    series *s = arg;
    if (s->owner->over)
        s->owner->over(s->owner->arg, s, tag, m);
}

static void series_game_failed(void *arg, void *tag, const char *err)
{
    series *s = arg;
    char line[700];
    snprintf(line, sizeof line, "%s: %s\n", s->o->prog, err);
    worker_print(s->printer, STDERR_FILENO, line);
    s->write_errors++;
    matchpool_halt(s->pool); /* the same error would repeat */
    free(tag);
}

uint64_t series_game_seed(uint64_t seed, int index)
{
    /* Reproducible, different for every game. */
    rng r;
    rng_seed(&r, seed + (uint64_t)index * 0x632be59bd9b4e019ULL);
    return rng_next(&r);
}

/* Game i's config: its own seed, who sits where, its paths. */
static void series_config(const series *s, series_game *g,
                          match_config *cfg)
{
    const series_options *o = s->o;
    int i = g->index;
    *cfg = o->base;
    cfg->seed = series_game_seed(o->base.seed, i);
    cfg->round = i + 1;
    for (int seat = 0; seat < o->nbots; seat++) {
        cfg->command[seat] = o->bot[g->bot_of_seat[seat]];
        snprintf(g->log_path[seat], sizeof g->log_path[seat],
                 "%s/logs/game-%04d-seat%d.log", o->dir, i + 1, seat);
        cfg->log_path[seat] = g->log_path[seat];
    }
    snprintf(g->record_path, sizeof g->record_path, "%s/game-%04d.yaml",
             o->dir, i + 1);
    cfg->record_path = g->record_path;
    cfg->opening = g->opening;
    cfg->nopening = g->nopening;
}

static void *series_next_game(void *arg, match_config *cfg)
{
    series *s = arg;
    series_game *g = calloc(1, sizeof *g);
    if (!g) {
        char line[128];
        snprintf(line, sizeof line, "%s: out of memory\n", s->o->prog);
        worker_print(s->printer, STDERR_FILENO, line);
        s->write_errors++;
        matchpool_halt(s->pool);
        return NULL;
    }
    if (!s->owner->next(s->owner->arg, s, g)) {
        free(g);
        return NULL;
    }
    series_config(s, g, cfg);
    return g;
}

/* Ctrl-C, SIGTERM, SIGHUP: end every running game and its bots (games
 * already over keep their records), then stop. */
static void series_signal_cb(struct ev_loop *loop, ev_signal *w, int rev)
{
    (void)loop;
    (void)rev;
    series *s = w->data;
    if (s->stopping)
        return;
    s->stopping = true;
    char line[160];
    snprintf(line, sizeof line, "%s: interrupted, ending %d running games\n",
             s->o->prog, matchpool_running(s->pool));
    worker_print(s->printer, STDERR_FILENO, line);
    matchpool_stop(s->pool);
}

static void series_watch_signals(series *s, bool on)
{
    ev_signal *w[] = {&s->w_int, &s->w_term, &s->w_hup};
    int sig[] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
        /* The watchers must not keep the loop running once the games are
         * done: unref while active, ref again before stopping. */
        if (on) {
            ev_signal_init(w[i], series_signal_cb, sig[i]);
            w[i]->data = s;
            ev_signal_start(s->loop, w[i]);
            ev_unref(s->loop);
        } else {
            ev_ref(s->loop);
            ev_signal_stop(s->loop, w[i]);
        }
    }
}

/* Everything the series set up goes, on every path; rc is passed on.
 * After a run, the owner's summary is printed once every record is
 * written. */
static int series_end(series *s, bool ran, int rc)
{
    if (s->pool)
        matchpool_drain(s->pool);
    watch_sweep_final();
    if (ran && s->owner->summary)
        s->owner->summary(s->owner->arg, s);
    matchpool_free(s->pool);
    /* Every bot is gone: the run's control groups go too.  A later series
     * of the same run (a gauntlet's next reference) sets them up afresh
     * in its series_prepare(). */
    sandbox_teardown();
    guard_stop();
    if (s->loop)
        ev_loop_destroy(s->loop);
    return rc;
}

/* The directories, the sandbox, and -j within what the machine allows. */
static int series_prepare(series *s)
{
    const series_options *o = s->o;
    char logs[4200], err[512];
    snprintf(logs, sizeof logs, "%s/logs", o->dir);
    if (fs_mkdirs(logs, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", o->prog, err);
        return -1;
    }
    proc_ignore_sigpipe();
    sandbox_setup(&o->sandbox);
    rules_game *g = rules_game_new(o->base.game, o->base.variant,
                                   o->base.options, err, sizeof err);
    s->places = g && rules_for_places(g);
    rules_game_free(g);
    char why[160];
    int max = proc_max_games(s->jobs, o->nbots, why, sizeof why);
    if (s->jobs > max) {
        fprintf(stderr, "%s: -j %d %s; running %d at once\n", o->prog,
                s->jobs, why, max);
        s->jobs = max;
    }
    return 0;
}

int series_run(const series_options *o, const series_owner *owner)
{
    series s = {.o = o, .owner = owner, .jobs = o->jobs};
    if (series_prepare(&s) != 0)
        return 1;
    /* Not libev's default loop: it reaps every child, and bots are
     * reaped by their pidfds (proc.h). */
    s.loop = ev_loop_new(EVFLAG_AUTO);
    if (!s.loop) {
        fprintf(stderr, "%s: cannot make the event loop\n", o->prog);
        return series_end(&s, false, 1);
    }
    matchpool_options po = {
        .jobs = s.jobs, .keep_bots = o->keep_bots, .seats = o->nbots,
        .quit_ms = o->base.quit_ms, .term_ms = o->base.term_ms,
        .start_delay_ms = testhook_ms("REFEREE_TEST_START_DELAY_MS"),
        .ponder = !o->base.suspend, .clock = o->base.tc.clock,
        .test = {.write_delay_ms = testhook_ms("REFEREE_TEST_WRITE_DELAY_MS"),
                 .loop_stall_ms = testhook_ms("REFEREE_TEST_LOOP_STALL_MS"),
                 .write_fail = getenv("REFEREE_TEST_WRITE_FAIL")}};
    matchpool_owner po_owner = {series_next_game, series_game_done,
                                series_game_failed, &s, series_game_over};
    char err[512];
    s.pool = matchpool_new(s.loop, &po, &po_owner, err, sizeof err);
    if (!s.pool) {
        fprintf(stderr, "%s: %s\n", o->prog, err);
        return series_end(&s, false, 1);
    }
    s.printer = matchpool_printer(s.pool);
    char busy[256];
    if (matchpool_overbooked(s.pool, busy, sizeof busy))
        fprintf(stderr, "%s: warning: %s\n", o->prog, busy);
    watch_set_test_delay_ms(testhook_ms("REFEREE_TEST_SCAN_DELAY_MS"));
    series_watch_signals(&s, true);
    matchpool_fill(s.pool);
    ev_run(s.loop, 0);
    series_watch_signals(&s, false);
    return series_end(&s, true,
                      s.stopping ? 130 : s.write_errors ? 1 : 0);
}
