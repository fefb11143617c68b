/*
 * ratings_table.h - an event's league ratings, beside its tables:
 * maximum-likelihood Elo with 95% intervals over every scored game of the
 * event (group, league and cup games, replays included; void games never
 * reach the tables), fitted by ratings_fit (stats/ratings.h) with the mean
 * of the rated entrants at 0 and a draw as half a point.  In four-seat team
 * events each entrant is a team, so the ratings are the teams'.  A
 * free-for-all game (its result has places) counts once between every two
 * of its seats: the better place wins, a shared place draws.
 *
 * Written as ratings.yaml and ratings.md under the results directory
 * (atomically) and printed after the tables: one row per entrant, by
 * rating, with rank, rating, the half-width of its 95% interval, games,
 * points and score.  An entrant whose rating is unbounded (it won or lost
 * every game, or is not connected to the rated entrants) has its status
 * and a note instead of a number; formats in referee/event/EVENTS.md.
 */
#ifndef RATINGS_TABLE_H
#define RATINGS_TABLE_H

#include "event/event_def.h"
#include "event/plan.h"
#include "event/tables.h"
#include "stats/ratings.h"

#include <stddef.h>
#include <stdio.h>

typedef struct {
    int entrant;
    int rank;              /* 1-based, shared when nothing separates two
                              rows; 0 for an entrant the fit cannot place */
    ratings_status status;
    double rating, error;  /* rated only: Elo and 95% half-width */
    long games;
    double points;         /* wins + draws / 2 */
    const char *note;      /* unless rated: "above all (won every game)" */
} ratings_table_row;

typedef struct {
    int fit;               /* RATINGS_ALL, RATINGS_PARTIAL, or -1: nobody
                              could be rated (why says why) */
    const char *why;
    long games;            /* games counted */
    int nrows;             /* every entrant, in rank order */
    ratings_table_row row[PLAN_MAX_ENTRANTS];
} ratings_table;

/* Fit the ratings of entrants 0..nentrants-1 (1..PLAN_MAX_ENTRANTS) from
 * games.  0, or -1 with err (out of memory, nentrants out of range); a fit
 * that rates nobody is not an error (fit -1, every row says why).  Memory
 * and counting are linear in the games; the fit itself grows as the cube
 * of the entrants (about 2 s for 1,000), so beyond RATINGS_MAX_PLAYERS
 * nobody is rated and why says so. */
int ratings_table_compute(int nentrants, const tables_game *games,
                          size_t ngames, ratings_table *out, char *err,
                          size_t errlen);

/* The table as YAML and as Markdown; isolation as the other tables say it
 * ("full", "none", "unknown"), or NULL to leave it out. */
void ratings_table_yaml(FILE *f, const event_def *def,
                        const ratings_table *t, const char *isolation);
void ratings_table_md(FILE *f, const event_def *def, const ratings_table *t,
                      const char *isolation);

/* Compute and write results/ratings.yaml and ratings.md atomically. */
int ratings_table_write(const event_def *def, const tables_game *games,
                        size_t ngames, const char *isolation, char *err,
                        size_t errlen);
/* Compute and print the Markdown table. */
void ratings_table_print(FILE *out, const event_def *def,
                         const tables_game *games, size_t ngames,
                         const char *isolation);

#endif
