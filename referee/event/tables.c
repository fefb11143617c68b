/* tables.c - an event's tables in YAML and Markdown (see tables.h): the
 * files written, the summary printed, and the isolation every table
 * states.  The tables themselves are in tables_*.c
 * (tables_internal.h). */
#include "event/tables.h"

#include "event/plan_query.h"
#include "event/ratings_table.h"
#include "event/report_html_internal.h"
#include "event/tables_internal.h"
#include "util/fsutil.h"
#include "yaml/ywrite.h"

#include <string.h>

/* ---- isolation ---------------------------------------------------------- */

/* How the bots of the games counted were kept apart: "full" when every
 * game was played with a sandbox per bot, "none" when any was played
 * without, "unknown" when a record does not say.  A result entered by
 * hand (a forfeit, an adjudication) had no bots to keep apart. */
/* A game the referee played, with bots (not entered by hand, not a
 * forfeit or an adjudication). */
static bool tables_played(const plan_result *r)
{
    return !r->entered && r->how != PLAN_HOW_FORFEIT &&
           r->how != PLAN_HOW_ADJUDICATED;
}

const char *tables_isolation(const tables_ctx *t)
{
    const char *worst = "full";
    size_t played = 0;
    for (size_t i = 0; i < t->ngames; i++) {
        const plan_result *r = &t->games[i].result;
        if (!tables_played(r))
            continue;
        played++;
        const char *iso = r->isolation;
        if (strcmp(iso, "none") == 0)
            return "none";
        if (strcmp(iso, "full") != 0)
            worst = "unknown";
    }
    return played ? worst : "unknown";
}

/* Whether bots could think on the others' time in the games counted:
 * "off" (frozen in every game), "on" (in every game), "mixed", or
 * "unknown" when a record does not say. */
const char *tables_pondering(const tables_ctx *t)
{
    size_t on = 0, off = 0, unsaid = 0;
    for (size_t i = 0; i < t->ngames; i++) {
        const plan_result *r = &t->games[i].result;
        if (!tables_played(r))
            continue;
        if (strcmp(r->pondering, "on") == 0)
            on++;
        else if (strcmp(r->pondering, "off") == 0)
            off++;
        else
            unsaid++;
    }
    if (unsaid || on + off == 0)
        return "unknown";
    return on && off ? "mixed" : on ? "on" : "off";
}

void tables_isolation_yaml(FILE *f, const tables_ctx *t)
{
    fprintf(f, "isolation: %s\npondering: %s\n", tables_isolation(t),
            tables_pondering(t));
}

void tables_group_head_yaml(FILE *f, const tables_ctx *t, int group)
{
    fprintf(f, "event: ");
    ywrite_str(f, t->def->name);
    fprintf(f, "\ngroup: ");
    ywrite_str(f, plan_group_name(t->p, group));
    fprintf(f, "\nformat: %s\n", event_format_name(t->def->plan.format));
    tables_isolation_yaml(f, t);
    tables_record_dir_yaml(f, t);
}

void tables_row_tail_yaml(FILE *f, const plan_row *r)
{
    fprintf(f, "    decided_by: ");
    ywrite_str(f, r->decided_by);
    fputc('\n', f);
    if (r->withdrawn)
        fprintf(f, "    withdrawn: true\n");
    if (r->forfeits_won)
        fprintf(f, "    forfeits_won: %d\n", r->forfeits_won);
    if (r->forfeits_lost)
        fprintf(f, "    forfeits_lost: %d\n", r->forfeits_lost);
    if (r->entered)
        fprintf(f, "    entered: %d\n", r->entered);
}

void tables_isolation_md(FILE *f, const tables_ctx *t)
{
    const char *iso = tables_isolation(t);
    fprintf(f, "Isolation: %s (%s).\n\n", iso,
            strcmp(iso, "full") == 0
                ? "every game was played with a sandbox per bot"
            : strcmp(iso, "none") == 0
                ? "some games were played without a sandbox: bots could "
                  "reach each other"
                : "some records do not say");
    const char *pon = tables_pondering(t);
    fprintf(f, "Pondering: %s (%s).\n\n", pon,
            strcmp(pon, "off") == 0
                ? "bots not on move were frozen, in every game"
            : strcmp(pon, "on") == 0
                ? "bots could think on their opponents' time"
            : strcmp(pon, "mixed") == 0
                ? "in some games bots could think on their opponents' time"
                : "some records do not say");
}

void tables_fault_rule_yaml(FILE *f, const tables_ctx *t)
{
    if (t->win_points)
        fprintf(f, "fault_win_points: %s\n",
                t->def->plan.fault_win_points == PLAN_FAULT_WP_FULL ? "full"
                                                                    : "0");
}

void tables_fault_rule_md(FILE *f, const tables_ctx *t)
{
    if (!t->win_points)
        return;
    fprintf(f, "%s\n\n",
            t->def->plan.fault_win_points == PLAN_FAULT_WP_FULL
                ? "A win by a fault counts its win points as a win on the "
                  "board: 18 minus the winner's marbles (fault_win_points: "
                  "full)."
                : "A win by a fault gives 0 win points: no game was won on "
                  "the board (fault_win_points: 0).");
}

