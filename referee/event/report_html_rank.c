/* report_html_rank.c - the event report's summaries (see
 * report_html_internal.h): the final ranking, each entrant's faults by
 * kind, and the ratings with their intervals (event/ratings_table.h). */
#include "event/report_html_internal.h"

#include "event/plan_query.h"
#include "event/ratings_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void report_final(FILE *f, const tables_ctx *t)
{
    bool swiss = t->def->plan.format == PLAN_SWISS_CUP;
    fputs("<section id=\"final\">\n<h2>Final ranking</h2>\n", f);
    if (!plan_done(t->p)) {
        fputs("<p>The final ranking comes when the last game is over.</p>\n"
              "</section>\n",
              f);
        return;
    }
    size_t cap = t->def->nentrants > 0 ? (size_t)t->def->nentrants : 1;
    int *who = malloc(cap * sizeof *who), *place = malloc(cap * sizeof *place);
    if (!who || !place) {
        fputs("<p>(out of memory)</p>\n</section>\n", f);
        free(who);
        free(place);
        return;
    }
    size_t n = plan_final_ranking(t->p, who, place, cap);
    if (n > cap)
        n = cap;
    fprintf(f, "<table class=\"final\">\n<thead><tr><th>place</th>"
               "<th>entrant</th>%s</tr></thead>\n<tbody>\n",
            swiss ? "<th>group</th>" : "");
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "<tr><td class=\"n\">%d</td><td>", place[i]);
        report_name(f, t, who[i]);
        fputs("</td>", f);
        if (swiss) {
            int g = plan_q_entrant_group(t->p, who[i]);
            fputs("<td>", f);
            view_html_text(f, g >= 0 ? plan_group_name(t->p, g) : "");
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody>\n</table>\n</section>\n", f);
    free(who);
    free(place);
}

/* ---- faults ------------------------------------------------------------ */

enum { REPORT_TIME, REPORT_CRASH, REPORT_ILLEGAL, REPORT_OTHER, REPORT_KINDS };

/* The kind of fault a record's reason names (record/SCHEMA.md). */
static int report_fault_kind(const char *reason)
{
    static const char *const crash[] = {"exited", "killed", "closed-output",
                                        "failed-to-start", "handshake", NULL};
    static const char *const illegal[] = {"illegal-move", "malformed-line",
                                          "out-of-turn", NULL};
    if (!strcmp(reason, "timeout"))
        return REPORT_TIME;
    for (int i = 0; crash[i]; i++)
        if (!strcmp(reason, crash[i]))
            return REPORT_CRASH;
    for (int i = 0; illegal[i]; i++)
        if (!strcmp(reason, illegal[i]))
            return REPORT_ILLEGAL;
    return REPORT_OTHER;
}

typedef struct {
    int games;
    int kind[REPORT_KINDS];
} report_fault_count;

/* Who was at fault in game g: a free-for-all says it seat by seat; with
 * two sides, the side that lost. */
static void report_count_game(const tables_ctx *t, const tables_game *g,
                              const char *reason, report_fault_count *c)
{
    bool ffa = t->def->plan.format == PLAN_FREE_FOR_ALL;
    int seats = ffa ? t->def->plan.seats : 2;
    bool played = !g->result.entered && g->result.how != PLAN_HOW_FORFEIT &&
                  g->result.how != PLAN_HOW_ADJUDICATED;
    for (int s = 0; s < seats; s++) {
        int e = g->game.entrant[s];
        if (e < 0 || e >= t->def->nentrants)
            continue;
        c[e].games += played;
        bool fault = ffa ? g->result.fault[s]
                         : g->result.how == PLAN_HOW_FAULT &&
                               tables_winner(g) >= 0 && tables_winner(g) != e;
        if (fault)
            c[e].kind[report_fault_kind(reason)]++;
    }
}

