/*
 * test_stats_pentanomial.c - match statistics from game pairs and games
 * (stats/pentanomial.h).
 *
 * Expected figures come from tests/unit/stats_reference.py, an independent
 * implementation of the published formulas in 40-digit decimals (rerun it
 * with `python3 tests/unit/stats_reference.py` and compare its labelled
 * output), or from published fastchess output, cited at each test; a few
 * are worked by hand, as said there.
 */
#include "stats/pentanomial.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#define NEAR(got, want, tol) cr_expect_float_eq(got, want, tol, "%s = %.12g, want %.12g", #got, (double)(got), (double)(want))

static penta_report pairs(long ll, long ld, long mid, long wd, long ww)
{
    long n[PENTA_BUCKETS] = {ll, ld, mid, wd, ww};
    penta_report r;
    const char *err = NULL;
    penta_status st = penta_from_pairs(n, NULL, &r, &err);
    cr_assert_eq(st, PENTA_OK, "status %d: %s", st, err ? err : "");
    return r;
}

static void expect_finite(const penta_report *r)
{
    const double v[] = {r->score,        r->variance,      r->elo.value,
                        r->elo.lo,       r->elo.hi,        r->nelo.value,
                        r->nelo.lo,      r->nelo.hi,       r->los,
                        r->draw_ratio_lo, r->draw_ratio_hi, r->pair_draw_ratio};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        cr_expect(isfinite(v[i]), "field %zu is %g", i, v[i]);
}

/* Reference "symmetric": as many points lost as won. */
Test(stats_pentanomial, symmetric_counts_give_elo_zero)
{
    penta_report r = pairs(10, 20, 40, 20, 10);
    cr_expect_eq(r.pairs, 100);
    cr_expect_eq(r.games, 200);
    NEAR(r.score, 0.5, 1e-15);
    NEAR(r.variance, 0.075, 1e-15);
    NEAR(r.elo.value, 0, 1e-12);
    NEAR(r.elo.lo, -37.4420597354, 1e-8);
    NEAR(r.elo.hi, 37.4420597354, 1e-8);
    cr_expect(r.elo.bounded);
    NEAR(r.nelo.value, 0, 1e-12);
    NEAR(r.nelo.lo, -48.1512306691, 1e-8);
    NEAR(r.nelo.hi, 48.1512306691, 1e-8);
    NEAR(r.los, 0.5, 1e-15);
    /* by hand: 40 middle pairs of 100; draws 40 (LD, WD) to 40 + 80 of 200 */
    NEAR(r.pair_draw_ratio, 0.4, 1e-15);
    NEAR(r.draw_ratio_lo, 0.2, 1e-15);
    NEAR(r.draw_ratio_hi, 0.6, 1e-15);
}

/* Reference "positive". */
Test(stats_pentanomial, positive_case_matches_the_reference)
{
    penta_report r = pairs(5, 20, 40, 25, 10);
    NEAR(r.score, 0.5375, 1e-15);
    NEAR(r.variance, 0.06421875, 1e-15);
    NEAR(r.elo.value, 26.106692605, 1e-8);
    NEAR(r.elo.lo, -8.4570484408, 1e-8);
    NEAR(r.elo.hi, 61.1958021671, 1e-8);
    NEAR(r.nelo.value, 36.3546229082, 1e-8);
    NEAR(r.nelo.lo, -12.0575687724, 1e-8);
    NEAR(r.nelo.hi, 84.7668145888, 1e-8);
    NEAR(r.los, 0.930535467156, 1e-10);
    cr_expect(r.elo.bounded && r.nelo.bounded);
}

/* Reference "empty buckets": nElo uses fishtest's 1e-3 prior for LL and WW,
 * Elo and LOS the raw counts. */
Test(stats_pentanomial, empty_buckets)
{
    penta_report r = pairs(0, 5, 10, 7, 0);
    NEAR(r.score, 0.522727272727, 1e-11);
    NEAR(r.variance, 0.0335743801653, 1e-12);
    NEAR(r.elo.value, 15.8034165135, 1e-8);
    NEAR(r.elo.lo, -37.557174201, 1e-8);
    NEAR(r.elo.hi, 69.9257189151, 1e-8);
    NEAR(r.nelo.value, 30.4604024234, 1e-8);
    NEAR(r.nelo.lo, -73.271214507, 1e-8);
    NEAR(r.nelo.hi, 134.192019354, 1e-7);
    NEAR(r.los, 0.719640700005, 1e-10);
}

