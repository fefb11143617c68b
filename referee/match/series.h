/*
 * series.h - games between the same bots, up to K at once on one loop:
 * what `referee match` and `referee sprt` share.
 *
 * A series owns everything a run of games needs around the games
 * themselves: the records and logs directory, the sandbox, the loop and
 * its pool of games (matchpool.h), Ctrl-C, the line printed for every
 * game, and the teardown on every path.  Its owner decides which game
 * comes next (who sits where, which opening) and what a finished game
 * counts for.
 *
 * Caller's protocol:
 *   1. Fill a series_options (series_options_defaults first) and a
 *      series_owner; series_run() runs the whole series and returns its
 *      exit status: 0, 1 (a record could not be written, or the set-up
 *      failed: said on stderr), 130 (interrupted).
 *   2. While it runs, owner->next() is asked for a game whenever one can
 *      start: it fills the series_game (index, seats, opening) and
 *      returns true, or false when no game is to start now.  When that
 *      may change (a game ended), the series asks again.
 *   3. owner->done() hears of every game started, once its record was
 *      written (or could not be: the series says so and starts no more)
 *      or once it was interrupted (match_aborted(): not recorded; its
 *      logs are removed, as it will be played again).
 *   4. After the last game, owner->summary() prints the owner's summary
 *      (series_describe() says how the loop did); stdout is in order.
 *   series_halt() starts no more games (a verdict is reached); the running
 *   ones finish and are counted.
 *
 * Game i is written to DIR/game-NNNN.yaml (NNNN = i + 1), its bots' stderr
 * to DIR/logs/game-NNNN-seatS.log; its seed is derived from the series'
 * seed and i, so a game can be played again alone and is the same.
 */
#ifndef SERIES_H
#define SERIES_H

#include "match/match.h"
#include "sandbox/sandbox.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct series series;

typedef struct {
    int index;                          /* from 0 */
    int bot_of_seat[RULES_MAX_SEATS];   /* series_options.bot index */
    const char *const *opening;         /* moves before the bots start */
    int nopening;
    void *data;                         /* the owner's */
    /* Set by the series. */
    char record_path[4096];
    char log_path[RULES_MAX_SEATS][4096];
} series_game;

typedef struct {
    bool (*next)(void *arg, series *s, series_game *g);
    void (*done)(void *arg, series *s, const series_game *g, const match *m);
    void (*summary)(void *arg, series *s);
    void *arg;
    /* Optional: game g is played, its record complete in memory but not
     * yet on disk; next() is asked for the game after it only then
     * (matchpool.h).  done() still follows. */
    void (*over)(void *arg, series *s, const series_game *g, const match *m);
} series_owner;

typedef struct {
    const char *prog;        /* "referee match": the start of messages */
    match_config base;       /* game, seed, time control, limits... */
    const char *bot[RULES_MAX_SEATS]; /* the commands */
    int nbots;
    const char *dir;         /* records and logs */
    int jobs;                /* games at once */
    bool keep_bots;
    sandbox_options sandbox;
} series_options;

void series_options_defaults(series_options *o);
int series_run(const series_options *o, const series_owner *owner);

/* While it runs: */
void series_halt(series *s);
/* A line on stdout (or stderr), in order with the series' own lines. */
void series_print(series *s, int fd, const char *line);
/* Games being played now. */
int series_running(const series *s);
/* Games interrupted (not recorded), and records that could not be
 * written, so far. */
int series_interrupted(const series *s);
int series_write_errors(const series *s);
/* How the loop did: "worst pause of the loop 7.9 ms; ...". */
void series_describe(const series *s, char *buf, size_t len);
/* The seed of game index of a series seeded with seed. */
uint64_t series_game_seed(uint64_t seed, int index);
/* The game's result text for a seat: "1", "0", "1/2" or "-"; in a game
 * for places (rules_for_places), the seat's place "1".."4". */
const char *series_result_text(const record *r, int seat, bool places);

#endif
