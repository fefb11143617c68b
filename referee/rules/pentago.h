/*
 * pentago.h - Pentago on bitboards: the fast engine under rules.h.
 *
 * Rules as protocol/RULES.md states them (the Swiss regulations 2010/2011): place a marble,
 * then turn any quadrant by 90 degrees; a placement that makes five wins at
 * once with no rotation; after a rotation, five for the mover only wins,
 * five for the opponent only loses, five for both is a draw (standard) or a
 * win for the mover (swiss-2010, tournament rule 8); 36 marbles without a
 * five is a draw (rule 9).
 *
 * Cells are numbered row * 6 + column, row 0 = "1" at the top, column 0 =
 * "a".  Inside a bitboard each quadrant owns a 16-bit lane holding its 3x3
 * cells in reading order, so a rotation is one table look-up per lane.
 *
 * Moves are packed in 16 bits: cell | rotation << 6, where rotation is
 * quadrant * 2 + direction (0 = R, clockwise; 1 = L), or PENTAGO_NO_ROT for
 * a placement that wins by itself.
 *
 * Pure: no I/O, no allocation; the tables are computed at compile time.
 */
#ifndef PENTAGO_H
#define PENTAGO_H

#include <stdbool.h>
#include <stdint.h>

#define PENTAGO_CELLS 36
#define PENTAGO_NO_ROT 8
#define PENTAGO_MAX_MOVES (PENTAGO_CELLS * 8)

typedef uint16_t pentago_move;

typedef enum { PENTAGO_STANDARD = 0, PENTAGO_SWISS_2010 = 1 } pentago_ruleset;

typedef enum {
    PENTAGO_ONGOING = 0,
    PENTAGO_WIN_PLACEMENT, /* mover made five by placing */
    PENTAGO_WIN_ROTATION,  /* mover made five by rotating */
    PENTAGO_LOSS_ROTATION, /* the rotation made five for the opponent only */
    PENTAGO_BOTH_DRAW,     /* five for both, standard rules */
    PENTAGO_BOTH_MOVER,    /* five for both, swiss-2010: the mover wins */
    PENTAGO_FULL_DRAW,     /* 36 marbles, no five */
    PENTAGO_FIVE_READ,     /* five found in a position read from text */
} pentago_status;

typedef struct {
    uint64_t side[2];  /* marbles of seat 0 (white) and seat 1 (black) */
    uint8_t to_move;   /* 0 or 1 */
    uint8_t ply;       /* marbles placed so far */
    uint8_t status;    /* pentago_status of the move that ended the game */
    int8_t winner;     /* seat, or -1 for none or a draw */
} pentago_pos;

static inline pentago_move pentago_make_move(int cell, int rot)
{
    return (pentago_move)(cell | rot << 6);
}
static inline int pentago_move_cell(pentago_move m) { return m & 63; }
static inline int pentago_move_rot(pentago_move m) { return m >> 6; }

void pentago_start(pentago_pos *p);
/* Bit of a cell (row * 6 + column) in the quadrant-lane layout. */
uint64_t pentago_cell_bit(int cell);
/* Seat owning a cell, or -1 if it is empty. */
int pentago_cell_owner(const pentago_pos *p, int cell);
bool pentago_has_five(uint64_t side);
/* Cells where the side to move would make five by placing alone. */
uint64_t pentago_winning_cells(const pentago_pos *p);
/* Turn quadrant q of a bitboard; dir 0 = clockwise. */
uint64_t pentago_rotate(uint64_t board, int q, int dir);

/* Play a legal move and settle the outcome. */
void pentago_apply(pentago_pos *p, pentago_move m, pentago_ruleset rules);
/* Every legal move in canonical order (cells in order, then quadrant 1..4,
 * R before L); returns the count (at most PENTAGO_MAX_MOVES). */
int pentago_legal_moves(const pentago_pos *p, pentago_move *out);
int pentago_count_moves(const pentago_pos *p);
uint64_t pentago_perft(const pentago_pos *p, int depth, pentago_ruleset rules);

#endif
