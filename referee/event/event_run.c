/* event_run.c - play an event to its end (see event_run.h). */
#include "event/event_run.h"

#include "clock/clock.h"
#include "clock/loopclock.h"
#include "event/event_hand.h"
#include "event/event_record.h"
#include "event/event_shard.h"
#include "event/report_html.h"
#include "event/report_live.h"
#include "event/tables.h"
#include "match/match.h"
#include "match/matchpool.h"
#include "proc/proc.h"
#include "util/fsutil.h"
#include "util/grow.h"
#include "util/testhook.h"
#include "util/worker.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A game void this many times in a row (the referee could not run it) stops
 * the event instead of looping. */
#define EVENT_MAX_VOIDS 3
#define EVENT_MAX_RUNNING PROC_MAX_GAMES
/* Ready games looked at per fill: the ones running or being written are
 * among them, and the rest must still fill every free slot. */
#define EVENT_READY_ROOM(jobs) \
    ((size_t)(3 * (jobs) + MATCH_WRITE_BACKLOG(jobs)))
/* Buckets of the running games by id: a power of two. */
#define EVENT_BUCKETS 2048

typedef struct event_runner event_runner;

typedef struct event_slot {
    struct event_slot *next; /* in its bucket of running games */
    plan_game game;
    char record_path[4300];
    char log_path[4][4300];
} event_slot;

struct event_runner {
    event_def *def;    /* withdrawals may be added while it runs */
    plan *plan;
    struct ev_loop *loop;
    int jobs;
    matchpool *games;
    worker *printer;   /* the pool's: progress, which a reader may hold up */
    /* Games started and not yet done (records being written included), by
     * id, so that none starts twice. */
    event_slot *bucket[EVENT_BUCKETS];
    plan_game *ready;  /* EVENT_READY_ROOM(jobs): what the plan had ready */
    size_t nready, ready_pos;
    tables_game *done;
    size_t ndone, capdone;
    struct {
        char id[PLAN_ID_MAX];
        int count;
    } *voids;           /* games that were void, and how often */
    size_t nvoids, capvoids;
    bool stopping, failed;
    /* Records written and rewritten off the loop: forfeits of withdrawn
     * entrants, decisions added to records (event_hand.h). */
    worker *hand;
    /* index.html and the games' pages, rewritten on the hand worker after
     * every result (report_live.h). */
    report_live *report;
    struct timespec snap_mtime; /* event.yaml as last read: --withdraw
                                   rewrites it */
    double started;
    FILE *progress;
    bool tty;
    char *err;
    size_t errlen;
};

/* ---- results from records ------------------------------------------------ */

static int event_decide(event_runner *er, const plan_game *g,
                        const plan_result *res);

static int event_note_done(event_runner *er, const plan_game *g,
                           const plan_result *res)
{
    tables_game *d = grow(er->done, &er->capdone, er->ndone + 1, sizeof *d,
                          64);
    if (!d) {
        snprintf(er->err, er->errlen, "out of memory");
        return -1;
    }
    er->done = d;
    er->done[er->ndone].game = *g;
    er->done[er->ndone].result = *res;
    er->ndone++;
    if (plan_add_result(er->plan, res, er->err, er->errlen) != 0)
        return -1;
    /* The decision first: the worker takes jobs in order, and the game's
     * page is made from its record as decided. */
    int rc = event_decide(er, g, res);
    report_live_changed(er->report);
    return rc;
}

/* Put the record's path in front of the plan's complaint about it. */
static void event_name_record(event_runner *er, const plan_game *g)
{
    char why[1024];
    snprintf(why, sizeof why, "%s", er->err);
    snprintf(er->err, er->errlen, "%s/%s.yaml: %s", er->def->records, g->id,
             why);
}

/* The result of game g from its record on disk, if there is one
 * (event_record_take). */
static int event_take_result(event_runner *er, const plan_game *g,
                             plan_result *res)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s.yaml", er->def->records, g->id);
    return event_record_take(er->def, g, path, res, er->err, er->errlen);
}

/* Feed every record already on disk, as long as that makes games ready
 * whose records are there too.  Each pass looks at every game ready, so
 * a league resumes in two passes and a cup in a few per round. */
