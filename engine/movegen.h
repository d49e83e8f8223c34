/*
 * movegen.h - legal move generation, counting, legality checks and perft.
 */
#ifndef AMAZONS_MOVEGEN_H
#define AMAZONS_MOVEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "lines.h"
#include "position.h"

/*
 * Upper bound on legal moves in any position: at most 4 amazons, each with
 * at most 35 queen destinations on 10x10, each with at most 36 arrow squares.
 */
enum { MAX_MOVES = 4 * 35 * 36 };

typedef struct {
    int count;
    Move moves[MAX_MOVES];
} MoveList;

/* Squares an amazon on `sq` may move to, or shoot an arrow to, through `empty`. */
static inline Bitboard queen_targets(int sq, Bitboard empty)
{
    return line_queen_reach(sq, empty);
}

/* Amazon moves (from, to, arrow not counted) that the `amazons` have through `empty`. */
static inline int count_amazon_steps(Bitboard amazons, Bitboard empty)
{
    int n = 0;
    while (amazons)
        n += line_queen_count(bb_pop(&amazons), empty);
    return n;
}

/* Every legal move for colour c (c need not be the side to move). */
void generate_moves(const Position *pos, Color c, MoveList *list);

/* Number of legal moves for colour c, counted without generating them. */
uint64_t count_moves(const Position *pos, Color c);

/*
 * Whether colour c has any legal move.  An amazon with an empty neighbour can
 * always step there and shoot back onto the square it left, and one without
 * an empty neighbour cannot move at all, so this is a neighbour test.
 */
bool has_legal_move(const Position *pos, Color c);

/* Whether m is legal for colour c. */
bool is_legal_move(const Position *pos, Color c, Move m);

/* Number of move sequences of the given depth from pos (the side to move first). */
uint64_t perft(Position *pos, int depth);

#endif
