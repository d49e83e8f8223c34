/*
 * bitboard.h - 128-bit board sets for boards up to 10x10.
 *
 * Square index = rank * STRIDE + file, with a fixed STRIDE of 11: every rank
 * has at least one padding column that is never part of the board.  A shift
 * by a direction's step that walks off the east or west edge therefore lands
 * on a padding bit (or falls off the 128-bit word), and masking with the set
 * of empty board squares removes it.  No per-direction edge masks needed.
 */
#ifndef AMAZONS_BITBOARD_H
#define AMAZONS_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef unsigned __int128 Bitboard;

enum {
    BOARD_MIN = 4,
    BOARD_MAX = 10,
    STRIDE = 11,
    NUM_SQUARES = STRIDE * BOARD_MAX, /* index space, padding included */
    NUM_DIRECTIONS = 8,
    NO_SQUARE = 255
};

/* Direction steps, in index units.  The first four are positive. */
enum { DIR_E, DIR_N, DIR_NE, DIR_NW, DIR_W, DIR_S, DIR_SW, DIR_SE };
static const int DIRECTION_STEP[NUM_DIRECTIONS] = {
    1, STRIDE, STRIDE + 1, STRIDE - 1, -1, -STRIDE, -STRIDE - 1, -STRIDE + 1
};

static inline int square_at(int file, int rank) { return rank * STRIDE + file; }
static inline int square_file(int sq) { return sq % STRIDE; }
static inline int square_rank(int sq) { return sq / STRIDE; }

static inline Bitboard bb_square(int sq) { return (Bitboard)1 << sq; }
static inline bool bb_test(Bitboard b, int sq) { return (b >> sq) & 1; }

static inline int bb_count(Bitboard b)
{
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}

/* Index of the lowest set bit; b must not be empty. */
static inline int bb_lowest(Bitboard b)
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}

/* Removes and returns the lowest set bit; b must not be empty. */
static inline int bb_pop(Bitboard *b)
{
    int sq = bb_lowest(*b);
    *b &= *b - 1;
    return sq;
}

/* Shifts every member one step in direction dir (members may leave the board). */
static inline Bitboard bb_shift(Bitboard b, int dir)
{
    int step = DIRECTION_STEP[dir];
    return step > 0 ? b << step : b >> -step;
}

/*
 * Squares a queen standing on any square of `from` reaches through `empty`
 * (a square of `from` only when another reaches it).  For a single square,
 * queen_targets() in movegen.h is faster.
 */
Bitboard bb_queen_reach(Bitboard from, Bitboard empty);

/*
 * Squares one king step away from any square of `from`, restricted to
 * `empty`.  The 3x3 box around a square is a row of three spread up and
 * down: four shifts instead of eight.  A row spread past the east or west
 * edge lands on padding, and the vertical spread keeps it in the padding
 * column, so masking with `empty` removes it.
 */
static inline Bitboard bb_king_reach(Bitboard from, Bitboard empty)
{
    /*
     * Sets in the low word take one-word shifts, which are cheaper (boards of
     * up to five ranks, and late endgames).  A square on bit 63 is left out
     * of that path: its row spreads to bit 64 (j6 on a board of ten files),
     * whose step down lands on bit 53 (j5), and a one-word row loses it.
     */
    if (!(from >> 63) && !(empty >> 64)) {
        uint64_t low = (uint64_t)from, row = low | low << 1 | low >> 1;
        return (row | row << STRIDE | row >> STRIDE) & (uint64_t)empty;
    }
    Bitboard row = from | from << 1 | from >> 1;
    return (row | row << STRIDE | row >> STRIDE) & empty;
}

/*
 * The squares one king step from sq, padding included (it never holds a
 * piece): a table lookup where spreading one square over the 128-bit board
 * takes a dozen instructions and a branch.  bb_king_reach(bb_square(sq), s)
 * equals bb_neighbours(sq) & s for any s without sq.
 */
extern Bitboard BB_NEIGHBOURS[NUM_SQUARES];

static inline Bitboard bb_neighbours(int sq) { return BB_NEIGHBOURS[sq]; }

/* The king-connected component of `passable` squares around `seed` (seed included). */
static inline Bitboard bb_king_component(Bitboard seed, Bitboard passable)
{
    /* The one-word path, as in bb_king_reach: bit 63 would spread through bit 64. */
    if (!((seed | passable) >> 63)) {
        uint64_t area = (uint64_t)seed, within = (uint64_t)passable, grown;
        for (;; area = grown) {
            uint64_t row = area | area << 1 | area >> 1;
            grown = area | ((row | row << STRIDE | row >> STRIDE) & within);
            if (grown == area)
                return area;
        }
    }
    Bitboard area = seed, grown;
    while ((grown = area | bb_king_reach(area, passable)) != area)
        area = grown;
    return area;
}

/* The set of board squares for a board of `width` files and `height` ranks. */
Bitboard bb_board_mask(int width, int height);

#endif
