/*
 * botpool.h - bots kept running between games (`match --keep-bots`).
 *
 * Starting a bot costs a process, its runtime's start-up and, in a
 * sandbox, a box: milliseconds per game, far more than a short game of
 * instant bots.  A bot that said `id option newgame` in its handshake and
 * ended a game without a fault is told `newgame` instead of `quit` and
 * waits here, idle, until a game with its command takes it; it answers
 * `ready 1` when it is ready, and that is its handshake for that game.
 *
 * While idle a bot may only send comments and `ready`: anything else (a
 * move, a bad line) and it is killed and the next game starts a fresh one;
 * so is a bot that dies while idle.  No game is lost for it: no game was
 * being played.
 *
 * Caller's protocol: botpool_put() bots as their games end; botpool_take()
 * when a game starts; botpool_close() when no game will start any more
 * (every idle bot is then told `quit`, and so is any bot put later);
 * botpool_free() after the loop.  The idle bots' watchers keep the loop
 * running until they are gone.
 */
#ifndef BOTPOOL_H
#define BOTPOOL_H

#include "bot/bot.h"

#include <ev.h>
#include <stdbool.h>

typedef struct botpool botpool;

/* quit_ms and term_ms: how a bot is stopped when the pool closes;
 * max_idle: bots waiting at most (each holds a process, its pipes and,
 * in a box, a user id): a bot put beyond it is told to quit, the one
 * waiting longest first. */
botpool *botpool_new(struct ev_loop *loop, long quit_ms, long term_ms,
                     int max_idle);
/* Take b, alive and past its game's `result`: `newgame` is sent.  False
 * (out of memory): the caller keeps it. */
bool botpool_put(botpool *p, bot *b);
/* An idle bot started with command, or NULL; the caller owns it (and must
 * bot_rebind it).  *ready: it has already answered `newgame`. */
bot *botpool_take(botpool *p, const char *command, bool *ready);
/* Take a kept bot back that broke off before its next game began (it
 * exited, or sent a move, before `ready`): it is killed, and freed here
 * once reaped.  False (out of memory): the caller keeps it. */
bool botpool_discard(botpool *p, bot *b);
void botpool_close(botpool *p);
/* Ctrl-C: SIGKILL to every bot in the pool. */
void botpool_kill(botpool *p);
/* After the loop; NULL is allowed. */
void botpool_free(botpool *p);

#endif
