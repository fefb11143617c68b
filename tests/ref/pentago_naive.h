/*
 * pentago_naive.h - a deliberately simple Pentago for cross-checking the
 * bitboard engine (referee/rules/pentago.c).  Tests and benchmarks only.
 *
 * Written from the rules text (protocol/RULES.md, Pentago), not
 * from pentago.c: a char board[6][6], a quadrant turned by copying its 3x3
 * cells, and five found by walking every line cell by cell.  Slow on
 * purpose; where it disagrees with the fast engine, one of them is wrong.
 *
 * Rules:
 *   - a placement that makes five for the mover wins at once; the move is
 *     the bare cell and no rotation is allowed with it;
 *   - otherwise the move is a placement and a rotation of any quadrant;
 *   - after the rotation: five for the mover only, the mover wins; for the
 *     opponent only, the opponent wins; for both, a draw (NAIVE_STANDARD)
 *     or a win for the mover (NAIVE_SWISS_2010);
 *   - 36 marbles and no five: a draw.
 *
 * Moves use the packed encoding of pentago.h: cell | rot << 6, cell = row *
 * 6 + column with row 0 = row "1" at the top, rot = quadrant * 2 + dir
 * (quadrants 0..3 in reading order, dir 0 = clockwise "R", 1 = "L"), and
 * rot 8 (NAIVE_NO_ROT) for a bare placement.  Legal moves are listed in the
 * same canonical order as pentago_legal_moves: cells ascending, then
 * rot 0..7.
 *
 * The position is plain data: copy it with '='.
 */
#ifndef PENTAGO_NAIVE_H
#define PENTAGO_NAIVE_H

#include <stdbool.h>
#include <stdint.h>

#define NAIVE_NO_ROT 8
#define NAIVE_MAX_MOVES 288

typedef enum { NAIVE_STANDARD = 0, NAIVE_SWISS_2010 = 1 } naive_rules;

/* How the game ended. */
typedef enum {
    NAIVE_ONGOING = 0,
    NAIVE_END_PLACEMENT,     /* the placement made five for the mover */
    NAIVE_END_ROT_MOVER,     /* the rotation made five for the mover only */
    NAIVE_END_ROT_OPPONENT,  /* the rotation made five for the opponent only */
    NAIVE_END_ROT_BOTH,      /* the rotation made five for both */
    NAIVE_END_FULL,          /* 36 marbles, no five */
} naive_end;

typedef struct {
    char board[6][6]; /* [row][column]: '.', 'w' (seat 0) or 'b' (seat 1) */
    int to_move;      /* seat to move: 0 or 1 */
    bool over;
    int winner;       /* seat, or -1 (game on, or a draw) */
    naive_end end;
} naive_pos;

/* Empty board, white (seat 0) to move. */
void naive_start(naive_pos *p);
/* Owner of a cell (row * 6 + column): 0, 1, or -1 if empty. */
int naive_cell(const naive_pos *p, int cell);
/* Does seat have five (or more) in a row anywhere on the board? */
bool naive_has_five(const naive_pos *p, int seat);
/* Turn quadrant q (0..3) by a quarter; dir 0 = clockwise. */
void naive_rotate(naive_pos *p, int q, int dir);
/* Every legal move in canonical order into out (room for NAIVE_MAX_MOVES);
 * returns the count, 0 once the game is over. */
int naive_legal_moves(const naive_pos *p, uint16_t *out);
/* Play a legal move and settle the outcome under rules. */
void naive_apply(naive_pos *p, uint16_t move, naive_rules rules);
/* The winning seat or -1; *over says whether the game has ended. */
int naive_outcome(const naive_pos *p, bool *over);
/* Marbles of a seat on the board. */
int naive_marbles(const naive_pos *p, int seat);
/* Number of move sequences of length depth (no bulk counting tricks
 * beyond counting the last ply's list). */
uint64_t naive_perft(const naive_pos *p, int depth, naive_rules rules);

#endif
