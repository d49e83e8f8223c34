/*
 * test_solve_command.c - the solver over the protocol: the `solve` command
 * and genmove's hand-over to the solver.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "live_engine.h"
#include "protocol_client.h"
#include "solver_reference.h"
#include "tests.h"

/* "RESULT [MOVE] nodes N time T": returns the words. */
static char **solve_words(const char *body, size_t *n)
{
    char **w = pc_split_words(body, n);
    ck_assert_msg(*n >= 5, "solve answered \"%s\"", body);
    size_t k = *n;
    ck_assert_str_eq(w[k - 4], "nodes");
    ck_assert_str_eq(w[k - 2], "time");
    ck_assert_msg(strspn(w[k - 3], "0123456789") == strlen(w[k - 3]), "nodes \"%s\"", w[k - 3]);
    ck_assert_msg(strspn(w[k - 1], "0123456789.") == strlen(w[k - 1]), "time \"%s\"", w[k - 1]);
    return w;
}

START_TEST(solve_command_answers)
{
    Responses rs = pc_gtp("known_command solve\n"
                          "boardsize 4 4\nsolve\nget_position\n"
                          "set_position Wxxx/xxxx/xxxx/xx1B b\nsolve 5\nget_position\n"
                          "play w a4-a3/a4\nsolve 0\nundo\nget_position\n"
                          "boardsize 10\nsolve 0.2\n");
    EXPECT_COUNT(&rs, 13);
    EXPECT_OK(&rs, 0, "true");
    size_t n;
    char **w = solve_words(EXPECT_OK(&rs, 2, NULL), &n);
    ck_assert_uint_eq(n, 5);
    ck_assert_str_eq(w[0], "loss");
    EXPECT_OK(&rs, 3, "1BB1/B2B/W2W/1WW1 w");
    w = solve_words(EXPECT_OK(&rs, 5, NULL), &n);
    ck_assert_uint_eq(n, 6);
    ck_assert_str_eq(w[0], "win");
    ck_assert_str_eq(w[1], "d1-c1/d1");
    EXPECT_OK(&rs, 6, "Wxxx/xxxx/xxxx/xx1B b");
    EXPECT_ERROR(&rs, 7, "illegal move"); /* White cannot move at all */
    w = solve_words(EXPECT_OK(&rs, 8, NULL), &n);
    ck_assert_str_eq(w[0], "win");
    EXPECT_ERROR(&rs, 9, "cannot undo");
    EXPECT_OK(&rs, 10, "Wxxx/xxxx/xxxx/xx1B b");
    w = solve_words(EXPECT_OK(&rs, 12, NULL), &n);
    ck_assert_str_eq(w[0], "unknown");
}
END_TEST

START_TEST(solve_command_errors_change_nothing)
{
    const char *bad[] = { "solve x", "solve -1", "solve 1 2", "solve nan", "solve 2e6", "solve 1s" };
    Buf script = { 0 };
    pc_buf_puts(&script, "boardsize 5 4\nplay w b1-b3/c3\n");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        pc_buf_printf(&script, "%s\nget_position\n", bad[i]);
    pc_buf_puts(&script, "undo\nget_position\n");
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 2 + 2 * 6 + 2);
    EXPECT_OK(&rs, 1, "");
    for (size_t i = 0; i < 6; i++) {
        EXPECT_ERROR(&rs, 2 + 2 * i, "syntax error: solve [SECONDS]");
        EXPECT_OK(&rs, 3 + 2 * i, "1B1B1/BWx1B/W3W/3W1 b");
    }
    EXPECT_OK(&rs, 14, "");
    EXPECT_OK(&rs, 15, "1B1B1/B3B/W3W/1W1W1 w");
}
END_TEST

START_TEST(solve_verbose_reports_on_stderr)
{
    static const char *const args[] = { "--verbose", "--memory", "16", NULL };
    Responses rs = pc_gtp_args(args, "boardsize 4 4\nsolve\n");
    EXPECT_COUNT(&rs, 2);
    ck_assert_msg(strstr(rs.run->err, "solve: ") && strstr(rs.run->err, "nodes/s"),
                  "stderr: %s", rs.run->err);
    /* Quiet without --verbose. */
    static const char *const quiet[] = { "--memory", "16", NULL };
    rs = pc_gtp_args(quiet, "boardsize 4 4\nsolve\n");
    ck_assert_str_eq(rs.run->err, "");
}
END_TEST

/*
 * A progress line written during the search names the root move being
 * searched: a legal move of the position (10x10 is far from solved).
 */
