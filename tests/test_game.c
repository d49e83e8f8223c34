/* test_game.c - game history: play for either colour, undo, game end, territory. */
#include <string.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "tests.h"
#include "test_util.h"

/* Zeroed first so that whole-Game comparisons see no indeterminate bytes. */
static void new_game(Game *game, int size)
{
    memset(game, 0, sizeof *game);
    game_new(game, size, size);
}

static void game_from_text(Game *game, const char *text)
{
    Position pos;
    const char *error = position_from_text(&pos, text);
    ck_assert_msg(error == NULL, "\"%s\": %s", text, error);
    memset(game, 0, sizeof *game);
    game_set_position(game, &pos);
}

static bool play(Game *game, Color c, const char *text)
{
    return game_play(game, c, move_of(text, game->pos.width, game->pos.height));
}

static void assert_position_is(const Position *pos, const char *text)
{
    Position expected = parse(text);
    ck_assert_mem_eq(pos, &expected, sizeof expected);
}

START_TEST(test_new_game)
{
    Game game;
    Position start;
    new_game(&game, 8);
    position_start(&start, 8, 8);
    ck_assert_int_eq(game.length, 0);
    ck_assert_mem_eq(&game.pos, &start, sizeof start);
    ck_assert_mem_eq(&game.start, &start, sizeof start);
    ck_assert(!game_is_over(&game));
}
END_TEST

START_TEST(test_play_legal)
{
    Game game;
    new_game(&game, 10);
    ck_assert(play(&game, WHITE, "d1-d7/g7"));
    ck_assert_int_eq(game.length, 1);
    ck_assert_int_eq(game.pos.to_move, BLACK);
    assert_position_is(&game.pos, "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b");
    ck_assert(move_equal(game.history[0].move, move_of("d1-d7/g7", 10, 10)));
    ck_assert_int_eq(game.history[0].mover, WHITE);
    ck_assert_int_eq(game.history[0].to_move_before, WHITE);
    ck_assert(play(&game, BLACK, "g10-g8/g10"));
    ck_assert_int_eq(game.length, 2);
    assert_position_is(&game.pos, "3B2x3/10/6B3/B2W2x2B/10/10/W8W/10/10/6W3 w");
}
END_TEST

START_TEST(test_play_illegal_changes_nothing)
{
    /* White a4 c3 g1 j4, Black a7 d10 g10 h8, arrows d2 d7 f6 i5; White to move. */
    static const struct { Color c; const char *move; } bad[] = {
        { WHITE, "c3-c3/c4" },   /* zero-length */
        { WHITE, "d10-d9/d8" },  /* black's amazon */
        { WHITE, "h8-h9/h8" },   /* black's move, played as White */
        { BLACK, "a4-a5/a6" },   /* white's amazon */
        { WHITE, "c3-c5/c5" },   /* arrow onto the landing square */
        { WHITE, "a4-a8/a9" },   /* through black a7 */
        { WHITE, "e1-e5/e1" },   /* no amazon there */
        { WHITE, "c3-d3/d2" },   /* arrow onto an arrow */
        { WHITE, "c3-d2/e3" },   /* landing on an arrow */
        { WHITE, "c3-e5/g7" },   /* arrow over the arrow on f6 */
        { WHITE, "c3-d5/e7" },   /* not a queen line */
    };
    Game game, before;
    new_game(&game, 10);
    ck_assert(play(&game, WHITE, "d1-d2/d7"));
    ck_assert(play(&game, BLACK, "j7-i7/i5"));
    ck_assert(play(&game, WHITE, "d2-c3/d2"));
    ck_assert(play(&game, BLACK, "i7-h8/f6"));
    before = game;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(!play(&game, bad[i].c, bad[i].move), "%s accepted", bad[i].move);
        ck_assert_msg(memcmp(&game, &before, sizeof game) == 0, "%s changed the game", bad[i].move);
    }
}
END_TEST

