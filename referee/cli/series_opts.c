/* series_opts.c - options of commands that play games (see
 * series_opts.h). */
#include "series_opts.h"

#include "commands.h"
#include "proc/proc.h"
#include "rules.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void series_opts_init(series_opts *o, const char *prog)
{
    memset(o, 0, sizeof *o);
    series_options_defaults(&o->so);
    o->so.prog = prog;
}

/* A number in [lo, hi] or a message naming the option and the range. */
static int series_opt_number(const series_opts *o, const char *opt,
                             const char *arg, long lo, long hi, long *out)
{
    if (cli_number(arg, lo, hi, out))
        return 1;
    fprintf(stderr, "%s: %s '%s': expected a number from %ld to %ld\n",
            o->so.prog, opt, arg, lo, hi);
    return -1;
}

static int series_opt_seed(series_opts *o, const char *arg)
{
    char *end = NULL;
    errno = 0;
    /* strtoull takes "-1" as 2^64-1 */
    unsigned long long v = strtoull(arg, &end, 10);
    if (*end || arg[0] < '0' || arg[0] > '9' || errno) {
        fprintf(stderr, "%s: --seed '%s': expected a number from 0 to "
                        "2^64-1\n", o->so.prog, arg);
        return -1;
    }
    o->so.base.seed = v;
    o->seeded = true;
    return 1;
}

/* Time control and limits: numbers with their ranges. */
static int series_opt_numeric(series_opts *o, int opt, const char *arg)
{
    match_config *c = &o->so.base;
    const long day = 86400000L, lots = 1000000L;
    long jobs;
    int rc;
    switch (opt) {
    case 'j':
        rc = series_opt_number(o, "-j/--concurrency", arg, 1, PROC_MAX_GAMES,
                               &jobs);
        o->so.jobs = (int)jobs;
        return rc;
    case 3005: return series_opt_number(o, "--move-ms", arg, 0, day, &c->tc.move_ms);
    case 3006: return series_opt_number(o, "--bank-ms", arg, 0, day, &c->tc.bank_ms);
    case 3007: return series_opt_number(o, "--inc-ms", arg, 0, day, &c->tc.increment_ms);
    case 3008: return series_opt_number(o, "--grace-ms", arg, 0, day, &c->tc.grace_ms);
    case 3009: return series_opt_number(o, "--startup-ms", arg, 0, day, &c->tc.startup_ms);
    case 3010: return series_opt_number(o, "--limit-mem", arg, 0, lots, &c->limits.mem_mb);
    case 3011: return series_opt_number(o, "--limit-cpu", arg, 0, lots, &c->limits.cpu_s);
    case 3012: return series_opt_number(o, "--limit-procs", arg, 0, lots, &c->limits.procs);
    case 3013: return series_opt_number(o, "--limit-fsize", arg, 0, lots, &c->limits.fsize_mb);
    case 3014: return series_opt_number(o, "--limit-files", arg, 0, lots, &c->limits.files);
    case 3015: return series_opt_number(o, "--limit-vm", arg, 0, lots, &c->limits.vm_mb);
    case 3022: return series_opt_number(o, "--wall-cap-ms", arg, 1, day, &c->tc.wall_cap_ms);
    default: return 0;
    }
}

int series_opt_apply(series_opts *o, int opt, const char *arg)
{
    match_config *c = &o->so.base;
    switch (opt) {
    case 3001: c->game = arg; return 1;
    case 3002: c->variant = arg; return 1;
    case 3003: c->options = arg; return 1;
    case 3004: return series_opt_seed(o, arg);
    case 3016: c->suspend = true; return 1;
    case 3020: c->suspend = false; return 1;
    case 3021:
        if (time_clock_parse(arg, &c->tc.clock))
            return 1;
        fprintf(stderr, "%s: --clock '%s': expected wall or cpu\n",
                o->so.prog, arg);
        return -1;
    case 3017: o->so.keep_bots = true; return 1;
    case 3018: o->so.dir = arg; return 1;
    case 3019: snprintf(o->name, sizeof o->name, "%s", arg); return 1;
    case SANDBOX_OPT_SANDBOX:
    case SANDBOX_OPT_NETWORK:
    case SANDBOX_OPT_UIDS:
        return sandbox_opt_apply(&o->so.sandbox, opt, arg, o->so.prog) == 0
                   ? 1 : -1;
    default: return series_opt_numeric(o, opt, arg);
    }
}

int series_opts_finish(series_opts *o, const char *prefix)
{
    match_config *c = &o->so.base;
    char err[256];
    /* Refused before anything is written (its folder, its logs). */
    if (c->tc.move_ms == 0 && c->tc.bank_ms == 0) {
        fprintf(stderr, "%s: --move-ms 0 means no per-move limit, which "
                        "needs a bank: give --bank-ms MS (or a --move-ms "
                        "above 0)\n", o->so.prog);
        return -1;
    }
    if (c->tc.wall_cap_ms > 0 && c->tc.clock != TIME_CLOCK_CPU) {
        fprintf(stderr, "%s: --wall-cap-ms is the CPU clock's: give "
                        "--clock cpu too\n", o->so.prog);
        return -1;
    }
    time_control_settle(&c->tc);
    rules_game *g = rules_game_new(c->game, c->variant, c->options, err,
                                   sizeof err);
    if (!g) {
        fprintf(stderr, "%s: %s\n", o->so.prog, err);
        return -1;
    }
    o->so.nbots = rules_seats(g);
    rules_game_free(g);
    if (!o->seeded)
        c->seed = (uint64_t)time(NULL);
    if (!o->name[0]) {
        time_t t = time(NULL);
        struct tm tm;
        gmtime_r(&t, &tm);
        char stamp[64];
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        snprintf(o->name, sizeof o->name, "%s-%s", prefix, stamp);
    }
    if (!o->so.dir) {
        snprintf(o->dir, sizeof o->dir, "matches/%s", o->name);
        o->so.dir = o->dir;
    }
    c->event = o->name;
    return 0;
}
