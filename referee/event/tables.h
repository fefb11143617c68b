/*
 * tables.h - an event's tables, written under its results directory, in
 * YAML for programs and Markdown for posting (formats in
 * referee/event/EVENTS.md):
 *   group-X.yaml/.md (league.yaml/.md for a round-robin): the ranking
 *     (rank, entrant, played, won, drawn, lost, points, win points, what
 *     decided the rank), the crosstable (each entrant's results against
 *     each other, with win points) and every game with its result,
 *     reason, win points and record file;
 *   league.yaml/.md of a gauntlet: the challenger's score against each
 *     opponent (won, drawn, lost from its side) and every game;
 *   league.yaml/.md of a free-for-all: rank, entrant, played, points,
 *     first places, the games at each place, faults, what decided the
 *     rank, and every game with each seat's entrant and place;
 *   cup.yaml/.md (swiss-cup): the seeds and how each qualified, every tie
 *     by round name (final, semi-finals, ...) with every game, replays
 *     included, and the safeguard's decision where it applied;
 *   final.yaml/.md: the final ranking with each entrant's command (later
 *     events read it), the stage it reached and its group-phase record;
 *   ratings.yaml/.md: Elo ratings over every scored game
 *     (event/ratings_table.h);
 *   index.html: all of it as one page for a browser
 *     (event/report_html.h).
 * Win points appear only when the game's rules give them (Pentago, not
 * Pente).  Each game's reason (and a note for a result not played out)
 * is read from its record in the records directory; the rest comes from
 * the plan and the results.  Every file is written atomically.
 */
#ifndef TABLES_H
#define TABLES_H

#include "event/event_def.h"
#include "event/plan.h"
#include "record/record.h"

#include <stdio.h>

typedef struct {
    plan_game game;
    plan_result result;
} tables_game;

int tables_write(const event_def *def, const plan *p,
                 const tables_game *games, size_t ngames, char *err,
                 size_t errlen);
/* The summary, in Markdown, for a terminal: the group (or league, or
 * gauntlet) tables, the cup's rounds with their results, the final
 * ranking (as final.md) and the ratings. */
void tables_print(FILE *out, const event_def *def, const plan *p,
                  const tables_game *games, size_t ngames);

/* What game g's record r says, the winner first, for a progress line:
 * "g1 beat r3 (five-by-rotation)", "g1 drew r3 (full-board)", "g1 vs r3:
 * void (why)". */
void tables_record_text(char *buf, size_t len, const event_def *def,
                        const plan_game *g, const record *r);

#endif
