/*
 * test_ratings.c - maximum-likelihood league ratings (stats/ratings.h).
 *
 * Expected ratings and errors come from tests/unit/stats_reference.py,
 * which fits them with Hunter's MM algorithm and inverts the Fisher
 * information by Gauss-Jordan, in 40-digit decimals (the module uses
 * Newton and Cholesky); rerun it with `python3
 * tests/unit/stats_reference.py`.  The two-player case is also worked by
 * hand.
 */
#include "stats/ratings.h"
#include "util/rng.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#define NEAR(got, want, tol) cr_expect_float_eq(got, want, tol, "%s = %.12g, want %.12g", #got, (double)(got), (double)(want))

#define MAXP 64

typedef struct {
    ratings_player out[MAXP];
    void *work;
    int players;
    const char *err;
} league;

/* Fit, with the work area freed by the fixture's end. */
static int fit(league *l, int players, const ratings_game *g, size_t n,
               const ratings_options *opt)
{
    l->players = players;
    free(l->work);
    l->work = malloc(ratings_work_size(players));
    cr_assert(l->work);
    l->err = NULL;
    return ratings_fit(players, g, n, opt, l->out, l->work, &l->err);
}

static league L;
static void done(void)
{
    free(L.work);
    L.work = NULL;
}

TestSuite(stats_ratings, .fini = done);

static void expect_rating(int player, double rating, double error)
{
    cr_expect_eq(L.out[player].status, RATINGS_RATED, "player %d", player);
    NEAR(L.out[player].rating, rating, 1e-7);
    NEAR(L.out[player].error, error, 1e-7);
}

/* By hand: 75 points of 100 is a 3:1 odds, 400 log10 3 = 190.85 Elo; the
 * difference's variance is 1 / (c^2 n p (1 - p)), c = ln 10 / 400, so its
 * 95% half-width is 1.96 / (c sqrt(100 * 0.75 * 0.25)) = 78.63, and each
 * rating, at -/+ half the difference from the mean, has half of it. */
Test(stats_ratings, two_players_at_75_percent)
{
    ratings_game g[] = {{0, 1, .wins = 60, .draws = 30, .losses = 10}};
    cr_assert_eq(fit(&L, 2, g, 1, NULL), RATINGS_ALL, "%s", L.err);
    double c = log(10) / 400;
    double diff_err = RATINGS_Z95 / (c * sqrt(100 * 0.75 * 0.25));
    expect_rating(0, 400 * log10(3) / 2, diff_err / 2);
    expect_rating(1, -400 * log10(3) / 2, diff_err / 2);
    NEAR(L.out[0].rating, 95.4242509439, 1e-7); /* reference */
    NEAR(L.out[0].error, 39.3153152088, 1e-7);
    NEAR(L.out[0].points, 75, 0);
    cr_expect_eq(L.out[1].games, 100);
    double d, e;
    cr_assert_eq(ratings_diff(2, L.out, L.work, 0, 1, &d, &e), 0);
    NEAR(d, 190.848501888, 1e-7);
    NEAR(e, 78.6306304176, 1e-7);
    NEAR(e, diff_err, 1e-9);
}

static const ratings_game three[] = {
    {0, 1, .wins = 6, .draws = 3, .losses = 1},
    {1, 2, .wins = 5, .draws = 4, .losses = 3},
    {2, 0, .wins = 3, .draws = 3, .losses = 2},
};

/* Reference "three players, mean 0". */
Test(stats_ratings, three_players_mean_zero)
{
    cr_assert_eq(fit(&L, 3, three, 3, NULL), RATINGS_ALL, "%s", L.err);
    expect_rating(0, 51.7572183255, 109.923254616);
    expect_rating(1, -34.2087741809, 98.4607911824);
    expect_rating(2, -17.5484441446, 103.222973651);
    double d, e;
    cr_assert_eq(ratings_diff(3, L.out, L.work, 0, 2, &d, &e), 0);
    NEAR(d, 69.3056624701, 1e-7);
    NEAR(e, 189.160463599, 1e-7);
}

/* Reference "three players, player 1 at 1500": the anchor has no error of
 * its own, the others carry the difference's. */
Test(stats_ratings, three_players_one_anchored)
{
    ratings_options o = {.anchor = 1, .anchor_rating = 1500};
    cr_assert_eq(fit(&L, 3, three, 3, &o), RATINGS_ALL, "%s", L.err);
    expect_rating(0, 1585.96599251, 181.38444344);
    expect_rating(1, 1500, 0);
    expect_rating(2, 1516.66033004, 169.162340589);
    double d, e;
    cr_assert_eq(ratings_diff(3, L.out, L.work, 0, 2, &d, &e), 0);
    NEAR(e, 189.160463599, 1e-7); /* differences do not depend on the anchor */
}

