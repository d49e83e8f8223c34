/*
 * search.h - the move-choosing engine: Monte-Carlo tree search.
 *
 * One Search object owns a tree (kept between moves for reuse), a memory
 * budget and a pool of worker threads.  The protocol layer asks it for a
 * move with a time or iteration budget; nothing here reads the clock rules.
 */
#ifndef AMAZONS_SEARCH_H
#define AMAZONS_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

enum { MAX_THREADS = 64, PV_MAX = 8 };

#define SEARCH_DEFAULT_MEMORY_MB 1024

typedef struct {
    int threads;          /* worker threads, 1..MAX_THREADS */
    size_t memory_bytes;  /* hard cap on tree memory */
    uint64_t seed;        /* random seed; same seed, 1 thread, playout cap => same moves */
    bool verbose;         /* one summary line per search on stderr */
} SearchConfig;

typedef struct {
    double seconds;       /* wall-clock budget for this move; <= 0 means minimal */
    uint64_t iterations;  /* stop after this many iterations; 0 means no cap */
} SearchLimits;

typedef struct {
    bool has_move;        /* false when the side to move has no legal move */
    Move move;
    double win_rate;      /* estimated win probability for the side to move */
    uint64_t iterations;  /* iterations of this search (reused ones excluded) */
    double seconds;
    int pv_length;
    Move pv[PV_MAX];      /* expected line, starting with `move` */
} SearchResult;

typedef struct Search Search;

void search_default_config(SearchConfig *config);

/* Returns NULL when the configuration is invalid or memory cannot be had. */
Search *search_create(const SearchConfig *config);
void search_destroy(Search *search);

/* Forgets the tree (new game, new position out of the blue). */
void search_clear(Search *search);

/* Chooses a move for the side to move in pos. */
SearchResult search_run(Search *search, const Position *pos, const SearchLimits *limits);

#endif
