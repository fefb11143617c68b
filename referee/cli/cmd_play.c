/*
 * cmd_play.c - `referee play`: a person plays against a bot in the
 * terminal, or watches bots play (play/play_game.h).  The game is
 * recorded like a match's game (matches/play-DATE-TIME/game-0001.yaml
 * unless --out), its bots run in the sandbox like a match's, and the
 * record's path is printed at the end.
 */
#include "commands.h"
#include "bot/watch.h"
#include "play/play_game.h"
#include "proc/guard.h"
#include "proc/proc.h"
#include "series_opts.h"
#include "util/fsutil.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    PLAY_OPT_AS = 4001,
    PLAY_OPT_WATCH,
    PLAY_OPT_DELAY,
    PLAY_OPT_CLOCK,
    PLAY_OPT_COLOR,
};

typedef struct {
    series_opts so;        /* the game, seed, clock, limits, sandbox, out */
    const char *as;        /* the person's seat: colour or number */
    bool watch, clock;
    long delay_ms;         /* -1: the default of the mode */
    int color;             /* -1 auto, 0 off, 1 on */
    const char *bots[RULES_MAX_SEATS];
    int nseats;
    char record[4200];
    char log_base[RULES_MAX_SEATS][4200];
} play_cmd;

static void play_usage(FILE *out)
{
    fprintf(out,
        "usage: referee play [OPTIONS] \"BOT COMMAND\" [MORE BOTS]\n"
        "       referee play --watch [OPTIONS] \"BOT1\" \"BOT2\" [BOT3 BOT4]\n"
        "  You play one seat against bots (one command per other seat, or\n"
        "  one for all of them), or watch bots play (--watch).  The board is\n"
        "  drawn after every move, the last move in brackets; type moves in\n"
        "  the game's notation, or undo, help, resign, quit.  quit, Ctrl-D\n"
        "  and Ctrl-C make the game void (recorded, not scored).\n"
        "      --as SEAT        your seat: a colour (white, black, ...) or a\n"
        "                       seat number (default white, seat 0: you start)\n"
        "      --watch          no person plays: watch the bots\n"
        "      --delay-ms MS    pause before each bot's move (default 1000\n"
        "                       watching, 0 playing)\n"
        "      --clock          the time control binds you too (default: no\n"
        "                       time limit for you; it binds the bots)\n"
        "      --color on|off|auto  bold last move (auto: when stdout is a\n"
        "                       terminal and NO_COLOR is not set)\n"
        "      --game G         game (default pentago)\n"
        "      --variant V      rule set\n"
        "      --options O      variant options, key=value words\n"
        "      --seed S         the game's seed, sent to the bots (default:\n"
        "                       from the clock)\n"
        "      --move-ms MS     per-move limit (default 5000; 0 = none)\n"
        "      --bank-ms MS     bank per game (default 0 = none)\n"
        "      --inc-ms MS      increment added to the bank per move\n"
        "      --grace-ms MS    allowance over the limit (default 100)\n"
        "      --startup-ms MS  start-up and handshake allowance (default "
        "10000)\n"
        "      --limit-mem MB, --limit-cpu S, --limit-procs N,\n"
        "      --limit-fsize MB, --limit-files N, --limit-vm MB\n"
        "                       a bot's limits, as for referee match\n"
        SANDBOX_USAGE
        "      --out DIR        where the record goes (default matches/NAME)\n"
        "      --name NAME      the game's name (default play-DATE-TIME)\n");
    cli_games_usage(out);
}

/* Options of match that mean nothing for one game at the terminal. */
static bool play_opt_foreign(const struct option *o)
{
    /* play's --clock is its own (the person's); the CPU clock is not
     * play's: a person's time is wall time. */
    return !strcmp(o->name, "concurrency") || !strcmp(o->name, "keep-bots") ||
           !strcmp(o->name, "suspend") || !strcmp(o->name, "ponder") ||
           !strcmp(o->name, "wall-cap-ms");
}

