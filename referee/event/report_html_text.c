/* report_html_text.c - text and links of the event report (see
 * report_html_internal.h): every text that reaches the page goes through
 * view_html_text (view/view_escape.h), whoever wrote it (entrant names,
 * reasons, notes typed by an arbiter). */
#include "event/report_html_internal.h"

#include "event/event_views.h"
#include "event/plan_query.h"

void report_name(FILE *f, const tables_ctx *t, int entrant)
{
    view_html_text(f, tables_name(t, entrant));
    if (entrant >= 0 && plan_withdrawn(t->p, entrant))
        fputs(" <small>(withdrawn)</small>", f);
}

unsigned long long report_html_event_games(const event_def *def)
{
    const plan_config *c = &def->plan;
    unsigned long long n = c->nentrants > 0 ? (unsigned long long)c->nentrants
                                            : 0;
    unsigned long long gpp = c->games_per_pair > 0 ? c->games_per_pair : 0;
    plan_shape s;
    switch (c->format) {
    case PLAN_ROUND_ROBIN:
        return n * (n ? n - 1 : 0) / 2 * gpp;
    case PLAN_GAUNTLET:
        return (n ? n - 1 : 0) * gpp;
    case PLAN_FREE_FOR_ALL:
        return plan_ffa_games(c);
    default:
        return plan_swiss_shape_q(c->nentrants, c->thirds, c->qualifiers,
                                  &s) == 0
                   ? (unsigned long long)s.group_games
                   : 0;
    }
}

bool report_html_pages(const event_def *def)
{
    return report_html_event_games(def) <= EVENT_VIEW_PAGES_MAX;
}

/* Game ids are [A-Za-z0-9-] (EVENTS.md), so they need no encoding in a
 * link; they are escaped all the same, as every text is.  Without pages
 * (a big event) the label alone. */
void report_game_link(FILE *f, const tables_ctx *t, const tables_game *g,
                      const char *label)
{
    if (!report_html_pages(t->def)) {
        view_html_text(f, label);
        return;
    }
    fputs("<a class=\"game\" href=\"games/", f);
    view_html_text(f, g->game.id);
    fputs(".html\">", f);
    view_html_text(f, label);
    fputs("</a>", f);
}

void report_game_page(char *buf, size_t len, const char *results,
                      const char *id)
{
    snprintf(buf, len, "%s/games/%s.html", results, id);
}

void report_group_anchor(char *buf, size_t len, const tables_ctx *t, int g)
{
    if (t->def->plan.format == PLAN_SWISS_CUP)
        snprintf(buf, len, "group-%s", plan_group_name(t->p, g));
    else
        snprintf(buf, len, "%s", plan_group_name(t->p, g));
}
