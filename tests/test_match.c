/*
 * test_match.c - the amazons-match runner, run as a program: a short match
 * between two instances of the real engine (results table against the SGF
 * it writes), and each kind of fault with the fake engines of
 * tests/fixtures/, attributed to the right side, in bounded time.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "records/sgf.h"
#include "match_run.h"
#include "tests.h"

/* ---- a real match ---- */

START_TEST(test_real_match_and_sgf)
{
    enum { GAMES = 4 };
    make_temp_dir();
    const char *sgf = temp_path("all.sgf"), *dir = temp_path("games");
    const char *args[] = {
        "--size", "6", "-n", "4", "-j", "2", "--move-time", "5", "--name1", "alpha", "--name2", "beta",
        "--sgf", sgf, "--sgf-dir", dir, "--engine1", real_engine(), "--engine2", real_engine(), NULL,
    };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->out);
    ck_assert_msg(strstr(run->out, "Results: 4 games on 6x6"), "%s", run->out);

    static Game games[GAMES + 1];
    static SgfInfo infos[GAMES + 1];
    char *text = read_file(sgf);
    ck_assert_int_eq(parse_collection(text, games, infos, GAMES + 1), GAMES);
    free(text);

    int wins_alpha = 0, white_wins = 0;
    Position start;
    position_start(&start, 6, 6);
    for (int i = 0; i < GAMES; i++) {
        const Game *g = &games[i];
        const SgfInfo *info = &infos[i];
        /* Engine 1 has White in games 1 and 3. */
        ck_assert_str_eq(info->white, i % 2 == 0 ? "alpha" : "beta");
        ck_assert_str_eq(info->black, i % 2 == 0 ? "beta" : "alpha");
        char name[32];
        snprintf(name, sizeof name, "Game %d", i + 1);
        ck_assert_str_eq(info->game_name, name);
        ck_assert_int_eq(strlen(info->date), 10);
        /* The engine's start, White first, played out to the end. */
        ck_assert(g->start.amazons[WHITE] == start.amazons[WHITE]);
        ck_assert(g->start.amazons[BLACK] == start.amazons[BLACK]);
        ck_assert_int_eq(g->start.to_move, WHITE);
        ck_assert(game_is_over(g));
        Color winner = color_other(g->pos.to_move);
        char re[32];
        snprintf(re, sizeof re, "%c+%d", winner == WHITE ? 'W' : 'B', reachable_empty_squares(&g->pos, winner));
        ck_assert_str_eq(info->result, re);
        ck_assert_msg(strstr(info->comment, "has no legal move"), "%s", info->comment);
        white_wins += winner == WHITE;
        wins_alpha += strcmp(winner == WHITE ? info->white : info->black, "alpha") == 0;

        /* The per-game file holds the same game. */
        char path[160];
        snprintf(path, sizeof path, "%s/game-%04d.sgf", dir, i + 1);
        Game single;
        SgfInfo single_info;
        ck_assert_ptr_null(sgf_load_file(path, 0, &single, &single_info));
        assert_same_game(&single, g);
        ck_assert_str_eq(single_info.result, info->result);
    }
    /* The table agrees with the records. */
    assert_record(run, "alpha", GAMES, wins_alpha, GAMES - wins_alpha);
    assert_record(run, "beta", GAMES, GAMES - wins_alpha, wins_alpha);
    assert_faults(run, "alpha", -1, 0);
    assert_faults(run, "beta", -1, 0);
    char colours[64];
    snprintf(colours, sizeof colours, "White won %d, Black won %d", white_wins, GAMES - white_wins);
    ck_assert_msg(strstr(run->out, colours), "want \"%s\" in\n%s", colours, run->out);
    ck_assert_msg(strstr(run->out, "Elo alpha - beta: "), "%s", run->out);
    free(run);
    remove_temp_dir();
}
END_TEST

