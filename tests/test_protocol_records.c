/*
 * test_protocol_records.c - game records through the real binary: loadsgf
 * and printsgf, their round trip, move numbers, the SGF default start, the
 * errors that leave the state alone, and what a loaded game resets (clocks,
 * the resignation count).  The files live in a private temporary directory.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"
#include "board_model.h"
#include "protocol_client.h"
#include "state_probe.h"

/*
 * The test case's files live in one directory made by mkdtemp.  It is made
 * and removed by an unchecked fixture, which runs in the runner's own
 * process, so it goes away even when a test fails; a checked fixture empties
 * it before each test.
 */
static char temp_dir[64];

/* Removes the files in the temporary directory (it holds nothing else). */
static void empty_temp_dir(void)
{
    DIR *dir = opendir(temp_dir);
    ck_assert_msg(dir != NULL, "opendir %s: %s", temp_dir, strerror(errno));
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", temp_dir, entry->d_name);
        if (unlink(path) != 0)
            rmdir(path);
    }
    closedir(dir);
}

static void make_temp_dir(void)
{
    snprintf(temp_dir, sizeof temp_dir, "/tmp/test_protocol_XXXXXX");
    ck_assert_msg(mkdtemp(temp_dir) != NULL, "mkdtemp: %s", strerror(errno));
}

static void remove_temp_dir(void)
{
    if (!temp_dir[0])
        return;
    empty_temp_dir();
    rmdir(temp_dir);
    temp_dir[0] = '\0';
}

static const char *temp_path(const char *name)
{
    Buf path = { 0 };
    pc_buf_printf(&path, "%s/%s", temp_dir, name);
    return pc_buf_keep(&path);
}

/* Writes text to a new file of the temporary directory; returns its path. */
static const char *write_temp_file(const char *name, const char *text)
{
    const char *path = temp_path(name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot create %s: %s", path, strerror(errno));
    ck_assert(fputs(text, f) >= 0 || !*text);
    ck_assert(fclose(f) == 0);
    return path;
}

/* The whole file as a tracked string, or NULL when it cannot be opened. */
static char *read_text_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    Buf text = { 0 };
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        pc_buf_add(&text, chunk, n);
    fclose(f);
    return pc_buf_keep(&text);
}

static bool file_exists(const char *path) { return access(path, F_OK) == 0; }

/* The game of SETUP_MIDGAME as printsgf writes it (PROTOCOL.md §8), and its position. */
#define SGF_MIDGAME "(;FF[4]GM[18]CA[UTF-8]SZ[10]\nAW[ag][jg][dj][gj]AB[da][ga][ad][jd]PL[W]\n" \
                    ";W[djddgd];B[dadcdb])"
#define POSITION_MIDGAME "6B3/3x6/3B6/B2W2x2B/10/10/W8W/10/10/6W3 w"
/* The same game with a third move that is illegal (d7-c9 is no queen move). */
#define SGF_ILLEGAL_THIRD "(;FF[4]GM[18]CA[UTF-8]SZ[10]\nAW[ag][jg][dj][gj]AB[da][ga][ad][jd]PL[W]\n" \
                          ";W[djddgd];B[dadcdb];W[ddcbdb])"

START_TEST(test_printsgf_writes_the_game)
{
    const char *file = temp_path("midgame.sgf");
    Buf script = { 0 };
    pc_buf_printf(&script, SETUP_MIDGAME "get_position\nprintsgf\nprintsgf %s\nget_position\nundo\nprintsgf\n"
                           "set_position Wx1B/xx2/4/4 w\nprintsgf\nboardsize 5\nprintsgf\n", file);
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 3 + 10);
    EXPECT_OK(&rs, 3, POSITION_MIDGAME);
    EXPECT_OK(&rs, 4, SGF_MIDGAME);
    EXPECT_OK(&rs, 5, "");
    EXPECT_OK(&rs, 6, POSITION_MIDGAME); /* printsgf changes nothing */
    const char *written = read_text_file(file);
    ck_assert_msg(written != NULL, "printsgf %s wrote no file", file);
    ck_assert_msg(strcmp(written, SGF_MIDGAME "\n") == 0, "printsgf FILE wrote \"%s\"", written);
    /* a move taken back is not recorded */
    EXPECT_OK(&rs, 7, "");
    EXPECT_OK(&rs, 8, "(;FF[4]GM[18]CA[UTF-8]SZ[10]\nAW[ag][jg][dj][gj]AB[da][ga][ad][jd]PL[W]\n"
                      ";W[djddgd])");
    /* a finished game from set_position: its start, arrows and the result */
    EXPECT_OK(&rs, 10, "(;FF[4]GM[18]CA[UTF-8]SZ[4]RE[B+11]\nAW[aa]AB[da]AA[ba][ab][bb]PL[W])");
    EXPECT_OK(&rs, 12, "(;FF[4]GM[18]CA[UTF-8]SZ[5]\nAW[ad][ed][be][de]AB[ba][da][ab][eb]PL[W])");
}
END_TEST

