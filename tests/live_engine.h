/*
 * live_engine.h - the `amazons` binary as a running child process, spoken to
 * one line at a time: for tests that choose when each command is written
 * and how long to wait for each answer (pipelining, analysis that runs
 * while commands arrive, timing).
 *
 *     LiveEngine *e = live_start(PC_FAST);
 *     live_send(e, "1 name");
 *     const char *answer = live_read_response(e, 5000);   // "=1 Amazons"
 *     live_close_stdin(e);
 *     int status = live_wait(e, 5000);                    // 0
 *     live_free(e);
 *
 * The binary is pc_engine_path() ($AMAZONS_BIN, else ./amazons).  Every wait
 * has a timeout, and while waiting both stdout and stderr are read into
 * buffers, so a chatty engine never blocks on a full pipe.  Every string
 * handed out belongs to the LiveEngine and stays valid until live_free.
 * A test fails (ck_assert) only when the process cannot be started.
 */
#ifndef AMAZONS_TESTS_LIVE_ENGINE_H
#define AMAZONS_TESTS_LIVE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "protocol_client.h"

typedef struct {
    pid_t pid;
    int in, out, err;         /* our ends of the engine's stdin, stdout, stderr; -1 once closed */
    Buf pending;              /* bytes queued for stdin */
    size_t sent;              /* how many of them are written */
    bool close_when_written;  /* close stdin once `pending` is out */
    bool write_failed;        /* the engine stopped reading (EPIPE) */
    Buf stdout_text;          /* stdout read but not yet handed out by live_read_* */
    Buf stderr_text;          /* everything read from stderr */
    bool out_eof, err_eof;    /* end of stdout / stderr seen */
    bool exited;              /* reaped: exit_code and signal are valid */
    int exit_code;            /* -1 when the process did not exit normally */
    int signal;               /* the signal that ended it, or 0 */
    bool timed_out;           /* killed by live_wait at its timeout */
    char **handed;            /* strings handed out, freed by live_free */
    size_t handed_count, handed_capacity;
} LiveEngine;

/* Starts the engine with the given extra arguments (NULL-terminated, may be NULL). */
LiveEngine *live_start(const char *const *args);

/*
 * Writes `line` and a newline (unless it ends with one) to the engine's
 * stdin; it may hold several lines.  False when the engine has stopped
 * reading, or the text could not be written within 20 s.
 */
bool live_send(LiveEngine *e, const char *line);

/* The next line of stdout without its newline, or NULL after timeout_ms or at end of output. */
const char *live_read_line(LiveEngine *e, int timeout_ms);

/*
 * The next whole response: its lines up to the empty line that ends it,
 * joined by newlines, without that empty line ("=1 2", "=5\n   a b ...").
 * NULL after timeout_ms or at end of output; nothing is consumed then, so a
 * later call still gets the whole response.
 */
const char *live_read_response(LiveEngine *e, int timeout_ms);

/* What the engine has written to stderr so far. */
const char *live_stderr(LiveEngine *e);

/* Closes the engine's stdin: end of input, as when a controller goes away. */
void live_close_stdin(LiveEngine *e);

/*
 * Waits up to timeout_ms for the engine to exit, reading its output
 * meanwhile; on expiry kills it (SIGKILL) and sets timed_out.  Returns the
 * exit status, or -1 when the process did not exit normally.
 */
int live_wait(LiveEngine *e, int timeout_ms);

/*
 * The whole-script run: writes `input`, closes stdin, reads stdout and
 * stderr to end of file and reaps the engine, all within timeout_ms, else
 * kills it (timed_out).  Returns the exit status, or -1.
 */
int live_run_to_end(LiveEngine *e, const void *input, size_t length, int timeout_ms);

/* Kills the engine if it still runs, reaps it, and frees everything handed out. */
void live_free(LiveEngine *e);

/*
 * Asserting forms for tests: each fails the test, showing the engine's
 * stderr, when the engine stops reading or does not answer within
 * LIVE_ANSWER_MS (generous: the machine may be loaded).
 */
enum { LIVE_ANSWER_MS = 20000 };
void live_send_ok(LiveEngine *e, const char *line);
const char *live_next_line(LiveEngine *e);
Response live_next_response(LiveEngine *e);
/* Sends a command and returns the body of its successful response. */
const char *live_ask(LiveEngine *e, const char *command);

#endif
