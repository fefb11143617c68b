/* tables.c - an event's tables in YAML and Markdown (see tables.h). */
#include "event/tables.h"

#include "event/ratings_table.h"
#include "util/fsutil.h"
#include "yaml/ywrite.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const event_def *def;
    const plan *p;
    const tables_game *games;
    size_t ngames;
    int group;
} tables_ctx;

static const char *tables_name(const tables_ctx *t, int entrant)
{
    return entrant >= 0 ? t->def->entrant[entrant].name
           : entrant == -2 ? "(bye)"
                           : "(open)";
}

/* ---- isolation ----------------------------------------------------------- */

/* How the bots of the games counted were kept apart: "full" when every
 * game was played with a sandbox per bot, "none" when any was played
 * without, "unknown" when a record does not say. */
static const char *tables_isolation(const tables_ctx *t)
{
    const char *worst = "full";
    for (size_t i = 0; i < t->ngames; i++) {
        const char *iso = t->games[i].result.isolation;
        if (strcmp(iso, "none") == 0)
            return "none";
        if (strcmp(iso, "full") != 0)
            worst = "unknown";
    }
    return t->ngames ? worst : "unknown";
}

static void tables_isolation_yaml(FILE *f, const tables_ctx *t)
{
    fprintf(f, "isolation: %s\n", tables_isolation(t));
}

static void tables_isolation_md(FILE *f, const tables_ctx *t)
{
    const char *iso = tables_isolation(t);
    fprintf(f, "Isolation: %s (%s).\n\n", iso,
            strcmp(iso, "full") == 0
                ? "every game was played with a sandbox per bot"
            : strcmp(iso, "none") == 0
                ? "some games were played without a sandbox: bots could "
                  "reach each other"
                : "some records do not say");
}

/* ---- groups ------------------------------------------------------------- */

