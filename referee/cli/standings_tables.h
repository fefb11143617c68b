/*
 * standings_tables.h - do the tables posted under an event's results
 * directory still follow from its records?  For `referee standings`.
 *
 * The tables the records give are written by tables_write() into a
 * temporary directory beside the results directory (tables name their
 * records relative to where they are) and compared byte for byte with
 * those in the results directory, so the comparison knows every table the
 * event writes, now and later.  An event writes its tables once it is finished:
 * when the records do not finish it (a record is missing), any table found
 * there (final.yaml saying the event is done, a group table) no longer
 * follows from them.  Each table that disagrees is reported once, with its
 * first differing line, or as missing, or as one the records do not give.
 */
#ifndef STANDINGS_TABLES_H
#define STANDINGS_TABLES_H

#include "event/tables.h"

#include <stdbool.h>
#include <stdio.h>

/* Compare the tables under def->results with what the records give (the
 * plan p and its games).  rewriting: `--write` rewrites them next, so a
 * table that disagrees is told as being rewritten and is not counted.
 * explained: problems of the records were reported, so tables left stale
 * by an event they no longer finish are told but not counted again.
 * Lines go to out.  Returns the number of tables that disagree and stay
 * so (-1 when the comparison itself failed, with a line saying why). */
int standings_tables_audit(const event_def *def, const plan *p,
                           const tables_game *games, size_t ngames,
                           bool rewriting, bool explained, FILE *out);

#endif
