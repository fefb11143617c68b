/* sprt_tally.c - a strength test's games gathered into pairs (see
 * sprt_tally.h). */
#include "strength/sprt_tally.h"

#include <stdlib.h>

struct sprt_tally {
    long max_pairs;
    long next;            /* the next pair to hand out in order */
    signed char *half2;   /* per game: the candidate's score x2, -1 unknown */
};

sprt_tally *sprt_tally_new(long max_pairs)
{
    sprt_tally *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->max_pairs = max_pairs;
    t->half2 = malloc((size_t)max_pairs * 2);
    if (!t->half2) {
        free(t);
        return NULL;
    }
    for (long g = 0; g < max_pairs * 2; g++)
        t->half2[g] = -1;
    return t;
}

void sprt_tally_free(sprt_tally *t)
{
    if (!t)
        return;
    free(t->half2);
    free(t);
}

void sprt_tally_game(sprt_tally *t, long g, int half2)
{
    if (g >= 0 && g < t->max_pairs * 2 && half2 >= 0 && half2 <= 2)
        t->half2[g] = (signed char)half2;
}

bool sprt_tally_known(const sprt_tally *t, long g)
{
    return g >= 0 && g < t->max_pairs * 2 && t->half2[g] >= 0;
}

bool sprt_tally_next(sprt_tally *t, int *bucket)
{
    if (t->next >= t->max_pairs)
        return false;
    int a = t->half2[2 * t->next], b = t->half2[2 * t->next + 1];
    if (a < 0 || b < 0)
        return false;
    *bucket = a + b;
    t->next++;
    return true;
}

long sprt_tally_in_order(const sprt_tally *t)
{
    return t->next;
}

/* The first `pairs` pairs, at most all of them. */
static long sprt_tally_span(const sprt_tally *t, long pairs)
{
    return pairs < 0 || pairs > t->max_pairs ? t->max_pairs : pairs;
}

void sprt_tally_all(const sprt_tally *t, long pairs, long counts[5])
{
    for (int k = 0; k < 5; k++)
        counts[k] = 0;
    for (long p = 0; p < sprt_tally_span(t, pairs); p++) {
        int a = t->half2[2 * p], b = t->half2[2 * p + 1];
        if (a >= 0 && b >= 0)
            counts[a + b]++;
    }
}

void sprt_tally_wdl(const sprt_tally *t, long pairs, long *w, long *d,
                    long *l)
{
    *w = *d = *l = 0;
    for (long g = 0; g < sprt_tally_span(t, pairs) * 2; g++) {
        if (t->half2[g ^ 1] < 0)
            continue; /* its pair is not complete: not in the counts */
        if (t->half2[g] == 2)
            (*w)++;
        else if (t->half2[g] == 1)
            (*d)++;
        else if (t->half2[g] == 0)
            (*l)++;
    }
}

long sprt_tally_beyond(const sprt_tally *t, long pairs)
{
    long n = 0;
    for (long p = sprt_tally_span(t, pairs); p < t->max_pairs; p++)
        n += t->half2[2 * p] >= 0 && t->half2[2 * p + 1] >= 0;
    return n;
}

long sprt_tally_max_pairs(const sprt_tally *t)
{
    return t->max_pairs;
}
