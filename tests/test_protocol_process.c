/*
 * test_protocol_process.c - the `amazons` binary as a process: its flags,
 * exit statuses, end of input, quit, where diagnostics go; and the framing
 * of the protocol stream: ids, preprocessing, pipelined commands, long lines,
 * binary junk and argument limits (PROTOCOL.md §2).
 *
 * Every run is a fresh process fed a whole script on stdin (protocol_client.h).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "eval/params.h"
#include "tests.h"
#include "protocol_client.h"

enum { MAX_LINE = 65536 }; /* the longest line the protocol accepts */

/* ------------------------------------------------------------------------ */
/* Process-level behaviour.                                                   */

START_TEST(test_help_and_version_flags)
{
    const char *const help[] = { "--help", NULL };
    Run *run = pc_run(help, "", 0);
    pc_expect_clean_exit(run);
    ck_assert_msg(strstr(run->out, "--playouts") && strstr(run->out, "--help"),
                  "--help should describe the options: %.300s", run->out);
    ck_assert_msg(run->err_length == 0, "--help wrote to stderr: %s", run->err);

    const char *const version[] = { "--version", NULL };
    run = pc_run(version, "name\n", 5);
    pc_expect_clean_exit(run);
    Responses rs = pc_gtp("name\nversion\n");
    char want[256];
    snprintf(want, sizeof want, "%s %s\n", EXPECT_OK(&rs, 0, NULL), EXPECT_OK(&rs, 1, NULL));
    ck_assert_msg(strcmp(run->out, want) == 0, "--version printed \"%s\", expected \"%s\"",
                  run->out, want);
    ck_assert_msg(run->err_length == 0, "--version wrote to stderr: %s", run->err);
}
END_TEST

START_TEST(test_bad_flags_exit_2)
{
    static const char *const bad[][4] = {
        { "--bogus", NULL },
        { "--playouts", "abc", NULL },
        { "--playouts", "-5", NULL },
        { "--threads", "0", NULL },
        { "--time", "-1", NULL },
        { "--seed", NULL },
        { "extra", NULL },
        { "--param", "no_such_parameter=1", NULL },
        { "--param", "exploration=99", NULL },
        { "--param", "widen_base=1.5", NULL },
        { "--param", "king_weight", NULL },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Run *run = pc_run(bad[i], "name\nquit\n", 10);
        ck_assert_msg(!run->timed_out && run->signal == 0, "%s: did not exit", bad[i][0]);
        ck_assert_msg(run->exit_code == 2, "%s %s: exit status %d, expected 2", bad[i][0],
                      bad[i][1] ? bad[i][1] : "", run->exit_code);
        ck_assert_msg(run->err_length > 0, "%s: no message on stderr", bad[i][0]);
        ck_assert_msg(run->out_length == 0, "%s: wrote to stdout: %s", bad[i][0], run->out);
    }
    /* The message names the flag and the value it refused. */
    static const struct {
        const char *args[3];
        const char *says;
    } named[] = {
        { { "--threads", "0", NULL }, "amazons: invalid value '0' for --threads\n" },
        { { "--eval", "bogus", NULL }, "amazons: invalid value 'bogus' for --eval\n" },
        { { "--weights", "/nonexistent/weights", NULL },
          "amazons: --weights /nonexistent/weights: cannot open the weights file\n" },
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        Run *run = pc_run(named[i].args, "name\nquit\n", 10);
        ck_assert_int_eq(run->exit_code, 2);
        ck_assert_msg(strncmp(run->err, named[i].says, strlen(named[i].says)) == 0, "%s %s: stderr \"%s\"",
                      named[i].args[0], named[i].args[1], run->err);
    }
}
END_TEST

START_TEST(test_param_flags)
{
    /* --list-params: one line per parameter, name default min max type description. */
    const char *const list[] = { "--list-params", NULL };
    Run *run = pc_run(list, "", 0);
    pc_expect_clean_exit(run);
    ck_assert_msg(run->err_length == 0, "--list-params wrote to stderr: %s", run->err);
    int lines = 0;
    for (char *line = run->out; *line; lines++) {
        char name[64], type[8];
        double initial, min, max;
        ck_assert_msg(sscanf(line, "%63s %lf %lf %lf %7s", name, &initial, &min, &max, type) == 5,
                      "bad line: %.100s", line);
        ck_assert_int_eq(param_find(name), lines);
        ck_assert(min <= initial && initial <= max);
        ck_assert(strcmp(type, "int") == 0 || strcmp(type, "real") == 0);
        char *end = strchr(line, '\n');
        ck_assert_ptr_nonnull(end);
        /* A board size's own default is named at the end of the line. */
        if (lines == P_SOLVER_SHARE)
            ck_assert_msg(end - line > 11 && strncmp(end - 11, " (6x6: 0.5)", 11) == 0,
                          "solver_share line lacks its 6x6 default: %.*s", (int)(end - line), line);
        line = end + 1;
    }
    ck_assert_int_eq(lines, PARAM_COUNT);

    /* A valid --param reaches the evaluation: the estimate of the start position changes. */
    const char *const tie_share[] = { "--param", "tie_share=1", "--param", "king_weight=2", NULL };
    Responses plain = pc_gtp("final_score\n"), changed = pc_gtp_args(tie_share, "final_score\n");
    const char *before = EXPECT_OK(&plain, 0, NULL), *after = EXPECT_OK(&changed, 0, NULL);
    ck_assert_msg(strcmp(before, after) != 0, "final_score %s with and without --param", before);
}
END_TEST

