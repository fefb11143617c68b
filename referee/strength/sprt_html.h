/*
 * sprt_html.h - a strength test's result as a page people open: OUT/
 * sprt.html beside the YAML summary, with the verdict, the test's bounds
 * and log-likelihood ratio, the candidate's score, Elo and normalised Elo
 * with their 95 % intervals, the pair counts, the draw ratios and each
 * bot's faults.  Self-contained (inline style, no script), every text
 * escaped; `referee replay RECORD --html` gives any game's page.
 */
#ifndef SPRT_HTML_H
#define SPRT_HTML_H

#include "strength/sprt_summary.h"

#include <stddef.h>

/* Write the page to path, replaced atomically (not synced: the YAML
 * summary holds the same figures).  0, or -1 with err. */
int sprt_html_write(const sprt_summary *s, const char *path, char *err,
                    size_t errlen);

#endif
