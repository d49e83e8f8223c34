/*
 * test_match_engines.c - how amazons-match starts engines and names them:
 * `name` first to every process, its answer naming the engine in every
 * table, results file and SGF record (told apart when equal, overridden by
 * --name1/--name2); and an engine that cannot start (not found, exits at
 * once, silent, garbled) stopping the run with a message and exit status 3
 * instead of forfeiting game after game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_run.h"
#include "tests.h"

enum { EXIT_CANNOT_START = 3 };

/* ---- names ---- */

/* The illegal-move engine answering `name` with `name` (backslash escapes work). */
static const char *named_fake(const char *name)
{
    static char command[2][1200];
    static int next;
    char *out = command[next++ % 2];
    snprintf(out, sizeof command[0], "FAKE_NAME='%s' %s", name, fixture("illegal_engine.sh", NULL));
    return out;
}

/* The engine's row in the records table says it played `games` games. */
static void assert_row(const Run *run, const char *name, int games)
{
    int v[3];
    table_row(run, name, 0, v, 3);
    ck_assert_msg(v[0] == games, "%s: %d games, want %d\n%s", name, v[0], games, run->out);
}

/* Plays 2 quick games and checks the names everywhere they appear. */
static void check_names(const char *const *engine_args, const char *first, const char *second)
{
    make_temp_dir();
    const char *sgf = temp_path("n.sgf"), *results = temp_path("n.jsonl");
    const char *args[MAX_ARGS] = { "--size", "6", "-n", "2", "--move-time", "5", "--sgf", sgf, "--results", results };
    int argc = 10;
    for (int i = 0; engine_args[i]; i++)
        args[argc++] = engine_args[i];
    args[argc] = NULL;
    Run *run = malloc(sizeof *run), *merged = malloc(sizeof *merged);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->err);
    /* The tables, the progress lines. */
    assert_row(run, first, 2);
    assert_row(run, second, 2);
    char line[256];
    snprintf(line, sizeof line, "%s vs %s: 2 games on 6x6", first, second);
    ck_assert_msg(strstr(run->err, line), "want \"%s\" in:\n%s", line, run->err);
    snprintf(line, sizeof line, "game 1: %s (W) vs %s (B): ", first, second);
    ck_assert_msg(strstr(run->err, line), "want \"%s\" in:\n%s", line, run->err);
    snprintf(line, sizeof line, "Score of %s: ", first);
    ck_assert_msg(strstr(run->out, line), "want \"%s\" in:\n%s", line, run->out);
    /* The SGF records. */
    static Game games[3];
    static SgfInfo infos[3];
    char *text = read_file(sgf);
    ck_assert_int_eq(parse_collection(text, games, infos, 3), 2);
    free(text);
    ck_assert_str_eq(infos[0].white, first);
    ck_assert_str_eq(infos[0].black, second);
    ck_assert_str_eq(infos[1].white, second);
    /* The results file, and its merge into the same table. */
    static char lines[3][LINE_MAX_TEST];
    ck_assert_int_eq(file_lines(results, lines, 3), 2);
    char value[256];
    ck_assert(json_field(lines[0], "white", value, sizeof value));
    ck_assert_str_eq(value, first);
    ck_assert(json_field(lines[0], "black", value, sizeof value));
    ck_assert_str_eq(value, second);
    run_program(merged, (const char *[]){ "--merge", results, NULL });
    ck_assert_msg(merged->status == 0, "exit %d:\n%s", merged->status, merged->err);
    ck_assert_str_eq(merged->out, run->out);
    free(run);
    free(merged);
    remove_temp_dir();
}

START_TEST(test_names_from_engines)
{
    check_names((const char *[]){ "--engine1", real_engine(), "--engine2", named_fake("Fake Engine 2.1"), NULL },
                "Amazons", "Fake Engine 2.1");
    /* The same answer twice: the second engine gets its number. */
    check_names((const char *[]){ "--engine1", real_engine(), "--engine2", real_engine(), NULL },
                "Amazons", "Amazons (2)");
    /* The first line only, blanks collapsed, cut to 40 bytes, never inside a character. */
    check_names((const char *[]){ "--engine1", named_fake("  Deep \\t  Thought \\nversion 2"), "--engine2",
                                  named_fake("123456789012345678901234567890123456789\\0303\\0251x"), NULL },
                "Deep Thought", "123456789012345678901234567890123456789");
}
END_TEST