static int tables_group_yaml(FILE *f, void *arg)
{
    const tables_ctx *t = arg;
    plan_row rows[PLAN_MAX_ENTRANTS];
    size_t n = plan_group_table(t->p, t->group, rows, PLAN_MAX_ENTRANTS);
    fprintf(f, "event: ");
    ywrite_str(f, t->def->name);
    fprintf(f, "\ngroup: ");
    ywrite_str(f, plan_group_name(t->p, t->group));
    fputc('\n', f);
    tables_isolation_yaml(f, t);
    fprintf(f, "table:\n");
    for (size_t i = 0; i < n && i < PLAN_MAX_ENTRANTS; i++) {
        const plan_row *r = &rows[i];
        fprintf(f, "  - rank: %d\n    entrant: ", r->rank);
        ywrite_str(f, tables_name(t, r->entrant));
        fprintf(f, "\n    played: %d\n    won: %d\n    drawn: %d\n"
                   "    lost: %d\n    points: %d\n    win_points: %d\n"
                   "    decided_by: ",
                r->played, r->won, r->drawn, r->lost, r->points,
                r->win_points);
        ywrite_str(f, r->decided_by);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

static void tables_group_md(FILE *f, const tables_ctx *t)
{
    plan_row rows[PLAN_MAX_ENTRANTS];
    size_t n = plan_group_table(t->p, t->group, rows, PLAN_MAX_ENTRANTS);
    fprintf(f, "## %s: %s%s\n\n", t->def->name,
            plan_groups(t->p) > 1 || t->def->plan.format == PLAN_SWISS_CUP
                ? "group "
                : "",
            plan_group_name(t->p, t->group));
    if (t->games)
        tables_isolation_md(f, t);
    fprintf(f, "| rank | entrant | played | won | drawn | lost | points | "
               "win points | decided by |\n"
               "|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (size_t i = 0; i < n && i < PLAN_MAX_ENTRANTS; i++)
        fprintf(f, "| %d | %s | %d | %d | %d | %d | %d | %d | %s |\n",
                rows[i].rank, tables_name(t, rows[i].entrant),
                rows[i].played, rows[i].won, rows[i].drawn, rows[i].lost,
                rows[i].points, rows[i].win_points, rows[i].decided_by);
    fputc('\n', f);
}

static int tables_group_md_file(FILE *f, void *arg)
{
    tables_group_md(f, arg);
    return ferror(f) ? -1 : 0;
}

/* ---- cup --------------------------------------------------------------- */

static bool tables_game_of_tie(const tables_game *g, const plan_tie *tie)
{
    char prefix[32];
    if (tie->round == 0)
        snprintf(prefix, sizeof prefix, "mid-t%d-", tie->tie);
    else
        snprintf(prefix, sizeof prefix, "cup-r%d-t%d-", tie->round, tie->tie);
    return strncmp(g->game.id, prefix, strlen(prefix)) == 0;
}

static const char *tables_score(plan_outcome o)
{
    return o == PLAN_SEAT0_WINS ? "1-0" : o == PLAN_SEAT1_WINS ? "0-1"
                                                               : "1/2-1/2";
}

static int tables_cup_yaml(FILE *f, void *arg)
{
    const tables_ctx *t = arg;
    plan_tie ties[2 * PLAN_MAX_ENTRANTS];
    size_t n = plan_bracket(t->p, ties, 2 * PLAN_MAX_ENTRANTS);
    fprintf(f, "event: ");
    ywrite_str(f, t->def->name);
    fprintf(f, "\nties:\n");
    for (size_t i = 0; i < n && i < 2 * PLAN_MAX_ENTRANTS; i++) {
        const plan_tie *tie = &ties[i];
        fprintf(f, "  - round: %d\n    tie: %d\n    entrants: [", tie->round,
                tie->tie);
        ywrite_str(f, tables_name(t, tie->entrant[0]));
        fprintf(f, ", ");
        ywrite_str(f, tables_name(t, tie->entrant[1]));
        fprintf(f, "]\n    winner: ");
        if (tie->winner >= 0)
            ywrite_str(f, tables_name(t, tie->winner));
        else
            fprintf(f, "null");
        fprintf(f, "\n    by_safeguard: %s\n    games:\n",
                tie->by_safeguard ? "true" : "false");
        for (size_t g = 0; g < t->ngames; g++) {
            const tables_game *tg = &t->games[g];
            if (!tables_game_of_tie(tg, tie))
                continue;
            fprintf(f, "      - id: ");
            ywrite_str(f, tg->game.id);
            fprintf(f, "\n        white: ");
            ywrite_str(f, tables_name(t, tg->game.entrant[0]));
            fprintf(f, "\n        black: ");
            ywrite_str(f, tables_name(t, tg->game.entrant[1]));
            fprintf(f, "\n        score: \"%s\"\n",
                    tables_score(tg->result.outcome));
        }
    }
    return ferror(f) ? -1 : 0;
}

static int tables_cup_md(FILE *f, void *arg)
{
    const tables_ctx *t = arg;
    plan_tie ties[2 * PLAN_MAX_ENTRANTS];
    size_t n = plan_bracket(t->p, ties, 2 * PLAN_MAX_ENTRANTS);
    fprintf(f, "## %s: cup\n\n| round | tie | entrants | winner | games |\n"
               "|---:|---:|---|---|---|\n", t->def->name);
    for (size_t i = 0; i < n && i < 2 * PLAN_MAX_ENTRANTS; i++) {
        const plan_tie *tie = &ties[i];
        char rnd[16] = "intermediate";
        if (tie->round)
            snprintf(rnd, sizeof rnd, "%d", tie->round);
        fprintf(f, "| %s | %d | %s vs %s | %s%s | ", rnd, tie->tie,
                tables_name(t, tie->entrant[0]),
                tables_name(t, tie->entrant[1]),
                tie->winner >= 0 ? tables_name(t, tie->winner) : "",
                tie->by_safeguard ? " (replay cap)" : "");
        for (size_t g = 0; g < t->ngames; g++)
            if (tables_game_of_tie(&t->games[g], tie))
                fprintf(f, "%s %s %s; ",
                        tables_name(t, t->games[g].game.entrant[0]),
                        tables_score(t->games[g].result.outcome),
                        tables_name(t, t->games[g].game.entrant[1]));
        fprintf(f, "|\n");
    }
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

/* ---- final ranking ------------------------------------------------------- */

static int tables_final_yaml(FILE *f, void *arg)
{
    const tables_ctx *t = arg;
    int who[PLAN_MAX_ENTRANTS], place[PLAN_MAX_ENTRANTS];
    size_t n = plan_final_ranking(t->p, who, place, PLAN_MAX_ENTRANTS);
    fprintf(f, "event: ");
    ywrite_str(f, t->def->name);
    fprintf(f, "\nformat: %s\ndone: true\n",
            event_format_name(t->def->plan.format));
    tables_isolation_yaml(f, t);
    fprintf(f, "ranking:\n");
    for (size_t i = 0; i < n && i < PLAN_MAX_ENTRANTS; i++) {
        fprintf(f, "  - place: %d\n    entrant: ", place[i]);
        ywrite_str(f, tables_name(t, who[i]));
        fprintf(f, "\n    command: ");
        ywrite_str(f, t->def->entrant[who[i]].command);
        if (t->def->entrant[who[i]].partner) {
            fprintf(f, "\n    partner: ");
            ywrite_str(f, t->def->entrant[who[i]].partner);
        }
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

static void tables_final_md(FILE *f, const tables_ctx *t)
{
    int who[PLAN_MAX_ENTRANTS], place[PLAN_MAX_ENTRANTS];
    size_t n = plan_final_ranking(t->p, who, place, PLAN_MAX_ENTRANTS);
    fprintf(f, "## %s: final ranking\n\n", t->def->name);
    if (t->games)
        tables_isolation_md(f, t);
    fprintf(f, "| place | entrant |\n|---:|---|\n");
    for (size_t i = 0; i < n && i < PLAN_MAX_ENTRANTS; i++)
        fprintf(f, "| %d | %s |\n", place[i], tables_name(t, who[i]));
    fputc('\n', f);
}

static int tables_final_md_file(FILE *f, void *arg)
{
    tables_final_md(f, arg);
    return ferror(f) ? -1 : 0;
}

/* ---- files ------------------------------------------------------------- */

static int tables_file(const tables_ctx *t, const char *name, fs_writer w,
                       char *err, size_t errlen)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s", t->def->results, name);
    return fs_write_atomic(path, w, (void *)t, err, errlen);
}

int tables_write(const event_def *def, const plan *p,
                 const tables_game *games, size_t ngames, char *err,
                 size_t errlen)
{
    tables_ctx t = {.def = def, .p = p, .games = games, .ngames = ngames};
    for (t.group = 0; t.group < plan_groups(p); t.group++) {
        char base[64], name[80];
        if (def->plan.format == PLAN_SWISS_CUP)
            snprintf(base, sizeof base, "group-%s", plan_group_name(p, t.group));
        else
            snprintf(base, sizeof base, "%s", plan_group_name(p, t.group));
        snprintf(name, sizeof name, "%s.yaml", base);
        if (tables_file(&t, name, tables_group_yaml, err, errlen))
            return -1;
        snprintf(name, sizeof name, "%s.md", base);
        if (tables_file(&t, name, tables_group_md_file, err, errlen))
            return -1;
    }
    if (def->plan.format == PLAN_SWISS_CUP &&
        (tables_file(&t, "cup.yaml", tables_cup_yaml, err, errlen) ||
         tables_file(&t, "cup.md", tables_cup_md, err, errlen)))
        return -1;
    return tables_file(&t, "final.yaml", tables_final_yaml, err, errlen) ||
                   tables_file(&t, "final.md", tables_final_md_file, err,
                               errlen) ||
                   ratings_table_write(def, games, ngames,
                                       tables_isolation(&t), err, errlen)
               ? -1
               : 0;
}

void tables_print(FILE *out, const event_def *def, const plan *p,
                  const tables_game *games, size_t ngames)
{
    tables_ctx t = {.def = def, .p = p, .games = games, .ngames = ngames};
    for (t.group = 0; t.group < plan_groups(p); t.group++)
        tables_group_md(out, &t);
    tables_final_md(out, &t);
    ratings_table_print(out, def, games, ngames,
                        games ? tables_isolation(&t) : NULL);
}
