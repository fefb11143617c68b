/* report_html.c - the event report's page (see report_html.h): its head
 * and style, the header saying how far the event has come, the sections
 * in order, and the file written atomically.  The sections are in
 * report_html_*.c (report_html_internal.h). */
#include "event/report_html_internal.h"

#include "event/event_views.h"
#include "event/plan_query.h"
#include "util/fsutil.h"

#include <stdlib.h>
#include <string.h>

/* One style for the whole page, inline so that the file stands alone.
 * The bracket is a row of rounds, each a column of pairs of ties spread
 * evenly, so that each tie sits level with the pair that feeds it; lines
 * from each pair to the next round draw the tree. */
static const char report_css[] =
    "body{font:15px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;"
    "background:#fff}\n"
    "h1{margin:0 0 .2em}h2{margin-top:1.6em;border-bottom:2px solid #ddd}\n"
    "nav a{margin-right:1em}.meta{color:#555}\n"
    "table{border-collapse:collapse;margin:.6em 0}\n"
    "caption{text-align:left;padding:.2em 0}\n"
    "th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left}\n"
    "th{background:#f3f3f3}td.n{text-align:right}\n"
    "table.cross td{text-align:center;white-space:nowrap}\n"
    "td.self{background:#eee}\n"
    ".bracket{display:flex;align-items:stretch;overflow-x:auto;"
    "padding:.5em 0}\n"
    ".round{display:flex;flex-direction:column;min-width:13em;"
    "margin-right:2em}\n"
    ".round h3{font-size:.9em;margin:.2em 0;text-align:center}\n"
    ".ties,.pair{flex:1;display:flex;flex-direction:column;"
    "justify-content:space-around}\n"
    ".pair{position:relative}\n"
    ".tie{position:relative;border:1px solid #999;border-radius:4px;"
    "margin:.4em 0;background:#fafafa}\n"
    ".pair .tie::after{content:\"\";position:absolute;right:-1em;top:50%;"
    "width:1em;border-top:1px solid #999}\n"
    ".pair::after{content:\"\";position:absolute;right:-1em;top:25%;"
    "bottom:25%;border-right:1px solid #999}\n"
    ".round+.round .tie::before{content:\"\";position:absolute;left:-1em;"
    "top:50%;width:1em;border-top:1px solid #999}\n"
    ".slot{padding:.15em .4em}.slot+.slot{border-top:1px solid #ddd}\n"
    ".slot.won{font-weight:bold}.seed{color:#777;margin-right:.4em}\n"
    ".tie .games{font-size:.85em;padding:.15em .4em;border-top:1px dashed "
    "#ccc}\n"
    ".tie .games a{margin-right:.5em}\n"
    ".third{margin-top:1em}\n"
    "small{color:#666}\n";

static const char *report_status(const tables_ctx *t, char *buf, size_t len)
{
    if (plan_done(t->p))
        return "finished";
    snprintf(buf, len, "in progress: %zu of %zu games known so far played",
             plan_played(t->p), plan_known(t->p));
    return buf;
}

static void report_head(FILE *f, const tables_ctx *t)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, "
          "initial-scale=1\">\n<title>",
          f);
    view_html_text(f, t->def->name);
    fprintf(f, ": event report</title>\n<style>\n%s</style>\n</head>\n",
            report_css);
}

static void report_header(FILE *f, const tables_ctx *t)
{
    char status[128];
    bool swiss = t->def->plan.format == PLAN_SWISS_CUP;
    fputs("<header>\n<h1>", f);
    view_html_text(f, t->def->name);
    fputs("</h1>\n<p class=\"meta\">", f);
    view_html_text(f, t->def->game);
    fputs(" ", f);
    view_html_text(f, t->def->variant);
    fputs(", ", f);
    view_html_text(f, event_format_name(t->def->plan.format));
    fprintf(f, ", %d entrants. <span id=\"status\">", t->def->nentrants);
    view_html_text(f, report_status(t, status, sizeof status));
    fprintf(f, "</span>. Isolation: %s. Pondering: %s.</p>\n<nav>",
            tables_isolation(t), tables_pondering(t));
    fprintf(f, "<a href=\"#groups\">%s</a>", swiss ? "groups" : "league");
    if (swiss)
        fputs("<a href=\"#cup\">cup</a>", f);
    fputs("<a href=\"#final\">final ranking</a><a href=\"#faults\">faults"
          "</a><a href=\"#ratings\">ratings</a></nav>\n</header>\n",
          f);
}

/* A big event's games have no viewer pages (report_html_pages): how to
 * make one. */
static void report_pages_note(FILE *f, const tables_ctx *t)
{
    if (report_html_pages(t->def))
        return;
    fprintf(f, "<p class=\"note\">The event has %llu games, more than the "
               "%d whose viewer pages are written: a game's page is made on "
               "demand with <code>referee replay RECORD --html OUT</code>, "
               "RECORD being the game's record in ",
            report_html_event_games(t->def), EVENT_VIEW_PAGES_MAX);
    view_html_text(f, t->def->records);
    fputs(".</p>\n", f);
}

static int report_page(FILE *f, void *ctx)
{
    tables_ctx *t = ctx;
    report_head(f, t);
    fputs("<body>\n", f);
    report_header(f, t);
    report_pages_note(f, t);
    report_groups(f, t);
    if (t->def->plan.format == PLAN_SWISS_CUP)
        report_cup(f, t);
    report_final(f, t);
    report_faults(f, t);
    if (report_ratings(f, t) != 0)
        return -1;
    fputs("</body>\n</html>\n", f);
    return ferror(f) ? -1 : 0;
}

int report_html_file(tables_ctx *t, char *err, size_t errlen)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/index.html", t->def->results);
    return fs_write_replace(path, report_page, t, err, errlen);
}

int report_html_write_known(const event_def *def, const plan *p,
                            const tables_game *games, size_t ngames,
                            tables_info **known, size_t *nknown, char *err,
                            size_t errlen)
{
    tables_ctx t;
    if (tables_ctx_init_known(&t, def, p, games, ngames, *known, *nknown,
                              err, errlen) != 0)
        return -1;
    int rc = report_html_file(&t, err, errlen);
    /* What the records said, kept for the next page. */
    free(*known);
    *known = t.info;
    *nknown = ngames;
    t.info = NULL;
    tables_ctx_release(&t);
    return rc;
}

int report_html_write(const event_def *def, const plan *p,
                      const tables_game *games, size_t ngames, char *err,
                      size_t errlen)
{
    tables_ctx t;
    if (tables_ctx_init(&t, def, p, games, ngames, err, errlen) != 0)
        return -1;
    int rc = report_html_file(&t, err, errlen);
    tables_ctx_release(&t);
    return rc;
}
