/*
 * movelist.h - a game given as a plain list of moves, for `referee replay
 * --moves`: read from a file (or stdin), then played from the start
 * against the rules up to its end or its first move the rules refuse, so
 * that a bot author can check a game without writing a match record.
 *
 * The list: moves in the game's notation, one a line or several on a line
 * separated by commas ("c4 2R, d3 1L" in Pentago, "K10, L12* D4" in
 * Pente); blanks around a move, blank lines, and everything from a '#' to
 * the end of its line are skipped.  Every move keeps the line it came
 * from, for messages.
 */
#ifndef MOVELIST_H
#define MOVELIST_H

#include "rules.h"

#include <stddef.h>

typedef struct {
    char *text; /* as written, blanks around it removed */
    long line;  /* 1 = the first line of the file */
} movelist_move;

typedef struct {
    const char *name; /* the file as messages name it ("stdin" for -) */
    movelist_move *moves;
    size_t count, cap;
} movelist;

/* Read path ("-": stdin) into ml.  0, or -1 with "FILE: why" or
 * "FILE:LINE: why" in err (ml is then empty). */
int movelist_read(const char *path, movelist *ml, char *err, size_t errlen);
void movelist_release(movelist *ml);

/* Called with the start position (ply 0, move NULL) and after each move
 * played (ply 1..n) with the move and the seat that made it. */
typedef void (*movelist_show_fn)(const rules_game *g, const rules_pos *pos,
                                 size_t ply, const rules_move *move,
                                 int seat, void *arg);

/* Play ml from the start position of g into *pos, calling show (may be
 * NULL).  *played: the moves played.  Returns 0 when every move was
 * played (the game may be over or still going); 1 at the first move the
 * rules refuse, *pos the position before it, with
 * "FILE:LINE: move N 'TEXT' is not legal: why" or
 * "FILE:LINE: move N 'TEXT': the game is already over (REASON)" in err. */
int movelist_play(const rules_game *g, const movelist *ml, rules_pos *pos,
                  size_t *played, movelist_show_fn show, void *arg,
                  char *err, size_t errlen);

#endif