/*
 * Plays `colours` (one letter per genmove, w or b, not necessarily
 * alternating) on a board of `size`, then printsgf to `file`.  Fills
 * positions[0..n] (tracked) and returns printsgf's result.
 */
static const char *record_game(int size, const char *colours, const char *file, const char **positions)
{
    size_t n = strlen(colours);
    Buf script = { 0 };
    pc_buf_printf(&script, "boardsize %d\nget_position\n", size);
    for (size_t i = 0; i < n; i++)
        pc_buf_printf(&script, "genmove %c\nget_position\n", colours[i]);
    pc_buf_printf(&script, "printsgf\nprintsgf %s\n", file);
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 2 + 2 * n + 2);
    positions[0] = EXPECT_OK(&rs, 1, NULL);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(strcmp(EXPECT_OK(&rs, 2 + 2 * i, NULL), "resign") != 0, "genmove #%zu resigned", i);
        positions[i + 1] = EXPECT_OK(&rs, 3 + 2 * i, NULL);
    }
    EXPECT_OK(&rs, 3 + 2 * n, "");
    return EXPECT_OK(&rs, 2 + 2 * n, NULL);
}

START_TEST(test_printsgf_loadsgf_round_trip)
{
    static const char colours[] = "wbwbbwbwwbwb"; /* two moves out of turn */
    enum { MOVES = sizeof colours - 1 };
    const char *positions[MOVES + 1];
    const char *file = temp_path("game.sgf");
    const char *sgf = record_game(8, colours, file, positions);
    static const char head[] = "(;FF[4]GM[18]CA[UTF-8]SZ[8]\nAW[";
    ck_assert_msg(strncmp(sgf, head, sizeof head - 1) == 0 && strstr(sgf, "PL[W]")
                  && sgf[strlen(sgf) - 1] == ')', "printsgf gave \"%s\"", sgf);
    const char *written = read_text_file(file);
    ck_assert_msg(written != NULL, "printsgf wrote no file");
    Buf want = { 0 };
    pc_buf_printf(&want, "%s\n", sgf);
    const char *want_text = pc_buf_keep(&want);
    ck_assert_msg(strcmp(written, want_text) == 0, "the file differs from the printsgf result:\n%s", written);
    /* the printsgf result, saved as it is by the controller */
    const char *copy = write_temp_file("copy.sgf", sgf);

    Buf script = { 0 };
    pc_buf_printf(&script, "boardsize 6\nloadsgf %s\nget_position\nprintsgf\n"
                           "boardsize 6\nloadsgf %s\nget_position\nprintsgf\n", file, copy);
    for (int i = 0; i < MOVES; i++)
        pc_buf_puts(&script, "undo\nget_position\n");
    pc_buf_puts(&script, "undo\n");
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 8 + 2 * MOVES + 1);
    for (size_t k = 0; k < 2; k++) {
        EXPECT_OK(&rs, 4 * k + 1, "");
        EXPECT_OK(&rs, 4 * k + 2, positions[MOVES]);
        EXPECT_OK(&rs, 4 * k + 3, sgf); /* written again exactly as before */
    }
    /* the moves loaded are the history: undo walks back to the start */
    for (int i = 0; i < MOVES; i++) {
        EXPECT_OK(&rs, 8 + 2 * (size_t)i, "");
        EXPECT_OK(&rs, 9 + 2 * (size_t)i, positions[MOVES - 1 - i]);
    }
    EXPECT_ERROR(&rs, 8 + 2 * MOVES, "cannot undo");
}
END_TEST

