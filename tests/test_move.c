/* test_move.c - move notation: printing, parsing, rejects and round trips. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bitboard.h"
#include "engine/move.h"
#include "tests.h"

/* Square index of a name such as "d1" or "j10", computed independently of move.c. */
static int sq(const char *name)
{
    return square_at(name[0] - 'a', atoi(name + 1) - 1);
}

static Move mv(const char *from, const char *to, const char *arrow)
{
    return (Move){ (uint8_t)sq(from), (uint8_t)sq(to), (uint8_t)sq(arrow) };
}

static void assert_parses(const char *text, int size, Move expected)
{
    Move m = { 0, 0, 0 };
    ck_assert_msg(move_from_text(text, size, size, &m), "\"%s\" rejected on %dx%d", text, size, size);
    ck_assert_msg(move_equal(m, expected), "\"%s\" parsed to %d %d %d, want %d %d %d", text,
                  m.from, m.to, m.arrow, expected.from, expected.to, expected.arrow);
}

static void assert_rejected(const char *text, int size)
{
    Move m;
    ck_assert_msg(!move_from_text(text, size, size, &m), "\"%s\" accepted on %dx%d", text, size, size);
}

static void assert_prints(Move m, const char *expected)
{
    char buf[MOVE_TEXT_MAX];
    move_to_text(m, buf);
    ck_assert_str_eq(buf, expected);
}

START_TEST(test_square_to_text)
{
    char buf[4];
    square_to_text(square_at(0, 0), buf);
    ck_assert_str_eq(buf, "a1");
    square_to_text(square_at(3, 6), buf);
    ck_assert_str_eq(buf, "d7");
    square_to_text(square_at(9, 9), buf);
    ck_assert_str_eq(buf, "j10");
    square_to_text(square_at(0, 9), buf);
    ck_assert_str_eq(buf, "a10");
    square_to_text(square_at(9, 8), buf);
    ck_assert_str_eq(buf, "j9");
}
END_TEST

START_TEST(test_move_to_text_canonical)
{
    Move m = { (uint8_t)square_at(3, 0), (uint8_t)square_at(3, 6), (uint8_t)square_at(6, 6) };
    assert_prints(m, "d1-d7/g7");
    assert_prints(mv("j10", "a1", "j1"), "j10-a1/j1");
    assert_prints(mv("a10", "j10", "a10"), "a10-j10/a10");
    assert_prints(mv("j10", "j10", "j10"), "j10-j10/j10"); /* the longest text fits */
    assert_prints(mv("a1", "b2", "a1"), "a1-b2/a1");
}
END_TEST

START_TEST(test_parse_canonical)
{
    Move expected = { (uint8_t)square_at(3, 0), (uint8_t)square_at(3, 6), (uint8_t)square_at(6, 6) };
    assert_parses("d1-d7/g7", 10, expected);
}
END_TEST

START_TEST(test_parse_alternative_forms)
{
    Move expected = mv("d1", "d7", "g7");
    assert_parses("d1d7g7", 10, expected);
    assert_parses("d1-d7-g7", 10, expected);
}
END_TEST

START_TEST(test_parse_upper_case)
{
    Move expected = mv("d1", "d7", "g7");
    assert_parses("D1-D7/G7", 10, expected);
    assert_parses("D1D7G7", 10, expected);
    assert_parses("D1-D7-G7", 10, expected);
    assert_parses("d1-D7/g7", 10, expected);
    assert_parses("J10-a1/A10", 10, mv("j10", "a1", "a10"));
}
END_TEST

START_TEST(test_parse_two_digit_ranks)
{
    assert_parses("j10-j1/a10", 10, mv("j10", "j1", "a10"));
    assert_parses("a10a1j10", 10, mv("a10", "a1", "j10"));
    assert_parses("a1a10a1", 10, mv("a1", "a10", "a1"));
    assert_parses("j10j9j8", 10, mv("j10", "j9", "j8"));
    assert_parses("a1-a10-j1", 10, mv("a1", "a10", "j1"));
}
END_TEST

START_TEST(test_parse_board_limits)
{
    assert_parses("a1-d4/a4", 4, mv("a1", "d4", "a4"));
    assert_rejected("e5-a1/a2", 4);
    assert_rejected("a1-e5/a2", 4);
    assert_rejected("a1-a2/e5", 4);
    assert_rejected("a1-a5/a2", 4);
    assert_rejected("a1-e1/a2", 4);
    assert_parses("e5-a1/a2", 5, mv("e5", "a1", "a2"));
    assert_parses("i9-a1/a9", 9, mv("i9", "a1", "a9"));
    assert_rejected("a10-a1/a2", 9);
    assert_rejected("j1-a1/a2", 9);
    assert_parses("j10-a1/a2", 10, mv("j10", "a1", "a2"));
}
END_TEST

/* move_parse tells a well-formed move off the board (an illegal move) from malformed text. */
START_TEST(test_parse_off_board_is_not_malformed)
{
    Move m;
    static const char *const off[] = { "a1-e5/a2", "e1-a1/a2", "a1-a2/a5", "k1-a1/a2", "z99-a1/a2",
                                       "d1-d11/d2" };
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
        ck_assert_msg(move_parse(off[i], 4, 4, &m) == MOVE_OFF_BOARD, "%s on 4x4", off[i]);
    static const char *const malformed[] = { "a0-a1/a2", "a100-a1/a2", "d1-d7", "d1-d7/g7x", "pass",
                                             "" };
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++)
        ck_assert_msg(move_parse(malformed[i], 10, 10, &m) == MOVE_MALFORMED, "\"%s\"", malformed[i]);
    ck_assert_int_eq(move_parse("a1-d4/a4", 4, 4, &m), MOVE_PARSED);
    ck_assert(move_equal(m, mv("a1", "d4", "a4")));
}
END_TEST