void report_faults(FILE *f, const tables_ctx *t)
{
    report_fault_count *c =
        calloc(t->def->nentrants > 0 ? (size_t)t->def->nentrants : 1,
               sizeof *c);
    if (!c) {
        fputs("<section id=\"faults\">\n<h2>Faults</h2>\n<p>(out of "
              "memory)</p>\n</section>\n",
              f);
        return;
    }
    for (size_t i = 0; i < t->ngames; i++)
        report_count_game(t, &t->games[i], t->info[i].reason, c);
    fputs("<section id=\"faults\">\n<h2>Faults</h2>\n<p>Games lost by the "
          "entrant's own fault: on time (timeout), by exiting or crashing "
          "(exited, killed, closed its output, failed to start or to "
          "answer the handshake), by an illegal move (or a malformed or "
          "untimely line), and others (a resource limit).</p>\n"
          "<table class=\"faults\">\n<thead><tr><th>entrant</th><th>games "
          "played</th><th>time losses</th><th>exits and crashes</th>"
          "<th>illegal moves</th><th>other faults</th></tr></thead>\n"
          "<tbody>\n",
          f);
    for (int e = 0; e < t->def->nentrants; e++) {
        fputs("<tr><td>", f);
        report_name(f, t, e);
        fprintf(f, "</td><td class=\"n\">%d</td>", c[e].games);
        for (int k = 0; k < REPORT_KINDS; k++)
            fprintf(f, "<td class=\"n\">%d</td>", c[e].kind[k]);
        fputs("</tr>\n", f);
    }
    fputs("</tbody>\n</table>\n</section>\n", f);
    free(c);
}

/* ---- ratings ----------------------------------------------------------- */

/* x to one decimal, never "-0.0" (as ratings.md). */
static void report_num(FILE *f, double x)
{
    fprintf(f, "%.1f", fabs(x) < 0.05 ? 0.0 : x);
}

static void report_rating_row(FILE *f, const tables_ctx *t,
                              const ratings_table_row *r)
{
    if (r->rank)
        fprintf(f, "<tr><td class=\"n\">%d</td><td>", r->rank);
    else
        fputs("<tr><td class=\"n\">-</td><td>", f);
    report_name(f, t, r->entrant);
    fputs("</td>", f);
    if (r->status == RATINGS_RATED) {
        fputs("<td class=\"n\">", f);
        report_num(f, r->rating);
        fputs("</td><td class=\"n\">&plusmn; ", f);
        report_num(f, r->error);
        fputs("</td>", f);
    } else {
        fputs("<td colspan=\"2\">", f);
        view_html_text(f, r->note);
        fputs("</td>", f);
    }
    fprintf(f, "<td class=\"n\">%ld</td><td class=\"n\">", r->games);
    report_num(f, r->points);
    fputs("</td></tr>\n", f);
}

int report_ratings(FILE *f, const tables_ctx *t)
{
    ratings_table *rt = malloc(sizeof *rt);
    char err[256];
    if (!rt || ratings_table_compute(t->def->nentrants, t->games, t->ngames,
                                     rt, err, sizeof err) != 0) {
        free(rt);
        return -1;
    }
    fprintf(f, "<section id=\"ratings\">\n<h2>Ratings</h2>\n<p>Maximum-"
               "likelihood Elo with 95%% intervals, the mean of the rated "
               "%s at 0, over %ld games (a draw is half a point%s).",
            t->def->teams ? "teams" : "entrants", rt->games,
            t->def->plan.format == PLAN_FREE_FOR_ALL
                ? "; a free-for-all game counts once between every two "
                  "seats"
                : "");
    if (rt->why) {
        fputs(" Nobody rated: ", f);
        view_html_text(f, rt->why);
        fputs(".", f);
    }
    fputs("</p>\n<table class=\"ratings\">\n<thead><tr><th>rank</th><th>"
          "entrant</th><th>rating</th><th>95% interval</th><th>games</th>"
          "<th>points</th></tr></thead>\n<tbody>\n",
          f);
    for (int i = 0; i < rt->nrows; i++)
        report_rating_row(f, t, &rt->row[i]);
    fputs("</tbody>\n</table>\n</section>\n", f);
    free(rt);
    return 0;
}
