/*
 * setup.h - the `set` lines and `start` that open a game for one seat
 * (PROTOCOL.md section 3), in the order the referee sends them: one text
 * for every place that starts a game with bots (a match, `referee play`).
 */
#ifndef SETUP_H
#define SETUP_H

#include "clock/time_control.h"
#include "rules.h"

#include <stdbool.h>
#include <stdint.h>

/* Receives each line with its LF, len as proto_fmt_* return it (-1 if it
 * could not be written); last is true for `start`. */
typedef void (*setup_emit_fn)(void *arg, const char *line, int len,
                              bool last);

/* game, variant, options (when the game has any), seats, a player line
 * per seat (names[o], or "unnamed"), you, time, seed, start. */
void setup_lines(const rules_game *g, int you, const char *const *names,
                 const time_control *tc, uint64_t seed, setup_emit_fn emit,
                 void *arg);

#endif
