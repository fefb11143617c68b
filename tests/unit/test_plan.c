/*
 * test_plan.c - the event plan: swiss-cup group sizes and advancement
 * (hand tables and invariants), group ranking rules, cup ties (replays,
 * safeguard, byes, readiness), determinism, whole events to the end for
 * every size, round-robin and gauntlet, and errors.
 */
#include <criterion/criterion.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event/plan.h"

/* The largest swiss-cup (16 groups of 5, one qualifier each: a bracket of
 * 16), and room for the entrants of any plan made here (big leagues are
 * test_big_event.c's). */
#define SWISS_MAX 80
#define TEST_MAX SWISS_MAX

/* ---- helpers --------------------------------------------------------------- */

/* A plan with the defaults and n entrants; fails the test on error. */
static plan *mk(plan_format fmt, int n, uint64_t seed)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = fmt;
    c.nentrants = n;
    c.seed = seed;
    char err[200] = "";
    plan *p = plan_new(&c, err, sizeof err);
    cr_assert_not_null(p, "plan_new(n=%d): %s", n, err);
    return p;
}

static plan *mk_cfg(const plan_config *c)
{
    char err[200] = "";
    plan *p = plan_new(c, err, sizeof err);
    cr_assert_not_null(p, "plan_new: %s", err);
    return p;
}

/* Record the result of g: winner is an entrant, or -1 for a draw; the
 * winner collects wp win points. */
static void give(plan *p, const plan_game *g, int winner, int wp)
{
    plan_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.id, sizeof r.id, "%s", g->id);
    if (winner < 0) {
        r.outcome = PLAN_DRAW;
    } else if (winner == g->entrant[0]) {
        r.outcome = PLAN_SEAT0_WINS;
        r.win_points[0] = wp;
    } else {
        cr_assert_eq(winner, g->entrant[1], "%s: %d does not play", g->id,
                     winner);
        r.outcome = PLAN_SEAT1_WINS;
        r.win_points[1] = wp;
    }
    char err[200] = "";
    cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s: %s", g->id,
                 err);
}

/* The games ready now, in a new array (*n of them). */
static plan_game *ready(const plan *p, size_t *n)
{
    *n = plan_ready(p, NULL, 0);
    plan_game *g = calloc(*n + 1, sizeof *g);
    cr_assert_not_null(g);
    cr_assert_eq(plan_ready(p, g, *n), *n);
    return g;
}

/* Decides a game: the winning entrant or -1, and the win points. */
typedef int (*decide_fn)(const plan_game *g, int *wp);

static int seat0_wins(const plan_game *g, int *wp)
{
    *wp = 10;
    return g->entrant[0];
}

static int always_draw(const plan_game *g, int *wp)
{
    (void)g;
    *wp = 0;
    return -1;
}

/* A fixed function of the game's seed: 30% draws, else either seat. */
static int by_seed(const plan_game *g, int *wp)
{
    uint64_t x = g->seed;
    *wp = 1 + (int)((x >> 16) % 17);
    if (x % 10 < 3)
        return -1;
    return g->entrant[(x >> 8) & 1];
}

/* The ids a drive fed, to check that none repeats. */
typedef struct {
    char (*id)[PLAN_ID_MAX];
    size_t n, cap;
} idlist;

static void ids_add(idlist *l, const char *id)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->id = realloc(l->id, l->cap * sizeof *l->id);
        cr_assert_not_null(l->id);
    }
    snprintf(l->id[l->n++], PLAN_ID_MAX, "%s", id);
}

static int cmp_id(const void *a, const void *b)
{
    return strcmp(a, b);
}

enum { FORWARD, REVERSE, ONE_AT_A_TIME };

/* Play until nothing is ready, deciding each game with f, feeding each
 * batch of ready games forward, backward, or only the last one per call.
 * Returns the number of games played. */
static size_t drive(plan *p, decide_fn f, int mode, idlist *ids)
{
    size_t total = 0;
    for (;;) {
        size_t n;
        plan_game *g = ready(p, &n);
        if (n == 0) {
            free(g);
            break;
        }
        for (size_t k = 0; k < n; k++) {
            size_t i = mode == FORWARD ? k : n - 1 - k;
            int wp;
            int w = f(&g[i], &wp);
            if (ids)
                ids_add(ids, g[i].id);
            give(p, &g[i], w, wp);
            total++;
            if (mode == ONE_AT_A_TIME)
                break;
        }
        free(g);
        cr_assert(total < 100000, "runaway event");
    }
    return total;
}

/* Play only the group (or league) games that are ready now. */
static void play_phase0(plan *p, decide_fn f)
{
    size_t n;
    plan_game *g = ready(p, &n);
    for (size_t i = 0; i < n; i++) {
        if (g[i].phase != 0)
            continue;
        int wp;
        int w = f(&g[i], &wp);
        give(p, &g[i], w, wp);
    }
    free(g);
}

/* A scripted group: who wins each pair, with what win points. */
typedef struct {
    int win[8][8]; /* winner of a v b, -1 draw */
    int wp[8][8];
} script;

static void script_init(script *s)
{
    for (int a = 0; a < 8; a++)
        for (int b = 0; b < 8; b++) {
            s->win[a][b] = -1;
            s->wp[a][b] = 0;
        }
}

static void beats(script *s, int w, int l, int wp)
{
    s->win[w][l] = s->win[l][w] = w;
    s->wp[w][l] = s->wp[l][w] = wp;
}

/* Play every group game of p (one group) by the script. */
static void play_script(plan *p, const script *s)
{
    size_t n;
    plan_game *g = ready(p, &n);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(g[i].phase, 0);
        int a = g[i].entrant[0], b = g[i].entrant[1];
        give(p, &g[i], s->win[a][b], s->wp[a][b]);
    }
    free(g);
}

/* The group table as entrants and decided_by. */
static size_t table(const plan *p, int group, plan_row *rows)
{
    return plan_group_table(p, group, rows, TEST_MAX);
}

static void expect_order(const plan *p, const int *ent, const char **dec,
                         int m)
{
    plan_row rows[TEST_MAX];
    cr_assert_eq(table(p, 0, rows), (size_t)m);
    for (int i = 0; i < m; i++) {
        cr_expect_eq(rows[i].entrant, ent[i], "row %d: entrant %d, not %d",
                     i, rows[i].entrant, ent[i]);
        cr_expect_eq(rows[i].rank, i + 1);
        cr_expect_str_eq(rows[i].decided_by, dec[i], "row %d: '%s' not '%s'",
                         i, rows[i].decided_by, dec[i]);
    }
}

/* The cup ties so far. */
static size_t bracket(const plan *p, plan_tie *t)
{
    return plan_bracket(p, t, 64);
}

/* The tie of round r, number k (round 0: intermediate). */
static plan_tie get_tie(const plan *p, int r, int k)
{
    plan_tie t[64];
    size_t n = bracket(p, t);
    for (size_t i = 0; i < n; i++)
        if (t[i].round == r && t[i].tie == k)
            return t[i];
    cr_assert_fail("no tie %d/%d", r, k);
    return t[0];
}

/* Is a game with this id ready now? */
static bool is_ready(const plan *p, const char *id)
{
    size_t n;
    plan_game *g = ready(p, &n);
    bool found = false;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(g[i].id, id))
            found = true;
    free(g);
    return found;
}

/* ---- group sizes ------------------------------------------------------------- */

/* Expected group sizes for n = 1..40, written out from the rule. */
static const char *const sizes_by_hand[41] = {
    NULL,       "1",        "2",       "3",       "4",       "5",
    "6",        "7",        "44",      "54",      "55",      "65",
    "444",      "544",      "554",     "555",     "4444",    "5444",
    "5544",     "5554",     "5555",    "54444",   "55444",   "55544",
    "55554",    "55555",    "554444",  "555444",  "555544",  "555554",
    "555555",   "5554444",  "5555444", "5555544", "5555554", "5555555",
    "55554444", "55555444", "55555544", "55555554", "55555555",
};

Test(plan, group_sizes_1_to_40)
{
    for (int n = 1; n <= 40; n++) {
        const char *exp = sizes_by_hand[n];
        int g = (int)strlen(exp);
        plan_shape s;
        cr_assert_eq(plan_swiss_shape(n, true, &s), 0);
        cr_expect_eq(s.groups, g, "n=%d: %d groups, not %d", n, s.groups, g);
        int games = 0;
        for (int i = 0; i < g; i++) {
            int m = exp[i] - '0';
            cr_expect_eq(s.group_size[i], m, "n=%d group %d", n, i);
            games += m * (m - 1) / 2;
        }
        cr_expect_eq(s.group_games, games, "n=%d", n);

        plan *p = mk(PLAN_SWISS_CUP, n, 1);
        cr_assert_eq(plan_groups(p), g, "n=%d", n);
        bool seen[TEST_MAX] = {false};
        for (int i = 0; i < g; i++) {
            char name[2] = {(char)('A' + i), 0};
            cr_expect_str_eq(plan_group_name(p, i), name);
            plan_row rows[TEST_MAX];
            cr_expect_eq(table(p, i, rows), (size_t)(exp[i] - '0'),
                         "n=%d group %d", n, i);
            for (int k = 0; k < exp[i] - '0'; k++) {
                cr_expect_not(seen[rows[k].entrant]);
                seen[rows[k].entrant] = true;
            }
        }
        cr_expect_eq(plan_known(p), (size_t)games, "n=%d", n);
        cr_expect_eq(plan_played(p), 0);
        plan_free(p);
    }
}

Test(plan, group_sizes_above_40)
{
    plan_shape s;
    cr_assert_eq(plan_swiss_shape(41, true, &s), 0);
    cr_expect_eq(s.groups, 9);
    cr_expect_eq(s.group_size[0], 5);
    cr_expect_eq(s.group_size[8], 4);
    cr_assert_eq(plan_swiss_shape(64, true, &s), 0);
    cr_expect_eq(s.groups, 13);
    cr_expect_eq(s.group_size[11], 5);
    cr_expect_eq(s.group_size[12], 4);
    /* The largest: 16 groups of 5, one qualifier each fill the bracket
     * of 16; one more entrant makes a 17th group. */
    cr_assert_eq(plan_swiss_shape(SWISS_MAX, true, &s), 0);
    cr_expect_eq(s.groups, 16);
    cr_expect_eq(s.bracket, 16);
    cr_expect_eq(plan_swiss_shape(SWISS_MAX + 1, true, &s), -1);
    cr_expect_eq(plan_swiss_shape(0, true, &s), -1);
    cr_expect_eq(plan_swiss_shape(PLAN_MAX_ENTRANTS + 1, true, &s), -1);
}

