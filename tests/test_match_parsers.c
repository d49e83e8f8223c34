/*
 * test_match_parsers.c - the parsers of amazons-match that read outside
 * input, called on byte buffers without a process or a file: an engine's
 * reply (framing, and every way it can be malformed), a line of a results
 * file (read back exactly as written, and refused when cut, doubled or of
 * other settings), and an openings file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "match/gtp_reply.h"
#include "match/openings.h"
#include "match/results.h"
#include "tests.h"

/* ---- engine replies ---- */

/* A string literal and its length, NUL bytes included. */
#define BYTES(literal) literal, sizeof literal - 1

/* A whole reply of `kind` with `text`, taking `used` bytes of data. */
static void assert_reply(const char *data, size_t size, ReplyKind kind, const char *text, size_t used)
{
    char out[256];
    GtpReply r = gtp_reply_parse(data, size, out, sizeof out);
    ck_assert_msg(r.kind == kind, "\"%s\": kind %d, want %d (%s)", data, r.kind, kind, r.problem);
    ck_assert_str_eq(out, text);
    ck_assert_uint_eq(r.used, used);
}

static void assert_malformed(const char *data, size_t size, const char *problem)
{
    char out[256] = "junk";
    GtpReply r = gtp_reply_parse(data, size, out, sizeof out);
    ck_assert_msg(r.kind == REPLY_MALFORMED, "\"%s\": kind %d, want malformed", data, r.kind);
    ck_assert_msg(strstr(r.problem, problem), "\"%s\": problem \"%s\" lacks \"%s\"", data, r.problem, problem);
    ck_assert_str_eq(out, "");
}

START_TEST(test_reply_well_formed)
{
    assert_reply(BYTES("= a1-a2/a3\n\n"), REPLY_OK, "a1-a2/a3", 12);
    assert_reply(BYTES("=12 a1-a2/a3\n\n"), REPLY_OK, "a1-a2/a3", 14);
    assert_reply(BYTES("? illegal move\n\n"), REPLY_ERROR, "illegal move", 16);
    assert_reply(BYTES("=\n\n"), REPLY_OK, "", 3);
    assert_reply(BYTES("=\t  spaced  \n\n"), REPLY_OK, "spaced", 14);
    /* CRLF engines, empty lines before the reply, tabs. */
    assert_reply(BYTES("= b\r\n\r\n"), REPLY_OK, "b", 7);
    assert_reply(BYTES("\n\r\n= c\td\n\n"), REPLY_OK, "c d", 10);
    /* Several lines; what follows the empty line is the next reply's. */
    assert_reply(BYTES("= one\ntwo\n\n= next\n\n"), REPLY_OK, "one\ntwo", 11);
    /* UTF-8 text. */
    assert_reply(BYTES("= \xc3\xa9t\xc3\xa9 \xe2\x99\x9b\n\n"), REPLY_OK, "\xc3\xa9t\xc3\xa9 \xe2\x99\x9b", 13);
}
END_TEST

START_TEST(test_reply_incomplete)
{
    /* Every strict prefix of a reply waits for more, and says nothing yet. */
    static const char reply[] = "\r\n=7 \xe2\x99\x9b queen\nline\n\n";
    for (size_t n = 0; n < sizeof reply - 1; n++) {
        char out[64] = "junk";
        GtpReply r = gtp_reply_parse(reply, n, out, sizeof out);
        ck_assert_msg(r.kind == REPLY_INCOMPLETE, "prefix %zu: kind %d (%s)", n, r.kind, r.problem);
        ck_assert_str_eq(out, "");
    }
    assert_reply(reply, sizeof reply - 1, REPLY_OK, "\xe2\x99\x9b queen\nline", sizeof reply - 1);
}
END_TEST

