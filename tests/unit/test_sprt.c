/*
 * test_sprt.c - the GSPRT on game pairs (stats/sprt.h).
 *
 * Expected LLRs come from tests/unit/stats_reference.py, which computes
 * the constrained MLEs another way (Newton on the logistic secular
 * equation; the normalized MLE located on the profile likelihood over
 * sigma, then polished) in 40-digit decimals, from its own regularisation
 * of the counts; rerun it with `python3 tests/unit/stats_reference.py`.
 * The reference_table test reads its table of 1,854 LLRs,
 * sprt_reference_table.h (`python3 tests/unit/stats_reference.py
 * --sprt-table > tests/unit/sprt_reference_table.h`).  Published figures,
 * to the digits printed, are cited at each test.
 */
#include "stats/sprt.h"

#include "sprt_reference_table.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define NEAR(got, want, tol) cr_expect_float_eq(got, want, tol, "%s = %.12g, want %.12g", #got, (double)(got), (double)(want))

static sprt_params params(double elo0, double elo1, sprt_model model)
{
    return (sprt_params){.elo0 = elo0, .elo1 = elo1, .alpha = 0.05,
                         .beta = 0.05, .model = model};
}

static double llr_of(const long n[PENTA_BUCKETS], double elo0, double elo1,
                     sprt_model model)
{
    sprt_params p = params(elo0, elo1, model);
    double llr = NAN;
    const char *err = NULL;
    cr_assert_eq(sprt_llr(&p, n, &llr, &err), 0, "%s", err ? err : "");
    cr_assert(isfinite(llr));
    return llr;
}

static sprt_state evaluate(const long n[PENTA_BUCKETS], sprt_params p)
{
    sprt_state s;
    const char *err = NULL;
    cr_assert_eq(sprt_evaluate(&p, n, &s, &err), 0, "%s", err ? err : "");
    return s;
}

/* Reference: ln(0.05 / 0.95) and ln(0.95 / 0.05); with beta 0.1 the
 * (-2.25, 2.89) that OpenBench and fastchess runs print. */
Test(stats_sprt, bounds)
{
    long n[PENTA_BUCKETS] = {1, 2, 3, 2, 1};
    sprt_state s = evaluate(n, params(0, 2, SPRT_LOGISTIC));
    NEAR(s.lower, -2.94443897917, 1e-10);
    NEAR(s.upper, 2.94443897917, 1e-10);
    sprt_params p = params(0, 2, SPRT_LOGISTIC);
    p.beta = 0.1;
    s = evaluate(n, p);
    NEAR(s.lower, -2.25129179861, 1e-10);
    NEAR(s.upper, 2.8903717579, 1e-10);
}

/* Symmetric counts cannot favour +2 over -2; and mirroring the counts and
 * the hypotheses flips the sign: LLR(n; e0, e1) = -LLR(mirror n; -e1, -e0). */
Test(stats_sprt, symmetry)
{
    long sym[PENTA_BUCKETS] = {10, 20, 40, 20, 10};
    NEAR(llr_of(sym, -2, 2, SPRT_LOGISTIC), 0, 1e-12);
    NEAR(llr_of(sym, -2, 2, SPRT_NORMALIZED), 0, 1e-12);
    NEAR(llr_of(sym, 0, 2, SPRT_LOGISTIC), -0.0055225360528, 1e-12);
    NEAR(llr_of(sym, -2, 0, SPRT_LOGISTIC), 0.0055225360528, 1e-12);
    NEAR(llr_of(sym, 0, 2, SPRT_NORMALIZED), -0.00331365886715, 1e-12);
    NEAR(llr_of(sym, -2, 0, SPRT_NORMALIZED), 0.00331365886715, 1e-12);

    long n[PENTA_BUCKETS] = {0, 3, 9, 4, 0}, m[PENTA_BUCKETS] = {0, 4, 9, 3, 0};
    double a = llr_of(n, 0, 5, SPRT_LOGISTIC);
    NEAR(a, 0.0506946562347, 1e-11); /* reference "empty buckets" */
    NEAR(llr_of(m, -5, 0, SPRT_LOGISTIC), -a, 1e-12);
    double b = llr_of(n, 0, 5, SPRT_NORMALIZED);
    NEAR(llr_of(m, -5, 0, SPRT_NORMALIZED), -b, 1e-12);
    cr_expect(b > 0);
}

