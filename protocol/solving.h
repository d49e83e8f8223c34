/*
 * solving.h - the `solve` command: proves the game position for the side to
 * move with the exact solver (solver/solver.h).  See PROTOCOL.md, "solve".
 */
#ifndef AMAZONS_SOLVING_H
#define AMAZONS_SOLVING_H

#include <stdbool.h>

#include "protocol/gtp.h"
#include "protocol/input.h"
#include "search/search.h"
#include "solver/portfolio.h"

/* Seconds a `solve` without an argument may take. */
#define SOLVE_DEFAULT_SECONDS 10.0

/*
 * Runs portfolio_solve; with live input it runs on a thread of its own while
 * this one watches the input, and "# interrupt" stops it (UNKNOWN then, and
 * *interrupted is set when interrupted is not NULL).
 */
SolveResult solve_watching(Portfolio *solvers, const Position *pos, const SolveLimits *limits,
                           LineInput *input, bool *interrupted);

/* Solvers at once for `solve` and the hand-over: one a search thread, one without threads. */
int solving_members(const SearchConfig *config);

/* Handler; the context is a Session. */
bool cmd_solve(void *ctx, int argc, char **argv, Reply *reply);

#endif
