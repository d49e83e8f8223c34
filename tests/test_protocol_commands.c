/*
 * test_protocol_commands.c - every command's answers and effects, driven
 * through the real binary: administrative commands, boardsize, showboard and
 * territory, play and undo, legal_moves, perft, genmove and reg_genmove,
 * final_score, set_position, the clock commands and resignation.
 *
 * Positions are checked against the independent board model (board_model.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"
#include "board_model.h"
#include "protocol_client.h"

/* Every command the protocol promises. */
static const char *const ALL_COMMANDS[] = {
    "protocol_version", "name", "version", "known_command", "list_commands", "quit",
    "boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo",
    "showboard", "time_settings", "time_left", "cputime", "legal_moves",
    "get_position", "set_position", "perft", "final_score", "territory",
    "loadsgf", "printsgf",
};
#define N_ALL_COMMANDS (sizeof ALL_COMMANDS / sizeof ALL_COMMANDS[0])

/* "W+N" or "B+N". */
static void check_score_format(const char *score)
{
    ck_assert_msg((score[0] == 'W' || score[0] == 'B') && score[1] == '+' && score[2]
                  && strspn(score + 2, "0123456789") == strlen(score + 2),
                  "final_score \"%s\" is not W+N or B+N", score);
}

START_TEST(test_administrative_commands)
{
    Buf script = { 0 };
    pc_buf_puts(&script, "protocol_version\nname\nversion\nlist_commands\n");
    for (size_t i = 0; i < N_ALL_COMMANDS; i++)
        pc_buf_printf(&script, "known_command %s\n", ALL_COMMANDS[i]);
    pc_buf_puts(&script, "known_command foo\nknown_command NAME\nknown_command known\n"
                         "known_command play_move\n");
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 4 + N_ALL_COMMANDS + 4);
    EXPECT_OK(&rs, 0, "2");
    const char *name = EXPECT_OK(&rs, 1, NULL);
    const char *version = EXPECT_OK(&rs, 2, NULL);
    ck_assert_msg(*name && !strchr(name, '\n'), "name \"%s\"", name);
    ck_assert_msg(*version && !strchr(version, '\n') && !strchr(version, ' '), "version \"%s\"", version);
    const char *list = EXPECT_OK(&rs, 3, NULL);
    char *padded = pc_track(malloc(strlen(list) + 3));
    sprintf(padded, "\n%s\n", list);
    for (size_t i = 0; i < N_ALL_COMMANDS; i++) {
        EXPECT_OK(&rs, 4 + i, "true");
        char line[64];
        snprintf(line, sizeof line, "\n%s\n", ALL_COMMANDS[i]);
        ck_assert_msg(strstr(padded, line) != NULL, "list_commands lacks %s: \"%s\"", ALL_COMMANDS[i], list);
    }
    for (size_t i = 0; i < 4; i++)
        EXPECT_OK(&rs, 4 + N_ALL_COMMANDS + i, "false");

    /* Every listed command is known, listed once per line and only once. */
    size_t n;
    char **lines = pc_split_lines(list, &n);
    ck_assert_msg(n >= N_ALL_COMMANDS, "list_commands has %zu lines", n);
    Buf check = { 0 };
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(*lines[i] && !strchr(lines[i], ' '), "list_commands line \"%s\"", lines[i]);
        for (size_t j = 0; j < i; j++)
            ck_assert_msg(strcmp(lines[i], lines[j]) != 0, "%s listed twice", lines[i]);
        pc_buf_printf(&check, "known_command %s\n", lines[i]);
    }
    rs = pc_gtp(pc_buf_keep(&check));
    EXPECT_COUNT(&rs, n);
    for (size_t i = 0; i < n; i++)
        EXPECT_OK(&rs, i, "true");
}
END_TEST

START_TEST(test_boardsize_every_size)
{
    Buf script = { 0 };
    for (int size = 4; size <= 10; size++) {
        /* the amazon on rank 1 nearest the a-file steps up and shoots back */
        char file = (char)('a' + (size - 1) / 3);
        pc_buf_printf(&script, "boardsize %d\nget_position\nshowboard\nterritory\nlegal_moves\n"
                               "legal_moves b\nperft 1\nplay w %c1-%c2/%c1\nclear_board\nget_position\n"
                               "undo\n", size, file, file, file);
    }
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 7 * 11);
    for (int size = 4; size <= 10; size++) {
        size_t base = (size_t)(size - 4) * 11;
        EXPECT_OK(&rs, base, "");
        const char *text = EXPECT_OK(&rs, base + 1, bm_start_text(size));
        Board b = bm_of(text);
        ck_assert_int_eq(b.width, size);
        ck_assert_int_eq(b.height, size);
        bm_check_showboard(EXPECT_OK(&rs, base + 2, NULL), &b);
        bm_check_territory(EXPECT_OK(&rs, base + 3, NULL), &b);
        size_t white = pc_count_words(EXPECT_OK(&rs, base + 4, NULL));
        size_t black = pc_count_words(EXPECT_OK(&rs, base + 5, NULL));
        unsigned long long perft1 = strtoull(EXPECT_OK(&rs, base + 6, NULL), NULL, 10);
        ck_assert_msg(white > 0 && white == perft1, "size %d: %zu legal moves, perft 1 = %llu",
                      size, white, perft1);
        ck_assert_msg(black == white, "size %d: black has %zu moves, white %zu (symmetric start)",
                      size, black, white);
        if (size == 10)
            ck_assert_int_eq(white, START_MOVES_10);
        /* a move, then clear_board: same size, start position, empty history */
        EXPECT_OK(&rs, base + 7, "");
        EXPECT_OK(&rs, base + 8, "");
        EXPECT_OK(&rs, base + 9, bm_start_text(size));
        EXPECT_ERROR(&rs, base + 10, "cannot undo");
    }
}
END_TEST

