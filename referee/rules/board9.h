/*
 * board9.h - the 9x9 board of Pentago Multiplayer and the Pattern Puzzle:
 * the notation of cells and block turns, and where a turn takes a cell.
 *
 * Cells are numbered row * 9 + column; row 0 is "1" at the top, column 0
 * is "a".  Blocks 0..8 are the 3x3 blocks in reading order, written 1..9.
 * A turn is written as the block's digit and R (clockwise, as seen on the
 * printed board) or L.  Pure: no I/O, no allocation.
 */
#ifndef BOARD9_H
#define BOARD9_H

#include <stdint.h>

#define BOARD9_SIDE 9
#define BOARD9_CELLS 81
#define BOARD9_BLOCKS 9

/* Read a cell ("e5", either case) at *s and move *s past it; the cell
 * number, or -1 (then *s is unchanged). */
int board9_parse_cell(const char **s);
/* Read a turn ("5R", "5l") at *s and move *s past it; block * 2 + dir
 * (dir 0 = R, 1 = L), or -1 (then *s is unchanged). */
int board9_parse_turn(const char **s);
/* "e5" into out (at least 3 bytes). */
void board9_cell_text(int cell, char *out);
/* "5R" into out (at least 3 bytes) for block * 2 + dir. */
void board9_turn_text(int turn, char *out);

/* The block a cell is in. */
int board9_block_of(int cell);
/* Where cell is after block turns by a quarter in dir; a cell outside
 * the block stays where it is. */
int board9_turned_cell(int cell, int block, int dir);
/* Turn a block of a board of one byte per cell. */
void board9_turn_bytes(uint8_t board[BOARD9_CELLS], int block, int dir);

#endif
