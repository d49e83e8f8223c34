/*
 * test_fuzz_regressions.c - replays the fuzz targets' inputs through the same
 * checks the fuzzers run (tests/fuzz/parsers_harness.h, protocol_harness.h):
 *
 *   tests/fuzz/regressions/<target>/   inputs that once broke a property
 *   tests/fuzz/corpus/<target>/        the committed seeds
 *
 * Protocol inputs go through the real dispatcher (gtp_run on an fmemopen'ed
 * FILE, SESSION_COMMANDS on a fresh Session); every line must get exactly one
 * well-framed response with its id, a failed command must leave the session
 * unchanged, and afterwards get_position and printsgf must read back as the
 * session's game.  Parser inputs must round-trip through the writers.
 *
 * The directory is $AMAZONS_FUZZ_DIR, else tests/fuzz (relative to the
 * repository root, where `make test` runs).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests.h"
#include "tests/fuzz/botzone_harness.h"
#include "tests/fuzz/numbers_harness.h"
#include "tests/fuzz/openings_harness.h"
#include "tests/fuzz/parsers_harness.h"
#include "tests/fuzz/protocol_harness.h"
#include "tests/fuzz/replies_harness.h"
#include "tests/fuzz/results_harness.h"

typedef const char *(*FuzzCheck)(const uint8_t *data, size_t size);

static const char *fuzz_root(void)
{
    const char *dir = getenv("AMAZONS_FUZZ_DIR");
    return dir && *dir ? dir : "tests/fuzz";
}

/* Reads a whole file (malloc'ed); NULL when it cannot. */
static uint8_t *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t capacity = 4096, length = 0;
    uint8_t *data = malloc(capacity);
    while (data) {
        length += fread(data + length, 1, capacity - length, f);
        if (length < capacity)
            break;
        capacity *= 2;
        uint8_t *grown = realloc(data, capacity);
        if (!grown)
            free(data);
        data = grown;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(data);
        return NULL;
    }
    *size = length;
    return data;
}

static int regular_file(const struct dirent *e) { return e->d_name[0] != '.'; }

/*
 * Runs `check` on every file of <root>/<kind>/<target> in name order and
 * returns how many there were; fails the test on the first broken property.
 */
static int replay(const char *kind, const char *target, FuzzCheck check)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s/%s", fuzz_root(), kind, target);
    struct dirent **names = NULL;
    int n = scandir(dir, &names, regular_file, alphasort);
    ck_assert_msg(n >= 0, "cannot read %s (run from the repository root or set AMAZONS_FUZZ_DIR)", dir);
    int replayed = 0;
    for (int i = 0; i < n; i++) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        free(names[i]);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        size_t size = 0;
        uint8_t *data = read_all(path, &size);
        ck_assert_msg(data != NULL, "cannot read %s", path);
        ck_assert_msg(size <= FUZZ_MAX_INPUT, "%s: over %d bytes, the fuzzers ignore it", path,
                      FUZZ_MAX_INPUT);
        const char *error = check(data, size);
        ck_assert_msg(error == NULL, "%s: %s", path, error);
        free(data);
        replayed++;
    }
    free(names);
    return replayed;
}

static void protocol_setup(void)
{
    const char *error = fuzz_protocol_setup();
    ck_assert_msg(error == NULL, "%s", error);
}

static void protocol_teardown(void) { fuzz_protocol_teardown(); }

/* ---- replays ------------------------------------------------------------ */

START_TEST(test_protocol_seeds)
{
    ck_assert_int_gt(replay("corpus", "fuzz_protocol", fuzz_protocol_one), 0);
}
END_TEST

START_TEST(test_protocol_regressions)
{
    replay("regressions", "fuzz_protocol", fuzz_protocol_one);
}
END_TEST

START_TEST(test_parsers_seeds)
{
    ck_assert_int_gt(replay("corpus", "fuzz_parsers", fuzz_parsers_one), 0);
}
END_TEST

START_TEST(test_parsers_regressions)
{
    replay("regressions", "fuzz_parsers", fuzz_parsers_one);
}
END_TEST

START_TEST(test_match_replies_seeds)
{
    ck_assert_int_gt(replay("corpus", "fuzz_match_replies", fuzz_replies_one), 0);
}
END_TEST

START_TEST(test_match_replies_regressions)
{
    replay("regressions", "fuzz_match_replies", fuzz_replies_one);
}
END_TEST

