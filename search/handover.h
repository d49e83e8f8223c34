/*
 * handover.h - when genmove hands a position to the exact solver, and what
 * it plays from the answer.
 *
 * Once every region of the board is closed to one side, or few squares are
 * left (parameter solver_empty), the solver gets the first share of a
 * move's budget (solver_share).  A proven win is played at once, as is the
 * most stubborn move of a proven loss; an unknown result leaves the move to
 * the tree search, unless the solve was interrupted ("# interrupt"), when
 * its best guess is played.  The solver keeps its tables between moves
 * (later proofs reuse earlier ones), so it gets a slice of the memory cap.
 * With several search threads it is a portfolio of as many solvers
 * (solver/portfolio.h), one a thread: the tree search waits while the
 * solver has its share, so its cores are free.
 *
 * This is search policy; the caller only supplies how a solve is run (the
 * protocol watches its input for interrupts meanwhile).
 */
#ifndef AMAZONS_HANDOVER_H
#define AMAZONS_HANDOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "solver/portfolio.h"

typedef struct {
    Portfolio *solvers;    /* made when first needed, kept for the game */
    size_t memory_cap;     /* the search's memory cap, of which the solvers take a slice */
    int members;           /* solvers at once */
    bool verbose;          /* a summary line per hand-over on stderr */
} HandOver;

/* What one move may spend. */
typedef struct {
    double seconds;        /* the move's whole budget */
    uint64_t playouts;     /* the search's iteration cap, 0 for none */
    bool timed;            /* a clock applies even with a playout cap */
} HandOverBudget;

/*
 * Runs a solve (portfolio_solve, or a version that can be interrupted); sets
 * *interrupted when the user cut it short.
 */
typedef SolveResult (*SolveRunner)(Portfolio *solvers, const Position *pos,
                                   const SolveLimits *limits, void *context, bool *interrupted);

typedef struct {
    Move move;
    SolveOutcome outcome;  /* UNKNOWN: an interrupted solve's best guess */
    uint64_t nodes;
} HandOverMove;

/* `members` solvers at once, 1 to PORTFOLIO_MAX (protocol/solving.h, solving_members). */
void handover_init(HandOver *handover, size_t memory_cap, int members, bool verbose);

/* Releases the solvers' tables (the next hand-over makes new ones). */
void handover_release(HandOver *handover);

/* Whether pos is worth a proof: the regions are closed off, or few squares are left. */
bool handover_worth_solving(const Position *pos);

/*
 * Lets the solver try pos within its share of the budget.  True when its
 * move is to be played, in *out.
 */
bool handover_try(HandOver *handover, const Position *pos, const HandOverBudget *budget,
                  SolveRunner run, void *context, HandOverMove *out);

#endif
