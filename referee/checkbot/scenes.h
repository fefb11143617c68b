/*
 * scenes.h - the positions check-bot asks a bot to move from, beyond
 * the start of a game: each is a list of moves from the start (sent as
 * an opening's `played` lines, or as the `position` line they lead to),
 * after which the bot is the seat to move.
 *
 *   end-game      Pentago: 32 plies of a full-board draw, 4 cells empty
 *   full-board    Pentago: 35 plies of it, the last cell left: every
 *                 move ends the game, most of them in a draw
 *   captures      Pente, every variant: a pair captured, the capturing
 *                 side to move
 *   power-stones  Pente Plus: a power stone of each side on the board, one
 *                 power stone in hand each, a pair captured with a colour
 *                 list, and a bonus stone placed (PROTOCOL.md section 9)
 *   five          a five is on for the side to move (Pentago: by
 *                 placement at e1; Pente: K13 or K18)
 *
 * Each is checked against the rules of the game as set up (variant and
 * options): a list that is not legal there, that ends the game on the
 * way, or (five) that leaves no five on is left out, with the reason.
 */
#ifndef CHECKBOT_SCENES_H
#define CHECKBOT_SCENES_H

#include "checkbot/steps.h"
#include "rules.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    ckstep step;
    const char *what; /* "with 4 empty cells", for the report */
    const char *const *moves;
    int nmoves;
} ckscene;

#define CKSCENE_MAX 8

/* Told of a scene of the game that cannot be played here, and why. */
typedef void (*ckscene_skip_fn)(ckstep step, const char *why, void *arg);

/* The scenes of g's game that its rules allow, in course order; how many
 * were written to out. */
int ckscene_list(const rules_game *g, ckscene *out, int max,
                 ckscene_skip_fn skip, void *arg);

/* Play moves from the start into pos: false with why (the move and the
 * rules' reason) if one is not legal or ends the game. */
bool ckscene_reach(const rules_game *g, const char *const *moves, int n,
                   rules_pos *pos, char *why, size_t whylen);

/* Whether the side to move in pos can win at once, and with which move
 * (its canonical text) if so. */
bool ckscene_win_in_one(const rules_game *g, const rules_pos *pos,
                        char *move, size_t len);

#endif
