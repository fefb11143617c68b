/*
 * tables.h - an event's tables, written under its results directory:
 *   group-X.yaml/.md (league.yaml/.md for leagues): rank, entrant, played,
 *     won, drawn, lost, points, win points, what decided the rank;
 *   cup.yaml/.md (swiss-cup): every tie with every game, replays included;
 *   final.yaml/.md: the final ranking, with each entrant's command, which
 *     later events read to take their entrants from this one;
 *   ratings.yaml/.md: Elo ratings over every scored game
 *     (event/ratings_table.h).
 * Every file is written atomically.
 */
#ifndef TABLES_H
#define TABLES_H

#include "event/event_def.h"
#include "event/plan.h"

#include <stdio.h>

typedef struct {
    plan_game game;
    plan_result result;
} tables_game;

int tables_write(const event_def *def, const plan *p,
                 const tables_game *games, size_t ngames, char *err,
                 size_t errlen);
/* The group tables and the final ranking in Markdown, for a terminal. */
void tables_print(FILE *out, const event_def *def, const plan *p,
                  const tables_game *games, size_t ngames);

#endif
