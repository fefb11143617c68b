/*
 * cmd_gauntlet.c - `referee gauntlet`: "my bot must still beat these".  A
 * candidate plays a fixed number of pairs (strength/sprt_run.h, no test)
 * against each reference bot in turn, each with the least score it must
 * make; it passes if it makes every one.  Each reference's games go to
 * OUT/ref-K (resumed like `sprt`), the whole to OUT/gauntlet.yaml.
 */
#include "commands.h"
#include "record/record.h"
#include "series_opts.h"
#include "strength/openings.h"
#include "strength/sprt_run.h"
#include "util/fsutil.h"
#include "yaml/ywrite.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GAUNTLET_MAX_REFS 32

typedef struct {
    const char *command;
    double min_score;
    char dir[4200];
    sprt_result res;
    bool played;   /* its run was made (it may have failed) */
    bool passed;
    char why[900]; /* its run's error, for people; "" if none */
} gauntlet_ref;

typedef struct {
    series_opts opts;
    sprt_config c;
    const char *candidate;
    gauntlet_ref ref[GAUNTLET_MAX_REFS];
    int nref;
} gauntlet_cmd;

static void gauntlet_usage(FILE *out)
{
    fprintf(out,
        "usage: referee gauntlet [OPTIONS] \"CANDIDATE COMMAND\" "
        "\"MIN:REFERENCE COMMAND\"...\n"
        "  the candidate plays --pairs pairs against each reference and "
        "must score\n"
        "  at least MIN (0 to 1) against it, e.g. \"0.9:build/bots/random_bot\"\n"
        "      --pairs N        pairs per reference (default 20)\n"
        "      --openings FILE  one opening a line, moves separated by "
        "commas\n"
        "      --random-plies N random openings of N plies from the seed "
        "(default 4)\n"
        SERIES_USAGE
        "      --out DIR        where records go (default matches/NAME)\n"
        "      --name NAME      name (default gauntlet-DATE-TIME)\n"
        "exit status: 0 every minimum made, 3 one or more missed, 1 error, "
        "2 usage,\n"
        "  130 interrupted\n");
    cli_games_usage(out);
}

/* "MIN:COMMAND" */
static int gauntlet_parse_ref(gauntlet_cmd *gc, const char *arg)
{
    char *end;
    errno = 0;
    double min = strtod(arg, &end);
    if (end == arg || *end != ':' || errno || !isfinite(min) || min < 0 ||
        min > 1 || !end[1]) {
        fprintf(stderr, "referee gauntlet: '%s': expected MIN:COMMAND, MIN "
                        "a score from 0 to 1 (\"0.9:build/bots/random_bot\")\n",
                arg);
        return -1;
    }
    if (gc->nref == GAUNTLET_MAX_REFS) {
        fprintf(stderr, "referee gauntlet: more than %d references\n",
                GAUNTLET_MAX_REFS);
        return -1;
    }
    gc->ref[gc->nref].command = end + 1;
    gc->ref[gc->nref++].min_score = min;
    return 0;
}

static int gauntlet_own_option(gauntlet_cmd *gc, int opt, const char *arg)
{
    long n;
    switch (opt) {
    case 4007:
        if (!cli_number(arg, 1, 1000000, &gc->c.max_pairs)) {
            fprintf(stderr, "referee gauntlet: --pairs '%s': expected a "
                            "number from 1 to 1000000\n", arg);
            return -1;
        }
        return 1;
    case 4008: gc->c.openings_path = arg; return 1;
    case 4009:
        if (!cli_number(arg, 1, OPENINGS_MAX_PLIES, &n)) {
            fprintf(stderr, "referee gauntlet: --random-plies '%s': expected "
                            "a number from 1 to %d\n", arg,
                    OPENINGS_MAX_PLIES);
            return -1;
        }
        gc->c.random_plies = (int)n;
        return 1;
    default: return 0;
    }
}

static int gauntlet_parse(gauntlet_cmd *gc, int argc, char **argv)
{
    static const struct option opts[] = {
        {"pairs", required_argument, 0, 4007},
        {"openings", required_argument, 0, 4008},
        {"random-plies", required_argument, 0, 4009},
        SERIES_LONG_OPTIONS,
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "j:h", opts, NULL)) != -1) {
        if (opt == 'h') {
            gauntlet_usage(stdout);
            return 0;
        }
        int rc = gauntlet_own_option(gc, opt, optarg);
        if (rc == 0)
            rc = series_opt_apply(&gc->opts, opt, optarg);
        if (rc <= 0) {
            if (rc == 0)
                gauntlet_usage(stderr);
            return EXIT_USAGE;
        }
    }
    if (series_opts_finish(&gc->opts, "gauntlet") != 0)
        return EXIT_USAGE;
    if (gc->opts.so.nbots != 2 || argc - optind < 2) {
        fprintf(stderr, "referee gauntlet: give the candidate's command and "
                        "at least one MIN:REFERENCE, in a two-seat game\n");
        return EXIT_USAGE;
    }
    gc->candidate = argv[optind];
    for (int i = optind + 1; i < argc; i++)
        if (gauntlet_parse_ref(gc, argv[i]) != 0)
            return EXIT_USAGE;
    return -1;
}

