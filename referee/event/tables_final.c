/* tables_final.c - the final ranking (see tables_internal.h): place,
 * entrant and command (which later events read), the stage each entrant
 * reached in a swiss-cup, and its record in the group phase or the
 * league. */
#include "event/tables_internal.h"

#include "event/plan_query.h"
#include "yaml/ywrite.h"

#include <stdlib.h>
#include <string.h>

/* Everything the final ranking says beyond place and entrant; arrays
 * sized to the event. */
typedef struct {
    int n;
    int *who, *place; /* by place */
    plan_row *row;    /* by entrant: group or league */
    int *group;       /* by entrant */
    int *reached;     /* by entrant: -1 group phase, 0 intermediate round,
                         cup round, rounds + 1 the winner */
    int rounds;
} tables_final;

static void tables_final_free(tables_final *x)
{
    free(x->who);
    free(x->place);
    free(x->row);
    free(x->group);
    free(x->reached);
}

/* The furthest stage of each entrant, from the ties it played in. */
static void tables_final_reached(const tables_ctx *t, tables_final *x)
{
    plan_tie ties[PLAN_TIES_MAX];
    size_t n = plan_bracket(t->p, ties, PLAN_TIES_MAX);
    for (int e = 0; e < t->def->nentrants; e++)
        x->reached[e] = -1;
    x->rounds = plan_q_cup_rounds(t->p);
    for (size_t i = 0; i < n && i < PLAN_TIES_MAX; i++) {
        if (ties[i].third_place)
            continue; /* a placing game: its entrants reached the semis */
        for (int s = 0; s < 2; s++) {
            int e = ties[i].entrant[s];
            if (e >= 0 && ties[i].round > x->reached[e])
                x->reached[e] = ties[i].round;
        }
        if (ties[i].round == x->rounds && ties[i].winner >= 0)
            x->reached[ties[i].winner] = x->rounds + 1;
    }
}

/* -1 out of memory (x freed). */
static int tables_final_make(const tables_ctx *t, tables_final *x)
{
    memset(x, 0, sizeof *x);
    size_t n = t->def->nentrants > 0 ? (size_t)t->def->nentrants : 1;
    x->who = malloc(n * sizeof *x->who);
    x->place = malloc(n * sizeof *x->place);
    x->row = calloc(n, sizeof *x->row);
    x->group = calloc(n, sizeof *x->group);
    x->reached = malloc(n * sizeof *x->reached);
    plan_row *rows = malloc(n * sizeof *rows);
    if (!x->who || !x->place || !x->row || !x->group || !x->reached ||
        !rows) {
        free(rows);
        tables_final_free(x);
        return -1;
    }
    x->n = (int)plan_final_ranking(t->p, x->who, x->place, n);
    if (x->n > (int)n)
        x->n = (int)n;
    for (int g = 0; g < plan_groups(t->p); g++) {
        size_t m = plan_group_table(t->p, g, rows, n);
        for (size_t i = 0; i < m && i < n; i++) {
            x->row[rows[i].entrant] = rows[i];
            x->group[rows[i].entrant] = g;
        }
    }
    free(rows);
    tables_final_reached(t, x);
    return 0;
}

static bool tables_final_swiss(const tables_ctx *t)
{
    return t->def->plan.format == PLAN_SWISS_CUP;
}

/* The stage entrant e reached, for people. */
static void tables_stage(char *buf, size_t len, const tables_final *x, int e)
{
    int r = x->reached[e];
    if (r > x->rounds)
        snprintf(buf, len, "winner");
    else if (r < 0)
        snprintf(buf, len, "group phase");
    else
        tables_round_name(buf, len, r, x->rounds);
}

/* ---- YAML --------------------------------------------------------------- */

static void tables_final_row_yaml(FILE *f, const tables_ctx *t,
                                  const tables_final *x, int e)
{
    const plan_row *r = &x->row[e];
    if (tables_final_swiss(t)) {
        char stage[32];
        tables_stage(stage, sizeof stage, x, e);
        fprintf(f, "    stage: \"%s\"\n    group: ", stage);
        ywrite_str(f, plan_group_name(t->p, x->group[e]));
        fprintf(f, "\n    group_place: %d\n    group_phase: ", r->rank);
    } else if (t->def->plan.format == PLAN_FREE_FOR_ALL) {
        fprintf(f, "    league:\n");
        tables_ffa_counts_yaml(f, t, r, "      ");
    } else {
        fprintf(f, "    league: ");
    }
    if (t->def->plan.format != PLAN_FREE_FOR_ALL) {
        fprintf(f, "{played: %d, won: %d, drawn: %d, lost: %d, points: %d",
                r->played, r->won, r->drawn, r->lost, r->points);
        if (t->win_points)
            fprintf(f, ", win_points: %d", r->win_points);
        fprintf(f, "}\n");
    }
    const event_withdrawal *w = tables_withdrawal(t, e);
    if (w || plan_withdrawn(t->p, e)) {
        fprintf(f, "    withdrawn: true\n");
        fprintf(f, "    withdrawal: {reason: ");
        ywrite_str(f, w ? w->reason : NULL);
        fprintf(f, ", by: ");
        ywrite_str(f, w ? w->by : NULL);
        fprintf(f, ", when: ");
        ywrite_str(f, w ? w->when : NULL);
        fprintf(f, "}\n");
    }
}

