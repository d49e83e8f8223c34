/* test_position.c - start positions, position text, make/unmake and hashing. */
#include <stdio.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "tests.h"

static const char START_10[] = "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w";

/* The start rule, written out directly: which piece stands on (file, rank). */
static char expected_start_cell(int width, int height, int file, int rank)
{
    int kc = (width - 1) / 3, kr = (height - 1) / 3;
    for (int flip = 0; flip < 2; flip++) {
        int r = flip ? height - 1 - rank : rank;
        if ((file == 0 && r == kr) || (file == kc && r == 0) || (file == width - 1 - kc && r == 0)
            || (file == width - 1 && r == kr))
            return flip ? 'B' : 'W';
    }
    return '.';
}

/* Checks the redundant fields of a position against each other. */
static void assert_consistent(const Position *pos)
{
    ck_assert(pos->board == bb_board_mask(pos->width, pos->height));
    ck_assert(pos->empty == (pos->board & ~(pos->amazons[WHITE] | pos->amazons[BLACK] | pos->arrows)));
    ck_assert((pos->amazons[WHITE] & pos->amazons[BLACK]) == 0);
    ck_assert((pos->arrows & (pos->amazons[WHITE] | pos->amazons[BLACK])) == 0);
    ck_assert(((pos->amazons[WHITE] | pos->amazons[BLACK] | pos->arrows) & ~pos->board) == 0);
    ck_assert_uint_eq(pos->hash, position_compute_hash(pos));
}

/* A non-start position to detect any write by a failing parse. */
static void scrambled_position(Position *pos)
{
    Move m;
    position_start(pos, 7, 7);
    ck_assert(move_from_text("c1-c5/e3", 7, 7, &m));
    position_make(pos, m);
}

static void assert_text_round_trips(const char *text)
{
    Position pos, again;
    char out[POSITION_TEXT_MAX];
    const char *error = position_from_text(&pos, text);
    ck_assert_msg(error == NULL, "\"%s\" rejected: %s", text, error);
    assert_consistent(&pos);
    position_to_text(&pos, out);
    ck_assert_str_eq(out, text);
    ck_assert_ptr_null(position_from_text(&again, out));
    ck_assert_mem_eq(&again, &pos, sizeof pos);
}

static void assert_text_rejected(const char *text)
{
    Position pos, before;
    scrambled_position(&pos);
    before = pos;
    const char *error = position_from_text(&pos, text);
    ck_assert_msg(error != NULL, "\"%s\" accepted", text);
    ck_assert_msg(memcmp(&pos, &before, sizeof pos) == 0, "\"%s\" changed the position", text);
}

/* Writes a size x size board text from rows (top rank first) of 'W', 'B', 'x', '.'. */
static void grid_text(const char *const *rows, int size, char side, char *out)
{
    for (int r = 0; r < size; r++) {
        int run = 0;
        for (int f = 0; f < size; f++) {
            if (rows[r][f] == '.') {
                run++;
                continue;
            }
            if (run)
                out += sprintf(out, "%d", run);
            run = 0;
            *out++ = rows[r][f];
        }
        if (run)
            out += sprintf(out, "%d", run);
        *out++ = r + 1 < size ? '/' : ' ';
    }
    *out++ = side;
    *out = '\0';
}

/* Every width x height from 4 to 10: _i runs over the 49 shapes. */
START_TEST(test_start_every_size)
{
    int width = BOARD_MIN + _i % 7, height = BOARD_MIN + _i / 7;
    Position pos, parsed;
    position_start(&pos, width, height);
    ck_assert_int_eq(pos.width, width);
    ck_assert_int_eq(pos.height, height);
    ck_assert_int_eq(pos.to_move, WHITE);
    ck_assert(pos.arrows == 0);
    ck_assert_int_eq(bb_count(pos.amazons[WHITE]), 4);
    ck_assert_int_eq(bb_count(pos.amazons[BLACK]), 4);
    for (int file = 0; file < width; file++)
        for (int rank = 0; rank < height; rank++)
            ck_assert_msg(position_cell(&pos, square_at(file, rank))
                              == expected_start_cell(width, height, file, rank),
                          "%dx%d file %d rank %d", width, height, file, rank);
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        bool on_board = square_file(sq) < width && square_rank(sq) < height;
        ck_assert_msg(bb_test(pos.board, sq) == on_board, "%dx%d square %d", width, height, sq);
    }
    ck_assert_int_eq(bb_count(pos.empty), width * height - 8);
    assert_consistent(&pos);
    char text[POSITION_TEXT_MAX];
    position_to_text(&pos, text);
    ck_assert_ptr_null(position_from_text(&parsed, text));
    ck_assert_mem_eq(&parsed, &pos, sizeof pos);
}
END_TEST

