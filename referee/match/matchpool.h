/*
 * matchpool.h - a set of games on one loop, at most `jobs` at once.
 *
 * `match` and `event` both run their games through it: it asks its owner
 * for the next game whenever a slot is free, starts it, hands each game
 * back when it ends, and stops them all on request.  It holds what the
 * games share: the loop's clock (loopclock.h), the record writer and the
 * output printer (worker.h), the starter of bots (proc/starter.h) and the
 * bots kept between games (botpool.h).
 *
 * Caller's protocol:
 *   1. matchpool_new(loop, options, owner) after sandbox_setup().
 *   2. matchpool_fill() starts games: owner->next(owner_arg, &cfg) fills
 *      the game's part of cfg (commands, paths, seed, time control...)
 *      and returns a tag for it, or NULL when no game can start now.  The
 *      pool sets the shared parts (clock, writer, starter, kept bots,
 *      test hooks, `over`).  Call it again whenever a game may have become
 *      ready; the pool calls it itself when a slot or a write frees up.
 *   3. owner->done(owner_arg, tag, m) for every game started, once its
 *      bots are gone and its record was written (match_write_error) or
 *      the game was stopped (match_aborted); the pool frees m after.
 *   4. Run the loop: it returns once no game runs, none is being written
 *      and none can start.  matchpool_halt() (a failed write) starts no
 *      game any more; matchpool_stop() (Ctrl-C) also ends every running
 *      game and kept bot at once.
 *   5. After the loop, matchpool_drain() ends the kept bots and waits for
 *      every record and line of output (then matchpool_describe() says
 *      how the loop did); matchpool_free().
 * Order of game starts: at most MATCH_STARTS_PER_ITERATION per loop
 * iteration, and none while MATCH_WRITE_BACKLOG(jobs) records wait for
 * the disk.
 */
#ifndef MATCHPOOL_H
#define MATCHPOOL_H

#include "match/match.h"

#include <ev.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct matchpool matchpool;

typedef struct {
    void *(*next)(void *arg, match_config *cfg);
    void (*done)(void *arg, void *tag, match *m);
    /* The game could not even be set up (match_new failed: err says why);
     * the owner halts the pool or tries the next. */
    void (*failed)(void *arg, void *tag, const char *err);
    void *arg;
    /* Optional: the game is played and its record complete in memory
     * (match_record), before it goes to disk and before its slot is
     * offered to the next game: an owner whose next game depends on this
     * one's result (a strength test's verdict) learns it first. */
    void (*over)(void *arg, void *tag, match *m);
} matchpool_owner;

typedef struct {
    int jobs;          /* games at once */
    bool keep_bots;    /* bots kept between games (botpool.h) */
    int seats;         /* bots per game, for the kept bots' room */
    long quit_ms, term_ms; /* how kept bots are stopped at the end */
    match_test_hooks test;
    long start_delay_ms;   /* test hook (proc/starter.h) */
    bool ponder;           /* every bot of a game thinks at once */
    time_clock clock;      /* the games' clock (turnclock.h) */
} matchpool_options;

/* NULL with a message in err. */
matchpool *matchpool_new(struct ev_loop *loop, const matchpool_options *o,
                         const matchpool_owner *owner, char *err,
                         size_t errlen);
void matchpool_fill(matchpool *p);
void matchpool_halt(matchpool *p);
void matchpool_stop(matchpool *p);
/* Games being played (not those over whose records are being written). */
int matchpool_running(const matchpool *p);
/* Where the owner prints: lines in order with the pool's, off the loop. */
worker *matchpool_printer(const matchpool *p);
void matchpool_drain(matchpool *p);
/* The loop's worst pause and what was not charged (loopclock.h), and
 * the overbooking warning below if there is one. */
void matchpool_describe(const matchpool *p, char *buf, size_t len);
/* On the wall clock, more bots may think at once (games at once, times
 * every seat when they ponder) than the processors the referee may use:
 * a bot waiting for a processor is then charged that wait.  True with
 * "up to 8 bots think at once on 2 processors: ..." in buf. */
bool matchpool_overbooked(const matchpool *p, char *buf, size_t len);
void matchpool_free(matchpool *p);

#endif