START_TEST(test_loadsgf_move_number)
{
    static const char colours[] = "wbwbwbwb";
    enum { MOVES = sizeof colours - 1 };
    const char *positions[MOVES + 1];
    const char *file = temp_path("game.sgf");
    record_game(6, colours, file, positions);

    /* loadsgf FILE N: the position before move N */
    Buf script = { 0 };
    for (int n = 1; n <= MOVES + 1; n++)
        pc_buf_printf(&script, "loadsgf %s %d\nget_position\n", file, n);
    pc_buf_printf(&script, "loadsgf %s %d\nget_position\nloadsgf %s 101\nget_position\n", file, MOVES + 2, file);
    /* N - 1 moves of history, then cannot undo */
    pc_buf_printf(&script, "loadsgf %s 4\nundo\nundo\nundo\nget_position\nundo\n", file);
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 2 * (MOVES + 1) + 4 + 6);
    for (int n = 1; n <= MOVES + 1; n++) {
        EXPECT_OK(&rs, 2 * (size_t)(n - 1), "");
        EXPECT_OK(&rs, 2 * (size_t)(n - 1) + 1, positions[n - 1]);
    }
    size_t k = 2 * (MOVES + 1);
    EXPECT_OK(&rs, k + 1, positions[MOVES]); /* past the last move: the whole game */
    EXPECT_OK(&rs, k + 3, positions[MOVES]);
    for (size_t i = 4; i < 8; i++)
        EXPECT_OK(&rs, k + i, "");
    EXPECT_OK(&rs, k + 8, positions[0]);
    EXPECT_ERROR(&rs, k + 9, "cannot undo");

    /* Moves from move N on are not played, so their legality is not checked. */
    const char *illegal = write_temp_file("illegal.sgf", SGF_ILLEGAL_THIRD "\n");
    script = (Buf){ 0 };
    pc_buf_printf(&script, "loadsgf %s 3\nget_position\nloadsgf %s 2\nget_position\nloadsgf %s 4\n"
                           "get_position\nloadsgf %s\n", illegal, illegal, illegal, illegal);
    rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 7);
    EXPECT_OK(&rs, 0, "");
    EXPECT_OK(&rs, 1, POSITION_MIDGAME);
    EXPECT_OK(&rs, 2, "");
    Board after1 = bm_after(bm_of(START_10), 'W', "d1-d7/g7");
    EXPECT_BOARD(&rs, 3, &after1);
    EXPECT_ERROR(&rs, 4, "cannot load file: illegal move");
    EXPECT_BOARD(&rs, 5, &after1);
    EXPECT_ERROR(&rs, 6, "cannot load file: illegal move");
}
END_TEST

/* The engine's start position of that size with the colours swapped, Black to move. */
static const char *swapped_start(int size)
{
    char *text = pc_strdup(bm_start_text(size));
    char *p = text;
    for (; *p != ' '; p++)
        *p = *p == 'W' ? 'B' : *p == 'B' ? 'W' : *p;
    p[1] = 'b';
    return text;
}

START_TEST(test_loadsgf_default_start)
{
    /* Without AW / AB: the SGF convention's start, Black on a4 d1 g1 j4 to move. */
    const char *file = write_temp_file("default.sgf", "(;FF[4]GM[18];B[agafae])\n");
    Buf script = { 0 };
    pc_buf_printf(&script, "loadsgf %s 1\nget_position\nloadsgf %s\nget_position\n", file, file);
    for (int size = 4; size <= 10; size++) {
        char name[32], text[64];
        snprintf(name, sizeof name, "empty%d.sgf", size);
        snprintf(text, sizeof text, "(;GM[18]SZ[%d])", size);
        pc_buf_printf(&script, "loadsgf %s\nget_position\n", write_temp_file(name, text));
    }
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 4 + 2 * 7);
    EXPECT_OK(&rs, 0, "");
    Board start = bm_of(EXPECT_OK(&rs, 1, NULL));
    static const char *const black[] = { "a4", "d1", "g1", "j4" }, *const white[] = { "a7", "d10", "g10", "j7" };
    for (int i = 0; i < 4; i++) {
        int file_b = black[i][0] - 'a', rank_b = atoi(black[i] + 1) - 1;
        int file_w = white[i][0] - 'a', rank_w = atoi(white[i] + 1) - 1;
        ck_assert_msg(start.cell[rank_b][file_b] == 'B', "no black amazon on %s: %s", black[i], rs.items[1].body);
        ck_assert_msg(start.cell[rank_w][file_w] == 'W', "no white amazon on %s: %s", white[i], rs.items[1].body);
    }
    ck_assert_msg(start.side == 'b', "Black should move first: %s", rs.items[1].body);
    EXPECT_OK(&rs, 1, swapped_start(10));
    EXPECT_OK(&rs, 2, "");
    Board after = bm_after(start, 'B', "a4-a5/a6");
    EXPECT_BOARD(&rs, 3, &after);
    for (int size = 4; size <= 10; size++) {
        size_t i = 4 + 2 * (size_t)(size - 4);
        EXPECT_OK(&rs, i, "");
        EXPECT_OK(&rs, i + 1, swapped_start(size));
    }
}
END_TEST

