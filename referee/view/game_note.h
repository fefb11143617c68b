/*
 * game_note.h - what a position line says beyond its board, in words for
 * the viewer: Pente's captured stones and power stones in hand, Pentago
 * Multiplayer's places already decided, the puzzle's level, roles, gems
 * in hand and places (PROTOCOL.md section 8).
 */
#ifndef GAME_NOTE_H
#define GAME_NOTE_H

#include "rules.h"
#include "view/board_grid.h"

#include <stddef.h>

/* The note for the position whose cells and fields gr holds, into buf
 * ("" when the line says nothing more). */
void game_note(const rules_game *g, const board_layout *lay,
               const board_grid *gr, char *buf, size_t len);

#endif
