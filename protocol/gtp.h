/*
 * gtp.h - the GTP v2 style command loop: reads lines, preprocesses them,
 * splits id / command / arguments, dispatches through a command table and
 * writes "=ID result" or "?ID message" followed by an empty line.
 */
#ifndef AMAZONS_GTP_H
#define AMAZONS_GTP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "protocol/input.h"

/* Raw input lines longer than this (in bytes, without the newline) are refused. */
enum { GTP_MAX_LINE = 65536, GTP_MAX_ARGS = 64 };

typedef struct GtpLoop GtpLoop;

/*
 * What a command handler answers into: usually text, framed and sent by the
 * loop once the handler returns; or, for commands that answer over time
 * (live analysis), a stream the handler writes itself (reply_stream_*).
 */
typedef struct {
    char *text;
    size_t length, capacity;
    GtpLoop *loop;         /* the loop running the command */
    const char *id;        /* the command's id, "" when it has none */
    bool streamed;         /* reply_stream_begin was called */
} Reply;

void reply_printf(Reply *reply, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void reply_clear(Reply *reply);

/*
 * Starts a streamed success response: "=ID" and a newline go out at once.
 * The handler then writes whole lines (never an empty one) and returns
 * true; the loop ends the response with the empty line.  Begin only once
 * every argument has been checked: a stream cannot turn into an error.
 */
void reply_stream_begin(Reply *reply);
void reply_stream_printf(Reply *reply, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* A handler fills `reply` and returns true on success, or an error message and false. */
typedef bool (*CommandHandler)(void *context, int argc, char **argv, Reply *reply);

/* Whether a command needs the engine to itself (see GtpLoop.exclusive). */
enum { SHARED = false, EXCLUSIVE = true };

typedef struct {
    const char *name;
    CommandHandler handler;
    bool exclusive;          /* background work must stop before it runs */
} Command;

struct GtpLoop {
    const Command *commands; /* terminated by a NULL name */
    void *context;           /* passed to every handler */
    bool quit;               /* set by a handler to end the loop after its reply */
    /*
     * Background work between commands (pondering), or NULLs.  `idle` runs
     * whenever no line is waiting: it starts or keeps up the work and returns
     * true, or returns false to be called again after the next event (a line
     * arrives, or input_wake).  Commands not marked exclusive run while the
     * work goes on; before an exclusive one, `exclusive` stops the work and
     * waits for it.  Only with live input.
     */
    bool (*idle)(GtpLoop *loop);
    void (*exclusive)(GtpLoop *loop);
    LineInput *input;        /* set by gtp_run: long commands watch it */
    FILE *out;               /* where responses go */
};

/* Looks a command up by exact name. */
const Command *gtp_find_command(const GtpLoop *loop, const char *name);

/*
 * Preprocesses one raw line in place as GTP v2 says: drops control
 * characters but HT and LF, turns HT into space, cuts at '#'.
 */
void gtp_preprocess(char *line);

/* Handles one raw line (without its newline), writing any response to out. */
void gtp_handle_line(GtpLoop *loop, char *line, FILE *out);

/* Runs until `quit` or end of input. */
void gtp_run(GtpLoop *loop, FILE *in, FILE *out);

#endif
