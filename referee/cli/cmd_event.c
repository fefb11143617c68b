/*
 * cmd_event.c - `referee event FILE`: run an event definition to its end,
 * resuming from the records already on disk; and by hand (EVENTS.md,
 * "Running an event by hand"): `--plan` prints the draw and what comes
 * next, `--withdraw NAME` withdraws an entrant, `--enter GAME-ID` enters a
 * result (a forfeit, an adjudication) instead of playing the game.
 */
#include "commands.h"
#include "bot/watch.h"
#include "util/testhook.h"
#include "proc/guard.h"
#include "event/event_def.h"
#include "event/event_hand.h"
#include "event/event_preview.h"
#include "event/event_run.h"
#include "event/tables.h"
#include "util/fsutil.h"
#include "proc/proc.h"
#include "sandbox_opts.h"
#include "shard_opts.h"
#include "event/event_shard.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void event_usage(FILE *out)
{
    fprintf(out, "usage: referee event [-j K] [--shard I/N] [SANDBOX OPTIONS] "
                 "FILE\n"
                 "       referee event --plan FILE\n"
                 "       referee event --withdraw NAME --reason TEXT "
                 "[--by WHO] FILE\n"
                 "       referee event --enter GAME-ID (--winner NAME | "
                 "--draw) [--adjudicated] --by WHO --reason TEXT FILE\n"
                 "  -j, --concurrency K  games at once (default: the "
                 "definition's, else the number of cores)\n"
                 "      --shard I/N      play shard I of N: its share of the "
                 "games that need no\n"
                 "                       other result (a swiss-cup's groups, "
                 "a whole league),\n"
                 "                       into RECORDS/shards/I-of-N; then "
                 "`referee merge FILE`.\n"
                 "                       Without it, a Slurm array task's "
                 "SLURM_ARRAY_TASK_ID,\n"
                 "                       _MIN and _COUNT give the shard; "
                 "--shard off: never\n"
                 "      --plan           print the draw, the groups and the "
                 "games ready now;\n"
                 "                       play nothing\n"
                 "      --withdraw NAME  withdraw an entrant: its games not "
                 "played yet are\n"
                 "                       recorded as forfeits\n"
                 "      --enter GAME-ID  enter the result of a game ready now "
                 "instead of playing\n"
                 "                       it: a forfeit (--winner NAME), or "
                 "with --adjudicated a\n"
                 "                       decision (--winner NAME or --draw)\n"
                 "      --by WHO         who withdraws (default $USER) or "
                 "enters, and\n"
                 "      --reason TEXT    why: both written into the records\n"
                 SANDBOX_USAGE);
    cli_games_usage(out);
}

/* What `--plan`, `--withdraw` and `--enter` were given. */
typedef struct {
    bool plan, draw, adjudicated;
    const char *withdraw, *enter, *winner, *by, *reason;
} event_hand_opts;

/* The definition's plan with the withdrawals in event.yaml and the
 * records on disk fed in; NULL with err. */
static plan *event_hand_plan(event_def *def, event_hand_done **done,
                             size_t *ndone, char *err, size_t errlen)
{
    *done = NULL;
    *ndone = 0;
    if (event_def_merge_withdrawals(def, err, errlen) != 0)
        return NULL;
    plan *p = plan_new(&def->plan, err, errlen);
    if (p && event_hand_feed(def, p, done, ndone, err, errlen) != 0) {
        plan_free(p);
        p = NULL;
    }
    return p;
}

static int event_cmd_plan(event_def *def, char *err, size_t errlen)
{
    event_hand_done *done;
    size_t ndone;
    plan *p = event_hand_plan(def, &done, &ndone, err, errlen);
    if (!p)
        return 1;
    event_preview(stdout, def, p, done, ndone);
    free(done);
    plan_free(p);
    return 0;
}

/* Write event.yaml with the withdrawal added: the runner (also one that
 * is running now) and standings read it there. */
static int event_cmd_withdraw(event_def *def, const event_hand_opts *o,
                              char *err, size_t errlen)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/event.yaml", def->records);
    if (event_def_merge_withdrawals(def, err, errlen) != 0 ||
        event_def_withdraw(def, o->withdraw, o->reason, o->by, NULL, err,
                           errlen) != 0 ||
        fs_mkdirs(def->records, err, errlen) != 0 ||
        event_def_write(def, path, err, errlen) != 0)
        return 1;
    printf("%s withdrawn from %s by %s: %s\n(its games not played yet are "
           "recorded as forfeits when the event runs; %s)\n",
           o->withdraw, def->name, o->by, o->reason, path);
    return 0;
}

