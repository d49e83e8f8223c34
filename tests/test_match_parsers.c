/*
 * test_match_parsers.c - the parsers of amazons-match that read outside
 * input, called on byte buffers without a process or a file: an engine's
 * reply (framing, and every way it can be malformed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/gtp_reply.h"
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
    return s;
}
