/*
 * portfolio.h - one position proved by several solvers at once, one thread
 * each, the first proof stopping the others.
 *
 * The solvers differ in the spread of their initial numbers
 * (solver_set_spread), so they search the moves in different orders.  How
 * long a proof takes depends heavily on that order: a winning move that one
 * order finds in a second another may not try for an hour (docs/solver.md,
 * "A portfolio of solvers").  Each member has a table of its own, an equal
 * share of the memory; they share nothing while they run.
 *
 * One thread calls portfolio_solve at a time; portfolio_stop may be called
 * from any thread.
 */
#ifndef AMAZONS_PORTFOLIO_H
#define AMAZONS_PORTFOLIO_H

#include "solver/solver.h"

enum { PORTFOLIO_MAX = 8 };

typedef struct Portfolio Portfolio;

/* `members` solvers (1 to PORTFOLIO_MAX) sharing `memory_bytes`; NULL without memory. */
Portfolio *portfolio_create(int members, size_t memory_bytes);
void portfolio_destroy(Portfolio *portfolio);

int portfolio_members(const Portfolio *portfolio);

/* Member k's solver (0-based): its spread, its table, its checkpoints. */
Solver *portfolio_solver(Portfolio *portfolio, int k);

/* The spread member k is created with: 1 for the first, then others (portfolio.c). */
double portfolio_spread(int k);

/*
 * Proves pos with every member at once, each within `limits`; member k
 * saves its checkpoints to checkpoints[k] when that is given (NULL: none).
 * The answer is the first proof's, with the nodes of all members; *winner
 * is the member that found it (its table holds the proof, for
 * proof_write), or -1 when no member found one, and the answer is then
 * the first member's.  progress lines of member k > 0 name it.
 */
SolveResult portfolio_solve(Portfolio *portfolio, const Position *pos, const SolveLimits *limits,
                            const char *const *checkpoints, int *winner);

/* The last solve's result of member k, for reports. */
SolveResult portfolio_member_result(const Portfolio *portfolio, int k);

/* Asks a running portfolio_solve to return UNKNOWN soon; safe from any thread. */
void portfolio_stop(Portfolio *portfolio);

/* Withdraws a portfolio_stop that came after the solve it was meant for (solver_clear_stop). */
void portfolio_clear_stop(Portfolio *portfolio);

#endif
