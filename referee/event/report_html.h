/*
 * report_html.h - an event's report for people: results/EVENT/index.html,
 * one self-contained page (inline CSS, no script, nothing from the
 * network) that a browser opens from disk and an organiser can post.
 *
 * It shows what the tables show (event/tables.h), drawn for a browser:
 * each group's table with its crosstable and its games, the cup bracket
 * as a tree, a league's table (round robin, gauntlet, free-for-all), the
 * final ranking, each entrant's faults (time losses, exits and crashes,
 * illegal moves, others), and the ratings with their intervals.  Every
 * game links to its viewer page, games/GAME-ID.html beside the page
 * (view/html_game.h).  A big event's page leaves out what
 * event/event_views.h says (crosstables, the list of games, the viewer
 * pages) and says so.  The page is a function of the plan and the
 * records, so `referee standings --write` writes the same bytes as the
 * event; while the event runs it says how far it has come
 * (event/report_live.h rewrites it after every result).
 */
#ifndef REPORT_HTML_H
#define REPORT_HTML_H

#include "event/event_def.h"
#include "event/plan.h"
#include "event/tables.h"

#include <stdbool.h>
#include <stddef.h>

/* Write def->results/index.html from the plan p and its games, atomically
 * but not synced (fs_write_replace: it is made again from the records).
 * 0, or -1 with err. */
int report_html_write(const event_def *def, const plan *p,
                      const tables_game *games, size_t ngames, char *err,
                      size_t errlen);

/* Write the viewer page def->results/games/GAME-ID.html of each game from
 * its record (a game whose record is not on disk has none): every page
 * when all, else only those not written yet.  None at all for an event
 * of more than EVENT_VIEW_PAGES_MAX games (report_html_pages): each is
 * made on demand by `referee replay RECORD --html OUT`.  0, or -1 with
 * err naming the first page that could not be written (the others are
 * still tried). */
int report_html_games(const event_def *def, const tables_game *games,
                      size_t ngames, bool all, char *err, size_t errlen);

/* The games of def's event as planned: a league's, or a swiss-cup's
 * group games (its cup adds at most a few hundred more). */
unsigned long long report_html_event_games(const event_def *def);
/* Are the viewer pages of def's games written (at most
 * EVENT_VIEW_PAGES_MAX games)? */
bool report_html_pages(const event_def *def);

#endif