START_TEST(test_numbers_seeds)
{
    ck_assert_int_gt(replay("corpus", "fuzz_numbers", fuzz_numbers_one), 0);
}
END_TEST

START_TEST(test_numbers_regressions)
{
    replay("regressions", "fuzz_numbers", fuzz_numbers_one);
}
END_TEST

START_TEST(test_results_seeds)
{
    int accepted = fuzz_results_accepted;
    ck_assert_int_gt(replay("corpus", "fuzz_results", fuzz_results_one), 0);
    /* The seeds hold good lines, or the checks of accepted lines would never run. */
    ck_assert_int_ge(fuzz_results_accepted - accepted, 10);
}
END_TEST

START_TEST(test_results_regressions)
{
    replay("regressions", "fuzz_results", fuzz_results_one);
}
END_TEST

START_TEST(test_openings_seeds)
{
    ck_assert_int_gt(replay("corpus", "fuzz_openings", fuzz_openings_one), 0);
}
END_TEST

START_TEST(test_openings_regressions)
{
    replay("regressions", "fuzz_openings", fuzz_openings_one);
}
END_TEST

START_TEST(test_botzone_seeds)
{
    ck_assert_int_gt(replay("corpus", "fuzz_botzone", fuzz_botzone_one), 0);
}
END_TEST

START_TEST(test_botzone_regressions)
{
    replay("regressions", "fuzz_botzone", fuzz_botzone_one);
}
END_TEST

/* ---- the harness itself: its checks must catch what they claim to ----- */

static const char *protocol_text(const char *text)
{
    return fuzz_protocol_one((const uint8_t *)text, strlen(text));
}

START_TEST(test_harness_accepts_sessions)
{
    /* Blank, comment-only and control-character lines get no response; ids are echoed. */
    ck_assert_ptr_null(protocol_text("# c\n\n \t\r\n7 name\n8\tknown_command play\r\n9\n-3 name\n"));
    ck_assert_ptr_null(protocol_text("1 play w d1-d7/g7\n2 play b a7-c5/f8\n3 undo\n4 genmove b\n"));
    /* Everything after a successful quit is ignored; a quit with arguments fails. */
    ck_assert_ptr_null(protocol_text("quit now\nname\nquit\nname\nname\n"));
    /* A last line without LF is still executed; a NUL byte is a control character. */
    ck_assert_ptr_null(fuzz_protocol_one((const uint8_t *)"na\0me\nboardsize 4", 17));
    /* The file commands work inside the sandbox only. */
    ck_assert_ptr_null(protocol_text("boardsize 5\nplay w a2-a4/a3\nprintsgf g\nclear_board\n"
                                     "loadsgf g\nprintsgf ../g\nloadsgf /etc/passwd\n"));
    /* Expensive perft is refused by the harness, cheap perft runs. */
    ck_assert_ptr_null(protocol_text("perft 1\nperft 2\nperft 3\nperft 20\nboardsize 4\nperft 3\n"));
}
END_TEST

