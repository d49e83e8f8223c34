/*
 * engine_proc.h - an engine as a child process spoken to over pipes in GTP.
 *
 * The command line runs through /bin/sh -c, so it may hold arguments,
 * quotes and redirections.  Each engine gets its own process group, so that
 * a kill reaches whatever the command started (a wrapper script's children
 * too).  Every wait has a deadline; nothing here can block for longer.
 */
#ifndef AMAZONS_MATCH_ENGINE_PROC_H
#define AMAZONS_MATCH_ENGINE_PROC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "match/gtp_reply.h"
#include "search/timeman.h" /* deadlines are in monotonic_seconds() */

/* The buffer holds the longest well-formed reply, so reading never grows memory. */
enum { ENGINE_BUFFER = GTP_REPLY_MAX, ENGINE_ANSWER_MAX = 4096 };

typedef struct {
    pid_t pid;          /* 0 when no process is running */
    int to_engine;      /* write end of the engine's stdin, -1 when closed */
    int from_engine;    /* read end of the engine's stdout, -1 when closed */
    bool dead;          /* end of output seen, a write failed, a malformed reply, or killed */
    bool exited;        /* reaped: `status` is valid */
    int status;         /* waitpid status */
    size_t length;      /* bytes waiting in buffer */
    char buffer[ENGINE_BUFFER];
} EngineProc;

typedef enum {
    GTP_OK,        /* "= ..." */
    GTP_ERROR,     /* "? ..." */
    GTP_EOF,       /* the engine closed its output or its input (crash, exit) */
    GTP_TIMEOUT,   /* no complete answer by the deadline */
    GTP_STOPPED,   /* the match is being stopped */
    GTP_MALFORMED, /* not a well-formed reply (match/gtp_reply.h): binary, too long, no '='/'?' */
} GtpStatus;

/* Set (from a signal handler or a thread) to make every wait return GTP_STOPPED soon. */
extern atomic_int engine_stop_requested;

void engine_init(EngineProc *e);

/*
 * Starts `command` with /bin/sh -c.  The engine's stderr goes to ours, or
 * to /dev/null with discard_stderr.  Returns false (with errno) when no
 * process could be made; a command that cannot be executed shows up as an
 * engine that exits at once.
 */
bool engine_start(EngineProc *e, const char *command, bool discard_stderr);

/* Whether the process is running and its pipes are open. */
bool engine_alive(const EngineProc *e);

/*
 * Sends one command line and reads the answer, both before `deadline`
 * (monotonic seconds).  The answer text (without "=" / "?" and the id) goes
 * into answer[ENGINE_ANSWER_MAX]; after GTP_MALFORMED, what is wrong with
 * the reply.  *sent_at, when not NULL, receives the time the command was
 * completely written.
 */
GtpStatus engine_command(EngineProc *e, const char *line, double deadline,
                         char *answer, double *sent_at);

/* Kills the process group with SIGKILL and reaps the process. */
void engine_kill(EngineProc *e);

/* Sends quit, waits up to `timeout` seconds for the exit, kills otherwise; reaps. */
void engine_quit(EngineProc *e, double timeout);

/*
 * After GTP_EOF: waits briefly for the process to end (killing it if it
 * lingers), then describes how it ended: "exited with status 3",
 * "killed by signal 11 (Segmentation fault)".
 */
void engine_describe_end(EngineProc *e, char *text, size_t size);

#endif
