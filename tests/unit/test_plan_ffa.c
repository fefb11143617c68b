/*
 * test_plan_ffa.c - the free-for-all plan: its tables are every set of N
 * entrants once, each table's games turn the seat order so that every
 * member starts (and sits in each seat) equally often, ids and seeds are
 * stable; places score place_points (shared places too), the ranking
 * goes by points, then first places, then the lot; withdrawals are
 * forfeits; and the configurations the plan refuses.
 */
#include <criterion/criterion.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event/plan.h"

/* ---- helpers --------------------------------------------------------------- */

static plan_config ffa_cfg(int n, int seats, int gpt, uint64_t seed)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = PLAN_FREE_FOR_ALL;
    c.nentrants = n;
    c.seats = seats;
    c.games_per_table = gpt;
    c.seed = seed;
    return c;
}

static plan *mk(const plan_config *c)
{
    char err[300] = "";
    plan *p = plan_new(c, err, sizeof err);
    cr_assert_not_null(p, "plan_new: %s", err);
    return p;
}

/* What plan_new says of c (it must refuse it). */
static const char *refusal(const plan_config *c)
{
    static char err[300];
    err[0] = '\0';
    plan *p = plan_new(c, err, sizeof err);
    cr_assert_null(p, "plan_new took a bad configuration");
    return err;
}

static plan_game *ready(const plan *p, size_t *n)
{
    *n = plan_ready(p, NULL, 0);
    plan_game *g = calloc(*n + 1, sizeof *g);
    cr_assert_not_null(g);
    cr_assert_eq(plan_ready(p, g, *n), *n);
    return g;
}

/* Give game g the places pl (by seat); fault: the seat at fault or -1. */
static void give(plan *p, const plan_game *g, const int *pl, int fault)
{
    plan_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.id, sizeof r.id, "%s", g->id);
    r.outcome = PLAN_DRAW;
    for (int s = 0; s < PLAN_MAX_SEATS; s++)
        r.place[s] = pl[s];
    if (fault >= 0) {
        r.fault[fault] = true;
        r.how = PLAN_HOW_FAULT;
    }
    char err[300] = "";
    cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s: %s", g->id,
                 err);
}

static int bits(unsigned v)
{
    int k = 0;
    for (; v; v &= v - 1)
        k++;
    return k;
}

/* The row of entrant e. */
static plan_row row_of(const plan *p, int e)
{
    plan_row rows[PLAN_MAX_ENTRANTS];
    size_t n = plan_group_table(p, 0, rows, PLAN_MAX_ENTRANTS);
    for (size_t i = 0; i < n; i++)
        if (rows[i].entrant == e)
            return rows[i];
    cr_assert_fail("no row of entrant %d", e);
    return rows[0];
}

/* ---- tables and seats ------------------------------------------------------ */

