/*
 * gtp_reply.h - an engine's reply to one command, framed and checked from
 * bytes alone (no process, no file), so that anything an engine might send
 * can be tried on it directly.
 *
 * A well-formed reply is '=' (success) or '?' (failure), an optional id
 * (digits), then a space or the end of the line, the text, and an empty
 * line.  Empty lines before it are skipped; CR is ignored everywhere (CRLF
 * engines) and a tab counts as a space.  Anything else is malformed: another
 * first character, a NUL byte or other control character, bytes that are
 * not UTF-8, or GTP_REPLY_MAX bytes without the reply's end.  That bound is
 * what lets a reader keep a fixed buffer: a line of megabytes is malformed
 * once its first GTP_REPLY_MAX bytes are in.
 */
#ifndef AMAZONS_MATCH_GTP_REPLY_H
#define AMAZONS_MATCH_GTP_REPLY_H

#include <stddef.h>

enum { GTP_REPLY_MAX = 1 << 16 };

typedef enum {
    REPLY_INCOMPLETE, /* nothing wrong so far, but no whole reply yet: read more */
    REPLY_OK,         /* "= text" */
    REPLY_ERROR,      /* "? text" */
    REPLY_MALFORMED,  /* `problem` says what is wrong */
} ReplyKind;

typedef struct {
    ReplyKind kind;
    size_t used;       /* REPLY_OK, REPLY_ERROR: the bytes the reply took, its empty line included */
    char problem[80];  /* REPLY_MALFORMED: e.g. "a NUL byte", "it does not start with '=' or '?'" */
} GtpReply;

/*
 * Reads the reply at the start of data[0..size).  For REPLY_OK and
 * REPLY_ERROR the text (without "=ID " and the empty line; lines joined by
 * '\n', trailing blanks cut) goes into text[text_size], cut on a UTF-8
 * boundary when longer; otherwise text is "".
 */
GtpReply gtp_reply_parse(const char *data, size_t size, char *text, size_t text_size);

#endif