/* Returns 1 if opt was one of play's own, -1 on a bad value. */
static int play_opt_own(play_cmd *pc, int opt, const char *arg)
{
    switch (opt) {
    case PLAY_OPT_AS: pc->as = arg; return 1;
    case PLAY_OPT_WATCH: pc->watch = true; return 1;
    case PLAY_OPT_CLOCK: pc->clock = true; return 1;
    case PLAY_OPT_DELAY:
        if (!cli_number(arg, 0, 3600000, &pc->delay_ms)) {
            fprintf(stderr, "referee play: --delay-ms '%s': expected a "
                            "number from 0 to 3600000\n", arg);
            return -1;
        }
        return 1;
    case PLAY_OPT_COLOR:
        pc->color = !strcmp(arg, "on") ? 1 : !strcmp(arg, "off") ? 0
                  : !strcmp(arg, "auto") ? -1 : -2;
        if (pc->color == -2) {
            fprintf(stderr, "referee play: --color '%s': expected on, off "
                            "or auto\n", arg);
            return -1;
        }
        return 1;
    default: return 0;
    }
}

/* Returns -1 to go on, or the exit status. */
static int play_parse_options(play_cmd *pc, int argc, char **argv)
{
    static const struct option opts[] = {
        {"as", required_argument, 0, PLAY_OPT_AS},
        {"watch", no_argument, 0, PLAY_OPT_WATCH},
        {"delay-ms", required_argument, 0, PLAY_OPT_DELAY},
        {"clock", no_argument, 0, PLAY_OPT_CLOCK},
        {"color", required_argument, 0, PLAY_OPT_COLOR},
        SERIES_LONG_OPTIONS,
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    int opt, idx = -1;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
        if (opt == 'h') {
            play_usage(stdout);
            return 0;
        }
        if (opt != '?' && idx >= 0 && play_opt_foreign(&opts[idx])) {
            fprintf(stderr, "referee play: --%s is for referee match, not "
                            "play\n", opts[idx].name);
            return EXIT_USAGE;
        }
        idx = -1;
        int rc = play_opt_own(pc, opt, optarg);
        if (rc == 0)
            rc = opt == '?' ? 0 : series_opt_apply(&pc->so, opt, optarg);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc == 0) {
            play_usage(stderr);
            return EXIT_USAGE;
        }
    }
    return -1;
}

/* --as: a colour of the game (its first seat) or a seat number. */
static int play_seat_of(const play_cmd *pc, int nseats)
{
    const match_config *c = &pc->so.so.base;
    char err[256];
    rules_game *g = rules_game_new(c->game, c->variant, c->options, err,
                                   sizeof err);
    if (!g)
        return -1;
    int seat = -1;
    long n;
    if (!pc->as)
        seat = 0;
    else if (cli_number(pc->as, 0, nseats - 1, &n))
        seat = (int)n;
    else
        for (int s = nseats - 1; s >= 0; s--)
            if (!strcmp(pc->as, rules_seat_colour(g, s)))
                seat = s;
    if (seat < 0) {
        fprintf(stderr, "referee play: --as '%s': expected a seat from 0 to "
                        "%d or a colour:", pc->as, nseats - 1);
        for (int s = 0; s < nseats; s++)
            fprintf(stderr, " %s", rules_seat_colour(g, s));
        fprintf(stderr, "\n");
    }
    rules_game_free(g);
    return seat;
}

static int play_parse(play_cmd *pc, int argc, char **argv)
{
    int rc = play_parse_options(pc, argc, argv);
    if (rc >= 0)
        return rc;
    if (series_opts_finish(&pc->so, "play") != 0)
        return EXIT_USAGE;
    if (pc->watch && (pc->as || pc->clock)) {
        fprintf(stderr, "referee play: --%s: a watcher has no seat\n",
                pc->as ? "as" : "clock");
        return EXIT_USAGE;
    }
    int nseats = pc->so.so.nbots;
    int given = argc - optind;
    int wanted = pc->watch ? nseats : nseats - 1;
    if (given != wanted && given != 1) {
        fprintf(stderr, "referee play: %s has %d seats: give %d bot "
                        "command%s (or one for every bot seat)\n",
                pc->so.so.base.game, nseats, wanted, wanted > 1 ? "s" : "");
        play_usage(stderr);
        return EXIT_USAGE;
    }
    int person = -1;
    if (!pc->watch && (person = play_seat_of(pc, nseats)) < 0)
        return EXIT_USAGE;
    for (int s = 0, b = 0; s < nseats; s++)
        if (s != person)
            pc->bots[s] = argv[optind + (given == 1 ? 0 : b++)];
    pc->nseats = nseats;
    if (pc->delay_ms < 0)
        pc->delay_ms = pc->watch ? 1000 : 0;
    return -1;
}