/* boardsize COLUMNS ROWS: every command follows the board's shape. */
START_TEST(test_boardsize_rectangular)
{
    Responses rs = pc_gtp("boardsize 6 5\nget_position\nshowboard\nterritory\nlegal_moves\nperft 1\n"
                          "play w b1-b4/d2\nget_position\nplay b a4-a5/a3\nplay b a4-g4/a3\n"
                          "clear_board\nget_position\nboardsize 4 7\nget_position\ngenmove w\n"
                          "set_position 1BB1/B2B/W2W/1WW1/4 w\nget_position\n");
    EXPECT_COUNT(&rs, 17);
    EXPECT_OK(&rs, 0, "");
    Board b = bm_of(EXPECT_OK(&rs, 1, "1B2B1/B4B/6/W4W/1W2W1 w"));
    ck_assert_int_eq(b.width, 6);
    ck_assert_int_eq(b.height, 5);
    bm_check_showboard(EXPECT_OK(&rs, 2, NULL), &b);
    bm_check_territory(EXPECT_OK(&rs, 3, NULL), &b);
    size_t moves = pc_count_words(EXPECT_OK(&rs, 4, NULL));
    ck_assert_uint_eq(moves, strtoull(EXPECT_OK(&rs, 5, NULL), NULL, 10));
    EXPECT_OK(&rs, 6, "");
    b = bm_after(b, 'W', "b1-b4/d2");
    EXPECT_BOARD(&rs, 7, &b);
    EXPECT_OK(&rs, 8, "");          /* a5 is on a board of 5 ranks */
    EXPECT_ERROR(&rs, 9, "illegal move: a4-g4/a3 leaves the 6x5 board"); /* file g is not, with 6 files */
    EXPECT_OK(&rs, 10, "");
    EXPECT_OK(&rs, 11, "1B2B1/B4B/6/W4W/1W2W1 w");
    EXPECT_OK(&rs, 12, "");
    b = bm_of(EXPECT_OK(&rs, 13, "1BB1/4/B2B/4/W2W/4/1WW1 w"));
    const char *move = EXPECT_OK(&rs, 14, NULL);
    b = bm_after(b, 'W', move);      /* a legal, canonical move of the 4 x 7 board */
    EXPECT_OK(&rs, 15, "");
    Board set = bm_of(EXPECT_OK(&rs, 16, "1BB1/B2B/W2W/1WW1/4 w"));
    ck_assert_int_eq(set.width, 4);
    ck_assert_int_eq(set.height, 5);
}
END_TEST

START_TEST(test_boardsize_resets_game)
{
    Responses rs = pc_gtp("play w d1-d7/g7\nboardsize 10\nget_position\nundo\n"
                          "boardsize 5\nplay w b1-b4/b1\nboardsize 5\nget_position\nundo\n"
                          "boardsize 07\nget_position\n");
    EXPECT_COUNT(&rs, 11);
    EXPECT_OK(&rs, 0, "");
    EXPECT_OK(&rs, 1, "");
    EXPECT_OK(&rs, 2, START_10);
    EXPECT_ERROR(&rs, 3, "cannot undo");
    EXPECT_OK(&rs, 5, "");
    EXPECT_OK(&rs, 7, bm_start_text(5));
    EXPECT_ERROR(&rs, 8, "cannot undo");
    EXPECT_OK(&rs, 9, "");
    EXPECT_OK(&rs, 10, bm_start_text(7));
}
END_TEST

START_TEST(test_showboard_and_territory_midgame)
{
    Responses rs = pc_gtp(SETUP_MIDGAME "get_position\nshowboard\nterritory\n"
                          "set_position 3B/4/xx2/Wx2 w\nget_position\nshowboard\nterritory\n");
    EXPECT_COUNT(&rs, 3 + 3 + 4);
    Board b = bm_after(bm_after(bm_of(START_10), 'W', "d1-d7/g7"), 'B', "d10-d8/d9");
    EXPECT_BOARD(&rs, 3, &b);
    bm_check_showboard(EXPECT_OK(&rs, 4, NULL), &b);
    bm_check_territory(EXPECT_OK(&rs, 5, NULL), &b);

    /* White walled in at a1: every empty square is Black's. */
    b = bm_of(EXPECT_OK(&rs, 7, "3B/4/xx2/Wx2 w"));
    bm_check_showboard(EXPECT_OK(&rs, 8, NULL), &b);
    const char *territory = EXPECT_OK(&rs, 9, NULL);
    bm_check_diagram(territory, &b, "WBxb", "b", 0, "territory (walled-in white)");
}
END_TEST

