/*
 * engine_session.h - the real `amazons` binary driven one command at a time,
 * through pipes, with a deadline on every answer, and reaped with its
 * resource usage (peak RSS): what the hardening and state-integrity suites
 * share.
 *
 *     Session e;
 *     session_start(&e, args);              // args: NULL-terminated, may be NULL
 *     session_ok(&e, "boardsize 8");        // must answer '='
 *     char *r = session_send(&e, "genmove w", 2000, &elapsed_ms);
 *     expect_generated_move(&model, WHITE, r, "genmove w", true);
 *     free(r);
 *     struct rusage usage = session_finish(&e);   // quit, exit status 0
 *
 * Binary: $AMAZONS_BIN (set by `make test`), else ./amazons.
 *
 * Sanitizers: when $AMAZONS_SANITIZED is set (not "0") or the binary's path
 * contains "sanitize" (build/sanitize/amazons, as `make test SANITIZE=1`
 * uses), time_factor() is SANITIZED_TIME_FACTOR (the engine's own deadline
 * still holds, but startup, tree pruning and thread joins run several times
 * slower).  AMAZONS_SANITIZED=thread (`make test TSAN=1`) or a binary under
 * build/tsan also makes thread_sanitized() true, and the factor
 * THREAD_SANITIZED_TIME_FACTOR.  $AMAZONS_TIME_FACTOR
 * overrides the time factor (e.g. on a slow machine).
 * $AMAZONS_TEST_VERBOSE=1 lets hardening_note() print measured figures.
 */
#ifndef AMAZONS_TESTS_ENGINE_SESSION_H
#define AMAZONS_TESTS_ENGINE_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "engine/game.h"

/* Generous limit for commands that are not timed (an answer that never comes). */
enum { COMMAND_TIMEOUT_MS = 30000 };

bool sanitized(void);
bool thread_sanitized(void);
/* The factor every wall-time limit is multiplied by. */
double time_factor(void);
/* Prints a line to stderr, prefixed "hardening: ", under $AMAZONS_TEST_VERBOSE. */
void hardening_note(const char *format, ...) __attribute__((format(printf, 1, 2)));

typedef struct {
    pid_t pid;
    int in, out;           /* its stdin (we write), its stdout (we read) */
    char *buf;             /* bytes read from stdout not yet consumed */
    size_t length, capacity;
    char last[256];        /* the last command sent, for messages */
} Session;

void session_start(Session *e, const char *const *args);
/*
 * Sends one command and waits up to timeout_ms for its whole response,
 * which must start with '=' or '?'; returns it (malloc'd) without the empty
 * line that ends it.  *elapsed_ms (may be NULL) gets the time from just
 * before the write to the end of the response.
 */
char *session_send(Session *e, const char *command, double timeout_ms, double *elapsed_ms);
/* session_send with a formatted command and the untimed limit. */
char *session_cmd(Session *e, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Sends a command that must succeed and frees the answer. */
void session_ok(Session *e, const char *format, ...) __attribute__((format(printf, 2, 3)));
/*
 * Ends the session with quit, closes the pipes and reaps the process, which
 * must exit with status 0 (a sanitizer error or leak report makes it non-zero).
 * Returns its resource usage (ru_maxrss: peak RSS in KiB).
 */
struct rusage session_finish(Session *e);

/* The text after "=ID " / "?ID ". */
const char *response_body(const char *response);

/* Checking answers against the rules module. */
const char *color_word(Color c);
/*
 * Checks a genmove answer for colour c against the model, and plays it there
 * when `play`: a legal move in canonical notation, or `resign` only when c
 * has no legal move.  (The engines here run without --resign.)
 */
void expect_generated_move(Game *model, Color c, const char *response, const char *command, bool play);
/* The engine's get_position equals the model's position; `after` names the last command. */
void expect_position(Session *e, const Game *model, const char *after);

#endif