START_TEST(test_reply_malformed)
{
    assert_malformed(BYTES("hello\n\n"), "does not start with '=' or '?'");
    assert_malformed(BYTES("b"), "does not start with '=' or '?'"); /* known at the first byte */
    assert_malformed(BYTES(" = a\n\n"), "does not start with '=' or '?'");
    assert_malformed(BYTES("=a1-a2/a3\n\n"), "no space after '='");
    assert_malformed(BYTES("?12x\n\n"), "no space after '?'");
    assert_malformed(BYTES("= a1\000b\n\n"), "a NUL byte");
    assert_malformed(BYTES("= \001"), "control character (byte 0x01)"); /* before the line ends */
    assert_malformed(BYTES("= \033[0m\n\n"), "byte 0x1b");
    assert_malformed(BYTES("= ok\n\177\n\n"), "byte 0x7f");
    assert_malformed(BYTES("= \377\n\n"), "not UTF-8");
    assert_malformed(BYTES("= \xc0\xaf\n\n"), "not UTF-8");      /* overlong '/' */
    assert_malformed(BYTES("= \xed\xa0\x80\n\n"), "not UTF-8");  /* a surrogate */
    assert_malformed(BYTES("= \xf4\x90\x80\x80\n\n"), "not UTF-8"); /* past U+10FFFF */
    assert_malformed(BYTES("= \xc3(\n\n"), "not UTF-8");         /* a lead byte without its follower */
}
END_TEST

/* The reader's bound: a reply without end is malformed at GTP_REPLY_MAX bytes, not one byte before. */
START_TEST(test_reply_bounded)
{
    char *data = malloc(GTP_REPLY_MAX);
    char out[64];
    memset(data, 'x', GTP_REPLY_MAX);
    memcpy(data, "= ", 2);
    ck_assert_int_eq(gtp_reply_parse(data, GTP_REPLY_MAX - 1, out, sizeof out).kind, REPLY_INCOMPLETE);
    assert_malformed(data, GTP_REPLY_MAX, "no end (an empty line) within 65536 bytes");
    memset(data, '\n', GTP_REPLY_MAX);
    ck_assert_int_eq(gtp_reply_parse(data, GTP_REPLY_MAX - 1, out, sizeof out).kind, REPLY_INCOMPLETE);
    assert_malformed(data, GTP_REPLY_MAX, "nothing but empty lines");
    /* A long reply that ends in time is whole; its text is cut to the room given. */
    memset(data, 'x', GTP_REPLY_MAX);
    memcpy(data, "= ", 2);
    memcpy(data + GTP_REPLY_MAX - 2, "\n\n", 2);
    GtpReply r = gtp_reply_parse(data, GTP_REPLY_MAX, out, sizeof out);
    ck_assert_int_eq(r.kind, REPLY_OK);
    ck_assert_uint_eq(r.used, GTP_REPLY_MAX);
    ck_assert_uint_eq(strlen(out), sizeof out - 1);
    free(data);
}
END_TEST

/* A text cut short ends on a whole character. */
START_TEST(test_reply_cut_on_character)
{
    static const char reply[] = "= \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\n\n";
    char out[8];
    GtpReply r = gtp_reply_parse(reply, sizeof reply - 1, out, sizeof out);
    ck_assert_int_eq(r.kind, REPLY_OK);
    ck_assert_str_eq(out, "\xc3\xa9\xc3\xa9\xc3\xa9");
    /* No room at all is no crash. */
    r = gtp_reply_parse(reply, sizeof reply - 1, NULL, 0);
    ck_assert_int_eq(r.kind, REPLY_OK);
}
END_TEST

/* ---- results lines ---- */

/* A two-engine match on 6x6, two games, and its first game: White plays one move, then resigns. */
static void sample_game(MatchSettings *m, GameResult *r)
{
    memset(m, 0, sizeof *m);
    m->config.board = (BoardSize){ 6, 6 };
    m->config.tc = (TimeControl){ .kind = TC_MOVE, .move_time = 1 };
    m->config.grace = 0.2;
    Schedule *s = &m->schedule;
    s->kind = SCHEDULE_MATCH;
    s->engines = 2;
    strcpy(s->name[0], "alpha");
    strcpy(s->name[1], "beta (2)");
    s->games_per_pairing = 2;
    ck_assert(schedule_build(s));
    memset(r, 0, sizeof *r);
    r->engine[WHITE] = 0;
    r->engine[BLACK] = 1;
    r->opening = -1;
    game_new(&r->game, 6, 6);
    Move move;
    ck_assert(move_from_text("b1-b4/e4", 6, 6, &move) && game_play(&r->game, WHITE, move));
    r->kind = END_RESIGN;
    r->winner = WHITE;
    strcpy(r->reason, "beta (2) (Black) resigned");
    strcpy(r->date, "2026-01-02");
    r->seconds[WHITE] = 0.25;
}

