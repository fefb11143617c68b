/* tables_games.c - each game as the tables show it (see
 * tables_internal.h): who won and how it is said, the order games are
 * listed in, the withdrawals, the context every table is written from,
 * and the games of a group listed. */
#include "event/tables_internal.h"

#include "event/plan_query.h"
#include "yaml/ywrite.h"

#include <stdlib.h>
#include <string.h>

bool tables_game_has_win_points(const event_def *def)
{
    /* protocol/RULES.md: win points are Pentago's tournament rule 5;
     * Pente has none (its records carry 0). */
    return def->game && strcmp(def->game, "pentago") == 0;
}

const char *tables_name(const tables_ctx *t, int entrant)
{
    return entrant >= 0 ? t->def->entrant[entrant].name
           : entrant == -2 ? "(bye)"
                           : "(open)";
}

plan_row *tables_rows(const tables_ctx *t, int group, int *n)
{
    size_t cap = t->def->nentrants > 0 ? (size_t)t->def->nentrants : 1;
    plan_row *rows = malloc(cap * sizeof *rows);
    *n = rows ? (int)plan_group_table(t->p, group, rows, cap) : 0;
    return rows;
}

int tables_winner(const tables_game *g)
{
    return g->result.outcome == PLAN_SEAT0_WINS   ? g->game.entrant[0]
           : g->result.outcome == PLAN_SEAT1_WINS ? g->game.entrant[1]
                                                  : -1;
}

int tables_game_win_points(const tables_game *g)
{
    return g->result.outcome == PLAN_SEAT0_WINS   ? g->result.win_points[0]
           : g->result.outcome == PLAN_SEAT1_WINS ? g->result.win_points[1]
                                                  : 0;
}

const char *tables_score(plan_outcome o)
{
    return o == PLAN_SEAT0_WINS   ? "1-0"
           : o == PLAN_SEAT1_WINS ? "0-1"
           : o == PLAN_DRAW       ? "1/2-1/2"
                                  : "0-0";
}

void tables_said(char *buf, size_t len, const tables_ctx *t,
                 const tables_game *g)
{
    int w = tables_winner(g);
    int a = g->game.entrant[0], b = g->game.entrant[1];
    if (g->result.outcome == PLAN_DRAW)
        snprintf(buf, len, "%s drew %s", tables_name(t, a), tables_name(t, b));
    else if (w < 0)
        snprintf(buf, len, "%s and %s both lost", tables_name(t, a),
                 tables_name(t, b));
    else
        snprintf(buf, len, "%s beat %s", tables_name(t, w),
                 tables_name(t, w == a ? b : a));
}

void tables_md_text(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|')
            fputs("\\|", f);
        else if ((unsigned char)*s < ' ')
            fputc(' ', f);
        else
            fputc(*s, f);
    }
}

void tables_wdl(char *buf, size_t len, int won, int drawn, int lost)
{
    snprintf(buf, len, "%d-%d-%d", won, drawn, lost);
}

/* ---- withdrawals -------------------------------------------------------- */

const event_withdrawal *tables_withdrawal(const tables_ctx *t, int entrant)
{
    for (int i = 0; i < t->def->nwithdrawals; i++)
        if (t->def->withdrawal[i].entrant == entrant)
            return &t->def->withdrawal[i];
    return NULL;
}

void tables_withdrawals_md(FILE *f, const tables_ctx *t, int group)
{
    bool any = false;
    for (int i = 0; i < t->def->nwithdrawals; i++) {
        const event_withdrawal *w = &t->def->withdrawal[i];
        if (group >= 0 && plan_q_entrant_group(t->p, w->entrant) != group)
            continue;
        fprintf(f, "%s%s withdrew", any ? "; " : "Withdrawn: ",
                tables_name(t, w->entrant));
        if (w->when && w->when[0])
            fprintf(f, " on %s", w->when);
        if (w->by && w->by[0]) {
            fprintf(f, " (entered by ");
            tables_md_text(f, w->by);
            fputc(')', f);
        }
        if (w->reason && w->reason[0]) {
            fprintf(f, ": ");
            tables_md_text(f, w->reason);
        }
        any = true;
    }
    if (any)
        fprintf(f, ". Their games without a result are forfeits.\n\n");
}

/* ---- order -------------------------------------------------------------- */

/* Ids compared with their numbers as numbers: "cup-r1-t1-g2" before
 * "cup-r1-t1-g10", "group-A-09" before "group-A-10". */
static int tables_idcmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            while (*a == '0')
                a++;
            while (*b == '0')
                b++;
            size_t la = strspn(a, "0123456789"), lb = strspn(b, "0123456789");
            if (la != lb)
                return la < lb ? -1 : 1;
            int c = strncmp(a, b, la);
            if (c)
                return c;
            a += la;
            b += lb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return *a ? 1 : *b ? -1 : 0;
}

static int tables_order_cmp(const void *x, const void *y, void *arg)
{
    const tables_game *games = arg;
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    return tables_idcmp(games[i].game.id, games[j].game.id);
}

/* ---- the context -------------------------------------------------------- */

