/*
 * cmd_match.c - `referee match`: N games between bots, one command line per
 * seat of the game, seats alternating (who starts the first game is drawn
 * by lot from the seed), up to K games at once on one event loop, a record
 * per game (match/series.h plays them).  In four-seat team games the
 * commands form two teams, the 1st and 3rd against the 2nd and 4th, and
 * the teams alternate who starts.  In games of three or four seats for
 * places (free for all) the seat order turns by one each game, so that
 * over every N games each bot sits in each seat once.
 */
#include "commands.h"
#include "match/series.h"
#include "rules.h"
#include "series_opts.h"
#include "util/rng.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    series_opts opts;
    int games;
    int next, finished;
    int first; /* the bot that has seat 0 in game 1 */
    bool places; /* free for all: every seat its own side, more than 2 */
    int placed[RULES_MAX_SEATS][RULES_MAX_SEATS]; /* [bot][place - 1] */
    double score[RULES_MAX_SEATS];
    int wins[RULES_MAX_SEATS], draws[RULES_MAX_SEATS];
    int losses[RULES_MAX_SEATS], voids;
} match_cmd;

static void match_usage(FILE *out)
{
    fprintf(out,
        "usage: referee match [OPTIONS] \"BOT1 COMMAND\" \"BOT2 COMMAND\" "
        "[BOT3 BOT4]\n"
        "  one command per seat; in four-seat team games the 1st and 3rd\n"
        "  play together against the 2nd and 4th; in games for places the\n"
        "  seat order turns by one each game\n"
        "  -n, --games N        games to play (default 2, or the seats in\n"
        "                       games for places); seats alternate\n"
        SERIES_USAGE
        "      --out DIR        where records go (default matches/NAME)\n"
        "      --name NAME      match name (default match-DATE-TIME)\n");
    cli_games_usage(out);
}

static void match_tally(match_cmd *mc, const series_game *g, const record *r)
{
    if (!r->status || strcmp(r->status, "finished") != 0) {
        mc->voids++;
        return;
    }
    for (int seat = 0; seat < mc->opts.so.nbots; seat++) {
        int b = g->bot_of_seat[seat];
        const char *res = r->players[seat].result;
        int place = r->players[seat].place;
        if (place >= 1 && place <= RULES_MAX_SEATS)
            mc->placed[b][place - 1]++;
        if (res && !strcmp(res, "win")) {
            mc->wins[b]++;
            mc->score[b] += 1;
        } else if (res && !strcmp(res, "draw")) {
            mc->score[b] += 0.5;
            mc->draws[b]++;
        } else {
            mc->losses[b]++;
        }
    }
}

static bool match_next(void *arg, series *s, series_game *g)
{
    (void)s;
    match_cmd *mc = arg;
    if (mc->next >= mc->games)
        return false;
    g->index = mc->next++;
    int n = mc->opts.so.nbots;
    if (mc->places) {
        int turn = (mc->first + g->index) % n;
        for (int seat = 0; seat < n; seat++)
            g->bot_of_seat[seat] = (seat + turn) % n;
        return true;
    }
    /* Swapping neighbours alternates who starts: with two seats the
     * bots swap, with four the teams (seats 0+2 and 1+3) do. */
    int flip = (mc->first + g->index) % 2;
    for (int seat = 0; seat < n; seat++)
        g->bot_of_seat[seat] = seat ^ flip;
    return true;
}

static void match_done(void *arg, series *s, const series_game *g,
                       const match *m)
{
    (void)s;
    match_cmd *mc = arg;
    if (match_aborted(m))
        return;
    match_tally(mc, g, match_record(m));
    mc->finished++;
}

