/*
 * cmd_match.c - `referee match`: N games between bots, one command line per
 * seat of the game, seats alternating (who starts the first game is drawn
 * by lot from the seed), up to K games at once on one event loop, a record
 * per game.  In four-seat team games the commands form two teams, the 1st
 * and 3rd against the 2nd and 4th, and the teams alternate who starts.
 */
#include "commands.h"
#include "bot/watch.h"
#include "proc/guard.h"
#include "clock/clock.h"
#include "match/match.h"
#include "match/matchpool.h"
#include "rules.h"
#include "proc/proc.h"
#include "sandbox_opts.h"
#include "util/fsutil.h"
#include "util/rng.h"
#include "util/testhook.h"
#include "util/worker.h"

#include <errno.h>
#include <signal.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    match_config base;
    const char *bot[RULES_MAX_SEATS];
    int nbots;
    const char *dir;
    int games, concurrency;
    int next, finished, write_errors;
    int interrupted; /* games ended by Ctrl-C: not played, not recorded */
    int first; /* the bot (0 or 1) that has seat 0 in game 1 */
    double score[RULES_MAX_SEATS];
    int wins[RULES_MAX_SEATS], draws[RULES_MAX_SEATS];
    int losses[RULES_MAX_SEATS], voids;
    struct ev_loop *loop;
    matchpool *pool;
    worker *printer; /* the pool's: output, which a reader may hold up */
    bool keep_bots;
    bool stopping, ran;
    ev_signal w_int, w_term, w_hup;
    sandbox_options sandbox;
} series;

typedef struct {
    series *sr;
    int index;
    int bot_of_seat[RULES_MAX_SEATS];
    char record_path[4096];
    char log_path[RULES_MAX_SEATS][4096];
} series_game;

static void match_usage(FILE *out)
{
    fprintf(out,
        "usage: referee match [OPTIONS] \"BOT1 COMMAND\" \"BOT2 COMMAND\" "
        "[BOT3 BOT4]\n"
        "  one command per seat; in four-seat team games the 1st and 3rd\n"
        "  play together against the 2nd and 4th\n"
        "  -n, --games N        games to play (default 2); seats alternate\n"
        "  -j, --concurrency K  games at once (default 1)\n"
        "      --game G         game (default pentago)\n"
        "      --variant V      rule set (pentago: swiss-2010, standard)\n"
        "      --options O      variant options, key=value words\n"
        "      --seed S         seed for the lot and the bots (default: "
        "from the clock)\n"
        "      --move-ms MS     per-move limit (default 5000; 0 = none)\n"
        "      --bank-ms MS     bank per game (default 0 = none)\n"
        "      --inc-ms MS      increment added to the bank per move\n"
        "      --grace-ms MS    allowance over the limit (default 100)\n"
        "      --startup-ms MS  start-up and handshake allowance (default "
        "10000)\n"
        "      --limit-mem MB   resident memory of a bot and its children "
        "(default 1024)\n"
        "      --limit-cpu S    CPU seconds per bot process (default 600)\n"
        "      --limit-procs N  processes and threads of a bot and its "
        "children (default 256)\n"
        "      --limit-fsize MB largest file a bot may write (default 64)\n"
        "      --limit-files N  open files per bot process (default 256)\n"
        "      --limit-vm MB    address space per bot process (default "
        "none)\n"
        "      --suspend        stop the bots that are not on move\n"
        "      --keep-bots      keep bots that allow it (id option newgame)\n"
        "                       running from one game to the next\n"
        SANDBOX_USAGE
        "      --out DIR        where records go (default matches/NAME)\n"
        "      --name NAME      match name (default match-DATE-TIME)\n");
}

static bool match_parse_ms(const char *arg, long *out)
{
    return cli_number(arg, 0, 86400000L, out);
}

/* A game or slot count, said wrong with its range. */
static bool match_parse_int(const char *arg, long lo, long hi, int *out,
                            const char *opt)
{
    long v;
    if (!cli_number(arg, lo, hi, &v)) {
        fprintf(stderr, "referee match: %s '%s': expected a number from "
                        "%ld to %ld\n", opt, arg, lo, hi);
        return false;
    }
    *out = (int)v;
    return true;
}

