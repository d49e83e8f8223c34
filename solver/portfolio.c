/* portfolio.c - several solvers on one position, one thread each (portfolio.h). */
#include "solver/portfolio.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * The spreads of the members, in the order they join.  The first is the
 * solver's own.  Of 0.5, 1.5, 2 and 3, only 2 proved a 5x6 reply that the
 * first could not, and the pair of 1 and 2 is the one measured
 * (docs/solver.md); the others spread out around them, untuned.
 */
static const double SPREADS[PORTFOLIO_MAX] = { 1.0, 2.0, 0.5, 3.0, 1.5, 0.75, 4.0, 2.5 };

typedef struct {
    Portfolio *portfolio;
    int index;
    const Position *pos;
    SolveLimits limits;
    char label[24];  /* "solve[K]" */
    SolveResult result;
} Member;

struct Portfolio {
    int count;
    Solver *solvers[PORTFOLIO_MAX];
    Member members[PORTFOLIO_MAX];
    pthread_mutex_t lock;
    int winner;   /* under lock: the first member to prove, or -1 */
};

double portfolio_spread(int k) { return k >= 0 && k < PORTFOLIO_MAX ? SPREADS[k] : SPREADS[0]; }

Portfolio *portfolio_create(int members, size_t memory_bytes)
{
    if (members < 1 || members > PORTFOLIO_MAX)
        return NULL;
    Portfolio *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    p->count = members;
    for (int k = 0; k < members; k++) {
        p->solvers[k] = solver_create(memory_bytes / (size_t)members);
        if (!p->solvers[k]) {
            portfolio_destroy(p);
            return NULL;
        }
        solver_set_spread(p->solvers[k], SPREADS[k]);
    }
    return p;
}

void portfolio_destroy(Portfolio *p)
{
    if (!p)
        return;
    for (int k = 0; k < p->count; k++)
        solver_destroy(p->solvers[k]);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

int portfolio_members(const Portfolio *p) { return p->count; }

Solver *portfolio_solver(Portfolio *p, int k) { return k >= 0 && k < p->count ? p->solvers[k] : NULL; }

SolveResult portfolio_member_result(const Portfolio *p, int k) { return p->members[k].result; }

void portfolio_stop(Portfolio *p)
{
    for (int k = 0; k < p->count; k++)
        solver_stop(p->solvers[k]);
}

void portfolio_clear_stop(Portfolio *p)
{
    for (int k = 0; k < p->count; k++)
        solver_clear_stop(p->solvers[k]);
}

/* A member's thread: solves, and when it proves first, stops the others. */
static void *member_run(void *arg)
{
    Member *m = arg;
    Portfolio *p = m->portfolio;
    m->result = solver_solve(p->solvers[m->index], m->pos, &m->limits);
    if (m->result.outcome == SOLVE_UNKNOWN)
        return NULL;
    pthread_mutex_lock(&p->lock);
    bool first = p->winner < 0;
    if (first)
        p->winner = m->index;
    pthread_mutex_unlock(&p->lock);
    if (first)
        for (int k = 0; k < p->count; k++)
            if (k != m->index)
                solver_stop(p->solvers[k]);
    return NULL;
}

SolveResult portfolio_solve(Portfolio *p, const Position *pos, const SolveLimits *limits,
                            const char *const *checkpoints, int *winner)
{
    pthread_t threads[PORTFOLIO_MAX];
    bool started[PORTFOLIO_MAX] = { false };
    p->winner = -1;
    for (int k = 0; k < p->count; k++) {
        Member *m = &p->members[k];
        *m = (Member){ .portfolio = p, .index = k, .pos = pos, .limits = *limits };
        m->limits.checkpoint = checkpoints ? checkpoints[k] : NULL;
        if (k > 0) {
            snprintf(m->label, sizeof m->label, "solve[%d]", k + 1);
            m->limits.label = m->label;
        }
    }
    /* Member 0 runs on this thread; a member whose thread cannot start is left out. */
    for (int k = 1; k < p->count; k++)
        started[k] = pthread_create(&threads[k], NULL, member_run, &p->members[k]) == 0;
    member_run(&p->members[0]);
    for (int k = 1; k < p->count; k++)
        if (started[k])
            pthread_join(threads[k], NULL);
    /* A member stopped after its solve ended would carry the stop into the next one. */
    portfolio_clear_stop(p);

    *winner = p->winner;
    SolveResult r = p->members[p->winner >= 0 ? p->winner : 0].result;
    r.nodes = 0;
    for (int k = 0; k < p->count; k++)
        r.nodes += p->members[k].result.nodes;
    return r;
}
