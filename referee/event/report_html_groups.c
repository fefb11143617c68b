/* report_html_groups.c - the group and league tables of the event report
 * (see report_html_internal.h): each group's ranking, its crosstable
 * with every game's mark linked to the game, and its games listed; a
 * free-for-all's table with the places, and its games with every seat. */
#include "event/report_html_internal.h"

#include "event/event_views.h"
#include "event/plan_query.h"

#include <stdlib.h>
#include <string.h>

/* Games of one pair shown one by one in a crosstable cell; more are
 * counted instead (the list of games links them all). */
#define REPORT_CELL_MARKS 4

/* The games of one group as cells of its crosstable: for cell (row,
 * column) the games in listing order, chained through next[]. */
typedef struct {
    plan_row *rows; /* by rank, sized to the event */
    int m;
    long *head;  /* m x m: first game index into t->games, or -1 */
    long *next;  /* 2 per game: side 0 and side 1's chain */
    int *count;  /* m x m */
    int *at;     /* by entrant: its row, or -1 */
} report_cross;

static void report_cross_free(report_cross *x)
{
    free(x->rows);
    free(x->at);
    free(x->head);
    free(x->next);
    free(x->count);
}

/* Does the page show group t->group's crosstable: not a free-for-all's,
 * and not beyond EVENT_VIEW_CROSS_MAX entrants? */
static bool report_shows_cross(const tables_ctx *t, int m)
{
    return t->def->plan.format != PLAN_FREE_FOR_ALL &&
           m <= EVENT_VIEW_CROSS_MAX;
}

/* The group's rows, and its crosstable's cells when the page shows it
 * (else head, next and count stay NULL). */
static int report_cross_make(const tables_ctx *t, report_cross *x)
{
    memset(x, 0, sizeof *x);
    size_t n = t->def->nentrants > 0 ? (size_t)t->def->nentrants : 1;
    x->rows = malloc(n * sizeof *x->rows);
    x->at = malloc(n * sizeof *x->at);
    if (!x->rows || !x->at) {
        report_cross_free(x);
        return -1;
    }
    x->m = (int)plan_group_table(t->p, t->group, x->rows, n);
    if (!report_shows_cross(t, x->m))
        return 0;
    size_t cells = (size_t)(x->m ? x->m * x->m : 1);
    x->head = malloc(cells * sizeof *x->head);
    x->count = calloc(cells, sizeof *x->count);
    x->next = malloc((2 * t->ngames + 1) * sizeof *x->next);
    if (!x->head || !x->count || !x->next) {
        report_cross_free(x);
        return -1;
    }
    for (size_t c = 0; c < cells; c++)
        x->head[c] = -1;
    int *at = x->at;
    for (size_t e = 0; e < n; e++)
        at[e] = -1;
    for (int i = 0; i < x->m; i++)
        at[x->rows[i].entrant] = i;
    /* From the last game listed to the first, so each chain is in order. */
    for (size_t k = t->ngames; k-- > 0;) {
        size_t i = t->order[k];
        const tables_game *g = &t->games[i];
        int a = g->game.entrant[0], b = g->game.entrant[1];
        if (a < 0 || b < 0 || (size_t)a >= n || (size_t)b >= n ||
            at[a] < 0 || at[b] < 0 ||
            plan_q_game_group(t->p, g->game.id) != t->group)
            continue;
        for (int side = 0; side < 2; side++) {
            int r = at[side ? b : a], c = at[side ? a : b];
            x->next[2 * i + (size_t)side] = x->head[r * x->m + c];
            x->head[r * x->m + c] = (long)(2 * i + (size_t)side);
            x->count[r * x->m + c]++;
        }
    }
    return 0;
}

/* Game g's mark from entrant me's side: "W 12", "W", "D", "L", "W ff". */
static void report_mark(char *buf, size_t len, const tables_ctx *t,
                        const tables_game *g, int me)
{
    bool ff = g->result.how == PLAN_HOW_FORFEIT;
    int w = tables_winner(g);
    if (g->result.outcome == PLAN_DRAW)
        snprintf(buf, len, "D");
    else if (w == me && ff)
        snprintf(buf, len, "W ff");
    else if (w == me && t->win_points)
        snprintf(buf, len, "W %d", tables_game_win_points(g));
    else if (w == me)
        snprintf(buf, len, "W");
    else
        snprintf(buf, len, ff ? "L ff" : "L");
}

