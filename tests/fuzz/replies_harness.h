/*
 * replies_harness.h - the checks of the fuzz_match_replies target:
 *
 *   fuzz_replies_one(data, size)   the bytes as an engine's reply to
 *                                  amazons-match (gtp_reply_parse), read from
 *                                  an exact-size copy so that ASan sees any
 *                                  read past `size`, into text buffers of
 *                                  several sizes (none, 1 byte, small, ample).
 *
 * Kind, bytes used, problem and text must equal those of a reference reader
 * written here from the rules in match/gtp_reply.h, line by line and with
 * its own UTF-8 decoder (code point intervals).  A decision must not change
 * as more bytes arrive: a shorter prefix is incomplete or decided the same
 * way.  An incomplete input is also tried repeated to GTP_REPLY_MAX bytes,
 * where the reader must stop waiting.  And a reply built here from the
 * input's bytes, made valid, must read as that reply.
 */
#ifndef AMAZONS_FUZZ_REPLIES_HARNESS_H
#define AMAZONS_FUZZ_REPLIES_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/gtp_reply.h"
#include "tests/fuzz/harness_common.h"

/* ---- the reference reader ------------------------------------------------ */

typedef struct {
    ReplyKind kind;
    size_t used;
    char problem[80];
    char *text;        /* OK, ERROR: the text before cutting and trimming (malloc'ed, not terminated) */
    size_t length;
} FuzzReply;

/*
 * The length of the UTF-8 character at p[0] >= 0x80 with `left` bytes at
 * hand: 0 when it is invalid, -1 when valid so far but cut off by the end.
 * The code points the bytes at hand can still lead to form an interval; the
 * character is valid when that interval holds a code point that needs this
 * many bytes and is neither a surrogate nor above U+10FFFF.
 */
