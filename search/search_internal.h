/*
 * search_internal.h - the Search object's insides, shared by the files of
 * the search: mcts.c (one iteration), search.c (threads, limits, reuse) and
 * results.c (best move, principal variation, analysis snapshots).
 */
#ifndef AMAZONS_SEARCH_INTERNAL_H
#define AMAZONS_SEARCH_INTERNAL_H

#include <pthread.h>

#include "engine/game.h"
#include "search/rng.h"
#include "search/search.h"
#include "search/tree.h"

/* Two tree levels per move, plus the root. */
enum { MAX_PATH = 2 * MAX_GAME_MOVES + 1 };

/*
 * The prior of a child ordered by evaluation falls with the gap between its
 * heuristic and the best child's, looked up in steps of 1 << PRIOR_GAP_SHIFT.
 */
enum { PRIOR_GAP_SHIFT = 4, PRIOR_GAPS = (1 << 15) >> PRIOR_GAP_SHIFT };

/* Territory seen by one worker's evaluated playouts (search_ownership). */
typedef struct {
    int64_t white_minus_black[NUM_SQUARES]; /* +1 per playout White owned the square, -1 Black */
    uint64_t playouts;
} OwnerTally;

/* What a worker thread is started with. */
typedef struct {
    struct Search *search;
    int index;
} WorkerArg;

struct Search {
    SearchConfig config;
    Arena arena;
    uint32_t root;
    Position root_pos;
    bool have_tree;

    /* The search in progress, shared by its workers. */
    SearchLimits limits;
    double start, deadline;
    uint64_t iterations;     /* claimed by workers, atomically */
    bool stop;               /* atomic: asked to stop, or a limit was reached */
    bool started;            /* search_start called, search_wait not yet */
    uint32_t reused_visits;  /* the root's visits kept from earlier searches */
    Rng rngs[MAX_THREADS];
    /* The evaluation's prior at children ordered by it (mcts.c), set up by search_start. */
    double prior_weight;     /* 0: selection is plain UCT */
    float prior_by_gap[PRIOR_GAPS];
    OwnerTally *owners;      /* one per thread, allocated by the first search that tracks ownership */

    /* Workers and their coordination (snapshots pause them between iterations). */
    pthread_t threads[MAX_THREADS];
    WorkerArg worker_args[MAX_THREADS];
    int thread_count;        /* threads started for the current search */
    pthread_mutex_t lock;
    pthread_cond_t paused_cond, resume_cond;
    int running_workers;     /* under lock: workers not yet ended */
    int paused_workers;      /* under lock: workers waiting in a pause */
    bool pause;              /* atomic; written under lock */
    bool finished;           /* under lock: every worker has ended */
    void (*on_finish)(void *arg);
    void *on_finish_arg;
};

/* Who chooses the node at a depth: depth 1-2 the side to move at the root, 3-4 the other... */
static inline Color chooser(Color root_side, int depth)
{
    if (depth == 0)
        return color_other(root_side);
    return ((depth - 1) / 2) % 2 == 0 ? root_side : color_other(root_side);
}

static inline Node *child_of(const Search *s, const Node *n, int i)
{
    return &s->arena.nodes[n->first_child + i];
}

/* Mean result for the node's chooser; 0.5 before the first visit. */
static inline double node_mean(const Node *n)
{
    uint32_t v = __atomic_load_n(&n->visits, __ATOMIC_RELAXED);
    return v ? (double)__atomic_load_n(&n->value_sum, __ATOMIC_RELAXED) / (v * VALUE_ONE) : 0.5;
}

/* Sets up mcts.c's tables once per process; search_create calls it. */
void mcts_init(void);

/* Reads the prior's parameters into the search before its workers start (mcts.c). */
void mcts_prepare(Search *s);

/* One iteration of the search (mcts.c), by worker `worker`. */
void mcts_iterate(Search *s, int worker);

/*
 * Holds the workers of a running search between iterations, so the tree can
 * be read consistently; search_resume lets them go on.  No-ops when no
 * search is running (search.c).
 */
void search_pause(Search *s);
void search_resume(Search *s);

/* The most visited child, preferring a proven win and avoiding proven losses (results.c). */
int best_child(const Search *s, const Node *n);

/* Fills the best move, its win rate and the principal variation (results.c). */
void fill_result(Search *s, SearchResult *r);

#endif
