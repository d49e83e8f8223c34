/* test_sgf.c - SGF records: point notation, round trips, the default start, rejects. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "records/sgf.h"
#include "tests.h"
#include "test_util.h"

static void assert_same_position(const Position *a, const Position *b)
{
    ck_assert_int_eq(a->width, b->width);
    ck_assert_int_eq(a->height, b->height);
    ck_assert_int_eq(a->to_move, b->to_move);
    ck_assert(a->amazons[WHITE] == b->amazons[WHITE]);
    ck_assert(a->amazons[BLACK] == b->amazons[BLACK]);
    ck_assert(a->arrows == b->arrows);
    ck_assert(a->board == b->board);
    ck_assert(a->empty == b->empty);
    ck_assert_uint_eq(a->hash, b->hash);
}

static void assert_same_game(const Game *a, const Game *b)
{
    assert_same_position(&a->start, &b->start);
    assert_same_position(&a->pos, &b->pos);
    ck_assert_int_eq(a->length, b->length);
    for (int i = 0; i < a->length; i++) {
        ck_assert_msg(move_equal(a->history[i].move, b->history[i].move), "move %d differs", i + 1);
        ck_assert_int_eq(a->history[i].mover, b->history[i].mover);
        ck_assert_int_eq(a->history[i].to_move_before, b->history[i].to_move_before);
    }
}

static const char *parse_text(const char *text, int move_number, Game *game, SgfInfo *info)
{
    return sgf_parse(text, strlen(text), move_number, game, info, NULL);
}

static void parse_ok(const char *text, int move_number, Game *game, SgfInfo *info)
{
    const char *error = parse_text(text, move_number, game, info);
    ck_assert_msg(error == NULL, "rejected (%s): %s", error, text);
}

/* Plays a pseudo-random game to its end (or `max_moves`), from game's current position. */
static void play_random(Game *game, uint64_t seed, int max_moves)
{
    static MoveList list;
    uint64_t state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    for (int i = 0; i < max_moves && !game_is_over(game); i++) {
        generate_moves(&game->pos, game->pos.to_move, &list);
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        Move m = list.moves[(state >> 33) % (uint64_t)list.count];
        ck_assert(game_play(game, game->pos.to_move, m));
    }
}

/* Writes, parses back, and checks the same game (and information) comes out. */
static void assert_round_trip(const Game *game, const SgfInfo *info)
{
    char *text = sgf_write(game, info);
    ck_assert_ptr_nonnull(text);
    Game back;
    SgfInfo info_back;
    size_t end = 0;
    const char *error = sgf_parse(text, strlen(text), 0, &back, &info_back, &end);
    ck_assert_msg(error == NULL, "%s in:\n%s", error, text);
    assert_same_game(game, &back);
    ck_assert_uint_eq(end, strlen(text) - 1); /* everything but the final newline */
    if (info) {
        ck_assert_str_eq(info_back.white, info->white);
        ck_assert_str_eq(info_back.black, info->black);
        ck_assert_str_eq(info_back.result, info->result);
        ck_assert_str_eq(info_back.date, info->date);
        ck_assert_str_eq(info_back.game_name, info->game_name);
        ck_assert_str_eq(info_back.comment, info->comment);
    }
    free(text);
}