START_TEST(test_play_notations)
{
    static const char *const notations[][2] = {
        { "w", "d1-d7/g7" }, { "W", "D1-D7/G7" }, { "white", "d1d7g7" }, { "WHITE", "d1-d7-g7" },
        { "White", "D1D7-g7" },
    };
    Buf script = { 0 };
    for (size_t i = 0; i < 5; i++)
        pc_buf_printf(&script, "play %s %s\nget_position\nundo\nget_position\n", notations[i][0],
                      notations[i][1]);
    /* shooting back onto the square just left is legal; j10 notation */
    pc_buf_puts(&script, "play w d1-d2/d1\nget_position\nplay b g10-j10/g10\nget_position\n");
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 5 * 4 + 4);
    Board start = bm_of(START_10), after = bm_after(start, 'W', "d1-d7/g7");
    for (size_t i = 0; i < 5; i++) {
        EXPECT_OK(&rs, 4 * i, "");
        EXPECT_BOARD(&rs, 4 * i + 1, &after);
        EXPECT_OK(&rs, 4 * i + 2, "");
        EXPECT_OK(&rs, 4 * i + 3, START_10);
    }
    EXPECT_OK(&rs, 20, "");
    Board back = bm_after(start, 'W', "d1-d2/d1");
    EXPECT_BOARD(&rs, 21, &back);
    EXPECT_OK(&rs, 22, "");
    back = bm_after(back, 'B', "g10-j10/g10");
    EXPECT_BOARD(&rs, 23, &back);
}
END_TEST

START_TEST(test_play_colour_not_on_move_and_undo)
{
    Responses rs = pc_gtp(
        "play b d10-d8/d9\nget_position\n"     /* 0,1: black moves while white is on move */
        "play b g10-g8/g9\nget_position\n"     /* 2,3: and again */
        "play w d1-d7/g7\nget_position\n"      /* 4,5 */
        "undo\nget_position\n"                 /* 6,7 */
        "undo\nget_position\n"                 /* 8,9 */
        "undo\nget_position\n"                 /* 10,11 */
        "undo\n"                               /* 12 */
        "play w a4-a5/a6\nplay w a5-a4/a6\n"   /* 13,14: the second shoots at an arrow */
        "get_position\n"                       /* 15 */
        "play w a5-a4/a5\nget_position\n"      /* 16,17: white twice, black stays on move */
        "undo\nget_position\nundo\nget_position\n"); /* 18..21 */
    EXPECT_COUNT(&rs, 22);
    Board start = bm_of(START_10);
    Board after1 = bm_after(start, 'B', "d10-d8/d9");
    Board after2 = bm_after(after1, 'B', "g10-g8/g9");
    Board after3 = bm_after(after2, 'W', "d1-d7/g7");
    EXPECT_OK(&rs, 0, "");
    EXPECT_BOARD(&rs, 1, &after1);
    EXPECT_OK(&rs, 2, "");
    EXPECT_BOARD(&rs, 3, &after2);
    EXPECT_OK(&rs, 4, "");
    EXPECT_BOARD(&rs, 5, &after3);
    EXPECT_OK(&rs, 6, "");
    EXPECT_BOARD(&rs, 7, &after2);
    EXPECT_OK(&rs, 8, "");
    EXPECT_BOARD(&rs, 9, &after1);
    EXPECT_OK(&rs, 10, "");
    EXPECT_OK(&rs, 11, START_10);       /* white on move again, as before black's move */
    EXPECT_ERROR(&rs, 12, "cannot undo");
    EXPECT_OK(&rs, 13, "");
    EXPECT_ERROR(&rs, 14, "illegal move");
    Board w1 = bm_after(start, 'W', "a4-a5/a6");
    EXPECT_BOARD(&rs, 15, &w1);
    EXPECT_OK(&rs, 16, "");
    Board w2 = bm_after(w1, 'W', "a5-a4/a5");
    w2.side = 'b';
    EXPECT_BOARD(&rs, 17, &w2);
    EXPECT_OK(&rs, 18, "");
    EXPECT_BOARD(&rs, 19, &w1);          /* black still on move */
    EXPECT_OK(&rs, 20, "");
    EXPECT_OK(&rs, 21, START_10);
}
END_TEST

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(test_every_listed_move_is_playable)
{
    /* 10x10 start and a 6x6 middle game: each listed move plays, and undo restores. */
    static const char *const setups[] = { "boardsize 10\n", "boardsize 6\nplay w b1-b4/e4\n" };
    for (size_t s = 0; s < 2; s++) {
        Buf script = { 0 };
        pc_buf_puts(&script, setups[s]);
        pc_buf_puts(&script, "get_position\nlegal_moves\nlegal_moves w\nlegal_moves b\nperft 1\n");
        Responses rs = pc_gtp(pc_buf_keep(&script));
        size_t first = rs.count - 5;
        const char *position = EXPECT_OK(&rs, first, NULL);
        Board before = bm_of(position);
        char mover = before.side == 'w' ? 'W' : 'B';
        size_t n, nw, nb;
        char **moves = pc_split_words(EXPECT_OK(&rs, first + 1, NULL), &n);
        pc_split_words(EXPECT_OK(&rs, first + 2, NULL), &nw);
        pc_split_words(EXPECT_OK(&rs, first + 3, NULL), &nb);
        ck_assert_msg(n == strtoull(EXPECT_OK(&rs, first + 4, NULL), NULL, 10),
                      "legal_moves count %zu differs from perft 1", n);
        ck_assert_msg(n == (mover == 'W' ? nw : nb), "legal_moves without colour is not the side to move's");
        if (s == 0)
            ck_assert_int_eq(n, START_MOVES_10);
        ck_assert_msg(n > 0, "no moves");

        Buf plays = { 0 };
        pc_buf_puts(&plays, setups[s]);
        for (size_t i = 0; i < n; i++) {
            int sq[3][2];
            ck_assert_msg(bm_parse_move(moves[i], sq), "legal_moves gave non-canonical \"%s\"", moves[i]);
            pc_buf_printf(&plays, "play %c %s\n%sundo\n", mover, moves[i], i % 97 == 0 ? "get_position\n" : "");
        }
        pc_buf_puts(&plays, "get_position\n");
        char **sorted = pc_track(malloc(n * sizeof *sorted));
        memcpy(sorted, moves, n * sizeof *sorted);
        qsort(sorted, n, sizeof *sorted, compare_strings);
        for (size_t i = 1; i < n; i++)
            ck_assert_msg(strcmp(sorted[i - 1], sorted[i]) != 0, "%s listed twice", sorted[i]);
        Responses played = pc_gtp(pc_buf_keep(&plays));
        size_t k = played.count - (2 * n + (n + 96) / 97 + 1);
        for (size_t i = 0; i < n; i++) {
            ck_assert_msg(played.items[k].ok, "listed move %s refused: %s", moves[i], played.items[k].body);
            k++;
            if (i % 97 == 0) {
                Board after = bm_of(EXPECT_OK(&played, k, NULL));
                Board want = bm_after(before, mover, moves[i]);
                ck_assert_msg(bm_equal(&after, &want), "position after %s is wrong: %s", moves[i],
                              played.items[k].body);
                k++;
            }
            EXPECT_OK(&played, k, "");
            k++;
        }
        EXPECT_OK(&played, k, position);
    }
}
END_TEST