START_TEST(test_names_given_and_fallback)
{
    /* --name2 keeps its name; the engine that only answered gets its number. */
    check_names((const char *[]){ "--name2", "Amazons", "--engine1", real_engine(), "--engine2",
                                  named_fake("other"), NULL },
                "Amazons (1)", "Amazons");
    check_names((const char *[]){ "--name1", "mine", "--engine1", real_engine(), "--engine2", real_engine(), NULL },
                "mine", "Amazons");
    /* No name answered: the program's file name, through the shell wrapper. */
    check_names((const char *[]){ "--engine1", real_engine(), "--engine2", fixture("illegal_engine.sh", NULL),
                                  NULL },
                "Amazons", "illegal_engine.sh");
}
END_TEST

/* --anchor in a match is found among the names the engines gave. */
START_TEST(test_anchor_by_answered_name)
{
    make_temp_dir();
    const char *results = temp_path("a.jsonl");
    Run *run = malloc(sizeof *run);
    run_program(run, (const char *[]){ "-q", "--size", "6", "-n", "2", "--anchor", "Amazons (2)", "--results",
                                       results, "--engine1", real_engine(), "--engine2", real_engine(), NULL });
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->err);
    static char lines[3][LINE_MAX_TEST];
    ck_assert_int_eq(file_lines(results, lines, 3), 2);
    ck_assert_msg(strstr(lines[0], "\"anchor\":\"Amazons (2)\""), "%s", lines[0]);
    run_refused(run, (const char *[]){ "-q", "--size", "6", "--anchor", "nobody", "--engine1", real_engine(),
                                       "--engine2", real_engine(), NULL },
                "--anchor 'nobody' names none of the engines (Amazons, Amazons (2))");
    free(run);
    remove_temp_dir();
}
END_TEST

/* `name` is the first command of every process, restarted ones too. */
START_TEST(test_name_first)
{
    make_temp_dir();
    char command[1200];
    snprintf(command, sizeof command, "FAKE_LOG=%s %s", temp_path("log"), fixture("illegal_engine.sh", NULL));
    Run *run = malloc(sizeof *run);
    run_program(run, (const char *[]){ "-q", "--size", "6", "-n", "3", "--fresh-engines", "--engine1",
                                       real_engine(), "--engine2", command, NULL });
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->err);
    char *log = read_file(temp_path("log"));
    ck_assert_msg(strncmp(log, "name\nboardsize 6\n", 17) == 0, "%s", log);
    int starts = 0;
    for (const char *p = log; (p = strstr(p, "name\n")); p++)
        starts++;
    ck_assert_int_eq(starts, 3);
    ck_assert_msg(!strstr(log, "quit\nboardsize") && strstr(log, "quit\nname\nboardsize 6"), "%s", log);
    free(log);
    free(run);
    remove_temp_dir();
}
END_TEST

/* ---- engines that cannot start ---- */

/* Insists on exit status 3, no table, and the engine, the reason and the command on stderr. */
static void check_cannot_start(const char *command, const char *name_args[2], const char *who, const char *why)
{
    const char *args[MAX_ARGS] = { "--size", "6", "-n", "4", "--command-timeout", "0.5", "--engine1", real_engine(),
                                   "--engine2", command };
    int argc = 10;
    for (int i = 0; name_args && i < 2; i++)
        args[argc++] = name_args[i];
    args[argc] = NULL;
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == EXIT_CANNOT_START, "exit %d:\n%s\n%s", run->status, run->out, run->err);
    ck_assert_str_eq(run->out, "");
    char message[512];
    snprintf(message, sizeof message, "amazons-match: %s (engine 2) cannot start: %s\n", who, why);
    ck_assert_msg(strstr(run->err, message), "want \"%s\" in:\n%s", message, run->err);
    snprintf(message, sizeof message, "amazons-match: its command: %s\n", command);
    ck_assert_msg(strstr(run->err, message), "want \"%s\" in:\n%s", message, run->err);
    ck_assert_msg(!strstr(run->err, "[1/"), "a game was played:\n%s", run->err);
    ck_assert_msg(run->seconds < 5, "took %.1f s", run->seconds);
    free(run);
}

