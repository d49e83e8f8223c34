/*
 * test_movegen.c - move generation rules, counting, legality and perft.
 *
 * The reference is a deliberately naive mailbox generator (a char array
 * walked square by square) that shares no code with the bitboard engine.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "tests.h"
#include "test_util.h"

/* ---- Independent mailbox reference ---- */

typedef struct {
    int width, height;
    char cell[BOARD_MAX][BOARD_MAX]; /* [file][rank]: '.', 'W', 'B' or 'x' */
    char to_move;                    /* 'W' or 'B' */
} Box;

typedef struct {
    int count;
    uint32_t keys[MAX_MOVES];
} KeyList;

static const int DF[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int DR[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

static char box_other(char side) { return side == 'W' ? 'B' : 'W'; }

static bool box_empty(const Box *b, int f, int r)
{
    return f >= 0 && r >= 0 && f < b->width && r < b->height && b->cell[f][r] == '.';
}

/* The start position as the rules describe it (position.h), written out again. */
static void box_start(Box *b, int width, int height)
{
    int kc = (width - 1) / 3, kr = (height - 1) / 3;
    const int files[4] = { 0, kc, width - 1 - kc, width - 1 }, ranks[4] = { kr, 0, 0, kr };
    b->width = width;
    b->height = height;
    memset(b->cell, '.', sizeof b->cell);
    for (int i = 0; i < 4; i++) {
        b->cell[files[i]][ranks[i]] = 'W';
        b->cell[files[i]][height - 1 - ranks[i]] = 'B';
    }
    b->to_move = 'W';
}

static uint32_t key_of(int ff, int fr, int tf, int tr, int af, int ar)
{
    return (uint32_t)((((ff * 16 + fr) * 16 + tf) * 16 + tr) * 256 + af * 16 + ar);
}

/*
 * Walks every move of `side`.  With depth 1 it counts them (and records their
 * keys when `keys` is given); deeper, it plays each and recurses.
 */
static uint64_t box_walk(Box *b, char side, int depth, KeyList *keys)
{
    uint64_t n = 0;
    for (int f = 0; f < b->width; f++) {
        for (int r = 0; r < b->height; r++) {
            if (b->cell[f][r] != side)
                continue;
            for (int d = 0; d < 8; d++) {
                for (int tf = f + DF[d], tr = r + DR[d]; box_empty(b, tf, tr); tf += DF[d], tr += DR[d]) {
                    b->cell[f][r] = '.';
                    b->cell[tf][tr] = side;
                    for (int e = 0; e < 8; e++) {
                        for (int af = tf + DF[e], ar = tr + DR[e]; box_empty(b, af, ar);
                             af += DF[e], ar += DR[e]) {
                            if (depth <= 1) {
                                if (keys)
                                    keys->keys[keys->count++] = key_of(f, r, tf, tr, af, ar);
                                n++;
                                continue;
                            }
                            b->cell[af][ar] = 'x';
                            n += box_walk(b, box_other(side), depth - 1, NULL);
                            b->cell[af][ar] = '.';
                        }
                    }
                    b->cell[tf][tr] = '.';
                    b->cell[f][r] = side;
                }
            }
        }
    }
    return n;
}

/* Fills a box from rows of '.', 'W', 'B', 'x', top rank first. */
static void box_from_rows(Box *b, const char *const *rows, int width, int height, char to_move)
{
    b->width = width;
    b->height = height;
    b->to_move = to_move;
    for (int f = 0; f < width; f++)
        for (int r = 0; r < height; r++)
            b->cell[f][r] = rows[height - 1 - r][f];
}

static uint64_t box_perft(Box *b, int depth)
{
    return depth == 0 ? 1 : box_walk(b, b->to_move, depth, NULL);
}

static void box_play(Box *b, int ff, int fr, int tf, int tr, int af, int ar)
{
    b->cell[tf][tr] = b->cell[ff][fr];
    b->cell[ff][fr] = '.';
    b->cell[af][ar] = 'x';
    b->to_move = box_other(b->to_move);
}

/* ---- Helpers on the engine side ---- */

static uint32_t move_key(Move m)
{
    return key_of(square_file(m.from), square_rank(m.from), square_file(m.to), square_rank(m.to),
                  square_file(m.arrow), square_rank(m.arrow));
}

static int compare_keys(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static bool legal(const Position *pos, Color c, const char *text)
{
    return is_legal_move(pos, c, move_of(text, pos->width, pos->height));
}

static bool generated(const Position *pos, Color c, const char *text)
{
    static MoveList list;
    Move m = move_of(text, pos->width, pos->height);
    generate_moves(pos, c, &list);
    for (int i = 0; i < list.count; i++)
        if (move_equal(list.moves[i], m))
            return true;
    return false;
}

static void assert_legal(const Position *pos, Color c, const char *text)
{
    ck_assert_msg(legal(pos, c, text), "%s should be legal", text);
    ck_assert_msg(generated(pos, c, text), "%s should be generated", text);
}

static void assert_illegal(const Position *pos, Color c, const char *text)
{
    ck_assert_msg(!legal(pos, c, text), "%s should be illegal", text);
    ck_assert_msg(!generated(pos, c, text), "%s should not be generated", text);
}

static int reach_count(const Position *pos, int file, int rank)
{
    return bb_count(queen_targets(square_at(file, rank), pos->empty));
}

/* ---- Tests ---- */

START_TEST(test_reference_matches_known_10x10)
{
    Box b;
    box_start(&b, 10, 10);
    ck_assert_uint_eq(box_perft(&b, 1), 2176);
    ck_assert_uint_eq(box_perft(&b, 2), 4307152);
}
END_TEST

START_TEST(test_perft_10x10)
{
    static MoveList list;
    Position pos, start;
    position_start(&pos, 10, 10);
    start = pos;
    ck_assert_uint_eq(count_moves(&pos, WHITE), 2176);
    ck_assert_uint_eq(count_moves(&pos, BLACK), 2176);
    generate_moves(&pos, WHITE, &list);
    ck_assert_int_eq(list.count, 2176);
    ck_assert_uint_eq(perft(&pos, 0), 1);
    ck_assert_uint_eq(perft(&pos, 1), 2176);
    ck_assert_uint_eq(perft(&pos, 2), 4307152);
    ck_assert_mem_eq(&pos, &start, sizeof pos);
}
END_TEST

/* perft from the start of every smaller size, against the mailbox reference. */
START_TEST(test_perft_small_sizes_vs_reference)
{
    int size = _i;
    int max_depth = size <= 5 ? 3 : 2;
    Position pos, start;
    Box b;
    position_start(&pos, size, size);
    start = pos;
    box_start(&b, size, size);
    for (int depth = 1; depth <= max_depth; depth++) {
        uint64_t expected = box_perft(&b, depth);
        ck_assert_uint_gt(expected, 0);
        ck_assert_msg(perft(&pos, depth) == expected, "size %d depth %d: want %llu", size, depth,
                      (unsigned long long)expected);
    }
    ck_assert_mem_eq(&pos, &start, sizeof pos);
}
END_TEST

/* perft from rectangular starts (the solver's benchmark boards among them), against the reference. */
START_TEST(test_perft_rectangular_vs_reference)
{
    static const int shapes[][2] = { { 4, 5 }, { 5, 4 }, { 4, 6 }, { 6, 4 }, { 5, 6 }, { 6, 5 },
                                     { 4, 7 }, { 7, 4 }, { 10, 4 }, { 4, 10 }, { 9, 6 } };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int width = shapes[i][0], height = shapes[i][1];
        Position pos;
        Box b;
        position_start(&pos, width, height);
        box_start(&b, width, height);
        for (int depth = 1; depth <= (width * height <= 30 ? 3 : 2); depth++) {
            uint64_t expected = box_perft(&b, depth);
            ck_assert_msg(perft(&pos, depth) == expected, "%dx%d depth %d: want %llu", width, height,
                          depth, (unsigned long long)expected);
        }
    }
}
END_TEST

/* perft from hand-made positions with arrows and fewer amazons, against the reference. */
START_TEST(test_perft_midgame_vs_reference)
{
    static const struct { const char *text; char to_move; const char *rows[BOARD_MAX]; } cases[] = {
        { "1B1x1B/6/B2x1B/x4x/W4W/1W2W1 b", 'B',
          { ".B.x.B", "......", "B..x.B", "x....x", "W....W", ".W..W." } },
        { "x1B4/7/2x1W2/B5x/7/1W3xB/W6 w", 'W',
          { "x.B....", ".......", "..x.W..", "B.....x", ".......", ".W...xB", "W......" } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos = parse(cases[i].text);
        Box b;
        box_from_rows(&b, cases[i].rows, pos.width, pos.height, cases[i].to_move);
        for (int f = 0; f < pos.width; f++)
            for (int r = 0; r < pos.height; r++)
                ck_assert_int_eq(position_cell(&pos, square_at(f, r)), b.cell[f][r]);
        for (int depth = 1; depth <= 2; depth++)
            ck_assert_uint_eq(perft(&pos, depth), box_perft(&b, depth));
    }
}
END_TEST

/*
 * Random games on every size, the engine and the mailbox played side by side:
 * the generated move list must equal the reference list exactly.
 */
START_TEST(test_random_games_vs_reference)
{
    int size = _i;
    static MoveList list;
    static KeyList ref;
    static uint32_t keys[MAX_MOVES];
    uint32_t seed = 2024u + (uint32_t)size * 77u;
    for (int game = 0; game < 10; game++) {
        Position pos;
        Box b;
        position_start(&pos, size, size);
        box_start(&b, size, size);
        for (;;) {
            for (int f = 0; f < size; f++)
                for (int r = 0; r < size; r++)
                    if (position_cell(&pos, square_at(f, r)) != b.cell[f][r])
                        ck_abort_msg("size %d: boards differ at (%d,%d)", size, f, r);
            Color us = pos.to_move, them = color_other(us);
            ck_assert_int_eq(b.to_move, us == WHITE ? 'W' : 'B');

            ref.count = 0;
            uint64_t n_ref = box_walk(&b, b.to_move, 1, &ref);
            ck_assert_uint_eq(count_moves(&pos, us), n_ref);
            ck_assert_uint_eq(count_moves(&pos, them), box_walk(&b, box_other(b.to_move), 1, NULL));
            ck_assert_int_eq(has_legal_move(&pos, us), n_ref > 0);

            generate_moves(&pos, us, &list);
            ck_assert_int_eq(list.count, (int)n_ref);
            for (int i = 0; i < list.count; i++) {
                if (!is_legal_move(&pos, us, list.moves[i]) || is_legal_move(&pos, them, list.moves[i]))
                    ck_abort_msg("size %d: generated move %d judged wrongly", size, i);
                keys[i] = move_key(list.moves[i]);
            }
            qsort(keys, (size_t)list.count, sizeof keys[0], compare_keys);
            qsort(ref.keys, (size_t)ref.count, sizeof ref.keys[0], compare_keys);
            for (int i = 0; i < list.count; i++) {
                if (i > 0 && keys[i] == keys[i - 1])
                    ck_abort_msg("size %d: duplicate move", size);
                if (keys[i] != ref.keys[i])
                    ck_abort_msg("size %d: move lists differ", size);
            }
            if (list.count == 0)
                break;

            seed = seed * 1664525u + 1013904223u;
            Move m = list.moves[(seed >> 8) % (uint32_t)list.count];
            position_make(&pos, m);
            box_play(&b, square_file(m.from), square_rank(m.from), square_file(m.to), square_rank(m.to),
                     square_file(m.arrow), square_rank(m.arrow));
        }
        ck_assert(!has_legal_move(&pos, pos.to_move));
        ck_assert_uint_eq(count_moves(&pos, pos.to_move), 0);
    }
}
END_TEST

/* Queen reach on an empty board from every square: right length, on the board, on a line. */
START_TEST(test_queen_targets_empty_board)
{
    int size = _i;
    Bitboard board = bb_board_mask(size, size);
    for (int f = 0; f < size; f++) {
        for (int r = 0; r < size; r++) {
            int expected = 0;
            for (int d = 0; d < 8; d++)
                for (int tf = f + DF[d], tr = r + DR[d]; tf >= 0 && tr >= 0 && tf < size && tr < size;
                     tf += DF[d], tr += DR[d])
                    expected++;
            Bitboard reach = queen_targets(square_at(f, r), board);
            ck_assert_msg(bb_count(reach) == expected, "size %d (%d,%d)", size, f, r);
            ck_assert((reach & ~board) == 0);
            while (reach) {
                int sq = bb_pop(&reach);
                int df = abs(square_file(sq) - f), dr = abs(square_rank(sq) - r);
                if (df != 0 && dr != 0 && df != dr)
                    ck_abort_msg("size %d: %d reached from (%d,%d)", size, sq, f, r);
            }
        }
    }
}
END_TEST

/*
 * bb_king_reach against the eight neighbours counted square by square, on
 * every board shape, for sets from a fixed generator: the edges and the
 * files beyond a narrow board must never leak in.  Half the trials keep
 * both sets in the low 64-bit word, where a one-word path runs: there a
 * step from i6 (bit 63) to j5 (bit 53) on a 10-file board passes through
 * bit 64 on its way, and was once lost.
 */
START_TEST(test_king_reach_matches_neighbours)
{
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    for (int width = BOARD_MIN; width <= BOARD_MAX; width++)
        for (int height = BOARD_MIN; height <= BOARD_MAX; height++)
            for (int trial = 0; trial < 40; trial++) {
                Bitboard from = 0, empty = 0;
                for (int f = 0; f < width; f++)
                    for (int r = 0; r < height; r++) {
                        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                        int roll = (int)(seed >> 60);
                        if (trial % 2 && square_at(f, r) >= 64)
                            continue;
                        if (roll < 3)
                            from |= bb_square(square_at(f, r));
                        else if (roll < 12)
                            empty |= bb_square(square_at(f, r));
                    }
                Bitboard expected = 0;
                for (int f = 0; f < width; f++)
                    for (int r = 0; r < height; r++) {
                        if (!bb_test(empty, square_at(f, r)))
                            continue;
                        for (int d = 0; d < 8; d++) {
                            int nf = f + DF[d], nr = r + DR[d];
                            if (nf >= 0 && nr >= 0 && nf < width && nr < height
                                && bb_test(from, square_at(nf, nr)))
                                expected |= bb_square(square_at(f, r));
                        }
                    }
                ck_assert_msg(bb_king_reach(from, empty) == expected, "%dx%d trial %d", width,
                              height, trial);
            }
}
END_TEST

/*
 * The step that the one-word paths of bb_king_reach and bb_king_component
 * once lost: i6 to j5 on 10x10, which passes bit 64 (j6) on its way.
 */
START_TEST(test_king_reach_across_the_word_boundary)
{
    Bitboard i6 = bb_square(square_at(8, 5)), j5 = bb_square(square_at(9, 4));
    ck_assert(bb_king_reach(i6, j5) == j5);
    ck_assert(bb_king_reach(j5, i6) == i6);
    ck_assert(bb_king_component(i6, i6 | j5) == (i6 | j5));
    ck_assert(bb_king_component(j5, i6 | j5) == (i6 | j5));
}
END_TEST

/*
 * bb_king_component against a flood grown square by square in file and
 * rank coordinates, on every board shape: boards of up to six ranks take
 * the one-word path, taller ones the two-word path.
 */
START_TEST(test_king_component_matches_flood)
{
    uint64_t seed = 0x2545f4914f6cdd1dULL;
    for (int width = BOARD_MIN; width <= BOARD_MAX; width++)
        for (int height = BOARD_MIN; height <= BOARD_MAX; height++)
            for (int trial = 0; trial < 20; trial++) {
                Bitboard passable = 0;
                for (int f = 0; f < width; f++)
                    for (int r = 0; r < height; r++) {
                        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                        if ((seed >> 60) < 10)
                            passable |= bb_square(square_at(f, r));
                    }
                if (!passable)
                    continue;
                int start = bb_lowest(passable);
                Bitboard expected = bb_square(start);
                for (bool grew = true; grew;) {
                    grew = false;
                    for (int f = 0; f < width; f++)
                        for (int r = 0; r < height; r++) {
                            int sq = square_at(f, r);
                            if (!bb_test(passable, sq) || bb_test(expected, sq))
                                continue;
                            for (int d = 0; d < 8; d++) {
                                int nf = f + DF[d], nr = r + DR[d];
                                if (nf >= 0 && nr >= 0 && nf < width && nr < height
                                    && bb_test(expected, square_at(nf, nr))) {
                                    expected |= bb_square(sq);
                                    grew = true;
                                    break;
                                }
                            }
                        }
                }
                ck_assert_msg(bb_king_component(bb_square(start), passable) == expected,
                              "%dx%d trial %d", width, height, trial);
            }
}
END_TEST

START_TEST(test_corners_and_edges)
{
    /* Lone amazons in corners: 3 rays each, the diagonal stopped by the other. */
    Position pos = parse("9B/10/10/10/10/10/10/10/10/W9 w");
    ck_assert_int_eq(reach_count(&pos, 0, 0), 9 + 9 + 8);
    ck_assert_int_eq(reach_count(&pos, 9, 9), 9 + 9 + 8);
    ck_assert_uint_eq(count_moves(&pos, WHITE), count_moves(&pos, BLACK));
    assert_legal(&pos, WHITE, "a1-a10/j1");
    assert_legal(&pos, WHITE, "a1-i9/a1");
    assert_illegal(&pos, WHITE, "a1-j10/a1");
    assert_legal(&pos, BLACK, "j10-j1/a10");

    /*
     * No wrap-around between the east edge and the next rank's west edge:
     * j1 is index 9 and a2 index 11 on the bitboard, a4 two diagonal steps from j1.
     */
    static const char *const rows10[] = {
        "B........B", "..........", "..........", "..........", "..........",
        "..........", "..........", "W.........", "..........", ".........W",
    };
    Box b;
    pos = parse("B8B/10/10/10/10/10/10/W9/10/9W w");
    box_from_rows(&b, rows10, 10, 10, 'W');
    ck_assert_uint_eq(count_moves(&pos, WHITE), box_walk(&b, 'W', 1, NULL));
    assert_illegal(&pos, WHITE, "j1-a2/a3");  /* east off j1 */
    assert_illegal(&pos, WHITE, "j1-a4/a5");  /* north-east off j1 */
    assert_illegal(&pos, WHITE, "a3-j2/j3");  /* west off a3 */
    assert_illegal(&pos, WHITE, "j1-j2/a5");  /* the arrow north-east off j2 */
    assert_legal(&pos, WHITE, "j1-a1/j1");

    /* The same on a small board, where several padding columns follow each rank. */
    static const char *const rows5[] = { "....B", ".....", ".....", ".....", "....W" };
    pos = parse("4B/5/5/5/4W w");
    box_from_rows(&b, rows5, 5, 5, 'W');
    ck_assert_uint_eq(count_moves(&pos, WHITE), box_walk(&b, 'W', 1, NULL));
    assert_illegal(&pos, WHITE, "e1-a2/a1");
    assert_illegal(&pos, WHITE, "e1-e2/a3");
    assert_legal(&pos, WHITE, "e1-a1/e1");
}
END_TEST

START_TEST(test_arrow_and_vacated_square)
{
    /* White a2 can shoot back onto a2, and through it to a1, after moving up the file. */
    Position pos = parse("5/5/5/W4/4B w");
    assert_legal(&pos, WHITE, "a2-a4/a2");
    assert_legal(&pos, WHITE, "a2-a4/a1");
    assert_legal(&pos, WHITE, "a2-c2/a2");
    assert_legal(&pos, WHITE, "a2-d5/a2");
    assert_illegal(&pos, WHITE, "a2-a4/a4");
    /* A square is only vacated for the amazon that leaves it: White a2 still blocks Black. */
    pos = parse("5/5/5/W4/1B3 w");
    assert_legal(&pos, WHITE, "a2-a3/a1");
    assert_illegal(&pos, BLACK, "b1-a1/a3");
    assert_legal(&pos, BLACK, "b1-c1/a1");
}
END_TEST

START_TEST(test_blocking)
{
    /*
     * 6x6, White on a1 with blockers up the a-file (arrow a3), along rank 1
     * (own amazon d1) and on the diagonal (black amazon c3).
     */
    Position pos = parse("5B/6/6/x1B3/6/W2W2 w");
    /* amazon moves */
    assert_legal(&pos, WHITE, "a1-a2/b1");
    assert_illegal(&pos, WHITE, "a1-a3/b1");
    assert_illegal(&pos, WHITE, "a1-a4/b1");
    assert_legal(&pos, WHITE, "a1-c1/a1");
    assert_illegal(&pos, WHITE, "a1-d1/a1");
    assert_illegal(&pos, WHITE, "a1-e1/a1");
    assert_legal(&pos, WHITE, "a1-b2/a1");
    assert_illegal(&pos, WHITE, "a1-c3/a1");
    assert_illegal(&pos, WHITE, "a1-d4/a1");
    /* arrows: blocked by an arrow, own amazon, opposing amazon */
    assert_legal(&pos, WHITE, "a1-b1/a2");
    assert_illegal(&pos, WHITE, "a1-a2/a3");
    assert_illegal(&pos, WHITE, "a1-a2/a4");
    assert_illegal(&pos, WHITE, "a1-c1/d1");
    assert_illegal(&pos, WHITE, "a1-c1/e1");
    assert_illegal(&pos, WHITE, "a1-b2/c3");
    assert_illegal(&pos, WHITE, "a1-b2/d4");
    assert_legal(&pos, WHITE, "a1-b2/c2");
    /* the same arrow blocks Black */
    assert_illegal(&pos, BLACK, "c3-a3/b3");
    assert_legal(&pos, BLACK, "c3-b3/c3");
    assert_illegal(&pos, BLACK, "c3-b3/a3");
}
END_TEST

START_TEST(test_is_legal_move_rejections)
{
    Position pos;
    position_start(&pos, 10, 10);
    assert_legal(&pos, WHITE, "d1-d7/g7");
    assert_illegal(&pos, BLACK, "d1-d7/g7");   /* wrong colour's amazon */
    assert_illegal(&pos, WHITE, "d10-d2/g2");  /* black's amazon, white to play */
    assert_legal(&pos, BLACK, "d10-d2/g2");    /* legal for black even out of turn */
    assert_illegal(&pos, WHITE, "e1-e5/e1");   /* nothing on e1 */
    assert_illegal(&pos, WHITE, "d1-d1/d2");   /* zero-length move */
    assert_illegal(&pos, WHITE, "d1-e3/e4");   /* knight jump, not a queen line */
    assert_illegal(&pos, WHITE, "d1-f2/f3");
    assert_illegal(&pos, WHITE, "d1-d7/e9");   /* arrow off the queen lines */
    assert_illegal(&pos, WHITE, "a4-a8/a9");   /* jumps over black a7 */
    assert_illegal(&pos, WHITE, "a4-a6/a8");   /* arrow jumps over black a7 */
    assert_illegal(&pos, WHITE, "d1-d7/d10");  /* arrow onto a black amazon */
    assert_illegal(&pos, WHITE, "d1-d4/a4");   /* arrow onto a white amazon */
    assert_illegal(&pos, WHITE, "d1-d7/d7");   /* arrow onto the landing square */
    assert_illegal(&pos, WHITE, "g1-d1/d4");   /* lands on an amazon */
    assert_illegal(&pos, WHITE, "d1-h1/i1");   /* passes g1 */
    assert_legal(&pos, WHITE, "d1-f1/d1");
    assert_legal(&pos, WHITE, "d1-f1/e1");
    assert_legal(&pos, WHITE, "d1-f1/c1");     /* through the vacated d1 */
    assert_legal(&pos, WHITE, "d1-f1/a1");

    Position arrows = parse("3B2B3/10/10/B8B/10/3x6/W8W/10/10/3W2W3 w");
    assert_illegal(&arrows, WHITE, "d1-d5/d4");  /* onto the arrow on d5 */
    assert_illegal(&arrows, WHITE, "d1-d6/d7");  /* over the arrow */
    assert_illegal(&arrows, WHITE, "d1-d4/d5");  /* arrow onto an arrow */
    assert_illegal(&arrows, WHITE, "d1-d4/d6");  /* arrow over an arrow */
    assert_legal(&arrows, WHITE, "d1-d4/c5");
}
END_TEST

START_TEST(test_trapped_amazon)
{
    /* White a1 is walled in by arrows; the other white amazon is free. */
    Position pos = parse("3B/4/xx2/Wx1W w");
    static MoveList list;
    generate_moves(&pos, WHITE, &list);
    ck_assert_int_gt(list.count, 0);
    for (int i = 0; i < list.count; i++)
        ck_assert_int_ne(list.moves[i].from, square_at(0, 0));
    ck_assert_uint_eq(count_moves(&pos, WHITE), (uint64_t)list.count);
    assert_illegal(&pos, WHITE, "a1-b1/a1");
    ck_assert(has_legal_move(&pos, WHITE));
}
END_TEST

START_TEST(test_side_without_moves)
{
    static MoveList list;
    static const char *const texts[] = {
        "Wx2/xx2/4/3B w",       /* corner */
        "4/xxx1/xWx1/xxxB w",   /* centre, walled by arrows */
        "4/BBx1/xWx1/xBB1 w",   /* walled by opposing amazons and arrows */
        "WWx1/WWx1/xxx1/3B w",  /* walled by own amazons and arrows */
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        Position pos = parse(texts[i]);
        ck_assert_msg(!has_legal_move(&pos, WHITE), "%s", texts[i]);
        ck_assert_uint_eq(count_moves(&pos, WHITE), 0);
        generate_moves(&pos, WHITE, &list);
        ck_assert_int_eq(list.count, 0);
        ck_assert_uint_eq(perft(&pos, 1), 0);
        ck_assert(has_legal_move(&pos, BLACK));
        ck_assert_uint_gt(count_moves(&pos, BLACK), 0);
    }
    /* A single free neighbour is enough: a1-b1, then the arrow to a1, c2 or d3. */
    Position pos = parse("3B/4/xx2/W1x1 w");
    ck_assert(has_legal_move(&pos, WHITE));
    ck_assert_uint_eq(count_moves(&pos, WHITE), 3);
    assert_legal(&pos, WHITE, "a1-b1/a1");
    assert_legal(&pos, WHITE, "a1-b1/d3");
}
END_TEST

Suite *movegen_suite(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("rules");
    tcase_add_loop_test(tc, test_queen_targets_empty_board, BOARD_MIN, BOARD_MAX + 1);
    tcase_add_test(tc, test_king_reach_matches_neighbours);
    tcase_add_test(tc, test_king_reach_across_the_word_boundary);
    tcase_add_test(tc, test_king_component_matches_flood);
    tcase_add_test(tc, test_corners_and_edges);
    tcase_add_test(tc, test_arrow_and_vacated_square);
    tcase_add_test(tc, test_blocking);
    tcase_add_test(tc, test_is_legal_move_rejections);
    tcase_add_test(tc, test_trapped_amazon);
    tcase_add_test(tc, test_side_without_moves);
    suite_add_tcase(s, tc);

    tc = tcase_create("reference");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_reference_matches_known_10x10);
    tcase_add_test(tc, test_perft_10x10);
    tcase_add_loop_test(tc, test_perft_small_sizes_vs_reference, BOARD_MIN, 10);
    tcase_add_test(tc, test_perft_midgame_vs_reference);
    tcase_add_test(tc, test_perft_rectangular_vs_reference);
    tcase_add_loop_test(tc, test_random_games_vs_reference, BOARD_MIN, BOARD_MAX + 1);
    suite_add_tcase(s, tc);
    return s;
}