/* Every failing loadsgf / printsgf leaves the state as it was; so does a printsgf that works. */
static void check_record_errors_leave_state(const char *setup)
{
    const char *good = write_temp_file("good.sgf", SGF_MIDGAME "\n");
    const char *garbage = write_temp_file("garbage.sgf", "this is not SGF\n");
    const char *empty = write_temp_file("empty.sgf", "");
    const char *cut = write_temp_file("cut.sgf", "(;FF[4]GM[18]SZ[10]AW[aa]AB[jj];W[aaabac]\n");
    const char *cut_value = write_temp_file("cut_value.sgf", "(;FF[4]GM[18]SZ[10];W[djdd");
    const char *go = write_temp_file("go.sgf", "(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n");
    const char *size11 = write_temp_file("size11.sgf", "(;FF[4]GM[18]SZ[11])\n");
    const char *one_side = write_temp_file("one_side.sgf", "(;FF[4]GM[18]AW[aa])\n");
    const char *illegal = write_temp_file("illegal.sgf", SGF_ILLEGAL_THIRD "\n");
    const char *bad_move = write_temp_file("bad_move.sgf", "(;FF[4]GM[18];B[agaf])\n");
    const char *late_setup = write_temp_file("late_setup.sgf", "(;FF[4]GM[18];B[agafae];AW[aa])\n");
    const char *missing = temp_path("missing.sgf");
    const char *no_dir = temp_path("no/such/dir.sgf");
    Buf many = { 0 }, too_many = { 0 };
    pc_buf_printf(&many, "loadsgf %s", good);
    for (int i = 0; i < 63; i++)
        pc_buf_puts(&many, " 1");
    pc_buf_printf(&too_many, "%s 1", many.data);
    Buf many_printsgf = { 0 };
    pc_buf_puts(&many_printsgf, "printsgf");
    for (int i = 0; i < 65; i++)
        pc_buf_printf(&many_printsgf, " %s", no_dir);

    /* A file that cannot be read is named, with the system's reason. */
    Buf no_file = { 0 }, a_dir = { 0 };
    pc_buf_printf(&no_file, "?cannot load file: %s: No such file or directory", missing);
    pc_buf_printf(&a_dir, "?cannot load file: %s: Is a directory", temp_dir);
    struct { const char *format, *arg, *expect; } specs[] = {
        { "loadsgf %s", missing, no_file.data },
        { "loadsgf %s", temp_dir, a_dir.data },
        { "loadsgf %s", garbage, "?cannot load file: not SGF: expected '(' at the start" },
        { "loadsgf %s", empty, "?cannot load file: empty input: no SGF game tree" },
        { "loadsgf %s", cut, "?cannot load file: truncated SGF: a game tree is not closed by ')'" },
        { "loadsgf %s", cut_value, "?cannot load file: truncated SGF: a property value is not closed" },
        { "loadsgf %s", go, "?cannot load file: not an Amazons record: GM must be 18" },
        { "loadsgf %s", size11, "?cannot load file: unsupported board size" },
        { "loadsgf %s", one_side, "?cannot load file: bad setup: each side needs 1 to 4 amazons" },
        { "loadsgf %s", illegal, "?cannot load file: illegal move 3, white d7-c9/d9: the amazon cannot go from d7 to c9: not on one line" },
        { "loadsgf %s 4", illegal, "?cannot load file: illegal move 3, white d7-c9/d9: the amazon cannot go from d7 to c9: not on one line" },
        { "loadsgf %s 101", illegal, "?cannot load file: illegal move 3, white d7-c9/d9: the amazon cannot go from d7 to c9: not on one line" },
        { "loadsgf %s", bad_move, "?cannot load file: bad move" },
        { "loadsgf %s", late_setup, "?cannot load file: setup properties after the first move" },
        { "loadsgf %s 0", good, "?syntax error: move number must be an integer from 1 to 101" },
        { "loadsgf %s 102", good, "?syntax error: move number" },
        { "loadsgf %s -1", good, "?syntax error: move number" },
        { "loadsgf %s 1.5", good, "?syntax error: move number" },
        { "loadsgf %s two", good, "?syntax error: move number" },
        { "loadsgf %s 0", missing, "?syntax error: move number" }, /* checked before the file */
        { "loadsgf %s 1 2", good, "?syntax error: loadsgf FILE [MOVE_NUMBER]" },
        { "%s", many.data, "?syntax error: loadsgf FILE [MOVE_NUMBER]" }, /* 64 arguments */
        { "%s", too_many.data, "?too many arguments" },                 /* 65 */
        { "printsgf %s", no_dir, "?cannot write file: " },
        { "printsgf %s", temp_dir, "?cannot write file: " },
        { "printsgf %s two.sgf", temp_path("one.sgf"), "?syntax error: printsgf [FILE]" },
        { "%s", many_printsgf.data, "?too many arguments" },
        /* successes that change nothing */
        { "printsgf%s", "", "=(;FF[4]GM[18]CA[UTF-8]SZ[" },
        { "printsgf %s", temp_path("written.sgf"), "=" },
    };
    enum { N = sizeof specs / sizeof specs[0] };
    Case cases[N];
    for (size_t i = 0; i < N; i++) {
        Buf command = { 0 };
        pc_buf_printf(&command, specs[i].format, specs[i].arg);
        cases[i] = (Case){ pc_buf_keep(&command), specs[i].expect };
    }
    free(many.data);
    free(too_many.data);
    free(many_printsgf.data);
    probe_cases_leave_state(setup, cases, N);
    free(no_file.data);
    free(a_dir.data);
    ck_assert_msg(!file_exists(temp_path("one.sgf")) && !file_exists(temp_path("two.sgf")),
                  "a refused printsgf wrote a file");
    ck_assert_msg(file_exists(temp_path("written.sgf")), "printsgf FILE wrote nothing");
    ck_assert_msg(!file_exists(temp_path("no")), "printsgf created a directory");
}