/* A limit: a count from 0 (none) to a million. */
static bool match_parse_count(const char *arg, long *out)
{
    return cli_number(arg, 0, 1000000, out);
}

static const char *series_result_text(const record *r, int seat)
{
    const char *res = r->players[seat].result;
    if (!res)
        return "-";
    return !strcmp(res, "win") ? "1" : !strcmp(res, "loss") ? "0" : "1/2";
}

static void series_tally(series *sr, const series_game *sg, const record *r)
{
    if (!r->status || strcmp(r->status, "finished") != 0) {
        sr->voids++;
        return;
    }
    for (int seat = 0; seat < sr->nbots; seat++) {
        int b = sg->bot_of_seat[seat];
        const char *res = r->players[seat].result;
        if (res && !strcmp(res, "win")) {
            sr->wins[b]++;
            sr->score[b] += 1;
        } else if (res && !strcmp(res, "draw")) {
            sr->score[b] += 0.5;
            sr->draws[b]++;
        } else {
            sr->losses[b]++;
        }
    }
}

/* The line printed for a finished game. */
static void series_print_game(FILE *out, const series *sr,
                              const series_game *sg, const match *m)
{
    const record *r = match_record(m);
    const char *werr = match_write_error(m);
    if (match_aborted(m)) {
        fprintf(out, "game %d: interrupted, not recorded\n", sg->index + 1);
        return;
    }
    fprintf(out, "game %d:", sg->index + 1);
    for (int s = 0; s < sr->nbots; s++)
        fprintf(out, "%s %s (%s)", s ? " vs" : "",
                sr->bot[sg->bot_of_seat[s]], r->players[s].colour);
    fprintf(out, ":");
    for (int s = 0; s < sr->nbots; s++)
        fprintf(out, "%s%s", s ? "-" : " ", series_result_text(r, s));
    fprintf(out, " %s%s%s -> %s\n", r->reason ? r->reason : "?",
            r->detail ? ": " : "", r->detail ? r->detail : "",
            werr ? "NOT WRITTEN" : sg->record_path);
}

/* Output goes through the printer thread: stdout may be a full pipe,
 * and the loop must not wait for whoever reads it. */
static void series_report(series *sr, const series_game *sg, const match *m)
{
    worker_out o;
    FILE *out = worker_out_open(&o);
    if (out)
        series_print_game(out, sr, sg, m);
    worker_out_print(sr->printer, STDOUT_FILENO, &o);
    const char *werr = match_write_error(m);
    if (werr) {
        char line[1300];
        snprintf(line, sizeof line, "referee match: %s%s\n", werr,
                 sr->write_errors ? "" : "; no more games are started");
        worker_print(sr->printer, STDERR_FILENO, line);
        sr->write_errors++;
    }
}

/* A game Ctrl-C ended is played again by nobody: it leaves no log (a
 * kept bot's log is its first game's, which stays). */
static void series_forget(series *sr, const series_game *sg)
{
    sr->interrupted++;
    for (int s = 0; s < sr->nbots; s++)
        unlink(sg->log_path[s]);
}

static void series_game_done(void *arg, void *tag, match *m)
{
    series *sr = arg;
    series_game *sg = tag;
    const record *r = match_record(m);
    series_report(sr, sg, m);
    if (match_write_error(m))
        matchpool_halt(sr->pool);
    if (!match_aborted(m)) {
        series_tally(sr, sg, r);
        sr->finished++;
    } else {
        series_forget(sr, sg);
    }
    free(sg);
}

static void series_game_failed(void *arg, void *tag, const char *err)
{
    series *sr = arg;
    char line[700];
    snprintf(line, sizeof line, "referee match: %s\n", err);
    worker_print(sr->printer, STDERR_FILENO, line);
    sr->write_errors++;
    sr->next = sr->games; /* the same error would repeat */
    matchpool_halt(sr->pool);
    free(tag);
}