START_TEST(solve_progress_names_the_move_searched)
{
    static const char *const args[] = { "--verbose", "--memory", "64", NULL };
    LiveEngine *e = live_start(args);
    live_send(e, "boardsize 10\n1 solve 0");
    ck_assert_str_eq(live_read_response(e, 5000), "=");
    /*
     * A line may be written between two root moves and name none, or before
     * the replies to the move are listed: wait for one that names the move
     * and counts its replies.
     */
    const char *counted = NULL;
    for (int waited = 0; waited < LIVE_ANSWER_MS && !counted; waited += 100) {
        ck_assert_ptr_null(live_read_response(e, 100)); /* still solving */
        counted = strstr(live_stderr(e), " replies' amazon moves refuted)");
    }
    ck_assert_msg(counted, "no progress line counts the replies: %s", live_stderr(e));
    const char *line = counted;
    while (line > live_stderr(e) && line[-1] != '\n')
        line--;
    const char *named = strstr(line, " move ");
    ck_assert_msg(named && named < counted, "the line counting replies names no move: %s",
                  live_stderr(e));
    char text[MOVE_TEXT_MAX];
    ck_assert_int_eq(sscanf(named, " move %11[^, ]", text), 1);
    Position start;
    position_start(&start, 10, 10);
    Move m;
    ck_assert_msg(move_from_text(text, 10, 10, &m) && is_legal_move(&start, WHITE, m),
                  "move \"%s\" in: %s", text, live_stderr(e));
    /*
     * After one move from the start nothing is closed off, so every amazon
     * move of Black's is a reply, and none can be refuted yet.
     */
    int refuted = -1, listed = -1;
    ck_assert_int_eq(sscanf(strchr(named, '(') + 1, "%d of %d", &refuted, &listed), 2);
    position_make(&start, m);
    ck_assert_int_eq(listed, count_amazon_steps(start.amazons[BLACK], start.empty));
    ck_assert_int_eq(refuted, 0);
    live_send(e, "# interrupt");
    const char *answer = live_read_response(e, 10000);
    ck_assert_msg(answer && strncmp(answer, "=1 unknown nodes ", 17) == 0, "answer \"%s\"", answer);
    live_close_stdin(e);
    ck_assert_int_eq(live_wait(e, 10000), 0);
    live_free(e);
}
END_TEST

/* "# interrupt" ends a solve without a limit: the answer is unknown and nothing changed. */
static void check_interrupt_ends_solve(const char *const *args)
{
    LiveEngine *e = live_start(args);
    live_send(e, "boardsize 10\n1 solve 0");
    ck_assert_str_eq(live_read_response(e, 5000), "=");
    ck_assert_ptr_null(live_read_response(e, 300)); /* still solving */
    live_send(e, "# interrupt\n2 get_position");
    const char *answer = live_read_response(e, 10000);
    ck_assert_msg(answer && strncmp(answer, "=1 unknown nodes ", 17) == 0, "answer \"%s\"", answer);
    const char *position = live_read_response(e, 5000);
    ck_assert_msg(position && strcmp(position, "=2 " START_10) == 0, "position \"%s\"", position);
    live_close_stdin(e);
    ck_assert_int_eq(live_wait(e, 10000), 0);
    live_free(e);
}

START_TEST(solve_stops_on_interrupt)
{
    static const char *const args[] = { "--memory", "64", NULL };
    check_interrupt_ends_solve(args);
}
END_TEST

/*
 * With --threads 2 `solve` runs two solvers at once (solver/portfolio.h):
 * the same answers, and "# interrupt" stops both.
 */
START_TEST(solve_with_two_threads_answers_the_same)
{
    static const char *const args[] = { "--threads", "2", "--memory", "64", NULL };
    Responses rs = pc_gtp_args(args, "boardsize 4 4\nsolve\n"
                                     "set_position Wxxx/xxxx/xxxx/xx1B b\nsolve 5\n"
                                     "boardsize 5 4\nsolve 60\nget_position\n");
    EXPECT_COUNT(&rs, 7);
    size_t n;
    char **w = solve_words(EXPECT_OK(&rs, 1, NULL), &n);
    ck_assert_str_eq(w[0], "loss");
    w = solve_words(EXPECT_OK(&rs, 3, NULL), &n);
    ck_assert_str_eq(w[0], "win");
    ck_assert_str_eq(w[1], "d1-c1/d1");
    w = solve_words(EXPECT_OK(&rs, 5, NULL), &n);
    ck_assert_str_eq(w[0], "win");
    Position start;
    position_start(&start, 5, 4);
    Move m;
    ck_assert_msg(move_from_text(w[1], 5, 4, &m) && is_legal_move(&start, WHITE, m), "move \"%s\"", w[1]);
    EXPECT_OK(&rs, 6, "1B1B1/B3B/W3W/1W1W1 w");
    check_interrupt_ends_solve(args);
}
END_TEST

/* ---- genmove's hand-over ---- */

/*
 * Small positions, won or lost for the side to move by the exhaustive
 * search: genmove must hand them to the solver (its --verbose line says so),
 * and a won one must be answered with a move that keeps the win.
 */