Test(plan, group_games_are_every_pair_once)
{
    plan *p = mk(PLAN_SWISS_CUP, 23, 5); /* 5 5 5 4 4 */
    size_t n;
    plan_game *g = ready(p, &n);
    cr_assert_eq(n, 3 * 10 + 2 * 6);
    int count[TEST_MAX][TEST_MAX] = {{0}};
    for (size_t i = 0; i < n; i++) {
        int a = g[i].entrant[0], b = g[i].entrant[1];
        cr_assert_neq(a, b);
        count[a][b]++;
        count[b][a]++;
        cr_expect_eq(g[i].phase, 0);
        cr_expect(g[i].round >= 1 && g[i].round <= 5, "%s round %d",
                  g[i].id, g[i].round);
        cr_expect_eq(strncmp(g[i].id, "group-", 6), 0);
    }
    for (int gi = 0; gi < plan_groups(p); gi++) {
        plan_row rows[TEST_MAX];
        size_t m = table(p, gi, rows);
        for (size_t i = 0; i < m; i++)
            for (size_t j = 0; j < m; j++)
                if (i != j)
                    cr_expect_eq(count[rows[i].entrant][rows[j].entrant], 1);
    }
    /* A group of 5 plays 5 rounds of 2 games, each entrant at most once a
     * round. */
    for (int r = 1; r <= 5; r++) {
        int busy[TEST_MAX] = {0};
        for (size_t i = 0; i < n; i++)
            if (g[i].round == r) {
                cr_expect_eq(busy[g[i].entrant[0]]++, 0);
                cr_expect_eq(busy[g[i].entrant[1]]++, 0);
            }
    }
    cr_expect_not_null(plan_find(p, "group-A-01"));
    cr_expect_not_null(plan_find(p, "group-A-10"));
    cr_expect_null(plan_find(p, "group-A-11"));
    cr_expect_not_null(plan_find(p, "group-E-06"));
    cr_expect_null(plan_find(p, "group-E-07"));
    free(g);
    plan_free(p);
}

Test(plan, ready_order_is_by_phase_and_round)
{
    plan *p = mk(PLAN_SWISS_CUP, 13, 3);
    size_t n;
    plan_game *g = ready(p, &n);
    for (size_t i = 1; i < n; i++)
        cr_expect(g[i - 1].phase < g[i].phase ||
                      (g[i - 1].phase == g[i].phase &&
                       g[i - 1].round <= g[i].round),
                  "%s before %s", g[i - 1].id, g[i].id);
    free(g);
    plan_free(p);
}

/* Which entrants are in group gi. */
static void members(const plan *p, int gi, bool *in)
{
    plan_row rows[TEST_MAX];
    memset(in, 0, TEST_MAX * sizeof *in);
    size_t m = table(p, gi, rows);
    for (size_t i = 0; i < m; i++)
        in[rows[i].entrant] = true;
}

static void expect_group(const plan *p, int gi, const int *e, int m)
{
    bool in[TEST_MAX];
    members(p, gi, in);
    int count = 0;
    for (int i = 0; i < TEST_MAX; i++)
        count += in[i];
    cr_expect_eq(count, m, "group %d has %d", gi, count);
    for (int i = 0; i < m; i++)
        cr_expect(in[e[i]], "entrant %d not in group %d", e[i], gi);
}

Test(plan, seeded_groups_are_dealt_snake)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 10;
    c.seeded = true;
    plan *p = mk_cfg(&c);
    expect_group(p, 0, (int[]){0, 3, 4, 7, 8}, 5);
    expect_group(p, 1, (int[]){1, 2, 5, 6, 9}, 5);
    plan_free(p);

    c.nentrants = 13; /* 5 4 4 */
    p = mk_cfg(&c);
    expect_group(p, 0, (int[]){0, 5, 6, 11, 12}, 5);
    expect_group(p, 1, (int[]){1, 4, 7, 10}, 4);
    expect_group(p, 2, (int[]){2, 3, 8, 9}, 4);
    plan_free(p);
}

Test(plan, groups_by_lot_depend_on_the_seed)
{
    bool a[TEST_MAX], b[TEST_MAX];
    plan *p = mk(PLAN_SWISS_CUP, 20, 11);
    plan *q = mk(PLAN_SWISS_CUP, 20, 11);
    members(p, 0, a);
    members(q, 0, b);
    cr_expect_eq(memcmp(a, b, sizeof a), 0, "same seed, same groups");
    plan_free(q);
    int differ = 0;
    for (uint64_t s = 12; s < 17; s++) {
        q = mk(PLAN_SWISS_CUP, 20, s);
        members(q, 0, b);
        differ += memcmp(a, b, sizeof a) != 0;
        plan_free(q);
    }
    cr_expect_geq(differ, 4, "other seeds, other groups");
    plan_free(p);
}

/* ---- advancement ------------------------------------------------------------- */

typedef struct {
    int n;
    bool thirds;
    int groups, per_group, direct, bracket, fill_place, fill_direct,
        fill_ties, byes;
} shape_case;

/* Worked out by hand from the policy in EVENTS.md. */
static const shape_case shapes[] = {
    {1, true, 1, 0, 0, 0, 0, 0, 0, 0},
    {2, true, 1, 2, 2, 2, 3, 0, 0, 0},
    {3, true, 1, 2, 2, 2, 3, 0, 0, 0},
    {4, true, 1, 2, 2, 2, 3, 0, 0, 0},
    {5, true, 1, 2, 2, 2, 3, 0, 0, 0},
    {7, true, 1, 2, 2, 2, 3, 0, 0, 0},
    {8, true, 2, 2, 4, 4, 3, 0, 0, 0},
    {9, true, 2, 2, 4, 4, 3, 0, 0, 0},
    {11, true, 2, 2, 4, 4, 3, 0, 0, 0},
    {12, true, 3, 2, 6, 8, 3, 1, 1, 0},
    {13, true, 3, 2, 6, 8, 3, 1, 1, 0},
    {15, true, 3, 2, 6, 8, 3, 1, 1, 0},
    {16, true, 4, 2, 8, 8, 3, 0, 0, 0},
    {20, true, 4, 2, 8, 8, 3, 0, 0, 0},
    {21, true, 5, 2, 10, 16, 3, 5, 0, 1},
    {25, true, 5, 2, 10, 16, 3, 5, 0, 1},
    {26, true, 6, 2, 12, 16, 3, 0, 0, 4},
    {28, true, 6, 2, 12, 16, 3, 0, 0, 4},
    {30, true, 6, 2, 12, 16, 3, 0, 0, 4},
    {31, true, 7, 2, 14, 16, 3, 0, 2, 0},
    {35, true, 7, 2, 14, 16, 3, 0, 2, 0},
    {36, true, 8, 2, 16, 16, 3, 0, 0, 0},
    {40, true, 8, 2, 16, 16, 3, 0, 0, 0},
    {41, true, 9, 1, 9, 16, 2, 5, 2, 0},
    {50, true, 10, 1, 10, 16, 2, 0, 0, 6},
    {64, true, 13, 1, 13, 16, 2, 0, 3, 0},
    {46, true, 10, 1, 10, 16, 2, 0, 0, 6},
    {55, true, 11, 1, 11, 16, 2, 0, 5, 0},
    {60, true, 12, 1, 12, 16, 2, 0, 0, 4},
    {12, false, 3, 2, 6, 8, 3, 0, 0, 2},
    {21, false, 5, 2, 10, 16, 3, 0, 0, 6},
    {31, false, 7, 2, 14, 16, 3, 0, 0, 2},
    {41, false, 9, 1, 9, 16, 2, 0, 0, 7},
};

Test(plan, advancement_by_hand)
{
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const shape_case *e = &shapes[i];
        plan_shape s;
        cr_assert_eq(plan_swiss_shape(e->n, e->thirds, &s), 0);
        cr_expect_eq(s.groups, e->groups, "n=%d groups", e->n);
        cr_expect_eq(s.per_group, e->per_group, "n=%d per group", e->n);
        cr_expect_eq(s.direct, e->direct, "n=%d direct", e->n);
        cr_expect_eq(s.bracket, e->bracket, "n=%d bracket", e->n);
        if (e->n > 1)
            cr_expect_eq(s.fill_place, e->fill_place, "n=%d place", e->n);
        cr_expect_eq(s.fill_direct, e->fill_direct, "n=%d thirds direct",
                     e->n);
        cr_expect_eq(s.fill_ties, e->fill_ties, "n=%d mid ties", e->n);
        cr_expect_eq(s.byes, e->byes, "n=%d byes", e->n);
    }
}

/* After the group phase of n entrants: the bracket matches the shape,
 * every slot is filled once, nobody is in it twice, and the qualifiers
 * are the right group places. */
static void check_advancement(int n, bool thirds, uint64_t seed)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = n;
    c.seed = seed;
    c.thirds = thirds;
    plan *p = mk_cfg(&c);
    plan_shape s;
    cr_assert_eq(plan_swiss_shape(n, thirds, &s), 0);
    play_phase0(p, by_seed);
    cr_assert_eq(plan_played(p), (size_t)s.group_games);

    /* Group places. */
    int gplace[TEST_MAX];
    for (int gi = 0; gi < plan_groups(p); gi++) {
        plan_row rows[TEST_MAX];
        size_t m = table(p, gi, rows);
        for (size_t k = 0; k < m; k++)
            gplace[rows[k].entrant] = (int)k + 1;
    }

    plan_tie t[64];
    size_t nt = bracket(p, t);
    if (n == 1) {
        cr_expect_eq(nt, 0);
        cr_expect(plan_done(p));
        plan_free(p);
        return;
    }
    int mids = 0, r1 = 0, known = 0, pending = 0, byes = 0;
    int rounds = 0;
    for (int b = s.bracket; b > 1; b /= 2)
        rounds++;
    cr_expect_eq(nt, (size_t)(s.fill_ties + s.bracket - 1), "n=%d", n);
    int times[TEST_MAX] = {0};
    int fill_in_cup = 0;
    for (size_t i = 0; i < nt; i++) {
        cr_expect(t[i].round >= 0 && t[i].round <= rounds);
        if (i > 0)
            cr_expect(t[i].round >= t[i - 1].round, "intermediate first");
        if (t[i].round == 0) {
            mids++;
            for (int k = 0; k < 2; k++) {
                cr_assert_geq(t[i].entrant[k], 0);
                times[t[i].entrant[k]]++;
                cr_expect_eq(gplace[t[i].entrant[k]], s.fill_place);
            }
        }
        if (t[i].round != 1)
            continue;
        r1++;
        cr_expect_not(t[i].entrant[0] == -2 && t[i].entrant[1] == -2);
        for (int k = 0; k < 2; k++) {
            int e = t[i].entrant[k];
            if (e >= 0) {
                known++;
                times[e]++;
                cr_expect(gplace[e] <= s.per_group || gplace[e] == s.fill_place ||
                              (s.groups == 1 && gplace[e] <= 2),
                          "n=%d: entrant %d placed %d", n, e, gplace[e]);
                fill_in_cup += s.groups > 1 && gplace[e] == s.fill_place;
            } else if (e == -1) {
                pending++;
            } else {
                cr_expect_eq(e, -2);
                byes++;
                cr_expect_geq(t[i].entrant[1 - k], 0,
                              "a bye faces a direct qualifier");
                cr_expect_eq(t[i].winner, t[i].entrant[1 - k],
                             "a bye advances");
                cr_expect_eq(t[i].games, 0);
            }
        }
    }
    cr_expect_eq(mids, s.fill_ties, "n=%d mids", n);
    cr_expect_eq(r1 * 2, s.bracket, "n=%d bracket", n);
    cr_expect_eq(byes, s.byes, "n=%d byes", n);
    cr_expect_eq(pending, s.fill_ties, "n=%d pending", n);
    cr_expect_eq(known, s.direct + s.fill_direct, "n=%d known", n);
    cr_expect_eq(known + pending + byes, s.bracket);
    cr_expect_eq(fill_in_cup, s.fill_direct, "n=%d", n);
    for (int e = 0; e < n; e++) {
        cr_expect_leq(times[e], 1, "n=%d: entrant %d twice", n, e);
        if (gplace[e] <= (s.groups == 1 ? 2 : s.per_group))
            cr_expect_eq(times[e], 1, "n=%d: %d qualified", n, e);
    }
    /* Seed 1 (the best group winner) is in tie 1, with the bye if any. */
    plan_tie first = get_tie(p, 1, 1);
    cr_expect_eq(gplace[first.entrant[0]], 1);
    if (s.byes)
        cr_expect_eq(first.entrant[1], -2);
    plan_free(p);
}

