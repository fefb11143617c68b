/*
 * multi_glue.h - what the two halves of Pentago Multiplayer's rules.h glue
 * share: multi_rules.c (notation, outcomes, rendering) and multi_line.c
 * (position lines).  Only those two include it.
 */
#ifndef MULTI_GLUE_H
#define MULTI_GLUE_H

#include "multi.h"
#include "rules_engine.h"

#include <stdio.h>
#include <string.h>

/* By colour: the names and the position line's letters. */
extern const char *const multi_colour_names[MULTI_MAX_COLOURS];
extern const char multi_letters[];

static inline multi_pos multi_get(const rules_pos *pos)
{
    multi_pos p;
    memcpy(&p, pos->opaque, sizeof p);
    return p;
}

static inline void multi_put(rules_pos *pos, const multi_pos *p)
{
    memcpy(pos->opaque, p, sizeof *p);
}

static inline const multi_settings *multi_of(const rules_game *g)
{
    return &g->settings.multi;
}

/* '.' or the letter of the gem on cell. */
char multi_cell_char(const multi_pos *p, int cell);


/* multi_line.c: the engine's pos_write and pos_read (multi.h). */
void multi_pos_write(const rules_game *g, const rules_pos *pos, char *buf,
                     size_t len);
rules_status multi_pos_read(const rules_game *g, const char *line,
                            rules_pos *pos, char *why, size_t whylen);

#endif