/* Published fastchess output in Serendipity PR 55
 * (github.com/xu-shawn/Serendipity/pull/55): "Elo: 2.23 +/- 4.50, nElo:
 * 3.32 +/- 6.71, LOS: 83.40 %, DrawRatio: 42.99 %, Games: 10300, Wins:
 * 3173, Losses: 3107, Draws: 4020, Ptnml(0-2): [283, 1151, 2214, 1221,
 * 281]"; fastchess prints the Elo error as half the interval, and its
 * DrawRatio is the share of middle pairs.  Finer digits: the reference. */
Test(stats_pentanomial, published_serendipity_run)
{
    long n[PENTA_BUCKETS] = {283, 1151, 2214, 1221, 281};
    penta_wdl g = {.wins = 3173, .draws = 4020, .losses = 3107};
    penta_report r;
    cr_assert_eq(penta_from_pairs(n, &g, &r, NULL), PENTA_OK);
    NEAR(r.elo.value, 2.23, 0.005);
    NEAR((r.elo.hi - r.elo.lo) / 2, 4.50, 0.005);
    NEAR(r.nelo.value, 3.32, 0.005);
    NEAR((r.nelo.hi - r.nelo.lo) / 2, 6.71, 0.005);
    NEAR(r.los, 0.8340, 0.00005);
    NEAR(r.pair_draw_ratio, 0.4299, 0.00005);
    NEAR(r.draw_ratio_lo, 4020.0 / 10300, 1e-15);
    NEAR(r.draw_ratio_hi, 4020.0 / 10300, 1e-15);
    NEAR(r.elo.lo, -2.27094552286, 1e-8);
    NEAR(r.elo.hi, 6.72432521663, 1e-8);
    NEAR(r.nelo.lo, -3.38969458282, 1e-8);
    NEAR(r.nelo.hi, 10.0328227588, 1e-8);
}

/* Published fastchess output in Lynx PR 1899
 * (github.com/lynx-chess/Lynx/pull/1899): "Elo: -1.06 +/- 4.05, nElo:
 * -1.67 +/- 6.37, LOS: 30.33 %, DrawRatio: 44.07 %, Ptnml(0-2): [235,
 * 1384, 2521, 1341, 239]". */
Test(stats_pentanomial, published_lynx_run)
{
    penta_report r = pairs(235, 1384, 2521, 1341, 239);
    NEAR(r.elo.value, -1.06, 0.005);
    NEAR((r.elo.hi - r.elo.lo) / 2, 4.05, 0.005);
    NEAR(r.nelo.value, -1.67, 0.005);
    NEAR((r.nelo.hi - r.nelo.lo) / 2, 6.37, 0.005);
    NEAR(r.los, 0.3033, 0.00005);
    NEAR(r.pair_draw_ratio, 0.4407, 0.00005);
}

/* fastchess app/tests/elo_test.cpp, EloPentanomial 1-3 (Stats(LL, LD, WL,
 * DD, WD, WW)): Elo and its error, and the nElo point (fastchess's nElo
 * interval comes from the score interval, not fishtest's t-value one, so
 * only the point is compared). */
Test(stats_pentanomial, fastchess_elo_tests)
{
    static const struct {
        long n[PENTA_BUCKETS];
        double elo, err, nelo;
    } c[] = {
        {{34, 54, 31 + 32, 64, 75}, 55.58, 27.65, 57.94},
        {{332, 433, 457 + 41, 333, 334}, -8.64, 10.33, -9.17},
        {{7895, 8757, 5485 + 200, 568, 9999}, -21.04, 2.95, -19.01},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        penta_report r;
        cr_assert_eq(penta_from_pairs(c[i].n, NULL, &r, NULL), PENTA_OK);
        NEAR(r.elo.value, c[i].elo, 0.005);
        NEAR((r.elo.hi - r.elo.lo) / 2, c[i].err, 0.005);
        NEAR(r.nelo.value, c[i].nelo, 0.005);
    }
}

/* Reference "all draws": no spread, so the Elo interval is the point. */
Test(stats_pentanomial, all_draws)
{
    penta_report r = pairs(0, 0, 50, 0, 0);
    expect_finite(&r);
    NEAR(r.score, 0.5, 0);
    NEAR(r.variance, 0, 0);
    NEAR(r.elo.value, 0, 1e-12);
    NEAR(r.elo.lo, 0, 1e-12);
    NEAR(r.elo.hi, 0, 1e-12);
    cr_expect(r.elo.bounded);
    NEAR(r.los, 0.5, 0);
    NEAR(r.nelo.value, 0, 1e-9); /* 0 up to rounding over a tiny sigma */
    NEAR(r.nelo.lo, -68.0933997757, 1e-8);
    NEAR(r.nelo.hi, 68.0933997757, 1e-8);
    cr_expect(r.nelo.bounded, "all draws: nElo is 0, not unbounded");
    NEAR(r.draw_ratio_lo, 0, 0);
    NEAR(r.draw_ratio_hi, 1, 0);
}