/* fastchess app/tests/sprt_test.cpp, alpha = beta = 0.05, Stats(LL, LD,
 * WL, DD, WD, WW): "logistic pentanomial 1" -3.07, "2" -4.98, "normalized
 * pentanomial 1" 2.25, "2" 3.01; finer digits from the reference. */
Test(stats_sprt, fastchess_test_figures)
{
    long l1[PENTA_BUCKETS] = {223, 9863, 20279 + 1000, 10037, 246};
    long l2[PENTA_BUCKETS] = {871, 26175, 55003 + 980, 26678, 821};
    long n1[PENTA_BUCKETS] = {365, 16618, 36029 + 200, 16974, 390};
    long n2[PENTA_BUCKETS] = {127, 4883, 10311 + 401, 5150, 104};
    NEAR(llr_of(l1, 0.5, 2.5, SPRT_LOGISTIC), -3.07412643959, 1e-9);
    NEAR(llr_of(l2, 0, 2, SPRT_LOGISTIC), -4.97867286345, 1e-9);
    NEAR(llr_of(n1, 0, 2, SPRT_NORMALIZED), 2.25036770355, 1e-9);
    NEAR(llr_of(n2, -1.75, 0.25, SPRT_NORMALIZED), 3.0101541966, 1e-9);
}

/* Published fastchess output, Serendipity PR 55
 * (github.com/xu-shawn/Serendipity/pull/55): "Ptnml(0-2): [283, 1151,
 * 2214, 1221, 281] LLR: 2.95 (-2.94, 2.94) [-5.00, 3.00]" (normalized):
 * H1 is accepted. */
Test(stats_sprt, a_passing_test_accepts_h1)
{
    long n[PENTA_BUCKETS] = {283, 1151, 2214, 1221, 281};
    sprt_state s = evaluate(n, params(-5, 3, SPRT_NORMALIZED));
    NEAR(s.llr, 2.95, 0.005);
    NEAR(s.llr, 2.94951984962, 1e-9);
    cr_expect_eq(s.verdict, SPRT_ACCEPT_H1);
}

/* fastchess "logistic pentanomial 2" (above), -4.98 < -2.94: H0. */
Test(stats_sprt, a_failing_test_accepts_h0)
{
    long n[PENTA_BUCKETS] = {871, 26175, 55983, 26678, 821};
    sprt_state s = evaluate(n, params(0, 2, SPRT_LOGISTIC));
    cr_expect_eq(s.verdict, SPRT_ACCEPT_H0);
    cr_expect(s.llr < s.lower);
}

/* Published OpenBench output, Reckless PR 290
 * (github.com/codedeliveryservice/Reckless/pull/290), bounds [0, 4],
 * (-2.25, 2.89): STC "LLR -2.26, Penta [60, 1646, 3313, 1603, 50]" failed,
 * LTC "LLR 2.91, Penta [2, 448, 1137, 573, 8]" passed (normalized).  And
 * Lynx PR 1899 (github.com/lynx-chess/Lynx/pull/1899), "LLR: 1.69 (-2.25,
 * 2.89) [-5.00, 0.00], Ptnml(0-2): [235, 1384, 2521, 1341, 239]"
 * (logistic), still running. */