/* Openings: a position text (set_position) and a move list, each twice with colours swapped. */
START_TEST(test_openings)
{
    make_temp_dir();
    const char *openings = temp_path("openings.txt"), *sgf = temp_path("o.sgf");
    FILE *file = fopen(openings, "w");
    fputs("# comment line\n\n1B2B1/B4B/2x3/6/W4W/1W2W1 b\nb1-b4/e4 e6-c4/c3   # two moves\n", file);
    fclose(file);
    const char *args[] = {
        "-q", "--openings", openings, "--time", "5+0.1", "--sgf", sgf,
        "--engine1", real_engine(), "--engine2", real_engine(), NULL,
    };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->out);
    ck_assert_msg(strstr(run->out, "Results: 4 games on 6x6, time 5+0.1"), "%s", run->out);
    ck_assert_msg(strstr(run->out, "Endings: no legal move 4,"), "%s", run->out);
    static Game games[5];
    static SgfInfo infos[5];
    char *text = read_file(sgf);
    ck_assert_int_eq(parse_collection(text, games, infos, 5), 4);
    free(text);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(games[i].start.to_move, BLACK);
        ck_assert_int_eq(bb_count(games[i].start.arrows), 1);
        ck_assert_str_eq(infos[i].time_limit, "5");
    }
    Move m1, m2;
    ck_assert(move_from_text("b1-b4/e4", 6, 6, &m1) && move_from_text("e6-c4/c3", 6, 6, &m2));
    for (int i = 2; i < 4; i++) {
        ck_assert_int_ge(games[i].length, 2);
        ck_assert(move_equal(games[i].history[0].move, m1));
        ck_assert(move_equal(games[i].history[1].move, m2));
    }
    /* The engines' names, told apart. */
    ck_assert_msg(strstr(run->out, "\nAmazons ") && strstr(run->out, "\nAmazons (2) "), "%s", run->out);
    free(run);
    remove_temp_dir();
}
END_TEST

/* A board of 6 files by 5 ranks: what the engines are sent, the SGF, the results file read back. */
START_TEST(test_rectangular_board)
{
    make_temp_dir();
    const char *sgf = temp_path("r.sgf"), *results = temp_path("r.jsonl");
    char logged[1200];
    snprintf(logged, sizeof logged, "tee %s | %s", temp_path("log"), real_engine());
    const char *args[] = { "-q", "--size", "6x5", "-n", "2", "--move-time", "5", "--sgf", sgf, "--results", results,
                           "--name1", "one", "--name2", "two", "--engine1", logged, "--engine2", real_engine(), NULL };
    Run *run = malloc(sizeof *run), *merged = malloc(sizeof *merged);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->err);
    ck_assert_msg(strstr(run->out, "Results: 2 games on 6x5,"), "%s", run->out);
    char *log = read_file(temp_path("log"));
    ck_assert_msg(strstr(log, "boardsize 6 5\nclear_board\n"), "%s", log);
    free(log);
    static Game games[3];
    static SgfInfo infos[3];
    char *text = read_file(sgf);
    ck_assert_msg(strstr(text, "SZ[6:5]"), "%s", text);
    ck_assert_int_eq(parse_collection(text, games, infos, 3), 2);
    free(text);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(games[i].start.width, 6);
        ck_assert_int_eq(games[i].start.height, 5);
        ck_assert(game_is_over(&games[i]));
    }
    static char lines[3][LINE_MAX_TEST];
    ck_assert_int_eq(file_lines(results, lines, 3), 2);
    ck_assert_msg(strstr(lines[0], "\"settings\":{\"size\":[6,5],"), "%s", lines[0]);
    /* Read back: the same table from --merge, nothing left to play on --resume. */
    run_program(merged, (const char *[]){ "--merge", results, NULL });
    ck_assert_msg(merged->status == 0, "exit %d:\n%s", merged->status, merged->err);
    ck_assert_str_eq(merged->out, run->out);
    const char *resume[] = { "--size", "6x5", "-n", "2", "--move-time", "5", "--results", results, "--resume",
                             "--name1", "one", "--name2", "two", "--engine1", logged, "--engine2", real_engine(),
                             NULL };
    run_program(merged, resume);
    ck_assert_msg(merged->status == 0, "exit %d:\n%s", merged->status, merged->err);
    ck_assert_msg(strstr(merged->err, "2 games on 6x5") && strstr(merged->err, "playing 0 of them"), "%s",
                  merged->err);
    /* Another board is another match. */
    resume[1] = "5x6";
    run_refused(merged, resume, "board size 6x5 here, 5x6 there");
    free(run);
    free(merged);
    remove_temp_dir();
}
END_TEST