START_TEST(test_record_errors_leave_state)
{
    check_record_errors_leave_state(SETUP_MIDGAME);
    check_record_errors_leave_state("boardsize 6\nplay b b6-b5/b4\n");
}
END_TEST

/*
 * A successful loadsgf is a new game: both clocks restart from the last
 * time_settings, as for boardsize, clear_board and set_position.  A failed
 * one leaves the clocks alone.  The clock shows in the search budget (see
 * test_clock_errors_leave_clock in test_protocol_commands.c): the full 300
 * iterations with time on the clock, fewer with an empty one.
 */
START_TEST(test_new_game_restarts_clocks)
{
    const char *good = write_temp_file("good.sgf", SGF_MIDGAME "\n");
    const char *garbage = write_temp_file("garbage.sgf", "garbage\n");
    const char *missing = temp_path("missing.sgf");
    const char *const args[] = { "--playouts", "300", "--seed", "1", "--verbose", "--memory", "16", NULL };
    Buf script = { 0 };
    pc_buf_puts(&script, "time_settings 1000 0 0\n");
    /* searches #0..#3: White's clock emptied by time_left, then refilled by a new game */
    static const char *const new_games[] = { "boardsize 10", "clear_board", "set_position " START_10 };
    for (size_t i = 0; i < 3; i++)
        pc_buf_printf(&script, "time_left w 0 0\n%s\ngenmove w\n", new_games[i]);
    pc_buf_printf(&script, "time_left w 0 0\nloadsgf %s\ngenmove w\n", good);
    /* #4: without a new game the empty clock stays empty */
    pc_buf_puts(&script, "time_left w 0 0\ngenmove w\n");
    /* #5: failed loadsgfs do not refill it */
    pc_buf_printf(&script, "time_left w 0 0\nloadsgf %s\nloadsgf %s 0\nloadsgf %s\ngenmove w\n", garbage, good, missing);
    /* #6: nor do they restart a clock that time_left filled (time_settings would empty it) */
    pc_buf_printf(&script, "time_settings 0 0 0\ntime_left w 1000 0\nloadsgf %s\nloadsgf %s 102\nloadsgf\ngenmove w\n",
                  garbage, good);
    /* #7: a successful loadsgf does */
    pc_buf_printf(&script, "loadsgf %s\ngenmove w\n", good);
    size_t length = script.length;
    Run *run = pc_run(args, pc_buf_keep(&script), length);
    pc_expect_clean_exit(run);
    Responses rs = pc_split_responses(run);
    EXPECT_COUNT(&rs, 1 + 4 * 3 + 2 + 5 + 6 + 2);
    unsigned long long it[10];
    size_t n = pc_verbose_iterations(run->err, it, 10);
    ck_assert_msg(n == 8, "expected 8 search summaries on stderr, got %zu: %s", n, run->err);
    static const char *const what[] = {
        "boardsize", "clear_board", "set_position", "loadsgf", "no new game", "failed loadsgf",
        "failed loadsgf after time_left", "loadsgf after time_settings 0 0 0",
    };
    static const bool full[] = { true, true, true, true, false, false, true, false };
    for (size_t i = 0; i < 8; i++)
        ck_assert_msg(full[i] ? it[i] == 300 : it[i] < 300, "search #%zu (%s): %llu iterations, expected %s",
                      i, what[i], it[i], full[i] ? "300 (time on the clock)" : "fewer (empty clock)");
    for (size_t i = 0; i < rs.count; i++)
        if (!rs.items[i].ok)
            ck_assert_msg(strncmp(rs.items[i].body, "cannot load file", 16) == 0
                          || strncmp(rs.items[i].body, "syntax error", 12) == 0,
                          "response #%zu: \"%s\"", i, rs.items[i].body);
}
END_TEST

