/*
 * play_bot.h - one bot's seat in a game played at the terminal: its
 * process (bot.h), the protocol on the bot's side of the game (handshake,
 * setup, history, turn, result), and its restart when the person takes
 * moves back.
 *
 * The seat tells the game what happens through one callback:
 *   PLAY_BOT_READY   the handshake is done: the setup may be sent;
 *   PLAY_BOT_MOVE    a `move` answering the turn (text, and t: when it
 *                    came); the game checks it with the rules;
 *   PLAY_BOT_FAULT   the bot lost by a fault of the protocol or of its
 *                    process (text: the reason as match records name it,
 *                    detail: one line); timeouts and illegal moves are
 *                    the game's to judge;
 *   PLAY_BOT_VOID    it could not be started for no fault of its own;
 *   PLAY_BOT_REAPED  every process this seat ran is gone.
 * Once play_bot_end() or play_bot_kill() was called, only REAPED comes.
 *
 * A restart (play_bot_restart) asks the running process to quit and starts
 * a new one of the same command, with a log of its own; the new one is
 * handed, before its first turn, every move of the game so far as
 * `played` lines, its own seat's too, as after an opening (PROTOCOL.md
 * section 4).  A bot that asked for `position` lines needs no restart:
 * its next turn brings the position.
 */
#ifndef PLAY_BOT_H
#define PLAY_BOT_H

#include "bot/bot.h"
#include "clock/time_control.h"
#include "record/record.h"
#include "rules.h"

#include <ev.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    PLAY_BOT_READY,
    PLAY_BOT_MOVE,
    PLAY_BOT_FAULT,
    PLAY_BOT_VOID,
    PLAY_BOT_REAPED,
} play_bot_event;

typedef void (*play_bot_fn)(void *arg, int seat, play_bot_event ev,
                            const char *text, const char *detail, double t);

typedef struct {
    const char *command;
    const char *log_base;  /* logs are LOG_BASE.log, then LOG_BASE-2.log,
                              ... for each restart; NULL: no log */
    long log_cap;
    proc_limits limits;
    long startup_ms;       /* allowance for the handshake */
    long quit_ms, term_ms; /* after `quit`: SIGTERM, then SIGKILL */
    int max_comments;      /* comment lines kept per move */
} play_bot_config;

typedef struct play_bot play_bot;

/* cfg is copied (its strings are not: they must outlive the seat). */
play_bot *play_bot_new(struct ev_loop *loop, int seat,
                       const play_bot_config *cfg, play_bot_fn fn,
                       void *arg);
/* Start the process and its handshake. */
void play_bot_start(play_bot *pb);
bool play_bot_ready(const play_bot *pb);
bool play_bot_set_up(const play_bot *pb);

/* The setup lines and `start`: names by seat (NULL: "unnamed"). */
void play_bot_setup(play_bot *pb, const rules_game *g,
                    const char *const *names, uint64_t seed,
                    const time_control *tc);
/* The moves of rec it has not been told (or the position), then `turn
 * LIMIT BANK` (bank -1: none).  Returns when the turn line was written:
 * the start of the bot's clock. */
double play_bot_turn(play_bot *pb, const rules_game *g, const rules_pos *pos,
                     const record *rec, long limit_ms, long bank_ms);
/* Read what is in the bot's stdout now (before a deadline is judged). */
void play_bot_poll(play_bot *pb);

/* The game was cut back to nmoves moves: a bot that knows more of it
 * than that is restarted.  Returns whether it was. */
bool play_bot_rewind(play_bot *pb, size_t nmoves);

/* The comments it sent since the last call, handed over (the caller frees
 * them, e.g. as a record move's comments); a note ends them when some
 * were dropped. */
void play_bot_take_comments(play_bot *pb, char ***list, size_t *count);

/* The end: `result OUTCOME REASON`, `quit`, and the process stopped. */
void play_bot_end(play_bot *pb, const char *outcome, const char *reason);
/* The end for the bot at fault: told why (`result loss REASON DETAIL`,
 * and in its log), stopped after PLAY_BOT_FAULT_READ_MS. */
#define PLAY_BOT_FAULT_READ_MS 100
void play_bot_fault_end(play_bot *pb, const char *reason,
                        const char *detail);
/* The end of a void game: SIGKILL, no result. */
void play_bot_kill(play_bot *pb);
/* Every process it ran is gone (or none ever ran). */
bool play_bot_gone(const play_bot *pb);

/* What the bot said of itself (name, version, author: "" if not said),
 * and its current log (NULL: none). */
const bot_ident *play_bot_ident(const play_bot *pb);
const char *play_bot_log(const play_bot *pb);

/* Only once play_bot_gone(), or to kill what still runs on an error
 * path. */
void play_bot_free(play_bot *pb);

#endif
