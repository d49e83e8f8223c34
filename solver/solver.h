/*
 * solver.h - the exact solver: proves who wins a position with perfect play.
 *
 * Depth-first proof-number search (df-pn) over moves split in two: the side
 * to move first picks an amazon move, then, at a half-move state of its own,
 * the arrow.  Proof and disproof numbers live in a transposition table keyed
 * by the complete position (proof_table.h), so answers are exact whatever the
 * hash does.  Positions end early when the race of closed areas decides them
 * (eval/regions.h).  A WIN or LOSS answer is a proof; UNKNOWN means a limit
 * ran out first.
 *
 * One thread runs solver_solve at a time; solver_stop may be called from
 * any thread and makes the running solve return UNKNOWN soon.  A stop that
 * arrives between solves stops the next one, unless solver_clear_stop
 * withdraws it first.
 * The table is kept between solves of positions on the same board, so a
 * solve after a move reuses what the previous one proved.
 *
 * A board of more ranks than its bitboard's low word holds (4x7, say) is
 * solved on its transpose (7x4), whose squares all fit there: the same game,
 * on cheaper paths.  Answers, moves and progress lines stay in the board's
 * own orientation; the tables, and so checkpoints, hold the transpose's.
 */
#ifndef AMAZONS_SOLVER_H
#define AMAZONS_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

typedef enum { SOLVE_UNKNOWN, SOLVE_WIN, SOLVE_LOSS } SolveOutcome;

typedef struct {
    double seconds;   /* wall-clock budget; <= 0: no limit */
    uint64_t nodes;   /* node budget; 0: no limit */
    bool verbose;     /* a progress line on stderr every few seconds */
    /*
     * A checkpoint (solver_save) written to this file every
     * checkpoint_seconds while the solve runs and once when it ends
     * undecided; NULL: none.
     */
    const char *checkpoint;
    double checkpoint_seconds;
    const char *label;   /* progress lines begin with it; NULL: "solve" */
    /*
     * Only the outcome is wanted: the root may then be decided by the race
     * of areas and the small fights, as any state below it is, without a
     * move (has_move false).  Writing a proof asks this of its leaves.
     */
    bool outcome_only;
} SolveLimits;

typedef struct {
    SolveOutcome outcome;   /* for the side to move */
    /*
     * WIN: a winning move.  LOSS: the move whose refutation took the most
     * search, as the one that holds out longest.  UNKNOWN: the move most
     * likely to win by the proof numbers.  False when there is no legal
     * move, or when SolveLimits.outcome_only let the root be decided at once.
     */
    bool has_move;
    Move move;
    uint64_t nodes;         /* df-pn nodes visited by this solve */
    double seconds;
    uint32_t pn, dn;        /* the root's proof and disproof numbers at the end */
} SolveResult;

typedef struct Solver Solver;

/* A solver whose tables use at most about `memory_bytes`; NULL without memory. */
Solver *solver_create(size_t memory_bytes);
void solver_destroy(Solver *solver);

/*
 * The spread of the initial numbers: squares of territory per logistic unit
 * of the win estimate a new state's numbers come from (default 1; a value
 * <= 0 restores it).  The answer does not depend on it, the order of the
 * search does: a solver of another spread tries other moves first, which
 * is what a portfolio of solvers (portfolio.h) is made of.
 */
void solver_set_spread(Solver *solver, double spread);

/*
 * A guide names the move it would play in a position (the tree search,
 * say); false when it has none.  Called on the solving thread, with the
 * position's hash set.
 */
typedef bool (*SolverGuide)(const Position *pos, Move *move, void *context);

/*
 * Asks `guide` which move to search first in whole-move states of the
 * first `plies` plies below the root (a move is two plies: 4 reaches the
 * side to move's second move) that prove hard: once one visit has searched
 * `work` nodes below such a state without deciding it.  The guide's move,
 * and then its arrow, go first there, on later visits too.  Only the order
 * of the search changes, never an answer.  A NULL guide (the default)
 * turns it off.
 */
void solver_set_guide(Solver *solver, SolverGuide guide, void *context, int plies, uint64_t work);

/* Forgets every stored proof. */
void solver_clear(Solver *solver);

/* Proves pos for its side to move, within the limits.  pos is not changed. */
SolveResult solver_solve(Solver *solver, const Position *pos, const SolveLimits *limits);

/* Asks the running solve to return UNKNOWN soon; safe from any thread. */
void solver_stop(Solver *solver);

/* Withdraws a solver_stop that came after the solve it was meant for. */
void solver_clear_stop(Solver *solver);

/* Table statistics of the last solve, for benchmarks and progress lines. */
typedef struct {
    uint64_t lookups, hits;       /* transposition table */
    size_t entries, used;
    uint64_t race_checks, race_decided;   /* closed-area races tried, and decided */
    uint64_t region_searches, region_nodes, region_hits;
    uint64_t fight_searches, fights_decided, fight_nodes;   /* endgame_exact.h */
    uint64_t guide_calls;         /* solver_set_guide's guide, asked */
} SolverStats;

SolverStats solver_stats(const Solver *solver);

/*
 * A solve's progress kept on disk.  solver_save writes the transposition
 * table (every proof and estimate so far) and its board's shape to
 * PATH.tmp, then renames it to PATH, so a kill never leaves half a file.
 * solver_load clears the solver and fills its table from such a file,
 * which must be of the board of `board`: a solve then takes up where the
 * saved one stopped (any position of that board shape may use it: entries
 * name complete positions).  Both return NULL on success, else what went
 * wrong; a failed load leaves the solver cleared.
 */
const char *solver_save(Solver *solver, const char *path);
const char *solver_load(Solver *solver, const Position *board, const char *path);

#endif