/* The outcome --winner or --draw gives game g; -1 with err. */
static int event_cmd_outcome(const event_def *def, const plan_game *g,
                             const event_hand_opts *o, char *err,
                             size_t errlen)
{
    if (o->draw)
        return PLAN_DRAW;
    for (int s = 0; s < 2; s++)
        if (!strcmp(def->entrant[g->entrant[s]].name, o->winner))
            return s == 0 ? PLAN_SEAT0_WINS : PLAN_SEAT1_WINS;
    snprintf(err, errlen, "--winner %s: not an entrant of %s (%s v %s)",
             o->winner, g->id, def->entrant[g->entrant[0]].name,
             def->entrant[g->entrant[1]].name);
    return -1;
}

/* The places --winner or --draw give free-for-all game g: the winner
 * first and the others sharing second, or everyone first.  0, or -1 with
 * err. */
static int event_cmd_places(const event_def *def, const plan_game *g,
                            const event_hand_opts *o, int *place, char *err,
                            size_t errlen)
{
    bool found = o->draw;
    for (int s = 0; s < def->seats; s++) {
        bool won = !o->draw && !strcmp(def->entrant[g->entrant[s]].name,
                                       o->winner);
        place[s] = o->draw || won ? 1 : 2;
        found = found || won;
    }
    if (found)
        return 0;
    size_t at = (size_t)snprintf(err, errlen, "--winner %s: not an entrant "
                                 "of %s (", o->winner, g->id);
    for (int s = 0; s < def->seats && at < errlen; s++)
        at += (size_t)snprintf(err + at, errlen - at, "%s%s", s ? ", " : "",
                               def->entrant[g->entrant[s]].name);
    if (at < errlen)
        snprintf(err + at, errlen - at, ")");
    return -1;
}

/* The record --enter makes of game g; 0, or -1 with err (rec must be
 * released either way). */
static int event_cmd_entered(const event_def *def, const plan_game *g,
                             const event_hand_opts *o, const char *reason,
                             record *rec, char *err, size_t errlen)
{
    if (def->plan.format == PLAN_FREE_FOR_ALL) {
        int place[PLAN_MAX_SEATS];
        record_init(rec);
        if (event_cmd_places(def, g, o, place, err, errlen) != 0)
            return -1;
        return event_hand_record_places(def, g, place, reason, o->by,
                                        o->reason, rec, err, errlen);
    }
    int out = event_cmd_outcome(def, g, o, err, errlen);
    if (out < 0) {
        record_init(rec);
        return -1;
    }
    return event_hand_record(def, g, (plan_outcome)out, reason, o->by,
                             o->reason, rec, err, errlen);
}

/* Is game id ready now (known, no result yet)? */
static const plan_game *event_cmd_ready(const plan *p, const char *id)
{
    const plan_game *g = plan_find(p, id);
    size_t n = plan_ready(p, NULL, 0);
    plan_game *r = n ? calloc(n, sizeof *r) : NULL;
    bool ready = false;
    if (r)
        plan_ready(p, r, n);
    for (size_t i = 0; r && i < n && !ready; i++)
        ready = !strcmp(r[i].id, id);
    free(r);
    return g && ready ? g : NULL;
}

static int event_cmd_enter_game(event_def *def, const plan_game *g,
                                const event_hand_opts *o, char *err,
                                size_t errlen)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s.yaml", def->records, g->id);
    if (access(path, F_OK) == 0) {
        snprintf(err, errlen, "%.1900s: the game has a record already", path);
        return 1;
    }
    const char *reason = o->adjudicated ? "adjudicated" : "forfeit";
    record rec;
    int rc = event_cmd_entered(def, g, o, reason, &rec, err, errlen) ||
             fs_mkdirs(def->records, err, errlen) ||
             record_write(&rec, path, err, errlen);
    record_release(&rec);
    if (rc)
        return 1;
    printf("%s: %s (%s), entered by %s: %s -> %s\n", g->id,
           o->draw ? "drawn" : o->winner, reason, o->by, o->reason, path);
    return 0;
}