START_TEST(test_legal_moves_for_either_colour)
{
    Responses rs = pc_gtp("legal_moves w\nlegal_moves b\nlegal_moves\nlegal_moves white\nlegal_moves BLACK\n"
                          "play w d1-d7/g7\nlegal_moves\nlegal_moves b\nlegal_moves w\nperft 1\n"
                          "set_position 3B/4/xx2/Wx2 w\nlegal_moves\nlegal_moves w\nlegal_moves b\n");
    EXPECT_COUNT(&rs, 14);
    for (size_t i = 0; i < 5; i++)
        ck_assert_int_eq(pc_count_words(EXPECT_OK(&rs, i, NULL)), START_MOVES_10);
    EXPECT_OK(&rs, 3, rs.items[0].body);
    EXPECT_OK(&rs, 4, rs.items[1].body);
    ck_assert_msg(strcmp(rs.items[0].body, rs.items[1].body) != 0, "white and black lists are identical");
    ck_assert_msg(pc_has_word(rs.items[0].body, "d1-d7/g7") && !pc_has_word(rs.items[0].body, "d10-d8/d9"),
                  "white's list is wrong");
    ck_assert_msg(pc_has_word(rs.items[1].body, "d10-d8/d9") && !pc_has_word(rs.items[1].body, "d1-d7/g7"),
                  "black's list is wrong");
    const char *black = EXPECT_OK(&rs, 6, NULL);
    EXPECT_OK(&rs, 7, black);
    ck_assert_msg(pc_count_words(black) == strtoull(EXPECT_OK(&rs, 9, NULL), NULL, 10), "perft 1 mismatch");
    ck_assert_msg(!pc_has_word(rs.items[8].body, "d1-d7/g7") && pc_has_word(rs.items[8].body, "d7-d8/d7"),
                  "white's list after d1-d7/g7 is wrong");
    /* a walled-in side has no moves: an empty result */
    EXPECT_OK(&rs, 11, "");
    EXPECT_OK(&rs, 12, "");
    ck_assert_msg(pc_count_words(EXPECT_OK(&rs, 13, NULL)) > 0, "black should have moves");
}
END_TEST