/* Game i's config: its own seed, who sits where, its paths. */
static void series_config(series *sr, series_game *sg, match_config *cfg)
{
    int i = sg->index;
    *cfg = sr->base;
    /* Game i's own seed: reproducible, different for every game. */
    rng r;
    rng_seed(&r, sr->base.seed + (uint64_t)i * 0x632be59bd9b4e019ULL);
    cfg->seed = rng_next(&r);
    cfg->round = i + 1;
    /* Swapping neighbours alternates who starts: with two seats the
     * bots swap, with four the teams (seats 0+2 and 1+3) do. */
    int flip = (sr->first + i) % 2;
    for (int seat = 0; seat < sr->nbots; seat++) {
        int b = seat ^ flip;
        sg->bot_of_seat[seat] = b;
        cfg->command[seat] = sr->bot[b];
        snprintf(sg->log_path[seat], sizeof sg->log_path[seat],
                 "%s/logs/game-%04d-seat%d.log", sr->dir, i + 1, seat);
        cfg->log_path[seat] = sg->log_path[seat];
    }
    snprintf(sg->record_path, sizeof sg->record_path, "%s/game-%04d.yaml",
             sr->dir, i + 1);
    cfg->record_path = sg->record_path;
}

static void *series_next_game(void *arg, match_config *cfg)
{
    series *sr = arg;
    if (sr->next >= sr->games)
        return NULL;
    series_game *sg = calloc(1, sizeof *sg);
    if (!sg) {
        worker_print(sr->printer, STDERR_FILENO,
                     "referee match: out of memory\n");
        sr->write_errors++;
        matchpool_halt(sr->pool);
        return NULL;
    }
    sg->sr = sr;
    sg->index = sr->next++;
    series_config(sr, sg, cfg);
    return sg;
}