START_TEST(test_play_out_of_turn)
{
    Game game;
    new_game(&game, 10);
    ck_assert(play(&game, BLACK, "d10-d4/g4"));
    ck_assert_int_eq(game.pos.to_move, WHITE);
    ck_assert_int_eq(game.history[0].mover, BLACK);
    ck_assert_int_eq(game.history[0].to_move_before, WHITE);
    assert_position_is(&game.pos, "6B3/10/10/B8B/10/10/W2B2x2W/10/10/3W2W3 w");

    /* Black again, out of turn once more; then White moves normally. */
    ck_assert(play(&game, BLACK, "d4-e5/d4"));
    ck_assert_int_eq(game.pos.to_move, WHITE);
    assert_position_is(&game.pos, "6B3/10/10/B8B/10/4B5/W2x2x2W/10/10/3W2W3 w");
    ck_assert(play(&game, WHITE, "d1-d3/d1"));
    ck_assert_int_eq(game.pos.to_move, BLACK);
    ck_assert_int_eq(game.length, 3);
    assert_position_is(&game.pos, "6B3/10/10/B8B/10/4B5/W2x2x2W/3W6/10/3x2W3 b");
}
END_TEST

/* Undo steps back through normal and out-of-turn moves, restoring every position exactly. */
START_TEST(test_undo_restores_positions)
{
    static const struct { Color c; const char *move; } moves[] = {
        { WHITE, "d1-d7/g7" }, { BLACK, "g10-g8/g10" }, { BLACK, "a7-b8/a7" },
        { WHITE, "g1-g2/h3" }, { WHITE, "g2-h1/g2" },   { BLACK, "d10-e9/d10" },
    };
    enum { N = sizeof moves / sizeof moves[0] };
    Game game;
    Position seen[N];
    new_game(&game, 10);
    Position start = game.start;
    for (int i = 0; i < N; i++) {
        seen[i] = game.pos;
        ck_assert_msg(play(&game, moves[i].c, moves[i].move), "%s", moves[i].move);
        ck_assert_uint_eq(game.pos.hash, position_compute_hash(&game.pos));
    }
    for (int i = N - 1; i >= 0; i--) {
        ck_assert(game_undo(&game));
        ck_assert_int_eq(game.length, i);
        ck_assert_mem_eq(&game.pos, &seen[i], sizeof game.pos);
        ck_assert_mem_eq(&game.start, &start, sizeof start);
    }
    ck_assert_int_eq(game.pos.to_move, WHITE);
    ck_assert(!game_undo(&game));
}
END_TEST

START_TEST(test_undo_after_out_of_turn_black_to_move)
{
    /* Black to move; White plays out of turn, and undo must give the move back to Black. */
    Game game;
    game_from_text(&game, "1BB1/B2B/W2W/1WW1 b");
    Position before = game.pos;
    ck_assert(play(&game, WHITE, "a2-b2/a2"));
    ck_assert_int_eq(game.pos.to_move, BLACK);
    assert_position_is(&game.pos, "1BB1/B2B/xW1W/1WW1 b");
    ck_assert(game_undo(&game));
    ck_assert_mem_eq(&game.pos, &before, sizeof before);
    ck_assert_int_eq(game.pos.to_move, BLACK);
}
END_TEST

START_TEST(test_undo_empty_history)
{
    Game game, before;
    new_game(&game, 6);
    before = game;
    ck_assert(!game_undo(&game));
    ck_assert_mem_eq(&game, &before, sizeof game);

    ck_assert(play(&game, WHITE, "b1-b4/e4"));
    ck_assert(game_undo(&game));
    before = game;
    ck_assert(!game_undo(&game));
    ck_assert_mem_eq(&game, &before, sizeof game);
}
END_TEST

START_TEST(test_set_position_clears_history)
{
    Game game;
    new_game(&game, 10);
    ck_assert(play(&game, WHITE, "d1-d7/g7"));
    ck_assert(play(&game, BLACK, "g10-g8/g10"));
    Position pos = parse("Wx2/1B2/4/3x b");
    game_set_position(&game, &pos);
    ck_assert_int_eq(game.length, 0);
    ck_assert_mem_eq(&game.pos, &pos, sizeof pos);
    ck_assert_mem_eq(&game.start, &pos, sizeof pos);
    ck_assert(!game_undo(&game));
    ck_assert_mem_eq(&game.pos, &pos, sizeof pos);

    /* Undo now stops at the new start. */
    ck_assert(play(&game, BLACK, "b3-c2/b3"));
    ck_assert(game_undo(&game));
    ck_assert_mem_eq(&game.pos, &pos, sizeof pos);
    ck_assert(!game_undo(&game));
}
END_TEST