static int event_resume(event_runner *er)
{
    plan_game *ready = NULL;
    size_t cap = 0;
    bool more = true;
    int rc = 0;
    while (more && rc == 0) {
        more = false;
        size_t n = plan_ready(er->plan, NULL, 0);
        if (n > cap) {
            free(ready);
            cap = n;
            ready = malloc(cap * sizeof *ready);
            if (!ready) {
                snprintf(er->err, er->errlen, "out of memory");
                return -1;
            }
        }
        n = plan_ready(er->plan, ready, n);
        for (size_t i = 0; i < n && rc == 0; i++) {
            plan_result res;
            int got = event_take_result(er, &ready[i], &res);
            if (got < 0)
                rc = -1;
            else if (got == 1) {
                rc = event_note_done(er, &ready[i], &res);
                more = true;
                if (rc != 0)
                    event_name_record(er, &ready[i]);
            }
        }
    }
    free(ready);
    return rc;
}

/* ---- progress -------------------------------------------------------------- */

static const char *event_phase_name(int phase)
{
    return phase == 0 ? "groups" : phase == 1 ? "intermediate round" : "cup";
}

static void event_progress_text(FILE *out, event_runner *er,
                                const event_slot *sl, const record *r)
{
    size_t done = plan_played(er->plan), known = plan_known(er->plan);
    if (er->def->plan.shard_count)
        known = plan_shard_games(er->plan);
    double el = clock_now() - er->started;
    char eta[32] = "";
    if (done && known > done)
        snprintf(eta, sizeof eta, ", ETA %.0fs",
                 el / (double)done * (double)(known - done));
    if (er->tty) {
        fprintf(out, "\r\033[K[%zu/%zu] %s, round %d, %d running%s", done,
                known, event_phase_name(sl->game.phase), sl->game.round,
                matchpool_running(er->games), eta);
    } else if (r) {
        /* The winner named, not the first seat's result. */
        char said[512];
        tables_record_text(said, sizeof said, er->def, &sl->game, r);
        fprintf(out, "[%zu/%zu] %s: %s\n", done, known, sl->game.id, said);
    }
}

/* Printed by the printer thread: the progress stream may be a pipe
 * nobody reads for a while, and the loop must not wait for it. */
static void event_progress(event_runner *er, const event_slot *sl,
                           const record *r)
{
    if (!er->progress)
        return;
    worker_out o;
    FILE *out = worker_out_open(&o);
    if (out)
        event_progress_text(out, er, sl, r);
    worker_out_print(er->printer, fileno(er->progress), &o);
}

/* ---- playing ------------------------------------------------------------ */

/* Count one more void for game id; the count, or -1 out of memory. */
static int event_count_void(event_runner *er, const char *id)
{
    for (size_t i = 0; i < er->nvoids; i++)
        if (!strcmp(er->voids[i].id, id))
            return ++er->voids[i].count;
    void *v = grow(er->voids, &er->capvoids, er->nvoids + 1,
                   sizeof *er->voids, 8);
    if (!v)
        return -1;
    er->voids = v;
    snprintf(er->voids[er->nvoids].id, PLAN_ID_MAX, "%s", id);
    er->voids[er->nvoids].count = 1;
    return er->voids[er->nvoids++].count;
}

/* FNV-1a of the game id. */
static size_t event_bucket(const char *id)
{
    uint32_t h = 2166136261u;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 16777619u;
    return h & (EVENT_BUCKETS - 1);
}

static void event_list(event_runner *er, event_slot *sl)
{
    event_slot **b = &er->bucket[event_bucket(sl->game.id)];
    sl->next = *b;
    *b = sl;
}

static void event_unlist(event_runner *er, event_slot *sl)
{
    for (event_slot **p = &er->bucket[event_bucket(sl->game.id)]; *p;
         p = &(*p)->next)
        if (*p == sl) {
            *p = sl->next;
            return;
        }
}

/* The event stops starting games; the first error is the one told. */
static void event_fail(event_runner *er, const char *what, const char *why)
{
    if (er->failed)
        return;
    if (what)
        snprintf(er->err, er->errlen, "%s%s%s", what, why ? ": " : "",
                 why ? why : "");
    er->failed = true;
    matchpool_halt(er->games);
}

/* What a finished game means for the event: a result, a void to play
 * again (up to EVENT_MAX_VOIDS times), or a failed write that stops it. */