static int series_parse(series *sr, int argc, char **argv, char *name,
                        size_t namelen)
{
    static const struct option opts[] = {
        {"games", required_argument, 0, 'n'},
        {"concurrency", required_argument, 0, 'j'},
        {"game", required_argument, 0, 'g'},
        {"variant", required_argument, 0, 'v'},
        {"options", required_argument, 0, 'o'},
        {"seed", required_argument, 0, 's'},
        {"move-ms", required_argument, 0, 'm'},
        {"bank-ms", required_argument, 0, 'b'},
        {"inc-ms", required_argument, 0, 'i'},
        {"grace-ms", required_argument, 0, 'G'},
        {"startup-ms", required_argument, 0, 'S'},
        {"out", required_argument, 0, 'O'},
        {"limit-mem", required_argument, 0, 1001},
        {"limit-cpu", required_argument, 0, 1002},
        {"limit-procs", required_argument, 0, 1003},
        {"limit-fsize", required_argument, 0, 1004},
        {"limit-files", required_argument, 0, 1005},
        {"suspend", no_argument, 0, 1006},
        {"limit-vm", required_argument, 0, 1007},
        {"keep-bots", no_argument, 0, 1008},
        {"name", required_argument, 0, 'N'},
        SANDBOX_LONG_OPTIONS,
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    match_config *c = &sr->base;
    bool seeded = false;
    int opt;
    optind = 1;
    int li = -1;
    while ((opt = getopt_long(argc, argv, "n:j:h", opts, &li)) != -1) {
        bool ok = true;
        char *end = NULL;
        switch (opt) {
        case 'n': ok = match_parse_int(optarg, 1, 1000000, &sr->games,
                                       "-n/--games");
                  if (!ok)
                      return EXIT_USAGE;
                  break;
        case 'j': ok = match_parse_int(optarg, 1, PROC_MAX_GAMES,
                                       &sr->concurrency, "-j/--concurrency");
                  if (!ok)
                      return EXIT_USAGE;
                  break;
        case 'g': c->game = optarg; break;
        case 'v': c->variant = optarg; break;
        case 'o': c->options = optarg; break;
        case 's': errno = 0;
                  c->seed = strtoull(optarg, &end, 10);
                  /* strtoull takes "-1" as 2^64-1 */
                  ok = *end == 0 && optarg[0] >= '0' && optarg[0] <= '9' &&
                       errno == 0;
                  seeded = true;
                  break;
        case 'm': ok = match_parse_ms(optarg, &c->tc.move_ms); break;
        case 'b': ok = match_parse_ms(optarg, &c->tc.bank_ms); break;
        case 'i': ok = match_parse_ms(optarg, &c->tc.increment_ms); break;
        case 'G': ok = match_parse_ms(optarg, &c->tc.grace_ms); break;
        case 'S': ok = match_parse_ms(optarg, &c->tc.startup_ms); break;
        case 'O': sr->dir = optarg; break;
        case 1001: ok = match_parse_count(optarg, &c->limits.mem_mb); break;
        case 1002: ok = match_parse_count(optarg, &c->limits.cpu_s); break;
        case 1003: ok = match_parse_count(optarg, &c->limits.procs); break;
        case 1004: ok = match_parse_count(optarg, &c->limits.fsize_mb); break;
        case 1005: ok = match_parse_count(optarg, &c->limits.files); break;
        case 1007: ok = match_parse_count(optarg, &c->limits.vm_mb); break;
        case 1006: c->suspend = true; break;
        case 1008: sr->keep_bots = true; break;
        case 'N': snprintf(name, namelen, "%s", optarg); break;
        case SANDBOX_OPT_SANDBOX:
        case SANDBOX_OPT_NETWORK:
        case SANDBOX_OPT_UIDS:
            if (sandbox_opt_apply(&sr->sandbox, opt, optarg,
                                  "referee match") != 0)
                return EXIT_USAGE;
            break;
        case 'h': match_usage(stdout); return 0;
        default: match_usage(stderr); return EXIT_USAGE;
        }
        if (!ok) {
            bool ms = opt < 128 && strchr("mbiGS", opt) != NULL;
            fprintf(stderr, "referee match: --%s '%s': expected %s\n",
                    li >= 0 ? opts[li].name : "?", optarg,
                    ms            ? "milliseconds from 0 to 86400000"
                    : opt == 's'  ? "a number from 0 to 2^64-1"
                    : opt > 1000  ? "a count from 0 to 1000000"
                                  : "a valid value");
            return EXIT_USAGE;
        }
        li = -1;
    }
    char err[256];
    rules_game *g = rules_game_new(c->game, c->variant, c->options, err,
                                   sizeof err);
    if (!g) {
        fprintf(stderr, "referee match: %s\n", err);
        return EXIT_USAGE;
    }
    sr->nbots = rules_seats(g);
    rules_game_free(g);
    if (argc - optind != sr->nbots) {
        fprintf(stderr, "referee match: %s %s has %d seats: give %d bot "
                        "commands\n", c->game, c->variant ? c->variant : "",
                sr->nbots, sr->nbots);
        match_usage(stderr);
        return EXIT_USAGE;
    }
    for (int b = 0; b < sr->nbots; b++)
        sr->bot[b] = argv[optind + b];
    if (!seeded)
        c->seed = (uint64_t)time(NULL);
    return -1;
}

/* Ctrl-C, SIGTERM, SIGHUP: end every running game and its bots (games
 * already over keep their records), then stop. */
static void series_signal_cb(struct ev_loop *loop, ev_signal *w, int rev)
{
    (void)loop;
    (void)rev;
    series *sr = w->data;
    if (sr->stopping)
        return;
    sr->stopping = true;
    char line[96];
    snprintf(line, sizeof line,
             "referee match: interrupted, ending %d running games\n",
             matchpool_running(sr->pool));
    worker_print(sr->printer, STDERR_FILENO, line);
    matchpool_stop(sr->pool);
}

static void series_watch_signals(series *sr, bool on)
{
    ev_signal *w[] = {&sr->w_int, &sr->w_term, &sr->w_hup};
    int sig[] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
        /* The watchers must not keep the loop running once the games are
         * done: unref while active, ref again before stopping. */
        if (on) {
            ev_signal_init(w[i], series_signal_cb, sig[i]);
            w[i]->data = sr;
            ev_signal_start(sr->loop, w[i]);
            ev_unref(sr->loop);
        } else {
            ev_ref(sr->loop);
            ev_signal_stop(sr->loop, w[i]);
        }
    }
}

