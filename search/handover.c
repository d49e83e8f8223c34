/* handover.c - genmove's hand-over to the exact solver (handover.h). */
#include "search/handover.h"

#include <stdio.h>

#include "eval/params.h"
#include "eval/regions.h"

/* The solvers' slice of the memory cap: an eighth, at most 64 MiB for each solver. */
#define HANDOVER_MEMORY_SHARE 8
#define HANDOVER_MEMORY_MAX ((size_t)64 << 20)
/*
 * Under a playout cap the solver's budget is in nodes too (and with no clock
 * only in nodes, so that games repeat): a df-pn node costs about as much as a
 * search iteration (on 6x6, 100,000 to 160,000 nodes/s against 170,000 to
 * 230,000 iterations/s).
 */
#define HANDOVER_NODES_PER_PLAYOUT 1

void handover_init(HandOver *h, size_t memory_cap, int members, bool verbose)
{
    *h = (HandOver){ .memory_cap = memory_cap, .members = members, .verbose = verbose };
}

void handover_release(HandOver *h)
{
    portfolio_destroy(h->solvers);
    h->solvers = NULL;
}

bool handover_worth_solving(const Position *pos)
{
    if (bb_count(pos->empty) <= param_int(P_SOLVER_EMPTY))
        return true;
    BoardSplit split;
    board_split(pos, &split);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < split.count[c]; i++)
            if (split.parts[c][i].kind == PART_CONTESTED)
                return false;
    return true;
}

/* The solver's limits for this move; false when it gets nothing. */
static bool solve_limits(const HandOverBudget *b, double share, SolveLimits *limits)
{
    *limits = (SolveLimits){ 0 }; /* no progress lines: the summary is enough */
    /* A playout cap caps the solver too; the clock does unless games must repeat. */
    if (b->playouts)
        limits->nodes = (uint64_t)(b->playouts * HANDOVER_NODES_PER_PLAYOUT * share) + 1;
    if (!b->playouts || b->timed) {
        limits->seconds = b->seconds * share;
        if (limits->seconds < 0.001)
            return false; /* <= 0 would mean no limit */
    }
    return true;
}

static bool have_solvers(HandOver *h)
{
    if (!h->solvers) {
        size_t bytes = h->memory_cap / HANDOVER_MEMORY_SHARE;
        size_t most = HANDOVER_MEMORY_MAX * (size_t)h->members;
        h->solvers = portfolio_create(h->members, bytes < most ? bytes : most);
    }
    return h->solvers != NULL;
}

bool handover_try(HandOver *h, const Position *pos, const HandOverBudget *budget,
                  SolveRunner run, void *context, HandOverMove *out)
{
    double share = param_value(P_SOLVER_SHARE);
    SolveLimits limits;
    if (share <= 0 || !handover_worth_solving(pos) || !solve_limits(budget, share, &limits)
        || !have_solvers(h))
        return false;
    bool interrupted = false;
    SolveResult r = run(h->solvers, pos, &limits, context, &interrupted);
    if (h->verbose)
        fprintf(stderr, "solver: %s after %llu nodes, %.3f s\n",
                r.outcome == SOLVE_WIN ? "win" : r.outcome == SOLVE_LOSS ? "loss" : "unknown",
                (unsigned long long)r.nodes, r.seconds);
    if (!r.has_move || (r.outcome == SOLVE_UNKNOWN && !interrupted))
        return false;
    *out = (HandOverMove){ r.move, r.outcome, r.nodes };
    return true;
}