/* A score is made of pairs: with none counted there is no score (the
 * figures would say 50 %, which nothing measured). */
static bool gauntlet_scored(const gauntlet_ref *r)
{
    return r->played && r->res.rep.pairs > 0;
}

static void gauntlet_yaml_ref(FILE *f, const gauntlet_ref *r)
{
    fputs("- command: ", f);
    ywrite_str(f, r->command);
    fprintf(f, "\n  min_score: %.4f\n", r->min_score);
    if (gauntlet_scored(r))
        fprintf(f, "  score: %.4f\n", r->res.rep.score);
    else
        fputs("  score: null\n", f);
    fprintf(f, "  passed: %s\n", r->passed ? "true" : "false");
    if (r->played)
        fprintf(f, "  exit_status: %d\n", r->res.status);
    else
        fputs("  exit_status: null\n", f);
    fprintf(f, "  pairs: %ld\n", r->res.rep.pairs);
    if (gauntlet_scored(r))
        fprintf(f, "  elo: %.2f\n  elo_95: [%.2f, %.2f]\n",
                r->res.rep.elo.value, r->res.rep.elo.lo, r->res.rep.elo.hi);
    else
        fputs("  elo: null\n  elo_95: null\n", f);
    fprintf(f, "  wins: %ld\n  draws: %ld\n  losses: %ld\n  error: ",
            r->res.wdl.wins, r->res.wdl.draws, r->res.wdl.losses);
    if (r->why[0])
        ywrite_str(f, r->why);
    else
        fputs("null", f);
    fputs("\n  records: ", f);
    if (r->played)
        ywrite_str(f, r->dir);
    else
        fputs("null", f);
    fputc('\n', f);
}

typedef struct {
    const gauntlet_cmd *gc;
    const char *verdict;
    int status;
} gauntlet_out;

static int gauntlet_yaml(FILE *f, void *arg)
{
    const gauntlet_out *o = arg;
    fputs("verdict: ", f);
    ywrite_str(f, o->verdict);
    fprintf(f, "\nexit_status: %d\ncandidate: ", o->status);
    ywrite_str(f, o->gc->candidate);
    fprintf(f, "\nseed: %llu\npairs_per_reference: %ld\nreferences:\n",
            (unsigned long long)o->gc->opts.so.base.seed,
            o->gc->c.max_pairs);
    for (int i = 0; i < o->gc->nref; i++)
        gauntlet_yaml_ref(f, &o->gc->ref[i]);
    return ferror(f) ? -1 : 0;
}

/* The first record in the reference's directory that measures nothing
 * (void, or a bot could not start), as "game N: reason: detail", into
 * why; false if there is none.  sprt_run stops at such a game and keeps
 * no more than its exit status, so the record is where the reason is. */
static bool gauntlet_unscored_game(const gauntlet_ref *r, long games,
                                   char *why, size_t len)
{
    for (long i = 1; i <= games; i++) {
        char path[4300], err[600];
        snprintf(path, sizeof path, "%s/game-%04ld.yaml", r->dir, i);
        if (access(path, F_OK) != 0)
            continue;
        record rec;
        if (record_read(path, &rec, err, sizeof err) != 0)
            continue; /* sprt_run said so; read() released it */
        bool unscored = !rec.status || strcmp(rec.status, "finished") != 0 ||
                        (rec.reason && !strcmp(rec.reason, "failed-to-start"));
        if (unscored)
            snprintf(why, len, "game %ld: %s%s%s", i,
                     rec.reason ? rec.reason : "no result",
                     rec.detail ? ": " : "", rec.detail ? rec.detail : "");
        record_release(&rec);
        if (unscored)
            return true;
    }
    return false;
}

/* After a run that ended in an error: what it was, in r->why, and said on
 * stderr with the reference named.  With no pair counted the reference
 * has no score at all, which the message says first. */
