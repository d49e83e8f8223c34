/*
 * search.h - the move-choosing engine: Monte-Carlo tree search.
 *
 * One Search object owns a tree (kept between searches for reuse), a memory
 * budget and the worker threads of the search in progress.  A search runs in
 * the background: search_start returns at once, search_stop asks it to end,
 * search_wait collects the result.  While it runs, search_candidates and
 * search_ownership take consistent snapshots of what it has found so far
 * (live analysis).  Nothing here reads the clock rules or the protocol.
 *
 * One thread drives a Search (start, stop, wait, snapshots); search_stop may
 * also be called from any thread.
 */
#ifndef AMAZONS_SEARCH_H
#define AMAZONS_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

enum { MAX_THREADS = 64, PV_MAX = 16 };

#define SEARCH_DEFAULT_MEMORY_MB 1024

typedef struct {
    int threads;          /* worker threads, 1..MAX_THREADS */
    size_t memory_bytes;  /* hard cap on tree memory */
    uint64_t seed;        /* random seed; same seed, 1 thread, playout cap => same moves */
    bool verbose;         /* one summary line per search on stderr */
    bool stepped;         /* no threads: a background search runs in search_slice calls */
} SearchConfig;

typedef struct {
    double seconds;        /* wall-clock budget; <= 0 means minimal */
    uint64_t iterations;   /* stop after this many iterations; 0 means no cap */
    bool until_stopped;    /* no time limit: run until search_stop (analysis, pondering) */
    bool stop_when_full;   /* end once the tree memory is full (pondering) */
    bool track_ownership;  /* gather the territory statistics of search_ownership */
    bool low_priority;     /* workers yield the CPU to others (pondering) */
    bool synchronous;      /* the caller works too: search_start returns when it is done */
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

/* One candidate move at the root, as live analysis shows it. */
typedef struct {
    Move move;
    uint32_t visits;      /* playouts through this full move */
    double win_rate;      /* for the side to move at the root */
    double lcb;           /* lower bound of a 95% interval around win_rate */
    double prior;         /* the move ordering's belief before any playout */
    int pv_length;
    Move pv[PV_MAX];      /* principal variation, starting with `move` */
} Candidate;

typedef struct Search Search;

void search_default_config(SearchConfig *config);

/* Returns NULL when the configuration is invalid or memory cannot be had. */
Search *search_create(const SearchConfig *config);
void search_destroy(Search *search);

/* Forgets the tree (new game, new position out of the blue). */
void search_clear(Search *search);

/* Seeds the random numbers afresh, as search_create() does with config.seed. */
void search_reseed(Search *search, uint64_t seed);

/*
 * Starts searching pos (the side to move chooses) in the background and
 * returns at once.  The tree is reused when pos lies in it.  Must not be
 * called while another search of this object is unfinished (search_wait).
 * A position without legal moves gives a search that has already finished.
 */
void search_start(Search *search, const Position *pos, const SearchLimits *limits);

/* Asks the running search to end soon; safe from any thread, and idle. */
void search_stop(Search *search);

/* Whether every worker of the current search has ended (limits reached, stopped). */
bool search_finished(Search *search);

/*
 * Called once by the last worker of a search as it ends, from that worker's
 * thread: lets an event loop wake up.  NULL to remove.
 */
void search_on_finish(Search *search, void (*callback)(void *arg), void *arg);

/* Waits for the current search to end and returns its result. */
SearchResult search_wait(Search *search);

/* search_start + search_wait, with the calling thread as the first worker. */
SearchResult search_run(Search *search, const Position *pos, const SearchLimits *limits);

/*
 * Stepped searches, for platforms without threads (the WebAssembly build):
 * a search of a config with `stepped` set, started without `synchronous`,
 * has no workers.  It advances only while its owner's thread, waiting for
 * input, calls search_slice; everything else (stop, snapshots, wait) works
 * as with threads, and search_wait runs slices until the search ends.
 *
 * search_slice runs the stepped search in progress, if any, for about
 * `seconds` on the calling thread; false when there is none to run.
 */
bool search_slice(double seconds);

/*
 * The root's candidate moves so far, most visited first, at most `max` of
 * them: every full move with a playout, then (up to `min` entries in all)
 * unvisited moves in the ordering's order.  Works during and after a search.
 */
int search_candidates(Search *search, Candidate *out, int min, int max);

/*
 * Average owner of every square over the evaluated playouts of the current
 * search, from the root side to move's view: +1 it owns the square, -1 the
 * opponent does, indexed by square.  False when nothing was gathered
 * (track_ownership off, or no playout yet).
 */
bool search_ownership(Search *search, double owner[NUM_SQUARES]);

#endif
