/* tables_group.c - a group's (or a league's) tables: the ranking, the
 * crosstable (who beat whom, with win points) and the list of its games
 * (see tables_internal.h). */
#include "event/tables_internal.h"

#include "event/event_views.h"
#include "event/plan_query.h"
#include "yaml/ywrite.h"

#include <stdlib.h>
#include <string.h>

/* Games of one pair shown one by one in a crosstable cell; more are
 * counted instead. */
#define TABLES_CELL_MARKS 4

/* One cell: the row entrant's games against the column entrant. */
typedef struct {
    int played, won, drawn, lost, win_points;
    char mark[TABLES_CELL_MARKS][16]; /* "W 12", "D", "L", in game order */
} tables_cell;

/* A group's ranking and, row by row, its crosstable.  The cells of one
 * row at a time, from each entrant's games: a league of thousands keeps
 * its games twice over, not a square of cells. */
typedef struct {
    plan_row *rows; /* by rank */
    int m;
    int *at;        /* by entrant: its row, or -1 */
    size_t *start;  /* row i's games: game[start[i]..start[i + 1]) */
    size_t *game;   /* indices into t->games, in listing order */
    tables_cell *cell; /* one row's cells, by the column's row */
} tables_cross;

/* Count game g for the entrant at row r against the one at column c. */
static void tables_cross_add(const tables_ctx *t, tables_cell *x,
                             const tables_game *g, int me)
{
    int w = tables_winner(g);
    bool forfeit = g->result.how == PLAN_HOW_FORFEIT;
    char mark[16];
    if (g->result.outcome == PLAN_DRAW) {
        x->drawn++;
        snprintf(mark, sizeof mark, "D");
    } else if (w == me) {
        x->won++;
        x->win_points += tables_game_win_points(g);
        if (forfeit)
            snprintf(mark, sizeof mark, "W ff");
        else if (t->win_points)
            snprintf(mark, sizeof mark, "W %d", tables_game_win_points(g));
        else
            snprintf(mark, sizeof mark, "W");
    } else {
        x->lost++;
        snprintf(mark, sizeof mark, forfeit ? "L ff" : "L");
    }
    if (x->played < TABLES_CELL_MARKS)
        snprintf(x->mark[x->played], sizeof x->mark[0], "%s", mark);
    x->played++;
}

static void tables_cross_free(tables_cross *x)
{
    free(x->rows);
    free(x->at);
    free(x->start);
    free(x->game);
    free(x->cell);
}

/* The group's game k in listing order, and the rows of its two entrants:
 * false when it is not one of the group's games between two rows. */
static bool tables_cross_game(const tables_ctx *t, const tables_cross *x,
                              size_t k, int *ra, int *rb)
{
    const tables_game *g = &t->games[t->order[k]];
    if (plan_q_game_group(t->p, g->game.id) != t->group)
        return false;
    int a = g->game.entrant[0], b = g->game.entrant[1];
    if (a < 0 || b < 0 || a >= t->def->nentrants || b >= t->def->nentrants ||
        x->at[a] < 0 || x->at[b] < 0)
        return false;
    *ra = x->at[a];
    *rb = x->at[b];
    return true;
}

/* Each row's games, in listing order. */
static int tables_cross_index(const tables_ctx *t, tables_cross *x)
{
    x->start = calloc((size_t)x->m + 2, sizeof *x->start);
    if (!x->start)
        return -1;
    size_t total = 0;
    int ra, rb;
    for (size_t k = 0; k < t->ngames; k++)
        if (tables_cross_game(t, x, k, &ra, &rb)) {
            x->start[ra + 2]++;
            x->start[rb + 2]++;
            total += 2;
        }
    x->game = malloc((total ? total : 1) * sizeof *x->game);
    if (!x->game)
        return -1;
    for (int i = 0; i < x->m; i++)
        x->start[i + 2] += x->start[i + 1];
    /* start[i + 1] is where row i's next game goes; at the end it is
     * where row i + 1's begin. */
    for (size_t k = 0; k < t->ngames; k++)
        if (tables_cross_game(t, x, k, &ra, &rb)) {
            x->game[x->start[ra + 1]++] = t->order[k];
            x->game[x->start[rb + 1]++] = t->order[k];
        }
    return 0;
}

/* The ranking of group t->group and the index of its games; -1 out of
 * memory. */