START_TEST(test_point_notation)
{
    Game game;
    memset(&game, 0, sizeof game);
    game_new(&game, 10, 10);
    ck_assert(game_play(&game, WHITE, move_of("d1-d7/g7", 10, 10)));
    char *text = sgf_write(&game, NULL);
    ck_assert_ptr_nonnull(text);
    ck_assert_msg(strstr(text, ";W[djddgd]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "GM[18]") && strstr(text, "SZ[10]") && strstr(text, "FF[4]"), "%s", text);
    ck_assert_msg(strstr(text, "AW[ag][jg][dj][gj]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "AB[da][ga][ad][jd]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "PL[W]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "AA[") == NULL, "no arrows at the start: %s", text);
    free(text);

    Game back;
    parse_ok("(;GM[18]SZ[10]AW[dj][gj][ag][jg]AB[da][ga][ad][jd]PL[W];W[djddgd])", 0, &back, NULL);
    assert_same_game(&game, &back);
}
END_TEST

START_TEST(test_round_trip_every_size)
{
    for (int width = BOARD_MIN; width <= BOARD_MAX; width++)
        for (int height = BOARD_MIN; height <= BOARD_MAX; height++)
            for (uint64_t seed = 1; seed <= (width == height ? 3u : 1u); seed++) {
                Game game;
                memset(&game, 0, sizeof game);
                game_new(&game, width, height);
                play_random(&game, seed * 100 + (uint64_t)(width * 16 + height), MAX_GAME_MOVES);
                ck_assert(game_is_over(&game));
                assert_round_trip(&game, NULL);
            }
}
END_TEST

/* SZ[C:R]: columns, rows; points count rows from the top of the R rows. */
START_TEST(test_rectangular_size_property)
{
    Game game;
    game_new(&game, 6, 5);
    ck_assert(game_play(&game, WHITE, move_of("b1-b4/d2", 6, 5)));
    char *text = sgf_write(&game, NULL);
    ck_assert_ptr_nonnull(strstr(text, "SZ[6:5]"));
    ck_assert_ptr_nonnull(strstr(text, "W[bebbdd]")); /* b1 is row e from the top of 5 */
    free(text);
    const char *record = "(;GM[18]SZ[4:7]AW[ad][bg]AB[aa][dc];W[bgbfbe])";
    Game read;
    ck_assert_ptr_null(sgf_parse(record, strlen(record), 0, &read, NULL, NULL));
    ck_assert_int_eq(read.pos.width, 4);
    ck_assert_int_eq(read.pos.height, 7);
    ck_assert_int_eq(position_cell(&read.pos, square_at(1, 1)), 'W'); /* b2 */
    ck_assert_int_eq(position_cell(&read.pos, square_at(1, 2)), 'x'); /* b3 */
    ck_assert_int_eq(position_cell(&read.pos, square_at(3, 4)), 'B'); /* d5: row c from the top */
}
END_TEST

START_TEST(test_round_trip_position_and_info)
{
    Position pos;
    ck_assert_ptr_null(position_from_text(&pos, "3B2x3/10/6B3/B2W2x2B/10/10/W8W/10/10/6W3 b"));
    Game game;
    memset(&game, 0, sizeof game);
    game_set_position(&game, &pos);
    play_random(&game, 7, 9);
    ck_assert_int_eq(game.length, 9);
    SgfInfo info;
    sgf_info_clear(&info);
    strcpy(info.white, "Engine [beta] \\ 1");
    strcpy(info.black, "Other: \"two\"");
    strcpy(info.result, "B+Forfeit");
    strcpy(info.date, "2024-05-17");
    strcpy(info.game_name, "Game 3");
    strcpy(info.comment, "White forfeits:\nillegal move ]x[ \\ end");
    assert_round_trip(&game, &info);

    /* A start with Black to move and arrows writes AA and PL[B]. */
    char *text = sgf_write(&game, &info);
    ck_assert_msg(strstr(text, "AA[") && strstr(text, "PL[B]"), "%s", text);
    free(text);
}
END_TEST

START_TEST(test_round_trip_out_of_turn)
{
    Game game;
    memset(&game, 0, sizeof game);
    game_new(&game, 10, 10);
    ck_assert(game_play(&game, BLACK, move_of("d10-d4/g4", 10, 10)));
    ck_assert(game_play(&game, BLACK, move_of("d4-e5/d4", 10, 10)));
    ck_assert(game_play(&game, WHITE, move_of("d1-d3/d1", 10, 10)));
    assert_round_trip(&game, NULL);
}
END_TEST

/* Without setup properties the convention's default applies, literally: Black on d1 g1 a4 j4. */
START_TEST(test_default_start)
{
    Game game;
    parse_ok("(;FF[4]GM[18]SZ[10];B[djddgd];W[daebef])", 0, &game, NULL);
    Position expected;
    ck_assert_ptr_null(position_from_text(&expected, "3W2W3/10/10/W8W/10/10/B8B/10/10/3B2B3 b"));
    assert_same_position(&game.start, &expected);
    ck_assert_int_eq(game.length, 2);
    ck_assert_int_eq(game.history[0].mover, BLACK);
    ck_assert(move_equal(game.history[0].move, move_of("d1-d7/g7", 10, 10)));
    ck_assert_int_eq(game.history[1].mover, WHITE);
    ck_assert(move_equal(game.history[1].move, move_of("d10-e9/e5", 10, 10)));
    ck_assert_int_eq(game.pos.to_move, BLACK);

    /* No SZ means 10x10; no moves at all still gives the default, Black to move. */
    parse_ok("(;GM[18])", 0, &game, NULL);
    assert_same_position(&game.start, &expected);
    ck_assert_int_eq(game.length, 0);

    /* White cannot move d1 in that default: it is Black's. */
    ck_assert_ptr_nonnull(parse_text("(;GM[18]SZ[10];W[djddgd])", 0, &game, NULL));

    /* Other sizes: the engine's start with the colours swapped. */
    for (int size = BOARD_MIN; size <= BOARD_MAX; size++) {
        char text[64];
        snprintf(text, sizeof text, "(;GM[18]SZ[%d])", size);
        parse_ok(text, 0, &game, NULL);
        Position start;
        position_start(&start, size, size);
        ck_assert(game.start.amazons[BLACK] == start.amazons[WHITE]);
        ck_assert(game.start.amazons[WHITE] == start.amazons[BLACK]);
        ck_assert(game.start.arrows == 0);
        ck_assert_int_eq(game.start.to_move, BLACK);
    }

    /* Explicit setup without PL: the first move tells who is to move. */
    parse_ok("(;GM[18]SZ[10]AW[dj][gj][ag][jg]AB[da][ga][ad][jd];W[djddgd])", 0, &game, NULL);
    ck_assert_int_eq(game.start.to_move, WHITE);
    ck_assert_int_eq(game.history[0].to_move_before, WHITE);

    /* Arrows on top of the default amazons. */
    parse_ok("(;GM[18]SZ[10]AA[ee:ff])", 0, &game, NULL);
    ck_assert_int_eq(bb_count(game.start.arrows), 4);
    ck_assert(game.start.amazons[BLACK] == expected.amazons[BLACK]);
}
END_TEST

START_TEST(test_move_number_limit)
{
    Game full;
    memset(&full, 0, sizeof full);
    game_new(&full, 8, 8);
    play_random(&full, 42, 12);
    ck_assert_int_eq(full.length, 12);
    char *text = sgf_write(&full, NULL);
    for (int number = 1; number <= 15; number++) {
        Game game;
        parse_ok(text, number, &game, NULL);
        int want = number - 1 < full.length ? number - 1 : full.length;
        ck_assert_int_eq(game.length, want);
        Game prefix = full;
        while (prefix.length > want)
            ck_assert(game_undo(&prefix));
        assert_same_game(&game, &prefix);
    }
    Game game;
    parse_ok(text, 0, &game, NULL);
    assert_same_game(&game, &full);
    free(text);
}
END_TEST

START_TEST(test_robust_reading)
{
    Game game, expected;
    SgfInfo info;
    memset(&expected, 0, sizeof expected);
    game_new(&expected, 10, 10);
    ck_assert(game_play(&expected, WHITE, move_of("d1-d7/g7", 10, 10)));
    ck_assert(game_play(&expected, BLACK, move_of("g10-g8/g10", 10, 10)));

    /* White space everywhere, unknown and decorated properties, escapes, CR LF, BOM. */
    parse_ok("\xEF\xBB\xBF  (\r\n ; FF [4] GaMe[18] SZ [ 10 ] AP[some:1.0] XYZ[a\\]b][c]\n"
             " C[a comment with \\] and \\\\ and\\\nsoft break] PB[Blue\\]] PW[W\\\\hite]\r\n"
             " AW [dj] [gj][ag]\n[jg] AB[da][ga]   AB[ad][jd] PL[w]\n"
             " ;W[dj-dd/gd]\n\t;  B [ gagcga ] N[node name] )",
             0, &game, &info);
    assert_same_game(&game, &expected);
    ck_assert_str_eq(info.comment, "a comment with ] and \\ andsoft break");
    ck_assert_str_eq(info.black, "Blue]");
    ck_assert_str_eq(info.white, "W\\hite");

    /* A collection: the first game is read, `end` points at the second. */
    const char *collection = "(;GM[18]SZ[10]AW[dj][gj][ag][jg]AB[da][ga][ad][jd]PL[W];W[djddgd];B[gagcga])\n"
                             "(;GM[18]SZ[6])";
    size_t end = 0;
    ck_assert_ptr_null(sgf_parse(collection, strlen(collection), 0, &game, NULL, &end));
    assert_same_game(&game, &expected);
    ck_assert_int_eq(collection[end], '\n');
    ck_assert_ptr_null(sgf_parse(collection + end, strlen(collection + end), 0, &game, NULL, NULL));
    ck_assert_int_eq(game.start.width, 6);
    ck_assert_int_eq(game.start.height, 6);

    /* Variations: the main line is the first one at every branch. */
    parse_ok("(;GM[18]SZ[10]AW[dj][gj][ag][jg]AB[da][ga][ad][jd]PL[W]"
             "(;W[djddgd](;B[gagcga])(;B[zzzzzz]))(;W[zz]))",
             0, &game, NULL);
    assert_same_game(&game, &expected);
    parse_ok("(;GM[18]SZ[10]AW[dj][gj][ag][jg]AB[da][ga][ad][jd]PL[W];W[djddgd]"
             "(;B[gagcga];W[aaaaaa])(;B[jdjeje]))",
             2, &game, NULL);
    ck_assert_int_eq(game.length, 1);

    /* Setup spread over the nodes before the first move, rectangles in AA. */
    parse_ok("(;GM[18]SZ[6];AW[bf][ef]AB[ba][ea];AA[cc:dd]PL[W];W[bfbebd])", 0, &game, NULL);
    ck_assert_int_eq(bb_count(game.start.arrows), 4);
    ck_assert_int_eq(game.length, 1);
}
END_TEST

/* Every reject leaves the output alone and says something. */
static void assert_rejected(const char *text, size_t length, int move_number, const char *why,
                            const char *want)
{
    Game game;
    SgfInfo info;
    size_t end = 12345;
    memset(&game, 0xA5, sizeof game);
    memset(&info, 0x5A, sizeof info);
    Game game_before = game;
    SgfInfo info_before = info;
    const char *error = sgf_parse(text, length, move_number, &game, &info, &end);
    ck_assert_msg(error != NULL, "%s accepted: %.200s", why, text);
    ck_assert_msg(strstr(error, want) != NULL, "%s: message \"%s\" lacks \"%s\"", why, error, want);
    ck_assert_msg(memcmp(&game, &game_before, sizeof game) == 0, "%s changed the game", why);
    ck_assert_msg(memcmp(&info, &info_before, sizeof info) == 0, "%s changed the info", why);
    ck_assert_uint_eq(end, 12345);
}

static void rejected(const char *text, const char *why, const char *want)
{
    assert_rejected(text, strlen(text), 0, why, want);
}

START_TEST(test_rejects_syntax)
{
    rejected("", "empty input", "empty input");
    rejected("  \n ", "blank input", "empty input");
    rejected("GM[18]", "no parenthesis", "expected '('");
    rejected(")(;GM[18])", "close first", "expected '('");
    rejected("(;GM[18]SZ[6]", "unclosed tree", "not closed by ')'");
    rejected("(;GM[18]SZ[6", "unclosed value", "not closed by ']'");
    rejected("(;GM[18]SZ[6]C[abc\\])", "escaped bracket leaves the value open", "not closed by ']'");
    rejected("(;GM[18]SZ", "property without value at the end", "truncated");
    rejected("(;GM[18]SZ;)", "property without value", "without a value");
    rejected("(;GM[18]SZ[6]])", "stray ]", "unbalanced brackets");
    rejected("(;[6]GM[18])", "value without name", "without a property name");
    rejected("(;GM[18](;SZ[6])", "unbalanced parentheses", "not closed by ')'");
    rejected("(;GM[18]()", "empty variation", "must start with ';'");
    rejected("()", "empty tree", "must start with ';'");
    rejected("(GM[18])", "property outside a node", "outside a node");
    rejected("(;GM[18](;C[x]);C[y])", "node after a variation", "follows a variation");
    rejected("(;GM[18]SZ[6]!)", "junk character", "unexpected character");
}
END_TEST

/* Every proper prefix of a valid record is truncated. */
START_TEST(test_rejects_every_truncation)
{
    Game game;
    memset(&game, 0, sizeof game);
    game_new(&game, 6, 6);
    play_random(&game, 3, 6);
    SgfInfo info;
    sgf_info_clear(&info);
    strcpy(info.white, "a]b");
    strcpy(info.comment, "x\\y");
    char *text = sgf_write(&game, &info);
    size_t length = strlen(text) - 1; /* the closing ')' is the last byte before '\n' */
    for (size_t cut = 0; cut < length; cut++)
        assert_rejected(text, cut, 0, "truncated record", cut == 0 ? "empty input" : "truncated");
    Game back;
    ck_assert_ptr_null(sgf_parse(text, length, 0, &back, NULL, NULL));
    free(text);
}
END_TEST

START_TEST(test_rejects_header)
{
    rejected("(;GM[1]SZ[10])", "Go", "GM");
    rejected("(;GM[abc]SZ[10])", "non-numeric GM", "GM");
    rejected("(;GM[18]SZ[3])", "SZ 3", "SZ");
    rejected("(;GM[18]SZ[11])", "SZ 11", "SZ");
    rejected("(;GM[18]SZ[19])", "SZ 19", "SZ");
    rejected("(;GM[18]SZ[0])", "SZ 0", "SZ");
    rejected("(;GM[18]SZ[six])", "SZ text", "SZ");
    rejected("(;GM[18]SZ[6:11])", "SZ 6:11", "SZ");
    rejected("(;GM[18]SZ[3:7])", "SZ 3:7", "SZ");
    rejected("(;GM[18]SZ[6:])", "SZ 6:", "SZ");
    rejected("(;GM[18]SZ[:6])", "SZ :6", "SZ");
    rejected("(;GM[18]SZ[-6])", "negative SZ", "SZ");
}
END_TEST

START_TEST(test_rejects_points_and_setup)
{
    rejected("(;GM[18]SZ[6];B[zzzzzz])", "point off the alphabet", "bad point");
    rejected("(;GM[18]SZ[6];B[bfbggg])", "point off a 6x6 board", "bad point");
    rejected("(;GM[18]SZ[6];B[BFBEBD])", "upper-case points", "bad point");
    rejected("(;GM[18]SZ[6];B[bfbe])", "short move", "bad move");
    rejected("(;GM[18]SZ[6];B[bfbebdaa])", "long move", "bad move");
    rejected("(;GM[18]SZ[6];B[])", "pass", "bad move");
    rejected("(;GM[18]SZ[6]AW[gg]AB[aa])", "setup point off the board", "bad point");
    rejected("(;GM[18]SZ[6]AW[a]AB[aa])", "short setup point", "bad point");
    rejected("(;GM[18]SZ[6]AW[aa:]AB[bb])", "bad rectangle", "bad point");
    rejected("(;GM[18]SZ[6]AW[aa]AB[aa])", "two amazons on one point", "two pieces");
    rejected("(;GM[18]SZ[6]AW[aa]AB[bb]AA[aa])", "arrow on an amazon", "two pieces");
    rejected("(;GM[18]SZ[6]AA[bf])", "arrow on a default amazon", "two pieces");
    rejected("(;GM[18]SZ[6]AW[aa])", "Black without amazons", "1 to 4 amazons");
    rejected("(;GM[18]SZ[6]AW[aa:cb]AB[ff])", "five white amazons", "1 to 4 amazons");
    rejected("(;GM[18]SZ[6]AW[aa]AB[ff]PL[X])", "bad PL", "PL");
    rejected("(;GM[18]SZ[6];B[bfbebd]W[baacab])", "two moves in a node", "two moves");
    rejected("(;GM[18]SZ[6];B[bfbebd];AA[cc])", "setup after a move", "after the first move");
}
END_TEST

START_TEST(test_rejects_illegal_moves)
{
    /* 6x6 default: Black on a2 b1 e1 f2 (ae bf ef fe), White on a5 b6 e6 f5 (ab ba ea fb). */
    rejected("(;GM[18]SZ[6];B[aaabac])", "no amazon on the from square", "illegal move");
    rejected("(;GM[18]SZ[6];B[bfbfbe])", "zero-length move", "illegal move");
    rejected("(;GM[18]SZ[6];B[bfbebe])", "arrow on the landing square", "illegal move");
    rejected("(;GM[18]SZ[6];B[bfcdce])", "not a queen line", "illegal move");
    rejected("(;GM[18]SZ[6];B[aeaaab])", "moving through an amazon", "illegal move");
    rejected("(;GM[18]SZ[6];B[bfcefb])", "arrow onto an amazon", "illegal move");
    rejected("(;GM[18]SZ[6];W[bfbebd])", "moving the other side's amazon", "illegal move");
    rejected("(;GM[18]SZ[6];B[bfbebd];B[bebfbd])", "arrow back onto an arrow", "illegal move");
}
END_TEST

START_TEST(test_rejects_size_limits)
{
    /* More moves than empty squares, even past the move-number limit. */
    char text[1024] = "(;GM[18]SZ[4]AW[ad][bd]AB[aa][ba]PL[W]";
    for (int i = 0; i < 13; i++)
        strcat(text, ";W[cdcccb]");
    strcat(text, ")");
    assert_rejected(text, strlen(text), 1, "more moves than squares", "more moves than the board allows");
    /* The same with 12 moves is fine with the limit (moves past it are syntax only). */
    char ok[1024] = "(;GM[18]SZ[4]AW[ad][bd]AB[aa][ba]PL[W]";
    for (int i = 0; i < 12; i++)
        strcat(ok, ";W[cdcccb]");
    strcat(ok, ")");
    Game game;
    ck_assert_ptr_null(sgf_parse(ok, strlen(ok), 1, &game, NULL, NULL));
    ck_assert_ptr_nonnull(sgf_parse(ok, strlen(ok), 3, &game, NULL, NULL)); /* move 1, now played, is illegal */

    /* Absurdly large input. */
    size_t big = (size_t)SGF_MAX_INPUT + 1;
    char *huge = malloc(big + 1);
    ck_assert_ptr_nonnull(huge);
    memset(huge, ' ', big);
    memcpy(huge, "(;GM[18]SZ[6]C[", 15);
    huge[big - 2] = ']';
    huge[big - 1] = ')';
    huge[big] = '\0';
    assert_rejected(huge, big, 0, "input over 1 MiB", "too large");
    /* Just under the cap is read. */
    huge[big - 3] = ']';
    huge[big - 2] = ')';
    ck_assert_ptr_null(sgf_parse(huge, big - 1, 0, &game, NULL, NULL));
    free(huge);
}
END_TEST

START_TEST(test_load_file)
{
    Game game;
    memset(&game, 0, sizeof game);
    game_new(&game, 7, 7);
    play_random(&game, 9, 10);
    char *text = sgf_write(&game, NULL);
    char path[] = "/tmp/test_sgf_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    Game back;
    ck_assert_ptr_null(sgf_load_file(path, 0, &back, NULL));
    assert_same_game(&game, &back);
    ck_assert_ptr_null(sgf_load_file(path, 4, &back, NULL));
    ck_assert_int_eq(back.length, 3);
    unlink(path);
    ck_assert_ptr_nonnull(sgf_load_file(path, 0, &back, NULL));
    free(text);
}
END_TEST

Suite *sgf_suite(void)
{
    Suite *s = suite_create("sgf");
    TCase *tc = tcase_create("sgf");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_point_notation);
    tcase_add_test(tc, test_round_trip_every_size);
    tcase_add_test(tc, test_rectangular_size_property);
    tcase_add_test(tc, test_round_trip_position_and_info);
    tcase_add_test(tc, test_round_trip_out_of_turn);
    tcase_add_test(tc, test_default_start);
    tcase_add_test(tc, test_move_number_limit);
    tcase_add_test(tc, test_robust_reading);
    tcase_add_test(tc, test_rejects_syntax);
    tcase_add_test(tc, test_rejects_every_truncation);
    tcase_add_test(tc, test_rejects_header);
    tcase_add_test(tc, test_rejects_points_and_setup);
    tcase_add_test(tc, test_rejects_illegal_moves);
    tcase_add_test(tc, test_rejects_size_limits);
    tcase_add_test(tc, test_load_file);
    suite_add_tcase(s, tc);
    return s;
}