static void event_take_record(event_runner *er, event_slot *sl, match *m)
{
    const record *r = match_record(m);
    const char *werr = match_write_error(m);
    char what[PLAN_ID_MAX + 64];
    if (werr) {
        event_fail(er, werr, NULL);
    } else if (!strcmp(r->status, "void")) {
        int n = event_count_void(er, sl->game.id);
        if (n < 0 || n >= EVENT_MAX_VOIDS) {
            snprintf(what, sizeof what, "game %s could not be played (%d "
                     "times void)", sl->game.id, n);
            event_fail(er, what, r->detail ? r->detail : "");
        }
    } else {
        plan_result res;
        memset(&res, 0, sizeof res);
        snprintf(res.id, sizeof res.id, "%s", sl->game.id);
        snprintf(what, sizeof what, "game %s", sl->game.id);
        if (event_result_of(er->def, r, &res))
            event_fail(er, what, "its record has no result");
        else if (event_note_done(er, &sl->game, &res))
            event_fail(er, NULL, NULL); /* said in err already */
    }
}

static void event_game_done(void *arg, void *tag, match *m)
{
    event_runner *er = arg;
    event_slot *sl = tag;
    if (!match_aborted(m))
        event_take_record(er, sl, m);
    event_unlist(er, sl);
    /* Results changed what the plan has ready. */
    er->ready_pos = er->nready = 0;
    event_progress(er, sl, match_aborted(m) ? NULL : match_record(m));
    free(sl);
}

static void event_game_failed(void *arg, void *tag, const char *err)
{
    event_runner *er = arg;
    event_slot *sl = tag;
    char what[PLAN_ID_MAX + 16];
    snprintf(what, sizeof what, "game %s", sl->game.id);
    event_fail(er, what, err);
    event_unlist(er, sl);
    free(sl);
}

static bool event_is_running(const event_runner *er, const char *id)
{
    for (event_slot *sl = er->bucket[event_bucket(id)]; sl; sl = sl->next)
        if (!strcmp(sl->game.id, id))
            return true;
    return false;
}

static void event_config(const event_runner *er, event_slot *sl,
                         match_config *cfg)
{
    const event_def *d = er->def;
    cfg->game = d->game;
    cfg->variant = d->variant;
    cfg->options = d->options;
    cfg->seed = sl->game.seed;
    cfg->tc = d->tc;
    cfg->limits = d->limits;
    cfg->suspend = d->suspend;
    cfg->event = d->name;
    cfg->round = sl->game.round;
    cfg->game_id = sl->game.id;
    cfg->stage = sl->game.stage;
    cfg->event_digest = event_record_digest(d);
    snprintf(sl->record_path, sizeof sl->record_path, "%s/%s.yaml",
             d->records, sl->game.id);
    cfg->record_path = sl->record_path;
    /* Seats 0 and 2 are the team of the plan's seat 0, seats 1 and 3 the
     * other, in four-seat team games (event_seat_entrant). */
    for (int s = 0; s < d->seats; s++) {
        const event_entrant *e =
            &d->entrant[event_seat_entrant(d, &sl->game, s)];
        cfg->command[s] = event_seat_command(d, &sl->game, s);
        cfg->entrant[s] = e->name;
        snprintf(sl->log_path[s], sizeof sl->log_path[s],
                 "%s/logs/%s-seat%d.log", d->records, sl->game.id, s);
        cfg->log_path[s] = sl->log_path[s];
    }
}

/* The next ready game not yet started, from what the plan had ready
 * (asked again once that is used up, and after every result). */
static const plan_game *event_next_ready(event_runner *er)
{
    for (int pass = 0; pass < 2; pass++) {
        for (; er->ready_pos < er->nready; er->ready_pos++)
            if (!event_is_running(er, er->ready[er->ready_pos].id))
                return &er->ready[er->ready_pos++];
        if (pass == 0) {
            size_t cap = EVENT_READY_ROOM(er->jobs);
            size_t n = plan_ready(er->plan, er->ready, cap);
            er->nready = n > cap ? cap : n;
            er->ready_pos = 0;
        }
    }
    return NULL;
}

/* ---- results by hand: forfeits, entered records, decisions ------------- */

/* A job of the hand worker, done off the loop: a forfeit's record to
 * write (sl set: its slot, listed as running meanwhile), or a decision to
 * add to the record at path. */
typedef struct {
    event_runner *er;
    event_slot *sl;
    record rec;
    plan_result res;
    event_decision dec;
    char path[4300];
    char err[1024];
    int rc;
} event_hand_job;

static void event_hand_run(void *arg)
{
    event_hand_job *j = arg;
    j->rc = j->sl ? record_write(&j->rec, j->sl->record_path, j->err,
                                 sizeof j->err)
                  : event_decision_write(j->path, &j->dec, j->err,
                                         sizeof j->err);
}