/* All won: Elo is +infinity, reported as the clamp and flagged. */
Test(stats_pentanomial, all_wins_are_clamped_and_flagged)
{
    penta_report r = pairs(0, 0, 0, 0, 20);
    expect_finite(&r);
    NEAR(r.score, 1, 0);
    cr_expect_eq(r.elo.value, PENTA_ELO_MAX);
    cr_expect_eq(r.elo.lo, PENTA_ELO_MAX);
    cr_expect_eq(r.elo.hi, PENTA_ELO_MAX);
    cr_expect_not(r.elo.bounded);
    cr_expect_not(r.nelo.bounded);
    NEAR(r.los, 1, 0);
    /* the sentinel is fishtest's: the Elo of a 0.999 score */
    NEAR(PENTA_ELO_MAX, 1199.82619529, 1e-8);
}

Test(stats_pentanomial, all_losses_are_clamped_and_flagged)
{
    penta_report r = pairs(7, 0, 0, 0, 0);
    expect_finite(&r);
    cr_expect_eq(r.elo.value, -PENTA_ELO_MAX);
    cr_expect_eq(r.elo.hi, -PENTA_ELO_MAX);
    cr_expect_not(r.elo.bounded);
    cr_expect_not(r.nelo.bounded);
    NEAR(r.los, 0, 0);
    cr_expect(r.nelo.value < 0);
}

/* Reference "all LD": a certain score of 1/4 is a finite Elo
 * (-400 log10 3) with no spread, so nElo alone is unbounded. */
Test(stats_pentanomial, one_bucket_other_than_the_middle)
{
    penta_report r = pairs(0, 8, 0, 0, 0);
    expect_finite(&r);
    NEAR(r.elo.value, -190.848501888, 1e-8);
    NEAR(r.elo.lo, -190.848501888, 1e-8);
    NEAR(r.elo.hi, -190.848501888, 1e-8);
    cr_expect(r.elo.bounded);
    cr_expect_not(r.nelo.bounded);
    NEAR(r.los, 0, 0);
    NEAR(r.draw_ratio_lo, 0.5, 1e-15); /* every pair has one draw */
    NEAR(r.draw_ratio_hi, 0.5, 1e-15);
}

/* By hand: score 7/8, Elo 400 log10 7 = 338.0392; the upper end of its
 * interval, 0.875 + 1.96 sqrt(0.046875 / 4) > 1, is clamped, the estimate
 * is not. */
Test(stats_pentanomial, an_interval_end_past_one_is_clamped)
{
    penta_report r = pairs(0, 0, 1, 0, 3);
    NEAR(r.elo.value, 338.039215686, 1e-6);
    cr_expect_eq(r.elo.hi, PENTA_ELO_MAX);
    cr_expect(r.elo.lo < r.elo.value);
    cr_expect_not(r.elo.bounded);
}

Test(stats_pentanomial, no_pairs_is_empty_not_nan)
{
    long n[PENTA_BUCKETS] = {0};
    penta_report r;
    cr_assert_eq(penta_from_pairs(n, NULL, &r, NULL), PENTA_EMPTY);
    expect_finite(&r);
    cr_expect_eq(r.pairs, 0);
    NEAR(r.score, 0.5, 0);
    NEAR(r.los, 0.5, 0);
    cr_expect_eq(r.elo.lo, -PENTA_ELO_MAX);
    cr_expect_eq(r.elo.hi, PENTA_ELO_MAX);
    cr_expect_not(r.elo.bounded);
    cr_expect_not(r.nelo.bounded);
}

/* By hand: 15 of the 40 middle pairs WL gives W 60, D 95, L 45. */
Test(stats_pentanomial, per_game_counts_give_the_exact_draw_ratio)
{
    long n[PENTA_BUCKETS] = {5, 20, 40, 25, 10};
    penta_wdl g = {.wins = 60, .draws = 95, .losses = 45};
    penta_report r;
    cr_assert_eq(penta_from_pairs(n, &g, &r, NULL), PENTA_OK);
    NEAR(r.draw_ratio_lo, 0.475, 1e-15);
    NEAR(r.draw_ratio_hi, 0.475, 1e-15);
    NEAR(r.elo.value, 26.106692605, 1e-8); /* the rest is unchanged */
}

