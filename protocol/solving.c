/* solving.c - the `solve` command (solving.h). */
#include "protocol/solving.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "protocol/args.h"
#include "protocol/numbers.h"
#include "protocol/session.h"
#include "solver/portfolio.h"
#include "solver/solver.h"

/* One solve, run on a thread of its own while the command loop watches the input. */
typedef struct {
    Portfolio *portfolio;
    const Position *pos;
    const SolveLimits *limits;
    SolveResult result;
    LineInput *input;
    bool done; /* atomic */
} SolveJob;

static SolveResult run_job(SolveJob *job)
{
    int winner;
    return portfolio_solve(job->portfolio, job->pos, job->limits, NULL, &winner);
}

static void *solve_thread(void *arg)
{
    SolveJob *job = arg;
    job->result = run_job(job);
    __atomic_store_n(&job->done, true, __ATOMIC_RELEASE);
    input_wake(job->input);
    return NULL;
}

static SolveResult watch_job(SolveJob *job, bool *interrupted)
{
    if (interrupted)
        *interrupted = false;
    portfolio_clear_stop(job->portfolio); /* withdraws a stop meant for an earlier solve */
    LineInput *input = job->input;
    pthread_t thread;
    if (!input || !input_is_live(input) || pthread_create(&thread, NULL, solve_thread, job) != 0)
        return run_job(job);
    uint64_t seen = input_events(input);
    while (!__atomic_load_n(&job->done, __ATOMIC_ACQUIRE)) {
        if (input_take_interrupt(input)) {
            portfolio_stop(job->portfolio);
            if (interrupted)
                *interrupted = true;
        }
        seen = input_wait(input, seen, monotonic_seconds() + 1.0);
    }
    pthread_join(thread, NULL);
    portfolio_clear_stop(job->portfolio); /* or one that came after this solve ended */
    return job->result;
}

SolveResult solve_watching(Portfolio *solvers, const Position *pos, const SolveLimits *limits,
                           LineInput *input, bool *interrupted)
{
    SolveJob job = { .portfolio = solvers, .pos = pos, .limits = limits, .input = input };
    return watch_job(&job, interrupted);
}

int solving_members(const SearchConfig *config)
{
    if (config->stepped)
        return 1;
    return config->threads < PORTFOLIO_MAX ? config->threads : PORTFOLIO_MAX;
}

static void print_result(Reply *reply, const SolveResult *r)
{
    if (r->outcome == SOLVE_WIN) {
        char text[MOVE_TEXT_MAX];
        move_to_text(r->move, text);
        reply_printf(reply, "win %s", text);
    } else {
        reply_printf(reply, "%s", r->outcome == SOLVE_LOSS ? "loss" : "unknown");
    }
    reply_printf(reply, " nodes %llu time %.2f", (unsigned long long)r->nodes, r->seconds);
}

/*
 * The solver gets the whole memory budget (--memory): the search tree is
 * released while it runs and built afresh afterwards, so the two never hold
 * memory at the same time.
 */
/*
 * SECONDS is the whole command's time.  Handing the memory from the search
 * tree to the solver and back is not free (about 40 ms each way for 64 MiB
 * under AddressSanitizer, more on a busy machine), and the way back costs
 * about what the way there did, so the proof gets what the two leave.
 */
static double proof_seconds(double seconds, double setup_seconds)
{
    if (seconds <= 0)
        return seconds; /* no limit */
    double left = seconds - 2 * setup_seconds;
    return left > 0.1 * seconds ? left : 0.1 * seconds;
}

bool cmd_solve(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    double seconds = SOLVE_DEFAULT_SECONDS;
    if (argc > 1 || (argc == 1 && !parse_double(argv[0], 0, CLOCK_MAX_SECONDS, &seconds)))
        return fail(reply, "syntax error: solve [SECONDS] takes a number from 0 (no limit) to 1e6");
    double started = monotonic_seconds();
    search_destroy(s->search);
    handover_release(&s->handover); /* its memory goes to the big one */
    /* One solver a search thread, each searching in its own order (portfolio.h). */
    Portfolio *portfolio = portfolio_create(solving_members(&s->options.search),
                                            s->options.search.memory_bytes);
    SolveLimits limits = { .seconds = proof_seconds(seconds, monotonic_seconds() - started),
                           .verbose = s->options.search.verbose };
    SolveResult result = { 0 };
    if (portfolio) {
        SolveJob job = { .portfolio = portfolio, .pos = &s->game.pos, .limits = &limits,
                         .input = reply->loop->input };
        result = watch_job(&job, NULL);
    }
    portfolio_destroy(portfolio);
    s->search = search_create(&s->options.search);
    if (!s->search) {
        fprintf(stderr, "amazons: cannot allocate the search tree again after solve\n");
        exit(EXIT_FAILURE);
    }
    if (!portfolio)
        return fail(reply, "cannot solve: out of memory");
    print_result(reply, &result);
    return true;
}