START_TEST(test_eof_without_quit)
{
    /* No input at all, default options. */
    Run *run = pc_run(NULL, "", 0);
    pc_expect_clean_exit(run);
    ck_assert_msg(run->out_length == 0, "no input, yet stdout: %s", run->out);

    /* Commands then end of input: every command answered, status 0. */
    Responses rs = pc_gtp_args(NULL, "name\nboardsize 6\nget_position\n");
    EXPECT_COUNT(&rs, 3);
    EXPECT_OK(&rs, 2, "1B2B1/B4B/6/6/W4W/1W2W1 w");

    /* A last line without its newline is still a command. */
    rs = pc_gtp("1 protocol_version\n2 name");
    EXPECT_COUNT(&rs, 2);
    EXPECT_OK(&rs, 0, "2");
    ck_assert_str_eq(rs.items[1].id, "2");
    EXPECT_OK(&rs, 1, NULL);
}
END_TEST

START_TEST(test_quit_stops_processing)
{
    /* quit answers, then nothing else is read, even with much input left. */
    Buf script = { 0 };
    pc_buf_puts(&script, "1 name\n2 quit\n3 name\nboardsize 5\n");
    for (int i = 0; i < 20000; i++)
        pc_buf_puts(&script, "protocol_version\n");
    size_t length = script.length;
    Responses rs = pc_gtp_bytes(PC_FAST, pc_buf_keep(&script), length);
    EXPECT_COUNT(&rs, 2);
    ck_assert_str_eq(rs.items[0].id, "1");
    ck_assert_str_eq(rs.items[1].id, "2");
    EXPECT_OK(&rs, 1, "");

    /* Without an id the answer is a bare "=". */
    Run *run = pc_run(PC_FAST, "quit\nname\n", 10);
    pc_expect_clean_exit(run);
    ck_assert_str_eq(run->out, "=\n\n");

    /* quit with an argument is an error and the session goes on. */
    rs = pc_gtp("quit now\nname\nquit\nname\n");
    EXPECT_COUNT(&rs, 3);
    EXPECT_ERROR(&rs, 0, "syntax error");
    EXPECT_OK(&rs, 1, NULL);
    EXPECT_OK(&rs, 2, "");
}
END_TEST

