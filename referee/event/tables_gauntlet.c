/* tables_gauntlet.c - the table of a gauntlet (see tables_internal.h): the
 * challenger's score against each opponent, from the challenger's side,
 * and its games.  The opponents never meet each other, so ranking the
 * challenger among them would say nothing. */
#include "event/tables_internal.h"

#include "event/plan_query.h"
#include "yaml/ywrite.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    int played, won, drawn, lost, points, win_points;
} tables_score_of;

/* The challenger's score against each entrant (by entrant index; its own
 * slot stays empty), and in all into *all; NULL out of memory.  The
 * caller frees it. */
static tables_score_of *tables_gauntlet_count(const tables_ctx *t,
                                              tables_score_of *all)
{
    int ch = t->def->plan.challenger;
    int n = t->def->nentrants;
    tables_score_of *vs = calloc((size_t)(n ? n : 1), sizeof *vs);
    memset(all, 0, sizeof *all);
    if (!vs)
        return NULL;
    for (size_t i = 0; i < t->ngames; i++) {
        const tables_game *g = &t->games[i];
        int a = g->game.entrant[0], b = g->game.entrant[1];
        int other = a == ch ? b : b == ch ? a : -1;
        if (other < 0 || other >= n ||
            plan_q_game_group(t->p, g->game.id) != 0)
            continue;
        int w = tables_winner(g);
        tables_score_of *s[2] = {&vs[other], all};
        for (int k = 0; k < 2; k++) {
            s[k]->played++;
            if (g->result.outcome == PLAN_DRAW) {
                s[k]->drawn++;
                s[k]->points += 1;
            } else if (w == ch) {
                s[k]->won++;
                s[k]->points += 3;
                s[k]->win_points += tables_game_win_points(g);
            } else {
                s[k]->lost++;
            }
        }
    }
    return vs;
}

/* The score as a share of the games: a win 1, a draw 1/2, in percent. */
static double tables_share(const tables_score_of *s)
{
    return s->played ? 100.0 * (s->won + 0.5 * s->drawn) / s->played : 0.0;
}

static void tables_score_yaml(FILE *f, const tables_ctx *t,
                              const tables_score_of *s, const char *indent)
{
    fprintf(f, "%splayed: %d\n%swon: %d\n%sdrawn: %d\n%slost: %d\n"
               "%spoints: %d\n",
            indent, s->played, indent, s->won, indent, s->drawn, indent,
            s->lost, indent, s->points);
    if (t->win_points)
        fprintf(f, "%swin_points: %d\n", indent, s->win_points);
    fprintf(f, "%sscore: %.1f\n", indent, tables_share(s));
}

int tables_gauntlet_yaml(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    tables_score_of all, *vs = tables_gauntlet_count(t, &all);
    if (!vs)
        return -1;
    int ch = t->def->plan.challenger;
    tables_group_head_yaml(f, t, 0);
    fprintf(f, "has_win_points: %s\n", t->win_points ? "true" : "false");
    tables_fault_rule_yaml(f, t);
    fprintf(f, "challenger:\n  entrant: ");
    ywrite_str(f, tables_name(t, ch));
    fputc('\n', f);
    tables_score_yaml(f, t, &all, "  ");
    fprintf(f, "opponents:\n");
    for (int e = 0; e < t->def->nentrants; e++) {
        if (e == ch)
            continue;
        fprintf(f, "  - opponent: ");
        ywrite_str(f, tables_name(t, e));
        fputc('\n', f);
        if (plan_withdrawn(t->p, e))
            fprintf(f, "    withdrawn: true\n");
        tables_score_yaml(f, t, &vs[e], "    ");
    }
    free(vs);
    tables_games_yaml(f, t, 0);
    return ferror(f) ? -1 : 0;
}

void tables_gauntlet_score_md(FILE *f, const tables_ctx *t)
{
    tables_score_of all, *vs = tables_gauntlet_count(t, &all);
    int ch = t->def->plan.challenger;
    char wdl[48];
    if (!vs) {
        fprintf(f, "## %s: gauntlet\n\n(no table: out of memory)\n\n",
                t->def->name);
        return;
    }
    fprintf(f, "## %s: gauntlet of %s\n\n", t->def->name, tables_name(t, ch));
    if (t->games)
        tables_isolation_md(f, t);
    tables_fault_rule_md(f, t);
    tables_wdl(wdl, sizeof wdl, all.won, all.drawn, all.lost);
    fprintf(f, "%s's score against each opponent (won-drawn-lost from %s's "
               "side). In all: %d games, %s, %d points",
            tables_name(t, ch), tables_name(t, ch), all.played, wdl,
            all.points);
    if (t->win_points)
        fprintf(f, ", %d win points", all.win_points);
    fprintf(f, ", score %.1f %%.\n\n| opponent | games | won-drawn-lost | "
               "points |%s score |\n|---|---:|:-:|---:|%s---:|\n",
            tables_share(&all), t->win_points ? " win points |" : "",
            t->win_points ? "---:|" : "");
    for (int e = 0; e < t->def->nentrants; e++) {
        if (e == ch)
            continue;
        tables_wdl(wdl, sizeof wdl, vs[e].won, vs[e].drawn, vs[e].lost);
        fprintf(f, "| %s%s | %d | %s | %d |", tables_name(t, e),
                plan_withdrawn(t->p, e) ? " (withdrawn)" : "",
                vs[e].played, wdl, vs[e].points);
        if (t->win_points)
            fprintf(f, " %d |", vs[e].win_points);
        fprintf(f, " %.1f %% |\n", tables_share(&vs[e]));
    }
    free(vs);
    fputc('\n', f);
    tables_withdrawals_md(f, t, -1);
}

int tables_gauntlet_md_file(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    tables_gauntlet_score_md(f, t);
    tables_games_md(f, t, 0);
    return ferror(f) ? -1 : 0;
}