static int tables_cross_make(const tables_ctx *t, tables_cross *x)
{
    memset(x, 0, sizeof *x);
    int n = t->def->nentrants;
    x->rows = malloc((size_t)(n ? n : 1) * sizeof *x->rows);
    x->at = malloc((size_t)(n ? n : 1) * sizeof *x->at);
    if (!x->rows || !x->at)
        goto nomem;
    x->m = (int)plan_group_table(t->p, t->group, x->rows, (size_t)n);
    x->cell = calloc((size_t)(x->m ? x->m : 1), sizeof *x->cell);
    if (!x->cell)
        goto nomem;
    for (int e = 0; e < n; e++)
        x->at[e] = -1;
    for (int i = 0; i < x->m; i++)
        x->at[x->rows[i].entrant] = i;
    if (tables_cross_index(t, x) == 0)
        return 0;
nomem:
    tables_cross_free(x);
    return -1;
}

/* Row i's cells (x->cell, by the column's row) from its games. */
static void tables_cross_row(const tables_ctx *t, tables_cross *x, int i)
{
    memset(x->cell, 0, (size_t)x->m * sizeof *x->cell);
    int me = x->rows[i].entrant;
    for (size_t k = x->start[i]; k < x->start[i + 1]; k++) {
        const tables_game *g = &t->games[x->game[k]];
        int other = g->game.entrant[0] == me ? g->game.entrant[1]
                                             : g->game.entrant[0];
        tables_cross_add(t, &x->cell[x->at[other]], g, me);
    }
}

/* The entrant's name for a table row, marked when it withdrew. */
static void tables_row_name(char *buf, size_t len, const tables_ctx *t,
                            int entrant)
{
    snprintf(buf, len, "%s%s", tables_name(t, entrant),
             plan_withdrawn(t->p, entrant) ? " (withdrawn)" : "");
}

/* ---- YAML --------------------------------------------------------------- */

static void tables_rank_yaml(FILE *f, const tables_ctx *t,
                             const tables_cross *x)
{
    fprintf(f, "table:\n");
    for (int i = 0; i < x->m; i++) {
        const plan_row *r = &x->rows[i];
        fprintf(f, "  - rank: %d\n    entrant: ", r->rank);
        ywrite_str(f, tables_name(t, r->entrant));
        fprintf(f, "\n    played: %d\n    won: %d\n    drawn: %d\n"
                   "    lost: %d\n    points: %d\n",
                r->played, r->won, r->drawn, r->lost, r->points);
        if (t->win_points)
            fprintf(f, "    win_points: %d\n", r->win_points);
        tables_row_tail_yaml(f, r);
    }
}

static void tables_cross_yaml(FILE *f, const tables_ctx *t,
                              tables_cross *x)
{
    fprintf(f, "crosstable:\n");
    for (int i = 0; i < x->m; i++) {
        tables_cross_row(t, x, i);
        fprintf(f, "  - entrant: ");
        ywrite_str(f, tables_name(t, x->rows[i].entrant));
        fprintf(f, "\n    against:\n");
        for (int j = 0; j < x->m; j++) {
            if (j == i)
                continue;
            const tables_cell *c = &x->cell[j];
            fprintf(f, "      - {opponent: ");
            ywrite_str(f, tables_name(t, x->rows[j].entrant));
            fprintf(f, ", played: %d, won: %d, drawn: %d, lost: %d, "
                       "points: %d",
                    c->played, c->won, c->drawn, c->lost,
                    3 * c->won + c->drawn);
            if (t->win_points)
                fprintf(f, ", win_points: %d", c->win_points);
            fprintf(f, "}\n");
        }
    }
}

int tables_group_yaml(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    tables_cross x;
    if (tables_cross_make(t, &x) != 0)
        return -1;
    tables_group_head_yaml(f, t, t->group);
    fprintf(f, "has_win_points: %s\n", t->win_points ? "true" : "false");
    tables_fault_rule_yaml(f, t);
    tables_rank_yaml(f, t, &x);
    tables_cross_yaml(f, t, &x);
    tables_games_yaml(f, t, t->group);
    tables_cross_free(&x);
    return ferror(f) ? -1 : 0;
}

/* ---- Markdown ----------------------------------------------------------- */

static void tables_group_heading(FILE *f, const tables_ctx *t)
{
    fprintf(f, "## %s: %s%s\n\n", t->def->name,
            plan_groups(t->p) > 1 || t->def->plan.format == PLAN_SWISS_CUP
                ? "group "
                : "",
            plan_group_name(t->p, t->group));
    if (t->games)
        tables_isolation_md(f, t);
    tables_fault_rule_md(f, t);
}

/* What a row's games were beside games played out, or "": "won 1 and
 * lost 2 by forfeit, 1 adjudicated" (entered results that are not
 * forfeits were adjudicated). */
