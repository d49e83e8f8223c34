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

/* Raw input lines longer than this (in bytes, without the newline) are refused. */
enum { GTP_MAX_LINE = 65536, GTP_MAX_ARGS = 64 };

/* The text of a reply, built up by a command handler. */
typedef struct {
    char *text;
    size_t length, capacity;
} Reply;

void reply_printf(Reply *reply, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void reply_clear(Reply *reply);

/* A handler fills `reply` and returns true on success, or an error message and false. */
typedef bool (*CommandHandler)(void *context, int argc, char **argv, Reply *reply);

typedef struct {
    const char *name;
    CommandHandler handler;
} Command;

typedef struct {
    const Command *commands; /* terminated by a NULL name */
    void *context;           /* passed to every handler */
    bool quit;               /* set by a handler to end the loop after its reply */
} GtpLoop;

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