FUZZ_API int fuzz_utf8(const unsigned char *p, size_t left)
{
    static const unsigned first_of[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    int n = p[0] >= 0xF0 && p[0] <= 0xF7 ? 4 : p[0] >= 0xE0 && p[0] <= 0xEF ? 3
          : p[0] >= 0xC0 && p[0] <= 0xDF ? 2 : 0;
    if (n == 0)
        return 0;
    int have = left < (size_t)n ? (int)left : n;
    unsigned lo = p[0] & (0x7Fu >> n), hi = lo;
    for (int i = 1; i < n; i++) {
        if (i < have && (p[i] & 0xC0) != 0x80)
            return 0;
        lo = lo << 6 | (i < have ? p[i] & 0x3Fu : 0);
        hi = hi << 6 | (i < have ? p[i] & 0x3Fu : 0x3F);
    }
    if (hi < first_of[n])
        return 0; /* overlong: fewer bytes would do */
    lo = lo < first_of[n] ? first_of[n] : lo;
    bool below = lo <= 0xD7FF, above = hi >= 0xE000 && lo <= 0x10FFFF;
    if (!below && !above)
        return 0;
    return have < n ? -1 : n;
}

FUZZ_API void fuzz_reply_problem(FuzzReply *r, const char *format, unsigned value)
{
    r->kind = REPLY_MALFORMED;
    snprintf(r->problem, sizeof r->problem, format, value);
}

/*
 * One line p[start..end) of the body, its bytes checked (a character may
 * run to `size`); its text appended.  Returns false when the reading ends
 * here: malformed, or a character cut off by the end of the data.
 */
FUZZ_API bool fuzz_reference_line(const unsigned char *p, size_t start, size_t end, size_t size, bool first,
                                  FuzzReply *r)
{
    bool leading = first && r->length == 0;
    for (size_t i = start; i < end; i++) {
        unsigned char c = p[i] == '\t' ? ' ' : p[i];
        int n = 1;
        if (c == '\r')
            continue;
        if (c == 0) {
            fuzz_reply_problem(r, "a NUL byte", 0);
            return false;
        }
        if (c < 0x20 || c == 0x7F) {
            fuzz_reply_problem(r, "a control character (byte 0x%02x)", c);
            return false;
        }
        if (c >= 0x80 && (n = fuzz_utf8(p + i, size - i)) <= 0) {
            if (n == 0)
                fuzz_reply_problem(r, "bytes that are not UTF-8 (0x%02x)", c);
            return false;
        }
        if (leading && c == ' ')
            continue;
        leading = false;
        memcpy(r->text + r->length, c == ' ' ? (const unsigned char *)" " : p + i, (size_t)n);
        r->length += (size_t)n;
        i += (size_t)n - 1;
    }
    return true;
}

/* Whether p[start..end) is empty but for CRs. */
FUZZ_API bool fuzz_blank_line(const unsigned char *p, size_t start, size_t end)
{
    for (size_t i = start; i < end; i++)
        if (p[i] != '\r')
            return false;
    return true;
}

/* The body from p[i]: line by line until an empty one (not the header's own) ends the reply. */
FUZZ_API void fuzz_reference_body(const unsigned char *p, size_t i, size_t size, FuzzReply *r)
{
    for (bool first = true;; first = false) {
        const unsigned char *newline = memchr(p + i, '\n', size - i);
        size_t end = newline ? (size_t)(newline - p) : size;
        if (!first && newline && fuzz_blank_line(p, i, end)) {
            r->used = end + 1;
            return;
        }
        if (!fuzz_reference_line(p, i, end, size, first, r)) {
            if (r->kind == REPLY_MALFORMED)
                return;
            break; /* cut inside a character */
        }
        if (!newline)
            break;
        r->text[r->length++] = '\n';
        i = end + 1;
    }
    if (size >= GTP_REPLY_MAX)
        fuzz_reply_problem(r, "no end (an empty line) within %u bytes", GTP_REPLY_MAX);
    else
        r->kind = REPLY_INCOMPLETE;
}

/* The reference reading of p[0..size); free r->text afterwards.  False when out of memory. */
FUZZ_API bool fuzz_reference_reply(const unsigned char *p, size_t size, FuzzReply *r)
{
    memset(r, 0, sizeof *r);
    if (!(r->text = malloc(size + 1)))
        return false;
    size_t i = 0;
    while (i < size && (p[i] == '\r' || p[i] == '\n'))
        i++;
    if (i == size) {
        r->kind = REPLY_INCOMPLETE;
        if (size >= GTP_REPLY_MAX)
            fuzz_reply_problem(r, "nothing but empty lines in %u bytes", (unsigned)size);
        return true;
    }
    if (p[i] != '=' && p[i] != '?') {
        fuzz_reply_problem(r, "it does not start with '=' or '?'", 0);
        return true;
    }
    r->kind = p[i] == '=' ? REPLY_OK : REPLY_ERROR;
    char mark = (char)p[i];
    while (++i < size && p[i] >= '0' && p[i] <= '9')
        ;
    if (i < size && !memchr(" \t\r\n", p[i], 4)) {
        fuzz_reply_problem(r, "no space after '%c' and its id", (unsigned)mark);
        return true;
    }
    fuzz_reference_body(p, i, size, r);
    return true;
}

/* What text[text_size] must hold: whole characters while they fit, then blanks cut from the end. */
FUZZ_API size_t fuzz_expected_text(const FuzzReply *r, size_t text_size, char *out)
{
    size_t n = 0;
    while (n < r->length) {
        unsigned char c = (unsigned char)r->text[n];
        size_t step = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (n + step >= text_size)
            break;
        n += step;
    }
    while (n > 0 && (r->text[n - 1] == ' ' || r->text[n - 1] == '\n'))
        n--;
    memcpy(out, r->text, n);
    out[n] = '\0';
    return n;
}

/* ---- the checks ------------------------------------------------------------ */

static const char *const FUZZ_REPLY_KINDS[] = { "incomplete", "ok", "error", "malformed" };

/* gtp_reply_parse against the reference on an exact-size copy, with one text size. */
FUZZ_API const char *fuzz_reply_against(const unsigned char *p, size_t size, const FuzzReply *want,
                                        size_t text_size, GtpReply *got)
{
    char *copy = malloc(size ? size : 1), *text = text_size ? malloc(text_size) : NULL;
    char *expected = malloc(want->length + 1);
    const char *result = NULL;
    if (!copy || (text_size && !text) || !expected)
        goto done; /* out of memory: nothing to check */
    memcpy(copy, p, size);
    if (text)
        memset(text, 'Z', text_size);
    *got = gtp_reply_parse(copy, size, text, text_size);
    if (got->kind != want->kind)
        result = fuzz_fail("reply: kind %s (%s), want %s (%s)", FUZZ_REPLY_KINDS[got->kind], got->problem,
                           FUZZ_REPLY_KINDS[want->kind], want->problem);
    else if (got->kind == REPLY_MALFORMED && strcmp(got->problem, want->problem) != 0)
        result = fuzz_fail("reply: problem \"%s\", want \"%s\"", got->problem, want->problem);
    else if ((got->kind == REPLY_OK || got->kind == REPLY_ERROR) && got->used != want->used)
        result = fuzz_fail("reply: used %zu bytes, want %zu", got->used, want->used);
    else if (text && !memchr(text, '\0', text_size))
        result = fuzz_fail("reply: text not terminated within %zu bytes", text_size);
    else if (text) {
        bool whole = got->kind == REPLY_OK || got->kind == REPLY_ERROR;
        if (whole)
            fuzz_expected_text(want, text_size, expected);
        else
            expected[0] = '\0';
        if (strcmp(text, expected) != 0)
            result = fuzz_fail("reply: text \"%.100s\" in %zu bytes, want \"%.100s\"", text, text_size, expected);
    }
done:
    free(copy);
    free(text);
    free(expected);
    return result;
}

/* Every text size of interest: none, one byte, a small one the input picks, ample. */
FUZZ_API const char *fuzz_reply_all_sizes(const unsigned char *p, size_t size, GtpReply *got)
{
    FuzzReply want;
    if (!fuzz_reference_reply(p, size, &want))
        return NULL;
    const size_t sizes[] = { 0, 1, 2 + (size ? p[size - 1] % 24 : 0), size + 1 };
    const char *result = NULL;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0] && !result; k++)
        result = fuzz_reply_against(p, size, &want, sizes[k], got);
    free(want.text);
    return result;
}