static void tables_row_note(char *buf, size_t len, const plan_row *r)
{
    int adjudicated = r->entered - r->forfeits_won - r->forfeits_lost;
    size_t at = 0;
    buf[0] = '\0';
    if (r->forfeits_won && r->forfeits_lost)
        at += (size_t)snprintf(buf, len, "won %d and lost %d by forfeit",
                               r->forfeits_won, r->forfeits_lost);
    else if (r->forfeits_won || r->forfeits_lost)
        at += (size_t)snprintf(buf, len, "%s %d by forfeit",
                               r->forfeits_won ? "won" : "lost",
                               r->forfeits_won + r->forfeits_lost);
    if (adjudicated > 0 && at < len)
        snprintf(buf + at, len - at, "%s%d adjudicated", at ? ", " : "",
                 adjudicated);
}

static void tables_rank_md(FILE *f, const tables_ctx *t, const plan_row *rows,
                           int n)
{
    bool notes = false;
    for (int i = 0; i < n; i++)
        notes = notes || rows[i].forfeits_won || rows[i].forfeits_lost ||
                rows[i].entered;
    fprintf(f, "| rank | entrant | played | won | drawn | lost | points |%s "
               "decided by |%s\n|---:|---|---:|---:|---:|---:|---:|%s---|%s\n",
            t->win_points ? " win points |" : "", notes ? " note |" : "",
            t->win_points ? "---:|" : "", notes ? "---|" : "");
    for (int i = 0; i < n; i++) {
        const plan_row *r = &rows[i];
        char name[96], note[96];
        tables_row_name(name, sizeof name, t, r->entrant);
        fprintf(f, "| %d | %s | %d | %d | %d | %d | %d |", r->rank, name,
                r->played, r->won, r->drawn, r->lost, r->points);
        if (t->win_points)
            fprintf(f, " %d |", r->win_points);
        fprintf(f, " %s |", r->decided_by);
        tables_row_note(note, sizeof note, r);
        if (notes)
            fprintf(f, " %s |", note);
        fputc('\n', f);
    }
    fputc('\n', f);
}

/* One crosstable cell: each game's mark, or the count of many. */
static void tables_cell_md(FILE *f, const tables_ctx *t, const tables_cell *c)
{
    if (c->played > TABLES_CELL_MARKS) {
        fprintf(f, " +%d =%d -%d", c->won, c->drawn, c->lost);
        if (t->win_points)
            fprintf(f, " (%d)", c->win_points);
    }
    for (int k = 0; k < c->played && c->played <= TABLES_CELL_MARKS; k++)
        fprintf(f, "%s%s", k ? ", " : " ", c->mark[k]);
    fprintf(f, " |");
}

static void tables_cross_md(FILE *f, const tables_ctx *t, tables_cross *x)
{
    if (x->m > EVENT_VIEW_CROSS_MAX) {
        fprintf(f, "### Crosstable\n\nLeft out here: %d entrants are more "
                   "than the %d a crosstable shows; the YAML table beside "
                   "this one has it.\n\n",
                x->m, EVENT_VIEW_CROSS_MAX);
        return;
    }
    fprintf(f, "### Crosstable\n\nThe row's results against the column, "
               "in the order played: W won%s, D drawn, L lost, ff by "
               "forfeit%s.\n\n"
               "| # | entrant |",
            t->win_points ? " (with the win points)" : "",
            t->win_points ? "; more than four games as +won =drawn -lost "
                            "(win points)"
                          : "; more than four games as +won =drawn -lost");
    for (int j = 0; j < x->m; j++)
        fprintf(f, " %d |", j + 1);
    fprintf(f, " points |\n|---:|---|");
    for (int j = 0; j < x->m; j++)
        fprintf(f, ":-:|");
    fprintf(f, "---:|\n");
    for (int i = 0; i < x->m; i++) {
        tables_cross_row(t, x, i);
        fprintf(f, "| %d | %s |", x->rows[i].rank,
                tables_name(t, x->rows[i].entrant));
        for (int j = 0; j < x->m; j++) {
            if (j == i)
                fprintf(f, " x |");
            else
                tables_cell_md(f, t, &x->cell[j]);
        }
        fprintf(f, " %d |\n", x->rows[i].points);
    }
    fputc('\n', f);
}

void tables_group_rank_md(FILE *f, const tables_ctx *t)
{
    int n;
    plan_row *rows = tables_rows(t, t->group, &n);
    tables_group_heading(f, t);
    if (rows)
        tables_rank_md(f, t, rows, n);
    else
        fprintf(f, "(no table: out of memory)\n\n");
    free(rows);
}

int tables_group_md_file(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    tables_cross x;
    if (tables_cross_make(t, &x) != 0)
        return -1;
    tables_group_heading(f, t);
    tables_rank_md(f, t, x.rows, x.m);
    tables_withdrawals_md(f, t, t->group);
    tables_cross_md(f, t, &x);
    tables_games_md(f, t, t->group);
    tables_cross_free(&x);
    return ferror(f) ? -1 : 0;
}