START_TEST(test_cannot_start)
{
    check_cannot_start("/nonexistent/engine --flag", (const char *[]){ "--name2", "ghost" }, "ghost",
                       "exited with status 127 (command not found?)");
    check_cannot_start("sh -c 'exit 4'", NULL, "exit", "exited with status 4");
    check_cannot_start("sleep 30", NULL, "sleep", "did not answer 'name' within 0.5 s");
    check_cannot_start("echo hello; sleep 30", NULL, "echo",
                       "answered 'name' with a malformed reply: it does not start with '=' or '?'");
    check_cannot_start(fixture("crash_engine.sh", "1 SEGV"), NULL, "crash_engine.sh", "killed by signal 11 (SIGSEGV)");
}
END_TEST

/* In a tournament too, by the name it was given. */
START_TEST(test_cannot_start_in_tournament)
{
    char specs[3][1200];
    snprintf(specs[0], sizeof specs[0], "a=%s", real_engine());
    snprintf(specs[1], sizeof specs[1], "b=%s", "/nonexistent/engine");
    snprintf(specs[2], sizeof specs[2], "c=%s", real_engine());
    Run *run = malloc(sizeof *run);
    run_program(run, (const char *[]){ "-q", "--size", "6", "--engine", specs[0], "--engine", specs[1], "--engine",
                                       specs[2], NULL });
    ck_assert_msg(run->status == EXIT_CANNOT_START, "exit %d:\n%s", run->status, run->err);
    ck_assert_str_eq(run->out, "");
    ck_assert_msg(strstr(run->err, "amazons-match: b (engine 2) cannot start: exited with status 127"), "%s",
                  run->err);
    free(run);
}
END_TEST

/* An engine that started once but cannot start again stops the run after the games before. */
START_TEST(test_cannot_restart)
{
    make_temp_dir();
    char command[1200];
    const char *results = temp_path("r.jsonl");
    snprintf(command, sizeof command, "sh %s/once_engine.sh %s", fixtures(), temp_path("marker"));
    const char *args[] = { "--size", "6", "-n", "4", "--fresh-engines", "--results", results, "--name1", "real",
                           "--name2", "flaky", "--engine1", real_engine(), "--engine2", command, NULL };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == EXIT_CANNOT_START, "exit %d:\n%s", run->status, run->err);
    ck_assert_msg(strstr(run->err, "amazons-match: flaky (engine 2) cannot start: exited with status 5\n")
                  && strstr(run->err, "stopped; results of the finished games follow"), "%s", run->err);
    /* Game 1 counts; game 2, which could not begin, does not. */
    ck_assert_msg(strstr(run->out, "Results: 1 game on 6x6"), "%s", run->out);
    assert_record(run, "flaky", 1, 0, 1);
    ck_assert_int_eq(count_lines(results), 1);
    free(run);
    remove_temp_dir();
}
END_TEST

Suite *match_engines_suite(void)
{
    Suite *s = suite_create("match_engines");
    TCase *tc = tcase_create("match_engines");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_names_from_engines);
    tcase_add_test(tc, test_names_given_and_fallback);
    tcase_add_test(tc, test_anchor_by_answered_name);
    tcase_add_test(tc, test_name_first);
    tcase_add_test(tc, test_cannot_start);
    tcase_add_test(tc, test_cannot_start_in_tournament);
    tcase_add_test(tc, test_cannot_restart);
    suite_add_tcase(s, tc);
    return s;
}