static void series_summary(const series *sr)
{
    char loop[160];
    matchpool_describe(sr->pool, loop, sizeof loop);
    printf("\n%d games", sr->finished);
    if (sr->voids)
        printf(" (%d void)", sr->voids);
    if (sr->interrupted)
        printf(", %d interrupted (not recorded)", sr->interrupted);
    printf(", seed %" PRIu64 ", records in %s\n", sr->base.seed, sr->dir);
    for (int b = 0; b < sr->nbots; b++)
        printf("  %-40s %d wins, %d draws, %d losses: %.1f points\n",
               sr->bot[b], sr->wins[b], sr->draws[b], sr->losses[b],
               sr->score[b]);
    printf("  referee: %s\n", loop);
}

/* Everything the series set up goes, on every path; rc is passed on.
 * After a run, the summary is printed once every record is written. */
static int series_end(series *sr, int rc)
{
    if (sr->pool)
        matchpool_drain(sr->pool);
    watch_sweep_final();
    if (sr->ran)
        series_summary(sr);
    matchpool_free(sr->pool);
    sandbox_teardown();
    guard_stop();
    if (sr->loop)
        ev_loop_destroy(sr->loop);
    return rc;
}

int cmd_match(int argc, char **argv)
{
    series sr;
    memset(&sr, 0, sizeof sr);
    match_config_defaults(&sr.base);
    sandbox_options_defaults(&sr.sandbox);
    sr.games = 2;
    sr.concurrency = 1;
    char name[256] = "", dir[4096];
    int rc = series_parse(&sr, argc, argv, name, sizeof name);
    if (rc >= 0)
        return rc;
    if (!name[0]) {
        time_t t = time(NULL);
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(name, sizeof name, "match-%Y%m%d-%H%M%S", &tm);
    }
    if (!sr.dir) {
        snprintf(dir, sizeof dir, "matches/%s", name);
        sr.dir = dir;
    }
    sr.base.event = name;
    char logs[4200], err[512];
    snprintf(logs, sizeof logs, "%s/logs", sr.dir);
    if (fs_mkdirs(logs, err, sizeof err) != 0) {
        fprintf(stderr, "referee match: %s\n", err);
        return 1;
    }
    proc_ignore_sigpipe();
    sandbox_setup(&sr.sandbox);
    char why[160];
    int max = proc_max_games(sr.concurrency, sr.nbots, why, sizeof why);
    if (sr.concurrency > max) {
        fprintf(stderr, "referee match: -j %d %s; running %d at once\n",
                sr.concurrency, why, max);
        sr.concurrency = max;
    }
    /* Not libev's default loop: it reaps every child, and bots are
     * reaped by their pidfds (proc.h). */
    sr.loop = ev_loop_new(EVFLAG_AUTO);
    if (!sr.loop) {
        fprintf(stderr, "referee match: cannot make the event loop\n");
        return series_end(&sr, 1);
    }
    matchpool_options po = {
        .jobs = sr.concurrency, .keep_bots = sr.keep_bots,
        .seats = sr.nbots, .quit_ms = sr.base.quit_ms,
        .term_ms = sr.base.term_ms,
        .start_delay_ms = testhook_ms("REFEREE_TEST_START_DELAY_MS"),
        .test = {.write_delay_ms = testhook_ms("REFEREE_TEST_WRITE_DELAY_MS"),
                 .loop_stall_ms = testhook_ms("REFEREE_TEST_LOOP_STALL_MS"),
                 .write_fail = getenv("REFEREE_TEST_WRITE_FAIL")}};
    matchpool_owner owner = {series_next_game, series_game_done,
                             series_game_failed, &sr};
    sr.pool = matchpool_new(sr.loop, &po, &owner, err, sizeof err);
    if (!sr.pool) {
        fprintf(stderr, "referee match: %s\n", err);
        return series_end(&sr, 1);
    }
    sr.printer = matchpool_printer(sr.pool);
    watch_set_test_delay_ms(testhook_ms("REFEREE_TEST_SCAN_DELAY_MS"));
    rng lot;
    rng_seed(&lot, sr.base.seed);
    sr.first = (int)rng_below(&lot, 2);
    sr.ran = true;
    series_watch_signals(&sr, true);
    matchpool_fill(sr.pool);
    ev_run(sr.loop, 0);
    series_watch_signals(&sr, false);
    return series_end(&sr, sr.stopping ? 130 : sr.write_errors ? 1 : 0);
}
