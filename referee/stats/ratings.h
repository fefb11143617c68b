/*
 * ratings.h - league ratings: the maximum-likelihood Elo of every player
 * of a league from its results, with 95% intervals, as Ordo computes them
 * by default.
 *
 * Model (Bradley-Terry, logistic): player i scores against j with
 * probability p_ij = 1 / (1 + 10^((r_j - r_i) / 400)); a draw counts as half
 * a win and half a loss.  With W_ij the points i scored against j and
 * n_ij = W_ij + W_ji the games between them, the log-likelihood is
 *     LL(r) = sum_{i != j} W_ij ln p_ij.
 * It depends only on rating differences, so one constraint (the anchor)
 * fixes the scale: the mean of the rated players (default 0), or one
 * player's rating.  With c = ln 10 / 400,
 *     dLL/dr_i   = c sum_j (W_ij - n_ij p_ij)
 *     F_ii = c^2 sum_j n_ij p_ij p_ji,  F_ij = -c^2 n_ij p_ij p_ji
 * (F = minus the Hessian, the observed Fisher information, which for this
 * model equals the expected one).  The fit is Newton's method on the
 * ratings relative to one player, F d = grad, each step halved until LL
 * does not fall, stopped when no rating moves more than the tolerance
 * (default 1e-7 Elo) or after the iteration cap (default 100; an error).
 *
 * Intervals: the covariance of the ratings relative to a reference player
 * is the inverse of F without that player's row and column (the
 * reference's row and column are 0); under the anchor it becomes
 *     one player k:  C'_ij = C_ij - C_ik - C_kj + C_kk
 *     the mean:      C'_ij = C_ij - mean_i - mean_j + mean   (A C A^T with
 *                    A = I - 11^T / m, m rated players),
 * and a rating's 95% interval is r_i -/+ 1.959964 sqrt(C'_ii).  The
 * difference of two players is anchor-free: var = C_ii + C_jj - 2 C_ij
 * (ratings_diff).  Two players, 75% in n games: difference
 * 400 log10 3 = 190.85 Elo, -/+ 1.96 / (c sqrt(n 0.75 0.25)).
 *
 * Unbounded ratings.  The MLE is finite exactly when, for every split of
 * the players into two groups, each group scored some points against the
 * other (Zermelo; Hunter 2004, "MM algorithms for generalized
 * Bradley-Terry models"), that is, when the graph "i scored against j" is
 * strongly connected.  Otherwise the largest strongly connected group
 * (the lowest-numbered on a tie) is rated, alone, and every other player
 * says why not:
 *     RATINGS_ABOVE  never lost a point to the rated group, directly or
 *                    through others (won every game, say): rating +inf;
 *     RATINGS_BELOW  never took a point from it: -inf;
 *     RATINGS_APART  played nobody, or is not connected to it at all.
 * Games with unrated players leave the fit (their likelihood is 1 in the
 * limit).  The return is then RATINGS_PARTIAL; when no two players can be
 * rated, an error.
 *
 * No allocation: the caller passes work, ratings_work_size(players) bytes
 * aligned for a double (as malloc gives); after a fit it holds the
 * covariance that ratings_diff reads.
 */
#ifndef STATS_RATINGS_H
#define STATS_RATINGS_H

#include <stddef.h>

#define RATINGS_MAX_PLAYERS 1024
#define RATINGS_Z95 1.959963984540054

/* Results between players a and b (0 <= a, b < players, a != b), from a's
 * side; one game is one of the three counts set to 1. */
typedef struct {
    int a, b;
    long wins, draws, losses;
} ratings_game;

typedef enum {
    RATINGS_RATED,
    RATINGS_ABOVE,
    RATINGS_BELOW,
    RATINGS_APART
} ratings_status;

typedef struct {
    double rating; /* Elo under the anchor; 0 unless rated */
    double error;  /* half-width of the 95% interval; 0 unless rated, and
                      0 for an anchored player */
    double points; /* wins + draws / 2, over all its games */
    long games;
    ratings_status status;
} ratings_player;

typedef struct {
    int anchor;           /* -1: the rated players' mean is anchor_rating;
                             else this player's rating is */
    double anchor_rating;
    int max_iterations;   /* 0: 100 */
    double tolerance;     /* Elo; 0: 1e-7 */
} ratings_options;

enum { RATINGS_ALL = 0, RATINGS_PARTIAL = 1 };

/* Bytes of work for this many players (0 when out of range). */
size_t ratings_work_size(int players);

/* Fit the ratings of players 0..players-1 from ngames entries of games;
 * opt NULL means mean 0.  Returns RATINGS_ALL, RATINGS_PARTIAL (some
 * players unbounded, see their status), or -1 with *err set (when err is
 * not NULL): bad input, an anchor that cannot be rated, nobody to rate,
 * or no convergence.  out[players] is filled unless -1. */
int ratings_fit(int players, const ratings_game *games, size_t ngames,
                const ratings_options *opt, ratings_player *out, void *work,
                const char **err);

/* After ratings_fit with the same players, out and work: r_i - r_j in
 * *diff and the half-width of its 95% interval in *error.  0, or -1 when
 * i or j is out of range or not rated. */
int ratings_diff(int players, const ratings_player *out, const void *work,
                 int i, int j, double *diff, double *error);

#endif