START_TEST(test_harness_checks_framing)
{
    FuzzExpected e = { 0 };
    const char *input = "1 name\n\nversion\n2\n";
    ck_assert(fuzz_expect((const uint8_t *)input, strlen(input), &e));
    ck_assert_int_eq(e.count, 3);
    static const char good[] = "=1 Amazons\n\n= 1.0\n\n?2 missing command\n\n";
    ck_assert_ptr_null(fuzz_check_output(good, strlen(good), &e));
    static const char *const bad[] = {
        "=1 Amazons\n\n= 1.0\n\n",                        /* a response missing */
        "=1 Amazons\n\n= 1.0\n\n?2 missing\n\n= x\n\n",   /* one too many */
        "= Amazons\n\n= 1.0\n\n?2 missing command\n\n",   /* id not echoed */
        "=12 Amazons\n\n= 1.0\n\n?2 missing command\n\n", /* wrong id */
        "=1 Amazons\n\n=1.0\n\n?2 missing command\n\n",   /* no space after '=' */
        "=1 Amazons\n\n\n= 1.0\n\n?2 missing command\n\n",/* empty line inside */
        "=1 Amazons\n\n= 1.0\n\n?2 missing command\n",    /* unterminated */
        "!1 Amazons\n\n= 1.0\n\n?2 missing command\n\n",  /* bad status */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(fuzz_check_output(bad[i], strlen(bad[i]), &e) != NULL,
                      "bad output %zu accepted", i);
    fuzz_expected_free(&e);
}
END_TEST

START_TEST(test_harness_checks_results)
{
    static Session s;
    memset(&s, 0, sizeof s);
    s.options.resign_below = -1;
    game_new(&s.game, 4, 4);
    const Game *g = &s.game;
    static const char board[] = "\n   a b c d\n 4 . B B .\n 3 B . . B\n 2 W . . W\n 1 . W W .\n   a b c d";
    char text[256], *white[] = { "w" }, *depth1[] = { "1" };

    snprintf(text, sizeof text, "%s\nwhite to move", board);
    ck_assert_ptr_null(fuzz_check_result("showboard", g, &s, 0, NULL, text));
    snprintf(text, sizeof text, "%s\nblack to move", board);
    ck_assert_ptr_nonnull(fuzz_check_result("showboard", g, &s, 0, NULL, text));
    snprintf(text, sizeof text, "%s\nwhite to move", board);
    text[14] = 'W'; /* a4 */
    ck_assert_ptr_nonnull(fuzz_check_result("showboard", g, &s, 0, NULL, text));
    ck_assert_ptr_null(fuzz_check_result("territory", g, &s, 0, NULL,
        "\n   a b c d\n 4 = B B b\n 3 B b b B\n 2 W w w W\n 1 w W W .\n   a b c d"));
    ck_assert_ptr_nonnull(fuzz_check_result("territory", g, &s, 0, NULL,
        "\n   a b c d\n 4 = B B b\n 3 B b b B\n 2 W w w W\n 1 w W W ?\n   a b c d"));

    ck_assert_ptr_null(fuzz_check_result("final_score", g, &s, 0, NULL, "W+3"));
    ck_assert_ptr_nonnull(fuzz_check_result("final_score", g, &s, 0, NULL, "W+"));
    ck_assert_ptr_nonnull(fuzz_check_result("final_score", g, &s, 0, NULL, "X+3"));

    snprintf(text, sizeof text, "%llu", (unsigned long long)count_moves(&g->pos, WHITE));
    ck_assert_ptr_null(fuzz_check_result("perft", g, &s, 1, depth1, text));
    ck_assert_ptr_nonnull(fuzz_check_result("perft", g, &s, 1, depth1, "1"));
    ck_assert_ptr_nonnull(fuzz_check_result("legal_moves", g, &s, 0, NULL, "b1-b2/b1"));
    ck_assert_ptr_nonnull(fuzz_check_result("legal_moves", g, &s, 0, NULL, "b1-b4/b1"));
    ck_assert_ptr_nonnull(fuzz_check_result("reg_genmove", g, &s, 1, white, "resign"));
    ck_assert_ptr_nonnull(fuzz_check_result("reg_genmove", g, &s, 1, white, "b1-b4/b1"));
    ck_assert_ptr_null(fuzz_check_result("reg_genmove", g, &s, 1, white, "b1-b2/b1"));
    /* genmove must also have played the move it names. */
    ck_assert_ptr_nonnull(fuzz_check_result("genmove", g, &s, 1, white, "b1-b2/b1"));
}
END_TEST

START_TEST(test_harness_checks_positions_and_games)
{
    static Game game, other;
    game_new(&game, 6, 6);
    ck_assert_ptr_null(fuzz_check_game(&game));
    Move m;
    ck_assert(move_from_text("b1-b4/e4", 6, 6, &m));
    ck_assert(game_play(&game, WHITE, m));
    ck_assert_ptr_null(fuzz_check_game(&game));
    ck_assert_ptr_null(fuzz_sgf_round_trip(&game, NULL));

    other = game;
    other.pos.hash ^= 1;
    ck_assert_ptr_nonnull(fuzz_check_position(&other.pos));
    other = game;
    other.pos.empty |= other.pos.amazons[WHITE];
    ck_assert_ptr_nonnull(fuzz_check_position(&other.pos));
    other = game;
    other.history[0].move.arrow = other.history[0].move.to;
    ck_assert_ptr_nonnull(fuzz_check_game(&other));
    ck_assert_ptr_nonnull(fuzz_same_game("test", &game, &other));
    other = game;
    other.length = 0;
    ck_assert_ptr_nonnull(fuzz_same_game("test", &game, &other));
}
END_TEST

START_TEST(test_harness_parsers_cases)
{
    static const char *const inputs[] = {
        "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w", "1B2/x3/4/W2W b", "d1-d7/g7", "J10j9-J10",
        "(;GM[18]SZ[4]AW[aa]AB[dd]PL[B];B[dddcdd];W[aabaab])", "(;GM[18]SZ[4]", "", "(",
    };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        const char *error = fuzz_parsers_one((const uint8_t *)inputs[i], strlen(inputs[i]));
        ck_assert_msg(error == NULL, "\"%s\": %s", inputs[i], error);
    }
}
END_TEST

