/*
 * test_lines.c - the fast ways to find where queens reach: lines by lookup
 * (whichever way this build moves between boards and lines), the fill from
 * a set of squares and the bit-sliced reach map, all against a plain ray
 * walk in file and rank coordinates.
 */
#include "engine/lines.h"
#include "engine/movegen.h"
#include "engine/reachmap.h"
#include "search/rng.h"
#include "tests.h"

enum { RANDOM_BOARDS = 3000 };

/* The files x ranks corner of the index space: rectangular boards included. */
static Bitboard rect_mask(int files, int ranks)
{
    Bitboard mask = 0;
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++)
            mask |= bb_square(square_at(f, r));
    return mask;
}

/* A random board of 4..10 x 4..10 with each square empty at a random density. */
static Bitboard random_empty(Rng *rng, Bitboard *board)
{
    *board = rect_mask(BOARD_MIN + (int)rng_below(rng, 7), BOARD_MIN + (int)rng_below(rng, 7));
    uint32_t density = 1 + rng_below(rng, 15); /* in sixteenths */
    Bitboard empty = 0;
    for (Bitboard left = *board; left;) {
        int sq = bb_pop(&left);
        if (rng_below(rng, 16) < density)
            empty |= bb_square(sq);
    }
    return empty;
}

static Bitboard walk(int sq, Bitboard empty)
{
    static const int DF[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
    static const int DR[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
    Bitboard reach = 0;
    for (int d = 0; d < 8; d++) {
        for (int f = square_file(sq) + DF[d], r = square_rank(sq) + DR[d];
             f >= 0 && r >= 0 && f < BOARD_MAX && r < BOARD_MAX && bb_test(empty, square_at(f, r));
             f += DF[d], r += DR[d])
            reach |= bb_square(square_at(f, r));
    }
    return reach;
}

static Bitboard random_bits(Rng *rng)
{
    return (Bitboard)rng_next(rng) << 64 | rng_next(rng);
}

START_TEST(test_method_follows_build)
{
#ifdef AMAZONS_PORTABLE_LINES
    ck_assert_str_eq(lines_method(), "multiply");
#elif defined(__BMI2__)
    ck_assert_str_eq(lines_method(), "pext");
#else
    ck_assert_str_eq(lines_method(), "multiply");
#endif
}
END_TEST

/*
 * Every subset of every line, with noise off the line: the index lists the
 * subset in line order, and line_squares() maps it back exactly.
 */
START_TEST(test_line_coordinates_exhaustive)
{
    Rng rng;
    rng_seed(&rng, 7);
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        if (square_file(sq) >= BOARD_MAX)
            continue;
        for (int line = 0; line < NUM_LINES; line++) {
            int squares[BOARD_MAX], count = 0;
            for (Bitboard m = LINE_SPAN[sq][line].mask; m;)
                squares[count++] = bb_pop(&m);
            ck_assert_int_le(count, BOARD_MAX - 1);
            for (unsigned subset = 0; subset < 1u << count; subset++) {
                Bitboard on_line = 0;
                for (int i = 0; i < count; i++)
                    if (subset >> i & 1)
                        on_line |= bb_square(squares[i]);
                Bitboard noise = random_bits(&rng) & ~LINE_SPAN[sq][line].mask;
                ck_assert_uint_eq(line_index(sq, line, on_line | noise), subset);
                ck_assert(line_squares(sq, line, subset) == on_line);
            }
        }
    }
}
END_TEST

/* Every board square, many random boards: lookup, count and fill == ray walk. */
START_TEST(test_queen_reach_vs_walk)
{
    Rng rng;
    rng_seed(&rng, 11);
    for (int n = 0; n < RANDOM_BOARDS; n++) {
        Bitboard board, empty = random_empty(&rng, &board);
        for (Bitboard squares = board; squares;) {
            int sq = bb_pop(&squares);
            Bitboard expected = walk(sq, empty);
            if (line_queen_reach(sq, empty) != expected || queen_targets(sq, empty) != expected
                || line_queen_reach(sq, empty | bb_square(sq)) != expected)
                ck_abort_msg("board %d, square %d: lookup differs from the ray walk", n, sq);
            if (line_queen_count(sq, empty) != bb_count(expected))
                ck_abort_msg("board %d, square %d: count differs from the ray walk", n, sq);
            if (bb_queen_reach(bb_square(sq), empty) != expected)
                ck_abort_msg("board %d, square %d: fill differs from the ray walk", n, sq);
        }
    }
}
END_TEST

/* From random sets of squares, empty or not: the union of their walks. */
START_TEST(test_set_reach_vs_walk)
{
    Rng rng;
    rng_seed(&rng, 12);
    for (int n = 0; n < RANDOM_BOARDS; n++) {
        Bitboard board, empty = random_empty(&rng, &board);
        for (int sparse = 0; sparse < 3; sparse++) {
            Bitboard from = board & random_bits(&rng) & random_bits(&rng);
            if (sparse)
                from &= random_bits(&rng) & random_bits(&rng);
            Bitboard expected = 0;
            for (Bitboard left = from; left;)
                expected |= walk(bb_pop(&left), empty);
            if (bb_queen_reach(from, empty) != expected)
                ck_abort_msg("board %d: set reach differs from the walks", n);
        }
    }
}
END_TEST

/* The reach map counts what the walk reaches, square by square and summed. */
START_TEST(test_reach_map_vs_walk)
{
    Rng rng;
    rng_seed(&rng, 13);
    for (int n = 0; n < RANDOM_BOARDS; n++) {
        Bitboard board, empty = random_empty(&rng, &board);
        ReachMap map;
        reach_map(empty, &map);
        Bitboard sample = board & random_bits(&rng);
        int sample_total = 0;
        for (Bitboard squares = board; squares;) {
            int sq = bb_pop(&squares);
            int expected = bb_count(walk(sq, empty));
            if (reach_map_sum(&map, bb_square(sq)) != expected)
                ck_abort_msg("board %d, square %d: map says %d, walk %d", n, sq,
                             reach_map_sum(&map, bb_square(sq)), expected);
            if (bb_test(sample, sq))
                sample_total += expected;
        }
        ck_assert_int_eq(reach_map_sum(&map, sample), sample_total);
    }
}
END_TEST

/*
 * Every pair of board squares: those on a line give the ray from the first
 * through the second, from the second to the edge, as a walk finds it; the
 * others have no line.
 */
START_TEST(test_ray_from_vs_walk)
{
    static const int DF[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
    static const int DR[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
    Bitboard board = rect_mask(BOARD_MAX, BOARD_MAX);
    int pairs = 0;
    for (Bitboard froms = board; froms;) {
        int a = bb_pop(&froms);
        Bitboard aligned = 0;
        for (int d = 0; d < 8; d++) {
            int walked[BOARD_MAX], n = 0;
            for (int f = square_file(a) + DF[d], r = square_rank(a) + DR[d];
                 f >= 0 && r >= 0 && f < BOARD_MAX && r < BOARD_MAX; f += DF[d], r += DR[d])
                walked[n++] = square_at(f, r);
            /* From each square of the walk, the ray is the rest of the walk. */
            Bitboard rest = 0;
            for (int i = n - 1; i >= 0; i--) {
                rest |= bb_square(walked[i]);
                if (line_ray_from(a, walked[i]) != rest)
                    ck_abort_msg("squares %d, %d: ray differs from the walk", a, walked[i]);
                pairs++;
            }
            aligned |= rest;
        }
        for (Bitboard others = board & ~aligned & ~bb_square(a); others;)
            ck_assert_int_eq(LINE_THROUGH[a][bb_pop(&others)], NUM_LINES);
    }
    ck_assert_int_gt(pairs, 100 * 27); /* at least 27 aligned squares from each square */
}
END_TEST

/* The emptiest and fullest boards: longest rays everywhere, and none. */
START_TEST(test_reach_map_extremes)
{
    ReachMap map;
    Bitboard board = rect_mask(BOARD_MAX, BOARD_MAX);
    reach_map(board, &map);
    ck_assert_int_eq(reach_map_sum(&map, bb_square(square_at(0, 0))), 27);
    ck_assert_int_eq(reach_map_sum(&map, bb_square(square_at(4, 5))), 35);
    reach_map(0, &map);
    ck_assert_int_eq(reach_map_sum(&map, board), 0);
}
END_TEST

Suite *lines_suite(void)
{
    Suite *s = suite_create("lines");
    TCase *tc = tcase_create("lookup");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_method_follows_build);
    tcase_add_test(tc, test_line_coordinates_exhaustive);
    tcase_add_test(tc, test_queen_reach_vs_walk);
    tcase_add_test(tc, test_set_reach_vs_walk);
    tcase_add_test(tc, test_reach_map_vs_walk);
    tcase_add_test(tc, test_reach_map_extremes);
    tcase_add_test(tc, test_ray_from_vs_walk);
    suite_add_tcase(s, tc);
    return s;
}