START_TEST(test_verbose_goes_to_stderr)
{
    const char *const verbose[] = { "--playouts", "100", "--seed", "1", "--verbose", "--memory", "16", NULL };
    const char *script = "genmove w\ngenmove b\nreg_genmove w\nname\nquit\n";
    Run *run = pc_run(verbose, script, strlen(script));
    pc_expect_clean_exit(run);
    Responses rs = pc_split_responses(run); /* asserts stdout is nothing but responses */
    EXPECT_COUNT(&rs, 5);
    for (size_t i = 0; i < 5; i++)
        EXPECT_OK(&rs, i, NULL);
    ck_assert_msg(run->err_length > 0, "--verbose printed no search summary on stderr");
    ck_assert_msg(strstr(run->out, "iterations") == NULL, "search summary on stdout: %s", run->out);

    /* Without --verbose nothing at all goes to stderr. */
    run = pc_run(PC_FAST, script, strlen(script));
    pc_expect_clean_exit(run);
    rs = pc_split_responses(run);
    EXPECT_COUNT(&rs, 5);
    ck_assert_msg(run->err_length == 0, "stderr without --verbose: %s", run->err);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Framing: ids, preprocessing, pipelining, long lines, junk.                 */

START_TEST(test_ids)
{
    Responses rs = pc_gtp(
        "1 name\n"
        "42 foo\n"
        "123456789012345678901234567890 protocol_version\n"
        "007 known_command name\n"
        "0 version\n"
        "5\n"
        "name\n"
        "9 play w zz\n"
        "12abc name\n"
        "-3 name\n"
        "   77    protocol_version   \n"
        "3 showboard\n"
        "4 known_command\n"
        "protocol_version\n"
        "8 quit\n");
    EXPECT_COUNT(&rs, 15);
    const char *ids[] = { "1", "42", "123456789012345678901234567890", "007", "0", "5", "",
                          "9", "", "", "77", "3", "4", "", "8" };
    for (size_t i = 0; i < 15; i++)
        ck_assert_msg(strcmp(rs.items[i].id, ids[i]) == 0, "response %zu has id \"%s\", expected \"%s\"",
                      i, rs.items[i].id, ids[i]);
    EXPECT_OK(&rs, 0, NULL);
    EXPECT_ERROR(&rs, 1, "unknown command");
    EXPECT_OK(&rs, 2, "2");
    EXPECT_OK(&rs, 3, "true");
    EXPECT_OK(&rs, 4, NULL);
    EXPECT_ERROR(&rs, 5, "");
    EXPECT_OK(&rs, 6, rs.items[0].body);
    EXPECT_ERROR(&rs, 7, "syntax error: invalid move");
    EXPECT_ERROR(&rs, 8, "unknown command");
    EXPECT_ERROR(&rs, 9, "unknown command");
    EXPECT_OK(&rs, 10, "2");
    ck_assert_msg(EXPECT_OK(&rs, 11, NULL)[0] == '\n', "showboard should start on a new line");
    EXPECT_ERROR(&rs, 12, "syntax error");
    EXPECT_OK(&rs, 13, "2");
    EXPECT_OK(&rs, 14, "");

    /* Exact bytes: "=ID result", "?ID message", no id "= result", newline results right after "=ID". */
    const char *input = "7 protocol_version\n8 nope\nprotocol_version\nnope\n9 showboard\n";
    const char *want = "=7 2\n\n?8 unknown command\n\n= 2\n\n? unknown command\n\n=9\n   a b";
    Run *run = pc_run(PC_FAST, input, strlen(input));
    pc_expect_clean_exit(run);
    ck_assert_msg(strncmp(run->out, want, strlen(want)) == 0, "unexpected framing: \"%.120s\"", run->out);
}
END_TEST

START_TEST(test_preprocessing)
{
    static const char script[] =
        "name\r\n"                          /* 0: CR dropped */
        "\tname\t\n"                        /* 1: tabs are spaces */
        "protocol_version # a comment\n"    /* 2 */
        "# interrupt\n"                     /* none */
        "#name\n"                           /* none */
        "1\tknown_command\tplay\n"          /* 3 */
        "na\001me\n"                        /* 4: control characters dropped */
        "\177pro\033tocol_version\b\n"      /* 5 */
        "na\0me\n"                          /* 6: NUL is a control character */
        "   \n"                             /* none */
        "\n"                                /* none */
        "\t \t\n"                           /* none */
        "\r\n"                              /* none */
        "\001\002\003\n"                    /* none */
        "\0\n"                              /* none */
        "2 name#comment\n"                  /* 7 */
        "boardsize 6 # play w a1-a2/a3\n"   /* 8: the comment is not executed */
        "get_position\n"                    /* 9 */
        "# interrupt\n"
        "known_command\tshowboard  \r\n"    /* 10 */
        "3 #\n"                             /* 11: id only */
        "\r\n\r\n"
        "# interrupt\n";
    Responses rs = pc_gtp_bytes(PC_FAST, script, sizeof script - 1);
    EXPECT_COUNT(&rs, 12);
    const char *name = EXPECT_OK(&rs, 0, NULL);
    ck_assert_msg(*name && !strchr(name, '\r'), "name \"%s\"", name);
    EXPECT_OK(&rs, 1, name);
    EXPECT_OK(&rs, 2, "2");
    EXPECT_OK(&rs, 3, "true");
    ck_assert_str_eq(rs.items[3].id, "1");
    EXPECT_OK(&rs, 4, name);
    EXPECT_OK(&rs, 5, "2");
    EXPECT_OK(&rs, 6, name);
    EXPECT_OK(&rs, 7, name);
    ck_assert_str_eq(rs.items[7].id, "2");
    EXPECT_OK(&rs, 8, "");
    EXPECT_OK(&rs, 9, "1B2B1/B4B/6/6/W4W/1W2W1 w");
    EXPECT_OK(&rs, 10, "true");
    EXPECT_ERROR(&rs, 11, "");
    ck_assert_str_eq(rs.items[11].id, "3");

    /* Blank and comment-only input: no response at all. */
    static const char blank[] = "\n\n   \n\t\n# interrupt\n#\n\r\n\001\n";
    Run *run = pc_run(PC_FAST, blank, sizeof blank - 1);
    pc_expect_clean_exit(run);
    ck_assert_msg(run->out_length == 0, "blank lines answered: \"%s\"", run->out);
}
END_TEST

START_TEST(test_pipelined_commands_in_order)
{
    static const char *const commands[][2] = {
        { "protocol_version", "2" },
        { "get_position", START_10 },
        { "known_command play", "true" },
        { "known_command pass", "false" },
        { "komi 0.5", "" },
        { "perft 0", "1" },
        { "bogus", NULL },
        { "final_score x", NULL },
    };
    enum { N = 600, KINDS = sizeof commands / sizeof commands[0] };
    Buf script = { 0 };
    for (int i = 0; i < N; i++) {
        pc_buf_printf(&script, "%d %s\n", i + 1, commands[i % KINDS][0]);
        if (i % 7 == 0)
            pc_buf_puts(&script, "# interrupt\n\n");
    }
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, N);
    for (int i = 0; i < N; i++) {
        char id[16];
        snprintf(id, sizeof id, "%d", i + 1);
        ck_assert_msg(strcmp(rs.items[i].id, id) == 0, "response %d has id %s", i, rs.items[i].id);
        const char *want = commands[i % KINDS][1];
        if (want)
            EXPECT_OK(&rs, (size_t)i, want);
        else
            ck_assert_msg(!rs.items[i].ok, "\"%s\" should fail", commands[i % KINDS][0]);
    }
}
END_TEST

