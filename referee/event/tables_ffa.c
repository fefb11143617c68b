/* tables_ffa.c - the league table of a free-for-all (see
 * tables_internal.h; EVENTS.md, "Free for all"): rank, entrant, played,
 * points, first places, the games at each place and the faults, what
 * decided each rank; and every game with each seat's entrant and place. */
#include "event/tables_internal.h"

#include "event/plan_query.h"
#include "yaml/ywrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tables_ordinal(char *buf, size_t len, int n)
{
    const char *suffix = n % 100 / 10 == 1 ? "th"
                         : n % 10 == 1     ? "st"
                         : n % 10 == 2     ? "nd"
                         : n % 10 == 3     ? "rd"
                                           : "th";
    snprintf(buf, len, "%d%s", n, suffix);
}

/* The table number of a game, from its id ("ffa-t0007-g2": 7). */
static int tables_ffa_table_no(const tables_game *g)
{
    int t = 0;
    return sscanf(g->game.id, "ffa-t%d-", &t) == 1 ? t : 0;
}

static int tables_ffa_seats(const tables_ctx *t)
{
    return t->def->plan.seats;
}

/* ---- YAML --------------------------------------------------------------- */

static void tables_ffa_rules_yaml(FILE *f, const tables_ctx *t)
{
    const plan_config *c = &t->def->plan;
    fprintf(f, "seats: %d\ngames_per_table: %d\nplace_points: [", c->seats,
            c->games_per_table);
    for (int i = 0; i < c->nplace_points; i++)
        fprintf(f, "%s%d", i ? ", " : "", c->place_points[i]);
    fprintf(f, "]\n");
}

/* A row's counts: played, points, firsts, places, faults. */
void tables_ffa_counts_yaml(FILE *f, const tables_ctx *t, const plan_row *r,
                            const char *indent)
{
    fprintf(f, "%splayed: %d\n%spoints: %d\n%sfirsts: %d\n%splaces: [",
            indent, r->played, indent, r->points, indent, r->places[0],
            indent);
    for (int i = 0; i < tables_ffa_seats(t); i++)
        fprintf(f, "%s%d", i ? ", " : "", r->places[i]);
    fprintf(f, "]\n%sfaults: %d\n", indent, r->faults);
}

static void tables_ffa_rank_yaml(FILE *f, const tables_ctx *t,
                                 const plan_row *rows, int n)
{
    fprintf(f, "table:\n");
    for (int i = 0; i < n; i++) {
        const plan_row *r = &rows[i];
        fprintf(f, "  - rank: %d\n    entrant: ", r->rank);
        ywrite_str(f, tables_name(t, r->entrant));
        fputc('\n', f);
        tables_ffa_counts_yaml(f, t, r, "    ");
        tables_row_tail_yaml(f, r);
    }
}

static void tables_ffa_game_yaml(FILE *f, const tables_ctx *t, size_t i)
{
    const tables_game *g = &t->games[i];
    fprintf(f, "  - id: ");
    ywrite_str(f, g->game.id);
    fprintf(f, "\n    table: %d\n    round: %d\n    seats:\n",
            tables_ffa_table_no(g), g->game.round);
    for (int s = 0; s < tables_ffa_seats(t); s++) {
        fprintf(f, "      - {entrant: ");
        ywrite_str(f, tables_name(t, g->game.entrant[s]));
        fprintf(f, ", place: %d%s}\n", g->result.place[s],
                g->result.fault[s] ? ", fault: true" : "");
    }
    fprintf(f, "    reason: ");
    ywrite_str(f, t->info[i].reason);
    fprintf(f, "\n    record: \"%s.yaml\"\n", g->game.id);
    if (t->info[i].note[0]) {
        fprintf(f, "    note: ");
        ywrite_str(f, t->info[i].note);
        fputc('\n', f);
    }
}

int tables_ffa_yaml(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    int n;
    plan_row *rows = tables_rows(t, 0, &n);
    if (!rows)
        return -1;
    tables_group_head_yaml(f, t, 0);
    tables_ffa_rules_yaml(f, t);
    tables_ffa_rank_yaml(f, t, rows, n);
    free(rows);
    fprintf(f, "games:\n");
    for (size_t k = 0; k < t->ngames; k++)
        if (plan_q_game_group(t->p, t->games[t->order[k]].game.id) == 0)
            tables_ffa_game_yaml(f, t, t->order[k]);
    return ferror(f) ? -1 : 0;
}

/* ---- Markdown ----------------------------------------------------------- */

/* "| 1st | 2nd | 3rd |" and its alignment row's cells. */
void tables_ffa_place_heads_md(FILE *f, const tables_ctx *t, bool align)
{
    for (int i = 0; i < tables_ffa_seats(t); i++) {
        char ord[16];
        tables_ordinal(ord, sizeof ord, i + 1);
        fprintf(f, align ? "---:|" : " %s |", ord);
    }
}

