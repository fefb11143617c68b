/*
 * play_game.h - one game at the terminal: a person against bots, or bots
 * watched by a person, on a libev loop.
 *
 * Every bot seat is a play_bot (its process, the protocol, its restarts);
 * the person's seat reads play_input.  The game checks every move with
 * the rules, keeps the clocks, draws the board after every move
 * (play_board.h) and writes the record when the game is over and every
 * bot process is gone (play_record.h).
 *
 * The person:
 *   - types moves in the game's notation; one the rules refuse gets their
 *     reason and a new prompt, and costs nothing;
 *   - has no time limit unless person_clock is set: then the time control
 *     binds them as it binds the bots, and running out loses on time;
 *   - `undo`, on their turn, takes back their last move and every move
 *     after it (a bot's reply), so that they are to move again where they
 *     were; bots that follow the game by `played` lines are restarted
 *     (play_bot.h), banks are as they were then;
 *   - `resign` loses (reason "resigned"); `quit`, end of input and
 *     play_game_interrupt() (Ctrl-C) make the game void: not scored, but
 *     recorded with the moves so far.
 * Lines typed while a bot is to move wait for the person's turn (type
 * ahead); `resign`, `quit` and `help` act at once.  A person who watches
 * has only `help` and `quit`, and end of input changes nothing.
 *
 * Caller's protocol: play_game_new, play_game_start, run the loop; the
 * game breaks the loop (ev_break) once it is done (play_game_done); then
 * read the record and play_game_free.
 */
#ifndef PLAY_GAME_H
#define PLAY_GAME_H

#include "clock/time_control.h"
#include "proc/proc.h"
#include "record/record.h"
#include "rules.h"

#include <ev.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *game, *variant, *options;
    uint64_t seed;
    time_control tc;
    long quit_ms, term_ms; /* after `quit`: SIGTERM, then SIGKILL */
    long log_cap;          /* bytes of a bot's stderr kept */
    int max_comments;      /* comment lines kept per move */
    proc_limits limits;
    /* By seat: the bot's command, or NULL where the person sits (at most
     * one such seat; none when watching). */
    const char *command[RULES_MAX_SEATS];
    /* By seat: the base of the bot's log names (play_bot.h), or NULL. */
    const char *log_base[RULES_MAX_SEATS];
    const char *record_path; /* NULL: not written */
    const char *event;       /* the record's event name */
    long delay_ms;           /* a pause before each bot's turn */
    bool person_clock;       /* the time control binds the person too */
    int in_fd;               /* the person's input, -1: none */
    FILE *out;               /* the board, the prompts, the result */
    bool ansi;               /* bold for the last move */
} play_config;

typedef struct play_game play_game;

/* Checks the game and the seats; NULL with err filled when they are
 * wrong. */
play_game *play_game_new(struct ev_loop *loop, const play_config *cfg,
                         char *err, size_t errlen);
void play_game_start(play_game *pg);
/* Ctrl-C: a game going on becomes void (as `quit`). */
void play_game_interrupt(play_game *pg);
/* Over, every bot gone, the record written (or not: see below). */
bool play_game_done(const play_game *pg);
const record *play_game_record(const play_game *pg);
/* NULL if the record was written (or no path was given), else why not. */
const char *play_game_write_error(const play_game *pg);
void play_game_free(play_game *pg);

#endif
