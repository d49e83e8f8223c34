/* check_main.c - runs every Check suite and exits non-zero on any failure. */
#include <stdlib.h>

#include "tests.h"

int main(void)
{
    Suite *(*const suites[])(void) = {
        move_suite, position_suite, lines_suite, movegen_suite, game_suite,
        sgf_suite, eval_suite, search_suite, solver_suite, solver_guide_suite, portfolio_suite, solve_command_suite,
        protocol_process_suite, protocol_commands_suite, protocol_records_suite,
        protocol_errors_suite, protocol_client_suite, live_suite, botzone_suite,
        match_suite, match_tournament_suite, match_results_suite, match_parsers_suite,
        match_engines_suite, learn_suite, formula_suite, prior_suite,
        fuzz_regression_suite, hardening_suite, state_integrity_suite,
    };
    SRunner *runner = srunner_create(NULL);
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
        srunner_add_suite(runner, suites[i]());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