/* A prefix of the data: undecided yet, or decided as the whole was. */
FUZZ_API const char *fuzz_reply_prefix(const unsigned char *p, size_t prefix, const GtpReply *whole)
{
    char *copy = malloc(prefix ? prefix : 1);
    if (!copy)
        return NULL;
    memcpy(copy, p, prefix);
    GtpReply r = gtp_reply_parse(copy, prefix, NULL, 0);
    free(copy);
    if (r.kind == REPLY_INCOMPLETE)
        return NULL;
    if (r.kind != whole->kind || r.used != whole->used || strcmp(r.problem, whole->problem) != 0)
        return fuzz_fail("reply: the first %zu bytes read as %s (%s, %zu used), all of them as %s (%s, %zu used)",
                         prefix, FUZZ_REPLY_KINDS[r.kind], r.problem, r.used, FUZZ_REPLY_KINDS[whole->kind],
                         whole->problem, whole->used);
    return NULL;
}

/* An input without a whole reply, repeated to the bound: the reader must not wait for more. */
FUZZ_API const char *fuzz_reply_at_bound(const unsigned char *p, size_t size)
{
    unsigned char *big = malloc(GTP_REPLY_MAX);
    if (!big)
        return NULL;
    for (size_t i = 0; i < GTP_REPLY_MAX; i += size)
        memcpy(big + i, p, GTP_REPLY_MAX - i < size ? GTP_REPLY_MAX - i : size);
    GtpReply got = { 0 };
    FuzzReply want;
    const char *result = NULL;
    if (fuzz_reference_reply(big, GTP_REPLY_MAX, &want)) {
        result = fuzz_reply_against(big, GTP_REPLY_MAX, &want, 64, &got);
        if (!result && got.kind == REPLY_INCOMPLETE)
            result = fuzz_fail("reply: still incomplete after %d bytes", GTP_REPLY_MAX);
        free(want.text);
    }
    free(big);
    return result;
}