/* Check the schedule of n entrants in tables of k playing gpt games. */
static void check_schedule(int n, int k, int gpt)
{
    plan_config c = ffa_cfg(n, k, gpt, 77);
    plan *p = mk(&c);
    size_t ng;
    plan_game *g = ready(p, &ng);
    /* Tables by their members, as bit sets; a member's starts and seats. */
    int ntables = 0;
    static unsigned set[1 << 10];
    static int starts[1 << 10][16], seat_of[1 << 10][16][4], games[1 << 10];
    memset(starts, 0, sizeof starts);
    memset(seat_of, 0, sizeof seat_of);
    memset(games, 0, sizeof games);
    static int taken[1 << 10];
    memset(taken, 0, sizeof taken);
    for (size_t i = 0; i < ng; i++) {
        int t, gno;
        char tail;
        cr_assert_eq(sscanf(g[i].id, "ffa-t%d-g%d%c", &t, &gno, &tail), 2,
                     "id %s", g[i].id);
        cr_assert_eq(strspn(g[i].id, "abcdefghijklmnopqrstuvwxyz0123456789-"),
                     strlen(g[i].id));
        char want[PLAN_ID_MAX];
        snprintf(want, sizeof want, "ffa-t%04d-g%d", t, gno);
        cr_assert_str_eq(g[i].id, want);
        cr_assert(t >= 1 && t < (1 << 10) && gno >= 1 && gno <= gpt);
        cr_assert_eq(g[i].round, gno, "%s: round %d", g[i].id, g[i].round);
        unsigned s = 0;
        for (int j = 0; j < k; j++) {
            int e = g[i].entrant[j];
            cr_assert(e >= 0 && e < n && !(s >> e & 1), "%s seat %d: %d",
                      g[i].id, j, e);
            s |= 1u << e;
            seat_of[t][e][j]++;
        }
        if (!games[t]++)
            set[t] = s;
        cr_assert_eq(set[t], s, "%s: another table's members", g[i].id);
        starts[t][g[i].entrant[0]]++;
        ntables = t > ntables ? t : ntables;
    }
    /* Every set of k entrants exactly once. */
    int sets = 0;
    for (unsigned v = 0; v < 1u << n; v++)
        sets += bits(v) == k;
    cr_assert_eq(ntables, sets, "%d of %d: %d tables, not %d", k, n,
                 ntables, sets);
    cr_assert_eq(ng, (size_t)sets * (size_t)gpt);
    for (int t = 1; t <= ntables; t++) {
        cr_assert_eq(games[t], gpt, "table %d: %d games", t, games[t]);
        cr_assert_eq(bits(set[t]), k);
        cr_assert_eq(taken[set[t] % (1 << 10)]++, 0, "a set twice");
        int lo = gpt, hi = 0;
        for (int e = 0; e < n; e++) {
            if (!(set[t] >> e & 1))
                continue;
            lo = starts[t][e] < lo ? starts[t][e] : lo;
            hi = starts[t][e] > hi ? starts[t][e] : hi;
            for (int j = 0; j < k && gpt % k == 0; j++)
                cr_assert_eq(seat_of[t][e][j], gpt / k,
                             "table %d: entrant %d in seat %d %d times", t,
                             e, j, seat_of[t][e][j]);
        }
        if (gpt % k == 0)
            cr_assert_eq(lo, hi, "table %d: starts %d..%d", t, lo, hi);
        else
            cr_assert_leq(hi - lo, 1, "table %d: starts %d..%d", t, lo, hi);
    }
    free(g);
    plan_free(p);
}

Test(plan_ffa, every_set_of_entrants_is_one_table)
{
    check_schedule(3, 3, 3);
    check_schedule(4, 3, 3);
    check_schedule(5, 4, 4);
    check_schedule(6, 3, 6);
    check_schedule(7, 4, 8);
    check_schedule(8, 4, 2);
    check_schedule(9, 3, 1);
    check_schedule(6, 2, 2);
}

/* Within a cycle of k games the order round the table stays (only who
 * starts turns); the next cycle goes round the other way. */
Test(plan_ffa, the_seat_order_turns_and_then_goes_the_other_way)
{
    plan_config c = ffa_cfg(3, 3, 6, 5);
    plan *p = mk(&c);
    int next[6][3];
    for (int gno = 1; gno <= 6; gno++) {
        char id[PLAN_ID_MAX];
        snprintf(id, sizeof id, "ffa-t0001-g%d", gno);
        const plan_game *g = plan_find(p, id);
        cr_assert_not_null(g, "%s", id);
        for (int s = 0; s < 3; s++)
            next[gno - 1][g->entrant[s]] = g->entrant[(s + 1) % 3];
    }
    for (int e = 0; e < 3; e++) {
        cr_expect_eq(next[1][e], next[0][e]);
        cr_expect_eq(next[2][e], next[0][e]);
        cr_expect_eq(next[4][e], next[3][e]);
        cr_expect_eq(next[5][e], next[3][e]);
        /* Three round a table: the other way is the way back. */
        cr_expect_eq(next[3][next[0][e]], e,
                     "entrant %d: the second cycle does not go back", e);
    }
    plan_free(p);
}