START_TEST(test_game_over)
{
    Game game;
    game_from_text(&game, "Wx2/xx2/4/3B w");
    ck_assert(game_is_over(&game));
    ck_assert(!play(&game, WHITE, "a4-a3/a4"));
    game_from_text(&game, "Wx2/xx2/4/3B b");
    ck_assert(!game_is_over(&game));

    /* White takes Black's last free square. */
    game_from_text(&game, "4/4/xx2/B1W1 w");
    ck_assert(!game_is_over(&game));
    ck_assert(play(&game, WHITE, "c1-d1/b1"));
    ck_assert_int_eq(game.pos.to_move, BLACK);
    ck_assert(game_is_over(&game));
    ck_assert(game_undo(&game));
    ck_assert(!game_is_over(&game));
}
END_TEST

/* Random games to the end through game_play, then undone back to the start. */
START_TEST(test_random_game_and_full_undo)
{
    int size = _i;
    static MoveList list;
    Game game;
    uint32_t seed = 99u + (uint32_t)size;
    new_game(&game, size);
    Position start = game.pos;
    while (!game_is_over(&game)) {
        generate_moves(&game.pos, game.pos.to_move, &list);
        ck_assert_int_gt(list.count, 0);
        seed = seed * 1664525u + 1013904223u;
        int length = game.length;
        ck_assert(game_play(&game, game.pos.to_move, list.moves[(seed >> 8) % (uint32_t)list.count]));
        ck_assert_int_eq(game.length, length + 1);
    }
    ck_assert(!has_legal_move(&game.pos, game.pos.to_move));
    ck_assert_int_eq(reachable_empty_squares(&game.pos, game.pos.to_move), 0);
    ck_assert_int_le(game.length, size * size - 8);
    while (game_undo(&game))
        ;
    ck_assert_int_eq(game.length, 0);
    ck_assert_mem_eq(&game.pos, &start, sizeof start);
}
END_TEST

START_TEST(test_reachable_empty_squares)
{
    static const struct { const char *text; int white, black; } cases[] = {
        { "Wx2/xx2/4/3B w", 0, 11 },                 /* white walled into a corner */
        { "3B/4/xxx1/W1x1 w", 1, 9 },                /* a one-square pocket */
        { "B4/xxxxx/5/5/4W w", 14, 4 },              /* a full wall */
        { "B4/xxxxx/5/xxxxx/W4 w", 4, 4 },           /* a middle region nobody touches */
        { "B4/xxxxx/5/5/W3W w", 13, 4 },             /* two amazons, one region counted once */
        { "x2B/1x2/2x1/W2x w", 10, 10 },             /* a diagonal line of arrows leaks */
        { "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w", 92, 92 },
        { "4/BBx1/xWx1/xBB1 w", 0, 7 },              /* walled in partly by opposing amazons */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos = parse(cases[i].text);
        ck_assert_msg(reachable_empty_squares(&pos, WHITE) == cases[i].white, "%s white", cases[i].text);
        ck_assert_msg(reachable_empty_squares(&pos, BLACK) == cases[i].black, "%s black", cases[i].text);
    }
}
END_TEST

Suite *game_suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("game");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_new_game);
    tcase_add_test(tc, test_play_legal);
    tcase_add_test(tc, test_play_illegal_changes_nothing);
    tcase_add_test(tc, test_play_out_of_turn);
    tcase_add_test(tc, test_undo_restores_positions);
    tcase_add_test(tc, test_undo_after_out_of_turn_black_to_move);
    tcase_add_test(tc, test_undo_empty_history);
    tcase_add_test(tc, test_set_position_clears_history);
    tcase_add_test(tc, test_game_over);
    tcase_add_loop_test(tc, test_random_game_and_full_undo, BOARD_MIN, BOARD_MAX + 1);
    tcase_add_test(tc, test_reachable_empty_squares);
    suite_add_tcase(s, tc);
    return s;
}
