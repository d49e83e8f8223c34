/*
 * test_solver_guide.c - a guide for the exact solver (solver_set_guide).
 *
 * A guide only changes the order of the search: whatever it names (the
 * first move, the last, a move the position does not have, nothing), the
 * answers must stay those of the exhaustive search on small positions, and
 * those of the unguided solver (checked against the exhaustive search in
 * test_solver.c) on positions big enough for states below the root to be
 * searched.  It is asked only near the root, as many plies deep as it is
 * told, and only in states that have taken the work it is told; without
 * it, nothing asks.
 */
#include <string.h>

#include "engine/movegen.h"
#include "search/rng.h"
#include "solver/solver.h"
#include "solver_reference.h"
#include "tests.h"

typedef enum { NAME_FIRST_MOVE, NAME_LAST_MOVE, NAME_NONSENSE } GuideKind;

/* What a test guide names, and what it has seen. */
typedef struct {
    GuideKind kind;
    int calls, fewest_empty;
} TestGuide;

static bool test_guide(const Position *pos, Move *move, void *context)
{
    TestGuide *g = context;
    g->calls++;
    ck_assert_uint_eq(pos->hash, position_compute_hash(pos));
    int empty = bb_count(pos->empty);
    if (empty < g->fewest_empty)
        g->fewest_empty = empty;
    MoveList list;
    generate_moves(pos, pos->to_move, &list);
    ck_assert_int_gt(list.count, 0); /* only states with moves are searched */
    if (g->kind == NAME_NONSENSE) {
        /* Every other call names a move the position does not have, the rest nothing. */
        *move = (Move){ 0, 0, 0 };
        return g->calls % 2;
    }
    *move = list.moves[g->kind == NAME_FIRST_MOVE ? 0 : list.count - 1];
    return true;
}

static TestGuide new_guide(GuideKind kind) { return (TestGuide){ kind, 0, NUM_SQUARES }; }

static SolveResult solve(Solver *solver, const Position *pos)
{
    Position copy = *pos;
    SolveLimits none = { 0 };
    solver_clear(solver);
    SolveResult r = solver_solve(solver, &copy, &none);
    ck_assert(memcmp(&copy, pos, sizeof copy) == 0);
    return r;
}

/* The answer is the exhaustive search's, and a winning move wins. */
static void check_exhaustive(Memo *memo, const Position *pos, const SolveResult *r)
{
    char text[POSITION_TEXT_MAX];
    position_to_text(pos, text);
    bool wins = exhaustive_wins(memo, (Position *)pos);
    ck_assert_msg(r->outcome == (wins ? SOLVE_WIN : SOLVE_LOSS), "%s: solver says %d", text, r->outcome);
    if (r->outcome == SOLVE_WIN) {
        Position after = *pos;
        ck_assert(is_legal_move(pos, pos->to_move, r->move));
        position_make(&after, r->move);
        ck_assert_msg(!exhaustive_wins(memo, &after), "%s: the winning move loses", text);
    }
}

/* The answer is the unguided solver's, and a winning move leaves a loss by it. */
static void check_unguided(Solver *unguided, const Position *pos, const SolveResult *r)
{
    char text[POSITION_TEXT_MAX];
    position_to_text(pos, text);
    ck_assert_msg(r->outcome == solve(unguided, pos).outcome, "%s: guided says %d", text, r->outcome);
    if (r->outcome == SOLVE_WIN) {
        Position after = *pos;
        ck_assert(is_legal_move(pos, pos->to_move, r->move));
        position_make(&after, r->move);
        ck_assert_msg(solve(unguided, &after).outcome == SOLVE_LOSS, "%s: the winning move loses", text);
    }
}

/* Random games on 5x5: 9 empty squares for the exhaustive search, 12 for deeper guides. */
static Position small_position(Rng *rng) { return random_game(rng, 5, 5, 9); }
static Position larger_position(Rng *rng) { return random_game(rng, 5, 5, 12); }

