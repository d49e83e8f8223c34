/*
 * solver_reference.h - what the solver's answers are checked against: a
 * plain exhaustive search (negamax over whole moves with a memo keyed by the
 * complete position), and the random positions it is run on.
 */
#ifndef AMAZONS_SOLVER_REFERENCE_H
#define AMAZONS_SOLVER_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/position.h"
#include "search/rng.h"

typedef struct {
    Bitboard amazons[2], arrows;
    int width, height;
    Color to_move;
    bool used, wins;
} MemoEntry;

enum { MEMO_SIZE = 1 << 18 };

typedef struct {
    MemoEntry *slots;
    uint64_t positions;
} Memo;

/* An empty memo, freed with the test's tracked memory (protocol_client.h). */
Memo memo_new(void);

/* Whether the side to move wins with perfect play. */
bool exhaustive_wins(Memo *m, Position *pos);

/* Random amazons (1 to max per side), then random arrows until `empties` squares are left. */
Position random_position(Rng *rng, int width, int height, int max_amazons, int empties);

/* The start position after random moves until `empties` squares are left (or no move is). */
Position random_game(Rng *rng, int width, int height, int empties);

#endif