static void report_cell(FILE *f, const tables_ctx *t, const report_cross *x,
                        int r, int c)
{
    int n = x->count[r * x->m + c], won = 0, drawn = 0, lost = 0;
    fputs("<td>", f);
    for (long k = x->head[r * x->m + c]; k >= 0; k = x->next[k]) {
        const tables_game *g = &t->games[k / 2];
        char mark[16];
        report_mark(mark, sizeof mark, t, g, x->rows[r].entrant);
        won += mark[0] == 'W';
        drawn += mark[0] == 'D';
        lost += mark[0] == 'L';
        if (n <= REPORT_CELL_MARKS) {
            fputs(k == x->head[r * x->m + c] ? "" : " ", f);
            report_game_link(f, t, g, mark);
        }
    }
    if (n > REPORT_CELL_MARKS)
        fprintf(f, "+%d =%d -%d", won, drawn, lost);
    fputs("</td>", f);
}

static void report_crosstable(FILE *f, const tables_ctx *t,
                              const report_cross *x)
{
    if (!x->head) {
        fprintf(f, "<p class=\"note\">The crosstable is left out: %d "
                   "entrants are more than the %d a crosstable shows (the "
                   "YAML table has it).</p>\n",
                x->m, EVENT_VIEW_CROSS_MAX);
        return;
    }
    fputs("<table class=\"cross\">\n<caption>Crosstable: the row's results "
          "against the column (W won, D drawn, L lost, ff by forfeit",
          f);
    fputs(t->win_points ? ", with the win points" : "", f);
    fputs(")</caption>\n<thead><tr><th>#</th><th>entrant</th>", f);
    for (int j = 0; j < x->m; j++)
        fprintf(f, "<th>%d</th>", j + 1);
    fputs("<th>points</th></tr></thead>\n<tbody>\n", f);
    for (int i = 0; i < x->m; i++) {
        fprintf(f, "<tr><td class=\"n\">%d</td><td>", i + 1);
        report_name(f, t, x->rows[i].entrant);
        fputs("</td>", f);
        for (int j = 0; j < x->m; j++) {
            if (i == j)
                fputs("<td class=\"self\"></td>", f);
            else
                report_cell(f, t, x, i, j);
        }
        fprintf(f, "<td class=\"n\">%d</td></tr>\n", x->rows[i].points);
    }
    fputs("</tbody>\n</table>\n", f);
}

