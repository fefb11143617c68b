/*
 * replay.h - re-check a match record against the rules: whose turn each
 * move was, that it is legal and written canonically, and that the
 * recorded result, reason, win points and final position follow from the
 * moves (for a fault: that the game was still going and, for a timeout or
 * an illegal move, that the blamed seat was on move).
 */
#ifndef REPLAY_H
#define REPLAY_H

#include "record/record.h"
#include "rules.h"

#include <stddef.h>

/* Called with the position before the first move (ply 0) and after every
 * move (ply 1..n). */
typedef void (*replay_show_fn)(const rules_game *g, const rules_pos *pos,
                               const record *r, size_t ply, void *arg);

/* 0 when r agrees with the rules; 1 with "FILE: ply N: ..." or
 * "FILE: result: ..." in err.  show may be NULL. */
int replay_check(const record *r, const char *file, replay_show_fn show,
                 void *arg, char *err, size_t errlen);

#endif