/* Openings decide a rectangular board too; a move list follows --size. */
START_TEST(test_rectangular_openings)
{
    make_temp_dir();
    const char *position = temp_path("p.txt"), *moves = temp_path("m.txt");
    FILE *file = fopen(position, "w");
    fputs("1B2B1/B4B/6/W4W/1W2W1 w\n", file);
    fclose(file);
    file = fopen(moves, "w");
    fputs("b1-b3/e3\n", file);
    fclose(file);
    Run *run = malloc(sizeof *run);
    run_program(run, (const char *[]){ "-q", "--openings", position, "--move-time", "5", "--engine1", real_engine(),
                                       "--engine2", real_engine(), NULL });
    ck_assert_msg(run->status == 0 && strstr(run->out, "Results: 2 games on 6x5,"), "exit %d:\n%s\n%s",
                  run->status, run->out, run->err);
    run_program(run, (const char *[]){ "-q", "--size", "6x5", "--openings", moves, "--move-time", "5",
                                       "--engine1", real_engine(), "--engine2", real_engine(), NULL });
    ck_assert_msg(run->status == 0 && strstr(run->out, "Results: 2 games on 6x5,"), "exit %d:\n%s\n%s",
                  run->status, run->out, run->err);
    /* Without --size a move list is played on 10x10, where no amazon stands on b1. */
    run_refused(run, (const char *[]){ "--openings", moves, "--", "a", "--", "b", NULL },
                "m.txt:1: illegal move 'b1-b3/e3'");
    run_refused(run, (const char *[]){ "--size", "5x6", "--openings", position, "--", "a", "--", "b", NULL },
                "p.txt:1: position of size 6x5 in a match of size 5x6");
    free(run);
    remove_temp_dir();
}
END_TEST

START_TEST(test_bad_sizes)
{
    static const char *const bad[] = { "3", "11", "6x11", "3x6", "6x", "x5", "6x5x4", "0x0", "six", "6 x 5",
                                       "+6", "6X5", "", "-6", "6x+5" };
    Run *run = malloc(sizeof *run);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char message[160];
        snprintf(message, sizeof message,
                 "invalid board size '%s' (N or COLUMNSxROWS, e.g. 8 or 6x5, each from 4 to 10)", bad[i]);
        run_refused(run, (const char *[]){ "--size", bad[i], "--", "a", "--", "b", NULL }, message);
    }
    free(run);
}
END_TEST

/* ---- faults ---- */

/* The "end" of a fault in the results file, by fault column. */
static const char *const FAULT_NAMES[F_KINDS] = { "illegal", "crash", "timeout", "refused", "overrun", "malformed" };

/* The results file names the fault of every game, and reads back (--merge) into the same table. */
static void check_fault_results(const Run *run, const char *results, int kind)
{
    static char lines[3][LINE_MAX_TEST];
    ck_assert_int_eq(file_lines(results, lines, 3), 2);
    for (int i = 0; i < 2; i++) {
        char end[32];
        ck_assert(json_field(lines[i], "end", end, sizeof end));
        ck_assert_str_eq(end, FAULT_NAMES[kind]);
    }
    Run *merged = malloc(sizeof *merged);
    run_program(merged, (const char *[]){ "--merge", results, NULL });
    ck_assert_msg(merged->status == 0, "exit %d:\n%s", merged->status, merged->err);
    ck_assert_str_eq(merged->out, run->out);
    free(merged);
}

