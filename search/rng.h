/* rng.h - a small, fast, seedable random generator (xoshiro-style), one per thread. */
#ifndef AMAZONS_RNG_H
#define AMAZONS_RNG_H

#include <stdint.h>

#include "engine/bitboard.h"
#include "engine/zobrist.h"

typedef struct {
    uint64_t s[2];
} Rng;

static inline void rng_seed(Rng *rng, uint64_t seed)
{
    rng->s[0] = zobrist_mix(seed);
    rng->s[1] = zobrist_mix(rng->s[0] ^ 0x5851f42d4c957f2dULL);
}

/* xorshift128+: plenty for playouts, and three instructions deep. */
static inline uint64_t rng_next(Rng *rng)
{
    uint64_t a = rng->s[0], b = rng->s[1];
    rng->s[0] = b;
    a ^= a << 23;
    rng->s[1] = a ^ b ^ (a >> 17) ^ (b >> 26);
    return rng->s[1] + b;
}

/* Uniform integer in [0, n), n > 0 (multiply-shift, bias negligible for small n). */
static inline uint32_t rng_below(Rng *rng, uint32_t n)
{
    return (uint32_t)(((rng_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* Index of the n-th (0-based) set bit of a 64-bit word. */
static inline int nth_bit64(uint64_t w, int n)
{
#ifdef __BMI2__
    return __builtin_ctzll(__builtin_ia32_pdep_di(1ULL << n, w));
#else
    while (n--)
        w &= w - 1;
    return __builtin_ctzll(w);
#endif
}

/* A uniformly chosen member of a non-empty set. */
static inline int rng_pick(Rng *rng, Bitboard set)
{
    uint64_t lo = (uint64_t)set, hi = (uint64_t)(set >> 64);
    int low_count = __builtin_popcountll(lo);
    int n = (int)rng_below(rng, (uint32_t)(low_count + __builtin_popcountll(hi)));
    return n < low_count ? nth_bit64(lo, n) : 64 + nth_bit64(hi, n - low_count);
}

#endif