static int event_cmd_enter(event_def *def, const event_hand_opts *o,
                           char *err, size_t errlen)
{
    event_hand_done *done;
    size_t ndone;
    plan *p = event_hand_plan(def, &done, &ndone, err, errlen);
    if (!p)
        return 1;
    free(done);
    const plan_game *g = event_cmd_ready(p, o->enter);
    int rc = 1;
    if (!g)
        snprintf(err, errlen, "--enter %s: not a game ready to play now "
                 "(see referee event --plan)", o->enter);
    else
        rc = event_cmd_enter_game(def, g, o, err, errlen);
    plan_free(p);
    return rc;
}

/* Are the by-hand options a whole request?  Usage error text, or NULL. */
static const char *event_hand_usage(const event_hand_opts *o)
{
    int modes = o->plan + !!o->withdraw + !!o->enter;
    if (modes > 1)
        return "--plan, --withdraw and --enter go one at a time";
    if ((o->withdraw || o->enter) && (!o->reason || !*o->reason))
        return "--withdraw and --enter need --reason TEXT";
    if (o->enter && (!o->by || !*o->by))
        return "--enter needs --by WHO";
    if (o->enter && !!o->winner == o->draw)
        return "--enter needs --winner NAME or --draw";
    if (o->enter && o->draw && !o->adjudicated)
        return "--draw is an adjudication: add --adjudicated";
    if (!o->enter && (o->winner || o->draw || o->adjudicated))
        return "--winner, --draw and --adjudicated go with --enter";
    if (!modes && (o->by || o->reason))
        return "--by and --reason go with --withdraw or --enter";
    return NULL;
}

/* --plan, --withdraw, --enter: 0, 1 or EXIT_USAGE; -1 when none was
 * asked for (run the event). */
static int event_by_hand_cmd(const char *file, event_hand_opts *o)
{
    if (!o->plan && !o->withdraw && !o->enter)
        return -1;
    event_def def;
    char err[2048];
    if (event_def_load(file, &def, err, sizeof err) != 0) {
        fprintf(stderr, "referee event: %s\n", err);
        return 1;
    }
    if (!o->by) {
        const char *user = getenv("USER");
        o->by = user && *user ? user : "the organiser";
    }
    int rc = o->plan       ? event_cmd_plan(&def, err, sizeof err)
             : o->withdraw ? event_cmd_withdraw(&def, o, err, sizeof err)
                           : event_cmd_enter(&def, o, err, sizeof err);
    if (rc)
        fprintf(stderr, "referee event: %s\n", err);
    event_def_release(&def);
    return rc;
}

/* Ctrl-C, SIGTERM, SIGHUP: end the running games; run again to resume. */
static void event_signal_cb(struct ev_loop *loop, ev_signal *w, int revents)
{
    (void)loop;
    (void)revents;
    event_stop(w->data);
}

/* The event on a loop of ours, with our signal handlers. */
static int event_play(event_def *def, int jobs, char *err, size_t errlen)
{
    proc_ignore_sigpipe();
    /* Not libev's default loop: it reaps every child, and bots are
     * reaped by their pidfds (proc.h). */
    struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
    if (!loop) {
        snprintf(err, errlen, "cannot make the event loop");
        return 1;
    }
    event_runner *er = event_new(def, jobs, loop, stderr, err, errlen);
    if (!er) {
        ev_loop_destroy(loop);
        return 1;
    }
    ev_signal w[3];
    int sig[] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
        ev_signal_init(&w[i], event_signal_cb, sig[i]);
        w[i].data = er;
        ev_signal_start(loop, &w[i]);
        /* Waiting for a signal keeps no loop running once the games are
         * done. */
        ev_unref(loop);
    }
    int rc = event_run(er);
    for (int i = 0; i < 3; i++) {
        ev_ref(loop);
        ev_signal_stop(loop, &w[i]);
    }
    event_free(er);
    /* The watch's threads report to the loop: before the loop goes. */
    watch_sweep_final();
    ev_loop_destroy(loop);
    return rc;
}