START_TEST(test_perft)
{
    Responses rs = pc_gtp("perft 0\nperft 1\nperft 2\nget_position\nundo\n"
                          "set_position 3B/4/xx2/Wx2 w\nperft 1\nperft 20\n"
                          "boardsize 4\nperft 1\nlegal_moves\nperft 2\n");
    EXPECT_COUNT(&rs, 12);
    EXPECT_OK(&rs, 0, "1");
    EXPECT_OK(&rs, 1, "2176");
    EXPECT_OK(&rs, 2, "4307152");
    EXPECT_OK(&rs, 3, START_10);    /* perft leaves the position alone */
    EXPECT_ERROR(&rs, 4, "cannot undo");
    EXPECT_OK(&rs, 6, "0");          /* side to move has no move */
    EXPECT_OK(&rs, 7, "0");          /* depth 20 is accepted */
    unsigned long long p1 = strtoull(EXPECT_OK(&rs, 9, NULL), NULL, 10);
    ck_assert_int_eq(p1, pc_count_words(EXPECT_OK(&rs, 10, NULL)));
    unsigned long long p2 = strtoull(EXPECT_OK(&rs, 11, NULL), NULL, 10);
    ck_assert_msg(p2 > p1, "perft 2 (%llu) should exceed perft 1 (%llu) on 4x4", p2, p1);
}
END_TEST

START_TEST(test_genmove_plays_a_legal_move)
{
    Responses rs = pc_gtp("legal_moves w\ngenmove w\nget_position\n"
                          "legal_moves b\ngenmove BLACK\nget_position\n"
                          "legal_moves b\ngenmove b\nget_position\n"  /* black again, white on move */
                          "undo\nundo\nundo\nget_position\nundo\n");
    EXPECT_COUNT(&rs, 14);
    Board b = bm_of(START_10);
    for (int k = 0; k < 3; k++) {
        char mover = k == 0 ? 'W' : 'B';
        const char *move = EXPECT_OK(&rs, 3 * k + 1, NULL);
        ck_assert_msg(pc_has_word(EXPECT_OK(&rs, 3 * k, NULL), move), "genmove %c gave %s, not in legal_moves",
                      mover, move);
        Board want = bm_after(b, mover, move);
        Board got = bm_of(EXPECT_OK(&rs, 3 * k + 2, NULL));
        ck_assert_msg(bm_equal(&got, &want), "after genmove %s the position is %s", move,
                      rs.items[3 * k + 2].body);
        b = got;
    }
    for (int k = 9; k < 12; k++)
        EXPECT_OK(&rs, (size_t)k, "");
    EXPECT_OK(&rs, 12, START_10);
    EXPECT_ERROR(&rs, 13, "cannot undo");
}
END_TEST

START_TEST(test_genmove_reproducible)
{
    const char *script = "genmove w\ngenmove b\ngenmove w\nreg_genmove b\n";
    Responses a = pc_gtp(script), b = pc_gtp(script);
    EXPECT_COUNT(&a, 4);
    EXPECT_COUNT(&b, 4);
    for (size_t i = 0; i < 4; i++)
        EXPECT_OK(&b, i, EXPECT_OK(&a, i, NULL));
}
END_TEST

START_TEST(test_reg_genmove_changes_nothing)
{
    Responses rs = pc_gtp(SETUP_MIDGAME "get_position\nlegal_moves w\nlegal_moves b\n"
                          "reg_genmove w\nget_position\nreg_genmove b\nget_position\nreg_genmove white\n"
                          "undo\nundo\nget_position\nundo\n");
    EXPECT_COUNT(&rs, 15);
    const char *position = EXPECT_OK(&rs, 3, NULL);
    ck_assert_msg(pc_has_word(EXPECT_OK(&rs, 4, NULL), EXPECT_OK(&rs, 6, NULL)), "reg_genmove w not legal");
    EXPECT_OK(&rs, 7, position);
    ck_assert_msg(pc_has_word(EXPECT_OK(&rs, 5, NULL), EXPECT_OK(&rs, 8, NULL)), "reg_genmove b not legal");
    EXPECT_OK(&rs, 9, position);
    ck_assert_msg(pc_has_word(rs.items[4].body, EXPECT_OK(&rs, 10, NULL)), "reg_genmove white not legal");
    EXPECT_OK(&rs, 11, "");
    EXPECT_OK(&rs, 12, "");
    EXPECT_OK(&rs, 13, START_10);
    EXPECT_ERROR(&rs, 14, "cannot undo");
}
END_TEST

