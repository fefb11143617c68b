/*
 * cmd_sprt.c - `referee sprt`: is a candidate bot stronger than a base
 * bot?  Game pairs from one opening each, seats swapped, played until a
 * sequential probability ratio test on the pentanomial counts decides
 * (stats/sprt.h), or a fixed number of pairs; the verdict in the exit
 * status, every figure in a YAML summary, a record per game.  This file
 * reads the options; strength/sprt_run.h runs the test (and resumes it).
 */
#include "commands.h"
#include "series_opts.h"
#include "strength/openings.h"
#include "strength/sprt_run.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPRT_DEFAULT_MAX_PAIRS 20000
#define SPRT_DEFAULT_PLIES 4

typedef struct {
    series_opts opts;
    sprt_config c;
} sprt_cmd;

static void sprt_usage(FILE *out)
{
    fprintf(out,
        "usage: referee sprt [OPTIONS] \"CANDIDATE COMMAND\" \"BASE "
        "COMMAND\"\n"
        "  game pairs (one opening, seats swapped) until the test decides\n"
        "      --elo0 E0 --elo1 E1  the hypotheses (default 0 and 5)\n"
        "      --elo-model M    normalized (default, as fishtest) or "
        "logistic\n"
        "      --alpha A --beta B  error rates (default 0.05 each)\n"
        "      --max-pairs N    end an undecided test after N pairs "
        "(default 20000)\n"
        "      --pairs N        no test: play N pairs and report\n"
        "      --openings FILE  one opening a line, moves separated by "
        "commas\n"
        "      --random-plies N random openings of N plies from the seed "
        "(default 4)\n"
        "      --summary FILE   the YAML summary (default OUT/sprt.yaml); the\n"
        "                       same as a page is OUT/sprt.html\n"
        SERIES_USAGE
        "      --out DIR        where records go (default matches/NAME)\n"
        "      --name NAME      test name (default sprt-DATE-TIME)\n"
        "exit status: 0 passed (H1 accepted; or the fixed pairs played), 3 "
        "failed\n"
        "  (H0 accepted), 4 inconclusive at the cap, 1 error, 2 usage, "
        "130 interrupted\n");
    cli_games_usage(out);
}

/* ---- options --------------------------------------------------------------- */

static int sprt_parse_double(const char *opt, const char *arg, double lo,
                             double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (!*arg || *end || errno || !isfinite(v) || v < lo || v > hi) {
        fprintf(stderr, "referee sprt: %s '%s': expected a number from %g "
                        "to %g\n", opt, arg, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int sprt_parse_long(const char *opt, const char *arg, long lo,
                           long hi, long *out)
{
    if (cli_number(arg, lo, hi, out))
        return 0;
    fprintf(stderr, "referee sprt: %s '%s': expected a number from %ld to "
                    "%ld\n", opt, arg, lo, hi);
    return -1;
}

/* One of sprt's own options; 1 applied, 0 not ours, -1 bad. */
static int sprt_own_option(sprt_cmd *sc, int opt, const char *arg)
{
    long n;
    switch (opt) {
    case 4001: return sprt_parse_double("--elo0", arg, -SPRT_ELO_LIMIT,
                                        SPRT_ELO_LIMIT, &sc->c.params.elo0) ? -1 : 1;
    case 4002: return sprt_parse_double("--elo1", arg, -SPRT_ELO_LIMIT,
                                        SPRT_ELO_LIMIT, &sc->c.params.elo1) ? -1 : 1;
    case 4003: return sprt_parse_double("--alpha", arg, 1e-9, 0.4999,
                                        &sc->c.params.alpha) ? -1 : 1;
    case 4004: return sprt_parse_double("--beta", arg, 1e-9, 0.4999,
                                        &sc->c.params.beta) ? -1 : 1;
    case 4005:
        if (strcmp(arg, "normalized") && strcmp(arg, "logistic")) {
            fprintf(stderr, "referee sprt: --elo-model '%s': expected "
                            "normalized or logistic\n", arg);
            return -1;
        }
        sc->c.params.model = strcmp(arg, "logistic") ? SPRT_NORMALIZED
                                                   : SPRT_LOGISTIC;
        return 1;
    case 4006:
        if (sprt_parse_long("--max-pairs", arg, 1, 1000000, &sc->c.max_pairs))
            return -1;
        return 1;
    case 4007:
        if (sprt_parse_long("--pairs", arg, 1, 1000000, &sc->c.max_pairs))
            return -1;
        sc->c.fixed = true;
        return 1;
    case 4008: sc->c.openings_path = arg; return 1;
    case 4009:
        if (sprt_parse_long("--random-plies", arg, 1, OPENINGS_MAX_PLIES, &n))
            return -1;
        sc->c.random_plies = (int)n;
        return 1;
    case 4010: sc->c.summary_path = arg; return 1;
    default: return 0;
    }
}

static int sprt_parse(sprt_cmd *sc, int argc, char **argv)
{
    static const struct option opts[] = {
        {"elo0", required_argument, 0, 4001},
        {"elo1", required_argument, 0, 4002},
        {"alpha", required_argument, 0, 4003},
        {"beta", required_argument, 0, 4004},
        {"elo-model", required_argument, 0, 4005},
        {"max-pairs", required_argument, 0, 4006},
        {"pairs", required_argument, 0, 4007},
        {"openings", required_argument, 0, 4008},
        {"random-plies", required_argument, 0, 4009},
        {"summary", required_argument, 0, 4010},
        SERIES_LONG_OPTIONS,
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "j:h", opts, NULL)) != -1) {
        if (opt == 'h') {
            sprt_usage(stdout);
            return 0;
        }
        int rc = sprt_own_option(sc, opt, optarg);
        if (rc == 0)
            rc = series_opt_apply(&sc->opts, opt, optarg);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc == 0) {
            sprt_usage(stderr);
            return EXIT_USAGE;
        }
    }
    const char *bad = sprt_check(&sc->c.params);
    if (bad) {
        fprintf(stderr, "referee sprt: %s\n", bad);
        return EXIT_USAGE;
    }
    if (sc->c.openings_path && sc->c.random_plies) {
        fprintf(stderr, "referee sprt: --openings and --random-plies: give "
                        "one\n");
        return EXIT_USAGE;
    }
    if (series_opts_finish(&sc->opts, "sprt") != 0)
        return EXIT_USAGE;
    series_options *o = &sc->opts.so;
    if (o->nbots != 2 || argc - optind != 2) {
        fprintf(stderr, "referee sprt: a test is between two bots in a "
                        "two-seat game: give the candidate's and the base's "
                        "commands%s\n", o->nbots != 2 ? " (this game has "
                                                        "more seats)" : "");
        return EXIT_USAGE;
    }
    o->bot[0] = argv[optind];
    o->bot[1] = argv[optind + 1];
    return -1;
}

int cmd_sprt(int argc, char **argv)
{
    sprt_cmd sc;
    memset(&sc, 0, sizeof sc);
    series_opts_init(&sc.opts, "referee sprt");
    sc.c.params = (sprt_params){.elo0 = 0, .elo1 = 5, .alpha = 0.05,
                                .beta = 0.05, .model = SPRT_NORMALIZED};
    sc.c.max_pairs = SPRT_DEFAULT_MAX_PAIRS;
    int rc = sprt_parse(&sc, argc, argv);
    if (rc >= 0)
        return rc;
    if (!sc.c.openings_path && sc.c.random_plies == 0)
        sc.c.random_plies = SPRT_DEFAULT_PLIES;
    sc.c.so = sc.opts.so;
    return sprt_run(&sc.c, NULL);
}
