/*
 * naive_multi.h - a deliberately simple Pentago Multiplayer for
 * cross-checking the bitboard engine (referee/rules/multi.c).  Tests only.
 *
 * Written from the rules text (protocol/RULES.md 5.1), not from multi.c: a
 * byte per cell, a block turned by board9_turn_bytes, fives found by
 * walking the board cell by cell, places kept per seat.  Slow on purpose;
 * where it disagrees with the fast engine, one of them is wrong.
 *
 * Rules:
 *   - a move places a gem of the mover's colour on an empty cell and turns
 *     a block; when the placement alone makes five for the mover, the move
 *     is the bare cell and ends there;
 *   - all against all: after a move every seat still in whose colour has
 *     five finishes, in place 1 + the seats that finished before; when at
 *     most one seat is left it takes the next place; on a full board the
 *     seats left share the next place; finished seats are skipped;
 *   - team play (seats 0, 2 white; 1, 3 black): the first five ends the
 *     game, its team first; both teams' fives, or a full board, put every
 *     seat first.
 *
 * Moves use the packed encoding of multi.h: cell | turn << 7, turn =
 * block * 2 + dir (dir 0 = R), or NAIVE_MULTI_NO_TURN for the bare cell;
 * listed in canonical order (cells ascending, then turns 0..17).
 *
 * The position is plain data: copy it with '='.
 */
#ifndef NAIVE_MULTI_H
#define NAIVE_MULTI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NAIVE_MULTI_NO_TURN 18
#define NAIVE_MULTI_MAX_MOVES (81 * 18)

/* What ended the game (or the last move that finished a seat). */
typedef enum {
    NAIVE_MULTI_NONE = 0,
    NAIVE_MULTI_PLACEMENT,  /* the mover's placement made five */
    NAIVE_MULTI_ROT_MOVER,  /* the turn gave five to the mover alone */
    NAIVE_MULTI_ROT_OTHERS, /* the turn gave five to others alone */
    NAIVE_MULTI_ROT_BOTH,   /* the turn gave five to the mover and others */
    NAIVE_MULTI_FULL,       /* full board with two seats or more left */
} naive_multi_end;

typedef struct {
    uint8_t board[81]; /* row * 9 + column: 0 empty, 1 + colour */
    int nseats;
    bool team;
    int to_move;
    int place[4]; /* by seat; 0 while still in */
    bool over;
    naive_multi_end end; /* of the move that ended the game */
} naive_multi;

/* Empty board, seat 0 to move; nseats 2..4, team play needs 4. */
void naive_multi_start(naive_multi *p, int nseats, bool team);
/* The colour seat plays. */
int naive_multi_colour(const naive_multi *p, int seat);
/* Does colour have five (or more) in a row anywhere? */
bool naive_multi_five(const naive_multi *p, int colour);
/* Every legal move in canonical order into out (room for
 * NAIVE_MULTI_MAX_MOVES); the count, 0 once the game is over. */
int naive_multi_moves(const naive_multi *p, uint16_t *out);
/* Play a legal move. */
void naive_multi_apply(naive_multi *p, uint16_t move);
uint64_t naive_multi_perft(const naive_multi *p, int depth);

/* The position line of multi.h, written from the board. */
void naive_multi_line(const naive_multi *p, char *buf, size_t len);
/* A position line (trusted: no checks) into p, whose nseats and team
 * are kept. */
void naive_multi_from_line(naive_multi *p, const char *line);

#endif