Test(stats_sprt, published_openbench_and_fastchess_runs)
{
    long stc[PENTA_BUCKETS] = {60, 1646, 3313, 1603, 50};
    long ltc[PENTA_BUCKETS] = {2, 448, 1137, 573, 8};
    long lynx[PENTA_BUCKETS] = {235, 1384, 2521, 1341, 239};
    sprt_params p = params(0, 4, SPRT_NORMALIZED);
    p.beta = 0.1;
    sprt_state s = evaluate(stc, p);
    NEAR(s.llr, -2.2637887833, 1e-9);
    cr_expect_eq(s.verdict, SPRT_ACCEPT_H0);
    s = evaluate(ltc, p);
    NEAR(s.llr, 2.90611521001, 1e-9);
    cr_expect_eq(s.verdict, SPRT_ACCEPT_H1);
    p = params(-5, 0, SPRT_LOGISTIC);
    p.beta = 0.1;
    s = evaluate(lynx, p);
    NEAR(s.llr, 1.68567814789, 1e-9);
    cr_expect_eq(s.verdict, SPRT_CONTINUE);
}

/* The regularisation keeps degenerate results finite (reference "all
 * draws", "all wins", "no pairs"). */
Test(stats_sprt, degenerate_results_give_finite_llrs)
{
    long draws[PENTA_BUCKETS] = {0, 0, 100, 0, 0};
    long wins[PENTA_BUCKETS] = {0, 0, 0, 0, 30};
    long none[PENTA_BUCKETS] = {0};
    NEAR(llr_of(draws, 0, 5, SPRT_LOGISTIC), -1.44164790845, 1e-9);
    NEAR(llr_of(draws, 0, 5, SPRT_NORMALIZED), -0.0375398828365, 1e-9);
    NEAR(llr_of(wins, 0, 5, SPRT_LOGISTIC), 0.428656595137, 1e-9);
    NEAR(llr_of(wins, 0, 5, SPRT_NORMALIZED), 0.604320584243, 1e-9);
    NEAR(llr_of(none, 0, 5, SPRT_LOGISTIC), -1.03544835023e-06, 1e-13);
    sprt_state s = evaluate(none, params(0, 5, SPRT_NORMALIZED));
    cr_expect(isfinite(s.llr));
    cr_expect_eq(s.verdict, SPRT_CONTINUE);
}

/* Many won pairs are enough evidence, and the LLR grows with them. */
Test(stats_sprt, llr_grows_with_the_evidence)
{
    double last = -INFINITY;
    for (long k = 1; k <= 4096; k *= 4) {
        long n[PENTA_BUCKETS] = {k, 2 * k, 4 * k, 3 * k, 2 * k};
        double llr = llr_of(n, 0, 5, SPRT_LOGISTIC);
        cr_expect(llr > last, "k %ld: %g after %g", k, llr, last);
        last = llr;
    }
    long n[PENTA_BUCKETS] = {4096, 8192, 16384, 12288, 8192};
    cr_expect_eq(evaluate(n, params(0, 5, SPRT_LOGISTIC)).verdict,
                 SPRT_ACCEPT_H1);
}

Test(stats_sprt, invalid_parameters_are_refused)
{
    static const struct {
        sprt_params p;
        const char *msg;
    } bad[] = {
        {{.elo0 = 2, .elo1 = 2, .alpha = 0.05, .beta = 0.05}, "elo0 must be less than elo1"},
        {{.elo0 = 3, .elo1 = 2, .alpha = 0.05, .beta = 0.05}, "elo0 must be less than elo1"},
        {{.elo0 = 0, .elo1 = 2, .alpha = 0, .beta = 0.05}, "alpha must lie strictly between 0 and 0.5"},
        {{.elo0 = 0, .elo1 = 2, .alpha = 0.5, .beta = 0.05}, "alpha must lie strictly between 0 and 0.5"},
        {{.elo0 = 0, .elo1 = 2, .alpha = 0.05, .beta = 0.6}, "beta must lie strictly between 0 and 0.5"},
        {{.elo0 = 0, .elo1 = 2, .alpha = 0.05, .beta = -1}, "beta must lie strictly between 0 and 0.5"},
        {{.elo0 = NAN, .elo1 = 2, .alpha = 0.05, .beta = 0.05}, "elo0 and elo1 must lie within -1000 and 1000"},
        {{.elo0 = 0, .elo1 = 2000, .alpha = 0.05, .beta = 0.05}, "elo0 and elo1 must lie within -1000 and 1000"},
        {{.elo0 = 0, .elo1 = 2, .alpha = 0.05, .beta = 0.05, .model = 7}, "unknown SPRT model"},
    };
    long n[PENTA_BUCKETS] = {1, 2, 3, 2, 1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *why = sprt_check(&bad[i].p);
        cr_expect(why && strcmp(why, bad[i].msg) == 0, "case %zu: %s", i,
                  why ? why : "(accepted)");
        sprt_state s = {.llr = 42};
        const char *err = NULL;
        cr_expect_eq(sprt_evaluate(&bad[i].p, n, &s, &err), -1);
        cr_expect_eq(err, why);
        cr_expect_eq(s.llr, 42, "out unchanged");
    }
    sprt_params ok = params(0, 2, SPRT_NORMALIZED);
    cr_expect_null(sprt_check(&ok));
}