int cmd_event(int argc, char **argv)
{
    enum { OPT_PLAN = 1000, OPT_WITHDRAW, OPT_ENTER, OPT_WINNER, OPT_DRAW,
           OPT_ADJUDICATED, OPT_BY, OPT_REASON, OPT_SHARD };
    static const struct option opts[] = {
        {"concurrency", required_argument, 0, 'j'},
        SANDBOX_LONG_OPTIONS,
        {"plan", no_argument, 0, OPT_PLAN},
        {"withdraw", required_argument, 0, OPT_WITHDRAW},
        {"enter", required_argument, 0, OPT_ENTER},
        {"winner", required_argument, 0, OPT_WINNER},
        {"draw", no_argument, 0, OPT_DRAW},
        {"adjudicated", no_argument, 0, OPT_ADJUDICATED},
        {"by", required_argument, 0, OPT_BY},
        {"reason", required_argument, 0, OPT_REASON},
        {"shard", required_argument, 0, OPT_SHARD},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    sandbox_options sbo;
    sandbox_options_defaults(&sbo);
    event_hand_opts ho = {0};
    shard_opts shard = {0};
    char err[2048];
    int jobs = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "j:h", opts, NULL)) != -1) {
        long j;
        switch (c) {
        case 'j':
            if (!cli_number(optarg, 1, PROC_MAX_GAMES, &j)) {
                fprintf(stderr, "referee event: -j '%s': expected a number "
                                "from 1 to %d\n", optarg, PROC_MAX_GAMES);
                return EXIT_USAGE;
            }
            jobs = (int)j;
            break;
        case SANDBOX_OPT_SANDBOX:
        case SANDBOX_OPT_NETWORK:
        case SANDBOX_OPT_UIDS:
            if (sandbox_opt_apply(&sbo, c, optarg, "referee event") != 0)
                return EXIT_USAGE;
            break;
        case OPT_PLAN: ho.plan = true; break;
        case OPT_WITHDRAW: ho.withdraw = optarg; break;
        case OPT_ENTER: ho.enter = optarg; break;
        case OPT_WINNER: ho.winner = optarg; break;
        case OPT_DRAW: ho.draw = true; break;
        case OPT_ADJUDICATED: ho.adjudicated = true; break;
        case OPT_BY: ho.by = optarg; break;
        case OPT_REASON: ho.reason = optarg; break;
        case OPT_SHARD:
            if (shard_opts_parse(&shard, optarg, err, sizeof err) != 0) {
                fprintf(stderr, "referee event: %s\n", err);
                return EXIT_USAGE;
            }
            break;
        case 'h': event_usage(stdout); return 0;
        default: event_usage(stderr); return EXIT_USAGE;
        }
    }
    const char *bad = event_hand_usage(&ho);
    if (!bad && shard.given && (ho.plan || ho.withdraw || ho.enter))
        bad = "--shard plays a shard: not with --plan, --withdraw or --enter";
    if (bad || argc - optind != 1) {
        if (bad)
            fprintf(stderr, "referee event: %s\n", bad);
        event_usage(stderr);
        return EXIT_USAGE;
    }
    int hand = event_by_hand_cmd(argv[optind], &ho);
    if (hand >= 0)
        return hand;
    if (!shard.given && shard_opts_from_env(&shard, err, sizeof err) != 0) {
        fprintf(stderr, "referee event: %s\n", err);
        return EXIT_USAGE;
    }
    event_def def;
    if (event_def_load(argv[optind], &def, err, sizeof err) != 0) {
        fprintf(stderr, "referee event: %s\n", err);
        return 1;
    }
    if (shard.count &&
        event_def_shard(&def, shard.index, shard.count, err, sizeof err)) {
        fprintf(stderr, "referee event: %s\n", err);
        event_def_release(&def);
        return 1;
    }
    if (!jobs)
        jobs = def.concurrency;
    if (!jobs)
        jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    sandbox_setup(&sbo);
    char why[160];
    int max = proc_max_games(jobs, def.seats, why, sizeof why);
    if (jobs > max) {
        fprintf(stderr, "referee event: %d games at once: %s; running %d\n",
                jobs, why, max);
        jobs = max;
    }
    if (shard.count)
        fprintf(stderr, "shard %d/%d (%s)\n", shard.index + 1, shard.count,
                shard.from);
    fprintf(stderr, "event %s: %s, %d entrants, %d games at once; records "
                    "in %s\n", def.name, event_format_name(def.plan.format),
            def.nentrants, jobs, def.records);
    watch_set_test_delay_ms(testhook_ms("REFEREE_TEST_SCAN_DELAY_MS"));
    int rc = event_play(&def, jobs, err, sizeof err);
    sandbox_teardown();
    guard_stop();
    if (rc == EVENT_INTERRUPTED)
        fprintf(stderr, "referee event: interrupted; every finished game is "
                        "recorded in %s\n", def.records);
    else if (rc != 0)
        fprintf(stderr, "referee event: %s\n", err);
    else if (!shard.count)
        fprintf(stderr, "tables in %s\n", def.results);
    event_def_release(&def);
    return rc;
}
