/*
 * game_data.h - the data of the viewer page of one record, as JSON: every
 * position of the game computed by the rules engine now, by replaying the
 * record's moves, and each drawn from the cells of its position line
 * (board_grid.h), so that the page's script only draws and navigates.
 *
 * The object (every string from the record escaped by view_json_str):
 *   game, variant, options, event, stage, game_id, round, started, ended
 *   width, height, block (0: no blocks turn), columns (a letter each),
 *   top_row, row_step: the layout and the names of the rows
 *   pattern: the puzzle's pattern as cells, else null
 *   players: [{seat, colour, letter, team, name, version, author,
 *             command, entrant, result, place, win_points}]
 *   time_control: {move_ms, bank_ms, increment_ms}
 *   result: {status, reason, detail, fault_seat, fault_comments: [...],
 *            entered: {by, reason, when} or null,
 *            decision: {rule, entrant, detail} or null}
 *   plies: one per position, plies[0] the start, plies[k] after move k:
 *     pos (the engine's position line), cells (width * height letters,
 *     row 0 first, '.' empty: the line's board), to_move (-1 when over),
 *     note (what the line says beyond the board: captures, power stones,
 *     places, the puzzle's level and roles), and for k > 0: seat, move,
 *     sent (or null), ms, left (-1: no bank), paused, opening (a move of
 *     an opening), comments, marks (cells where the move's pieces stand),
 *     taken (cells whose pieces the move took off), turn ({block, dir
 *     "R"/"L", pre: the cells before the turn}, or null).
 */
#ifndef GAME_DATA_H
#define GAME_DATA_H

#include "record/record.h"

#include <stddef.h>

/* The JSON of r into *json (malloc'd, NUL-terminated, *len bytes; free
 * it).  0, or -1 with why in err: an unknown game, a game without a board
 * layout, a move the rules refuse ("ply N (seat S): 'TEXT': why"), out of
 * memory. */
int game_data_json(const record *r, char **json, size_t *len, char *err,
                   size_t errlen);

#endif
