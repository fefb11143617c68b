/* event_def_ffa.c - which format suits the game's seats, and the keys of
 * the free-for-all (see event_def_internal.h; EVENTS.md, "Free for
 * all").  The rules say who is on whose side (rules_seat_team), not the
 * variant's name: a new game with teams needs nothing here. */
#include "event/event_def_internal.h"

#include <string.h>

bool event_rules_teams(const rules_game *g)
{
    return rules_seats(g) == 4 &&
           rules_seat_team(g, 0) == rules_seat_team(g, 2) &&
           rules_seat_team(g, 1) == rules_seat_team(g, 3) &&
           rules_seat_team(g, 0) != rules_seat_team(g, 1);
}

/* Is every seat of the game its own side? */
static bool event_rules_solo(const event_def *d, char *why, size_t len)
{
    rules_game *g = rules_game_new(d->game, d->variant, d->options, why,
                                   len);
    bool solo = g != NULL;
    for (int s = 0; g && s < rules_seats(g); s++)
        for (int t = 0; t < s; t++)
            solo = solo && rules_seat_team(g, s) != rules_seat_team(g, t);
    rules_game_free(g);
    return solo;
}

static unsigned long event_key_line(ytree_ctx *c, const ytree_node *root,
                                    const char *key)
{
    const ytree_node *n = NULL;
    ytree_map_find(c, root, "", key, &n);
    return n ? ytree_line(n) : ytree_line(root);
}

int event_get_seats(ytree_ctx *c, const ytree_node *root, event_def *d)
{
    char why[256] = "";
    bool solo = event_rules_solo(d, why, sizeof why);
    bool ffa = d->plan.format == PLAN_FREE_FOR_ALL;
    unsigned long line = event_key_line(c, root, "format");
    if (ffa && d->teams)
        return ytree_fail(c, line, "format",
                          "%s %s seats two teams of two: team events play "
                          "swiss-cup, round-robin or gauntlet (an entrant "
                          "is a command and its partner), not free-for-all",
                          d->game, d->variant);
    if (ffa && (d->seats < 3 || !solo))
        return ytree_fail(c, line, "format",
                          "free-for-all is for games of three or four "
                          "seats, each its own side; %s %s has %d seats%s",
                          d->game, d->variant, d->seats,
                          d->seats == 2 ? ": play it as round-robin" : "");
    if (!ffa && d->seats != 2 && !d->teams)
        return ytree_fail(c, line, "format",
                          "%s needs games of two sides, or two teams of "
                          "two; %s %s has %d seats%s",
                          event_format_name(d->plan.format), d->game,
                          d->variant, d->seats,
                          solo ? ", each its own side: play it as "
                                 "format: free-for-all"
                               : "");
    return 0;
}

/* `place_points`: one number per place, first to last, none above the
 * one before. */
static int event_get_place_points(ytree_ctx *c, const ytree_node *n,
                                  event_def *d)
{
    plan_config *p = &d->plan;
    if (ytree_want_kind(c, n, "place_points", YTREE_SEQ))
        return -1;
    if (n->nkids != (size_t)d->seats)
        return ytree_fail(c, ytree_line(n), "place_points",
                          "expected %d numbers, one per place from the "
                          "first to the last, got %zu", d->seats, n->nkids);
    for (size_t i = 0; i < n->nkids; i++) {
        char f[48];
        long long v;
        snprintf(f, sizeof f, "place_points[%zu]", i);
        if (ytree_parse_int(c, n->kids[i], f, 0, PLAN_PLACE_POINTS_MAX, &v))
            return -1;
        if (i > 0 && v > p->place_points[i - 1])
            return ytree_fail(c, ytree_line(n->kids[i]), f,
                              "place %zu scores %lld, more than place %zu "
                              "(%d): a better place must score at least as "
                              "much", i + 1, v, i, p->place_points[i - 1]);
        p->place_points[i] = (int)v;
    }
    p->nplace_points = d->seats;
    return 0;
}

/* The entrants against the seats and the most games the plan takes. */
static int event_check_tables(ytree_ctx *c, const ytree_node *root,
                              event_def *d)
{
    plan_config *p = &d->plan;
    unsigned long line = event_key_line(c, root, "entrants");
    if (d->nentrants < d->seats)
        return ytree_fail(c, line, "entrants",
                          "a free-for-all of %d-seat games needs at least "
                          "%d entrants, got %d", d->seats, d->seats,
                          d->nentrants);
    p->nentrants = d->nentrants;
    unsigned long long games = plan_ffa_games(p);
    if (games > PLAN_FFA_GAMES_MAX)
        return ytree_fail(c, line, "entrants",
                          "%d entrants make %llu tables of %d, and %d "
                          "games a table make %llu games, more than %d: "
                          "take fewer entrants or fewer games a table",
                          d->nentrants, games / (unsigned)p->games_per_table,
                          d->seats, p->games_per_table, games,
                          PLAN_FFA_GAMES_MAX);
    return 0;
}

int event_get_ffa(ytree_ctx *c, const ytree_node *root, event_def *d)
{
    plan_config *p = &d->plan;
    const ytree_node *gpt, *pp;
    if (ytree_map_find(c, root, "", "games_per_table", &gpt) ||
        ytree_map_find(c, root, "", "place_points", &pp))
        return -1;
    if (p->format != PLAN_FREE_FOR_ALL) {
        const ytree_node *n = gpt && !ytree_is_null(gpt) ? gpt : pp;
        if (n && !ytree_is_null(n))
            return ytree_fail(c, ytree_line(n),
                              n == gpt ? "games_per_table" : "place_points",
                              "only for format: free-for-all");
        return 0;
    }
    long long games = d->seats;
    if (event_opt_int(c, root, "", "games_per_table", 1,
                      PLAN_GAMES_PER_TABLE_MAX, &games))
        return -1;
    p->seats = d->seats;
    p->games_per_table = (int)games;
    if (pp && !ytree_is_null(pp)) {
        if (event_get_place_points(c, pp, d))
            return -1;
    } else {
        p->nplace_points = d->seats;
        for (int i = 0; i < d->seats; i++)
            p->place_points[i] = d->seats - 1 - i;
    }
    return event_check_tables(c, root, d);
}

void event_def_write_ffa(FILE *f, const event_def *d)
{
    const plan_config *p = &d->plan;
    fprintf(f, "games_per_table: %d\nplace_points: [", p->games_per_table);
    for (int i = 0; i < p->nplace_points; i++)
        fprintf(f, "%s%d", i ? ", " : "", p->place_points[i]);
    fprintf(f, "]\n");
}