static void check_genmove_plays_proven_moves(const char *const *args)
{
    Memo memo = memo_new();
    Rng rng;
    rng_seed(&rng, 11);
    enum { EACH = 4 };
    Position positions[2 * EACH];
    int wins = 0, losses = 0;
    Buf script = { 0 };
    pc_buf_puts(&script, "boardsize 6\n");
    while (wins + losses < 2 * EACH) {
        Position pos = random_game(&rng, 6, 6, 10);
        if (!has_legal_move(&pos, pos.to_move))
            continue;
        bool won = exhaustive_wins(&memo, &pos);
        if (won ? wins == EACH : losses == EACH)
            continue;
        wins += won;
        losses += !won;
        positions[wins + losses - 1] = pos;
        char text[POSITION_TEXT_MAX];
        position_to_text(&pos, text);
        pc_buf_printf(&script, "set_position %s\ngenmove %s\n", text,
                      pos.to_move == WHITE ? "w" : "b");
    }
    Responses rs = pc_gtp_args(args, pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 1 + 2 * 2 * EACH);
    for (int i = 0; i < 2 * EACH; i++) {
        Position pos = positions[i];
        const char *answer = EXPECT_OK(&rs, 2 + 2 * i, NULL);
        Move m;
        ck_assert_msg(move_from_text(answer, 6, 6, &m) && is_legal_move(&pos, pos.to_move, m),
                      "genmove %d answered \"%s\"", i, answer);
        bool won = exhaustive_wins(&memo, &pos);
        position_make(&pos, m);
        if (won)
            ck_assert_msg(!exhaustive_wins(&memo, &pos), "genmove %d: %s gives the win away", i, answer);
    }
    int proven_wins = 0, proven_losses = 0;
    for (const char *at = rs.run->err; (at = strstr(at, "solver: ")); at++) {
        proven_wins += strncmp(at, "solver: win", 11) == 0;
        proven_losses += strncmp(at, "solver: loss", 12) == 0;
    }
    ck_assert_int_eq(proven_wins, EACH);
    ck_assert_int_eq(proven_losses, EACH);
}

START_TEST(genmove_plays_the_proven_move)
{
    static const char *const args[] = { "--verbose", "--time", "5", "--memory", "64", NULL };
    check_genmove_plays_proven_moves(args);
}
END_TEST

/* With two search threads the hand-over is a portfolio of two solvers (search/handover.h). */
START_TEST(genmove_with_two_threads_plays_the_proven_move)
{
    static const char *const args[] = { "--verbose", "--time", "5", "--memory", "64", "--threads", "2",
                                        NULL };
    check_genmove_plays_proven_moves(args);
}
END_TEST

/* solver_share=0 keeps the solver out of genmove; an open position never calls it. */
START_TEST(genmove_hand_over_can_be_switched_off)
{
    static const char *const off[] = { "--verbose", "--playouts", "50", "--param", "solver_share=0",
                                       NULL };
    Responses rs = pc_gtp_args(off, "boardsize 4 4\nset_position Wxxx/xxxx/xxxx/xx1B b\n"
                                    "genmove b\n");
    EXPECT_COUNT(&rs, 3);
    EXPECT_OK(&rs, 2, "d1-c1/d1");
    ck_assert_ptr_null(strstr(rs.run->err, "solver: "));
    static const char *const on[] = { "--verbose", "--playouts", "50", NULL };
    rs = pc_gtp_args(on, "boardsize 4 4\nset_position Wxxx/xxxx/xxxx/xx1B b\ngenmove b\n"
                         "boardsize 10\ngenmove w\n");
    EXPECT_COUNT(&rs, 5);
    EXPECT_OK(&rs, 2, "d1-c1/d1");
    const char *first = strstr(rs.run->err, "solver: win");
    ck_assert_msg(first && !strstr(first + 1, "solver: "), "stderr: %s", rs.run->err);
}
END_TEST

Suite *solve_command_suite(void)
{
    Suite *s = suite_create("solve_command");
    TCase *command = tcase_create("command");
    tcase_add_checked_fixture(command, NULL, pc_free_tracked);
    tcase_set_timeout(command, 60);
    tcase_add_test(command, solve_command_answers);
    tcase_add_test(command, solve_command_errors_change_nothing);
    tcase_add_test(command, solve_verbose_reports_on_stderr);
    tcase_add_test(command, genmove_plays_the_proven_move);
    tcase_add_test(command, genmove_hand_over_can_be_switched_off);
    suite_add_tcase(s, command);

    /*
     * A solve that runs while the input is watched needs a thread of its own
     * (tag "threads": the WebAssembly builds have none, and skip these).
     */
    TCase *watched = tcase_create("watched solve");
    tcase_set_tags(watched, "threads");
    tcase_add_checked_fixture(watched, NULL, pc_free_tracked);
    tcase_set_timeout(watched, 60);
    tcase_add_test(watched, solve_stops_on_interrupt);
    tcase_add_test(watched, solve_with_two_threads_answers_the_same);
    tcase_add_test(watched, genmove_with_two_threads_plays_the_proven_move);
    tcase_add_test(watched, solve_progress_names_the_move_searched);
    suite_add_tcase(s, watched);
    return s;
}
