/*
 * sprt.h - the sequential probability ratio test on game pairs, as fishtest
 * runs it: after every batch of pairs, decide whether the candidate is
 * elo1 better (H1), elo0 better (H0), or whether to play on.
 *
 * Bounds (Wald):  lower = ln(beta / (1 - alpha)),  upper = ln((1 - beta) / alpha);
 * accept H0 when LLR <= lower, H1 when LLR >= upper, else continue
 * (alpha = beta = 0.05 gives -/+2.944).
 *
 * The LLR is the generalised one (GSPRT) of the pentanomial counts, as
 * fishtest computes it (server/fishtest/stats/LLRcalc.py: regularize,
 * MLE_expected, MLE_t_value, LLR_logistic, LLR_normalized; fastchess,
 * sprt.cpp, does the same; the theory is in M. Van den Bergh's notes
 * cited there, support_MLE_multinomial Proposition 1.1 and
 * normalized_elo_practical Section 4.1):
 *
 *  1. Regularise: an empty bucket gets 1e-3 pairs (fishtest's prior), so
 *     that early results, all draws, all wins or all losses still give a
 *     finite LLR.  N = sum of the counts, p_i = n_i / N on the scores
 *     a_i = i/4 (pair points / 2); every p_i > 0.
 *  2. For each hypothesis, the MLE q of the pentanomial distribution under
 *     its constraint.  Lagrange's conditions give q_i = p_i / (1 + x b_i)
 *     where x solves the secular equation  sum p_i b_i / (1 + x b_i) = 0,
 *     whose left side falls strictly from +inf to -inf on
 *     (-1 / max b, -1 / min b): one root, found by Newton kept inside a
 *     bracket (fishtest: Brent), to a few ulps.
 *      - SPRT_LOGISTIC: expected score s = 1 / (1 + 10^(-elo/400)),
 *        b_i = a_i - s.
 *      - SPRT_NORMALIZED: t-value (mu - 1/2) / sigma = t with
 *        t = sqrt(2) nelo / (800 / ln 10) (per pair).  b depends on the
 *        MLE's own mean and deviation:
 *        b_i = a_i - 1/2 - t sigma (1 + ((mu - a_i) / sigma)^2) / 2 with
 *        mu = 1/2 + t sigma.  fishtest iterates q -> p_i / (1 + x b_i)
 *        from the uniform distribution; here, instead, sigma is scanned
 *        over (0, 1 / (2 sqrt(1 + t^2))] (the largest deviation the
 *        t-value allows) and the Lagrange conditions hold exactly where
 *        the tilted q has variance sigma^2 about mu; each sign change of
 *        that gap is refined by regula falsi, and the MLE is the
 *        stationary point of highest likelihood.  That always ends, finds
 *        the global maximum when the likelihood on the constraint has
 *        several (far bounds, nearly all draws), and needs no tolerance
 *        on q that double precision cannot reach (the fixed point's
 *        1e-12 failed on empty buckets).  t = 0 is the logistic case
 *        s = 1/2.
 *     The bucket nearest its pole (an empty one the MLE gives weight) is
 *     taken as 1 minus the others, which keeps its digits.  Past 1e12
 *     pairs an empty bucket's p_i is too small for a double to carry
 *     1 + x b_i; if an MLE then fails, the p_i are raised to 1e-14 and it
 *     is sought again (the LLR, of the order of N, moves by about 1e-9 of
 *     itself).
 *  3. LLR = N sum p_i (ln q1_i - ln q0_i), natural logarithms.
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
    double llr;          /* generalised log-likelihood ratio, H1 over H0 (ln) */
    double lower, upper; /* the bounds */
    sprt_verdict verdict;
} sprt_state;

#define SPRT_ELO_LIMIT 1000.0

/* NULL when p is valid, else what is wrong with it. */
const char *sprt_check(const sprt_params *p);

/* The LLR of the pair counts n under p (finite).  0, or -1 with *err set
 * (when err is not NULL): invalid parameters or negative counts (the MLE
 * itself is found for every count vector; a failure there would be -1
 * too, never a made-up value). */
int sprt_llr(const sprt_params *p, const long n[PENTA_BUCKETS], double *llr,
             const char **err);

/* The LLR, the bounds and the verdict; 0 or -1 as sprt_llr.  Invalid
 * parameters leave out unchanged; with valid ones the bounds are always
 * set, and a failed LLR is NaN with SPRT_CONTINUE, never a plausible 0. */
int sprt_evaluate(const sprt_params *p, const long n[PENTA_BUCKETS],
                  sprt_state *out, const char **err);

#endif