static bool parse_result(const char *line, size_t size, ResultsCheck *check, GameResult *r, char *error)
{
    return results_parse_line(line, size, "here:1", check, r, error, 256);
}

START_TEST(test_results_line_round_trip)
{
    static MatchSettings m;
    static GameResult written, read;
    static ResultsCheck check;
    sample_game(&m, &written);
    char *line = result_line(&m, NULL, &written), error[256];
    ck_assert_ptr_nonnull(line);
    /* Without settings known yet, the line sets them, with where they came from. */
    ck_assert_msg(parse_result(line, strlen(line), &check, &read, error), "%s", error);
    ck_assert(check.known);
    ck_assert_str_eq(check.origin, "here:1");
    ck_assert_ptr_null(settings_differ(&check.settings, &m, error, sizeof error));
    ck_assert_int_eq(read.index, 0);
    ck_assert_int_eq(read.kind, END_RESIGN);
    ck_assert_int_eq(read.winner, WHITE);
    ck_assert_str_eq(read.reason, written.reason);
    ck_assert_str_eq(read.date, written.date);
    ck_assert_int_eq(read.game.length, 1);
    ck_assert(move_equal(read.game.history[0].move, written.game.history[0].move));
    /* A test or none is no difference: it decides when a run stops, not which games it plays. */
    check.settings.sprt = (SprtConfig){ .enabled = true, .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05 };
    ck_assert_msg(parse_result(line, strlen(line), &check, &read, error), "%s", error);
    /* Other settings are refused against the known ones. */
    check.settings.config.grace = 0.3;
    ck_assert(!parse_result(line, strlen(line), &check, &read, error));
    ck_assert_msg(strstr(error, "the settings differ from here:1: grace 200 ms here, 300 ms there"), "%s", error);
    free(line);
}
END_TEST

START_TEST(test_results_line_errors)
{
    static MatchSettings m;
    static GameResult r;
    static ResultsCheck check;
    sample_game(&m, &r);
    char *line = result_line(&m, NULL, &r), error[256];
    size_t n = strlen(line);
    /* A line cut anywhere lacks its newline. */
    for (size_t keep = 0; keep < n; keep += n / 7) {
        ck_assert(!parse_result(line, keep, &check, &r, error));
        ck_assert_msg(strstr(error, "incomplete line (no newline at its end)"), "%zu: %s", keep, error);
    }
    ck_assert(!parse_result(line, n - 1, &check, &r, error));
    ck_assert(!parse_result("\n", 1, &check, &r, error));
    ck_assert_str_eq(error, "empty line");
    line[10] = '\0';
    ck_assert(!parse_result(line, n, &check, &r, error));
    ck_assert_str_eq(error, "a NUL byte in the line");
    line[10] = '\n';
    ck_assert(!parse_result(line, n, &check, &r, error));
    ck_assert_str_eq(error, "more than one line");
    ck_assert(!parse_result(BYTES("[1,2]\n"), &check, &r, error));
    ck_assert_str_eq(error, "not a JSON object");
    ck_assert(!parse_result(BYTES("{\"game\": 1\n"), &check, &r, error));
    ck_assert_msg(strstr(error, "not JSON: "), "%s", error);
    ck_assert(!check.known); /* nothing was taken from the bad lines */
    free(line);
}
END_TEST

/* ---- openings files ---- */

static int parse_openings(const char *data, size_t size, BoardSize *board, Opening **list, char *error)
{
    int count = 0;
    return openings_parse(data, size, "o.txt", board, list, &count, error, 256) ? count : -1;
}

