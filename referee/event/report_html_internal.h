/*
 * report_html_internal.h - what the parts of the event report share (the
 * contract for callers is report_html.h).  The parts:
 *   report_html.c         the page: head, style, header, and the file;
 *   report_html_text.c    escaping, links to the viewer pages, names;
 *   report_html_groups.c  group and league tables with their crosstables
 *                         and games; the free-for-all's table;
 *   report_html_cup.c     the cup bracket drawn as a tree;
 *   report_html_rank.c    the final ranking, the faults, the ratings;
 *   report_html_games.c   the viewer page of each game.
 * Each writes only to the FILE it is given, from the tables' context
 * (event/tables_internal.h), which holds the games in listing order and
 * what their records say.
 */
#ifndef REPORT_HTML_INTERNAL_H
#define REPORT_HTML_INTERNAL_H

#include "event/report_html.h"
#include "event/tables_internal.h"
#include "view/view_escape.h"

#include <stdio.h>

/* ---- report_html.c ------------------------------------------------------ */

/* index.html from the tables' context (tables_write writes it with the
 * other tables, so that standings compares it too). */
int report_html_file(tables_ctx *t, char *err, size_t errlen);
/* report_html_write for a page written again and again (report_live.h):
 * *known holds what the records of the first *nknown games said (NULL,
 * 0 the first time), and is replaced by what those of all ngames say
 * (free it). */
int report_html_write_known(const event_def *def, const plan *p,
                            const tables_game *games, size_t ngames,
                            tables_info **known, size_t *nknown, char *err,
                            size_t errlen);

/* ---- report_html_text.c ------------------------------------------------- */

/* An entrant's name escaped, "(bye)" or "(open)" for none, marked when it
 * withdrew. */
void report_name(FILE *f, const tables_ctx *t, int entrant);
/* <a class="game" href="games/ID.html">label</a>, label escaped; the
 * label alone when the event's pages are not written
 * (report_html_pages). */
void report_game_link(FILE *f, const tables_ctx *t, const tables_game *g,
                      const char *label);
/* The viewer page's path of game id under the results directory. */
void report_game_page(char *buf, size_t len, const char *results,
                      const char *id);
/* The id of an element for group g: "group-A", "league". */
void report_group_anchor(char *buf, size_t len, const tables_ctx *t, int g);

/* ---- report_html_groups.c ----------------------------------------------- */

/* Every group (or the league): its table, its crosstable, its games. */
void report_groups(FILE *f, tables_ctx *t);

/* ---- report_html_cup.c -------------------------------------------------- */

/* The cup bracket as a tree (swiss-cup), once the cup is drawn. */
void report_cup(FILE *f, const tables_ctx *t);

/* ---- report_html_rank.c ------------------------------------------------- */

void report_final(FILE *f, const tables_ctx *t);
void report_faults(FILE *f, const tables_ctx *t);
/* -1 out of memory. */
int report_ratings(FILE *f, const tables_ctx *t);

#endif
