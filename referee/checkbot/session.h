/*
 * session.h - one game of check-bot's course: one bot process, started,
 * told the game, asked for a few moves from a chosen position, told the
 * result and to quit, as a match would; then nothing of it may be left.
 * Every step it goes through is reported (report.h).
 *
 * A session plays the bot's seat; the other seats' moves are check-bot's
 * own: the moves of the opening, then random legal moves that do not end
 * the game.  It stops at the first step that fails: the bot is killed,
 * as a match kills a bot at fault.
 */
#ifndef CHECKBOT_SESSION_H
#define CHECKBOT_SESSION_H

#include "checkbot/report.h"
#include "checkbot/rig.h"
#include "checkbot/steps.h"
#include "rules.h"

#include <stdbool.h>
#include <stdint.h>

#define CKSESSION_MAX_TURNS 4

typedef struct {
    ckstep step;      /* what an answer to this turn proves; PLAYED is
                         reported as POSITION for a bot that asked for
                         position lines */
    ckstep time_step; /* TIME_LIMIT or BANK, which a late answer fails;
                         CKSTEP_COUNT: none */
    const char *what; /* "from the empty board", for the report */
    /* For bots with `id option position` only: the position these moves
     * lead to is sent instead of the game's own (a position not from its
     * own game).  A bot that follows `played` lines ends before it. */
    const char *const *jump;
    int njump;
} ckturn;

typedef struct {
    const char *name;             /* "start", "mid-game": the transcript's */
    const rules_game *g;
    const char *const *opening;   /* moves before the bot's first turn */
    int nopening;
    int seat;                     /* the bot's */
    long move_ms, bank_ms, inc_ms; /* `set time` */
    ckturn turn[CKSESSION_MAX_TURNS];
    int nturns;
    /* A moment after `start` to see whether the set lines are taken
     * before any turn (a bot that crashes on them). */
    bool watch_setup;
    /* A bot that exits, times out or answers in another notation at its
     * first turn does not play this game: said so, not failed. */
    bool probe;
    uint64_t seed;
} cksession_plan;

typedef struct {
    ckrig *rig;
    ckrep *rep;
    const char *command;
    const char *label;  /* "pentago swiss-2010" */
    int bot_block;      /* where the handshake's steps go */
    int block;          /* the game's */
    bool first;         /* the course's first session: its handshake,
                           flush and id lines are reported as passed */
} cksession_ctx;

typedef struct {
    bool failed;       /* a step failed: the course stops this game */
    bool not_played;   /* a probe found the game is not the bot's */
    bool fatal;        /* the command cannot be run, or the machine failed
                          us: the course stops */
    bool interrupted;  /* Ctrl-C */
    bool handshaken;   /* it said `ready 1` */
    bool want_position;
    char name[128];    /* its `id name`, "" if none */
} cksession_result;

void cksession_run(const cksession_ctx *ctx, const cksession_plan *plan,
                   cksession_result *res);

#endif