/* Reference "four players": every pair twice, entered game by game. */
Test(stats_ratings, four_players_game_by_game)
{
    static const struct {
        int a, b;
        double score;
    } games[] = {{0, 1, 1}, {1, 0, 0.5}, {0, 2, 1}, {2, 0, 0},
                 {0, 3, 1}, {3, 0, 0.5}, {1, 2, 1}, {2, 1, 0},
                 {1, 3, 1}, {3, 1, 1},   {2, 3, 0.5}, {3, 2, 1}};
    ratings_game g[12];
    for (int i = 0; i < 12; i++)
        g[i] = (ratings_game){games[i].a, games[i].b,
                              .wins = games[i].score == 1,
                              .draws = games[i].score == 0.5,
                              .losses = games[i].score == 0};
    cr_assert_eq(fit(&L, 4, g, 12, NULL), RATINGS_ALL, "%s", L.err);
    expect_rating(0, 248.708052201, 305.02360762);
    expect_rating(1, 68.4065632215, 259.37614435);
    expect_rating(2, -329.038731859, 384.747001612);
    expect_rating(3, 11.9241164361, 257.413932649);
    double d, e;
    cr_assert_eq(ratings_diff(4, L.out, L.work, 1, 3, &d, &e), 0);
    NEAR(d, 56.4824467854, 1e-7);
    NEAR(e, 391.011427789, 1e-7);
}

/* A player who lost every game is rated -infinity: flagged, left out, and
 * the others rated as if it had not played (reference: the three). */
Test(stats_ratings, a_player_who_lost_everything_is_below)
{
    ratings_game g[] = {three[0], three[1], three[2],
                        {3, 0, .losses = 2}, {1, 3, .wins = 2}, {3, 2, .losses = 1}};
    cr_assert_eq(fit(&L, 4, g, 6, NULL), RATINGS_PARTIAL, "%s", L.err);
    cr_expect_eq(L.out[3].status, RATINGS_BELOW);
    NEAR(L.out[3].rating, 0, 0);
    NEAR(L.out[3].points, 0, 0);
    cr_expect_eq(L.out[3].games, 5);
    expect_rating(0, 51.7572183255, 109.923254616);
    expect_rating(1, -34.2087741809, 98.4607911824);
    expect_rating(2, -17.5484441446, 103.222973651);
    double d, e;
    cr_expect_eq(ratings_diff(4, L.out, L.work, 0, 3, &d, &e), -1);
}

Test(stats_ratings, winners_of_everything_and_absent_players)
{
    ratings_game g[] = {three[0], three[1], three[2],
                        {3, 0, .wins = 2}, {3, 1, .wins = 1}};
    cr_assert_eq(fit(&L, 5, g, 5, NULL), RATINGS_PARTIAL, "%s", L.err);
    cr_expect_eq(L.out[3].status, RATINGS_ABOVE);
    cr_expect_eq(L.out[4].status, RATINGS_APART);
    cr_expect_eq(L.out[4].games, 0);
    expect_rating(0, 51.7572183255, 109.923254616);
}

/* The same with the winner numbered first: it reaches everyone, yet the
 * three behind it are still found as the group to rate (reference: the
 * three, renumbered). */
Test(stats_ratings, a_winner_numbered_first_does_not_hide_the_others)
{
    ratings_game g[] = {{0, 1, .wins = 1}, {0, 3, .wins = 2, .losses = 0},
                        {1, 2, 6, 3, 1}, {2, 3, 5, 4, 3}, {3, 1, 3, 3, 2}};
    cr_assert_eq(fit(&L, 4, g, 5, NULL), RATINGS_PARTIAL, "%s", L.err);
    cr_expect_eq(L.out[0].status, RATINGS_ABOVE);
    expect_rating(1, 51.7572183255, 109.923254616);
    expect_rating(2, -34.2087741809, 98.4607911824);
    expect_rating(3, -17.5484441446, 103.222973651);
}

/* A group that never lost a point to another: the larger group (here the
 * lower-numbered of two equal ones) is rated, the other is below it, though
 * none of its players lost every game (reference "two groups"). */
Test(stats_ratings, a_dominated_group_is_below)
{
    ratings_game g[] = {{0, 1, 2, 1, 1}, {2, 3, 1, 2, 1}, {0, 2, .wins = 2},
                        {1, 3, .wins = 2}, {3, 0, .losses = 1}};
    cr_assert_eq(fit(&L, 4, g, 5, NULL), RATINGS_PARTIAL, "%s", L.err);
    expect_rating(0, 44.3697499233, 175.823434727);
    expect_rating(1, -44.3697499233, 175.823434727);
    cr_expect_eq(L.out[2].status, RATINGS_BELOW);
    cr_expect_eq(L.out[3].status, RATINGS_BELOW);
}

Test(stats_ratings, groups_that_never_met_are_apart)
{
    ratings_game g[] = {{2, 3, 1, 1, 1}, {4, 2, 1, 0, 1}, {0, 1, 1, 0, 1}};
    cr_assert_eq(fit(&L, 5, g, 3, NULL), RATINGS_PARTIAL, "%s", L.err);
    for (int i = 2; i <= 4; i++)
        cr_expect_eq(L.out[i].status, RATINGS_RATED, "player %d", i);
    cr_expect_eq(L.out[0].status, RATINGS_APART);
    cr_expect_eq(L.out[1].status, RATINGS_APART);
}

