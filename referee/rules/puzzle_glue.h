/*
 * puzzle_glue.h - what the two halves of the Pattern Puzzle's rules.h glue
 * share: puzzle_rules.c (options, notation, outcomes, rendering) and
 * puzzle_line.c (position lines).  Only those two include it.
 */
#ifndef PUZZLE_GLUE_H
#define PUZZLE_GLUE_H

#include "puzzle.h"
#include "rules_engine.h"

#include <stdio.h>
#include <string.h>

static inline puzzle_pos puzzle_get(const rules_pos *pos)
{
    _Static_assert(sizeof(puzzle_pos) <= sizeof(rules_pos),
                   "puzzle_pos must fit in rules_pos");
    puzzle_pos p;
    memcpy(&p, pos->opaque, sizeof p);
    return p;
}

static inline void puzzle_put(rules_pos *pos, const puzzle_pos *p)
{
    memcpy(pos->opaque, p, sizeof *p);
}

static inline const puzzle_settings *puzzle_of(const rules_game *g)
{
    return &g->settings.puzzle;
}


/* puzzle_line.c: the engine's pos_write and pos_read (puzzle.h). */
void puzzle_pos_write(const rules_game *g, const rules_pos *pos, char *buf,
                      size_t len);
rules_status puzzle_pos_read(const rules_game *g, const char *line,
                             rules_pos *pos, char *why, size_t whylen);

#endif