START_TEST(test_long_lines)
{
    Buf script = { 0 };
    /* A line just too long, whose tail looks like a command: dropped whole. */
    pc_buf_repeat(&script, 'a', MAX_LINE);
    pc_buf_puts(&script, " name\n");
    pc_buf_puts(&script, "1 name\n");
    /* A command padded past the limit is refused, not executed, and gets no id. */
    pc_buf_puts(&script, "5 play w d1-d7/g7");
    pc_buf_repeat(&script, ' ', 70000);
    pc_buf_puts(&script, "\n2 get_position\n");
    /* Exactly at the limit: still a command. */
    pc_buf_puts(&script, "3 name");
    pc_buf_repeat(&script, ' ', MAX_LINE - 6);
    pc_buf_puts(&script, "\n");
    /* One byte over. */
    pc_buf_puts(&script, "4 name");
    pc_buf_repeat(&script, ' ', MAX_LINE - 5);
    pc_buf_puts(&script, "\n");
    /* A megabyte, then normal service. */
    pc_buf_repeat(&script, 'z', 1 << 20);
    pc_buf_puts(&script, "\n6 play w d1-d7/g7\n7 get_position\n");
    /* A too-long last line without a newline. */
    pc_buf_repeat(&script, 'q', MAX_LINE + 10);
    size_t length = script.length;
    Responses rs = pc_gtp_bytes(PC_FAST, pc_buf_keep(&script), length);
    EXPECT_COUNT(&rs, 10);
    EXPECT_ERROR(&rs, 0, "line too long");
    ck_assert_str_eq(rs.items[0].id, "");
    const char *name = EXPECT_OK(&rs, 1, NULL);
    EXPECT_ERROR(&rs, 2, "line too long");
    ck_assert_str_eq(rs.items[2].id, "");
    EXPECT_OK(&rs, 3, START_10);
    EXPECT_OK(&rs, 4, name);
    ck_assert_str_eq(rs.items[4].id, "3");
    EXPECT_ERROR(&rs, 5, "line too long");
    EXPECT_ERROR(&rs, 6, "line too long");
    EXPECT_OK(&rs, 7, "");
    EXPECT_OK(&rs, 8, "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b");
    EXPECT_ERROR(&rs, 9, "line too long");
}
END_TEST

static uint64_t junk_state = 0x9e3779b97f4a7c15ULL;

static unsigned junk_byte(void)
{
    junk_state = junk_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(junk_state >> 56);
}

/* Mostly uniform bytes, with extra newlines, NULs, 0xFF, digits and spaces. */
static char junk_char(void)
{
    unsigned b = junk_byte();
    if (b < 16)
        return '\n';
    if (b < 24)
        return '\0';
    if (b < 32)
        return (char)0xff;
    if (b < 40)
        return (char)('0' + b % 10);
    if (b < 44)
        return ' ';
    return (char)junk_byte();
}

