/*
 * match.h - one refereed game between bot processes on a libev loop.
 *
 * Data flows one way: the match starts the bots (bot.h), talks protocol v1
 * with them (proto.h), checks every move with the rules (rules.h), builds
 * the record (record.h) and writes it when every bot process is gone.
 *
 * Caller's protocol:
 *   1. Fill a match_config (commands by seat: who sits where, and so who
 *      starts, is the caller's lot).  match_new() checks it.
 *   2. match_start(); run the loop.  Many matches may share one loop.
 *   3. The done callback runs once the game has ended, every bot process
 *      has been reaped and the record write was attempted; then read
 *      match_record() / match_write_error() and match_free() the match
 *      (also allowed from inside the callback).  With a writer, the
 *      config's `over` callback, if set, runs before that: when the game
 *      is over and its bots are gone but the record is still being
 *      written, so that the next game can start meanwhile.
 *
 * Ends of a game (record.result.reason): the rules' own ends, or a fault
 * of one seat, which loses while every other team wins: timeout,
 * illegal-move, malformed-line, out-of-turn, exited, killed,
 * closed-output, cpu-limit, file-limit, memory-limit, process-limit,
 * failed-to-start, handshake (record_fault_reasons; also resigned, which
 * only `referee play` records).  A game that cannot
 * be played for a reason that is no bot's fault (fork fails) is void.
 */
#ifndef MATCH_H
#define MATCH_H

#include "clock/loopclock.h"
#include "clock/time_control.h"
#include "proc/proc.h"
#include "record/record.h"
#include "rules.h"
#include "util/worker.h"

#include <ev.h>
#include <stdbool.h>

typedef struct match match;

/* For runners of many games (matchpool.h).  Games started in one loop
 * iteration: setting a game up and handing its starts over take the
 * loop's time, and the games already playing must be served meanwhile. */
#define MATCH_STARTS_PER_ITERATION 4
/* Games over whose records are not yet on disk, at most, with j at once:
 * on a slow disk new games wait rather than records pile up in memory. */
#define MATCH_WRITE_BACKLOG(j) (16 + 2 * (j))

/* Test hooks (util/testhook.h): 0 = off. */
typedef struct {
    long write_delay_ms; /* the record's write sleeps first: a slow disk */
    long loop_stall_ms;  /* the loop sleeps after each turn line: a
                            referee paused by the machine */
    const char *write_fail; /* a record whose path holds this text is not
                               written, as on a full disk */
} match_test_hooks;

typedef struct {
    const char *game, *variant, *options;
    uint64_t seed;
    time_control tc;
    long quit_ms;      /* time to exit after `quit` before SIGTERM */
    long term_ms;      /* time after SIGTERM before SIGKILL */
    long log_cap;      /* bytes of stderr kept per bot */
    int max_comments;  /* comment lines kept per move */
    proc_limits limits; /* resource limits of every bot process */
    bool suspend;      /* freeze the bots that are not on move (the
                          default); false: they may ponder */
    const char *command[RULES_MAX_SEATS]; /* by seat */
    const char *log_path[RULES_MAX_SEATS]; /* by seat, or NULL: discard */
    const char *record_path; /* NULL: do not write */
    /* Moves played before the bots start (a strength test's opening), in
     * the game's notation; every seat is sent them as `played` lines. */
    const char *const *opening;
    int nopening;
    const char *event;
    int round;
    const char *game_id;   /* event context for the record, or NULL */
    const char *stage;
    const char *event_digest; /* the event's (event_record.h), or NULL;
                                 copied by match_new */
    const char *entrant[RULES_MAX_SEATS];
    /* The loop's clock (loopclock.h): moves are timed to the loop's
     * wake-up and its pauses are not charged.  NULL: timed when read. */
    loopclock *clock;
    /* Where the record is written (util/worker.h), off the loop.  NULL:
     * written on the loop, which then waits for the disk. */
    worker *writer;
    /* Where bots start (proc/starter.h), off the loop.  NULL: on the
     * loop, which then waits for every exec. */
    struct starter *starter;
    /* Bots kept between games (botpool.h): bots with `id option newgame`
     * go there after a game without a fault, and a game takes its bots
     * from there when it can.  NULL: a process per bot per game. */
    struct botpool *pool;
    /* Called (with the done callback's arg) when the game is over and its
     * bots are gone, before the record is on disk; NULL: not told. */
    void (*over)(match *m, void *arg);
    match_test_hooks test;
} match_config;

/* Defaults for every field but the commands and paths. */
void match_config_defaults(match_config *cfg);

typedef void (*match_done_cb)(match *m, void *arg);

match *match_new(struct ev_loop *loop, const match_config *cfg,
                 match_done_cb done, void *arg, char *err, size_t errlen);
void match_start(match *m);
/* Stop now (Ctrl-C): kill every bot.  A game still being played is
 * dropped without a record (it is played again on resume); a game already
 * over keeps its record.  The done callback still runs once all bots are
 * reaped; match_aborted() then tells which happened. */
void match_abort(match *m);
bool match_aborted(const match *m);
void match_free(match *m);

const record *match_record(const match *m);
/* NULL if the record was written (or no path was given), else why not. */
const char *match_write_error(const match *m);

#endif
