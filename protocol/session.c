/* session.c - the state of one protocol session and choosing its moves. */
#include <string.h>

#include <stdio.h>

#include "engine/movegen.h"
#include "eval/params.h"
#include "protocol/session.h"
#include "protocol/solving.h"
#include "search/baseline.h"
#include "search/handover.h"

void session_default_options(SessionOptions *options)
{
    options->player = PLAYER_MCTS;
    options->move_time = 5.0;
    options->move_overhead = MOVE_OVERHEAD_AUTO;
    options->playouts = 0;
    options->resign_below = -1.0;
    options->ponder = false;
    search_default_config(&options->search);
}

bool session_init(Session *session, const SessionOptions *options)
{
    memset(session, 0, sizeof *session);
    session->options = *options;
    game_new(&session->game, DEFAULT_SIZE, DEFAULT_SIZE);
    params_use_board(DEFAULT_SIZE, DEFAULT_SIZE);
    clock_init(&session->clock);
    rng_seed(&session->rng, options->search.seed);
    handover_init(&session->handover, options->search.memory_bytes,
                  solving_members(&options->search), options->search.verbose);
    session->search = search_create(&options->search);
    return session->search != NULL;
}

void session_free(Session *session)
{
    search_destroy(session->search);
    session->search = NULL;
    handover_release(&session->handover);
}

void session_restart(Session *s)
{
    params_use_board(s->game.pos.width, s->game.pos.height);
    s->ponder_armed = false;
    search_clear(s->search);
    clock_new_game(&s->clock);
    s->low_estimates[WHITE] = s->low_estimates[BLACK] = 0;
}

/* The game position with colour c to move (GTP lets either colour move). */
Position session_position_for(const Session *s, Color c)
{
    Position pos = s->game.pos;
    if (pos.to_move != c) {
        pos.to_move = c;
        pos.hash = position_compute_hash(&pos);
    }
    return pos;
}

/* Runs the hand-over's solve while the input is watched for "# interrupt". */
static SolveResult solve_interruptibly(Portfolio *solvers, const Position *pos,
                                       const SolveLimits *limits, void *input, bool *interrupted)
{
    return solve_watching(solvers, pos, limits, input, interrupted);
}

/* The solver's move for pos when the hand-over plays one (search/handover.h). */
static bool hand_over(Session *s, const Position *pos, double budget, LineInput *input,
                      MoveChoice *choice)
{
    HandOverBudget limits = { budget, s->options.playouts, s->clock.limited };
    HandOverMove m;
    if (!handover_try(&s->handover, pos, &limits, solve_interruptibly, input, &m))
        return false;
    *choice = (MoveChoice){
        .move = m.move,
        .source = CHOSEN_BY_SOLVER,
        .win_rate = m.outcome == SOLVE_WIN ? 1.0 : m.outcome == SOLVE_LOSS ? 0.0 : 0.5,
        .proven = m.outcome != SOLVE_UNKNOWN,
        .solver_nodes = m.nodes,
    };
    return true;
}

/* The search's move for pos, within limits. */
static MoveChoice search_move(Session *s, const Position *pos, const SearchLimits *limits,
                              LineInput *input, const LiveWatch *watch)
{
    static const LiveWatch interrupt_only = { .stop_on_line = false };
    search_start(s->search, pos, limits);
    SearchResult result = live_watch(s->search, input, watch ? watch : &interrupt_only, NULL);
    return (MoveChoice){ .move = result.move, .source = CHOSEN_BY_SEARCH, .win_rate = result.win_rate };
}

static bool player_move(Session *s, const Position *pos, MoveChoice *choice)
{
    *choice = (MoveChoice){ .source = CHOSEN_BY_PLAYER, .win_rate = 0.5 };
    return s->options.player == PLAYER_RANDOM ? random_player_move(pos, &s->rng, &choice->move)
                                              : greedy_player_move(pos, &s->rng, &choice->move);
}

bool session_choose_move(Session *s, Color c, MoveChoice *choice, bool commit,
                         LineInput *input, const LiveWatch *watch)
{
    Position pos = session_position_for(s, c);
    if (!has_legal_move(&pos, c))
        return false;
    if (s->options.player != PLAYER_MCTS)
        return player_move(s, &pos, choice);
    double start = monotonic_seconds();
    double budget = time_budget(&s->clock, c, &pos, s->options.move_time, s->options.move_overhead);
    if (!hand_over(s, &pos, budget, input, choice)) {
        SearchLimits limits = {
            .seconds = budget - (monotonic_seconds() - start), /* less what the solver took */
            .iterations = s->options.playouts,
            .track_ownership = watch && watch->ownership,
            .synchronous = !input || !input_is_live(input), /* nothing to watch for */
        };
        /* A playout cap alone (no clock) makes the search reproducible: no time limit then. */
        if (s->options.playouts && !s->clock.limited)
            limits.seconds = 1e9;
        *choice = search_move(s, &pos, &limits, input, watch);
    }
    if (!commit)
        return true;
    s->ponder_armed = true;
    clock_spend(&s->clock, c, monotonic_seconds() - start);
    bool low = s->options.resign_below >= 0 && choice->win_rate < s->options.resign_below;
    s->low_estimates[c] = low ? s->low_estimates[c] + 1 : 0;
    /* Resign only when the estimate stays low, not on one pessimistic search. */
    return s->low_estimates[c] < 3;
}

SearchLimits session_analysis_limits(const Session *s, const LineInput *input, bool ownership)
{
    SearchLimits limits = { .track_ownership = ownership };
    if (input && input_is_live(input))
        limits.until_stopped = true;
    else {
        limits.iterations = s->options.playouts ? s->options.playouts : ANALYSIS_INLINE_PLAYOUTS;
        limits.synchronous = true;
    }
    return limits;
}

static bool ponder_wanted(const Session *s)
{
    return s->options.ponder && s->ponder_armed && s->options.player == PLAYER_MCTS
        && !game_is_over(&s->game);
}

static void wake_loop(void *input) { input_wake(input); }

bool session_ponder(GtpLoop *loop)
{
    Session *s = loop->context;
    bool wanted = ponder_wanted(s);
    bool current = wanted && position_equal(&s->ponder_pos, &s->game.pos);
    if (s->pondering) {
        if (current && !search_finished(s->search))
            return true;
        /* Stale or done: let the workers wind down, and come back when they have. */
        search_stop(s->search);
        if (!search_finished(s->search))
            return false;
        search_wait(s->search);
        search_on_finish(s->search, NULL, NULL);
        s->pondering = false;
        s->ponder_exhausted = current;
    }
    if (!wanted || (current && s->ponder_exhausted))
        return true;
    SearchLimits limits = { .until_stopped = true, .stop_when_full = true, .low_priority = true };
    s->ponder_pos = s->game.pos;
    s->ponder_exhausted = false;
    search_on_finish(s->search, wake_loop, loop->input);
    search_start(s->search, &s->ponder_pos, &limits);
    s->pondering = true;
    return true;
}

void session_stop_pondering(GtpLoop *loop)
{
    Session *s = loop->context;
    if (!s->pondering)
        return;
    search_stop(s->search);
    search_wait(s->search);
    search_on_finish(s->search, NULL, NULL);
    s->pondering = false;
}