Test(stats_sprt, negative_counts_are_refused)
{
    long n[PENTA_BUCKETS] = {1, 2, -3, 2, 1};
    sprt_params p = params(0, 2, SPRT_LOGISTIC);
    double llr;
    const char *err = NULL;
    cr_expect_eq(sprt_llr(&p, n, &llr, &err), -1);
    cr_expect_str_eq(err, "negative count");
}

/* The issue's example: a test that ended with pentanomial [0, 0, 1, 5, 7]
 * showed "llr: 0.0000, lower: 0.0000, upper: 0.0000" (the fixed point of
 * the normalized MLE never met its tolerance); reference 0.2235. */
Test(stats_sprt, issue_example_with_empty_buckets)
{
    long n[PENTA_BUCKETS] = {0, 0, 1, 5, 7};
    sprt_state s = evaluate(n, params(0, 5, SPRT_NORMALIZED));
    NEAR(s.llr, 0.2235, 1e-4);
    NEAR(s.llr, 0.223542411344, 1e-10);
    NEAR(s.lower, -2.9444, 1e-4);
    NEAR(s.upper, 2.9444, 1e-4);
    cr_expect_eq(s.verdict, SPRT_CONTINUE);
    NEAR(llr_of(n, 0, 5, SPRT_LOGISTIC), 0.185731119294, 1e-10);
}

/* Every row of the reference table (stats_reference.py table_cases: every
 * empty-bucket pattern, all wins and all losses, one pair, random vectors
 * with typical and far bounds, up to 10^7 pairs, nearly all draws), both
 * models: the LLR to 1e-4 (the C code is within 1e-8 of the 40-digit
 * reference on every row, LLRs up to 4e5), and the bounds. */
Test(stats_sprt, reference_table)
{
    size_t rows = sizeof sprt_reference_table / sizeof sprt_reference_table[0];
    size_t bad = 0;
    cr_assert_gt(rows, 1500);
    for (size_t i = 0; i < rows; i++) {
        const sprt_reference_row *r = &sprt_reference_table[i];
        sprt_params p = params(r->elo0, r->elo1, r->model);
        sprt_state s = {.llr = NAN};
        const char *err = "";
        int rc = sprt_evaluate(&p, r->n, &s, &err);
        bool ok = rc == 0 && fabs(s.llr - r->llr) <= 1e-4 &&
                  fabs(s.upper - 2.94443897917) < 1e-10 &&
                  fabs(s.lower + 2.94443897917) < 1e-10;
        if (!ok && bad++ < 10)
            cr_expect(false, "row %zu [%ld %ld %ld %ld %ld] %s [%g, %g]: rc %d "
                      "(%s), llr %.12g, want %.12g, bounds %g %g", i,
                      r->n[0], r->n[1], r->n[2], r->n[3], r->n[4],
                      r->model == SPRT_LOGISTIC ? "logistic" : "normalized",
                      r->elo0, r->elo1, rc, rc ? err : "", s.llr, r->llr,
                      s.lower, s.upper);
    }
    cr_expect_eq(bad, 0, "%zu of %zu rows off the reference", bad, rows);
}