START_TEST(test_genmove_resigns_without_moves)
{
    Responses rs = pc_gtp("set_position 3B/4/xx2/Wx2 w\n"
                          "genmove w\nget_position\nreg_genmove w\ngenmove white\nget_position\n"
                          "legal_moves b\ngenmove b\nget_position\n");
    EXPECT_COUNT(&rs, 9);
    EXPECT_OK(&rs, 1, "resign");
    EXPECT_OK(&rs, 2, "3B/4/xx2/Wx2 w");
    EXPECT_OK(&rs, 3, "resign");
    EXPECT_OK(&rs, 4, "resign");
    EXPECT_OK(&rs, 5, "3B/4/xx2/Wx2 w");
    const char *move = EXPECT_OK(&rs, 7, NULL);
    ck_assert_msg(pc_has_word(EXPECT_OK(&rs, 6, NULL), move), "genmove b gave %s", move);
    Board want = bm_after(bm_of("3B/4/xx2/Wx2 w"), 'B', move);
    Board got = bm_of(EXPECT_OK(&rs, 8, NULL));
    ck_assert_msg(bm_equal(&got, &want), "after genmove b: %s", rs.items[8].body);

    /* A game played into a trap: the loser resigns, the winner still moves. */
    rs = pc_gtp("set_position B3/xx2/4/3W w\nplay w d1-d2/b4\ngenmove b\nreg_genmove b\nget_position\n"
                "reg_genmove w\n");
    EXPECT_COUNT(&rs, 6);
    EXPECT_OK(&rs, 1, "");
    EXPECT_OK(&rs, 2, "resign");
    EXPECT_OK(&rs, 3, "resign");
    EXPECT_OK(&rs, 4, "Bx2/xx2/3W/4 b");
    ck_assert_msg(strcmp(EXPECT_OK(&rs, 5, NULL), "resign") != 0, "white has moves, yet resigns");
}
END_TEST

START_TEST(test_final_score)
{
    Responses rs = pc_gtp("final_score\n"                                 /* 0 */
                          "set_position B3/xx2/4/3W w\nfinal_score\n"     /* 1,2 */
                          "play w d1-d2/b4\nfinal_score\nget_position\n"  /* 3,4,5: black walled in */
                          "undo\nfinal_score\n"                           /* 6,7 */
                          "set_position 3B/4/xx2/Wx2 w\nfinal_score\n"    /* 8,9: white walled in */
                          "set_position 3B/4/xx2/Wx2 b\nfinal_score\n"    /* 10,11: not over */
                          "set_position Bx2/xx2/x3/3W b\nfinal_score\n"); /* 12,13: over, 10 squares */
    EXPECT_COUNT(&rs, 14);
    check_score_format(EXPECT_OK(&rs, 0, NULL));
    check_score_format(EXPECT_OK(&rs, 2, NULL));
    EXPECT_OK(&rs, 3, "");
    EXPECT_OK(&rs, 4, "W+11");
    EXPECT_OK(&rs, 5, "Bx2/xx2/3W/4 b"); /* final_score changes nothing */
    EXPECT_OK(&rs, 6, "");
    check_score_format(EXPECT_OK(&rs, 7, NULL));
    EXPECT_OK(&rs, 9, "B+11");
    check_score_format(EXPECT_OK(&rs, 11, NULL));
    ck_assert_msg(rs.items[11].body[0] == 'B', "black owns the board, yet \"%s\"", rs.items[11].body);
    EXPECT_OK(&rs, 13, "W+10");
}
END_TEST

START_TEST(test_set_position_round_trip)
{
    static const char *const positions[] = {
        "1BB1/B2B/W2W/1WW1 b",
        "W3/4/4/3B w",
        "x3x/1W1B1/5/1B1W1/x3x b",
        "6B3/3x6/3B6/B2W2x2B/10/10/W8W/10/10/6W3 w",
        "xxxxxxxxx1/9B/10/10/10/10/10/10/W9/10 b",
        "BBBB6/10/10/10/10/10/10/10/10/6WWWW w",
        "1B6x1/1W1xxx1x2/x1xx1x1Bx1/2x2xW3/2x3xx2/7x2/2Wxx1xW2/2x1x1x1B1/x1x1Bxx3/2x6x w",
        "2B2B2/8/B6B/8/8/W6W/8/2W2W2 b",
        "2x1x2/7/B5B/7/W5W/7/2W1W2 w",
    };
    Buf script = { 0 };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++)
        pc_buf_printf(&script, "set_position %s\nget_position\nshowboard\nundo\n", positions[i]);
    pc_buf_puts(&script, "set_position 1BB1/B2B/W2W/1WW1 B\nget_position\n"
                         "set_position 1BB1/B2B/W2W/1WW1 w\nplay w a2-a1/a2\nundo\nget_position\nundo\n");
    Responses rs = pc_gtp(pc_buf_keep(&script));
    size_t n = sizeof positions / sizeof positions[0];
    EXPECT_COUNT(&rs, 4 * n + 7);
    for (size_t i = 0; i < n; i++) {
        EXPECT_OK(&rs, 4 * i, "");
        EXPECT_OK(&rs, 4 * i + 1, positions[i]);
        Board b = bm_of(positions[i]);
        bm_check_showboard(EXPECT_OK(&rs, 4 * i + 2, NULL), &b);
        EXPECT_ERROR(&rs, 4 * i + 3, "cannot undo");
    }
    EXPECT_OK(&rs, 4 * n + 1, "1BB1/B2B/W2W/1WW1 b");
    EXPECT_OK(&rs, 4 * n + 3, "");
    EXPECT_OK(&rs, 4 * n + 4, "");
    EXPECT_OK(&rs, 4 * n + 5, "1BB1/B2B/W2W/1WW1 w");
    EXPECT_ERROR(&rs, 4 * n + 6, "cannot undo");
}
END_TEST

