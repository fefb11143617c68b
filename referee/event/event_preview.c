/* event_preview.c - `referee event --plan`: an event's draw and what it
 * plays next, without playing (see event_preview.h). */
#include "event/event_preview.h"

#include <stdlib.h>
#include <string.h>

static const char *event_pv_name(const event_def *d, int e)
{
    return e >= 0 ? d->entrant[e].name : e == -2 ? "(bye)" : "(open)";
}

/* A free-for-all's options: seats, games per table, place points. */
static void event_pv_ffa(FILE *out, const event_def *d)
{
    const plan_config *c = &d->plan;
    fprintf(out, "- tables of %d (every set of %d entrants); "
                 "games_per_table: %d; place_points:",
            d->seats, d->seats, c->games_per_table);
    for (int i = 0; i < c->nplace_points; i++)
        fprintf(out, "%s %d", i ? "," : "", c->place_points[i]);
    fputc('\n', out);
}

/* The options that decide the draw and the pairings. */
static void event_pv_options(FILE *out, const event_def *d)
{
    const plan_config *c = &d->plan;
    fprintf(out, "# %s: %s, %d entrants, seed %llu\n\n", d->name,
            event_format_name(c->format), d->nentrants,
            (unsigned long long)d->seed);
    if (c->format == PLAN_SWISS_CUP)
        fprintf(out, "- seeding: %s; starts: %s; compare_groups: %s; "
                     "separate_groups: %s; thirds: %s; third_place: %s; "
                     "replay_cap: %d\n",
                event_seeding_name(d->seeding),
                c->starts == PLAN_STARTS_LOT ? "lot" : "balanced",
                c->cross == PLAN_CROSS_POINTS ? "points" : "per-game",
                c->separate_groups ? "true" : "false",
                c->thirds ? "true" : "false",
                c->third_place ? "true" : "false", c->replay_cap);
    else if (c->format == PLAN_FREE_FOR_ALL)
        event_pv_ffa(out, d);
    else
        fprintf(out, "- games_per_pair: %d; starts: %s\n",
                c->games_per_pair,
                c->format == PLAN_GAUNTLET        ? "lot"
                : c->starts == PLAN_STARTS_LOT ? "lot"
                                               : "balanced");
    if (c->format != PLAN_FREE_FOR_ALL)
        fprintf(out, "- fault_win_points: %s\n",
                c->fault_win_points == PLAN_FAULT_WP_FULL ? "full" : "0");
    if (c->format == PLAN_SWISS_CUP && c->seeded) {
        fprintf(out, "- seeds:");
        for (int i = 0; i < d->nentrants; i++)
            fprintf(out, " %d. %s", i + 1,
                    d->entrant[c->has_seed_order ? c->seed_order[i] : i]
                        .name);
        fputc('\n', out);
    }
    for (int i = 0; i < d->nwithdrawals; i++)
        fprintf(out, "- withdrawn: %s (%s, by %s, %s)\n",
                d->entrant[d->withdrawal[i].entrant].name,
                d->withdrawal[i].reason, d->withdrawal[i].by,
                d->withdrawal[i].when);
    fputc('\n', out);
}

/* The groups as drawn, and their points so far once games are played. */
static void event_pv_groups(FILE *out, const event_def *d, const plan *p)
{
    fprintf(out, "## %s\n\n", d->plan.format == PLAN_SWISS_CUP
                                  ? "Groups (as drawn)"
                                  : "League");
    size_t cap = d->nentrants > 0 ? (size_t)d->nentrants : 1;
    int *m = malloc(cap * sizeof *m);
    plan_row *rows = malloc(cap * sizeof *rows);
    if (!m || !rows) {
        fprintf(out, "(out of memory)\n\n");
        free(m);
        free(rows);
        return;
    }
    for (int g = 0; g < plan_groups(p); g++) {
        size_t n = plan_group_members(p, g, m, cap);
        fprintf(out, "- %s:", plan_group_name(p, g));
        for (size_t i = 0; i < n && i < cap; i++)
            fprintf(out, "%s %s", i ? "," : "", event_pv_name(d, m[i]));
        size_t k = plan_group_table(p, g, rows, cap);
        for (size_t i = 0; i < k && i < cap; i++)
            if (rows[i].played)
                fprintf(out, "%s%s %d", i ? ", " : "; table now: ",
                        event_pv_name(d, rows[i].entrant), rows[i].points);
            else if (!i)
                break;
        fputc('\n', out);
    }
    fputc('\n', out);
    free(m);
    free(rows);
}

