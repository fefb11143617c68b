/*
 * board_grid.h - a game's board as its position line lays it out
 * (PROTOCOL.md section 8, the one documented view of a position): the
 * size, the names of the columns and rows, the blocks that turn, and the
 * cells of a position read from its line.  The terminal board of
 * `referee play` and the HTML viewer both draw from it, so that neither
 * needs an engine's inner layout.
 *
 * Cells are numbered as the rules number them: row * width + column,
 * row 0 the line's first row.
 */
#ifndef BOARD_GRID_H
#define BOARD_GRID_H

#include "rules.h"

#include <stdbool.h>
#include <stddef.h>

#define BOARD_GRID_MAX_CELLS (19 * 19)

/* How a game's position line is laid out, and how its cells are named. */
typedef struct {
    const char *game;
    int width, height;
    const char *columns;      /* the letter of each column, left to right */
    int top_row, row_step;    /* the label of the top row; + step downwards */
    int block;                /* side of the blocks that turn; 0 none */
    bool counts;              /* Pente: captures (and power stones) follow */
} board_layout;

/* The cells of one position, and the fields of its line after the board. */
typedef struct {
    char cell[BOARD_GRID_MAX_CELLS]; /* '.' empty, else the line's letter */
    char rest[RULES_POS_TEXT_MAX];   /* the fields after the board */
} board_grid;

/* The layout of g's game, or NULL for a game that has none here. */
const board_layout *board_layout_of(const rules_game *g);

/* Read the board part of a position line (rows split by '/', '.' or a
 * run length for empty cells, a letter for a piece).  False when it does
 * not fit the layout (a game whose line changed). */
bool board_grid_read(const board_layout *lay, const char *line,
                     board_grid *gr);

/* The cells of pos, from the engine's position line. */
bool board_grid_of(const rules_game *g, const board_layout *lay,
                   const rules_pos *pos, board_grid *gr);

/* The name of a cell in the game's notation ("c4", "K10") into buf (at
 * least 8 bytes); "?" for a cell off the board.  Returns buf. */
const char *board_cell_name(const board_layout *lay, int cell, char *buf,
                            size_t len);

/* Where a piece on cell goes when the step's block turns; cells of other
 * blocks stay.  board_turn_back undoes it. */
int board_turn(const board_layout *lay, int cell, const rules_step *st);
int board_turn_back(const board_layout *lay, int cell, const rules_step *st);

/* The cells the move's placed pieces stand on after it (placed), and the
 * cells its removed pieces stood on, carried as the later turns carry
 * that spot (removed; NULL when not wanted): each turn is applied to the
 * cells of the steps before it. */
void board_move_marks(const board_layout *lay, const rules_move *mv,
                      bool *placed, bool *removed);

/* Does the move turn a block? */
bool board_move_turns(const rules_move *mv);

#endif