static void report_rank_table(FILE *f, const tables_ctx *t,
                              const report_cross *x)
{
    fputs("<table class=\"standings\">\n<thead><tr><th>rank</th><th>entrant"
          "</th><th>played</th><th>won</th><th>drawn</th><th>lost</th>"
          "<th>points</th>",
          f);
    fputs(t->win_points ? "<th>win points</th>" : "", f);
    fputs("<th>decided by</th></tr></thead>\n<tbody>\n", f);
    for (int i = 0; i < x->m; i++) {
        const plan_row *r = &x->rows[i];
        fprintf(f, "<tr class=\"row\"><td class=\"n\">%d</td><td>", r->rank);
        report_name(f, t, r->entrant);
        fprintf(f, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td>"
                   "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
                   "<td class=\"n\">%d</td>",
                r->played, r->won, r->drawn, r->lost, r->points);
        if (t->win_points)
            fprintf(f, "<td class=\"n\">%d</td>", r->win_points);
        fputs("<td>", f);
        view_html_text(f, r->decided_by);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
}

/* A game's result for the list: "g1 beat r3", "g1 1st, r3 2nd, ...". */
static void report_result(FILE *f, const tables_ctx *t, const tables_game *g)
{
    if (t->def->plan.format != PLAN_FREE_FOR_ALL) {
        char said[600];
        tables_said(said, sizeof said, t, g);
        view_html_text(f, said);
        return;
    }
    for (int s = 0; s < t->def->plan.seats; s++) {
        char ord[16];
        tables_ordinal(ord, sizeof ord, g->result.place[s]);
        fputs(s ? ", " : "", f);
        view_html_text(f, tables_name(t, g->game.entrant[s]));
        fprintf(f, " %s%s", ord, g->result.fault[s] ? " (fault)" : "");
    }
}

/* Every game of group t->group: a link to it, its stage, the result,
 * the reason and any note. */
static void report_games(FILE *f, const tables_ctx *t)
{
    unsigned long long all = report_html_event_games(t->def);
    if (all > EVENT_VIEW_GAMES_MAX) {
        fprintf(f, "<p class=\"note\">The list of every game is left "
                   "out: the event has %llu games, more than the %d this "
                   "page lists. Each game's record is in ",
                all, EVENT_VIEW_GAMES_MAX);
        view_html_text(f, t->def->records);
        fputs(" (the YAML tables list them all).</p>\n", f);
        return;
    }
    fputs("<table class=\"games\">\n<thead><tr><th>game</th><th>stage</th>"
          "<th>result</th><th>reason</th><th>note</th></tr></thead>\n"
          "<tbody>\n",
          f);
    for (size_t k = 0; k < t->ngames; k++) {
        size_t i = t->order[k];
        const tables_game *g = &t->games[i];
        if (plan_q_game_group(t->p, g->game.id) != t->group)
            continue;
        fputs("<tr><td>", f);
        report_game_link(f, t, g, g->game.id);
        fputs("</td><td>", f);
        view_html_text(f, g->game.stage);
        fputs("</td><td>", f);
        report_result(f, t, g);
        fputs("</td><td>", f);
        view_html_text(f, t->info[i].reason);
        fputs("</td><td>", f);
        view_html_text(f, t->info[i].note);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
}

/* The free-for-all's table: points, the games at each place, faults. */
static void report_ffa_table(FILE *f, const tables_ctx *t,
                             const report_cross *x)
{
    int seats = t->def->plan.seats;
    fputs("<table class=\"standings\">\n<thead><tr><th>rank</th><th>entrant"
          "</th><th>played</th><th>points</th>",
          f);
    for (int s = 1; s <= seats; s++) {
        char ord[16];
        tables_ordinal(ord, sizeof ord, s);
        fprintf(f, "<th>%s</th>", ord);
    }
    fputs("<th>faults</th><th>decided by</th></tr></thead>\n<tbody>\n", f);
    for (int i = 0; i < x->m; i++) {
        const plan_row *r = &x->rows[i];
        fprintf(f, "<tr class=\"row\"><td class=\"n\">%d</td><td>", r->rank);
        report_name(f, t, r->entrant);
        fprintf(f, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td>",
                r->played, r->points);
        for (int s = 0; s < seats; s++)
            fprintf(f, "<td class=\"n\">%d</td>", r->places[s]);
        fprintf(f, "<td class=\"n\">%d</td><td>", r->faults);
        view_html_text(f, r->decided_by);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
}

static void report_group(FILE *f, tables_ctx *t)
{
    report_cross x;
    char anchor[80];
    bool swiss = t->def->plan.format == PLAN_SWISS_CUP;
    bool ffa = t->def->plan.format == PLAN_FREE_FOR_ALL;
    report_group_anchor(anchor, sizeof anchor, t, t->group);
    fprintf(f, "<section class=\"group\" id=\"%s\">\n<h3>%s", anchor,
            swiss ? "Group " : "");
    view_html_text(f, swiss ? plan_group_name(t->p, t->group) : "League table");
    fputs("</h3>\n", f);
    if (report_cross_make(t, &x) != 0) {
        fputs("<p>(out of memory)</p>\n</section>\n", f);
        return;
    }
    if (ffa)
        report_ffa_table(f, t, &x);
    else
        report_rank_table(f, t, &x);
    if (!ffa)
        report_crosstable(f, t, &x);
    report_cross_free(&x);
    report_games(f, t);
    fputs("</section>\n", f);
}

/* Who withdrew, when, entered by whom and why. */
static void report_withdrawals(FILE *f, const tables_ctx *t)
{
    for (int i = 0; i < t->def->nwithdrawals; i++) {
        const event_withdrawal *w = &t->def->withdrawal[i];
        fputs("<p class=\"withdrawal\">", f);
        view_html_text(f, tables_name(t, w->entrant));
        fputs(" withdrew", f);
        if (w->when && w->when[0]) {
            fputs(" on ", f);
            view_html_text(f, w->when);
        }
        if (w->by && w->by[0]) {
            fputs(" (entered by ", f);
            view_html_text(f, w->by);
            fputs(")", f);
        }
        if (w->reason && w->reason[0]) {
            fputs(": ", f);
            view_html_text(f, w->reason);
        }
        fputs(". Its games without a result are forfeits.</p>\n", f);
    }
}

void report_groups(FILE *f, tables_ctx *t)
{
    bool swiss = t->def->plan.format == PLAN_SWISS_CUP;
    fprintf(f, "<section id=\"groups\">\n<h2>%s</h2>\n",
            swiss ? "Groups" : "League");
    report_withdrawals(f, t);
    for (t->group = 0; t->group < plan_groups(t->p); t->group++)
        report_group(f, t);
    fputs("</section>\n", f);
}