static const char *event_pv_how(plan_how h)
{
    return h == PLAN_HOW_FORFEIT       ? "forfeit"
           : h == PLAN_HOW_ADJUDICATED ? "adjudicated"
           : h == PLAN_HOW_FAULT       ? "by a fault"
                                       : "played";
}

/* A free-for-all result: "- id: a 1, b 2, c 2 (forfeit)". */
static void event_pv_places(FILE *out, const event_def *d,
                            const plan_game *g, const plan_result *r)
{
    fprintf(out, "- %s:", g->id);
    for (int s = 0; s < d->seats; s++)
        fprintf(out, "%s %s %d", s ? "," : "", event_pv_name(d, g->entrant[s]),
                r->place[s]);
    fprintf(out, " (%s)\n", event_pv_how(r->how));
}

/* The results entered rather than played. */
static void event_pv_entered(FILE *out, const event_def *d,
                             const event_hand_done *done, size_t ndone)
{
    size_t k = 0;
    for (size_t i = 0; i < ndone; i++) {
        const plan_game *g = &done[i].game;
        const plan_result *r = &done[i].result;
        if (!r->entered)
            continue;
        if (!k++)
            fprintf(out, "## Entered, not played\n\n");
        if (d->plan.format == PLAN_FREE_FOR_ALL) {
            event_pv_places(out, d, g, r);
            continue;
        }
        const char *a = event_pv_name(d, g->entrant[0]);
        const char *b = event_pv_name(d, g->entrant[1]);
        fprintf(out, "- %s: %s v %s: %s%s (%s)\n", g->id, a, b,
                r->outcome == PLAN_SEAT0_WINS   ? a
                : r->outcome == PLAN_SEAT1_WINS ? b
                : r->outcome == PLAN_DRAW       ? "drawn"
                                                : "both lose",
                r->outcome <= PLAN_SEAT1_WINS ? " wins" : "",
                event_pv_how(r->how));
    }
    if (k)
        fputc('\n', out);
}

static void event_pv_cup(FILE *out, const event_def *d, const plan *p)
{
    plan_tie t[PLAN_TIES_MAX];
    size_t n = plan_bracket(p, t, PLAN_TIES_MAX);
    if (!n)
        return;
    fprintf(out, "## Cup\n\n");
    for (size_t i = 0; i < n && i < PLAN_TIES_MAX; i++) {
        char rnd[32] = "intermediate";
        if (t[i].third_place)
            snprintf(rnd, sizeof rnd, "third place");
        else if (t[i].round)
            snprintf(rnd, sizeof rnd, "round %d", t[i].round);
        fprintf(out, "- %s, tie %d: %s v %s", rnd, t[i].tie,
                event_pv_name(d, t[i].entrant[0]),
                event_pv_name(d, t[i].entrant[1]));
        if (t[i].winner >= 0)
            fprintf(out, ": %s%s", event_pv_name(d, t[i].winner),
                    t[i].by_safeguard ? " (replay cap)" : "");
        fputc('\n', out);
    }
    fputc('\n', out);
}

static void event_pv_ready(FILE *out, const event_def *d, const plan *p)
{
    size_t n = plan_ready(p, NULL, 0);
    plan_game *g = n ? calloc(n, sizeof *g) : NULL;
    if (n && !g)
        return;
    plan_ready(p, g, n);
    fprintf(out, "## %s: %zu of %zu known played, %zu ready\n\n",
            plan_done(p) ? "Done" : "Next", plan_played(p), plan_known(p),
            n);
    for (size_t i = 0; i < n; i++) {
        plan_result fr;
        bool forfeit = plan_forfeit(p, &g[i], &fr);
        fprintf(out, "- %s (%s, round %d): ", g[i].id, g[i].stage,
                g[i].round);
        for (int s = 0; s < event_sides(d); s++)
            fprintf(out, "%s%s", s ? " v " : "",
                    event_pv_name(d, g[i].entrant[s]));
        fprintf(out, ", %s starts%s\n", event_pv_name(d, g[i].entrant[0]),
                forfeit ? "; a forfeit (withdrawn)" : "");
    }
    free(g);
}

void event_preview(FILE *out, const event_def *def, const plan *p,
                   const event_hand_done *done, size_t ndone)
{
    event_pv_options(out, def);
    event_pv_groups(out, def, p);
    event_pv_entered(out, def, done, ndone);
    event_pv_cup(out, def, p);
    event_pv_ready(out, def, p);
}
