/*
 * rng.h - a small seeded generator (splitmix64) so that the referee's lots
 * and the bundled bots' choices are reproducible from a recorded seed on
 * every platform.  Not for cryptography.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} rng;

static inline void rng_seed(rng *r, uint64_t seed) { r->state = seed; }

static inline uint64_t rng_next(rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) for n > 0, without modulo bias. */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = rng_next(r);
    while (x >= limit);
    return (uint32_t)(x % n);
}

#endif
