/*
 * position.h - an Amazons position: amazons, arrows, side to move, hash.
 *
 * Offers the start position for every supported size, making and unmaking
 * moves, and the position text encoding (FEN-like, see PROTOCOL.md).
 */
#ifndef AMAZONS_POSITION_H
#define AMAZONS_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"
#include "move.h"

typedef enum { WHITE = 0, BLACK = 1 } Color;

static inline Color color_other(Color c) { return (Color)(c ^ 1); }

/* "white" or "black", as the protocol writes colours. */
static inline const char *color_text(Color c) { return c == WHITE ? "white" : "black"; }

enum {
    MAX_AMAZONS = 4,
    DEFAULT_SIZE = 10,
    /* Longest position text: up to 10 ranks of up to 10 cells, separators, side. */
    POSITION_TEXT_MAX = BOARD_MAX * (BOARD_MAX + 1) + 8
};

typedef struct {
    Bitboard amazons[2]; /* indexed by Color */
    Bitboard arrows;
    Bitboard board;      /* every square of the board */
    Bitboard empty;      /* board squares holding neither amazon nor arrow */
    uint64_t hash;       /* Zobrist hash of pieces and side to move */
    int width, height;   /* files and ranks, each BOARD_MIN..BOARD_MAX */
    Color to_move;
} Position;

/*
 * Sets up the standard start position for a board of `width` files and
 * `height` ranks (each BOARD_MIN..BOARD_MAX): with kc = (width - 1) / 3 and
 * kr = (height - 1) / 3, White on (file 0, rank kr), (kc, 0), (width-1-kc, 0)
 * and (width-1, kr), Black mirrored top to bottom, White to move.  On 10x10
 * that is a4 d1 g1 j4 against a7 d10 g10 j7.
 */
void position_start(Position *pos, int width, int height);

/* Whether two positions are the same: board, pieces and side to move. */
static inline bool position_equal(const Position *a, const Position *b)
{
    return a->hash == b->hash && a->width == b->width && a->height == b->height
        && a->amazons[WHITE] == b->amazons[WHITE] && a->amazons[BLACK] == b->amazons[BLACK]
        && a->arrows == b->arrows && a->to_move == b->to_move;
}

/* Whether two positions are on boards of the same shape. */
static inline bool position_same_board(const Position *a, const Position *b)
{
    return a->width == b->width && a->height == b->height;
}

/* Applies a legal move for the side to move; unmake reverts it exactly. */
void position_make(Position *pos, Move m);
void position_unmake(Position *pos, Move m);

/*
 * Building a position piece by piece: an empty board of width x height with
 * White to move, then pieces (PIECE_WHITE_AMAZON, PIECE_BLACK_AMAZON or
 * PIECE_ARROW, zobrist.h) on empty squares.  The hash is the caller's to
 * compute once the position is complete.
 */
void position_clear(Position *pos, int width, int height);
void position_put(Position *pos, int piece, int sq);

/*
 * The same position with files and ranks swapped: the piece on (file f, rank
 * r) goes to (r, f) of a board of height files and width ranks.  The game is
 * the same, move for move (move_transposed maps them).
 */
void position_transpose(const Position *pos, Position *image);

static inline int square_transposed(int sq) { return square_at(square_rank(sq), square_file(sq)); }

static inline Move move_transposed(Move m)
{
    return (Move){ (uint8_t)square_transposed(m.from), (uint8_t)square_transposed(m.to),
                   (uint8_t)square_transposed(m.arrow) };
}

/* Recomputes the Zobrist hash from scratch (used after setup, and by tests). */
uint64_t position_compute_hash(const Position *pos);

/* Writes the position text into buf (at least POSITION_TEXT_MAX bytes). */
void position_to_text(const Position *pos, char *buf);

/*
 * Parses a position text.  On success fills *pos and returns NULL; on failure
 * leaves *pos untouched and returns a message saying what is wrong and where
 * (valid until the calling thread's next call).
 */
const char *position_from_text(Position *pos, const char *text);

/* Character shown for a square: 'W', 'B', 'x' or '.'. */
char position_cell(const Position *pos, int sq);

#endif