int tables_ctx_init(tables_ctx *t, const event_def *def, const plan *p,
                    const tables_game *games, size_t ngames, char *err,
                    size_t errlen)
{
    return tables_ctx_init_known(t, def, p, games, ngames, NULL, 0, err,
                                 errlen);
}

int tables_ctx_init_known(tables_ctx *t, const event_def *def,
                          const plan *p, const tables_game *games,
                          size_t ngames, const tables_info *known,
                          size_t nknown, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->def = def;
    t->p = p;
    t->games = games;
    t->ngames = ngames;
    t->win_points = tables_game_has_win_points(def);
    tables_recdir(t);
    t->info = calloc(ngames ? ngames : 1, sizeof *t->info);
    t->order = calloc(ngames ? ngames : 1, sizeof *t->order);
    if (!t->info || !t->order) {
        tables_ctx_release(t);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < ngames; i++) {
        t->order[i] = i;
        if (i < nknown)
            t->info[i] = known[i];
        else
            tables_records_read(t, i);
    }
    /* Results come in the order games end: list them by id, the same
     * whatever that order was. */
    qsort_r(t->order, ngames, sizeof *t->order, tables_order_cmp,
            (void *)games);
    return 0;
}

void tables_ctx_release(tables_ctx *t)
{
    free(t->info);
    free(t->order);
    t->info = NULL;
    t->order = NULL;
}

/* ---- a group's games listed --------------------------------------------- */

void tables_game_fields_yaml(FILE *f, const tables_ctx *t, size_t i,
                             const char *indent, bool win_points)
{
    const tables_game *g = &t->games[i];
    int w = tables_winner(g);
    fprintf(f, "%swhite: ", indent);
    ywrite_str(f, tables_name(t, g->game.entrant[0]));
    fprintf(f, "\n%sblack: ", indent);
    ywrite_str(f, tables_name(t, g->game.entrant[1]));
    fprintf(f, "\n%sscore: \"%s\"\n%swinner: ", indent,
            tables_score(g->result.outcome), indent);
    ywrite_str(f, w >= 0 ? tables_name(t, w) : NULL);
    fprintf(f, "\n%sreason: ", indent);
    ywrite_str(f, t->info[i].reason);
    if (win_points)
        fprintf(f, "\n%swin_points: %d", indent, tables_game_win_points(g));
    fprintf(f, "\n%srecord: \"%s.yaml\"", indent, g->game.id);
    if (t->info[i].note[0]) {
        fprintf(f, "\n%snote: ", indent);
        ywrite_str(f, t->info[i].note);
    }
    fputc('\n', f);
}

void tables_games_yaml(FILE *f, const tables_ctx *t, int group)
{
    fprintf(f, "games:\n");
    for (size_t k = 0; k < t->ngames; k++) {
        size_t i = t->order[k];
        const tables_game *g = &t->games[i];
        if (plan_q_game_group(t->p, g->game.id) != group)
            continue;
        fprintf(f, "  - id: ");
        ywrite_str(f, g->game.id);
        fprintf(f, "\n    round: %d\n", g->game.round);
        tables_game_fields_yaml(f, t, i, "    ", t->win_points);
    }
}

/* Does any game of the group carry a note? */
static bool tables_games_noted(const tables_ctx *t, int group)
{
    for (size_t i = 0; i < t->ngames; i++)
        if (t->info[i].note[0] &&
            plan_q_game_group(t->p, t->games[i].game.id) == group)
            return true;
    return false;
}

void tables_games_md(FILE *f, const tables_ctx *t, int group)
{
    bool notes = tables_games_noted(t, group);
    fprintf(f, "### Games\n\n| game | round | white | black | score | "
               "winner | reason |%s record |%s\n"
               "|---|---:|---|---|:-:|---|---|%s---|%s\n",
            t->win_points ? " win points |" : "", notes ? " note |" : "",
            t->win_points ? "---:|" : "", notes ? "---|" : "");
    for (size_t k = 0; k < t->ngames; k++) {
        size_t i = t->order[k];
        const tables_game *g = &t->games[i];
        if (plan_q_game_group(t->p, g->game.id) != group)
            continue;
        int w = tables_winner(g);
        fprintf(f, "| %s | %d | %s | %s | %s | %s | %s |", g->game.id,
                g->game.round, tables_name(t, g->game.entrant[0]),
                tables_name(t, g->game.entrant[1]),
                tables_score(g->result.outcome),
                w >= 0                                ? tables_name(t, w)
                : g->result.outcome == PLAN_DRAW ? "draw"
                                                 : "none",
                t->info[i].reason);
        if (t->win_points && w >= 0)
            fprintf(f, " %d |", tables_game_win_points(g));
        else if (t->win_points)
            fprintf(f, " |");
        fprintf(f, " [%s.yaml](", g->game.id);
        tables_record_link(f, t, g);
        fprintf(f, ") |");
        if (notes) {
            fputc(' ', f);
            tables_md_text(f, t->info[i].note);
            fprintf(f, " |");
        }
        fputc('\n', f);
    }
    fputc('\n', f);
}