/* The published 6x5 layout (6 columns, 5 rows): White a2 b1 e1 f2, Black a4 b5 e5 f4. */
START_TEST(test_start_rectangular_texts)
{
    static const struct { int width, height; const char *text; } cases[] = {
        { 6, 5, "1B2B1/B4B/6/W4W/1W2W1 w" },
        { 5, 6, "1B1B1/B3B/5/5/W3W/1W1W1 w" },
        { 4, 7, "1BB1/4/B2B/4/W2W/4/1WW1 w" },
        { 10, 4, "3B2B3/B8B/W8W/3W2W3 w" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos;
        char out[POSITION_TEXT_MAX];
        position_start(&pos, cases[i].width, cases[i].height);
        position_to_text(&pos, out);
        ck_assert_str_eq(out, cases[i].text);
    }
}
END_TEST

START_TEST(test_start_texts)
{
    static const struct { int size; const char *text; } cases[] = {
        { 4, "1BB1/B2B/W2W/1WW1 w" },
        { 5, "1B1B1/B3B/5/W3W/1W1W1 w" },
        { 6, "1B2B1/B4B/6/6/W4W/1W2W1 w" },
        { 7, "2B1B2/7/B5B/7/W5W/7/2W1W2 w" },
        { 10, START_10 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos, parsed;
        char out[POSITION_TEXT_MAX];
        position_start(&pos, cases[i].size, cases[i].size);
        position_to_text(&pos, out);
        ck_assert_str_eq(out, cases[i].text);
        ck_assert_ptr_null(position_from_text(&parsed, cases[i].text));
        ck_assert_mem_eq(&parsed, &pos, sizeof pos);
    }
}
END_TEST

START_TEST(test_text_round_trips)
{
    static const char *const texts[] = {
        START_10,
        "3B2B3/10/10/B2W5B/10/10/W8W/10/10/3x2W3 b",
        "x8x/10/10/B8B/4xx4/4xx4/W8W/10/10/x2W2W2x w",
        "BBBBxxxxxx/10/10/10/10/10/10/10/10/WWWWxxxxxx b",
        "W3/4/4/3B w",
        "W3/4/4/3B b",
        "Wx2/xx2/4/3B b",
        "xxxx/WBxx/xxxx/xxxx w",
        "B4/xxxxx/5/5/4W w",
        "1B1B1B1B1/9/9/9/9/9/9/9/W1W1W1W1x b",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        assert_text_round_trips(texts[i]);
}
END_TEST

START_TEST(test_text_contents)
{
    Position pos;
    ck_assert_ptr_null(position_from_text(&pos, "Wx2/1B2/4/3x b"));
    ck_assert_int_eq(pos.width, 4);
    ck_assert_int_eq(pos.height, 4);
    ck_assert_int_eq(pos.to_move, BLACK);
    ck_assert_int_eq(position_cell(&pos, square_at(0, 3)), 'W');
    ck_assert_int_eq(position_cell(&pos, square_at(1, 3)), 'x');
    ck_assert_int_eq(position_cell(&pos, square_at(1, 2)), 'B');
    ck_assert_int_eq(position_cell(&pos, square_at(3, 0)), 'x');
    ck_assert_int_eq(position_cell(&pos, square_at(0, 0)), '.');
    ck_assert_int_eq(bb_count(pos.empty), 12);
    assert_consistent(&pos);
    /* The side letter is the only difference, and it must show in the hash. */
    Position white;
    ck_assert_ptr_null(position_from_text(&white, "Wx2/1B2/4/3x w"));
    ck_assert_int_eq(white.to_move, WHITE);
    ck_assert_uint_ne(white.hash, pos.hash);
}
END_TEST

START_TEST(test_text_size_limits_accepted)
{
    const char *rows[BOARD_MAX];
    char line[BOARD_MAX][BOARD_MAX + 1], text[POSITION_TEXT_MAX];
    for (int size = BOARD_MIN; size <= BOARD_MAX; size++) {
        for (int r = 0; r < size; r++) {
            memset(line[r], '.', (size_t)size);
            line[r][size] = '\0';
            rows[r] = line[r];
        }
        line[0][0] = 'B';
        line[size - 1][size - 1] = 'W';
        grid_text(rows, size, 'w', text);
        assert_text_round_trips(text);
    }
}
END_TEST

START_TEST(test_text_amazon_counts)
{
    /* 1 to 4 amazons per side are fine, in any combination. */
    assert_text_round_trips("W3/4/4/3B w");
    assert_text_round_trips("WW2/WW2/4/3B w");
    assert_text_round_trips("WWBB/WWBB/4/4 b");
    assert_text_round_trips("3B2B3/10/10/B8B/10/10/W8W/10/10/6W3 w");
    assert_text_rejected("4/4/W2W/1WW1 w");
    assert_text_rejected("1BB1/B2B/4/4 w");
    assert_text_rejected("4/4/4/4 w");
    assert_text_rejected("3B2B3/10/10/B8B/10/10/W8W/10/10/3W1W1W3 w");
    assert_text_rejected("3B1B1B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w");
    assert_text_rejected("WWWWW/5/5/5/BBBBB w");
}
END_TEST

START_TEST(test_text_rejects)
{
    static const char *const bad[] = {
        "",
        " w",
        /* fewer than 4 ranks or files */
        "1BB1/B2B/1WW1 w",
        "1B1/B1W/W1W/1W1 w",
        /* ranks of different widths */
        "1BB1/B2B/W3W/1WW1 w",
        "1BB1/B1B/W2W/1WW1 w",
        "1BB1/B2B/W2W/1WW w",
        "1BB1/B2B//W2W/1WW1 w",
        "3B2B3/10/10/B8B/10/9/W8W/10/10/3W2W3 w",
        /* bad characters */
        "1bb1/B2B/W2W/1WW1 w",
        "1BB1/B2B/w2W/1WW1 w",
        "1BB1/B2B/W2W/1WX1 w",
        "1BB1/B2B/W2W/1W.W w",
        "1BB1/B2B/W2W/1WQ1 w",
        "1BB1/B2B/W2W/1W-1 w",
        "1BB1/B2B/W2W/1WW1\tw",
        "1BB1/B2B/W2W/1WW1\nw",
        "1BB1/B+2B/W2W/1WW1 w",
        /* missing or bad side to move */
        "1BB1/B2B/W2W/1WW1",
        "1BB1/B2B/W2W/1WW1 ",
        "1BB1/B2B/W2W/1WW1 x",
        "1BB1/B2B/W2W/1WW1 ww",
        "1BB1/B2B/W2W/1WW1 white",
        "1BB1/B2B/W2W/1WW1  w",
        "1BB1/B2B/W2W/1WW1 -",
        /* trailing junk */
        "1BB1/B2B/W2W/1WW1 w ",
        "1BB1/B2B/W2W/1WW1 w x",
        "1BB1/B2B/W2W/1WW1 w\n",
        "1BB1/B2B/W2W/1WW1/ w",
        /* zero-length and oversized empty runs */
        "1BB1/B2B/W02W/1WW1 w",
        "1BB1/B2B/W2W/01WW1 w",
        "1BB1/0/B2B/W2W/1WW1 w",
        "1BB1/B2B/W2W/1WW11 w",
        "3B2B3/10/10/B8B/010/10/W8W/10/10/3W2W3 w",
        "3B2B3/10/10/B8B/11/10/W8W/10/10/3W2W3 w",
        "3B2B3/10/10/B8B/99999999999999999999/10/W8W/10/10/3W2W3 w",
        /* leading junk */
        " 1BB1/B2B/W2W/1WW1 w",
        "/1BB1/B2B/W2W/1WW1 w",
        /* too many ranks */
        "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3/10 w",
        "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3/ w",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_text_rejected(bad[i]);
}
END_TEST

START_TEST(test_text_rejects_sizes_3_and_11)
{
    static const char *const rows3[] = { "B.B", "...", "W.W" };
    static const char *const rows11[] = {
        "B.........B", "...........", "...........", "...........", "...........", "...........",
        "...........", "...........", "...........", "...........", "W.........W",
    };
    char text[200];
    grid_text(rows3, 3, 'w', text);
    ck_assert_str_eq(text, "B1B/3/W1W w");
    assert_text_rejected(text);
    grid_text(rows11, 11, 'w', text);
    assert_text_rejected(text);
    assert_text_rejected("W10/11/11/11/11/11/11/11/11/11/10B w");
    assert_text_rejected("BB1/3/WW1 w");
}
END_TEST

/* Plays random legal moves; after each, checks hash and contents, and that unmake restores exactly. */
START_TEST(test_make_unmake_random_games)
{
    int size = _i;
    static MoveList list;
    Position pos, history[BOARD_MAX * BOARD_MAX];
    Move played[BOARD_MAX * BOARD_MAX];
    uint32_t seed = 12345u + (uint32_t)size;
    position_start(&pos, size, size);
    int plies = 0;
    for (;;) {
        generate_moves(&pos, pos.to_move, &list);
        if (list.count == 0)
            break;
        seed = seed * 1664525u + 1013904223u;
        Move m = list.moves[(seed >> 8) % (uint32_t)list.count];
        Color mover = pos.to_move;
        history[plies] = pos;
        played[plies++] = m;
        position_make(&pos, m);
        ck_assert_int_eq(pos.to_move, color_other(mover));
        ck_assert_int_eq(position_cell(&pos, m.to), mover == WHITE ? 'W' : 'B');
        ck_assert_int_eq(position_cell(&pos, m.arrow), 'x');
        if (m.arrow != m.from)
            ck_assert_int_eq(position_cell(&pos, m.from), '.');
        ck_assert_int_eq(bb_count(pos.empty), bb_count(history[plies - 1].empty) - 1);
        assert_consistent(&pos);

        Position after = pos;
        position_unmake(&pos, m);
        ck_assert_mem_eq(&pos, &history[plies - 1], sizeof pos);
        position_make(&pos, m);
        ck_assert_mem_eq(&pos, &after, sizeof pos);

        /* The text encoding reproduces the made position, hash included. */
        char text[POSITION_TEXT_MAX];
        Position parsed;
        position_to_text(&pos, text);
        ck_assert_ptr_null(position_from_text(&parsed, text));
        ck_assert_mem_eq(&parsed, &pos, sizeof pos);
    }
    ck_assert_int_gt(plies, 0);
    while (plies > 0) {
        plies--;
        position_unmake(&pos, played[plies]);
        ck_assert_mem_eq(&pos, &history[plies], sizeof pos);
    }
}
END_TEST

START_TEST(test_arrow_on_vacated_square)
{
    Position pos, start, expected;
    Move m;
    position_start(&pos, 10, 10);
    start = pos;
    ck_assert(move_from_text("d1-d7/d1", 10, 10, &m));
    position_make(&pos, m);
    ck_assert_int_eq(position_cell(&pos, m.from), 'x');
    ck_assert_int_eq(position_cell(&pos, m.to), 'W');
    ck_assert_int_eq(bb_count(pos.empty), 91);
    ck_assert_int_eq(bb_count(pos.amazons[WHITE]), 4);
    assert_consistent(&pos);
    ck_assert_ptr_null(position_from_text(&expected, "3B2B3/10/10/B2W5B/10/10/W8W/10/10/3x2W3 b"));
    ck_assert_mem_eq(&pos, &expected, sizeof pos);
    position_unmake(&pos, m);
    ck_assert_mem_eq(&pos, &start, sizeof pos);
}
END_TEST

START_TEST(test_make_black_move)
{
    Position pos, expected;
    Move m;
    ck_assert_ptr_null(position_from_text(&pos, "1BB1/B2B/W2W/1WW1 b"));
    Position before = pos;
    ck_assert(move_from_text("a3-b2/a3", 4, 4, &m));
    position_make(&pos, m);
    ck_assert_ptr_null(position_from_text(&expected, "1BB1/x2B/WB1W/1WW1 w"));
    ck_assert_mem_eq(&pos, &expected, sizeof pos);
    position_unmake(&pos, m);
    ck_assert_mem_eq(&pos, &before, sizeof pos);
}
END_TEST

/*
 * The transpose of a position is the same game: the 4x7 start turns into
 * the 7x4 position with the amazons' files and ranks swapped, every move has
 * its transposed twin, the two lead to transposed positions, and turning
 * twice gives the position back.
 */
START_TEST(test_transpose_is_the_same_game)
{
    static MoveList list, image_list;
    Position pos, image, back, expected;
    position_start(&pos, 4, 7);
    position_transpose(&pos, &image);
    ck_assert_ptr_null(position_from_text(&expected, "2W1B2/W5B/W5B/2W1B2 w"));
    ck_assert_mem_eq(&image, &expected, sizeof image);
    uint32_t seed = 4711;
    for (int ply = 0; ply < 12; ply++) {
        position_transpose(&pos, &image);
        position_transpose(&image, &back);
        ck_assert_mem_eq(&back, &pos, sizeof pos);
        generate_moves(&pos, pos.to_move, &list);
        generate_moves(&image, image.to_move, &image_list);
        ck_assert_int_eq(list.count, image_list.count);
        ck_assert_int_gt(list.count, 0);
        for (int i = 0; i < list.count; i++) {
            Move twin = move_transposed(list.moves[i]);
            bool found = false;
            for (int j = 0; j < image_list.count && !found; j++)
                found = move_equal(image_list.moves[j], twin);
            ck_assert_msg(found, "ply %d: move %d has no twin", ply, i);
            ck_assert(move_equal(move_transposed(twin), list.moves[i]));
        }
        seed = seed * 1664525u + 1013904223u;
        Move m = list.moves[(seed >> 8) % (uint32_t)list.count];
        position_make(&pos, m);
        position_make(&image, move_transposed(m));
        position_transpose(&pos, &back);
        ck_assert_mem_eq(&back, &image, sizeof image);
    }
}
END_TEST

START_TEST(test_hash_distinguishes_positions)
{
    /* Same pieces, different owners or places, must hash differently. */
    static const char *const texts[] = {
        "W3/4/4/3B w", "B3/4/4/3W w", "W3/4/4/3B b", "Wx2/4/4/3B w", "W3/x3/4/3B w", "1W2/4/4/3B w",
    };
    Position pos[6];
    for (int i = 0; i < 6; i++)
        ck_assert_ptr_null(position_from_text(&pos[i], texts[i]));
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            ck_assert_msg(pos[i].hash != pos[j].hash, "%s / %s", texts[i], texts[j]);
}
END_TEST

Suite *position_suite(void)
{
    Suite *s = suite_create("position");
    TCase *tc = tcase_create("start");
    tcase_add_loop_test(tc, test_start_every_size, 0, 49);
    tcase_add_test(tc, test_start_texts);
    tcase_add_test(tc, test_start_rectangular_texts);
    suite_add_tcase(s, tc);

    tc = tcase_create("text");
    tcase_add_test(tc, test_text_round_trips);
    tcase_add_test(tc, test_text_contents);
    tcase_add_test(tc, test_text_size_limits_accepted);
    tcase_add_test(tc, test_text_amazon_counts);
    tcase_add_test(tc, test_text_rejects);
    tcase_add_test(tc, test_text_rejects_sizes_3_and_11);
    suite_add_tcase(s, tc);

    tc = tcase_create("make");
    tcase_set_timeout(tc, 30);
    tcase_add_loop_test(tc, test_make_unmake_random_games, BOARD_MIN, BOARD_MAX + 1);
    tcase_add_test(tc, test_arrow_on_vacated_square);
    tcase_add_test(tc, test_make_black_move);
    tcase_add_test(tc, test_hash_distinguishes_positions);
    tcase_add_test(tc, test_transpose_is_the_same_game);
    suite_add_tcase(s, tc);
    return s;
}