/* How many responses the protocol owes for this input, by the GTP v2 rules. */
static size_t expected_response_count(const unsigned char *input, size_t length)
{
    size_t count = 0, start = 0;
    while (start < length) {
        size_t end = start;
        while (end < length && input[end] != '\n')
            end++;
        if (end - start > MAX_LINE) {
            count++;
        } else {
            bool word = false;
            for (size_t i = start; i < end && input[i] != '#'; i++)
                if (input[i] > ' ' && input[i] != 127)
                    word = true;
            count += word;
        }
        start = end + 1;
    }
    return count;
}

START_TEST(test_binary_junk)
{
    for (int round = 0; round < 4; round++) {
        Buf script = { 0 };
        for (int i = 0; i < 40000; i++) {
            char c = junk_char();
            pc_buf_add(&script, &c, 1);
        }
        if (round == 1) /* an overlong junk line without newlines */
            for (int i = 0; i < MAX_LINE + 100; i++) {
                char c = (char)junk_byte();
                if (c == '\n')
                    c = 0;
                pc_buf_add(&script, &c, 1);
            }
        pc_buf_puts(&script, "\n");
        size_t junk_length = script.length;
        size_t expected = expected_response_count((const unsigned char *)script.data, junk_length);
        ck_assert_msg(expected > 100, "round %d: the junk should make many responses", round);
        pc_buf_puts(&script, "999 get_position\n999 name\n");
        size_t length = script.length;
        Responses rs = pc_gtp_bytes(PC_FAST, pc_buf_keep(&script), length);
        ck_assert_msg(rs.count == expected + 2, "round %d: %zu responses to junk, expected %zu",
                      round, rs.count - 2, expected);
        for (size_t i = 0; i < expected; i++)
            ck_assert_msg(!rs.items[i].ok, "round %d: junk line %zu succeeded: \"%s\"", round, i,
                          rs.items[i].body);
        EXPECT_OK(&rs, expected, START_10);
        ck_assert_str_eq(rs.items[expected + 1].id, "999");
        EXPECT_OK(&rs, expected + 1, NULL);
    }
}
END_TEST

START_TEST(test_too_many_arguments)
{
    /* At most 64 arguments, with or without an id. */
    Buf script = { 0 };
    pc_buf_puts(&script, "1 known_command");
    for (int i = 0; i < 65; i++)
        pc_buf_puts(&script, " x");
    pc_buf_puts(&script, "\n2 known_command");
    for (int i = 0; i < 64; i++)
        pc_buf_puts(&script, " x");
    pc_buf_puts(&script, "\nknown_command");
    for (int i = 0; i < 65; i++)
        pc_buf_puts(&script, " x");
    pc_buf_puts(&script, "\nknown_command");
    for (int i = 0; i < 64; i++)
        pc_buf_puts(&script, " x");
    pc_buf_puts(&script, "\nplay w d1-d7/g7");
    for (int i = 0; i < 100; i++)
        pc_buf_puts(&script, " d1-d7/g7");
    pc_buf_puts(&script, "\nget_position\n");
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 6);
    EXPECT_ERROR(&rs, 0, "too many arguments");
    ck_assert_str_eq(rs.items[0].id, "1");
    EXPECT_ERROR(&rs, 1, "syntax error");
    ck_assert_str_eq(rs.items[1].id, "2");
    EXPECT_ERROR(&rs, 2, "too many arguments");
    EXPECT_ERROR(&rs, 3, "syntax error");
    EXPECT_ERROR(&rs, 4, "too many arguments");
    EXPECT_OK(&rs, 5, START_10);
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *protocol_process_suite(void)
{
    Suite *s = suite_create("protocol_process");

    TCase *process = tcase_create("process");
    tcase_add_checked_fixture(process, NULL, pc_free_tracked);
    tcase_set_timeout(process, 60);
    tcase_add_test(process, test_help_and_version_flags);
    tcase_add_test(process, test_bad_flags_exit_2);
    tcase_add_test(process, test_param_flags);
    tcase_add_test(process, test_eof_without_quit);
    tcase_add_test(process, test_quit_stops_processing);
    tcase_add_test(process, test_verbose_goes_to_stderr);
    suite_add_tcase(s, process);

    TCase *framing = tcase_create("framing");
    tcase_add_checked_fixture(framing, NULL, pc_free_tracked);
    tcase_set_timeout(framing, 60);
    tcase_add_test(framing, test_ids);
    tcase_add_test(framing, test_preprocessing);
    tcase_add_test(framing, test_pipelined_commands_in_order);
    tcase_add_test(framing, test_long_lines);
    tcase_add_test(framing, test_binary_junk);
    tcase_add_test(framing, test_too_many_arguments);
    suite_add_tcase(s, framing);

    return s;
}
