/*
 * lines.h - queen reach by lookup, one line at a time.
 *
 * Four lines pass through a square: its rank, file, diagonal and
 * anti-diagonal.  Listing a line's other squares in board order turns the
 * empty ones into a "line index" of at most 9 bits, and what a queen reaches
 * along that line depends only on that index and on how many of those squares
 * lie below its own (LINE_REACH, 10 KB).  The answer comes back in the same
 * line coordinates; line_squares() turns it into a board set.
 *
 * Moving between a bitboard and line coordinates is PEXT/PDEP on each 64-bit
 * word when the compiler targets BMI2.  Without BMI2, or with
 * AMAZONS_PORTABLE_LINES defined (`make PORTABLE=1`, for CPUs whose PEXT is
 * slow microcode), it is a multiplication each way: a line's squares are
 * evenly spaced, so a sum of powers of two can move each one to its place
 * with no two product terms meeting (lines.c says why).
 *
 * The lines are those of the 10 x 10 index space, for every board size:
 * squares off a smaller board are never empty, so they stop a queen like the
 * board's edge.
 */
#ifndef AMAZONS_LINES_H
#define AMAZONS_LINES_H

#include <stdint.h>

#include "bitboard.h"

#if defined(__BMI2__) && !defined(AMAZONS_PORTABLE_LINES)
#define LINES_USE_PEXT 1
#include <immintrin.h>
#else
#define LINES_USE_PEXT 0
#endif

enum { LINE_RANK, LINE_FILE, LINE_DIAGONAL, LINE_ANTIDIAGONAL, NUM_LINES };

enum { LINE_INDEXES = 1 << (BOARD_MAX - 1) };

/* Multiplication path: the line index is gathered at this bit of a product. */
enum { LINE_GATHER_AT = NUM_SQUARES - 1 };

typedef struct {
    Bitboard mask;    /* the line's squares other than this one */
    uint8_t below;    /* how many of them have a lower index than this square */
    uint8_t low_bits; /* how many of them are in the low 64 bits (PEXT) */
} LineSpan;

typedef struct {
    Bitboard gather;  /* takes the line's other squares to bits LINE_GATHER_AT + i */
    Bitboard spread;  /* takes line coordinates back to the board */
} LineProducts;

/* Filled once at program start; padding squares have empty lines. */
extern LineSpan LINE_SPAN[NUM_SQUARES][NUM_LINES];
extern LineProducts LINE_PRODUCTS[NUM_SQUARES][NUM_LINES];
extern uint16_t LINE_REACH[BOARD_MAX][LINE_INDEXES];
/* The line through two squares, NUM_LINES when they share none (or are one square). */
extern uint8_t LINE_THROUGH[NUM_SQUARES][NUM_SQUARES];

/* "pext" or "multiply": how this build moves between bitboards and lines. */
const char *lines_method(void);

/*
 * The squares of the line from a through b, from b on (b included): what
 * a queen on a no longer reaches once b is blocked.  a and b must share a
 * line.
 */
static inline Bitboard line_ray_from(int a, int b)
{
    Bitboard mask = LINE_SPAN[a][LINE_THROUGH[a][b]].mask, bit = bb_square(b);
    return b > a ? mask & ~(bit - 1) : mask & (bit | (bit - 1));
}

/* Line coordinates below sq's own square. */
static inline unsigned line_below_mask(int sq, int line)
{
    return (1u << LINE_SPAN[sq][line].below) - 1;
}

/* The empty squares among sq's line squares, in line coordinates. */
static inline unsigned line_index(int sq, int line, Bitboard empty)
{
    const LineSpan *span = &LINE_SPAN[sq][line];
#if LINES_USE_PEXT
    uint64_t lo = _pext_u64((uint64_t)empty, (uint64_t)span->mask);
    uint64_t hi = _pext_u64((uint64_t)(empty >> 64), (uint64_t)(span->mask >> 64));
    return (unsigned)(lo | hi << span->low_bits);
#else
    Bitboard product = (empty & span->mask) * LINE_PRODUCTS[sq][line].gather;
    unsigned index = (unsigned)(product >> LINE_GATHER_AT) & 0x3ff;
    if (line == LINE_RANK) { /* adjacent squares: sq's own bit is still a gap */
        unsigned low = line_below_mask(sq, line);
        index = (index & low) | ((index >> 1) & ~low);
    }
    return index;
#endif
}

/* The board squares named by `bits` in sq's line coordinates. */
static inline Bitboard line_squares(int sq, int line, unsigned bits)
{
    const LineSpan *span = &LINE_SPAN[sq][line];
#if LINES_USE_PEXT
    uint64_t lo = _pdep_u64(bits, (uint64_t)span->mask);
    uint64_t hi = _pdep_u64(bits >> span->low_bits, (uint64_t)(span->mask >> 64));
    return (Bitboard)lo | (Bitboard)hi << 64;
#else
    if (line == LINE_RANK) /* reopen the gap at sq: bits above it move up one */
        bits += bits & ~line_below_mask(sq, line);
    return ((Bitboard)bits * LINE_PRODUCTS[sq][line].spread) & span->mask;
#endif
}

/* Squares a queen on sq reaches along one line, in line coordinates. */
static inline unsigned line_reach(int sq, int line, Bitboard empty)
{
    return LINE_REACH[LINE_SPAN[sq][line].below][line_index(sq, line, empty)];
}

#if LINES_USE_PEXT
/*
 * line_reach when every empty square is in the low word, as on boards of up
 * to six ranks: the high word's PEXT would only add zeros.
 */
static inline unsigned line_reach_low(int sq, int line, uint64_t empty)
{
    const LineSpan *span = &LINE_SPAN[sq][line];
    return LINE_REACH[span->below][_pext_u64(empty, (uint64_t)span->mask)];
}
#endif

/* Squares a queen on sq reaches through `empty` (sq itself never included). */
static inline Bitboard line_queen_reach(int sq, Bitboard empty)
{
#if LINES_USE_PEXT
    if (!(empty >> 64)) {
        uint64_t low = 0;
#pragma GCC unroll 4
        for (int line = 0; line < NUM_LINES; line++)
            low |= _pdep_u64(line_reach_low(sq, line, (uint64_t)empty),
                             (uint64_t)LINE_SPAN[sq][line].mask);
        return low;
    }
#endif
    Bitboard reach = 0;
#pragma GCC unroll 4
    for (int line = 0; line < NUM_LINES; line++)
        reach |= line_squares(sq, line, line_reach(sq, line, empty));
    return reach;
}

/*
 * How many squares a queen on sq reaches through `empty`, without placing
 * them on the board: a popcount a line instead of line_squares.
 */
static inline int line_queen_count(int sq, Bitboard empty)
{
    int count = 0;
#if LINES_USE_PEXT
    if (!(empty >> 64)) {
#pragma GCC unroll 4
        for (int line = 0; line < NUM_LINES; line++)
            count += __builtin_popcount(line_reach_low(sq, line, (uint64_t)empty));
        return count;
    }
#endif
#pragma GCC unroll 4
    for (int line = 0; line < NUM_LINES; line++)
        count += __builtin_popcount(line_reach(sq, line, empty));
    return count;
}

#endif
