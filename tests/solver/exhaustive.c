/*
 * exhaustive.c - who wins the start of a small board, by plain negamax with
 * a memo: no proof numbers, no races, no symmetry, only the rules
 * (engine/movegen.h).  An independent check of the exact solver on boards
 * too big for the test suite's exhaustive search.
 *
 *   build/exhaustive COLUMNS ROWS [LOG2_SLOTS]
 *
 * Every position is keyed by its squares (2 bits each: empty, arrow, white,
 * black) and the side to move, so a board of up to 30 squares fits one
 * 64-bit word and the memo can never confuse two positions.  LOG2_SLOTS
 * (default 29: 4 GiB) sizes the memo; the run fails when it fills.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/movegen.h"
#include "engine/position.h"

enum { MAX_SQUARES = 30, MAX_DEPTH = MAX_SQUARES + 1 }; /* 2 bits a square, a side bit, a result bit */

static uint64_t *memo, memo_mask, memo_used, positions;
static int width, height;
static MoveList lists[MAX_DEPTH];

/* The position's squares and side to move, plus one (0 marks a free slot). */
static uint64_t encode(const Position *p)
{
    uint64_t key = 0;
    for (int rank = 0; rank < height; rank++)
        for (int file = 0; file < width; file++) {
            int sq = square_at(file, rank);
            unsigned v = bb_test(p->arrows, sq)          ? 1
                       : bb_test(p->amazons[WHITE], sq) ? 2
                       : bb_test(p->amazons[BLACK], sq) ? 3 : 0;
            key = key << 2 | v;
        }
    return (key << 1 | (unsigned)p->to_move) + 1;
}

/* The memo slot holding key, or the free slot where it belongs. */
static uint64_t *slot(uint64_t key)
{
    uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & memo_mask;
    while (memo[i] && memo[i] >> 1 != key)
        i = (i + 1) & memo_mask;
    return &memo[i];
}

/* Whether the side to move wins (the side without a move loses). */
static bool wins(Position *p, int depth)
{
    uint64_t key = encode(p);
    uint64_t *entry = slot(key);
    if (*entry)
        return *entry & 1;
    positions++;
    MoveList *list = &lists[depth];
    generate_moves(p, p->to_move, list);
    bool won = false;
    for (int i = 0; i < list->count && !won; i++) {
        position_make(p, list->moves[i]);
        won = !wins(p, depth + 1);
        position_unmake(p, list->moves[i]);
    }
    if (++memo_used > memo_mask / 10 * 9) {
        fprintf(stderr, "exhaustive: the memo is full; give a larger LOG2_SLOTS\n");
        exit(1);
    }
    entry = slot(key); /* the searches below may have filled the first free slot */
    *entry = key << 1 | won;
    return won;
}

int main(int argc, char **argv)
{
    width = argc > 2 ? atoi(argv[1]) : 0;
    height = argc > 2 ? atoi(argv[2]) : 0;
    int bits = argc > 3 ? atoi(argv[3]) : 29;
    if (argc < 3 || argc > 4 || width < BOARD_MIN || height < BOARD_MIN
        || width * height > MAX_SQUARES || bits < 10 || bits > 36) {
        fprintf(stderr, "usage: %s COLUMNS ROWS [LOG2_SLOTS]  (at most %d squares, slots 2^10..2^36)\n",
                argv[0], MAX_SQUARES);
        return 2;
    }
    memo_mask = ((uint64_t)1 << bits) - 1;
    memo = calloc(memo_mask + 1, sizeof *memo);
    if (!memo) {
        fprintf(stderr, "exhaustive: no memory for 2^%d slots\n", bits);
        return 1;
    }
    Position p;
    position_start(&p, width, height);
    bool won = wins(&p, 0);
    printf("%dx%d: the first player (White) %s; %llu positions\n", width, height,
           won ? "wins" : "loses", (unsigned long long)positions);
    free(memo);
    return 0;
}