static bool play_ansi(const play_cmd *pc)
{
    if (pc->color >= 0)
        return pc->color == 1;
    const char *term = getenv("TERM");
    return isatty(STDOUT_FILENO) && !getenv("NO_COLOR") &&
           !(term && !strcmp(term, "dumb"));
}

static void play_fill_config(play_cmd *pc, play_config *cfg)
{
    const match_config *c = &pc->so.so.base;
    const char *dir = pc->so.so.dir;
    memset(cfg, 0, sizeof *cfg);
    cfg->game = c->game;
    cfg->variant = c->variant;
    cfg->options = c->options;
    cfg->seed = c->seed;
    cfg->tc = c->tc;
    cfg->quit_ms = c->quit_ms;
    cfg->term_ms = c->term_ms;
    cfg->log_cap = c->log_cap;
    cfg->max_comments = c->max_comments;
    cfg->limits = c->limits;
    for (int s = 0; s < pc->nseats; s++) {
        cfg->command[s] = pc->bots[s];
        if (pc->bots[s]) {
            snprintf(pc->log_base[s], sizeof pc->log_base[s],
                     "%s/logs/game-0001-seat%d", dir, s);
            cfg->log_base[s] = pc->log_base[s];
        }
    }
    snprintf(pc->record, sizeof pc->record, "%s/game-0001.yaml", dir);
    cfg->record_path = pc->record;
    cfg->event = c->event;
    cfg->delay_ms = pc->delay_ms;
    cfg->person_clock = pc->clock;
    cfg->in_fd = STDIN_FILENO;
    cfg->out = stdout;
    cfg->ansi = play_ansi(pc);
}

typedef struct {
    play_game *pg;
    bool interrupted;
} play_run;

/* Ctrl-C, SIGTERM, SIGHUP: the game is void, recorded as far as it
 * went. */
static void play_signal_cb(struct ev_loop *loop, ev_signal *w, int rev)
{
    (void)loop;
    (void)rev;
    play_run *run = w->data;
    run->interrupted = true;
    play_game_interrupt(run->pg);
}

static int play_loop(struct ev_loop *loop, const play_config *cfg)
{
    char err[512];
    play_run run = {.pg = play_game_new(loop, cfg, err, sizeof err)};
    if (!run.pg) {
        fprintf(stderr, "referee play: %s\n", err);
        return EXIT_USAGE;
    }
    ev_signal w[3];
    int sig[] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
        ev_signal_init(&w[i], play_signal_cb, sig[i]);
        w[i].data = &run;
        ev_signal_start(loop, &w[i]);
    }
    play_game_start(run.pg);
    if (!play_game_done(run.pg))
        ev_run(loop, 0);
    for (int i = 0; i < 3; i++)
        ev_signal_stop(loop, &w[i]);
    int rc = play_game_write_error(run.pg) ? 1 : run.interrupted ? 130 : 0;
    play_game_free(run.pg);
    return rc;
}

int cmd_play(int argc, char **argv)
{
    play_cmd pc;
    memset(&pc, 0, sizeof pc);
    series_opts_init(&pc.so, "referee play");
    pc.delay_ms = -1;
    pc.color = -1;
    int rc = play_parse(&pc, argc, argv);
    if (rc >= 0)
        return rc;
    char logs[4200], err[512];
    snprintf(logs, sizeof logs, "%s/logs", pc.so.so.dir);
    if (fs_mkdirs(logs, err, sizeof err) != 0) {
        fprintf(stderr, "referee play: %s\n", err);
        return 1;
    }
    play_config cfg;
    play_fill_config(&pc, &cfg);
    proc_ignore_sigpipe();
    sandbox_setup(&pc.so.so.sandbox);
    /* Not libev's default loop: it reaps every child, and bots are
     * reaped by their pidfds (proc.h). */
    struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
    if (!loop) {
        fprintf(stderr, "referee play: cannot make the event loop\n");
        return 1;
    }
    rc = play_loop(loop, &cfg);
    /* The watch's threads report to the loop: before the loop goes. */
    watch_sweep_final();
    sandbox_teardown();
    guard_stop();
    ev_loop_destroy(loop);
    return rc;
}