/* Back on the loop: count the forfeit, and look for more to play. */
static void event_hand_finish(void *arg)
{
    event_hand_job *j = arg;
    event_runner *er = j->er;
    if (j->rc != 0) {
        event_fail(er, j->err, NULL);
    } else if (j->sl) {
        if (event_note_done(er, &j->sl->game, &j->res) != 0)
            event_fail(er, NULL, NULL); /* said in err already */
        event_progress(er, j->sl, &j->rec);
    }
    if (j->sl) {
        event_unlist(er, j->sl);
        free(j->sl);
    }
    record_release(&j->rec);
    free(j);
    er->ready_pos = er->nready = 0;
    if (!er->failed && !er->stopping)
        matchpool_fill(er->games);
}

static int event_hand_submit(event_runner *er, event_hand_job *j)
{
    if (worker_submit(er->hand, event_hand_run, event_hand_finish, j) == 0)
        return 0;
    snprintf(er->err, er->errlen, "out of memory");
    if (j->sl) {
        event_unlist(er, j->sl);
        free(j->sl);
    }
    record_release(&j->rec);
    free(j);
    return -1;
}

/* The decision game g's result calls for, written into its record: at
 * once while resuming (before the loop), off the loop after that. */
static int event_decide(event_runner *er, const plan_game *g,
                        const plan_result *res)
{
    event_decision d;
    if (!event_decision_for(er->def, er->plan, g, res, &d))
        return 0;
    char path[4300];
    snprintf(path, sizeof path, "%s/%s.yaml", er->def->records, g->id);
    if (!er->hand)
        return event_decision_write(path, &d, er->err, er->errlen);
    event_hand_job *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(er->err, er->errlen, "out of memory");
        return -1;
    }
    j->er = er;
    j->dec = d;
    record_init(&j->rec);
    snprintf(j->path, sizeof j->path, "%s", path);
    return event_hand_submit(er, j);
}

/* Ready game g of a withdrawn entrant: its forfeit recorded off the
 * loop.  1 submitted, 0 not a forfeit, -1 with er->err. */
static int event_forfeit(event_runner *er, const plan_game *g)
{
    plan_result res;
    if (!plan_forfeit(er->plan, g, &res))
        return 0;
    event_hand_job *j = calloc(1, sizeof *j);
    event_slot *sl = j ? calloc(1, sizeof *sl) : NULL;
    if (!sl) {
        free(j);
        snprintf(er->err, er->errlen, "out of memory");
        return -1;
    }
    sl->game = *g;
    snprintf(sl->record_path, sizeof sl->record_path, "%s/%s.yaml",
             er->def->records, g->id);
    *j = (event_hand_job){.er = er, .sl = sl, .res = res};
    if (event_hand_forfeit(er->def, g, &res, &j->rec, er->err,
                           er->errlen) != 0) {
        record_release(&j->rec);
        free(j);
        free(sl);
        return -1;
    }
    event_list(er, sl);
    return event_hand_submit(er, j) == 0 ? 1 : -1;
}

/* Ready game g not to be played: a record entered while the event runs
 * (`referee event --enter`), or a forfeit.  1 taken care of, 0 to play,
 * -1 with er->err. */
static int event_by_hand(event_runner *er, const plan_game *g)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s.yaml", er->def->records, g->id);
    if (access(path, F_OK) == 0) {
        plan_result res;
        int got = event_take_result(er, g, &res);
        if (got < 0)
            return -1;
        if (got == 1) {
            plan_game game = *g; /* g is in the list the result resets */
            er->ready_pos = er->nready = 0;
            if (event_note_done(er, &game, &res) != 0) {
                event_name_record(er, &game);
                return -1;
            }
            return 1;
        }
    }
    return event_forfeit(er, g);
}

/* Apply the withdrawals def lists to the plan. */
static void event_apply_withdrawals(event_runner *er)
{
    for (int i = 0; i < er->def->nwithdrawals; i++)
        plan_withdraw(er->plan, er->def->withdrawal[i].entrant);
}

/* `referee event --withdraw` rewrites event.yaml while the event runs:
 * take the withdrawals it added. */