Test(plan, advancement_invariants_every_n)
{
    for (int n = 1; n <= SWISS_MAX; n++) {
        check_advancement(n, true, (uint64_t)n);
        check_advancement(n, false, (uint64_t)n + 100);
    }
}

Test(plan, small_events)
{
    /* One entrant: the winner, no games. */
    plan *p = mk(PLAN_SWISS_CUP, 1, 1);
    cr_expect(plan_done(p));
    cr_expect_eq(plan_known(p), 0);
    int e[4], pl[4];
    cr_assert_eq(plan_final_ranking(p, e, pl, 4), 1);
    cr_expect_eq(e[0], 0);
    cr_expect_eq(pl[0], 1);
    plan_free(p);

    /* Two: a group game, then a final. */
    p = mk(PLAN_SWISS_CUP, 2, 1);
    cr_expect_eq(plan_known(p), 1);
    play_phase0(p, seat0_wins);
    cr_expect_not(plan_done(p));
    cr_expect_eq(bracket(p, (plan_tie[64]){0}), 1);
    plan_tie f = get_tie(p, 1, 1);
    cr_expect_geq(f.entrant[0], 0);
    cr_expect_geq(f.entrant[1], 0);
    cr_expect(is_ready(p, "cup-r1-t1-g1"));
    cr_expect_str_eq(plan_find(p, "cup-r1-t1-g1")->stage, "cup final, game 1");
    drive(p, seat0_wins, FORWARD, NULL);
    cr_expect(plan_done(p));
    plan_free(p);
}

/* ---- ranking ------------------------------------------------------------------ */

Test(plan, rank_by_points)
{
    plan *p = mk(PLAN_SWISS_CUP, 4, 1);
    script s;
    script_init(&s);
    beats(&s, 2, 0, 1);
    beats(&s, 2, 1, 1);
    beats(&s, 2, 3, 1);
    beats(&s, 0, 1, 1);
    beats(&s, 0, 3, 1);
    beats(&s, 1, 3, 1);
    play_script(p, &s);
    expect_order(p, (int[]){2, 0, 1, 3},
                 (const char *[]){"points", "points", "points", ""}, 4);
    plan_row rows[4];
    table(p, 0, rows);
    cr_expect_eq(rows[0].points, 9);
    cr_expect_eq(rows[0].won, 3);
    cr_expect_eq(rows[0].played, 3);
    cr_expect_eq(rows[1].points, 6);
    cr_expect_eq(rows[2].points, 3);
    cr_expect_eq(rows[2].won, 1);
    cr_expect_eq(rows[2].drawn, 0);
    cr_expect_eq(rows[2].lost, 2);
    cr_expect_eq(rows[3].points, 0);
    cr_expect_eq(rows[0].win_points, 3);
    plan_free(p);
}

Test(plan, tie_on_points_broken_by_win_points)
{
    plan *p = mk(PLAN_SWISS_CUP, 4, 1);
    script s;
    script_init(&s);
    beats(&s, 0, 1, 1); /* a cycle: 0 > 1 > 2 > 0 */
    beats(&s, 1, 2, 1);
    beats(&s, 2, 0, 1);
    beats(&s, 0, 3, 10);
    beats(&s, 1, 3, 5);
    beats(&s, 2, 3, 17);
    play_script(p, &s);
    expect_order(p, (int[]){2, 0, 1, 3},
                 (const char *[]){"win points", "win points", "points", ""},
                 4);
    plan_row rows[4];
    table(p, 0, rows);
    cr_expect_eq(rows[0].win_points, 18);
    cr_expect_eq(rows[1].win_points, 11);
    cr_expect_eq(rows[2].win_points, 6);
    plan_free(p);
}

Test(plan, tie_broken_by_head_to_head)
{
    plan *p = mk(PLAN_SWISS_CUP, 4, 1);
    script s;
    script_init(&s);
    beats(&s, 0, 1, 3);
    beats(&s, 0, 3, 3);
    beats(&s, 2, 0, 1);
    beats(&s, 1, 2, 3);
    beats(&s, 1, 3, 3);
    beats(&s, 3, 2, 1);
    play_script(p, &s);
    /* 0 and 1: 6 points, 6 win points, 0 beat 1; 3 and 2: 3 and 1, 3 beat
     * 2. */
    expect_order(p, (int[]){0, 1, 3, 2},
                 (const char *[]){"head to head", "points", "head to head",
                                  ""},
                 4);
    plan_free(p);
}

Test(plan, three_way_tie_by_head_to_head)
{
    plan *p = mk(PLAN_SWISS_CUP, 5, 1);
    script s;
    script_init(&s);
    beats(&s, 0, 1, 5); /* among 0 1 2: 0 beat 1, the rest drawn */
    beats(&s, 4, 0, 5); /* 0 v 3 drawn */
    beats(&s, 1, 3, 5); /* 1 v 4 drawn */
    beats(&s, 2, 3, 5);
    beats(&s, 4, 2, 5);
    beats(&s, 4, 3, 5);
    play_script(p, &s);
    /* 4: 10 points; 0 1 2: 5 points, 5 win points each, head to head
     * 0: 4, 2: 2, 1: 1; 3: 1 point. */
    expect_order(p, (int[]){4, 0, 2, 1, 3},
                 (const char *[]){"points", "head to head", "head to head",
                                  "points", ""},
                 5);
    plan_free(p);
}

Test(plan, head_to_head_again_among_those_still_tied)
{
    /* 0 1 2 3 tied on 6 points and 10 win points; among them 0 and 3
     * have 6, 1 and 2 have 3; 0 beat 3 and 1 beat 2.  4 has 6 points but
     * 2 win points. */
    for (uint64_t seed = 1; seed <= 10; seed++) {
        plan *p = mk(PLAN_SWISS_CUP, 5, seed);
        script s;
        script_init(&s);
        beats(&s, 0, 3, 5);
        beats(&s, 0, 1, 5);
        beats(&s, 2, 0, 5);
        beats(&s, 3, 1, 5);
        beats(&s, 3, 2, 5);
        beats(&s, 1, 2, 5);
        beats(&s, 4, 0, 1);
        beats(&s, 4, 3, 1);
        beats(&s, 1, 4, 5);
        beats(&s, 2, 4, 5);
        play_script(p, &s);
        expect_order(p, (int[]){0, 3, 1, 2, 4},
                     (const char *[]){"head to head", "head to head",
                                      "head to head", "win points", ""},
                     5);
        plan_free(p);
    }
}

/* The order of the table of a group of 4 where every game is drawn. */
static void all_drawn_order(uint64_t seed, int *ent)
{
    plan *p = mk(PLAN_SWISS_CUP, 4, seed);
    script s;
    script_init(&s);
    play_script(p, &s);
    plan_row rows[4];
    cr_assert_eq(table(p, 0, rows), 4);
    for (int i = 0; i < 4; i++) {
        ent[i] = rows[i].entrant;
        cr_expect_eq(rows[i].rank, i + 1);
        cr_expect_str_eq(rows[i].decided_by, i < 3 ? "lot" : "");
        cr_expect_eq(rows[i].points, 3);
    }
    plan_free(p);
}

Test(plan, full_tie_broken_by_lot)
{
    int a[4], b[4];
    all_drawn_order(42, a);
    all_drawn_order(42, b);
    cr_expect_eq(memcmp(a, b, sizeof a), 0, "the lot is the seed's");
    int differ = 0;
    for (uint64_t s = 43; s < 53; s++) {
        all_drawn_order(s, b);
        differ += memcmp(a, b, sizeof a) != 0;
    }
    cr_expect_geq(differ, 5, "other seeds draw other lots");
}

Test(plan, cycle_of_three_falls_to_lot)
{
    plan *p = mk(PLAN_SWISS_CUP, 4, 9);
    script s;
    script_init(&s);
    beats(&s, 0, 1, 2);
    beats(&s, 1, 2, 2);
    beats(&s, 2, 0, 2);
    beats(&s, 0, 3, 2);
    beats(&s, 1, 3, 2);
    beats(&s, 2, 3, 2);
    play_script(p, &s);
    plan_row rows[4];
    table(p, 0, rows);
    cr_expect_str_eq(rows[0].decided_by, "lot");
    cr_expect_str_eq(rows[1].decided_by, "lot");
    cr_expect_str_eq(rows[2].decided_by, "points");
    cr_expect_eq(rows[3].entrant, 3);
    plan_free(p);
}

Test(plan, cup_results_leave_the_tables_alone)
{
    plan *p = mk(PLAN_SWISS_CUP, 9, 4);
    play_phase0(p, by_seed);
    plan_row before[2][8], after[2][8];
    memset(before, 0, sizeof before);
    memset(after, 0, sizeof after);
    size_t m0 = table(p, 0, before[0]), m1 = table(p, 1, before[1]);
    drive(p, seat0_wins, FORWARD, NULL); /* win points 10 each */
    cr_assert(plan_done(p));
    cr_expect_eq(table(p, 0, after[0]), m0);
    cr_expect_eq(table(p, 1, after[1]), m1);
    cr_expect_eq(memcmp(before, after, sizeof before), 0);
    plan_free(p);
}

/* ---- the cup ------------------------------------------------------------------ */

Test(plan, drawn_cup_game_is_replayed_with_the_other_starting)
{
    plan *p = mk(PLAN_SWISS_CUP, 4, 8);
    play_phase0(p, seat0_wins);
    plan_tie f = get_tie(p, 1, 1);
    const plan_game *g1 = plan_find(p, "cup-r1-t1-g1");
    cr_assert_not_null(g1);
    cr_expect_eq(g1->phase, 2);
    cr_expect_eq(g1->round, 1);
    plan_game prev = *g1;
    cr_expect((prev.entrant[0] == f.entrant[0] &&
               prev.entrant[1] == f.entrant[1]) ||
              (prev.entrant[0] == f.entrant[1] &&
               prev.entrant[1] == f.entrant[0]));
    for (int k = 2; k <= 5; k++) {
        give(p, &prev, -1, 0);
        char id[PLAN_ID_MAX];
        snprintf(id, sizeof id, "cup-r1-t1-g%d", k);
        const plan_game *g = plan_find(p, id);
        cr_assert_not_null(g, "%s", id);
        cr_expect(is_ready(p, id));
        cr_expect_eq(g->entrant[0], prev.entrant[1], "%s: seats swap", id);
        cr_expect_eq(g->entrant[1], prev.entrant[0], "%s: seats swap", id);
        char stage[PLAN_STAGE_MAX];
        snprintf(stage, sizeof stage, "cup final, game %d", k);
        cr_expect_str_eq(g->stage, stage);
        cr_expect_neq(g->seed, prev.seed);
        prev = *g;
        cr_expect_eq(get_tie(p, 1, 1).games, k - 1);
        cr_expect_not(plan_done(p));
    }
    give(p, &prev, prev.entrant[1], 4);
    f = get_tie(p, 1, 1);
    cr_expect_eq(f.winner, prev.entrant[1]);
    cr_expect_eq(f.games, 5);
    cr_expect_not(f.by_safeguard);
    cr_expect(plan_done(p));
    int e[4], pl[4];
    cr_assert_eq(plan_final_ranking(p, e, pl, 4), 4);
    cr_expect_eq(e[0], prev.entrant[1]);
    cr_expect_eq(e[1], prev.entrant[0]);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(pl[i], i + 1);
    plan_free(p);
}