/* "places 1st 2, 2nd 1, 3rd 0: mean 1.33" for a bot of a game for places. */
static void match_print_places(const match_cmd *mc, int b)
{
    static const char *const nth[RULES_MAX_SEATS] = {"1st", "2nd", "3rd",
                                                      "4th"};
    int n = mc->opts.so.nbots, games = 0, sum = 0;
    printf("  %-40s places", mc->opts.so.bot[b]);
    for (int p = 0; p < n; p++) {
        printf("%s %s %d", p ? "," : "", nth[p], mc->placed[b][p]);
        games += mc->placed[b][p];
        sum += (p + 1) * mc->placed[b][p];
    }
    if (games)
        printf(": mean place %.2f\n", (double)sum / games);
    else
        printf("\n");
}

static void match_summary(void *arg, series *s)
{
    match_cmd *mc = arg;
    const series_options *o = &mc->opts.so;
    char loop[512];
    series_describe(s, loop, sizeof loop);
    printf("\n%d games", mc->finished);
    if (mc->voids)
        printf(" (%d void)", mc->voids);
    if (series_interrupted(s))
        printf(", %d interrupted (not recorded)", series_interrupted(s));
    printf(", seed %" PRIu64 ", records in %s\n", o->base.seed, o->dir);
    for (int b = 0; b < o->nbots; b++) {
        if (mc->places) {
            match_print_places(mc, b);
            continue;
        }
        printf("  %-40s %d wins, %d draws, %d losses: %.1f points\n",
               o->bot[b], mc->wins[b], mc->draws[b], mc->losses[b],
               mc->score[b]);
    }
    printf("  referee: %s\n", loop);
}

/* Is it a game for places (rules_for_places)? */
static bool match_for_places(const match_config *base)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new(base->game, base->variant, base->options,
                                   err, sizeof err);
    bool places = g && rules_for_places(g);
    rules_game_free(g);
    return places;
}

/* Returns -1 to go on, or the exit status. */
static int match_parse(match_cmd *mc, int argc, char **argv)
{
    static const struct option opts[] = {
        {"games", required_argument, 0, 'n'},
        SERIES_LONG_OPTIONS,
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    int opt;
    bool games_given = false;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "n:j:h", opts, NULL)) != -1) {
        long n;
        int rc;
        switch (opt) {
        case 'n':
            if (!cli_number(optarg, 1, 1000000, &n)) {
                fprintf(stderr, "referee match: -n/--games '%s': expected a "
                                "number from 1 to 1000000\n", optarg);
                return EXIT_USAGE;
            }
            mc->games = (int)n;
            games_given = true;
            break;
        case 'h': match_usage(stdout); return 0;
        default:
            rc = series_opt_apply(&mc->opts, opt, optarg);
            if (rc < 0)
                return EXIT_USAGE;
            if (rc == 0) {
                match_usage(stderr);
                return EXIT_USAGE;
            }
        }
    }
    if (series_opts_finish(&mc->opts, "match") != 0)
        return EXIT_USAGE;
    series_options *o = &mc->opts.so;
    if (argc - optind != o->nbots) {
        fprintf(stderr, "referee match: %s %s has %d seats: give %d bot "
                        "commands\n", o->base.game,
                o->base.variant ? o->base.variant : "", o->nbots, o->nbots);
        match_usage(stderr);
        return EXIT_USAGE;
    }
    for (int b = 0; b < o->nbots; b++)
        o->bot[b] = argv[optind + b];
    mc->places = match_for_places(&o->base);
    if (mc->places && !games_given)
        mc->games = o->nbots;
    return -1;
}

int cmd_match(int argc, char **argv)
{
    match_cmd mc;
    memset(&mc, 0, sizeof mc);
    series_opts_init(&mc.opts, "referee match");
    mc.games = 2;
    int rc = match_parse(&mc, argc, argv);
    if (rc >= 0)
        return rc;
    rng lot;
    rng_seed(&lot, mc.opts.so.base.seed);
    mc.first = (int)rng_below(&lot, mc.places ? (uint32_t)mc.opts.so.nbots
                                              : 2);
    series_owner owner = {match_next, match_done, match_summary, &mc, NULL};
    return series_run(&mc.opts.so, &owner);
}
