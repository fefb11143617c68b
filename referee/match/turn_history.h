/*
 * turn_history.h - what a bot is told right before its `turn` (PROTOCOL.md
 * section 4): the moves it has not seen, as `played SEAT MOVE` lines, or
 * the whole position as one `position` line.  The one copy of that rule,
 * for `match`, `play` and `check-bot`.  Pure: it formats the lines
 * (proto_fmt_played, proto_fmt_position) and hands them to the caller.
 *
 * The rule: a bot that asked for positions (`id option position`), and
 * every bot of a game that hides moves (rules_moves_hidden: the puzzle's
 * mender must not see the break), gets the position.  Any other gets the
 * moves from the first it has not seen on, less its own: it made those.
 * The first moves of the game may be told to every seat, its own
 * included: an opening's, which no bot made, or those a restarted bot's
 * new process has not seen made.
 */
#ifndef TURN_HISTORY_H
#define TURN_HISTORY_H

#include "record/record.h"
#include "rules.h"

#include <stdbool.h>
#include <stddef.h>

/* Move i of the game, as the history tells it. */
typedef struct {
    int seat;
    const char *text; /* the canonical text */
} turn_history_move;

/* Move i (< nmoves) of the caller's list of moves. */
typedef turn_history_move (*turn_history_move_fn)(const void *moves,
                                                  size_t i);
/* One line with its LF, len as proto_fmt_* returns it (-1 if it could not
 * be written). */
typedef void (*turn_history_emit_fn)(void *arg, const char *line, int len);

typedef struct {
    const rules_game *g;
    const rules_pos *pos;      /* the position the bot is to move in */
    int seat;                  /* the bot's */
    bool want_position;        /* it said `id option position` */
    const void *moves;         /* the game's moves, read through move */
    turn_history_move_fn move;
    size_t nmoves;             /* how many moves there are */
    size_t seen;               /* how many the bot was told or made */
    size_t told_all;           /* the first so many are told to every
                                  seat, the bot's own included */
} turn_history;

/* Whether the bot gets a `position` line rather than `played` lines. */
bool turn_history_positions(const rules_game *g, bool want_position);

/* The lines for h, in order, each to emit(arg, ...); none when the bot
 * has seen every move.  The caller then counts all nmoves as seen. */
void turn_history_lines(const turn_history *h, turn_history_emit_fn emit,
                        void *arg);

/* A move accessor for a record's moves (moves: a const record *). */
turn_history_move turn_history_record_move(const void *moves, size_t i);

#endif