/* On a board of 4 files and 7 ranks, d7 exists and e1 / a8 do not; 7 x 4 the other way round. */
START_TEST(test_parse_rectangular_limits)
{
    Move m;
    ck_assert(move_from_text("a1-d7/a7", 4, 7, &m));
    ck_assert(move_equal(m, mv("a1", "d7", "a7")));
    ck_assert(!move_from_text("a1-e1/a2", 4, 7, &m));
    ck_assert(!move_from_text("a1-a8/a2", 4, 7, &m));
    ck_assert(move_from_text("a1-g4/a4", 7, 4, &m));
    ck_assert(!move_from_text("a1-a5/a2", 7, 4, &m));
    ck_assert(!move_from_text("a1-h1/a2", 7, 4, &m));
}
END_TEST

START_TEST(test_parse_malformed)
{
    static const char *const bad[] = {
        "", "d", "d1", "d1-", "d1-d7", "d1d7", "d1-d7/", "d1-d7-", "d1-d7/g",
        "-d1-d7/g7", "d-d7/g7", "1-d7/g7", "d1-7/g7",
        /* trailing junk */
        "d1-d7/g7x", "d1-d7/g7/", "d1-d7/g7-", "d1-d7/g7h1", "d1-d7/g7 ", "d1-d7/g7\n",
        /* spaces */
        " d1-d7/g7", "d1 -d7/g7", "d1- d7/g7", "d1-d7 /g7", "d1-d7/ g7", "d1 d7 g7",
        "d1-d7 g7", "d1d7 g7", "d1 d7g7",
        /* extra or wrong separators */
        "d1--d7/g7", "d1-d7//g7", "d1-d7/-g7", "d1-d7-/g7", "d1/d7/g7", "d1:d7/g7",
        "d1-d7:g7", "d1_d7_g7", "d1.d7.g7",
        /* rank zero, leading zeros, off-board and huge ranks */
        "a0-a1/a2", "a1-a0/a2", "a1-a2/a0", "d01-d7/g7", "d1-d07/g7", "d1-d7/g07",
        "d00-d7/g7", "a11-a1/a2", "a1-a11/a2", "a1-a2/a11", "a100-a1/a2",
        "a4294967297-a1/a2", "a18446744073709551617-a1/a2", "a1-a2/a99999999999999999999",
        "k1-a1/a2", "a1-k1/a2", "a1-a2/k1", "z1-a1/a2", "`1-a1/a2", "@1-a1/a2",
        /* not a square at all */
        "d-1-d7/g7", "d+1-d7/g7", "11-d7/g7", "\3441-d7/g7",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_rejected(bad[i], 10);
}
END_TEST

START_TEST(test_round_trip_all_squares)
{
    int size = _i;
    char text[MOVE_TEXT_MAX];
    for (int from = 0; from < size * size; from++) {
        for (int to = 0; to < size * size; to++) {
            int arrow = (from * 7 + to * 3) % (size * size);
            Move m = { (uint8_t)square_at(from % size, from / size),
                       (uint8_t)square_at(to % size, to / size),
                       (uint8_t)square_at(arrow % size, arrow / size) };
            move_to_text(m, text);
            Move back;
            if (strlen(text) >= MOVE_TEXT_MAX || !move_from_text(text, size, size, &back) || !move_equal(back, m))
                ck_abort_msg("\"%s\" did not round-trip on %dx%d", text, size, size);
        }
    }
}
END_TEST

START_TEST(test_round_trip_other_forms_print_canonically)
{
    static const char *const forms[][2] = {
        { "d1d7g7", "d1-d7/g7" },
        { "D1-D7-G7", "d1-d7/g7" },
        { "J10J1A10", "j10-j1/a10" },
        { "a10-a1-j10", "a10-a1/j10" },
        { "c3-c4/C3", "c3-c4/c3" },
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        Move m;
        char text[MOVE_TEXT_MAX];
        ck_assert(move_from_text(forms[i][0], 10, 10, &m));
        move_to_text(m, text);
        ck_assert_str_eq(text, forms[i][1]);
    }
}
END_TEST

Suite *move_suite(void)
{
    Suite *s = suite_create("move");
    TCase *tc = tcase_create("notation");
    tcase_add_test(tc, test_square_to_text);
    tcase_add_test(tc, test_move_to_text_canonical);
    tcase_add_test(tc, test_parse_canonical);
    tcase_add_test(tc, test_parse_alternative_forms);
    tcase_add_test(tc, test_parse_upper_case);
    tcase_add_test(tc, test_parse_two_digit_ranks);
    tcase_add_test(tc, test_parse_board_limits);
    tcase_add_test(tc, test_parse_rectangular_limits);
    tcase_add_test(tc, test_parse_off_board_is_not_malformed);
    tcase_add_test(tc, test_parse_malformed);
    tcase_add_loop_test(tc, test_round_trip_all_squares, BOARD_MIN, BOARD_MAX + 1);
    tcase_add_test(tc, test_round_trip_other_forms_print_canonically);
    suite_add_tcase(s, tc);
    return s;
}
