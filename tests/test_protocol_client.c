/*
 * test_protocol_client.c - the live engine client (live_engine.h) against the
 * real binary: one command at a time, pipelined commands answered in order,
 * reads that time out without losing anything, stderr, end of input, quit,
 * and a wait that kills an engine that does not exit.
 */
#include <signal.h>
#include <string.h>

#include "board_model.h"
#include "live_engine.h"
#include "protocol_client.h"
#include "search/timeman.h" /* monotonic_seconds */
#include "tests.h"

static LiveEngine *engine; /* the test's engine, freed by the teardown */

static void free_engine(void)
{
    live_free(engine);
    engine = NULL;
    pc_free_tracked();
}

static double now_ms(void) { return monotonic_seconds() * 1e3; }

static void expect_response(const Response *r, const char *id, const char *body)
{
    ck_assert_msg(r->ok, "response %s failed: \"%s\"", id, r->body);
    ck_assert_str_eq(r->id, id);
    if (body)
        ck_assert_str_eq(r->body, body);
}

START_TEST(test_one_command_at_a_time)
{
    Responses whole = pc_gtp("name\n"); /* the same engine fed a whole script */
    const char *name = EXPECT_OK(&whole, 0, NULL);

    engine = live_start(PC_FAST);
    live_send_ok(engine, "1 protocol_version");
    const char *raw = live_read_response(engine, LIVE_ANSWER_MS);
    ck_assert_msg(raw && strcmp(raw, "=1 2") == 0, "protocol_version answered \"%s\"", raw ? raw : "(nothing)");
    live_send_ok(engine, "2 name\n");
    Response r = live_next_response(engine);
    expect_response(&r, "2", name);

    /* Line by line: the answer, then the empty line that ends it. */
    live_send_ok(engine, "3 protocol_version");
    ck_assert_str_eq(live_next_line(engine), "=3 2");
    ck_assert_str_eq(live_next_line(engine), "");

    /* A multi-line answer comes whole. */
    live_send_ok(engine, "4 showboard");
    r = live_next_response(engine);
    expect_response(&r, "4", NULL);
    Board start = bm_of(START_10);
    bm_check_showboard(r.body, &start);

    /* End of input: the engine exits cleanly and quietly. */
    live_close_stdin(engine);
    ck_assert_int_eq(live_wait(engine, LIVE_ANSWER_MS), 0);
    ck_assert(!engine->timed_out);
    ck_assert_ptr_null(live_read_line(engine, LIVE_ANSWER_MS));
    ck_assert(engine->out_eof);
    ck_assert_str_eq(live_stderr(engine), "");
}
END_TEST

START_TEST(test_pipelined_commands)
{
    engine = live_start(PC_FAST);
    /* Two commands written before either answer is read, then two in one write. */
    live_send_ok(engine, "10 protocol_version");
    live_send_ok(engine, "11 get_position");
    live_send_ok(engine, "12 known_command play\n13 play w d1-d7/g7");
    Response r = live_next_response(engine);
    expect_response(&r, "10", "2");
    r = live_next_response(engine);
    expect_response(&r, "11", START_10);
    r = live_next_response(engine);
    expect_response(&r, "12", "true");
    r = live_next_response(engine);
    expect_response(&r, "13", "");
    /* An error is a response like any other, in its place. */
    live_send_ok(engine, "14 play w d1-d7/g7\n15 get_position");
    r = live_next_response(engine);
    ck_assert_msg(!r.ok && strcmp(r.id, "14") == 0, "replaying d1-d7/g7 should fail: %s", r.body);
    r = live_next_response(engine);
    expect_response(&r, "15", NULL);
    Board want = bm_after(bm_of(START_10), 'W', "d1-d7/g7");
    Board got = bm_of(r.body);
    ck_assert_msg(bm_equal(&got, &want), "position %s, expected %s", r.body, bm_text(&want));
}
END_TEST

START_TEST(test_reads_time_out_without_losing_anything)
{
    engine = live_start(PC_FAST);
    double start = now_ms();
    ck_assert_ptr_null(live_read_line(engine, 150));
    ck_assert_ptr_null(live_read_response(engine, 150));
    double waited = now_ms() - start;
    ck_assert_msg(waited >= 299, "two reads of 150 ms returned after %.0f ms", waited);

    /* The line written after the timeouts is answered, and the answer is whole. */
    live_send_ok(engine, "7 protocol_version");
    Response r = live_next_response(engine);
    expect_response(&r, "7", "2");
    ck_assert_ptr_null(live_read_response(engine, 100));
}
END_TEST

START_TEST(test_stderr_and_quit)
{
    const char *const verbose[] = { "--playouts", "50", "--seed", "1", "--memory", "16", "--verbose", NULL };
    engine = live_start(verbose);
    live_send_ok(engine, "1 genmove w");
    Response r = live_next_response(engine);
    expect_response(&r, "1", NULL);
    ck_assert_msg(strstr(live_stderr(engine), "search: ") != NULL, "--verbose wrote no summary: \"%s\"",
                  live_stderr(engine));

    live_send_ok(engine, "2 quit");
    r = live_next_response(engine);
    expect_response(&r, "2", "");
    double start = now_ms();
    ck_assert_ptr_null(live_read_line(engine, LIVE_ANSWER_MS)); /* end of output, not a timeout */
    ck_assert_msg(now_ms() - start < LIVE_ANSWER_MS, "end of output seen only at the timeout");
    ck_assert_int_eq(live_wait(engine, LIVE_ANSWER_MS), 0);
    ck_assert_msg(!live_send(engine, "name"), "a write to an engine that has exited succeeded");
}
END_TEST

START_TEST(test_wait_kills_on_expiry)
{
    engine = live_start(PC_FAST); /* stdin stays open: the engine waits for input */
    double start = now_ms();
    ck_assert_int_eq(live_wait(engine, 200), -1);
    ck_assert_msg(now_ms() - start >= 199, "live_wait gave up early");
    ck_assert(engine->timed_out);
    ck_assert_int_eq(engine->signal, SIGKILL);
}
END_TEST

Suite *protocol_client_suite(void)
{
    Suite *s = suite_create("protocol_client");
    TCase *live = tcase_create("live engine");
    tcase_add_checked_fixture(live, NULL, free_engine);
    tcase_set_timeout(live, 60);
    tcase_add_test(live, test_one_command_at_a_time);
    tcase_add_test(live, test_pipelined_commands);
    tcase_add_test(live, test_reads_time_out_without_losing_anything);
    tcase_add_test(live, test_stderr_and_quit);
    tcase_add_test(live, test_wait_kills_on_expiry);
    suite_add_tcase(s, live);
    return s;
}
