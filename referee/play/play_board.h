/*
 * play_board.h - the board for a person at a terminal: coordinates on all
 * four sides, and the cells of the last move marked.
 *
 * The board is drawn from the game's position line (PROTOCOL.md section
 * 8, the one documented view of a position), so that no engine's inner
 * layout is needed here.  The last move's cells are where its stones
 * stand now: a Pentago marble placed in the quadrant that its move turned
 * is marked where the turn carried it.  The mark is brackets, `[w]`, which
 * any terminal, a log or a pipe shows; with ansi the bracketed cell is
 * also drawn bold.  A game without a layout here is drawn by
 * rules_render() with the last move named below it.
 */
#ifndef PLAY_BOARD_H
#define PLAY_BOARD_H

#include "rules.h"

#include <stdbool.h>
#include <stdio.h>

/* Draw pos.  last, when not NULL, is the move that led from before to
 * pos: its cells are marked, and in games without rotation the stones it
 * took off the board are named below ("taken: L11 M12").  ansi: bold for
 * the mark (a terminal). */
void play_board_draw(FILE *out, const rules_game *g, const rules_pos *pos,
                     const rules_pos *before, const rules_move *last,
                     bool ansi);

/* The name of a cell in the game's notation ("c4", "K10") into buf (at
 * least 8 bytes); "?" for a game without a layout here.  Returns buf. */
const char *play_board_cell_name(const rules_game *g, int cell, char *buf,
                                 size_t len);

#endif