START_TEST(a_guide_changes_the_order_not_the_answer)
{
    Memo memo = memo_new();
    Solver *unguided = solver_create(16u << 20);
    ck_assert_ptr_nonnull(unguided);
    enum { KINDS = 3 };
    const GuideKind kinds[KINDS] = { NAME_FIRST_MOVE, NAME_LAST_MOVE, NAME_NONSENSE };
    Solver *solvers[KINDS];
    TestGuide guides[KINDS];
    for (int k = 0; k < KINDS; k++) {
        solvers[k] = solver_create(16u << 20);
        ck_assert_ptr_nonnull(solvers[k]);
        guides[k] = new_guide(kinds[k]);
        solver_set_guide(solvers[k], test_guide, &guides[k], 40, 1);
    }
    Rng rng;
    rng_seed(&rng, 77);
    int root_calls[KINDS];
    for (int i = 0; i < 12; i++) {
        Position pos = small_position(&rng);
        for (int k = 0; k < KINDS; k++) {
            int before = guides[k].calls;
            SolveResult r = solve(solvers[k], &pos);
            check_exhaustive(&memo, &pos, &r);
            ck_assert_uint_eq(solver_stats(solvers[k]).guide_calls, (uint64_t)(guides[k].calls - before));
        }
    }
    for (int k = 0; k < KINDS; k++)
        root_calls[k] = guides[k].calls;
    for (int i = 0; i < 6; i++) {
        Position pos = larger_position(&rng);
        for (int k = 0; k < KINDS; k++) {
            SolveResult r = solve(solvers[k], &pos);
            check_unguided(unguided, &pos, &r);
        }
    }
    for (int k = 0; k < KINDS; k++) {
        ck_assert_int_gt(root_calls[k], 0);
        ck_assert_int_gt(guides[k].calls - root_calls[k], 6); /* below the roots too */
        solver_destroy(solvers[k]);
    }
    solver_destroy(unguided);
}
END_TEST

/* Only states within `plies` of the root ask, and only once they have taken `work` nodes. */
START_TEST(a_guide_is_asked_near_the_root_in_hard_states)
{
    Solver *solver = solver_create(16u << 20), *unguided = solver_create(16u << 20);
    ck_assert_ptr_nonnull(solver);
    ck_assert_ptr_nonnull(unguided);
    Rng rng;
    rng_seed(&rng, 78);
    int reached_ply_two = 0;
    for (int i = 0; i < 6; i++) {
        Position pos = larger_position(&rng);
        int empty = bb_count(pos.empty);
        /* Plies 0 and 2, the first two whole-move states: at most one arrow since the root. */
        TestGuide near = new_guide(NAME_LAST_MOVE);
        solver_set_guide(solver, test_guide, &near, 2, 1);
        SolveResult r = solve(solver, &pos);
        check_unguided(unguided, &pos, &r);
        ck_assert_int_ge(near.fewest_empty, empty - 1);
        reached_ply_two += near.fewest_empty == empty - 1;
        /*
         * More work than the whole unguided solve takes: a guide never
         * asked leaves the solve as it was, so it is never asked.  (Fresh
         * solvers: a solver's killer moves outlast its solves.)
         */
        Solver *fresh = solver_create(16u << 20);
        uint64_t nodes = solve(fresh, &pos).nodes;
        solver_destroy(fresh);
        fresh = solver_create(16u << 20);
        TestGuide idle = new_guide(NAME_LAST_MOVE);
        solver_set_guide(fresh, test_guide, &idle, 40, nodes + 1);
        r = solve(fresh, &pos);
        ck_assert_int_eq(idle.calls, 0);
        ck_assert_uint_eq(solver_stats(fresh).guide_calls, 0);
        ck_assert_uint_eq(r.nodes, nodes);
        solver_destroy(fresh);
        /* A guide set and then taken away is not asked. */
        TestGuide gone = new_guide(NAME_LAST_MOVE);
        solver_set_guide(solver, test_guide, &gone, 40, 1);
        solver_set_guide(solver, NULL, NULL, 0, 0);
        r = solve(solver, &pos);
        ck_assert_int_eq(gone.calls, 0);
        ck_assert_uint_eq(solver_stats(solver).guide_calls, 0);
    }
    ck_assert_int_gt(reached_ply_two, 0);
    solver_destroy(solver);
    solver_destroy(unguided);
}
END_TEST

Suite *solver_guide_suite(void)
{
    Suite *s = suite_create("solver_guide");
    TCase *c = tcase_create("guide");
    tcase_set_timeout(c, 120);
    tcase_add_test(c, a_guide_changes_the_order_not_the_answer);
    tcase_add_test(c, a_guide_is_asked_near_the_root_in_hard_states);
    suite_add_tcase(s, c);
    return s;
}