START_TEST(test_clock_commands_succeed)
{
    Responses rs = pc_gtp("time_settings 300 30 5\ntime_left w 120 0\ntime_left b 20 3\n"
                          "time_left white 10 0\ntime_left BLACK 10 2\ntime_settings 0 0 0\n"
                          "time_settings 0 1 0\ntime_settings 1e6 1e6 100000\ntime_left w 1e6 100000\n"
                          "time_left b 0 0\ntime_settings 600 0 0\ngenmove w\ngenmove b\n"
                          "cputime\ngenmove w\ncputime\nget_position\n");
    EXPECT_COUNT(&rs, 17);
    for (size_t i = 0; i < 11; i++)
        EXPECT_OK(&rs, i, "");
    EXPECT_OK(&rs, 11, NULL);
    EXPECT_OK(&rs, 12, NULL);
    char *end;
    double t1 = strtod(EXPECT_OK(&rs, 13, NULL), &end);
    ck_assert_msg(*end == '\0' && t1 >= 0, "cputime \"%s\"", rs.items[13].body);
    double t2 = strtod(EXPECT_OK(&rs, 15, NULL), &end);
    ck_assert_msg(*end == '\0' && t2 >= t1, "cputime went from %g to \"%s\"", t1, rs.items[15].body);
    Board b = bm_of(EXPECT_OK(&rs, 16, NULL));
    ck_assert_msg(b.side == 'b', "three moves played, black should be on move");
}
END_TEST

/*
 * The clock is only visible through the search budget.  With a playout cap
 * and no clock, each search runs the full cap; with a clock of zero seconds
 * it stops almost at once.  Every refused time_settings / time_left below
 * would visibly change the budget had it been applied.
 */
START_TEST(test_clock_errors_leave_clock)
{
    const char *const args[] = { "--playouts", "300", "--seed", "1", "--verbose", "--memory", "16", NULL };
    const char *script =
        /* no clock: these would all set a zero clock */
        "time_settings -1 0 0\ntime_settings 0 -1 0\ntime_settings 0 0 -1\ntime_settings 0 0 1.5\n"
        "time_settings 0 0 100001\ntime_settings 0 0\ntime_settings 0 0 0 0\ntime_settings x 0 0\n"
        "genmove w\n"                                          /* #8: full cap */
        "time_settings 0 0 0\ngenmove b\n"                     /* #10: zero clock, cut short */
        /* zero clock: these would all give time */
        "time_settings 1000 0 -1\ntime_settings 1000 0 1.5\ntime_settings 1000 0 100001\n"
        "time_settings 1000 0\ntime_settings 1e7 0 0\ntime_settings 1000 1e7 0\n"
        "time_settings 1000 nan 0\ntime_settings 1000 0 0 0\n"
        "time_left w 1e7 0\ntime_left w 1000 -1\ntime_left w 1000 1.5\ntime_left w 1000 100001\n"
        "time_left w 1000\ntime_left w 1000 0 0\ntime_left x 1000 0\ntime_left w inf 0\n"
        "genmove w\n"                                          /* #27: still cut short */
        "time_left w 1000 0\ngenmove w\n"                      /* #29: full cap again */
        "time_settings 0 1 0\ngenmove b\n";                   /* #31: GTP "no time limit" */
    Run *run = pc_run(args, script, strlen(script));
    pc_expect_clean_exit(run);
    Responses rs = pc_split_responses(run);
    EXPECT_COUNT(&rs, 32);
    for (size_t i = 0; i < 8; i++)
        EXPECT_ERROR(&rs, i, "syntax error");
    EXPECT_OK(&rs, 9, "");
    for (size_t i = 11; i < 27; i++)
        EXPECT_ERROR(&rs, i, "syntax error");
    EXPECT_OK(&rs, 28, "");
    EXPECT_OK(&rs, 30, "");
    static const size_t genmoves[] = { 8, 10, 27, 29, 31 };
    for (size_t k = 0; k < 5; k++)
        ck_assert_msg(strcmp(EXPECT_OK(&rs, genmoves[k], NULL), "resign") != 0, "genmove #%zu resigned",
                      genmoves[k]);
    unsigned long long it[8];
    size_t n = pc_verbose_iterations(run->err, it, 8);
    ck_assert_msg(n == 5, "expected 5 search summaries on stderr, got %zu: %s", n, run->err);
    ck_assert_msg(it[0] == 300, "refused time_settings changed the clock: %llu iterations", it[0]);
    ck_assert_msg(it[1] < 300, "a zero clock should cut the search short: %llu iterations", it[1]);
    ck_assert_msg(it[2] < 300, "refused time_settings/time_left changed the clock: %llu iterations", it[2]);
    ck_assert_msg(it[3] == 300, "time_left w 1000 0 should give time: %llu iterations", it[3]);
    ck_assert_msg(it[4] == 300, "time_settings 0 1 0 means no limit: %llu iterations", it[4]);
}
END_TEST