Test(stats_pentanomial, per_game_counts_that_do_not_fit_are_refused)
{
    long n[PENTA_BUCKETS] = {5, 20, 40, 25, 10};
    static const penta_wdl bad[] = {
        {.wins = 61, .draws = 95, .losses = 44}, /* right total, wrong split */
        {.wins = 60, .draws = 96, .losses = 45}, /* 201 games for 100 pairs */
        {.wins = 44, .draws = 111, .losses = 45},/* fewer wins than WD + 2 WW */
        {.wins = 86, .draws = 43, .losses = 71}, /* 41 WL pairs of 40 middle */
        {.wins = -1, .draws = 95, .losses = 45},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        penta_report r, before;
        memset(&r, 0x5a, sizeof r);
        before = r;
        const char *err = NULL;
        cr_expect_eq(penta_from_pairs(n, &bad[i], &r, &err), PENTA_EINVAL,
                     "case %zu", i);
        cr_expect(err && *err, "case %zu has a message", i);
        cr_expect(memcmp(&r, &before, sizeof r) == 0, "case %zu: out unchanged", i);
    }
}

Test(stats_pentanomial, negative_and_huge_counts_are_refused)
{
    long neg[PENTA_BUCKETS] = {1, 2, -3, 4, 5};
    long huge[PENTA_BUCKETS] = {1, 2, 3, 4, LONG_MAX};
    penta_report r;
    const char *err = NULL;
    cr_expect_eq(penta_from_pairs(neg, NULL, &r, &err), PENTA_EINVAL);
    cr_expect_str_eq(err, "negative count");
    cr_expect_eq(penta_from_pairs(huge, NULL, &r, &err), PENTA_EINVAL);
    cr_expect_str_eq(err, "count too large");
}

/* Reference "games" (losses 30, draws 40, wins 50): the trinomial report,
 * nElo without the pair factor sqrt(2). */
Test(stats_pentanomial, trinomial_report)
{
    penta_wdl g = {.wins = 50, .draws = 40, .losses = 30};
    penta_report r;
    cr_assert_eq(penta_from_games(&g, &r, NULL), PENTA_OK);
    cr_expect_eq(r.pairs, 0);
    cr_expect_eq(r.games, 120);
    NEAR(r.score, 0.583333333333, 1e-11);
    NEAR(r.variance, 0.159722222222, 1e-11);
    NEAR(r.elo.value, 58.4512142713, 1e-8);
    NEAR(r.elo.lo, 8.22027473719, 1e-8);
    NEAR(r.elo.hi, 111.245086721, 1e-8);
    NEAR(r.nelo.value, 72.4453275378, 1e-8);
    NEAR(r.nelo.lo, 8.11058787028, 1e-8);
    NEAR(r.nelo.hi, 136.780067205, 1e-8);
    NEAR(r.los, 0.988818963573, 1e-10);
    NEAR(r.draw_ratio_lo, 40.0 / 120, 1e-15);
    NEAR(r.draw_ratio_hi, 40.0 / 120, 1e-15);
}

/* Reference "Serendipity PR 55 games": the same run as one trinomial;
 * the same Elo, a wider interval (the trinomial model ignores the pairing). */
Test(stats_pentanomial, trinomial_of_a_paired_run_is_wider)
{
    penta_wdl g = {.wins = 3173, .draws = 4020, .losses = 3107};
    penta_report r;
    cr_assert_eq(penta_from_games(&g, &r, NULL), PENTA_OK);
    NEAR(r.elo.value, 2.22631674697, 1e-8);
    NEAR(r.elo.lo, -3.01281293403, 1e-8);
    NEAR(r.elo.hi, 7.46645916705, 1e-8);
    NEAR(r.nelo.value, 2.85124425619, 1e-8);
    NEAR(r.los, 0.797541795871, 1e-10);
}

Test(stats_pentanomial, trinomial_edges)
{
    penta_wdl won = {.wins = 12}, none = {0}, bad = {.draws = -2};
    penta_report r;
    cr_assert_eq(penta_from_games(&won, &r, NULL), PENTA_OK);
    expect_finite(&r);
    cr_expect_eq(r.elo.value, PENTA_ELO_MAX);
    cr_expect_not(r.elo.bounded);
    cr_expect_eq(penta_from_games(&none, &r, NULL), PENTA_EMPTY);
    expect_finite(&r);
    cr_expect_eq(penta_from_games(&bad, &r, NULL), PENTA_EINVAL);
}

/* By hand: a 3:1 score is 400 log10 3 = 190.8485 Elo; Phi(1.96) = 0.975. */
Test(stats_pentanomial, helpers)
{
    bool clamped = true;
    NEAR(penta_elo_of_score(0.75, &clamped), 190.848501888, 1e-8);
    cr_expect_not(clamped);
    NEAR(penta_score_of_elo(190.848501888), 0.75, 1e-11);
    NEAR(penta_elo_of_score(0.0, &clamped), -PENTA_ELO_MAX, 0);
    cr_expect(clamped);
    NEAR(penta_phi(0), 0.5, 1e-15);
    NEAR(penta_phi(PENTA_Z95), 0.975, 1e-12);
}
