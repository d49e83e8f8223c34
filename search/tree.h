/*
 * tree.h - the search tree's nodes and the fixed-size arena that holds them.
 *
 * A move is split over two tree levels: a "queen" node chooses which amazon
 * goes where, its children choose the arrow.  This cuts the opening's 2176
 * moves into about 80 + 30 choices.  Children of a node are one contiguous
 * block, allocated at once when the node is expanded.  The arena never grows:
 * when it is full, the search goes on without expanding (memory cap).
 */
#ifndef AMAZONS_TREE_H
#define AMAZONS_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { NODE_LEAF = 0, NODE_EXPANDING = 1, NODE_EXPANDED = 2 };
enum { PROOF_NONE = 0, PROOF_WIN = 1, PROOF_LOSS = 2 }; /* for the player who chose the node */

/* Node values are fixed-point sums so that threads can add them atomically. */
#define VALUE_ONE 65536.0

typedef struct {
    uint64_t value_sum;    /* sum of results for the choosing player, VALUE_ONE = win */
    uint32_t visits;       /* includes visits still in flight (virtual loss) */
    uint32_t first_child;  /* arena index of the child block, when expanded */
    uint8_t child_count;   /* at most MAX_CHOICES (140) */
    uint8_t flags;         /* NODE_* flags below */
    uint8_t a, b;          /* queen node: from, to; arrow node: arrow square */
    uint8_t state;         /* NODE_LEAF / NODE_EXPANDING / NODE_EXPANDED */
    uint8_t proof;         /* PROOF_* */
    int16_t heuristic;     /* move-ordering score; children are sorted by it */
} Node;

/* The children's heuristics are win probabilities (ordering.h, *_by_eval) times ORDER_EVAL_SCALE. */
enum { NODE_EVAL_ORDERED = 1 };

typedef struct {
    Node *nodes;
    uint64_t *marks;       /* one bit per node, used when compacting for reuse */
    uint32_t capacity;
    uint32_t used;         /* atomically bumped by allocating threads */
    bool full;             /* an allocation failed since the last reset */
} Arena;

/* Sizes the arena to fit within `bytes` (nodes plus bookkeeping). */
bool arena_init(Arena *arena, size_t bytes);
void arena_free(Arena *arena);

/* Empties the arena and allocates a fresh root; returns its index. */
uint32_t arena_reset(Arena *arena);

/* Allocates `count` contiguous nodes; returns UINT32_MAX when the arena is full. */
uint32_t arena_alloc(Arena *arena, uint32_t count);

/*
 * Keeps only the subtree under `root`, slid to the front of the arena in
 * place (a mark-compact pass), and returns the subtree root's new index.
 */
uint32_t arena_keep_subtree(Arena *arena, uint32_t root);

#endif