START_TEST(test_openings_text)
{
    static const char text[] = "# two openings\r\n\r\n  1B2B1/B4B/2x3/6/W4W/1W2W1 b  \r\n"
                               "b1-b4/e4 e6-c4/c3 # moves\nb1-b4/e4";  /* the last line without newline */
    Opening *list = NULL;
    char error[256];
    BoardSize board = { 0, 0 };
    ck_assert_int_eq(parse_openings(BYTES(text), &board, &list, error), 3);
    ck_assert_int_eq(board.width, 6);
    ck_assert_int_eq(board.height, 6);
    ck_assert(list[0].set_position);
    ck_assert_str_eq(list[0].text, "1B2B1/B4B/2x3/6/W4W/1W2W1 b");
    ck_assert_int_eq(list[0].game.pos.to_move, BLACK);
    ck_assert(!list[1].set_position);
    ck_assert_str_eq(list[1].text, "b1-b4/e4 e6-c4/c3");
    ck_assert_int_eq(list[1].game.length, 2);
    ck_assert_int_eq(list[2].game.length, 1);
    openings_free(list, 3);
}
END_TEST

START_TEST(test_openings_errors)
{
    Opening *list = NULL;
    char error[256];
    BoardSize board = { 0, 0 };
    ck_assert_int_eq(parse_openings(BYTES("# nothing\n\n"), &board, &list, error), -1);
    ck_assert_str_eq(error, "o.txt holds no opening");
    board = (BoardSize){ 6, 6 };
    ck_assert_int_eq(parse_openings(BYTES("b1-b4/e4\nb1-b4\0/e4\n"), &board, &list, error), -1);
    ck_assert_str_eq(error, "o.txt:2: a NUL byte in the line");
    /* A CR ends no line (it used to hide the rest of one, or all but the first of a CR-only file). */
    ck_assert_int_eq(parse_openings(BYTES("b1-b4/e4\rb6-b2/d4\r"), &board, &list, error), -1);
    ck_assert_str_eq(error, "o.txt:1: a carriage return inside the line (lines end in LF or CR LF)");
    ck_assert_int_eq(parse_openings(BYTES("\n\nb1-b4/e4 zz\n"), &board, &list, error), -1);
    ck_assert_str_eq(error, "o.txt:3: bad move 'zz'");
    ck_assert_int_eq(parse_openings(BYTES("b1-b5/e4\n"), &board, &list, error), -1);
    ck_assert_str_eq(error, "o.txt:1: illegal move 'b1-b5/e4'");
    board = (BoardSize){ 6, 5 };
    ck_assert_int_eq(parse_openings(BYTES("1B2B1/B4B/2x3/6/W4W/1W2W1 b\n"), &board, &list, error), -1);
    ck_assert_str_eq(error, "o.txt:1: position of size 6x6 in a match of size 6x5");
    char *long_line = malloc(5000);
    memset(long_line, ' ', 5000);
    ck_assert_int_eq(parse_openings(long_line, 5000, &board, &list, error), -1);
    ck_assert_str_eq(error, "o.txt:1: line too long (4095 bytes at most)");
    free(long_line);
}
END_TEST

Suite *match_parsers_suite(void)
{
    Suite *s = suite_create("match_parsers");
    TCase *tc = tcase_create("replies");
    tcase_add_test(tc, test_reply_well_formed);
    tcase_add_test(tc, test_reply_incomplete);
    tcase_add_test(tc, test_reply_malformed);
    tcase_add_test(tc, test_reply_bounded);
    tcase_add_test(tc, test_reply_cut_on_character);
    suite_add_tcase(s, tc);
    tc = tcase_create("results");
    tcase_add_test(tc, test_results_line_round_trip);
    tcase_add_test(tc, test_results_line_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("openings");
    tcase_add_test(tc, test_openings_text);
    tcase_add_test(tc, test_openings_errors);
    suite_add_tcase(s, tc);
    return s;
}