/* Plays 2 games of `fake` (as engine `side`, 1 or 2) against the real engine; checks the attribution. */
static void check_fault(const char *fake, int side, int kind, const char *reason, const char *re_kind,
                        const char *const *extra)
{
    make_temp_dir();
    const char *sgf = temp_path("f.sgf"), *results = temp_path("f.jsonl");
    const char *args[MAX_ARGS] = {
        "--size", "6", "-n", "2", "--move-time", "0.5", "--grace", "100", "--hang", "300", "--sgf", sgf,
        "--results", results,
        "--name1", side == 1 ? "fake" : "real", "--name2", side == 1 ? "real" : "fake",
        "--engine1", side == 1 ? fake : real_engine(), "--engine2", side == 1 ? real_engine() : fake,
    };
    int argc = 0;
    while (args[argc])
        argc++;
    for (int i = 0; extra && extra[i]; i++)
        args[argc++] = extra[i];
    args[argc] = NULL;
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->out);
    ck_assert_msg(run->seconds < 10, "took %.1f s", run->seconds);
    assert_record(run, "fake", 2, 0, 2);
    assert_record(run, "real", 2, 2, 0);
    assert_faults(run, "fake", kind, 2);
    assert_faults(run, "real", -1, 0);

    static Game games[3];
    static SgfInfo infos[3];
    char *text = read_file(sgf);
    ck_assert_int_eq(parse_collection(text, games, infos, 3), 2);
    free(text);
    for (int i = 0; i < 2; i++) {
        bool fake_white = strcmp(infos[i].white, "fake") == 0;
        char re[32];
        snprintf(re, sizeof re, "%c+%s", fake_white ? 'B' : 'W', re_kind);
        ck_assert_str_eq(infos[i].result, re);
        ck_assert_msg(strncmp(infos[i].comment, "fake (", 6) == 0 && strstr(infos[i].comment, reason),
                      "game %d: \"%s\" lacks \"%s\"", i + 1, infos[i].comment, reason);
    }
    check_fault_results(run, results, kind);
    free(run);
    remove_temp_dir();
}

START_TEST(test_fault_crash)
{
    check_fault(fixture("crash_engine.sh", "5"), 1, F_CRASH, "exited with status 3", "Forfeit", NULL);
    check_fault(fixture("crash_engine.sh", "2 SEGV"), 2, F_CRASH, "killed by signal", "Forfeit", NULL);
    /* During setup: crashes on boardsize, every game (restarted each time). */
    check_fault(fixture("crash_engine.sh", "2"), 2, F_CRASH, "crashed during 'boardsize 6'", "Forfeit", NULL);
}
END_TEST

START_TEST(test_fault_hang)
{
    make_temp_dir();
    char command[512];
    snprintf(command, sizeof command, "FAKE_PIDFILE=%s %s", temp_path("pid"), fixture("hang_engine.sh", NULL));
    char saved[64];
    snprintf(saved, sizeof saved, "%s", temp_dir);
    check_fault(command, 1, F_TIMEOUT, "did not answer genmove in time", "Time", NULL);
    /* The last instance and its sleeping child are gone (killed with their process group). */
    snprintf(temp_dir, sizeof temp_dir, "%s", saved);
    FILE *file = fopen(temp_path("pid"), "r");
    ck_assert_ptr_nonnull(file);
    int pid = 0;
    ck_assert_int_eq(fscanf(file, "%d", &pid), 1);
    fclose(file);
    ck_assert_int_gt(pid, 1);
    /* An orphaned, killed child may stay a zombie until init reaps it: allow a moment. */
    double deadline = now() + 3;
    while (kill(-pid, 0) == 0 && now() < deadline)
        usleep(10000);
    ck_assert_int_eq(kill(-pid, 0), -1);
    ck_assert_int_eq(errno, ESRCH);
    remove_temp_dir();
}
END_TEST

START_TEST(test_fault_illegal)
{
    check_fault(fixture("illegal_engine.sh", NULL), 2, F_ILLEGAL, "illegal move: a1-a2/a3", "Forfeit", NULL);
    check_fault(fixture("illegal_engine.sh", "hello"), 1, F_ILLEGAL, "malformed move: 'hello'", "Forfeit", NULL);
    check_fault(fixture("illegal_engine.sh", "pass"), 2, F_ILLEGAL, "malformed move", "Forfeit", NULL);
}
END_TEST

/* A reply that is no GTP reply is a fault of its own, whatever is wrong with it, and never a hang. */
START_TEST(test_fault_malformed)
{
    check_fault(fixture("malformed_engine.sh", "nul"), 1, F_MALFORMED, "malformed reply to genmove: a NUL byte",
                "Forfeit", NULL);
    check_fault(fixture("malformed_engine.sh", "binary"), 2, F_MALFORMED,
                "malformed reply to genmove: a control character (byte 0x01)", "Forfeit", NULL);
    /* 2 MB without a newline: judged at 64 KiB, long before the move's time runs out. */
    check_fault(fixture("malformed_engine.sh", "long"), 1, F_MALFORMED,
                "malformed reply to genmove: no end (an empty line) within 65536 bytes", "Forfeit",
                (const char *const[]){ "--move-time", "5", NULL });
    check_fault(fixture("malformed_engine.sh", "bare"), 2, F_MALFORMED,
                "malformed reply to genmove: it does not start with '=' or '?'", "Forfeit", NULL);
}
END_TEST

