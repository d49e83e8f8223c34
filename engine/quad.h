/*
 * quad.h - four boards side by side, for the GNU C vector extensions.
 *
 * Lane i of `lo` and `hi` holds the two words of board i, so one vector
 * operation acts on all four; the usual use is one board per line direction
 * (E, N, NE, NW forward; W, S, SW, SE backward), stepped by LINE_STEPS.
 * Without vector units the compiler splits the lanes, which stays correct.
 */
#ifndef AMAZONS_QUAD_H
#define AMAZONS_QUAD_H

#include <stdbool.h>
#include <stdint.h>

#include "bitboard.h"

/* 16-byte aligned: compilers targeting no AVX then pass it by value quietly. */
typedef uint64_t QuadLanes __attribute__((vector_size(32), aligned(16)));

typedef struct {
    QuadLanes lo, hi;
} Quad;

/* Index steps of the E, N, NE and NW directions, one per lane. */
static const QuadLanes LINE_STEPS = { 1, STRIDE, STRIDE + 1, STRIDE - 1 };

static inline Quad quad_and(Quad a, Quad b) { return (Quad){ a.lo & b.lo, a.hi & b.hi }; }
static inline Quad quad_or(Quad a, Quad b) { return (Quad){ a.lo | b.lo, a.hi | b.hi }; }
static inline Quad quad_xor(Quad a, Quad b) { return (Quad){ a.lo ^ b.lo, a.hi ^ b.hi }; }

/* The same board in every lane. */
static inline Quad quad_broadcast(Bitboard b)
{
    return (Quad){ (QuadLanes){ 0 } + (uint64_t)b, (QuadLanes){ 0 } + (uint64_t)(b >> 64) };
}

/*
 * Board i moved `steps` steps along direction i of LINE_STEPS, toward higher
 * indices (forward) or lower ones; 0 < steps <= 5, so shifts stay below 64.
 */
static inline Quad quad_step(Quad q, int steps, bool forward)
{
    QuadLanes n = LINE_STEPS * (uint64_t)steps;
    if (forward)
        return (Quad){ q.lo << n, (q.hi << n) | (q.lo >> (64 - n)) };
    return (Quad){ (q.lo >> n) | (q.hi << (64 - n)), q.hi >> n };
}

/* Board i of the quad. */
static inline Bitboard quad_board(Quad q, int i)
{
    return (Bitboard)q.hi[i] << 64 | q.lo[i];
}

/* The union of the four boards. */
static inline Bitboard quad_union(Quad q)
{
    return quad_board(q, 0) | quad_board(q, 1) | quad_board(q, 2) | quad_board(q, 3);
}

#endif
