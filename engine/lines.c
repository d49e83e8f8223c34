/* lines.c - the tables behind lines.h, built once at program start. */
#include "lines.h"

#include <string.h>

LineSpan LINE_SPAN[NUM_SQUARES][NUM_LINES];
LineProducts LINE_PRODUCTS[NUM_SQUARES][NUM_LINES];
uint16_t LINE_REACH[BOARD_MAX][LINE_INDEXES];
uint8_t LINE_THROUGH[NUM_SQUARES][NUM_SQUARES];

/* One step along each line, in files and ranks. */
static const int LINE_FILE_STEP[NUM_LINES] = { 1, 0, 1, -1 };
static const int LINE_RANK_STEP[NUM_LINES] = { 0, 1, 1, 1 };

const char *lines_method(void)
{
    return LINES_USE_PEXT ? "pext" : "multiply";
}

static bool on_board(int file, int rank)
{
    return file >= 0 && rank >= 0 && file < BOARD_MAX && rank < BOARD_MAX;
}

/*
 * The multipliers of a line whose other squares, in order, are squares[i].
 * Gathering sends squares[i] to bit LINE_GATHER_AT + i through the product
 * term 2^(LINE_GATHER_AT + i - squares[i]); spreading sends bit i back
 * through 2^(squares[i] - i).  Off a rank, squares lie at least 10 apart
 * while i moves by 1, so every other product term lands on a bit of its own,
 * away from the wanted ones: no carries.  A rank's squares are adjacent, so
 * it is moved whole by a single power of two, gap at sq included (lines.h
 * closes and reopens that gap).
 */
static void init_products(LineProducts *products, int line, const int *squares, int count, int start)
{
    if (line == LINE_RANK) {
        products->gather = (Bitboard)1 << (LINE_GATHER_AT - start);
        products->spread = (Bitboard)1 << start;
        return;
    }
    for (int i = 0; i < count; i++) {
        products->gather |= (Bitboard)1 << (LINE_GATHER_AT + i - squares[i]);
        products->spread |= (Bitboard)1 << (squares[i] - i);
    }
}

static void init_span(int file, int rank, int line)
{
    int df = LINE_FILE_STEP[line], dr = LINE_RANK_STEP[line];
    int f = file, r = rank;
    while (on_board(f - df, r - dr)) {
        f -= df;
        r -= dr;
    }
    int sq = square_at(file, rank), start = square_at(f, r);
    int squares[BOARD_MAX], count = 0;
    LineSpan *span = &LINE_SPAN[sq][line];
    for (; on_board(f, r); f += df, r += dr) {
        int other = square_at(f, r);
        if (other == sq)
            continue;
        squares[count++] = other;
        span->mask |= bb_square(other);
        if (other < sq)
            span->below++;
    }
    span->low_bits = (uint8_t)__builtin_popcountll((uint64_t)span->mask);
    init_products(&LINE_PRODUCTS[sq][line], line, squares, count, start);
}

/* What a queen reaches along a line: the run of empty squares on each side. */
static void init_reach(void)
{
    for (int below = 0; below < BOARD_MAX; below++) {
        for (unsigned index = 0; index < LINE_INDEXES; index++) {
            unsigned reach = 0;
            for (int i = below - 1; i >= 0 && (index >> i & 1); i--)
                reach |= 1u << i;
            for (int i = below; i < BOARD_MAX - 1 && (index >> i & 1); i++)
                reach |= 1u << i;
            LINE_REACH[below][index] = (uint16_t)reach;
        }
    }
}

static void init_through(void)
{
    memset(LINE_THROUGH, NUM_LINES, sizeof LINE_THROUGH);
    for (int sq = 0; sq < NUM_SQUARES; sq++)
        for (int line = 0; line < NUM_LINES; line++)
            for (Bitboard others = LINE_SPAN[sq][line].mask; others;)
                LINE_THROUGH[sq][bb_pop(&others)] = (uint8_t)line;
}

__attribute__((constructor)) static void lines_init(void)
{
    for (int line = 0; line < NUM_LINES; line++)
        for (int rank = 0; rank < BOARD_MAX; rank++)
            for (int file = 0; file < BOARD_MAX; file++)
                init_span(file, rank, line);
    init_reach();
    init_through();
}
