/* gtp_reply.c - framing and checking one reply of an engine. */
#include "match/gtp_reply.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static GtpReply malformed(const char *format, ...) __attribute__((format(printf, 1, 2)));
static GtpReply malformed(const char *format, ...)
{
    GtpReply reply = { .kind = REPLY_MALFORMED };
    va_list args;
    va_start(args, format);
    vsnprintf(reply.problem, sizeof reply.problem, format, args);
    va_end(args);
    return reply;
}

/*
 * The length (2 to 4) of the UTF-8 sequence led by p[0] >= 0x80: 0 when it
 * is no valid sequence (overlong forms and surrogates included), -1 when
 * the data ends inside it.
 */
static int utf8_length(const unsigned char *p, size_t left)
{
    unsigned c = p[0], low = 0x80, high = 0xBF;
    int n;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, low = c == 0xE0 ? 0xA0 : 0x80, high = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, low = c == 0xF0 ? 0x90 : 0x80, high = c == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    for (int i = 1; i < n; i++) {
        if ((size_t)i >= left)
            return -1;
        if (p[i] < (i == 1 ? low : 0x80) || p[i] > (i == 1 ? high : 0xBF))
            return 0;
    }
    return n;
}

/* The reply's text as it is read: whole characters only, so a cut one never ends it. */
typedef struct {
    char *out;
    size_t size, length;
    bool full;
} Text;

static void put(Text *t, const unsigned char *bytes, size_t n)
{
    if (t->full || t->length + n >= t->size) {
        t->full = true;
        return;
    }
    for (size_t i = 0; i < n; i++)
        t->out[t->length++] = (char)bytes[i];
}

static void finish_text(Text *t)
{
    while (t->length > 0 && (t->out[t->length - 1] == ' ' || t->out[t->length - 1] == '\n'))
        t->length--;
    if (t->size > 0)
        t->out[t->length] = '\0';
}

/* After the header: the text up to the empty line, every byte checked. */
static GtpReply read_body(const unsigned char *p, size_t i, size_t size, ReplyKind kind, Text *text)
{
    bool line_empty = false, leading = true;
    while (i < size) {
        unsigned char c = p[i] == '\t' ? ' ' : p[i];
        if (c == '\n') {
            if (line_empty) {
                finish_text(text);
                return (GtpReply){ .kind = kind, .used = i + 1 };
            }
            line_empty = true;
            leading = false;
            put(text, &c, 1);
            i++;
            continue;
        }
        if (c == '\r') {
            i++;
            continue;
        }
        if (c == 0)
            return malformed("a NUL byte");
        if (c < 0x20 || c == 0x7f)
            return malformed("a control character (byte 0x%02x)", c);
        int n = c < 0x80 ? 1 : utf8_length(p + i, size - i);
        if (n == 0)
            return malformed("bytes that are not UTF-8 (0x%02x)", c);
        if (n < 0)
            break;
        line_empty = false;
        if (!(leading && c == ' ')) {
            leading = false;
            put(text, c == ' ' ? &c : p + i, (size_t)n);
        }
        i += (size_t)n;
    }
    if (size >= GTP_REPLY_MAX)
        return malformed("no end (an empty line) within %d bytes", GTP_REPLY_MAX);
    return (GtpReply){ .kind = REPLY_INCOMPLETE };
}

GtpReply gtp_reply_parse(const char *data, size_t size, char *text, size_t text_size)
{
    const unsigned char *p = (const unsigned char *)data;
    Text t = { text, text_size, 0, false };
    if (text_size > 0)
        text[0] = '\0';
    size_t i = 0;
    while (i < size && (p[i] == '\n' || p[i] == '\r'))
        i++; /* empty lines before the reply carry nothing */
    if (i < size && p[i] != '=' && p[i] != '?')
        return malformed("it does not start with '=' or '?'");
    if (i == size)
        return size >= GTP_REPLY_MAX ? malformed("nothing but empty lines in %zu bytes", size)
                                     : (GtpReply){ .kind = REPLY_INCOMPLETE };
    ReplyKind kind = p[i] == '=' ? REPLY_OK : REPLY_ERROR;
    for (i++; i < size && p[i] >= '0' && p[i] <= '9'; i++)
        ; /* the id, if the engine echoed one */
    if (i < size && p[i] != ' ' && p[i] != '\t' && p[i] != '\n' && p[i] != '\r')
        return malformed("no space after '%c' and its id", kind == REPLY_OK ? '=' : '?');
    GtpReply reply = read_body(p, i, size, kind, &t);
    if (reply.kind != REPLY_OK && reply.kind != REPLY_ERROR && text_size > 0)
        text[0] = '\0'; /* a partial text is no answer */
    return reply;
}