static void event_check_withdrawals(event_runner *er)
{
    char snap[4300];
    struct stat st;
    snprintf(snap, sizeof snap, "%s/event.yaml", er->def->records);
    if (stat(snap, &st) != 0 ||
        (st.st_mtim.tv_sec == er->snap_mtime.tv_sec &&
         st.st_mtim.tv_nsec == er->snap_mtime.tv_nsec))
        return;
    er->snap_mtime = st.st_mtim;
    int before = er->def->nwithdrawals;
    char why[2048];
    if (event_def_merge_withdrawals(er->def, why, sizeof why) != 0) {
        event_fail(er, why, NULL);
        return;
    }
    event_apply_withdrawals(er);
    for (int i = before; er->progress && i < er->def->nwithdrawals; i++) {
        char line[1400];
        const event_withdrawal *w = &er->def->withdrawal[i];
        snprintf(line, sizeof line, "%swithdrawn: %s (%s): its games not "
                 "played are forfeits\n", er->tty ? "\n" : "",
                 er->def->entrant[w->entrant].name, w->reason);
        worker_print(er->printer, fileno(er->progress), line);
    }
    er->ready_pos = er->nready = 0;
}

static void *event_next_game(void *arg, match_config *cfg)
{
    event_runner *er = arg;
    event_check_withdrawals(er);
    const plan_game *g = NULL;
    while (!er->failed && (g = event_next_ready(er)) != NULL) {
        int h = event_by_hand(er, g);
        if (h == 0)
            break;
        if (h < 0)
            event_fail(er, NULL, NULL); /* said in err already */
        g = NULL;
    }
    if (!g)
        return NULL;
    event_slot *sl = calloc(1, sizeof *sl);
    if (!sl) {
        event_fail(er, "out of memory", NULL);
        return NULL;
    }
    sl->game = *g;
    event_config(er, sl, cfg);
    event_list(er, sl);
    return sl;
}

void event_stop(event_runner *er)
{
    if (er->stopping || !er->games)
        return;
    er->stopping = true;
    if (er->progress) {
        char line[160];
        snprintf(line, sizeof line,
                 "\ninterrupted: stopping %d running games; run the same "
                 "command again to resume\n",
                 matchpool_running(er->games));
        worker_print(er->printer, fileno(er->progress), line);
    }
    matchpool_stop(er->games);
}

/* ---- the whole event --------------------------------------------------- */

static int event_prepare_dirs(const event_def *d, char *err, size_t errlen)
{
    char logs[4300];
    snprintf(logs, sizeof logs, "%s/logs", d->records);
    return fs_mkdirs(logs, err, errlen) || fs_mkdirs(d->results, err, errlen)
               ? -1
               : 0;
}

/* The definition as played, beside the records; written only once the
 * records there are known to belong to it. */
static int event_write_snapshot(const event_def *d, char *err, size_t errlen)
{
    char snap[4300];
    snprintf(snap, sizeof snap, "%s/event.yaml", d->records);
    return event_def_write(d, snap, err, errlen);
}

/* The event as it stands, for a rewrite of its report. */
static void event_report_source(void *arg, const event_def **def,
                                const tables_game **games, size_t *ngames)
{
    event_runner *er = arg;
    *def = er->def;
    *games = er->done;
    *ngames = er->ndone;
}

static int event_loop_start(event_runner *er)
{
    match_config d;
    match_config_defaults(&d);
    matchpool_options po = {
        .jobs = er->jobs, .keep_bots = er->def->keep_bots,
        .seats = er->def->seats, .quit_ms = d.quit_ms, .term_ms = d.term_ms,
        .start_delay_ms = testhook_ms("REFEREE_TEST_START_DELAY_MS"),
        .ponder = !er->def->suspend, .clock = er->def->tc.clock,
        .test = {.write_delay_ms = testhook_ms("REFEREE_TEST_WRITE_DELAY_MS"),
                 .loop_stall_ms = testhook_ms("REFEREE_TEST_LOOP_STALL_MS"),
                 .write_fail = getenv("REFEREE_TEST_WRITE_FAIL")}};
    matchpool_owner owner = {event_next_game, event_game_done,
                             event_game_failed, er, NULL};
    er->games = matchpool_new(er->loop, &po, &owner, er->err, er->errlen);
    if (!er->games)
        return -1;
    er->printer = matchpool_printer(er->games);
    char busy[256];
    if (er->progress && matchpool_overbooked(er->games, busy, sizeof busy))
        fprintf(er->progress, "referee event: warning: %s\n", busy);
    er->hand = worker_new(er->loop, er->err, er->errlen);
    if (!er->hand)
        return -1;
    /* A shard writes no page: the results directory is the merge's, and
     * every shard would write the same file. */
    if (er->def->plan.shard_count)
        return 0;
    er->report = report_live_new(er->loop, er->hand, event_report_source,
                                 er, er->printer,
                                 er->progress ? fileno(er->progress) : -1);
    if (!er->report) {
        snprintf(er->err, er->errlen, "out of memory");
        return -1;
    }
    /* The page shows the draw before the first result. */
    report_live_changed(er->report);
    return 0;
}

