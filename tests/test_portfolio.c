/*
 * test_portfolio.c - several solvers on one position (solver/portfolio.h).
 *
 * A portfolio must answer what one solver answers: checked against the
 * exhaustive search on random small positions.  Its members must really
 * search in different orders (the spread), the member named as the winner
 * must hold the proof, and a stop must end every member and not outlive
 * the solve it was meant for.
 */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "engine/movegen.h"
#include "search/rng.h"
#include "solver/portfolio.h"
#include "solver/proof_writer.h"
#include "solver_reference.h"
#include "tests.h"

START_TEST(answers_agree_with_exhaustive_search)
{
    Portfolio *portfolio = portfolio_create(3, 48u << 20);
    ck_assert_ptr_nonnull(portfolio);
    Memo memo = memo_new();
    Rng rng;
    rng_seed(&rng, 4242);
    int wins = 0, losses = 0;
    for (int i = 0; i < 60; i++) {
        Position pos = random_game(&rng, 5 + i % 2, 5, 8 + (int)rng_below(&rng, 3));
        char text[POSITION_TEXT_MAX];
        position_to_text(&pos, text);
        SolveLimits none = { 0 };
        int winner;
        SolveResult r = portfolio_solve(portfolio, &pos, &none, NULL, &winner);
        bool truth = exhaustive_wins(&memo, &pos);
        ck_assert_msg(r.outcome == (truth ? SOLVE_WIN : SOLVE_LOSS), "%s: portfolio says %d", text,
                      r.outcome);
        ck_assert_msg(winner >= 0 && winner < 3, "%s: winner %d", text, winner);
        /* The answer's nodes are all the members' together. */
        uint64_t nodes = 0;
        for (int k = 0; k < 3; k++)
            nodes += portfolio_member_result(portfolio, k).nodes;
        ck_assert_uint_eq(r.nodes, nodes);
        ck_assert_int_eq(portfolio_member_result(portfolio, winner).outcome, r.outcome);
        if (r.outcome == SOLVE_WIN) {
            Position after = pos;
            ck_assert(is_legal_move(&pos, pos.to_move, r.move));
            position_make(&after, r.move);
            ck_assert_msg(!exhaustive_wins(&memo, &after), "%s: the winning move loses", text);
        }
        *(truth ? &wins : &losses) += 1;
    }
    ck_assert_int_gt(wins, 6);
    ck_assert_int_gt(losses, 6);
    portfolio_destroy(portfolio);
}
END_TEST

/* The spread changes the order of the search, so its nodes, and not the answer. */
START_TEST(spreads_change_the_search_not_the_answer)
{
    Position pos;
    position_start(&pos, 5, 4);
    uint64_t nodes[3];
    const double spreads[3] = { 0.5, 1.0, 2.0 };
    for (int i = 0; i < 3; i++) {
        Solver *solver = solver_create(16u << 20);
        ck_assert_ptr_nonnull(solver);
        solver_set_spread(solver, spreads[i]);
        SolveLimits none = { 0 };
        SolveResult r = solver_solve(solver, &pos, &none);
        ck_assert_int_eq(r.outcome, SOLVE_WIN);
        nodes[i] = r.nodes;
        solver_destroy(solver);
    }
    ck_assert_msg(nodes[0] != nodes[1] || nodes[1] != nodes[2], "the same %llu nodes with every spread",
                  (unsigned long long)nodes[0]);
    ck_assert_double_eq(portfolio_spread(0), 1.0);
    for (int k = 1; k < PORTFOLIO_MAX; k++)
        ck_assert(portfolio_spread(k) != portfolio_spread(k - 1));
}
END_TEST

/* The member named as the winner holds the proof: the proof writer needs no new search there. */
START_TEST(the_winner_holds_the_proof)
{
    Portfolio *portfolio = portfolio_create(2, 32u << 20);
    ck_assert_ptr_nonnull(portfolio);
    Position pos;
    position_start(&pos, 5, 4);
    SolveLimits none = { 0 };
    int winner;
    SolveResult r = portfolio_solve(portfolio, &pos, &none, NULL, &winner);
    ck_assert_int_eq(r.outcome, SOLVE_WIN);
    ck_assert_int_ge(winner, 0);
    FILE *out = tmpfile();
    ck_assert_ptr_nonnull(out);
    ProofWriteStats stats;
    const char *error = proof_write(portfolio_solver(portfolio, winner), &pos, WHITE, 8, &none, out, &stats);
    ck_assert_msg(error == NULL, "proof_write: %s", error ? error : "");
    ck_assert_uint_gt(stats.entries, 0);
    fclose(out);
    ck_assert_ptr_null(portfolio_solver(portfolio, 2));
    portfolio_destroy(portfolio);
}
END_TEST

static void *stop_soon(void *arg)
{
    nanosleep(&(struct timespec){ .tv_nsec = 50 * 1000 * 1000 }, NULL);
    portfolio_stop(arg);
    return NULL;
}

/* A stop from another thread ends every member; the next solve is not stopped by it. */
START_TEST(a_stop_ends_every_member)
{
    Portfolio *portfolio = portfolio_create(2, 32u << 20);
    ck_assert_ptr_nonnull(portfolio);
    Position pos;
    position_start(&pos, 10, 10);
    pthread_t stopper;
    ck_assert_int_eq(pthread_create(&stopper, NULL, stop_soon, portfolio), 0);
    SolveLimits none = { 0 };
    int winner;
    SolveResult r = portfolio_solve(portfolio, &pos, &none, NULL, &winner);
    pthread_join(stopper, NULL);
    ck_assert_int_eq(r.outcome, SOLVE_UNKNOWN);
    ck_assert_int_eq(winner, -1);
    ck_assert(r.has_move);
    for (int k = 0; k < 2; k++)
        ck_assert_int_eq(portfolio_member_result(portfolio, k).outcome, SOLVE_UNKNOWN);

    Position small;
    position_start(&small, 4, 4);
    r = portfolio_solve(portfolio, &small, &none, NULL, &winner);
    ck_assert_int_eq(r.outcome, SOLVE_LOSS);
    ck_assert_int_ge(winner, 0);
    portfolio_destroy(portfolio);
}
END_TEST

START_TEST(sizes_outside_one_to_the_maximum_are_refused)
{
    ck_assert_ptr_null(portfolio_create(0, 16u << 20));
    ck_assert_ptr_null(portfolio_create(PORTFOLIO_MAX + 1, 16u << 20));
    Portfolio *one = portfolio_create(1, 16u << 20);
    ck_assert_ptr_nonnull(one);
    ck_assert_int_eq(portfolio_members(one), 1);
    portfolio_destroy(one);
}
END_TEST

Suite *portfolio_suite(void)
{
    Suite *s = suite_create("portfolio");
    TCase *c = tcase_create("portfolio");
    tcase_set_timeout(c, 120);
    tcase_set_tags(c, "threads");
    tcase_add_test(c, answers_agree_with_exhaustive_search);
    tcase_add_test(c, spreads_change_the_search_not_the_answer);
    tcase_add_test(c, the_winner_holds_the_proof);
    tcase_add_test(c, a_stop_ends_every_member);
    tcase_add_test(c, sizes_outside_one_to_the_maximum_are_refused);
    suite_add_tcase(s, c);
    return s;
}