Test(plan, safeguard_after_replay_cap_draws)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 5;
    c.seed = 3;
    c.replay_cap = 3;
    plan *p = mk_cfg(&c);
    play_phase0(p, by_seed);
    plan_row rows[5];
    table(p, 0, rows);
    drive(p, always_draw, FORWARD, NULL);
    cr_assert(plan_done(p));
    plan_tie f = get_tie(p, 1, 1);
    cr_expect_eq(f.games, 3);
    cr_expect(f.by_safeguard);
    cr_expect_eq(f.winner, rows[0].entrant, "the group winner advances");
    cr_expect_not_null(plan_find(p, "cup-r1-t1-g3"));
    cr_expect_null(plan_find(p, "cup-r1-t1-g4"));
    int e[5], pl[5];
    cr_assert_eq(plan_final_ranking(p, e, pl, 5), 5);
    for (int i = 0; i < 5; i++) {
        cr_expect_eq(e[i], rows[i].entrant);
        cr_expect_eq(pl[i], i + 1);
    }
    plan_free(p);
}

Test(plan, safeguard_in_a_bigger_cup_takes_the_better_seed)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 16; /* 4 groups, 8 in the cup */
    c.seed = 21;
    c.replay_cap = 2;
    plan *p = mk_cfg(&c);
    play_phase0(p, by_seed);
    plan_tie t[64];
    size_t nt = bracket(p, t);
    int slot_of_first[TEST_MAX];
    for (int i = 0; i < TEST_MAX; i++)
        slot_of_first[i] = -1;
    for (size_t i = 0; i < nt; i++)
        if (t[i].round == 1)
            for (int k = 0; k < 2; k++)
                slot_of_first[t[i].entrant[k]] = 2 * (t[i].tie - 1) + k;
    drive(p, always_draw, FORWARD, NULL);
    cr_assert(plan_done(p));
    nt = bracket(p, t);
    /* Seeds 1 v 8, 4 v 5, 2 v 7, 3 v 6: with every tie to the safeguard
     * the upper entrant of each round-1 tie wins, then 1 v 4, 2 v 3, and
     * seed 1 wins the cup. */
    for (size_t i = 0; i < nt; i++) {
        cr_expect(t[i].by_safeguard);
        cr_expect_eq(t[i].games, 2);
        if (t[i].round == 1)
            cr_expect_eq(t[i].winner, t[i].entrant[0]);
    }
    plan_tie fin = get_tie(p, 3, 1);
    cr_expect_eq(slot_of_first[fin.winner], 0, "seed 1 wins");
    cr_expect_eq(slot_of_first[fin.entrant[1]], 4, "seed 2 in the final");
    int e[16], pl[16];
    cr_assert_eq(plan_final_ranking(p, e, pl, 16), 16);
    int exp[16] = {1, 2, 3, 3, 5, 5, 5, 5, 9, 10, 11, 12, 13, 14, 15, 16};
    for (int i = 0; i < 16; i++)
        cr_expect_eq(pl[i], exp[i], "place %d", i);
    plan_free(p);
}

Test(plan, byes_advance_the_best_seeds)
{
    plan *p = mk(PLAN_SWISS_CUP, 26, 2); /* 6 groups: 12 in 16, 4 byes */
    play_phase0(p, by_seed);
    for (int k = 1; k <= 8; k++) {
        plan_tie t = get_tie(p, 1, k);
        bool bye = t.entrant[0] == -2 || t.entrant[1] == -2;
        if (k == 1 || k == 3 || k == 5 || k == 7) {
            /* seeds 1, 4, 2, 3 sit at the top of ties 1, 3, 5, 7 */
            cr_expect(bye, "tie %d has a bye", k);
            cr_expect_eq(t.entrant[1], -2);
            cr_expect_eq(t.winner, t.entrant[0]);
            cr_expect_eq(t.games, 0);
        } else {
            cr_expect_not(bye, "tie %d", k);
            cr_expect_eq(t.winner, -1);
        }
        char id[PLAN_ID_MAX];
        snprintf(id, sizeof id, "cup-r1-t%d-g1", k);
        cr_expect_eq(plan_find(p, id) != NULL, !bye, "%s", id);
    }
    /* The bye winners wait in round 2 for their opponents. */
    for (int k = 1; k <= 4; k++) {
        plan_tie t = get_tie(p, 2, k);
        cr_expect_geq(t.entrant[0], 0);
        cr_expect_eq(t.entrant[1], -1);
    }
    plan_free(p);
}

Test(plan, ties_are_ready_as_soon_as_both_entrants_are_known)
{
    plan *p = mk(PLAN_SWISS_CUP, 16, 6); /* 8 in the cup */
    play_phase0(p, by_seed);
    for (int k = 1; k <= 4; k++) {
        char id[PLAN_ID_MAX], stage[PLAN_STAGE_MAX];
        snprintf(id, sizeof id, "cup-r1-t%d-g1", k);
        snprintf(stage, sizeof stage, "cup quarter-final %d, game 1", k);
        cr_expect(is_ready(p, id), "%s", id);
        cr_expect_str_eq(plan_find(p, id)->stage, stage);
    }
    give(p, plan_find(p, "cup-r1-t1-g1"),
         plan_find(p, "cup-r1-t1-g1")->entrant[1], 0);
    cr_expect_null(plan_find(p, "cup-r2-t1-g1"));
    give(p, plan_find(p, "cup-r1-t2-g1"),
         plan_find(p, "cup-r1-t2-g1")->entrant[0], 0);
    cr_expect(is_ready(p, "cup-r2-t1-g1"), "semi-final 1 before QF 3, 4");
    cr_expect_null(plan_find(p, "cup-r2-t2-g1"));
    const plan_game *sf = plan_find(p, "cup-r2-t1-g1");
    cr_expect_str_eq(sf->stage, "cup semi-final 1, game 1");
    cr_expect_eq(sf->phase, 2);
    cr_expect_eq(sf->round, 2);
    plan_tie t = get_tie(p, 2, 1);
    cr_expect_eq(t.entrant[0], get_tie(p, 1, 1).winner);
    cr_expect_eq(t.entrant[1], get_tie(p, 1, 2).winner);
    plan_free(p);
}

/* Points, then win points, per game, as one number to compare: the
 * games are 3 or 4 here, so 12 / played is exact. */
static int per_game_key(const plan_row *r)
{
    return r->points * (12 / r->played) * 10000 +
           r->win_points * (12 / r->played);
}

Test(plan, intermediate_round_of_thirds)
{
    /* 7 groups (5 5 5 4 4 4 4): 14 + 2 mid ties; groups not kept apart,
     * so that the bracket is the plain one (separation has its test). */
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 31;
    c.seed = 4;
    c.separate_groups = false;
    plan *p = mk_cfg(&c);
    play_phase0(p, by_seed);
    /* Thirds across groups: points, then win points, per game (then
     * lot). */
    int key[TEST_MAX];
    bool third[TEST_MAX] = {false};
    for (int gi = 0; gi < 7; gi++) {
        plan_row rows[5];
        size_t m = table(p, gi, rows);
        for (size_t i = 0; i < m; i++)
            key[rows[i].entrant] = per_game_key(&rows[i]);
        third[rows[2].entrant] = true;
    }
    plan_tie m1 = get_tie(p, 0, 1), m2 = get_tie(p, 0, 2);
    /* Best v worst and second v third of the four best thirds. */
    int best = m1.entrant[0], second = m2.entrant[0], thirdb = m2.entrant[1],
        worst = m1.entrant[1];
    cr_expect(third[best] && third[second] && third[thirdb] && third[worst]);
    cr_expect_geq(key[best], key[second]);
    cr_expect_geq(key[second], key[thirdb]);
    cr_expect_geq(key[thirdb], key[worst]);
    for (int e = 0; e < 31; e++)
        if (third[e] && e != best && e != second && e != thirdb &&
            e != worst)
            cr_expect_leq(key[e], key[worst], "third %d is out", e);
    cr_expect(is_ready(p, "mid-t1-g1"));
    cr_expect(is_ready(p, "mid-t2-g1"));
    const plan_game *g = plan_find(p, "mid-t1-g1");
    cr_expect_eq(g->phase, 1);
    cr_expect_eq(g->round, 1);
    cr_expect_str_eq(g->stage, "intermediate round, tie 1, game 1");
    /* Seeds 15 and 16 wait for the mid winners: ties 5 (2 v 15) and
     * 1 (1 v 16) of round 1. */
    cr_expect_eq(get_tie(p, 1, 1).entrant[1], -1);
    cr_expect_eq(get_tie(p, 1, 5).entrant[1], -1);
    cr_expect_null(plan_find(p, "cup-r1-t1-g1"));
    cr_expect(is_ready(p, "cup-r1-t2-g1"));
    give(p, g, g->entrant[0], 0);
    m1 = get_tie(p, 0, 1);
    cr_expect_eq(get_tie(p, 1, 5).entrant[1], m1.winner, "seed 15");
    cr_expect(is_ready(p, "cup-r1-t5-g1"));
    give(p, plan_find(p, "mid-t2-g1"), -1, 0);
    cr_expect(is_ready(p, "mid-t2-g2"));
    cr_expect_eq(plan_find(p, "mid-t2-g2")->entrant[0],
                 plan_find(p, "mid-t2-g1")->entrant[1]);
    drive(p, by_seed, FORWARD, NULL);
    cr_expect(plan_done(p));
    plan_free(p);
}

Test(plan, cup_seeds_follow_the_group_phase)
{
    /* 4 groups of 5, 8 in the cup; groups not kept apart, so that every
     * seed sits where the plain bracket puts it. */
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 20;
    c.seed = 13;
    c.separate_groups = false;
    plan *p = mk_cfg(&c);
    play_phase0(p, by_seed);
    int gplace[TEST_MAX], key[TEST_MAX];
    for (int gi = 0; gi < 4; gi++) {
        plan_row rows[5];
        size_t m = table(p, gi, rows);
        for (size_t i = 0; i < m; i++) {
            gplace[rows[i].entrant] = (int)i + 1;
            key[rows[i].entrant] = rows[i].points * 1000 + rows[i].win_points;
        }
    }
    /* Bracket order 1 v 8, 4 v 5, 2 v 7, 3 v 6. */
    static const int seed_at[4][2] = {{1, 8}, {4, 5}, {2, 7}, {3, 6}};
    int by_seed_no[9];
    for (int k = 0; k < 4; k++) {
        plan_tie t = get_tie(p, 1, k + 1);
        for (int side = 0; side < 2; side++)
            by_seed_no[seed_at[k][side]] = t.entrant[side];
    }
    for (int sd = 1; sd <= 8; sd++) {
        cr_expect_eq(gplace[by_seed_no[sd]], sd <= 4 ? 1 : 2, "seed %d", sd);
        if (sd != 1 && sd != 5)
            cr_expect_geq(key[by_seed_no[sd - 1]], key[by_seed_no[sd]],
                          "seed %d", sd);
    }
    plan_free(p);
}