/*
 * A reply built from the input: "=" or "?", an id, text lines made of the
 * input's printable ASCII and valid UTF-8 (other bytes become 'x', a line
 * that would be empty gets a '.'), and the empty line.  It must read as
 * exactly that, its text without leading spaces and trailing blanks.
 */
FUZZ_API size_t fuzz_build_reply(const unsigned char *p, size_t size, char *reply, char *want, size_t *want_length)
{
    bool error = size && (p[0] & 1);
    int n = sprintf(reply, "%c%u ", error ? '?' : '=', size ? p[0] * 37u : 7u);
    size_t w = 0;
    for (size_t i = 0; i < size; i++) {
        int len = p[i] >= 0x80 ? fuzz_utf8(p + i, size - i) : 1;
        bool plain = p[i] >= 0x80 ? len > 0 : p[i] >= 0x20 && p[i] < 0x7F;
        if (p[i] == '\n' && (w == 0 || want[w - 1] != '\n')) {
            reply[n++] = want[w++] = '\n';
        } else if (plain) {
            memcpy(reply + n, p + i, (size_t)len);
            memcpy(want + w, p + i, (size_t)len);
            n += len, w += (size_t)len, i += (size_t)len - 1;
        } else {
            char c = w && want[w - 1] == '\n' ? '.' : 'x';
            reply[n++] = want[w++] = c;
        }
    }
    if (w && want[w - 1] == '\n')
        reply[n++] = want[w++] = '.'; /* else the closing empty line would come one line early */
    memcpy(reply + n, "\n\n", 2);
    *want_length = w;
    return (size_t)n + 2;
}

FUZZ_API const char *fuzz_reply_built(const unsigned char *p, size_t size)
{
    char *reply = malloc(2 * size + 32), *want = malloc(2 * size + 32), *text = NULL;
    const char *result = NULL;
    if (!reply || !want)
        goto done;
    size_t w, length = fuzz_build_reply(p, size, reply, want, &w);
    want[w] = '\0';
    size_t from = strspn(want, " ");
    while (w > from && (want[w - 1] == ' ' || want[w - 1] == '\n'))
        w--;
    want[w] = '\0';
    char *copy = malloc(length);
    text = malloc(w + 1 - from);
    if (!copy || !text) {
        free(copy);
        goto done;
    }
    memcpy(copy, reply, length);
    GtpReply r = gtp_reply_parse(copy, length, text, w + 1 - from);
    free(copy);
    if (r.kind != (reply[0] == '?' ? REPLY_ERROR : REPLY_OK) || r.used != length)
        result = fuzz_fail("built reply \"%.200s\" read as %s (%s), %zu of %zu bytes", reply,
                           FUZZ_REPLY_KINDS[r.kind], r.problem, r.used, length);
    else if (strcmp(text, want + from) != 0)
        result = fuzz_fail("built reply: text \"%.100s\", want \"%.100s\"", text, want + from);
done:
    free(text);
    free(reply);
    free(want);
    return result;
}

/* All checks on one input. */
FUZZ_API const char *fuzz_replies_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return NULL;
    GtpReply whole;
    FUZZ_TRY(fuzz_reply_all_sizes(data, size, &whole));
    if (whole.kind == REPLY_OK || whole.kind == REPLY_ERROR) {
        FUZZ_TRY(fuzz_reply_prefix(data, whole.used - 1, &whole));
        FUZZ_TRY(fuzz_reply_prefix(data, whole.used, &whole));
    } else if (size > 0) {
        FUZZ_TRY(fuzz_reply_prefix(data, size - 1, &whole));
        FUZZ_TRY(fuzz_reply_prefix(data, size / 2, &whole));
    }
    if (whole.kind == REPLY_INCOMPLETE && size > 0)
        FUZZ_TRY(fuzz_reply_at_bound(data, size));
    return fuzz_reply_built(data, size);
}

#endif
