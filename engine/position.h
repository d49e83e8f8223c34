/*
 * position.h - an Amazons position: amazons, arrows, side to move, hash.
 *
 * Offers the start position for every supported size, making and unmaking
 * moves, and the position text encoding (FEN-like, see PROTOCOL.md).
 */
#ifndef AMAZONS_POSITION_H
#define AMAZONS_POSITION_H

#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"
#include "move.h"

typedef enum { WHITE = 0, BLACK = 1 } Color;

static inline Color color_other(Color c) { return (Color)(c ^ 1); }

enum {
    MAX_AMAZONS = 4,
    DEFAULT_SIZE = 10,
    /* Longest position text: 10 ranks of up to 10 cells, separators, side. */
    POSITION_TEXT_MAX = BOARD_MAX * (BOARD_MAX + 1) + 8
};

typedef struct {
    Bitboard amazons[2]; /* indexed by Color */
    Bitboard arrows;
    Bitboard board;      /* every square of the board */
    Bitboard empty;      /* board squares holding neither amazon nor arrow */
    uint64_t hash;       /* Zobrist hash of pieces and side to move */
    int size;
    Color to_move;
} Position;

/* Sets up the standard start position for an n x n board (BOARD_MIN..BOARD_MAX). */
void position_start(Position *pos, int size);

/* Applies a legal move for the side to move; unmake reverts it exactly. */
void position_make(Position *pos, Move m);
void position_unmake(Position *pos, Move m);

/* Recomputes the Zobrist hash from scratch (used after setup, and by tests). */
uint64_t position_compute_hash(const Position *pos);

/* Writes the position text into buf (at least POSITION_TEXT_MAX bytes). */
void position_to_text(const Position *pos, char *buf);

/*
 * Parses a position text.  On success fills *pos and returns NULL; on failure
 * leaves *pos untouched and returns a static message saying what is wrong.
 */
const char *position_from_text(Position *pos, const char *text);

/* Character shown for a square: 'W', 'B', 'x' or '.'. */
char position_cell(const Position *pos, int sq);

#endif