/*
 * GTP: reg_genmove has no effects.  With --resign every search counts towards
 * the resignation streak, so after three reg_genmoves a genmove must still
 * behave as the first genmove of a session (which plays a move).
 */
START_TEST(test_reg_genmove_does_not_feed_resignation)
{
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    Responses rs = pc_gtp_args(args, "reg_genmove w\nreg_genmove w\nreg_genmove w\ngenmove w\n");
    EXPECT_COUNT(&rs, 4);
    for (size_t i = 0; i < 4; i++)
        ck_assert_msg(strcmp(EXPECT_OK(&rs, i, NULL), "resign") != 0,
                      "response %zu is resign: reg_genmove changed the resignation state "
                      "(a fresh session's first genmove plays a move)", i);
}
END_TEST

/* The resignation streak belongs to a game: a new game must not inherit it. */
START_TEST(test_new_game_resets_resignation)
{
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    static const char *const new_game[] = {
        "clear_board", ("set_position " START_10), "boardsize 10",
    };
    for (size_t i = 0; i < 3; i++) {
        Buf script = { 0 };
        pc_buf_printf(&script, "genmove w\ngenmove w\n%s\ngenmove w\n", new_game[i]);
        Responses rs = pc_gtp_args(args, pc_buf_keep(&script));
        EXPECT_COUNT(&rs, 4);
        ck_assert_msg(strcmp(EXPECT_OK(&rs, 0, NULL), "resign") && strcmp(EXPECT_OK(&rs, 1, NULL), "resign"),
                      "resigned before three low estimates");
        EXPECT_OK(&rs, 2, "");
        ck_assert_msg(strcmp(EXPECT_OK(&rs, 3, NULL), "resign") != 0,
                      "first genmove after \"%s\" resigned: the previous game's low estimates "
                      "carried over", new_game[i]);
    }
}
END_TEST

/*
 * --resign P resigns once a colour's estimate has stayed below P for three of
 * its moves (P = 1: every estimate is low); a resignation plays nothing.
 */
START_TEST(test_resign_after_three_low_estimates)
{
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    Responses rs = pc_gtp_args(args, "genmove w\ngenmove b\ngenmove w\ngenmove b\nget_position\n"
                                     "genmove w\ngenmove b\nget_position\n");
    EXPECT_COUNT(&rs, 8);
    Board b = bm_of(START_10);
    for (size_t i = 0; i < 4; i++) {
        const char *move = EXPECT_OK(&rs, i, NULL);
        ck_assert_msg(strcmp(move, "resign") != 0, "genmove #%zu resigned too early", i);
        b = bm_after(b, i % 2 ? 'B' : 'W', move);
    }
    EXPECT_BOARD(&rs, 4, &b);
    EXPECT_OK(&rs, 5, "resign");
    EXPECT_OK(&rs, 6, "resign");
    EXPECT_BOARD(&rs, 7, &b);
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *protocol_commands_suite(void)
{
    Suite *s = suite_create("protocol_commands");
    TCase *commands = tcase_create("commands");
    tcase_add_checked_fixture(commands, NULL, pc_free_tracked);
    tcase_set_timeout(commands, 60);
    tcase_add_test(commands, test_administrative_commands);
    tcase_add_test(commands, test_boardsize_every_size);
    tcase_add_test(commands, test_boardsize_rectangular);
    tcase_add_test(commands, test_boardsize_resets_game);
    tcase_add_test(commands, test_showboard_and_territory_midgame);
    tcase_add_test(commands, test_play_notations);
    tcase_add_test(commands, test_play_colour_not_on_move_and_undo);
    tcase_add_test(commands, test_every_listed_move_is_playable);
    tcase_add_test(commands, test_legal_moves_for_either_colour);
    tcase_add_test(commands, test_perft);
    tcase_add_test(commands, test_genmove_plays_a_legal_move);
    tcase_add_test(commands, test_genmove_reproducible);
    tcase_add_test(commands, test_reg_genmove_changes_nothing);
    tcase_add_test(commands, test_genmove_resigns_without_moves);
    tcase_add_test(commands, test_final_score);
    tcase_add_test(commands, test_set_position_round_trip);
    tcase_add_test(commands, test_clock_commands_succeed);
    tcase_add_test(commands, test_clock_errors_leave_clock);
    tcase_add_test(commands, test_reg_genmove_does_not_feed_resignation);
    tcase_add_test(commands, test_new_game_resets_resignation);
    tcase_add_test(commands, test_resign_after_three_low_estimates);
    suite_add_tcase(s, commands);

    return s;
}
