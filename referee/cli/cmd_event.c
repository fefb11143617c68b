/*
 * cmd_event.c - `referee event FILE`: run an event definition to its end,
 * resuming from the records already on disk.
 */
#include "commands.h"
#include "bot/watch.h"
#include "util/testhook.h"
#include "proc/guard.h"
#include "event/event_def.h"
#include "event/event_run.h"
#include "event/tables.h"
#include "proc/proc.h"
#include "sandbox_opts.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void event_usage(FILE *out)
{
    fprintf(out, "usage: referee event [-j K] [SANDBOX OPTIONS] FILE\n"
                 "  -j, --concurrency K  games at once (default: the "
                 "definition's, else the number of cores)\n"
                 SANDBOX_USAGE);
    cli_games_usage(out);
}

/* Ctrl-C, SIGTERM, SIGHUP: end the running games; run again to resume. */
static void event_signal_cb(struct ev_loop *loop, ev_signal *w, int revents)
{
    (void)loop;
    (void)revents;
    event_stop(w->data);
}

/* The event on a loop of ours, with our signal handlers. */
static int event_play(const event_def *def, int jobs, char *err,
                      size_t errlen)
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
    static const struct option opts[] = {
        {"concurrency", required_argument, 0, 'j'},
        SANDBOX_LONG_OPTIONS,
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    sandbox_options sbo;
    sandbox_options_defaults(&sbo);
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
        case 'h': event_usage(stdout); return 0;
        default: event_usage(stderr); return EXIT_USAGE;
        }
    }
    if (argc - optind != 1) {
        event_usage(stderr);
        return EXIT_USAGE;
    }
    event_def def;
    char err[2048];
    if (event_def_load(argv[optind], &def, err, sizeof err) != 0) {
        fprintf(stderr, "referee event: %s\n", err);
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
    else
        fprintf(stderr, "tables in %s\n", def.results);
    event_def_release(&def);
    return rc;
}
