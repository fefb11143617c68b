/*
 * event_views.h - what the views made for people leave out of a big
 * event, in one place.
 *
 * The YAML tables are data and keep everything at any size.  The
 * Markdown tables and the HTML report are read by people: a crosstable of
 * 1,000 entrants is a million cells (megabytes of Markdown no one scrolls),
 * a list of half a million games makes index.html too heavy for a
 * browser, and a page per game is half a million files.  Beyond these
 * sizes the views say in one sentence what they leave out and where it
 * is (the YAML tables, the records, `referee replay RECORD --html OUT`).
 */
#ifndef EVENT_VIEWS_H
#define EVENT_VIEWS_H

/* A league or group's crosstable is in its .md table and in index.html
 * up to this many entrants (the largest event before leagues grew). */
#define EVENT_VIEW_CROSS_MAX 64
/* index.html lists every game up to this many games in the event. */
#define EVENT_VIEW_GAMES_MAX 5000
/* games/ID.html, a viewer page per game, is written (during the event and
 * by `referee standings --write`) up to this many games in the event. */
#define EVENT_VIEW_PAGES_MAX 5000

#endif