Test(plan, cup_first_game_starter_is_drawn)
{
    int upper = 0, lower = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        plan *p = mk(PLAN_SWISS_CUP, 16, seed);
        play_phase0(p, by_seed);
        for (int k = 1; k <= 4; k++) {
            char id[PLAN_ID_MAX];
            snprintf(id, sizeof id, "cup-r1-t%d-g1", k);
            const plan_game *g = plan_find(p, id);
            cr_assert_not_null(g);
            plan_tie t = get_tie(p, 1, k);
            if (g->entrant[0] == t.entrant[0])
                upper++;
            else
                lower++;
        }
        plan_free(p);
    }
    cr_expect_gt(upper, 5);
    cr_expect_gt(lower, 5);
}

/* ---- determinism ---------------------------------------------------------------- */

/* Everything a finished plan says, to compare two runs. */
typedef struct {
    size_t known;
    plan_game games[400];
    plan_row rows[TEST_MAX];
    plan_tie ties[64];
    size_t nties;
    int ent[TEST_MAX], place[TEST_MAX];
} snapshot;

static void snap(const plan *p, idlist *ids, snapshot *s)
{
    memset(s, 0, sizeof *s);
    if (ids->n)
        qsort(ids->id, ids->n, sizeof *ids->id, cmp_id);
    s->known = plan_known(p);
    cr_assert_leq(ids->n, 400);
    for (size_t i = 0; i < ids->n; i++) {
        const plan_game *g = plan_find(p, ids->id[i]);
        cr_assert_not_null(g);
        s->games[i] = *g;
    }
    int k = 0;
    for (int gi = 0; gi < plan_groups(p); gi++)
        k += (int)plan_group_table(p, gi, s->rows + k,
                                   (size_t)(TEST_MAX - k));
    s->nties = bracket(p, s->ties);
    plan_final_ranking(p, s->ent, s->place, TEST_MAX);
}

Test(plan, same_results_in_any_order_give_the_same_event)
{
    static snapshot a, b;
    int modes[] = {FORWARD, REVERSE, ONE_AT_A_TIME};
    for (int n = 9; n <= 31; n += 11) {
        for (int m = 0; m < 3; m++) {
            plan *p = mk(PLAN_SWISS_CUP, n, 77);
            idlist ids = {0};
            drive(p, by_seed, modes[m], &ids);
            cr_assert(plan_done(p));
            snap(p, &ids, m == 0 ? &a : &b);
            free(ids.id);
            plan_free(p);
            if (m > 0)
                cr_expect_eq(memcmp(&a, &b, sizeof a), 0,
                             "n=%d mode %d differs", n, m);
        }
    }
}

Test(plan, ready_order_does_not_depend_on_result_order)
{
    /* The same results, the quarter-finals in two orders. */
    plan *p = mk(PLAN_SWISS_CUP, 16, 31), *q = mk(PLAN_SWISS_CUP, 16, 31);
    play_phase0(p, by_seed);
    play_phase0(q, by_seed);
    for (int k = 1; k <= 4; k++) {
        char a[PLAN_ID_MAX], b[PLAN_ID_MAX];
        snprintf(a, sizeof a, "cup-r1-t%d-g1", k);
        snprintf(b, sizeof b, "cup-r1-t%d-g1", 5 - k);
        give(p, plan_find(p, a), plan_find(p, a)->entrant[0], 0);
        give(q, plan_find(q, b), plan_find(q, b)->entrant[0], 0);
    }
    size_t np, nq;
    plan_game *gp = ready(p, &np), *gq = ready(q, &nq);
    cr_assert_eq(np, 2);
    cr_assert_eq(nq, 2);
    cr_expect_str_eq(gp[0].id, "cup-r2-t1-g1");
    cr_expect_str_eq(gq[0].id, "cup-r2-t1-g1");
    cr_expect_str_eq(gq[1].id, "cup-r2-t2-g1");
    free(gp);
    free(gq);
    plan_free(p);
    plan_free(q);
}

Test(plan, another_seed_changes_the_lots)
{
    plan *p = mk(PLAN_SWISS_CUP, 13, 1), *q = mk(PLAN_SWISS_CUP, 13, 2);
    plan *r = mk(PLAN_SWISS_CUP, 13, 1);
    size_t n;
    plan_game *g = ready(p, &n);
    int seats_differ = 0;
    for (size_t i = 0; i < n; i++) {
        const plan_game *x = plan_find(q, g[i].id);
        const plan_game *y = plan_find(r, g[i].id);
        cr_assert_not_null(x);
        cr_assert_not_null(y);
        cr_expect_neq(x->seed, g[i].seed, "%s", g[i].id);
        cr_expect_eq(y->seed, g[i].seed, "%s", g[i].id);
        cr_expect_eq(y->entrant[0], g[i].entrant[0]);
        cr_expect_eq(y->entrant[1], g[i].entrant[1]);
        seats_differ += x->entrant[0] != g[i].entrant[0];
        for (size_t j = 0; j < i; j++)
            cr_expect_neq(g[j].seed, g[i].seed, "seeds differ by game");
    }
    cr_expect_gt(seats_differ, 0);
    free(g);
    plan_free(p);
    plan_free(q);
    plan_free(r);
}

Test(plan, seats_are_drawn_not_fixed)
{
    /* Over many games, both seats start some. */
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 40;
    c.seeded = true;
    plan *p = mk_cfg(&c);
    size_t n;
    plan_game *g = ready(p, &n);
    int lower_starts = 0;
    for (size_t i = 0; i < n; i++)
        lower_starts += g[i].entrant[0] < g[i].entrant[1];
    cr_expect(lower_starts > (int)n / 4 && lower_starts < 3 * (int)n / 4,
              "%d of %zu", lower_starts, n);
    free(g);
    plan_free(p);
}

/* ---- whole events --------------------------------------------------------------- */

/* Check a finished event: places as specified, a permutation. */
static void check_final(const plan *p, int n, const char *what)
{
    cr_assert(plan_done(p), "%s", what);
    cr_expect_eq(plan_played(p), plan_known(p), "%s", what);
    size_t nr;
    plan_game *none = ready(p, &nr);
    cr_expect_eq(nr, 0);
    free(none);
    int e[TEST_MAX], pl[TEST_MAX];
    cr_assert_eq(plan_final_ranking(p, e, pl, TEST_MAX), (size_t)n,
                 "%s", what);
    bool seen[TEST_MAX] = {false};
    for (int i = 0; i < n; i++) {
        cr_assert(e[i] >= 0 && e[i] < n, "%s", what);
        cr_expect_not(seen[e[i]], "%s: %d twice", what, e[i]);
        seen[e[i]] = true;
        /* Standard competition places: 1 + how many are ahead. */
        int ahead = 0;
        for (int j = 0; j < n; j++)
            ahead += pl[j] < pl[i];
        cr_expect_eq(pl[i], ahead + 1, "%s: place %d", what, i);
        if (i > 0)
            cr_expect_geq(pl[i], pl[i - 1]);
    }
    cr_expect_eq(pl[0], 1);
    if (n >= 2)
        cr_expect_eq(pl[1], 2, "%s: one final loser", what);
}

/* The swiss places: 1, 2, then each cup round's losers sharing, then the
 * intermediate losers sharing, then distinct places. */
static void check_swiss_places(const plan *p, int n, const char *what)
{
    plan_shape s;
    plan_swiss_shape(n, true, &s);
    int e[TEST_MAX], pl[TEST_MAX];
    plan_final_ranking(p, e, pl, TEST_MAX);
    if (n == 1)
        return;
    /* Cup round r (of R) losers share place 2^(R-r) + 1. */
    plan_tie t[64];
    size_t nt = bracket(p, t);
    int rounds = 0;
    for (int b = s.bracket; b > 1; b /= 2)
        rounds++;
    int place_of[TEST_MAX];
    for (int i = 0; i < n; i++)
        place_of[e[i]] = pl[i];
    int in_cup = 0;
    for (size_t i = 0; i < nt; i++) {
        if (t[i].entrant[0] < 0 || t[i].entrant[1] < 0)
            continue;
        cr_assert_geq(t[i].winner, 0);
        int loser = t[i].entrant[t[i].winner == t[i].entrant[0] ? 1 : 0];
        in_cup++;
        if (t[i].round > 0)
            cr_expect_eq(place_of[loser], (1 << (rounds - t[i].round)) + 1,
                         "%s: loser of round %d", what, t[i].round);
    }
    /* After the cup and mid losers (and the winner), places are distinct. */
    for (int i = in_cup + 1; i < n; i++)
        cr_expect_eq(pl[i], i + 1, "%s: place %d", what, i);
}

Test(plan, whole_swiss_events_every_n, .timeout = 60)
{
    decide_fn fns[] = {seat0_wins, by_seed};
    for (int n = 1; n <= SWISS_MAX; n++)
        for (int f = 0; f < 2; f++) {
            char what[64];
            snprintf(what, sizeof what, "n=%d f=%d", n, f);
            plan *p = mk(PLAN_SWISS_CUP, n, (uint64_t)(1000 + n));
            idlist ids = {0};
            size_t games = drive(p, fns[f], f ? REVERSE : FORWARD, &ids);
            cr_expect_eq(games, plan_known(p), "%s", what);
            if (ids.n)
                qsort(ids.id, ids.n, sizeof *ids.id, cmp_id);
            for (size_t i = 0; i < ids.n; i++) {
                if (i > 0)
                    cr_expect_str_neq(ids.id[i - 1], ids.id[i], "%s", what);
                for (const char *c = ids.id[i]; *c; c++)
                    cr_expect((*c >= 'a' && *c <= 'z') ||
                                  (*c >= 'A' && *c <= 'Z') ||
                                  (*c >= '0' && *c <= '9') || *c == '-',
                              "%s: id %s", what, ids.id[i]);
            }
            check_final(p, n, what);
            check_swiss_places(p, n, what);
            free(ids.id);
            plan_free(p);
        }
}

Test(plan, whole_swiss_events_without_thirds_and_seeded)
{
    for (int n = 2; n <= 40; n++) {
        plan_config c;
        plan_config_defaults(&c);
        c.nentrants = n;
        c.seed = (uint64_t)n;
        c.thirds = n % 2;
        c.seeded = n % 3 == 0;
        c.replay_cap = 1 + n % 4;
        plan *p = mk_cfg(&c);
        drive(p, by_seed, ONE_AT_A_TIME, NULL);
        char what[32];
        snprintf(what, sizeof what, "n=%d", n);
        check_final(p, n, what);
        plan_free(p);
    }
}

Test(plan, safeguard_through_a_whole_cup)
{
    /* Every game drawn: groups by lot, every tie by the safeguard, and
     * seed 1 (the best group winner) wins. */
    plan *p = mk(PLAN_SWISS_CUP, 21, 5);
    play_phase0(p, always_draw);
    plan_tie t1 = get_tie(p, 1, 1);
    int seed1 = t1.entrant[0];
    drive(p, always_draw, FORWARD, NULL);
    check_final(p, 21, "all drawn");
    int e[21], pl[21];
    plan_final_ranking(p, e, pl, 21);
    cr_expect_eq(e[0], seed1);
    plan_free(p);
}

/* ---- round-robin and gauntlet -------------------------------------------------- */