Test(plan_ffa, ids_seats_and_seeds_follow_the_configuration_alone)
{
    plan_config c = ffa_cfg(6, 4, 4, 2026);
    plan *a = mk(&c), *b = mk(&c);
    c.seed = 2027;
    plan *d = mk(&c);
    size_t na, nb, nd;
    plan_game *ga = ready(a, &na), *gb = ready(b, &nb), *gd = ready(d, &nd);
    cr_assert_eq(na, 60);
    cr_assert_eq(na, nb);
    cr_assert_eq(na, nd);
    int same_seed = 0, same_seats = 0;
    for (size_t i = 0; i < na; i++) {
        cr_expect_str_eq(ga[i].id, gb[i].id);
        cr_expect_eq(ga[i].seed, gb[i].seed);
        cr_expect(!memcmp(ga[i].entrant, gb[i].entrant, sizeof ga[i].entrant));
        cr_expect_str_eq(ga[i].id, gd[i].id);
        same_seed += ga[i].seed == gd[i].seed;
        same_seats += !memcmp(ga[i].entrant, gd[i].entrant,
                              sizeof ga[i].entrant);
        for (size_t j = 0; j < i; j++)
            cr_expect_neq(ga[i].seed, ga[j].seed);
    }
    cr_expect_eq(same_seed, 0);
    cr_expect_lt(same_seats, 60, "the seat order is the lot's");
    /* Every table's first games are listed before any second game. */
    cr_expect_str_eq(ga[0].id, "ffa-t0001-g1");
    cr_expect_str_eq(ga[15].id, "ffa-t0001-g2");
    free(ga);
    free(gb);
    free(gd);
    plan_free(a);
    plan_free(b);
    plan_free(d);
}

/* ---- scoring and ranking --------------------------------------------------- */

/* The places of one game given to its entrants by entrant (not seat). */
static void give_by_entrant(plan *p, const plan_game *g, const int *by_e,
                            int k)
{
    int pl[PLAN_MAX_SEATS] = {0};
    for (int s = 0; s < k; s++)
        pl[s] = by_e[g->entrant[s]];
    give(p, g, pl, -1);
}

Test(plan_ffa, places_score_their_points_shared_places_too)
{
    plan_config c = ffa_cfg(4, 4, 1, 9);
    c.nplace_points = 4;
    int pp[4] = {10, 6, 3, 0};
    memcpy(c.place_points, pp, sizeof pp);
    plan *p = mk(&c);
    const plan_game *g = plan_find(p, "ffa-t0001-g1");
    cr_assert_not_null(g);
    cr_assert(!plan_done(p));
    /* Entrant 0 first, 1 and 2 share the second place, 3 last. */
    int by_e[4] = {1, 2, 2, 4};
    give_by_entrant(p, g, by_e, 4);
    cr_assert(plan_done(p));
    int want_pts[4] = {10, 6, 6, 0};
    for (int e = 0; e < 4; e++) {
        plan_row r = row_of(p, e);
        cr_expect_eq(r.points, want_pts[e], "entrant %d: %d points", e,
                     r.points);
        cr_expect_eq(r.played, 1);
        cr_expect_eq(r.places[by_e[e] - 1], 1);
        cr_expect_eq(r.won + r.drawn + r.lost, 0);
    }
    cr_expect_eq(row_of(p, 1).places[1], 1);
    cr_expect_eq(row_of(p, 1).places[2], 0, "a shared second is no third");
    /* Every seat first (a draw for all): the first place's points. */
    plan_config d = ffa_cfg(3, 3, 1, 9);
    plan *q = mk(&d);
    int all[4] = {1, 1, 1, 0};
    give(q, plan_find(q, "ffa-t0001-g1"), all, -1);
    for (int e = 0; e < 3; e++) {
        cr_expect_eq(row_of(q, e).points, 2);
        cr_expect_eq(row_of(q, e).places[0], 1);
    }
    plan_free(q);
    plan_free(p);
}

/* Entrants a and b level on points: first places decide, then the lot;
 * every rank is distinct and decided_by says what decided it. */
