/*
 * sprt.h - the sequential probability ratio test on game pairs, as fishtest
 * runs it: after every batch of pairs, decide whether the candidate is
 * elo1 better (H1), elo0 better (H0), or whether to play on.
 *
 * Bounds (Wald):  lower = ln(beta / (1 - alpha)),  upper = ln((1 - beta) / alpha);
 * accept H0 when LLR <= lower, H1 when LLR >= upper, else continue
 * (alpha = beta = 0.05 gives -/+2.944).
 *
 * The LLR is the generalised one (GSPRT) of the pentanomial counts
 * (fishtest, server/fishtest/stats/LLRcalc.py; fastchess, sprt.cpp; the
 * theory is in M. Van den Bergh's notes cited there, support_MLE_multinomial
 * Proposition 1.1 and normalized_elo_practical Section 4.1):
 *
 *  1. Regularise: an empty bucket gets 1e-3 pairs, so that early results,
 *     all draws or all wins still give a finite LLR.  N = sum of the
 *     counts, p_i = n_i / N on the pair scores a_i = i/4.
 *  2. For each hypothesis, the MLE q of the pentanomial distribution under
 *     its constraint.  Lagrange's conditions give q_i = p_i / (1 + x b_i)
 *     where x solves the secular equation  sum p_i b_i / (1 + x b_i) = 0,
 *     whose left side falls strictly from +inf to -inf on
 *     (-1 / max b, -1 / min b): one root, found by bisection.
 *      - SPRT_LOGISTIC: expected score s = 1 / (1 + 10^(-elo/400)),
 *        b_i = a_i - s.
 *      - SPRT_NORMALIZED: t-value (mu - 1/2) / sigma = t with
 *        t = sqrt(2) nelo / (800 / ln 10) (per pair); q is the fixed point
 *        of q -> p_i / (1 + x b_i) with, from the current q's mu and sigma,
 *        b_i = a_i - 1/2 - t sigma (1 + ((mu - a_i) / sigma)^2) / 2,
 *        started from the uniform distribution.
 *  3. LLR = N sum p_i (ln q1_i - ln q0_i).
 *
 * Parameters: elo0 < elo1, both within -/+1000 (logistic Elo, or nElo for
 * SPRT_NORMALIZED); 0 < alpha, beta < 0.5.  Errors come back as a status
 * and a static message.
 */
#ifndef STATS_SPRT_H
#define STATS_SPRT_H

#include "stats/pentanomial.h"

typedef enum { SPRT_LOGISTIC, SPRT_NORMALIZED } sprt_model;

typedef enum { SPRT_CONTINUE, SPRT_ACCEPT_H0, SPRT_ACCEPT_H1 } sprt_verdict;

typedef struct {
    double elo0, elo1;  /* H0 and H1, in the model's Elo */
    double alpha, beta; /* false positive and false negative rates */
    sprt_model model;
} sprt_params;

typedef struct {
    double llr;          /* generalised log-likelihood ratio, H1 over H0 */
    double lower, upper; /* the bounds */
    sprt_verdict verdict;
} sprt_state;

#define SPRT_ELO_LIMIT 1000.0

/* NULL when p is valid, else what is wrong with it. */
const char *sprt_check(const sprt_params *p);

/* The LLR of the pair counts n under p.  0, or -1 with *err set (when err
 * is not NULL): invalid parameters or counts, or (normalized model) bounds
 * so far from the results that the MLE does not exist. */
int sprt_llr(const sprt_params *p, const long n[PENTA_BUCKETS], double *llr,
             const char **err);

/* The LLR, the bounds and the verdict; 0 or -1 as sprt_llr (out is then
 * unchanged). */
int sprt_evaluate(const sprt_params *p, const long n[PENTA_BUCKETS],
                  sprt_state *out, const char **err);

#endif