Test(plan, round_robin_games_and_table)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = PLAN_ROUND_ROBIN;
    c.nentrants = 5;
    c.games_per_pair = 3;
    c.seed = 9;
    plan *p = mk_cfg(&c);
    cr_expect_eq(plan_known(p), 30);
    cr_expect_eq(plan_groups(p), 1);
    cr_expect_str_eq(plan_group_name(p, 0), "league");
    size_t n;
    plan_game *g = ready(p, &n);
    cr_assert_eq(n, 30);
    int starts[5][5] = {{0}}, games[5][5] = {{0}};
    for (size_t i = 0; i < n; i++) {
        char id[PLAN_ID_MAX];
        snprintf(id, sizeof id, "rr-%03zu", i + 1);
        cr_expect_not_null(plan_find(p, id), "%s", id);
        starts[g[i].entrant[0]][g[i].entrant[1]]++;
        games[g[i].entrant[0]][g[i].entrant[1]]++;
        games[g[i].entrant[1]][g[i].entrant[0]]++;
        cr_expect_eq(g[i].phase, 0);
    }
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++) {
            cr_expect_eq(games[a][b], 3);
            int d = starts[a][b] - starts[b][a];
            cr_expect(d == 1 || d == -1, "%d v %d: starts alternate", a, b);
        }
    /* Same pair: starters alternate game by game. */
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (g[j].entrant[0] + g[j].entrant[1] ==
                    g[i].entrant[0] + g[i].entrant[1] &&
                (g[j].entrant[0] == g[i].entrant[0] ||
                 g[j].entrant[0] == g[i].entrant[1])) {
                cr_expect_eq(g[j].entrant[0], g[i].entrant[1]);
                break;
            }
    free(g);
    /* Entrant e wins every game against higher numbers, as either seat. */
    g = ready(p, &n);
    for (size_t i = 0; i < n; i++) {
        int a = g[i].entrant[0], b = g[i].entrant[1];
        give(p, &g[i], a < b ? a : b, 2);
    }
    free(g);
    cr_assert(plan_done(p));
    plan_row rows[5];
    cr_assert_eq(plan_group_table(p, 0, rows, 5), 5);
    for (int i = 0; i < 5; i++) {
        cr_expect_eq(rows[i].entrant, i);
        cr_expect_eq(rows[i].played, 12);
        cr_expect_eq(rows[i].won, 3 * (4 - i));
        cr_expect_eq(rows[i].points, 9 * (4 - i));
        cr_expect_eq(rows[i].win_points, 6 * (4 - i));
    }
    int e[5], pl[5];
    cr_assert_eq(plan_final_ranking(p, e, pl, 5), 5);
    for (int i = 0; i < 5; i++) {
        cr_expect_eq(e[i], i);
        cr_expect_eq(pl[i], i + 1);
    }
    plan_tie t[4];
    cr_expect_eq(plan_bracket(p, t, 4), 0);
    plan_free(p);
}

Test(plan, round_robin_large_ids_widen)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = PLAN_ROUND_ROBIN;
    c.nentrants = 64;
    c.games_per_pair = 1;
    plan *p = mk_cfg(&c);
    cr_expect_eq(plan_known(p), 2016);
    cr_expect_not_null(plan_find(p, "rr-0001"));
    cr_expect_not_null(plan_find(p, "rr-2016"));
    cr_expect_null(plan_find(p, "rr-001"));
    drive(p, by_seed, FORWARD, NULL);
    check_final(p, 64, "rr 64");
    plan_free(p);
}

Test(plan, gauntlet_games_and_table)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = PLAN_GAUNTLET;
    c.nentrants = 6;
    c.challenger = 2;
    c.games_per_pair = 3;
    plan *p = mk_cfg(&c);
    cr_expect_eq(plan_known(p), 15);
    size_t n;
    plan_game *g = ready(p, &n);
    cr_assert_eq(n, 15);
    int games[6] = {0}, starts[6] = {0};
    for (size_t i = 0; i < n; i++) {
        char id[PLAN_ID_MAX];
        snprintf(id, sizeof id, "gt-%03zu", i + 1);
        cr_expect_str_eq(g[i].id, id);
        int opp;
        if (g[i].entrant[0] == 2) {
            opp = g[i].entrant[1];
            starts[opp]--;
        } else {
            cr_assert_eq(g[i].entrant[1], 2);
            opp = g[i].entrant[0];
            starts[opp]++;
        }
        games[opp]++;
    }
    for (int e = 0; e < 6; e++) {
        cr_expect_eq(games[e], e == 2 ? 0 : 3);
        if (e != 2)
            cr_expect(starts[e] == 1 || starts[e] == -1);
    }
    /* The challenger wins all. */
    for (size_t i = 0; i < n; i++)
        give(p, &g[i], 2, 7);
    free(g);
    cr_assert(plan_done(p));
    plan_row rows[6];
    cr_assert_eq(plan_group_table(p, 0, rows, 6), 6);
    cr_expect_eq(rows[0].entrant, 2);
    cr_expect_eq(rows[0].points, 45);
    cr_expect_eq(rows[0].win_points, 105);
    cr_expect_str_eq(rows[0].decided_by, "points");
    for (int i = 1; i < 6; i++) {
        cr_expect_eq(rows[i].points, 0);
        cr_expect_eq(rows[i].played, 3);
        cr_expect_str_eq(rows[i].decided_by, i < 5 ? "lot" : "");
    }
    int e[6], pl[6];
    cr_assert_eq(plan_final_ranking(p, e, pl, 6), 6);
    for (int i = 0; i < 6; i++) {
        cr_expect_eq(e[i], rows[i].entrant);
        cr_expect_eq(pl[i], i + 1);
    }
    plan_free(p);
}

/* ---- errors -------------------------------------------------------------------- */

static void expect_bad(const plan_config *c, const char *word)
{
    char err[200] = "";
    plan *p = plan_new(c, err, sizeof err);
    cr_expect_null(p, "accepted, wanted '%s'", word);
    plan_free(p);
    cr_expect_not_null(strstr(err, word), "'%s' lacks '%s'", err, word);
}

Test(plan, bad_configurations)
{
    plan_config c;
    plan_config_defaults(&c);
    cr_expect_eq(c.format, PLAN_SWISS_CUP);
    cr_expect(c.thirds);
    cr_expect_eq(c.replay_cap, 8);
    cr_expect_eq(c.games_per_pair, 2);
    expect_bad(&c, "nentrants"); /* 0 by default */
    c.nentrants = PLAN_MAX_ENTRANTS + 1;
    expect_bad(&c, "nentrants");
    c.nentrants = 8;
    c.replay_cap = 0;
    expect_bad(&c, "replay_cap");
    c.replay_cap = 8;
    c.format = (plan_format)7;
    expect_bad(&c, "format");
    c.format = PLAN_ROUND_ROBIN;
    c.games_per_pair = 0;
    expect_bad(&c, "games_per_pair");
    c.format = PLAN_GAUNTLET;
    expect_bad(&c, "games_per_pair");
    c.games_per_pair = 1;
    c.challenger = 8;
    expect_bad(&c, "challenger");
    c.challenger = -1;
    expect_bad(&c, "challenger");
    c.challenger = 7;
    plan *p = mk_cfg(&c);
    cr_expect_eq(plan_known(p), 7);
    plan_free(p);
    cr_expect_null(plan_new(NULL, NULL, 0));
}

Test(plan, bad_results)
{
    plan *p = mk(PLAN_SWISS_CUP, 8, 1);
    char err[200] = "";
    plan_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.id, sizeof r.id, "group-Z-01");
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "group-Z-01"), "%s", err);
    /* A cup game before the groups are played is not in the plan yet. */
    snprintf(r.id, sizeof r.id, "cup-r1-t1-g1");
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);

    snprintf(r.id, sizeof r.id, "group-A-01");
    r.outcome = (plan_outcome)5;
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "outcome"), "%s", err);
    r.outcome = PLAN_SEAT0_WINS;
    r.win_points[0] = -3;
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);
    r.win_points[0] = PLAN_MAX_WIN_POINTS + 1;
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "win points 1001 are more than 1000"),
                       "%s", err);
    r.win_points[0] = 12;
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(plan_played(p), 1);
    r.outcome = PLAN_DRAW;
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);
    cr_expect_not_null(strstr(err, "already"), "%s", err);
    cr_expect_eq(plan_played(p), 1);
    cr_expect_eq(plan_add_result(p, &r, NULL, 0), -1);
    int e[8], pl[8];
    cr_expect_eq(plan_final_ranking(p, e, pl, 8), 0, "not done yet");
    cr_expect_null(plan_group_name(p, 2));
    plan_free(p);
}

/* The number of direct qualifiers per group can be chosen. */
Test(plan, qualifiers_per_group_can_be_chosen)
{
    plan_shape s;
    /* 8 entrants, 2 groups: by default 4 go through (semi-finals)... */
    cr_assert_eq(plan_swiss_shape_q(8, true, 0, &s), 0);
    cr_expect_eq(s.direct, 4);
    cr_expect_eq(s.bracket, 4);
    /* ...with one per group, the two winners meet in the final. */
    cr_assert_eq(plan_swiss_shape_q(8, true, 1, &s), 0);
    cr_expect_eq(s.direct, 2);
    cr_expect_eq(s.bracket, 2);
    /* 15 entrants, 3 groups, winners only: 3 direct; the one free spot of
     * the bracket of 4 goes to the winner of an intermediate tie between
     * the two best runners-up. */
    cr_assert_eq(plan_swiss_shape_q(15, true, 1, &s), 0);
    cr_expect_eq(s.direct, 3);
    cr_expect_eq(s.bracket, 4);
    cr_expect_eq(s.fill_place, 2);
    cr_expect_eq(s.fill_direct, 0);
    cr_expect_eq(s.fill_ties, 1);
    cr_expect_eq(s.byes, 0);
    /* Two per group with 9 groups would need a bracket of 32. */
    cr_expect_eq(plan_swiss_shape_q(41, true, 2, &s), -1);
    plan_config cfg;
    plan_config_defaults(&cfg);
    cfg.nentrants = 41;
    cfg.qualifiers = 2;
    char err[256];
    cr_expect_null(plan_new(&cfg, err, sizeof err));
    cr_expect(strstr(err, "qualifiers"), "%s", err);
    /* And a whole event with winners only runs to its end. */
    cfg.nentrants = 15;
    cfg.qualifiers = 1;
    plan *p = plan_new(&cfg, err, sizeof err);
    cr_assert(p, "%s", err);
    plan_game ready[64];
    for (int guard = 0; guard < 100 && !plan_done(p); guard++) {
        size_t n = plan_ready(p, ready, 64);
        cr_assert_gt(n, 0);
        for (size_t i = 0; i < n && i < 64; i++) {
            plan_result r = {.outcome = PLAN_SEAT0_WINS, .win_points = {5, 0}};
            snprintf(r.id, sizeof r.id, "%s", ready[i].id);
            cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s", err);
        }
    }
    cr_expect(plan_done(p));
    plan_tie ties[32];
    size_t nt = plan_bracket(p, ties, 32);
    cr_expect_eq(nt, 4, "1 intermediate tie, 2 semi-finals and the final");
    plan_free(p);
}

/* The limits are plan.h's constants: the last value in, the next out. */
Test(plan, limits_are_the_constants_of_plan_h)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 4;
    c.replay_cap = PLAN_REPLAY_CAP_MAX;
    plan *p = mk_cfg(&c);
    plan_free(p);
    c.replay_cap = PLAN_REPLAY_CAP_MAX + 1;
    expect_bad(&c, "replay_cap must be 1..100, not 101");
    c.replay_cap = 8;
    c.format = PLAN_ROUND_ROBIN;
    c.nentrants = 2;
    c.games_per_pair = PLAN_GAMES_PER_PAIR_MAX;
    p = mk_cfg(&c);
    cr_expect_eq(plan_known(p), PLAN_GAMES_PER_PAIR_MAX);
    plan_free(p);
    c.games_per_pair = PLAN_GAMES_PER_PAIR_MAX + 1;
    expect_bad(&c, "games_per_pair must be 1..50, not 51");
}