int tables_final_yaml(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    tables_final x;
    if (tables_final_make(t, &x) != 0)
        return -1;
    fprintf(f, "event: ");
    ywrite_str(f, t->def->name);
    fprintf(f, "\nformat: %s\ndone: true\n",
            event_format_name(t->def->plan.format));
    tables_isolation_yaml(f, t);
    fprintf(f, "has_win_points: %s\nranking:\n",
            t->win_points ? "true" : "false");
    for (int i = 0; i < x.n; i++) {
        int e = x.who[i];
        fprintf(f, "  - place: %d\n    entrant: ", x.place[i]);
        ywrite_str(f, tables_name(t, e));
        fprintf(f, "\n    command: ");
        ywrite_str(f, t->def->entrant[e].command);
        if (t->def->entrant[e].partner) {
            fprintf(f, "\n    partner: ");
            ywrite_str(f, t->def->entrant[e].partner);
        }
        fputc('\n', f);
        tables_final_row_yaml(f, t, &x, e);
    }
    tables_final_free(&x);
    return ferror(f) ? -1 : 0;
}

/* ---- Markdown ----------------------------------------------------------- */

/* A free-for-all's final ranking: its league table's counts. */
static void tables_final_ffa_md(FILE *f, const tables_ctx *t,
                                const tables_final *x)
{
    fprintf(f, "| place | entrant | played | points |");
    tables_ffa_place_heads_md(f, t, false);
    fprintf(f, "\n|---:|---|---:|---:|");
    tables_ffa_place_heads_md(f, t, true);
    fputc('\n', f);
    for (int i = 0; i < x->n; i++) {
        int e = x->who[i];
        const plan_row *r = &x->row[e];
        fprintf(f, "| %d | %s%s | %d | %d |", x->place[i], tables_name(t, e),
                plan_withdrawn(t->p, e) ? " (withdrawn)" : "", r->played,
                r->points);
        for (int k = 0; k < t->def->plan.seats; k++)
            fprintf(f, " %d |", r->places[k]);
        fputc('\n', f);
    }
    fputc('\n', f);
    tables_withdrawals_md(f, t, -1);
}

void tables_final_md(FILE *f, const tables_ctx *t)
{
    tables_final x;
    bool swiss = tables_final_swiss(t);
    fprintf(f, "## %s: final ranking\n\n", t->def->name);
    if (tables_final_make(t, &x) != 0) {
        fprintf(f, "(no ranking: out of memory)\n\n");
        return;
    }
    if (t->games)
        tables_isolation_md(f, t);
    if (t->def->plan.format == PLAN_FREE_FOR_ALL) {
        tables_final_ffa_md(f, t, &x);
        tables_final_free(&x);
        return;
    }
    fprintf(f, "| place | entrant |%s won-drawn-lost | points |%s\n"
               "|---:|---|%s:-:|---:|%s\n",
            swiss ? " reached | group | group place | group phase:" : "",
            t->win_points ? " win points |" : "",
            swiss ? "---|---|---:|" : "", t->win_points ? "---:|" : "");
    for (int i = 0; i < x.n; i++) {
        int e = x.who[i];
        const plan_row *r = &x.row[e];
        char wdl[48];
        tables_wdl(wdl, sizeof wdl, r->won, r->drawn, r->lost);
        fprintf(f, "| %d | %s%s |", x.place[i], tables_name(t, e),
                plan_withdrawn(t->p, e) ? " (withdrawn)" : "");
        if (swiss) {
            char stage[32];
            tables_stage(stage, sizeof stage, &x, e);
            fprintf(f, " %s | %s | %d |", stage,
                    plan_group_name(t->p, x.group[e]), r->rank);
        }
        fprintf(f, " %s | %d |", wdl, r->points);
        if (t->win_points)
            fprintf(f, " %d |", r->win_points);
        fputc('\n', f);
    }
    fputc('\n', f);
    tables_withdrawals_md(f, t, -1);
    tables_final_free(&x);
}