/* All won (all lost) pairs, k = 1 .. 2000 of them, both models: the LLR
 * is always there, with the bounds, and climbs (falls) with every pair,
 * to H1 (H0) in the end.  The old normalized MLE failed on 38 % of these
 * counts, and showed 0 for the LLR and both bounds. */
Test(stats_sprt, all_won_or_all_lost_llr_is_monotone)
{
    for (int m = 0; m < 2; m++) {
        sprt_model model = m ? SPRT_NORMALIZED : SPRT_LOGISTIC;
        for (int bucket = 0; bucket < PENTA_BUCKETS; bucket += 4) {
            double last = bucket ? -INFINITY : INFINITY;
            sprt_state s = {0};
            for (long k = 1; k <= 2000; k++) {
                long n[PENTA_BUCKETS] = {0};
                n[bucket] = k;
                s = evaluate(n, params(0, 5, model));
                cr_assert(isfinite(s.llr));
                cr_assert_float_eq(s.upper, 2.94443897917, 1e-10);
                cr_assert_float_eq(s.lower, -2.94443897917, 1e-10);
                cr_assert(bucket ? s.llr > last : s.llr < last,
                          "model %d bucket %d, %ld pairs: %.12g after %.12g",
                          m, bucket, k, s.llr, last);
                last = s.llr;
            }
            cr_expect_eq(s.verdict, bucket ? SPRT_ACCEPT_H1 : SPRT_ACCEPT_H0);
        }
    }
}

/* An LLR that cannot be had (here: a negative count) is an error the
 * caller can show: -1, a message, NaN, and the bounds all the same. */
Test(stats_sprt, a_failed_llr_is_nan_with_its_bounds)
{
    long n[PENTA_BUCKETS] = {1, 2, -3, 2, 1};
    sprt_params p = params(0, 5, SPRT_NORMALIZED);
    sprt_state s = {.llr = 42};
    const char *err = NULL;
    cr_expect_eq(sprt_evaluate(&p, n, &s, &err), -1);
    cr_expect_str_eq(err, "negative count");
    cr_expect(isnan(s.llr));
    NEAR(s.lower, -2.94443897917, 1e-10);
    NEAR(s.upper, 2.94443897917, 1e-10);
    cr_expect_eq(s.verdict, SPRT_CONTINUE);
}

/* Counts up to the largest the statistics take (LONG_MAX / 16): past
 * 1e12 pairs an empty bucket's frequency is below what a double resolves
 * in the MLE, and the LLR is taken with frequencies of at least 1e-14
 * (sprt.c, mle_pair).  Still an LLR of the right sign, and the bounds. */
Test(stats_sprt, huge_counts_still_give_an_llr)
{
    long huge = 576460752303423487L; /* LONG_MAX / 16 */
    for (int m = 0; m < 2; m++) {
        sprt_model model = m ? SPRT_NORMALIZED : SPRT_LOGISTIC;
        long won[PENTA_BUCKETS] = {0, 0, 0, 0, huge};
        long lost[PENTA_BUCKETS] = {huge, 0, 0, 0, 0};
        long drawn[PENTA_BUCKETS] = {0, 0, huge, 0, 0};
        long many[PENTA_BUCKETS] = {5, 3, 1, 0, huge / 8};
        cr_expect_eq(evaluate(won, params(0, 5, model)).verdict,
                     SPRT_ACCEPT_H1);
        cr_expect_eq(evaluate(lost, params(0, 5, model)).verdict,
                     SPRT_ACCEPT_H0);
        cr_expect_eq(evaluate(lost, params(-1000, 1000, model)).verdict,
                     SPRT_ACCEPT_H0);
        cr_expect_eq(evaluate(drawn, params(0, 5, model)).verdict,
                     SPRT_ACCEPT_H0);
        cr_expect_eq(evaluate(drawn, params(-5, 0, model)).verdict,
                     SPRT_ACCEPT_H1);
        sprt_state s = evaluate(many, params(-5, 3, model));
        cr_expect_eq(s.verdict, SPRT_ACCEPT_H1);
        NEAR(s.upper, 2.94443897917, 1e-10);
    }
}