Test(plan_ffa, ties_go_to_first_places_then_to_the_lot)
{
    /* 3 entrants, tables of 3, 3 games, points 2/1/0.  Entrant 0: 1st,
     * 1st, 3rd = 4 points, 2 firsts; entrant 1: 2nd, 2nd, 1st = 4 points,
     * 1 first; entrant 2: 3rd, 3rd, 2nd = 1 point. */
    plan_config c = ffa_cfg(3, 3, 3, 11);
    plan *p = mk(&c);
    int by_game[3][3] = {{1, 2, 3}, {1, 2, 3}, {3, 1, 2}};
    for (int gno = 1; gno <= 3; gno++) {
        char id[PLAN_ID_MAX];
        snprintf(id, sizeof id, "ffa-t0001-g%d", gno);
        give_by_entrant(p, plan_find(p, id), by_game[gno - 1], 3);
    }
    plan_row rows[3];
    cr_assert_eq(plan_group_table(p, 0, rows, 3), 3);
    cr_expect_eq(rows[0].entrant, 0);
    cr_expect_eq(rows[0].points, 4);
    cr_expect_str_eq(rows[0].decided_by, "firsts");
    cr_expect_eq(rows[1].entrant, 1);
    cr_expect_str_eq(rows[1].decided_by, "points");
    cr_expect_eq(rows[2].entrant, 2);
    cr_expect_str_eq(rows[2].decided_by, "");
    int ent[3], place[3];
    cr_assert_eq(plan_final_ranking(p, ent, place, 3), 3);
    for (int i = 0; i < 3; i++) {
        cr_expect_eq(ent[i], rows[i].entrant);
        cr_expect_eq(place[i], i + 1);
    }
    plan_free(p);

    /* All level (every game a draw for all): the lot orders them, the
     * same for the same seed, not the same for every seed. */
    int first_of[40];
    for (uint64_t seed = 0; seed < 40; seed++) {
        plan_config d = ffa_cfg(4, 3, 3, seed);
        plan *q = mk(&d);
        size_t n;
        plan_game *g = ready(q, &n);
        int all[4] = {1, 1, 1, 0};
        for (size_t i = 0; i < n; i++)
            give(q, &g[i], all, -1);
        plan_row r[4], again[4];
        cr_assert_eq(plan_group_table(q, 0, r, 4), 4);
        cr_assert_eq(plan_group_table(q, 0, again, 4), 4);
        for (int i = 0; i < 4; i++) {
            cr_expect_eq(r[i].rank, i + 1);
            cr_expect_eq(r[i].entrant, again[i].entrant);
            cr_expect_eq(r[i].points, 18, "9 games at 2 points");
            cr_expect_str_eq(r[i].decided_by, i < 3 ? "lot" : "");
        }
        first_of[seed] = r[0].entrant;
        free(g);
        plan_free(q);
    }
    bool differs = false;
    for (int s = 1; s < 40; s++)
        differs = differs || first_of[s] != first_of[0];
    cr_expect(differs, "the lot put the same entrant first for 40 seeds");
}

Test(plan_ffa, faults_are_counted_for_the_seat_at_fault)
{
    plan_config c = ffa_cfg(3, 3, 1, 4);
    plan *p = mk(&c);
    const plan_game *g = plan_find(p, "ffa-t0001-g1");
    int pl[4] = {1, 1, 3, 0};
    give(p, g, pl, 2);
    cr_expect_eq(row_of(p, g->entrant[2]).faults, 1);
    cr_expect_eq(row_of(p, g->entrant[0]).faults, 0);
    plan_result r;
    cr_assert(plan_result_of(p, g->id, &r));
    cr_expect(r.fault[2] && !r.fault[0]);
    cr_expect_eq(r.place[2], 3);
    plan_free(p);
}

/* ---- withdrawals ----------------------------------------------------------- */