/* Resigning loses, but is no fault. */
START_TEST(test_resign)
{
    make_temp_dir();
    const char *sgf = temp_path("r.sgf");
    const char *args[] = { "-q", "--size", "6", "-n", "2", "--sgf", sgf, "--name1", "quitter", "--name2",
                           "real", "--engine1", fixture("illegal_engine.sh", "RESIGN"), "--engine2",
                           real_engine(), NULL };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_int_eq(run->status, 0);
    assert_record(run, "quitter", 2, 0, 2);
    assert_faults(run, "quitter", -1, 0);
    ck_assert_msg(strstr(run->out, "Endings: no legal move 0, resign 2,"), "%s", run->out);
    static Game games[3];
    static SgfInfo infos[3];
    char *text = read_file(sgf);
    ck_assert_int_eq(parse_collection(text, games, infos, 3), 2);
    free(text);
    ck_assert_str_eq(infos[0].result, "B+Resign");
    ck_assert_str_eq(infos[1].result, "W+Resign");
    ck_assert_str_eq(infos[0].comment, "quitter (White) resigned");
    free(run);
    remove_temp_dir();
}
END_TEST

START_TEST(test_fault_refused)
{
    check_fault(fixture("refuse_engine.sh", NULL), 1, F_REFUSED, "refused the legal move", "Forfeit", NULL);
}
END_TEST

START_TEST(test_fault_overrun)
{
    check_fault(fixture("slow_engine.sh", "0.3"), 2, F_OVERRUN, "overran its time", "Time",
                (const char *const[]){ "--move-time", "0.1", "--hang", "1000", NULL });
}
END_TEST

/*
 * The report and the results file keep each engine's longest move: a fake
 * engine that answers genmove after 0.15 s (its second answer is illegal,
 * which ends the game) against the greedy player.
 */
START_TEST(test_longest_move)
{
    make_temp_dir();
    const char *results = temp_path("r.jsonl");
    char greedy[512];
    snprintf(greedy, sizeof greedy, "%s --engine greedy", real_engine());
    const char *args[] = { "-q", "--size", "6", "-n", "1", "--move-time", "1", "--results", results,
                           "--name1", "slow", "--name2", "greedy",
                           "--engine1", fixture("slow_engine.sh", "0.15"), "--engine2", greedy, NULL };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->out);
    const char *line = strstr(run->out, "Longest move: slow ");
    ck_assert_msg(line, "%s", run->out);
    double slow = 0, fast = 0;
    ck_assert_int_eq(sscanf(line, "Longest move: slow %lf s, greedy %lf s", &slow, &fast), 2);
    ck_assert_msg(slow >= 0.15 && slow < 0.6, "slow: %.3f s", slow);
    ck_assert_msg(fast < slow, "greedy: %.3f s", fast);
    static char lines[2][LINE_MAX_TEST];
    ck_assert_int_eq(file_lines(results, lines, 2), 1);
    char field[32];
    ck_assert(json_field(lines[0], "white_longest", field, sizeof field));
    ck_assert_msg(atof(field) >= 0.15, "white_longest %s", field);
    free(run);
    remove_temp_dir();
}
END_TEST

