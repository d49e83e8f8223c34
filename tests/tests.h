/* tests.h - the Check suites of the test runner, one per module. */
#ifndef AMAZONS_TESTS_H
#define AMAZONS_TESTS_H

#include <check.h>

Suite *move_suite(void);
Suite *position_suite(void);
Suite *movegen_suite(void);
Suite *lines_suite(void);
Suite *game_suite(void);
Suite *protocol_process_suite(void);
Suite *protocol_commands_suite(void);
Suite *protocol_records_suite(void);
Suite *protocol_errors_suite(void);
Suite *protocol_client_suite(void);
Suite *botzone_suite(void);
Suite *live_suite(void);
Suite *eval_suite(void);
Suite *search_suite(void);
Suite *solver_suite(void);
Suite *portfolio_suite(void);
Suite *solver_guide_suite(void);
Suite *solve_command_suite(void);
Suite *sgf_suite(void);
Suite *match_suite(void);
Suite *match_tournament_suite(void);
Suite *match_results_suite(void);
Suite *match_parsers_suite(void);
Suite *match_engines_suite(void);
Suite *hardening_suite(void);
Suite *state_integrity_suite(void);
Suite *fuzz_regression_suite(void);
Suite *learn_suite(void);
Suite *formula_suite(void);
Suite *prior_suite(void);

#endif
