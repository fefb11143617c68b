/*
 * html_game.h - the viewer page of one game: a single self-contained HTML
 * file (no network, no build step, opens from disk) that shows a record
 * move by move.  Every position is computed by the rules engine when the
 * page is written (game_data.h) and embedded as JSON; the page's script
 * (viewer.js) only draws and navigates, and its style is viewer.css, both
 * compiled into the program (view_assets.h).
 *
 * The page's DOM contract, which the browser tests rely on: the board is
 * <svg id="board" data-ply="N" data-plies="M">, each piece an element of
 * class "piece" with data-cell (row * width + column of the position
 * line's grid) and data-piece (the line's letter); #ply says "ply N of M";
 * #moves holds one li[data-ply=K] per move (its text, time, bank left and
 * comments); buttons #first #prev #next #last #play, #speed (ms per
 * move), #jump (Enter jumps); keys ArrowRight/ArrowLeft, Home/End, Space;
 * the hash #ply=N&keys=ArrowRight,click:prev opens at ply N and replays
 * those inputs, then sets document.body.dataset.ready = "1"; #result
 * holds the result, its reason and a fault's detail.
 */
#ifndef HTML_GAME_H
#define HTML_GAME_H

#include "record/record.h"

#include <stddef.h>

/* Write one self-contained HTML page (no network, opens from disk) that
 * shows the game of record r move by move, every position computed by
 * the rules engine now.  Written atomically (temporary file, then
 * rename) but not synced (fs_write_replace): a page is made again at will
 * from its record.  back_href, when not NULL, is a link shown at the top ("event
 * report").  0, or -1 with why in err. */
int html_game_write(const record *r, const char *path, const char *back_href,
                    char *err, size_t errlen);

#endif