/* qualifiers outside 0..2 is named as such; the message once showed an
 * uninitialised group count (valgrind: "depends on uninitialised value"). */
Test(plan, qualifiers_out_of_range_says_so)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 8;
    char err[256];
    static const int bad[] = {3, -1, 1000};
    static const char *const want[] = {
        "qualifiers must be 0 (the default) to 2 per group, not 3",
        "qualifiers must be 0 (the default) to 2 per group, not -1",
        "qualifiers must be 0 (the default) to 2 per group, not 1000",
    };
    for (int i = 0; i < 3; i++) {
        c.qualifiers = bad[i];
        memset(err, 'x', sizeof err - 1);
        err[sizeof err - 1] = 0;
        cr_expect_null(plan_new(&c, err, sizeof err));
        cr_expect_str_eq(err, want[i]);
    }
    /* In range, but more than the bracket holds: the groups counted. */
    c.nentrants = 41;
    c.qualifiers = 2;
    cr_expect_null(plan_new(&c, err, sizeof err));
    cr_expect_str_eq(err, "qualifiers must be 1 or 2 per group, and at most "
                          "16 in all (41 entrants make 9 groups)");
}

/* ---- fairness: who starts ------------------------------------------------------ */

/* How many games each entrant starts among the ready group games. */
static void count_starts(const plan *p, int *starts, int *games)
{
    size_t n;
    plan_game *g = ready(p, &n);
    memset(starts, 0, TEST_MAX * sizeof *starts);
    memset(games, 0, TEST_MAX * sizeof *games);
    for (size_t i = 0; i < n; i++) {
        starts[g[i].entrant[0]]++;
        games[g[i].entrant[0]]++;
        games[g[i].entrant[1]]++;
    }
    free(g);
}

/* In a group of m, every entrant starts (m-1)/2 games, or (m even) half
 * of them m/2 and the other half m/2 - 1: as evenly as possible, since
 * the m(m-1)/2 starts cannot be split more evenly over m entrants. */
static void expect_balanced(const plan *p, const char *what)
{
    int starts[TEST_MAX], games[TEST_MAX];
    count_starts(p, starts, games);
    for (int gi = 0; gi < plan_groups(p); gi++) {
        plan_row rows[TEST_MAX];
        int m = (int)table(p, gi, rows), more = 0;
        for (int i = 0; i < m; i++) {
            int e = rows[i].entrant, s = starts[e];
            cr_expect_eq(games[e], m - 1, "%s", what);
            cr_expect(s == (m - 1) / 2 || s == m / 2,
                      "%s: group %d of %d: entrant %d starts %d", what, gi, m,
                      e, s);
            more += s == m / 2 && m % 2 == 0;
        }
        if (m % 2 == 0)
            cr_expect_eq(more, m / 2, "%s: group of %d", what, m);
    }
}

Test(plan, balanced_starts_in_groups_of_3_to_7)
{
    for (int m = 3; m <= 7; m++)
        for (uint64_t seed = 1; seed <= 20; seed++) {
            char what[48];
            snprintf(what, sizeof what, "m=%d seed=%llu", m,
                     (unsigned long long)seed);
            plan *p = mk(PLAN_SWISS_CUP, m, seed); /* one group of m */
            expect_balanced(p, what);
            plan_free(p);
        }
    /* Several groups: 9 (5 4), 23 (5 5 5 4 4), 64 (12 x 5, 4). */
    static const int ns[] = {9, 23, 64};
    for (size_t i = 0; i < 3; i++) {
        plan *p = mk(PLAN_SWISS_CUP, ns[i], 3);
        expect_balanced(p, "several groups");
        plan_free(p);
    }
}

Test(plan, who_starts_more_in_an_even_group_is_drawn)
{
    /* Groups of 4: which two start twice depends on the seed. */
    int twice[4] = {0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        plan *p = mk(PLAN_SWISS_CUP, 4, seed);
        int starts[TEST_MAX], games[TEST_MAX];
        count_starts(p, starts, games);
        for (int e = 0; e < 4; e++)
            twice[e] += starts[e] == 2;
        plan_free(p);
    }
    for (int e = 0; e < 4; e++)
        cr_expect(twice[e] > 5 && twice[e] < 35, "entrant %d: %d of 40", e,
                  twice[e]);
}

Test(plan, starts_by_lot_is_a_coin_per_game)
{
    /* The rulebook's coin: some group of 4 has an entrant starting all
     * three of its games, or none. */
    int uneven = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        plan_config c;
        plan_config_defaults(&c);
        c.nentrants = 4;
        c.seed = seed;
        c.starts = PLAN_STARTS_LOT;
        plan *p = mk_cfg(&c);
        int starts[TEST_MAX], games[TEST_MAX];
        count_starts(p, starts, games);
        for (int e = 0; e < 4; e++)
            uneven += starts[e] == 0 || starts[e] == 3;
        plan_free(p);
    }
    cr_expect_gt(uneven, 0);
}

Test(plan, balanced_starts_in_a_round_robin)
{
    for (int n = 3; n <= 7; n++) {
        plan_config c;
        plan_config_defaults(&c);
        c.format = PLAN_ROUND_ROBIN;
        c.nentrants = n;
        c.games_per_pair = 1;
        c.seed = (uint64_t)n;
        plan *p = mk_cfg(&c);
        char what[32];
        snprintf(what, sizeof what, "league of %d", n);
        expect_balanced(p, what);
        plan_free(p);
    }
}

/* ---- fairness: comparing groups of different sizes ------------------------------- */

/* Group gi's members, in table order before any result. */
static int group_members(const plan *p, int gi, int *e)
{
    plan_row rows[TEST_MAX];
    int m = (int)table(p, gi, rows);
    for (int i = 0; i < m; i++)
        e[i] = rows[i].entrant;
    return m;
}

/* 9 entrants: A of 5, B of 4.  A's first wins 3 and draws 1 (10 points
 * in 4 games, 2.5 a game, 30 win points); B's first wins its 3 (9 points,
 * 3 a game, 3 win points); everyone else: the lower index wins.  Returns
 * the seed 1 of the cup; *a0, *b0 the two group winners. */
static int seed_one_of_uneven_groups(plan_cross cross, int *a0, int *b0)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 9;
    c.seed = 5;
    c.cross = cross;
    plan *p = mk_cfg(&c);
    int a[5], b[4];
    cr_assert_eq(group_members(p, 0, a), 5);
    cr_assert_eq(group_members(p, 1, b), 4);
    int rank[TEST_MAX];
    for (int i = 0; i < 5; i++)
        rank[a[i]] = i;
    for (int i = 0; i < 4; i++)
        rank[b[i]] = i;
    size_t n;
    plan_game *g = ready(p, &n);
    for (size_t i = 0; i < n; i++) {
        int x = g[i].entrant[0], y = g[i].entrant[1];
        bool draw = (x == a[0] && y == a[4]) || (x == a[4] && y == a[0]);
        int w = rank[x] < rank[y] ? x : y;
        give(p, &g[i], draw ? -1 : w, w == a[0] ? 10 : 1);
    }
    free(g);
    *a0 = a[0];
    *b0 = b[0];
    int seed1 = get_tie(p, 1, 1).entrant[0];
    plan_free(p);
    return seed1;
}

Test(plan, cup_seeding_compares_points_per_game)
{
    int a0, b0;
    cr_expect_eq(seed_one_of_uneven_groups(PLAN_CROSS_PER_GAME, &a0, &b0), b0,
                 "3 points a game beat 2.5");
    cr_expect_eq(seed_one_of_uneven_groups(PLAN_CROSS_POINTS, &a0, &b0), a0,
                 "10 points beat 9 when points are compared as they are");
}

/* ---- fairness: groups apart in the cup's first round ------------------------------ */

static int group_of(const plan *p, int e)
{
    for (int gi = 0; gi < plan_groups(p); gi++) {
        int m[TEST_MAX];
        int k = group_members(p, gi, m);
        for (int i = 0; i < k; i++)
            if (m[i] == e)
                return gi;
    }
    return -1;
}

/* Round-1 ties of the finished event that pair two entrants of one
 * group. */
static int same_group_ties(const plan *p)
{
    plan_tie t[64];
    size_t nt = bracket(p, t);
    int same = 0;
    for (size_t i = 0; i < nt; i++)
        if (t[i].round == 1 && t[i].entrant[0] >= 0 && t[i].entrant[1] >= 0)
            same += group_of(p, t[i].entrant[0]) ==
                    group_of(p, t[i].entrant[1]);
    return same;
}

static plan *whole_event(int n, uint64_t seed, bool apart)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = n;
    c.seed = seed;
    c.separate_groups = apart;
    plan *p = mk_cfg(&c);
    drive(p, by_seed, FORWARD, NULL);
    cr_assert(plan_done(p));
    return p;
}

Test(plan, groups_kept_apart_in_round_one_for_every_bracket, .timeout = 120)
{
    /* Brackets of 4 (8-11 entrants), 8 (12-20) and 16 (21-64), with
     * byes, thirds and intermediate winners among them. */
    int together[3] = {0};
    for (int n = 8; n <= 64; n++)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            plan *p = whole_event(n, seed * 131 + (uint64_t)n, true);
            cr_expect_eq(same_group_ties(p), 0, "n=%d seed %llu", n,
                         (unsigned long long)seed);
            plan_free(p);
            p = whole_event(n, seed * 131 + (uint64_t)n, false);
            together[n <= 11 ? 0 : n <= 20 ? 1 : 2] += same_group_ties(p);
            plan_free(p);
        }
    /* Without it, the plain bracket pairs a group's entrants at times,
     * in every size of bracket. */
    for (int b = 0; b < 3; b++)
        cr_expect_gt(together[b], 0, "bracket %d", 4 << b);
}

Test(plan, keeping_groups_apart_moves_only_the_lower_seeds)
{
    for (uint64_t seed = 1; seed <= 30; seed++) {
        plan_config c;
        plan_config_defaults(&c);
        c.nentrants = 16;
        c.seed = seed;
        plan *p = mk_cfg(&c);
        c.separate_groups = false;
        plan *q = mk_cfg(&c);
        play_phase0(p, by_seed);
        play_phase0(q, by_seed);
        for (int k = 1; k <= 4; k++) {
            plan_tie a = get_tie(p, 1, k), b = get_tie(q, 1, k);
            cr_expect_eq(a.entrant[0], b.entrant[0], "seed %llu tie %d",
                         (unsigned long long)seed, k);
            cr_expect_neq(group_of(p, a.entrant[0]), group_of(p, a.entrant[1]));
        }
        plan_free(p);
        plan_free(q);
    }
    /* One group: the final is between its top two, as it must be. */
    plan *p = whole_event(5, 1, true);
    cr_expect_eq(same_group_ties(p), 1);
    plan_free(p);
}

/* ---- the third-place match --------------------------------------------------------- */