/* ---- progress ----------------------------------------------------------- */

void tables_record_text(char *buf, size_t len, const event_def *def,
                        const plan_game *g, const record *r)
{
    const char *a = def->entrant[g->entrant[0]].name;
    const char *b = def->entrant[g->entrant[1]].name;
    const char *res = r->players[0].result;
    const char *why = r->reason ? r->reason : "";
    bool ffa = def->plan.format == PLAN_FREE_FOR_ALL;
    char names[600];
    event_game_names(def, g, names, sizeof names);
    if (r->status && strcmp(r->status, "void") == 0)
        snprintf(buf, len, "%s: void (%s)", names,
                 r->detail ? r->detail : why);
    else if (ffa)
        tables_ffa_record_text(buf, len, def, g, r);
    else if (res && strcmp(res, "win") == 0)
        snprintf(buf, len, "%s beat %s (%s)", a, b, why);
    else if (res && strcmp(res, "loss") == 0)
        snprintf(buf, len, "%s beat %s (%s)", b, a, why);
    else if (res && strcmp(res, "draw") == 0)
        snprintf(buf, len, "%s drew %s (%s)", a, b, why);
    else
        snprintf(buf, len, "%s vs %s: %s (%s)", a, b,
                 r->status ? r->status : "no result", why);
}

/* ---- files ------------------------------------------------------------- */

static int tables_file(const tables_ctx *t, const char *name, fs_writer w,
                       char *err, size_t errlen)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s", t->def->results, name);
    return fs_write_atomic(path, w, (void *)t, err, errlen);
}

static int tables_final_md_file(FILE *f, void *arg)
{
    tables_final_md(f, arg);
    return ferror(f) ? -1 : 0;
}

/* group-X.yaml/.md, or league.yaml/.md. */
static int tables_write_groups(tables_ctx *t, char *err, size_t errlen)
{
    bool gauntlet = t->def->plan.format == PLAN_GAUNTLET;
    bool ffa = t->def->plan.format == PLAN_FREE_FOR_ALL;
    fs_writer yaml = gauntlet ? tables_gauntlet_yaml
                     : ffa    ? tables_ffa_yaml
                              : tables_group_yaml;
    fs_writer md = gauntlet ? tables_gauntlet_md_file
                   : ffa    ? tables_ffa_md_file
                            : tables_group_md_file;
    for (t->group = 0; t->group < plan_groups(t->p); t->group++) {
        char base[64], name[80];
        if (t->def->plan.format == PLAN_SWISS_CUP)
            snprintf(base, sizeof base, "group-%s",
                     plan_group_name(t->p, t->group));
        else
            snprintf(base, sizeof base, "%s",
                     plan_group_name(t->p, t->group));
        snprintf(name, sizeof name, "%s.yaml", base);
        if (tables_file(t, name, yaml, err, errlen))
            return -1;
        snprintf(name, sizeof name, "%s.md", base);
        if (tables_file(t, name, md, err, errlen))
            return -1;
    }
    return 0;
}

int tables_write(const event_def *def, const plan *p,
                 const tables_game *games, size_t ngames, char *err,
                 size_t errlen)
{
    tables_ctx t;
    if (tables_ctx_init(&t, def, p, games, ngames, err, errlen) != 0)
        return -1;
    int rc = tables_write_groups(&t, err, errlen);
    if (rc == 0 && def->plan.format == PLAN_SWISS_CUP &&
        (tables_file(&t, "cup.yaml", tables_cup_yaml, err, errlen) ||
         tables_file(&t, "cup.md", tables_cup_md_file, err, errlen)))
        rc = -1;
    if (rc == 0 &&
        (tables_file(&t, "final.yaml", tables_final_yaml, err, errlen) ||
         tables_file(&t, "final.md", tables_final_md_file, err, errlen) ||
         ratings_table_write(def, games, ngames, tables_isolation(&t), err,
                             errlen) ||
         report_html_file(&t, err, errlen)))
        rc = -1;
    tables_ctx_release(&t);
    return rc;
}

void tables_print(FILE *out, const event_def *def, const plan *p,
                  const tables_game *games, size_t ngames)
{
    tables_ctx t;
    char err[64];
    if (tables_ctx_init(&t, def, p, games, ngames, err, sizeof err) != 0) {
        fprintf(out, "(no tables: %s)\n", err);
        return;
    }
    for (t.group = 0; t.group < plan_groups(p); t.group++) {
        if (def->plan.format == PLAN_GAUNTLET)
            tables_gauntlet_score_md(out, &t);
        else if (def->plan.format == PLAN_FREE_FOR_ALL)
            tables_ffa_rank_md(out, &t);
        else
            tables_group_rank_md(out, &t);
    }
    if (def->plan.format == PLAN_SWISS_CUP && plan_q_cup_rounds(p))
        tables_cup_ties_md(out, &t);
    tables_final_md(out, &t);
    ratings_table_print(out, def, games, ngames,
                        games ? tables_isolation(&t) : NULL);
    tables_ctx_release(&t);
}