static void event_loop(event_runner *er)
{
    matchpool_fill(er->games);
    ev_run(er->loop, 0);
    matchpool_drain(er->games);
    if (er->tty && er->progress)
        fputc('\n', er->progress);
    if (er->progress) {
        char loop[512];
        matchpool_describe(er->games, loop, sizeof loop);
        fprintf(er->progress, "referee: %s\n", loop);
    }
}

event_runner *event_new(event_def *def, int jobs, struct ev_loop *loop,
                        FILE *progress, char *err, size_t errlen)
{
    event_runner *er = calloc(1, sizeof *er);
    if (!er) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    *er = (event_runner){.def = def, .jobs = jobs, .loop = loop, .err = err,
                         .errlen = errlen, .progress = progress};
    er->jobs = jobs < 1 ? 1 : jobs > EVENT_MAX_RUNNING ? EVENT_MAX_RUNNING
                                                        : jobs;
    er->tty = progress && isatty(fileno(progress));
    er->ready = calloc(EVENT_READY_ROOM(er->jobs), sizeof *er->ready);
    er->plan = er->ready ? plan_new(&def->plan, err, errlen) : NULL;
    if (!er->ready)
        snprintf(err, errlen, "out of memory");
    if (!er->plan) {
        event_free(er);
        return NULL;
    }
    return er;
}

void event_free(event_runner *er)
{
    if (!er)
        return;
    report_live_close(er->report);
    worker_free(er->hand); /* its callbacks use the pool and the slots */
    report_live_free(er->report);
    matchpool_free(er->games);
    plan_free(er->plan);
    free(er->ready);
    free(er->done);
    free(er->voids);
    for (size_t b = 0; b < EVENT_BUCKETS; b++)
        while (er->bucket[b]) {
            event_slot *sl = er->bucket[b];
            er->bucket[b] = sl->next;
            free(sl);
        }
    free(er);
}

/* A shard's end: its records are all there, and say so to the merge; the
 * tables are the merge's. */
static int event_shard_done(const event_runner *er)
{
    const plan_config *c = &er->def->plan;
    size_t n = plan_shard_games(er->plan);
    if (event_shard_mark(er->def, true, n, er->err, er->errlen) != 0)
        return 1;
    printf("shard %d/%d of %s: %zu games recorded in %s\n"
           "when every shard is done: referee merge %s\n",
           c->shard_index + 1, c->shard_count, er->def->name, n,
           er->def->records, er->def->path);
    return 0;
}

int event_run(event_runner *er)
{
    event_def *def = er->def;
    char *err = er->err;
    size_t errlen = er->errlen;
    /* The withdrawals `--withdraw` wrote into event.yaml before it is
     * written again. */
    if (event_prepare_dirs(def, err, errlen) != 0 ||
        (def->plan.shard_count &&
         event_shard_mark(def, false, 0, err, errlen) != 0) ||
        event_def_merge_withdrawals(def, err, errlen) != 0)
        return 1;
    event_apply_withdrawals(er);
    if (event_resume(er) != 0 || event_write_snapshot(def, err, errlen) != 0)
        return 1;
    char snap[4300];
    struct stat st;
    snprintf(snap, sizeof snap, "%s/event.yaml", def->records);
    if (stat(snap, &st) == 0)
        er->snap_mtime = st.st_mtim;
    er->started = clock_now();
    if (er->progress && er->ndone)
        fprintf(er->progress, "resuming: %zu games already recorded\n",
                er->ndone);
    if (er->progress)
        fflush(er->progress); /* the printer prints from here on */
    if (event_loop_start(er) != 0)
        return 1;
    event_loop(er);
    if (er->failed)
        return 1;
    if (er->stopping)
        return EVENT_INTERRUPTED;
    if (!plan_done(er->plan)) {
        snprintf(err, errlen, "the event stopped before its end");
        return 1;
    }
    if (def->plan.shard_count)
        return event_shard_done(er);
    /* The tables with index.html, then the pages it links that are not
     * there yet (games resumed from their records): a page that cannot
     * be made loses no table. */
    if (tables_write(def, er->plan, er->done, er->ndone, err, errlen) ||
        report_html_games(def, er->done, er->ndone, false, err, errlen))
        return 1;
    tables_print(stdout, def, er->plan, er->done, er->ndone);
    return 0;
}
