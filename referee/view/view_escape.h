/*
 * view_escape.h - untrusted text (bot names, comments, fault details)
 * written into an HTML page so that it stays text: as a JSON string that
 * may sit inside a <script> element, or as HTML text or an attribute.
 */
#ifndef VIEW_ESCAPE_H
#define VIEW_ESCAPE_H

#include <stdio.h>

/* s as a JSON string with its quotes; NULL as null.  Besides what JSON
 * requires, '<', '>' and '&' are written \u003c, \u003e, \u0026 (so no
 * "</script>" nor "<!--" can end the element), U+2028 and U+2029 as
 * escapes, and bytes that are not valid UTF-8 as U+FFFD. */
void view_json_str(FILE *f, const char *s);

/* s as HTML text or a quoted attribute value: & < > " ' as entities,
 * other control bytes dropped, invalid UTF-8 as U+FFFD.  NULL writes
 * nothing. */
void view_html_text(FILE *f, const char *s);

#endif