Test(plan_ffa, a_withdrawn_entrants_tables_are_forfeits)
{
    plan_config c = ffa_cfg(5, 3, 3, 8);
    plan_config_withdraw(&c, 1);
    plan_config_withdraw(&c, 3);
    plan *p = mk(&c);
    size_t n;
    plan_game *g = ready(p, &n);
    cr_assert_eq(n, 30);
    int forfeits = 0;
    for (size_t i = 0; i < n; i++) {
        plan_result r;
        int out = 0;
        for (int s = 0; s < 3; s++)
            out += g[i].entrant[s] == 1 || g[i].entrant[s] == 3;
        cr_assert_eq(plan_forfeit(p, &g[i], &r), out > 0, "%s", g[i].id);
        if (!out)
            continue;
        forfeits++;
        cr_expect_eq(r.how, PLAN_HOW_FORFEIT);
        cr_expect(r.entered);
        for (int s = 0; s < 3; s++) {
            bool w = g[i].entrant[s] == 1 || g[i].entrant[s] == 3;
            cr_expect_eq(r.place[s], w ? 3 : 1, "%s seat %d", g[i].id, s);
        }
        char err[200];
        cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s", err);
    }
    /* 10 tables of 3 from 5; without 1 and 3: only {0, 2, 4}. */
    cr_expect_eq(forfeits, 27);
    plan_row w = row_of(p, 1), both = row_of(p, 0);
    cr_expect(w.withdrawn);
    cr_expect_eq(w.forfeits_lost, 18);
    cr_expect_eq(w.points, 0);
    /* Entrant 0 is at 6 tables; at the 5 with 1 or 3 it is first by
     * forfeit in each of 3 games (2 points); {0, 2, 4} is still to play. */
    cr_expect_eq(both.forfeits_won, 15);
    cr_expect_eq(both.points, 2 * 15);
    free(g);
    plan_free(p);
}

/* ---- refusals -------------------------------------------------------------- */

Test(plan_ffa, bad_configurations_are_refused_with_why)
{
    plan_config c = ffa_cfg(5, 5, 0, 1);
    cr_expect(strstr(refusal(&c), "2 to 4 seats, not 5"), "%s", refusal(&c));
    c = ffa_cfg(3, 4, 0, 1);
    cr_expect(strstr(refusal(&c), "needs at least 4 entrants, not 3"), "%s",
              refusal(&c));
    c = ffa_cfg(5, 3, 51, 1);
    cr_expect(strstr(refusal(&c), "games_per_table must be 1..50, not 51"),
              "%s", refusal(&c));
    c = ffa_cfg(5, 3, 0, 1);
    c.nplace_points = 4;
    cr_expect(strstr(refusal(&c), "place_points must give 3 numbers"), "%s",
              refusal(&c));
    c.nplace_points = 3;
    int up[3] = {2, 3, 0}, neg[3] = {2, 0, -1};
    memcpy(c.place_points, up, sizeof up);
    cr_expect(strstr(refusal(&c), "place 2 scores 3, more than place 1"),
              "%s", refusal(&c));
    memcpy(c.place_points, neg, sizeof neg);
    cr_expect(strstr(refusal(&c), "place 3 scores -1"), "%s", refusal(&c));
    c = ffa_cfg(64, 4, 0, 1);
    cr_expect(strstr(refusal(&c), "64 entrants make 635376 tables of 4, and "
                                  "4 games a table make 2541504 games: more "
                                  "than 100000"),
              "%s", refusal(&c));
    cr_expect_eq(plan_ffa_games(&c), 2541504ULL);
    /* 31 entrants in tables of 4 with 3 games: 94395 games, taken. */
    c = ffa_cfg(31, 4, 3, 1);
    cr_expect_eq(plan_ffa_games(&c), 94395ULL);
    plan *p = mk(&c);
    cr_expect_eq(plan_known(p), 94395);
    plan_free(p);
}

Test(plan_ffa, places_outside_the_seats_are_refused)
{
    plan_config c = ffa_cfg(4, 4, 1, 3);
    plan *p = mk(&c);
    plan_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.id, sizeof r.id, "ffa-t0001-g1");
    int bad[4] = {1, 2, 5, 3};
    memcpy(r.place, bad, sizeof bad);
    char err[300] = "";
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);
    cr_expect(strstr(err, "seat 2 has place 5"), "%s", err);
    r.place[2] = 0;
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), -1);
    r.place[2] = 4;
    cr_expect_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s", err);
    cr_expect(plan_done(p));
    plan_free(p);
}