static void gauntlet_explain(const gauntlet_cmd *gc, gauntlet_ref *r, int i)
{
    char game[700];
    if (!gauntlet_unscored_game(r, 2 * gc->c.max_pairs, game, sizeof game))
        snprintf(game, sizeof game, "the run failed (said above)");
    long counted = r->res.wdl.wins + r->res.wdl.draws + r->res.wdl.losses;
    if (r->res.rep.pairs == 0 && counted == 0)
        snprintf(r->why, sizeof r->why, "no game counted, so no score: %s",
                 game);
    else if (r->res.rep.pairs == 0)
        snprintf(r->why, sizeof r->why, "no pair counted (%ld game%s), so "
                 "no score: %s", counted, counted == 1 ? "" : "s", game);
    else
        snprintf(r->why, sizeof r->why, "stopped after %ld pairs: %s",
                 r->res.rep.pairs, game);
    fprintf(stderr, "referee gauntlet: reference %d (%s): %s\n", i + 1,
            r->command, r->why);
}

/* One reference: its own directory and summary, a fixed number of
 * pairs; the exit status of that run. */
static int gauntlet_play(gauntlet_cmd *gc, int i)
{
    gauntlet_ref *r = &gc->ref[i];
    sprt_config c = gc->c;
    snprintf(r->dir, sizeof r->dir, "%s/ref-%d", gc->opts.so.dir, i + 1);
    c.so.dir = r->dir;
    c.so.bot[0] = gc->candidate;
    c.so.bot[1] = r->command;
    printf("\n== reference %d of %d: %s (at least %.1f%%)\n", i + 1,
           gc->nref, r->command, 100. * r->min_score);
    fflush(stdout);
    int rc = sprt_run(&c, &r->res);
    fflush(stdout); /* its summary before our word on stderr */
    r->played = true;
    /* A run that ends well has counted its pairs; if it ever had none, it
     * would be no score either, so an error rather than a miss. */
    if (rc == 0 && !gauntlet_scored(r))
        rc = r->res.status = 1;
    r->passed = rc == 0 && r->res.rep.score >= r->min_score - 1e-9;
    if (rc != 0 && rc != 130)
        gauntlet_explain(gc, r, i);
    return rc;
}

/* The reference's line of the final summary: a score only where one was
 * made. */
static void gauntlet_print_ref(const gauntlet_ref *r)
{
    printf("  %-40s ", r->command);
    if (!r->played)
        printf("not played\n");
    else if (r->why[0])
        printf("ERROR: %s\n", r->why);
    else if (!gauntlet_scored(r))
        printf("interrupted before a pair was counted\n");
    else
        printf("%5.1f%% (at least %5.1f%%): %s\n", 100. * r->res.rep.score,
               100. * r->min_score,
               r->passed                ? "made"
               : r->res.status == 130   ? "interrupted"
                                        : "MISSED");
}

int cmd_gauntlet(int argc, char **argv)
{
    gauntlet_cmd gc;
    memset(&gc, 0, sizeof gc);
    series_opts_init(&gc.opts, "referee gauntlet");
    gc.c.max_pairs = 20;
    gc.c.fixed = true;
    gc.c.params = (sprt_params){.elo0 = 0, .elo1 = 5, .alpha = 0.05,
                                .beta = 0.05, .model = SPRT_NORMALIZED};
    int rc = gauntlet_parse(&gc, argc, argv);
    if (rc >= 0)
        return rc;
    if (!gc.c.openings_path && gc.c.random_plies == 0)
        gc.c.random_plies = 4;
    gc.c.so = gc.opts.so;
    int status = 0;
    for (int i = 0; i < gc.nref && status == 0; i++) {
        rc = gauntlet_play(&gc, i);
        if (rc != 0)
            status = rc; /* an error or Ctrl-C: the rest is not played */
    }
    bool all = status == 0;
    printf("\ngauntlet: %s\n", gc.candidate);
    for (int i = 0; i < gc.nref; i++) {
        all = all && gc.ref[i].passed;
        gauntlet_print_ref(&gc.ref[i]);
    }
    if (status == 0 && !all)
        status = SPRT_EXIT_FAILED;
    gauntlet_out o = {&gc, status == 0 ? "passed" : status == 3 ? "failed"
                           : status == 130 ? "interrupted" : "error", status};
    char path[4300], err[600];
    snprintf(path, sizeof path, "%s/gauntlet.yaml", gc.opts.so.dir);
    if (fs_write_atomic(path, gauntlet_yaml, &o, err, sizeof err) != 0) {
        fprintf(stderr, "referee gauntlet: %s\n", err);
        return 1;
    }
    printf("  verdict: %s; summary: %s\n", o.verdict, path);
    return status;
}