/* The reference UTF-8 decoder: lengths, cut characters, and what is not UTF-8. */
START_TEST(test_harness_replies_utf8)
{
    static const struct { const char *bytes; int length; } cases[] = {
        { "\xc3\xa9", 2 },         { "\xe2\x99\x9b", 3 },     { "\xf0\x9f\x91\x91", 4 },
        { "\xf4\x8f\xbf\xbf", 4 }, { "\xed\x9f\xbf", 3 },     { "\xee\x80\x80", 3 },
        { "\xe0", -1 },            { "\xf0\x9f", -1 },        { "\xed", -1 },
        { "\xc1\xbf", 0 },         { "\xe0\x9f\xbf", 0 },     { "\xed\xa0\x80", 0 },
        { "\xf4\x90\x80\x80", 0 }, { "\xf5\x80\x80\x80", 0 }, { "\xc3(", 0 },
        { "\x80", 0 },             { "\xff", 0 },              { "\xe0\x80", 0 }, { "\xed\xa0", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *b = cases[i].bytes;
        ck_assert_msg(fuzz_utf8((const unsigned char *)b, strlen(b)) == cases[i].length, "case %zu", i);
    }
}
END_TEST

/* The reply checks flag a parser that disagrees with the reference in kind, length, problem or text. */
START_TEST(test_harness_replies_checks)
{
    static const char reply[] = "=5 \xc3\xa9t\xc3\xa9\n\n";
    const unsigned char *p = (const unsigned char *)reply;
    size_t n = sizeof reply - 1;
    FuzzReply want;
    GtpReply got;
    ck_assert(fuzz_reference_reply(p, n, &want));
    ck_assert_int_eq(want.kind, REPLY_OK);
    ck_assert_uint_eq(want.used, n);
    ck_assert_ptr_null(fuzz_reply_against(p, n, &want, 64, &got));
    ck_assert_ptr_null(fuzz_reply_against(p, n, &want, 4, &got)); /* cut after one character */
    want.used--;
    ck_assert_ptr_nonnull(fuzz_reply_against(p, n, &want, 64, &got));
    want.used++;
    want.text[0] = 'E';
    ck_assert_ptr_nonnull(fuzz_reply_against(p, n, &want, 64, &got));
    want.kind = REPLY_ERROR;
    ck_assert_ptr_nonnull(fuzz_reply_against(p, n, &want, 64, &got));
    free(want.text);
    /* Decisions must not change with more bytes. */
    GtpReply complete = { .kind = REPLY_OK, .used = 3 };
    ck_assert_ptr_nonnull(fuzz_reply_prefix((const unsigned char *)"?\n\n", 3, &complete));
    ck_assert_ptr_null(fuzz_reply_prefix((const unsigned char *)"=\n", 2, &complete));
    static const char *const inputs[] = { "", "=", "= a\n\n", "x", "=\xe2\x99", "\n\n\n", "? \t\n.\n\n" };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        ck_assert_ptr_null(fuzz_replies_one((const uint8_t *)inputs[i], strlen(inputs[i])));
}
END_TEST

/* The numbers oracle: its own grammar, exact values, and --time read by the documented forms. */
START_TEST(test_harness_numbers_oracle)
{
    static const char *const decimals[] = { "1", "-1.", ".5", "+.5e-3", "1E5", "007", "0.000", "9e999" };
    static const char *const not_decimals[] = { "", ".", "+", "e5", "1e", "1e+", "--1", "0x1", " 1", "1 ",
                                                "inf", "nan", "1.2.3", "1e5.0", "+-1", ".e1" };
    for (size_t i = 0; i < sizeof decimals / sizeof decimals[0]; i++)
        ck_assert_msg(fuzz_is_decimal(decimals[i]), "%s", decimals[i]);
    for (size_t i = 0; i < sizeof not_decimals / sizeof not_decimals[0]; i++)
        ck_assert_msg(!fuzz_is_decimal(not_decimals[i]), "%s", not_decimals[i]);

    double v;
    ck_assert(fuzz_short_decimal("0.1", &v) && v == 0.1);
    ck_assert(fuzz_short_decimal("-123.456e-2", &v) && v == -1.23456);
    ck_assert(fuzz_short_decimal("1e22", &v) && v == 1e22);
    ck_assert(fuzz_short_decimal("0e999", &v) && v == 0);
    ck_assert(!fuzz_short_decimal("1e23", &v));                /* 10^23 is no exact double */
    ck_assert(!fuzz_short_decimal("1234567890123456", &v));   /* 16 digits */

    bool negative;
    unsigned __int128 m;
    ck_assert(fuzz_integer("-9223372036854775808", true, &negative, &m) && negative);
    ck_assert(fuzz_in_long_range(negative, m, LONG_MIN, LONG_MAX));
    ck_assert(fuzz_integer("9223372036854775808", true, &negative, &m));
    ck_assert(!fuzz_in_long_range(negative, m, LONG_MIN, LONG_MAX));
    ck_assert(!fuzz_integer("+1", false, &negative, &m));

    TimeControl tc;
    ck_assert(fuzz_reference_time("1e+2+1", &tc) && tc.kind == TC_FISCHER && tc.main_time == 100 && tc.increment == 1);
    ck_assert(fuzz_reference_time("60/30/+10", &tc) && tc.kind == TC_CANADIAN && tc.byo_stones == 10);
    ck_assert(!fuzz_reference_time("60/30", &tc));
    ck_assert(!fuzz_reference_time("60+1/30/10", &tc));
    ck_assert(!fuzz_reference_time("0+1", &tc)); /* MAIN of a Fischer clock from 0.001 */
    int side;
    ck_assert(fuzz_digits_in("0000000000000000000008", 22, 4, 10, &side) && side == 8);
    ck_assert(!fuzz_digits_in("11", 2, 4, 10, &side));
}
END_TEST

/* The results checks: an independent count of moves and reachable squares, and endings that do not add up. */
START_TEST(test_harness_results_checks)
{
    static GameResult r, other;
    static MatchSettings m;
    Position pos;
    ck_assert_ptr_null(position_from_text(&pos, "Bx2/xx2/3W/4 b"));
    ck_assert(!fuzz_can_move(&pos, BLACK));
    ck_assert(fuzz_can_move(&pos, WHITE));
    ck_assert_int_eq(fuzz_reachable(&pos, WHITE), 11); /* every empty square */
    ck_assert_int_eq(reachable_empty_squares(&pos, WHITE), 11);
    ck_assert_int_eq(fuzz_reachable(&pos, BLACK), 0);

    memset(&r, 0, sizeof r);
    game_set_position(&r.game, &pos);
    r.kind = END_NO_MOVES;
    r.winner = WHITE;
    r.score = 11;
    ck_assert_ptr_null(fuzz_results_check_ending(&r));
    r.score = 10;
    ck_assert_ptr_nonnull(fuzz_results_check_ending(&r));
    r.score = 11;
    r.winner = BLACK;
    ck_assert_ptr_nonnull(fuzz_results_check_ending(&r));
    r.winner = WHITE;
    r.kind = END_RESIGN; /* only "no legal move" has a score */
    ck_assert_ptr_nonnull(fuzz_results_check_ending(&r));
    r.score = 0;
    ck_assert_ptr_null(fuzz_results_check_ending(&r));

    m.config.board = (BoardSize){ 4, 4 };
    m.schedule.kind = SCHEDULE_MATCH;
    m.schedule.engines = 2;
    m.schedule.games_per_pairing = 2;
    ck_assert(schedule_build(&m.schedule));
    r.engine[WHITE] = 0;
    r.engine[BLACK] = 1;
    r.opening = -1;
    ck_assert_ptr_null(fuzz_results_check_game(&m, &r));
    r.index = 1; /* game 2 has the colours swapped */
    ck_assert_ptr_nonnull(fuzz_results_check_game(&m, &r));
    r.index = 0;
    m.config.board = (BoardSize){ 5, 4 };
    ck_assert_ptr_nonnull(fuzz_results_check_game(&m, &r));

    other = r;
    ck_assert_ptr_null(fuzz_results_same_result(&r, &other));
    other.seconds[BLACK] = 0.0004; /* below the millisecond the file keeps */
    ck_assert_ptr_null(fuzz_results_same_result(&r, &other));
    other.seconds[BLACK] = 0.001;
    ck_assert_ptr_nonnull(fuzz_results_same_result(&r, &other));
}
END_TEST

/* The harness's own reading of an openings file: lines, CR LF, comments, blanks. */
START_TEST(test_harness_openings_lines)
{
    static const struct { const char *line, *text; } cases[] = {
        { "  a b # c\r", "a b" }, { "x\r", "x" }, { "\r", NULL }, { "a\rb", "a\rb" }, { "#", NULL },
        { "\t \t", NULL },       { "a\r\r", "a\r" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = fuzz_line_text(cases[i].line, strlen(cases[i].line));
        if (cases[i].text)
            ck_assert_msg(text && strcmp(text, cases[i].text) == 0, "case %zu", i);
        else
            ck_assert_msg(text == NULL, "case %zu", i);
        free(text);
    }
    static const char file[] = "a\n\nb #\n\0\n";
    FuzzFile f;
    ck_assert(fuzz_split_file(file, sizeof file - 1, &f));
    ck_assert_int_eq(f.count, 4);
    ck_assert_int_eq(f.openings, 2);
    ck_assert(f.lines[3].unfit);
    fuzz_file_free(&f);
}
END_TEST

/* The openings checks flag a wrong start, a finished game, and a message naming the wrong line. */
START_TEST(test_harness_openings_checks)
{
    static Opening o;
    BoardSize board = { 6, 6 };
    Move m;
    memset(&o, 0, sizeof o);
    o.text = "b1-b4/e4";
    game_new(&o.game, 6, 6);
    ck_assert(move_from_text("b1-b4/e4", 6, 6, &m) && game_play(&o.game, WHITE, m));
    ck_assert_ptr_null(fuzz_check_opening(&o, board));
    ck_assert_ptr_nonnull(fuzz_check_opening(&o, (BoardSize){ 6, 5 }));
    o.set_position = true; /* a position text has no moves */
    ck_assert_ptr_nonnull(fuzz_check_opening(&o, board));
    Position pos;
    ck_assert_ptr_null(position_from_text(&pos, "Bx2/xx2/3W/4 b"));
    game_set_position(&o.game, &pos);
    ck_assert_ptr_nonnull(fuzz_check_opening(&o, (BoardSize){ 4, 4 }));

    static const char file[] = "d1-d7/g7\n\nzz\n";
    FuzzFile f;
    char message[256] = "o.txt:1: bad move 'zz'";
    FuzzParse p = { .error = message, .error_size = sizeof message };
    ck_assert(fuzz_split_file(file, strlen(file), &f));
    ck_assert_ptr_nonnull(fuzz_check_refused(file, &p, &f, (BoardSize){ 0, 0 }));
    strcpy(message, "o.txt:3: bad move 'zz'");
    ck_assert_ptr_null(fuzz_check_refused(file, &p, &f, (BoardSize){ 0, 0 }));
    strcpy(message, "o.txt holds no opening");
    ck_assert_ptr_nonnull(fuzz_check_refused(file, &p, &f, (BoardSize){ 0, 0 }));
    fuzz_file_free(&f);
}
END_TEST

/* The Botzone model against made-up runs: the answers, the status and the message it must flag. */
static const char *botzone_against(const char *input, int status, const char *out, const char *err)
{
    FuzzTurns turns;
    char *o = strdup(out), *e = strdup(err);
    FuzzBotRun run = { .status = status, .out = o, .err = e, .out_length = strlen(out), .err_length = strlen(err) };
    ck_assert(fuzz_split_turns((const uint8_t *)input, strlen(input), &turns));
    const char *result = fuzz_botzone_check(&turns, &run);
    fuzz_turns_free(&turns);
    free(o);
    free(e);
    return result;
}

START_TEST(test_harness_botzone_model)
{
    static const char first[] = "1\n-1 -1 -1 -1 -1 -1\n", keep[] = FUZZ_KEEP_RUNNING "\n";
    char out[128];
    snprintf(out, sizeof out, "2 0 2 3 5 3\n%s", keep); /* c1-c4/f4 */
    ck_assert_ptr_null(botzone_against(first, 0, out, ""));
    ck_assert_ptr_nonnull(botzone_against(first, 1, out, "amazons: botzone: x\n"));
    ck_assert_ptr_nonnull(botzone_against(first, 0, "2 0 2 3 5 3\n", ""));           /* no keep-running line */
    snprintf(out, sizeof out, "2 0 2 7 5 3\n%s", keep);                              /* c8 holds an amazon */
    ck_assert_ptr_nonnull(botzone_against(first, 0, out, ""));
    snprintf(out, sizeof out, "2 0 2 3 5 3\n%s2 0 2 3 5 3\n", keep);                /* one line too many */
    ck_assert_ptr_nonnull(botzone_against(first, 0, out, ""));
    ck_assert_ptr_nonnull(botzone_against(first, 0, FUZZ_NO_MOVE "\n", ""));        /* it can move */
    /* The next turn's part arrives after the answer; its request must be legal after the answer. */
    snprintf(out, sizeof out, "2 0 2 3 5 3\n%s", keep);
    ck_assert_ptr_nonnull(botzone_against("1\n-1 -1 -1 -1 -1 -1\n\f5 7 5 3 5 5\n", 0, out, ""));
    ck_assert_ptr_null(botzone_against("1\n-1 -1 -1 -1 -1 -1\n\f5 7 5 3 5 5\n", 1, out,
                                       "amazons: botzone: line 3: illegal move for white (the second mover): "
                                       "5 7 5 3 5 5\n"));
    /* Errors name their line; the data lines after the history are never read. */
    static const char illegal[] = "1\n0 5 0 4 0 3\n";
    ck_assert_ptr_null(botzone_against(illegal, 1, "", "amazons: botzone: line 2: illegal move for x\n"));
    ck_assert_ptr_nonnull(botzone_against(illegal, 1, "", "amazons: botzone: line 3: illegal move for x\n"));
    ck_assert_ptr_nonnull(botzone_against(illegal, 1, "", "amazons: botzone: line 2: illegal move for x"));
    snprintf(out, sizeof out, "2 0 2 3 5 3\n%s", keep);
    ck_assert_ptr_null(botzone_against("1\n-1 -1 -1 -1 -1 -1\nxyz\n", 0, out, ""));
    ck_assert_ptr_null(botzone_against("", 1, "", "amazons: botzone: no input: expected the turn number\n"));

    FuzzTurns turns;
    ck_assert(fuzz_split_turns((const uint8_t *)"ab\fc\f", 5, &turns));
    ck_assert_int_eq(turns.parts, 3);
    ck_assert_uint_eq(turns.ends[0], 2);
    ck_assert_uint_eq(turns.ends[2], 3);
    fuzz_turns_free(&turns);
}
END_TEST

Suite *fuzz_regression_suite(void)
{
    Suite *s = suite_create("fuzz_regressions");
    TCase *tc = tcase_create("replay");
    tcase_add_checked_fixture(tc, protocol_setup, protocol_teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_protocol_seeds);
    tcase_add_test(tc, test_protocol_regressions);
    tcase_add_test(tc, test_parsers_seeds);
    tcase_add_test(tc, test_parsers_regressions);
    tcase_add_test(tc, test_match_replies_seeds);
    tcase_add_test(tc, test_match_replies_regressions);
    tcase_add_test(tc, test_numbers_seeds);
    tcase_add_test(tc, test_numbers_regressions);
    tcase_add_test(tc, test_results_seeds);
    tcase_add_test(tc, test_results_regressions);
    tcase_add_test(tc, test_openings_seeds);
    tcase_add_test(tc, test_openings_regressions);
    tcase_add_test(tc, test_botzone_seeds);
    tcase_add_test(tc, test_botzone_regressions);
    suite_add_tcase(s, tc);

    tc = tcase_create("harness");
    tcase_add_checked_fixture(tc, protocol_setup, protocol_teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_harness_accepts_sessions);
    tcase_add_test(tc, test_harness_checks_framing);
    tcase_add_test(tc, test_harness_checks_results);
    tcase_add_test(tc, test_harness_checks_positions_and_games);
    tcase_add_test(tc, test_harness_parsers_cases);
    tcase_add_test(tc, test_harness_replies_utf8);
    tcase_add_test(tc, test_harness_replies_checks);
    tcase_add_test(tc, test_harness_numbers_oracle);
    tcase_add_test(tc, test_harness_results_checks);
    tcase_add_test(tc, test_harness_openings_lines);
    tcase_add_test(tc, test_harness_openings_checks);
    tcase_add_test(tc, test_harness_botzone_model);
    suite_add_tcase(s, tc);
    return s;
}