Test(plan, third_place_match_between_the_semi_finals_losers)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 8; /* two groups: semi-finals and a final */
    c.seed = 12;
    c.third_place = true;
    plan *p = mk_cfg(&c);
    play_phase0(p, seat0_wins);
    cr_expect_null(plan_find(p, "cup-r2-t2-g1"), "not before the semis");
    const plan_game *s1 = plan_find(p, "cup-r1-t1-g1");
    const plan_game *s2 = plan_find(p, "cup-r1-t2-g1");
    cr_assert(s1 && s2);
    int lose1 = s1->entrant[1], lose2 = s2->entrant[0];
    give(p, s1, s1->entrant[0], 0);
    cr_expect_null(plan_find(p, "cup-r2-t2-g1"));
    give(p, s2, s2->entrant[1], 0);
    const plan_game *t = plan_find(p, "cup-r2-t2-g1");
    cr_assert_not_null(t);
    cr_expect_str_eq(t->stage, "cup third-place match, game 1");
    cr_expect((t->entrant[0] == lose1 && t->entrant[1] == lose2) ||
              (t->entrant[0] == lose2 && t->entrant[1] == lose1));
    plan_tie third = get_tie(p, 2, 2);
    cr_expect(third.third_place);
    cr_expect_not(get_tie(p, 2, 1).third_place);
    /* A drawn third-place game is replayed; the final is played. */
    give(p, t, -1, 0);
    const plan_game *t2 = plan_find(p, "cup-r2-t2-g2");
    cr_assert_not_null(t2);
    cr_expect_eq(t2->entrant[0], t->entrant[1]);
    int third_winner = t2->entrant[0];
    give(p, t2, third_winner, 0);
    cr_expect_not(plan_done(p), "the final is still to play");
    const plan_game *f = plan_find(p, "cup-r2-t1-g1");
    cr_assert_not_null(f);
    give(p, f, f->entrant[0], 0);
    cr_assert(plan_done(p));
    int e[8], pl[8];
    cr_assert_eq(plan_final_ranking(p, e, pl, 8), 8);
    static const int places[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    for (int i = 0; i < 8; i++)
        cr_expect_eq(pl[i], places[i], "place %d", i);
    cr_expect_eq(e[0], f->entrant[0]);
    cr_expect_eq(e[1], f->entrant[1]);
    cr_expect_eq(e[2], third_winner);
    cr_expect_eq(e[3], third_winner == lose1 ? lose2 : lose1);
    plan_free(p);
}

Test(plan, third_place_in_bigger_cups_and_none_in_a_final_only)
{
    for (int n = 12; n <= 40; n += 7) {
        plan_config c;
        plan_config_defaults(&c);
        c.nentrants = n;
        c.seed = (uint64_t)n;
        c.third_place = true;
        plan *p = mk_cfg(&c);
        drive(p, by_seed, REVERSE, NULL);
        char what[16];
        snprintf(what, sizeof what, "n=%d", n);
        check_final(p, n, what);
        int e[TEST_MAX], pl[TEST_MAX];
        plan_final_ranking(p, e, pl, TEST_MAX);
        cr_expect_eq(pl[2], 3, "%s", what);
        cr_expect_eq(pl[3], 4, "%s", what);
        cr_expect_eq(pl[4], 5, "%s", what);
        plan_free(p);
    }
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 6;
    c.third_place = true;
    plan *p = mk_cfg(&c);
    drive(p, by_seed, FORWARD, NULL);
    plan_tie t[8];
    cr_expect_eq(plan_bracket(p, t, 8), 1, "one group: a final only");
    plan_free(p);
}

/* ---- withdrawals ---------------------------------------------------------------------- */

/* Play on: a game of a withdrawn entrant is its forfeit, others by seed. */
static size_t drive_forfeits(plan *p, int withdraw_after, int who)
{
    size_t total = 0;
    for (;;) {
        size_t n;
        plan_game *g = ready(p, &n);
        if (!n) {
            free(g);
            return total;
        }
        plan_result r;
        if (plan_forfeit(p, &g[0], &r)) {
            char err[200];
            cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s",
                         err);
        } else {
            int wp;
            int w = by_seed(&g[0], &wp);
            give(p, &g[0], w, wp);
        }
        free(g);
        if (++total == (size_t)withdraw_after)
            cr_assert_eq(plan_withdraw(p, who), 0);
    }
}

Test(plan, a_withdrawn_entrants_games_are_forfeits)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 8;
    c.seed = 44;
    plan_config_withdraw(&c, 5);
    plan *p = mk_cfg(&c);
    cr_expect(plan_withdrawn(p, 5));
    cr_expect_not(plan_withdrawn(p, 4));
    size_t n;
    plan_game *g = ready(p, &n);
    int forfeits = 0;
    for (size_t i = 0; i < n; i++) {
        plan_result r;
        int f = plan_forfeit(p, &g[i], &r);
        bool of5 = g[i].entrant[0] == 5 || g[i].entrant[1] == 5;
        cr_expect_eq(f, of5, "%s", g[i].id);
        if (!f)
            continue;
        forfeits++;
        cr_expect_str_eq(r.id, g[i].id);
        cr_expect_eq(r.outcome, g[i].entrant[0] == 5 ? PLAN_SEAT1_WINS
                                                     : PLAN_SEAT0_WINS);
        cr_expect_eq(r.how, PLAN_HOW_FORFEIT);
        cr_expect(r.entered);
        cr_expect_eq(r.win_points[0] + r.win_points[1], 0);
    }
    cr_expect_eq(forfeits, 3, "its three group games");
    free(g);
    drive_forfeits(p, -1, 0);
    cr_assert(plan_done(p));
    for (int gi = 0; gi < 2; gi++) {
        plan_row rows[4];
        table(p, gi, rows);
        for (int i = 0; i < 4; i++) {
            cr_expect_eq(rows[i].withdrawn, rows[i].entrant == 5);
            if (rows[i].entrant == 5) {
                cr_expect_eq(rows[i].lost, 3);
                cr_expect_eq(rows[i].forfeits_lost, 3);
                cr_expect_eq(rows[i].entered, 3);
                cr_expect_eq(rows[i].points, 0);
                cr_expect_eq(i, 3, "last of its group");
            }
        }
    }
    /* A game it played keeps its result: no forfeit once a result is in. */
    plan_game any = *plan_find(p, "group-A-01");
    plan_result r;
    cr_expect_eq(plan_forfeit(p, &any, &r), 0);
    plan_free(p);
}

Test(plan, withdrawing_midway_is_as_if_from_the_start)
{
    /* Entrant 3 withdraws after 7 results: its games already played keep
     * their results, the rest are forfeits, in the groups and the cup. */
    static snapshot a, b;
    for (int who = 0; who < 12; who += 5) {
        plan_config c;
        plan_config_defaults(&c);
        c.nentrants = 12;
        c.seed = 8;
        plan *p = mk_cfg(&c);
        idlist ids = {0};
        drive_forfeits(p, 7, who);
        cr_assert(plan_done(p));
        /* The same results fed to a plan that has the withdrawal in its
         * configuration from the start. */
        plan_config_withdraw(&c, who);
        plan *q = mk_cfg(&c);
        for (bool more = true; more;) {
            more = false;
            size_t n;
            plan_game *g = ready(q, &n);
            for (size_t i = 0; i < n; i++) {
                const plan_game *pg = plan_find(p, g[i].id);
                cr_assert_not_null(pg, "%s", g[i].id);
                ids_add(&ids, g[i].id);
                more = true;
            }
            free(g);
            if (!more)
                break;
            /* Replay p's results in q, one ready batch at a time. */
            g = ready(q, &n);
            for (size_t i = 0; i < n; i++) {
                plan_result r;
                memset(&r, 0, sizeof r);
                snprintf(r.id, sizeof r.id, "%s", g[i].id);
                cr_assert(plan_result_of(p, g[i].id, &r));
                char err[200];
                cr_assert_eq(plan_add_result(q, &r, err, sizeof err), 0,
                             "%s", err);
            }
            free(g);
        }
        cr_assert(plan_done(q));
        snap(p, &ids, &a);
        snap(q, &ids, &b);
        cr_expect_eq(memcmp(&a, &b, sizeof a), 0, "withdrawal of %d", who);
        free(ids.id);
        plan_free(p);
        plan_free(q);
    }
}

Test(plan, two_withdrawn_both_lose_and_the_better_seed_goes_on_in_the_cup)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 4; /* one group, then a final */
    c.seed = 2;
    plan *p = mk_cfg(&c);
    play_phase0(p, seat0_wins);
    plan_tie f = get_tie(p, 1, 1);
    cr_assert_eq(plan_withdraw(p, f.entrant[0]), 0);
    cr_assert_eq(plan_withdraw(p, f.entrant[1]), 0);
    cr_expect_eq(plan_withdraw(p, 4), -1);
    const plan_game *g = plan_find(p, "cup-r1-t1-g1");
    plan_result r;
    cr_assert_eq(plan_forfeit(p, g, &r), 1);
    cr_expect_eq(r.outcome, PLAN_BOTH_LOSE);
    char err[200];
    cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s", err);
    cr_assert(plan_done(p));
    cr_expect_eq(get_tie(p, 1, 1).winner, f.entrant[0], "the first seed");
    plan_free(p);

    /* In a group: both lose, 0 points each. */
    plan_config_withdraw(&c, 0);
    plan_config_withdraw(&c, 1);
    p = mk_cfg(&c);
    size_t n;
    plan_game *gs = ready(p, &n);
    for (size_t i = 0; i < n; i++) {
        if (plan_forfeit(p, &gs[i], &r) &&
            r.outcome == PLAN_BOTH_LOSE)
            cr_expect(gs[i].entrant[0] + gs[i].entrant[1] == 1);
    }
    free(gs);
    drive_forfeits(p, -1, 0);
    plan_row rows[4];
    table(p, 0, rows);
    for (int i = 0; i < 4; i++)
        if (rows[i].entrant < 2) {
            cr_expect_eq(rows[i].points, 0);
            cr_expect_eq(rows[i].lost, 3);
            cr_expect_eq(rows[i].forfeits_lost, 3);
            cr_expect_geq(i, 2, "the withdrawn are last");
        }
    plan_free(p);
}

/* ---- decisions, seeding, options --------------------------------------------------- */

Test(plan, the_replay_caps_decision_is_on_the_last_game)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 4;
    c.seed = 6;
    c.replay_cap = 3;
    plan *p = mk_cfg(&c);
    play_phase0(p, seat0_wins);
    int adv = -1;
    cr_expect_eq(plan_decided_by_cap(p, "group-A-01", &adv), 0);
    drive(p, always_draw, FORWARD, NULL);
    cr_assert(plan_done(p));
    cr_expect_eq(plan_decided_by_cap(p, "cup-r1-t1-g2", &adv), 0);
    cr_expect_eq(plan_decided_by_cap(p, "cup-r1-t1-g3", &adv), 1);
    cr_expect_eq(adv, get_tie(p, 1, 1).winner);
    cr_expect(get_tie(p, 1, 1).by_safeguard);
    plan_free(p);
}

Test(plan, a_seed_order_deals_the_groups)
{
    plan_config c;
    plan_config_defaults(&c);
    c.nentrants = 10;
    c.seeded = true;
    c.has_seed_order = true;
    static const int order[10] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
    memcpy(c.seed_order, order, sizeof order);
    plan *p = mk_cfg(&c);
    /* Seeds 1, 4, 5, 8, 9 in A: entrants 9, 6, 5, 2, 1. */
    expect_group(p, 0, (int[]){9, 6, 5, 2, 1}, 5);
    expect_group(p, 1, (int[]){8, 7, 4, 3, 0}, 5);
    plan_free(p);
    c.seed_order[3] = 9;
    expect_bad(&c, "seed_order");
    c.seed_order[3] = 6;
    plan_config_withdraw(&c, 10);
    expect_bad(&c, "withdrawn");
    memset(c.withdrawn, 0, sizeof c.withdrawn);
    c.starts = (plan_starts)7;
    expect_bad(&c, "starts");
}
