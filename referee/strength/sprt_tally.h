/*
 * sprt_tally.h - the games of a strength test, gathered into pairs.
 *
 * Game 2i and game 2i+1 are pair i: the same opening, the candidate in
 * seat 0 and then in seat 1.  A pair's points for the candidate (0, 0.5,
 * 1, 1.5 or 2) fall into the pentanomial counts LL, LD, DD+WL, WD, WW.
 *
 * Games end in any order when several run at once, and a test resumed
 * from its records finds them in yet another order.  So the sequential
 * test sees the pairs in index order only: pair i is handed to it once
 * pairs 0..i are all complete (sprt_tally_next).  The verdict is then the
 * same however the games were scheduled, interrupted and resumed.
 *
 * Pure bookkeeping: no I/O; one allocation, in sprt_tally_new.
 */
#ifndef SPRT_TALLY_H
#define SPRT_TALLY_H

#include <stdbool.h>

typedef struct sprt_tally sprt_tally;

/* NULL when out of memory. */
sprt_tally *sprt_tally_new(long max_pairs);
void sprt_tally_free(sprt_tally *t);

/* Game g (from 0) ended: the candidate scored half2 / 2 (0, 1 or 2). */
void sprt_tally_game(sprt_tally *t, long g, int half2);
bool sprt_tally_known(const sprt_tally *t, long g);
/* The next pair in index order once it is complete: its points for the
 * candidate times two (0 ... 4, the pentanomial bucket) in *bucket;
 * false when the next pair is not complete yet. */
bool sprt_tally_next(sprt_tally *t, int *bucket);
/* Pairs handed out by sprt_tally_next so far. */
long sprt_tally_in_order(const sprt_tally *t);
/* Every complete pair among the first `pairs`, in order or not:
 * pentanomial counts. */
void sprt_tally_all(const sprt_tally *t, long pairs, long counts[5]);
/* The candidate's games in those pairs: wins, draws, losses. */
void sprt_tally_wdl(const sprt_tally *t, long pairs, long *w, long *d,
                    long *l);
/* Complete pairs past the first `pairs` (those played after a verdict). */
long sprt_tally_beyond(const sprt_tally *t, long pairs);
long sprt_tally_max_pairs(const sprt_tally *t);

#endif