/* The clock commands the engines get. */
START_TEST(test_time_commands)
{
    static const struct { const char *option, *value, *settings, *left; } cases[] = {
        { "--move-time", "0.5", "time_settings 0 0.5 1", "time_left black 0.500 1" },
        { "--time", "3+0.25", "time_settings 3 0 0", "time_left black 3.000 0" },
        { "--time", "60/2/5", "time_settings 60 2 5", "time_left black 60.000 0" },
        { "--time", "0/2/5", "time_settings 0 2 5", "time_left black 2.000 5" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        make_temp_dir();
        char command[512];
        snprintf(command, sizeof command, "FAKE_LOG=%s %s", temp_path("log"), fixture("illegal_engine.sh", NULL));
        const char *args[] = { "-q", "--size", "6", "-n", "1", cases[i].option, cases[i].value,
                               "--engine1", real_engine(), "--engine2", command, NULL };
        Run *run = malloc(sizeof *run);
        run_program(run, args);
        ck_assert_int_eq(run->status, 0);
        char *log = read_file(temp_path("log"));
        ck_assert_msg(strstr(log, cases[i].settings) && strstr(log, cases[i].left)
                      && strstr(log, "boardsize 6\nclear_board\n") && strstr(log, "genmove black")
                      && strstr(log, "play white ") && strstr(log, "quit"),
                      "want \"%s\" and \"%s\" in:\n%s", cases[i].settings, cases[i].left, log);
        free(log);
        free(run);
        remove_temp_dir();
    }
}
END_TEST

START_TEST(test_sprt_stops)
{
    /* elo0 = 0, elo1 = 200: each win adds ln(p1 / 0.5) = 0.418, so 8 straight wins pass ln(19) = 2.944. */
    const char *args[] = { "-q", "--size", "6", "-n", "50", "--sprt", "0,200", "--name1", "real",
                           "--name2", "fake", "--engine1", real_engine(), "--engine2",
                           fixture("illegal_engine.sh", NULL), NULL };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_int_eq(run->status, 0);
    assert_record(run, "real", 8, 8, 0);
    ck_assert_msg(strstr(run->out, "LLR 3.347 [-2.944, 2.944] H1 accepted"), "%s", run->out);
    ck_assert_msg(strstr(run->out, "Score of real: 8/8 = 100.0%"), "%s", run->out);
    ck_assert_msg(strstr(run->out, "Elo real - fake: +inf [95% CI +"), "%s", run->out);
    free(run);
}
END_TEST

START_TEST(test_usage)
{
    Run *run = malloc(sizeof *run);
    run_program(run, (const char *[]){ "--help", NULL });
    ck_assert_int_eq(run->status, 0);
    ck_assert_msg(strstr(run->out, "Usage: amazons-match") && strstr(run->out, "--sprt")
                  && strstr(run->out, "a malformed reply") && strstr(run->out, "--size N|CxR")
                  && strstr(run->out, "answer to GTP name") && strstr(run->out, "3 when an engine cannot start"),
                  "%s", run->out);
    run_program(run, (const char *[]){ "--version", NULL });
    ck_assert_int_eq(run->status, 0);
    ck_assert_msg(strncmp(run->out, "amazons-match ", 14) == 0, "%s", run->out);
    static const char *const bad[][8] = {
        { "--bogus", NULL },
        { "-n", "2", NULL },                                   /* no engines */
        { "--size", "11", "--", "a", "--", "b", NULL },
        { "--time", "5", "--", "a", "--", "b", NULL },
        { "--time", "5+1", "--move-time", "1", "--", "a", "--", "b" },
        { "--sprt", "10,0", "--", "a", "--", "b", NULL },
        { "-j", "0", "--", "a", "--", "b", NULL },
        { "--", "a", "b", NULL },                              /* no separator */
        { "--openings", "/nonexistent/file", "--", "a", "--", "b", NULL },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *args[10] = { 0 };
        for (int k = 0; k < 8 && bad[i][k]; k++)
            args[k] = bad[i][k];
        run_program(run, args);
        ck_assert_msg(run->status == 2, "case %zu: exit %d", i, run->status);
    }
    free(run);
}
END_TEST

Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("match");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_real_match_and_sgf);
    tcase_add_test(tc, test_openings);
    tcase_add_test(tc, test_rectangular_board);
    tcase_add_test(tc, test_rectangular_openings);
    tcase_add_test(tc, test_bad_sizes);
    tcase_add_test(tc, test_fault_crash);
    tcase_add_test(tc, test_fault_hang);
    tcase_add_test(tc, test_fault_illegal);
    tcase_add_test(tc, test_fault_refused);
    tcase_add_test(tc, test_fault_malformed);
    tcase_add_test(tc, test_resign);
    tcase_add_test(tc, test_fault_overrun);
    tcase_add_test(tc, test_longest_move);
    tcase_add_test(tc, test_time_commands);
    tcase_add_test(tc, test_sprt_stops);
    tcase_add_test(tc, test_usage);
    suite_add_tcase(s, tc);
    return s;
}