/* The --resign count: a successful loadsgf clears it, a failed one does not. */
START_TEST(test_loadsgf_and_resign_count)
{
    const char *good = write_temp_file("good.sgf", SGF_MIDGAME "\n");
    const char *garbage = write_temp_file("garbage.sgf", "(;GM[18]");
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    Buf script = { 0 };
    pc_buf_printf(&script, "genmove w\ngenmove w\nloadsgf %s\nloadsgf %s\nloadsgf %s 0\ngenmove w\n", garbage,
                  temp_path("missing.sgf"), good);
    Responses failed = pc_gtp_args(args, pc_buf_keep(&script));
    EXPECT_COUNT(&failed, 6);
    for (size_t i = 2; i < 5; i++)
        ck_assert_msg(!failed.items[i].ok, "loadsgf #%zu should fail", i - 2);
    EXPECT_OK(&failed, 5, "resign"); /* the third low estimate in a row */

    script = (Buf){ 0 };
    pc_buf_printf(&script, "genmove w\ngenmove w\nloadsgf %s\ngenmove w\nget_position\n", good);
    Responses loaded = pc_gtp_args(args, pc_buf_keep(&script));
    EXPECT_COUNT(&loaded, 5);
    EXPECT_OK(&loaded, 2, "");
    const char *move = EXPECT_OK(&loaded, 3, NULL);
    ck_assert_msg(strcmp(move, "resign") != 0, "the count survived loadsgf: resigned");
    Board want = bm_after(bm_of(POSITION_MIDGAME), 'W', move);
    EXPECT_BOARD(&loaded, 4, &want);
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *protocol_records_suite(void)
{
    Suite *s = suite_create("protocol_records");
    TCase *records = tcase_create("game records");
    tcase_add_unchecked_fixture(records, make_temp_dir, remove_temp_dir);
    tcase_add_checked_fixture(records, empty_temp_dir, pc_free_tracked);
    tcase_set_timeout(records, 60);
    tcase_add_test(records, test_printsgf_writes_the_game);
    tcase_add_test(records, test_printsgf_loadsgf_round_trip);
    tcase_add_test(records, test_loadsgf_move_number);
    tcase_add_test(records, test_loadsgf_default_start);
    tcase_add_test(records, test_record_errors_leave_state);
    tcase_add_test(records, test_new_game_restarts_clocks);
    tcase_add_test(records, test_loadsgf_and_resign_count);
    suite_add_tcase(s, records);

    return s;
}