Test(stats_ratings, nothing_to_rate_is_an_error)
{
    ratings_game g[] = {{0, 1, .wins = 3}};
    cr_expect_eq(fit(&L, 2, g, 1, NULL), -1);
    cr_expect_str_eq(L.err, "no two players can be rated against each other");
    cr_expect_eq(fit(&L, 3, NULL, 0, NULL), -1);
}

Test(stats_ratings, an_unbounded_anchor_is_an_error)
{
    ratings_game g[] = {three[0], three[1], three[2], {3, 0, .wins = 1}};
    ratings_options o = {.anchor = 3, .anchor_rating = 2000};
    cr_expect_eq(fit(&L, 4, g, 4, &o), -1);
    cr_expect_str_eq(L.err, "the anchor player's rating is unbounded");
}

Test(stats_ratings, bad_input_is_refused)
{
    static const struct {
        ratings_game g;
        const char *msg;
    } bad[] = {
        {{0, 0, .wins = 1}, "a player cannot play itself"},
        {{0, 3, .wins = 1}, "player number out of range"},
        {{-1, 1, .wins = 1}, "player number out of range"},
        {{0, 1, .draws = -1}, "negative count"},
        {{0, 1, .losses = 2000000000000L}, "count too large"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(fit(&L, 3, &bad[i].g, 1, NULL), -1, "case %zu", i);
        cr_expect_str_eq(L.err, bad[i].msg, "case %zu", i);
    }
    ratings_options o = {.anchor = 5};
    cr_expect_eq(fit(&L, 3, three, 3, &o), -1);
    cr_expect_str_eq(L.err, "anchor player out of range");
    cr_expect_eq(ratings_work_size(0), 0);
    cr_expect_eq(ratings_work_size(RATINGS_MAX_PLAYERS + 1), 0);
    cr_expect_eq(ratings_fit(0, three, 3, NULL, L.out, &o, &L.err), -1);
}

/* The cap is enforced: one Newton step from 0 is not the answer here. */
Test(stats_ratings, the_iteration_cap_is_an_error)
{
    ratings_options o = {.anchor = -1, .max_iterations = 1};
    cr_expect_eq(fit(&L, 3, three, 3, &o), -1);
    cr_expect_str_eq(L.err, "ratings did not converge within the iteration cap");
}

/* A 60-player league with hidden strengths: at the MLE every player's
 * expected points equal its actual points (the likelihood's gradient is
 * 0), and the ratings average 0. */
Test(stats_ratings, large_league_meets_the_likelihood_equations)
{
    enum { P = 60, PER_PAIR = 3 };
    static ratings_game g[P * (P - 1) / 2];
    double strength[P];
    rng r;
    rng_seed(&r, 20240611);
    for (int i = 0; i < P; i++)
        strength[i] = (double)rng_below(&r, 800) - 400;
    size_t n = 0;
    for (int a = 0; a < P; a++)
        for (int b = a + 1; b < P; b++) {
            ratings_game x = {a, b, 0, 0, 0};
            double pa = 1 / (1 + pow(10, (strength[b] - strength[a]) / 400));
            for (int k = 0; k < PER_PAIR; k++) {
                double u = rng_below(&r, 1000000) / 1e6;
                if (u < pa * 0.8)
                    x.wins++;
                else if (u < pa * 0.8 + 0.2)
                    x.draws++;
                else
                    x.losses++;
            }
            g[n++] = x;
        }
    int st = fit(&L, P, g, n, NULL);
    cr_assert(st >= 0, "%s", L.err);
    double sum = 0;
    int rated = 0;
    for (int i = 0; i < P; i++) {
        if (L.out[i].status != RATINGS_RATED)
            continue;
        rated++;
        sum += L.out[i].rating;
        double expected = 0;
        for (size_t k = 0; k < n; k++) {
            int a = g[k].a, b = g[k].b, o = a == i ? b : a;
            if ((a != i && b != i) || L.out[o].status != RATINGS_RATED)
                continue;
            double games = (double)(g[k].wins + g[k].draws + g[k].losses);
            expected += games / (1 + pow(10, (L.out[o].rating - L.out[i].rating) / 400));
        }
        double actual = 0;
        for (size_t k = 0; k < n; k++) {
            int a = g[k].a, b = g[k].b, o = a == i ? b : a;
            if ((a != i && b != i) || L.out[o].status != RATINGS_RATED)
                continue;
            double pts = (double)g[k].wins + 0.5 * (double)g[k].draws;
            actual += a == i ? pts : (double)(g[k].wins + g[k].draws + g[k].losses) - pts;
        }
        NEAR(expected, actual, 1e-6);
        cr_expect(L.out[i].error > 0 && isfinite(L.out[i].error));
    }
    cr_expect(rated >= P / 2, "most players are rated (%d)", rated);
    NEAR(sum / rated, 0, 1e-9);
}