static void tables_ffa_heading(FILE *f, const tables_ctx *t)
{
    const plan_config *c = &t->def->plan;
    fprintf(f, "## %s: %s\n\n", t->def->name, plan_group_name(t->p, 0));
    if (t->games)
        tables_isolation_md(f, t);
    fprintf(f, "Free for all in tables of %d: every set of %d entrants "
               "played %d game%s, the seat order turned each game. Places "
               "score",
            c->seats, c->seats, c->games_per_table,
            c->games_per_table == 1 ? "" : "s");
    for (int i = 0; i < c->nplace_points; i++)
        fprintf(f, "%s %d", i == 0 ? "" : i + 1 == c->nplace_points ? " and"
                                                                     : ",",
                c->place_points[i]);
    fprintf(f, " points, first to last (a shared place scores that "
               "place's points); ranked by points, then first places, then "
               "lot.\n\n");
}

/* What a row's games were beside games played out, or "". */
static void tables_ffa_row_note(char *buf, size_t len, const plan_row *r)
{
    int adjudicated = r->entered - r->forfeits_won - r->forfeits_lost;
    size_t at = 0;
    buf[0] = '\0';
    if (r->forfeits_won + r->forfeits_lost)
        at += (size_t)snprintf(buf, len, "%d by forfeit",
                               r->forfeits_won + r->forfeits_lost);
    if (adjudicated > 0 && at < len)
        snprintf(buf + at, len - at, "%s%d adjudicated", at ? ", " : "",
                 adjudicated);
}

void tables_ffa_rank_md(FILE *f, const tables_ctx *t)
{
    int n;
    plan_row *rows = tables_rows(t, 0, &n);
    if (!rows) {
        fprintf(f, "(no table: out of memory)\n\n");
        return;
    }
    bool notes = false;
    for (int i = 0; i < n; i++)
        notes = notes || rows[i].entered;
    tables_ffa_heading(f, t);
    fprintf(f, "| rank | entrant | played | points |");
    tables_ffa_place_heads_md(f, t, false);
    fprintf(f, " faults | decided by |%s\n|---:|---|---:|---:|",
            notes ? " note |" : "");
    tables_ffa_place_heads_md(f, t, true);
    fprintf(f, "---:|---|%s\n", notes ? "---|" : "");
    for (int i = 0; i < n; i++) {
        const plan_row *r = &rows[i];
        char note[96];
        fprintf(f, "| %d | %s%s | %d | %d |", r->rank,
                tables_name(t, r->entrant),
                r->withdrawn ? " (withdrawn)" : "", r->played, r->points);
        for (int k = 0; k < tables_ffa_seats(t); k++)
            fprintf(f, " %d |", r->places[k]);
        fprintf(f, " %d | %s |", r->faults, r->decided_by);
        tables_ffa_row_note(note, sizeof note, r);
        if (notes)
            fprintf(f, " %s |", note);
        fputc('\n', f);
    }
    fputc('\n', f);
    free(rows);
}

static void tables_ffa_game_md(FILE *f, const tables_ctx *t, size_t i,
                               bool notes)
{
    const tables_game *g = &t->games[i];
    fprintf(f, "| %s | %d |", g->game.id, g->game.round);
    for (int s = 0; s < tables_ffa_seats(t); s++) {
        char ord[16];
        tables_ordinal(ord, sizeof ord, g->result.place[s]);
        fprintf(f, " %s %s%s |", tables_name(t, g->game.entrant[s]), ord,
                g->result.fault[s] ? " (fault)" : "");
    }
    fprintf(f, " %s | [%s.yaml](", t->info[i].reason, g->game.id);
    tables_record_link(f, t, g);
    fprintf(f, ") |");
    if (notes) {
        fputc(' ', f);
        tables_md_text(f, t->info[i].note);
        fprintf(f, " |");
    }
    fputc('\n', f);
}

static void tables_ffa_games_md(FILE *f, const tables_ctx *t)
{
    bool notes = false;
    for (size_t i = 0; i < t->ngames; i++)
        notes = notes || t->info[i].note[0];
    fprintf(f, "### Games\n\nEach seat's entrant and place, seat 0 "
               "starting.\n\n| game | round |");
    for (int s = 0; s < tables_ffa_seats(t); s++)
        fprintf(f, " seat %d |", s);
    fprintf(f, " reason | record |%s\n|---|---:|", notes ? " note |" : "");
    for (int s = 0; s < tables_ffa_seats(t); s++)
        fprintf(f, "---|");
    fprintf(f, "---|---|%s\n", notes ? "---|" : "");
    for (size_t k = 0; k < t->ngames; k++)
        if (plan_q_game_group(t->p, t->games[t->order[k]].game.id) == 0)
            tables_ffa_game_md(f, t, t->order[k], notes);
    fputc('\n', f);
}

int tables_ffa_md_file(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    tables_ffa_rank_md(f, t);
    tables_withdrawals_md(f, t, 0);
    tables_ffa_games_md(f, t);
    return ferror(f) ? -1 : 0;
}

/* ---- progress ----------------------------------------------------------- */

void tables_ffa_record_text(char *buf, size_t len, const event_def *def,
                            const plan_game *g, const record *r)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int s = 0; s < def->seats && s < r->nplayers && at < len; s++) {
        char ord[16];
        tables_ordinal(ord, sizeof ord, r->players[s].place);
        at += (size_t)snprintf(buf + at, len - at, "%s%s %s", s ? ", " : "",
                               def->entrant[g->entrant[s]].name, ord);
    }
    if (at < len)
        snprintf(buf + at, len - at, " (%s)", r->reason ? r->reason : "");
}
