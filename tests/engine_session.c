/* engine_session.c - the `amazons` binary driven a command at a time (engine_session.h). */
#define _GNU_SOURCE
#include "engine_session.h"

#include <check.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/move.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "protocol_client.h"
#include "test_process.h"

#define SANITIZED_TIME_FACTOR 2.0
/*
 * ThreadSanitizer is slower again at handing big blocks of memory over: a
 * `solve 0.3` in 64 MiB spends about 225 ms freeing the search tree and
 * allocating the solver's tables and 75 ms giving them back (0.1 ms each in
 * the release build), so its limits stretch further.
 */
#define THREAD_SANITIZED_TIME_FACTOR 3.0
/* How long the engine may take to exit after quit. */
enum { EXIT_TIMEOUT_MS = 30000 };

/* ------------------------------------------------------------------------ */
/* Environment.                                                               */

bool thread_sanitized(void)
{
    const char *flag = getenv("AMAZONS_SANITIZED");
    if (flag && strcmp(flag, "thread") == 0)
        return true;
    return strstr(pc_engine_path(), "/tsan") != NULL;
}

bool sanitized(void)
{
    const char *flag = getenv("AMAZONS_SANITIZED");
    if (flag && *flag && strcmp(flag, "0") != 0)
        return true;
    return strstr(pc_engine_path(), "sanitize") != NULL || thread_sanitized();
}

double time_factor(void)
{
    const char *text = getenv("AMAZONS_TIME_FACTOR");
    if (text && *text) {
        double f = strtod(text, NULL);
        if (f >= 1)
            return f;
    }
    if (thread_sanitized())
        return THREAD_SANITIZED_TIME_FACTOR;
    return sanitized() ? SANITIZED_TIME_FACTOR : 1.0;
}

static bool verbose(void)
{
    const char *flag = getenv("AMAZONS_TEST_VERBOSE");
    return flag && *flag && strcmp(flag, "0") != 0;
}

void hardening_note(const char *format, ...)
{
    if (!verbose())
        return;
    va_list args;
    va_start(args, format);
    fprintf(stderr, "hardening: ");
    vfprintf(stderr, format, args);
    fprintf(stderr, "\n");
    va_end(args);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* ------------------------------------------------------------------------ */
/* One engine process, driven a command at a time.                           */

void session_start(Session *e, const char *const *args)
{
    /* A write to an engine that died must fail with EPIPE, not kill the test. */
    signal(SIGPIPE, SIG_IGN);
    *e = (Session){ 0 };
    e->pid = spawn_engine_piped(pc_engine_path(), args, &e->in, &e->out, NULL); /* stderr inherited */
    snprintf(e->last, sizeof e->last, "(start)");
}

/* Index just past the first "\n\n" in the buffer, or 0. */
static size_t response_end(const Session *e)
{
    for (size_t i = 1; i < e->length; i++)
        if (e->buf[i] == '\n' && e->buf[i - 1] == '\n')
            return i + 1;
    return 0;
}

/*
 * Reads one response (through its empty line) by the deadline; returns it
 * without the final empty line, malloc'd, or NULL on timeout or end of file.
 */
static char *session_read(Session *e, double deadline_ms)
{
    size_t end;
    while ((end = response_end(e)) == 0) {
        double left = deadline_ms - now_ms();
        if (left <= 0)
            return NULL;
        struct pollfd p = { .fd = e->out, .events = POLLIN };
        int ready = poll(&p, 1, (int)left + 1);
        if (ready < 0) {
            ck_assert_msg(errno == EINTR, "poll: %s", strerror(errno));
            continue;
        }
        if (ready == 0)
            continue;
        if (e->length + 4096 + 1 > e->capacity) {
            size_t capacity = e->capacity ? 2 * e->capacity : 65536;
            while (capacity < e->length + 4096 + 1)
                capacity *= 2;
            char *grown = realloc(e->buf, capacity);
            ck_assert_msg(grown != NULL, "out of memory");
            e->buf = grown;
            e->capacity = capacity;
        }
        ssize_t got = read(e->out, e->buf + e->length, e->capacity - e->length - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return NULL;
        e->length += (size_t)got;
    }
    char *response = strndup(e->buf, end - 2);
    ck_assert_msg(response != NULL, "out of memory");
    memmove(e->buf, e->buf + end, e->length - end);
    e->length -= end;
    return response;
}

char *session_send(Session *e, const char *command, double timeout_ms, double *elapsed_ms)
{
    snprintf(e->last, sizeof e->last, "%s", command);
    size_t n = strlen(command);
    char *line = malloc(n + 2);
    ck_assert_msg(line != NULL, "out of memory");
    memcpy(line, command, n);
    line[n] = '\n';
    double start = now_ms();
    for (size_t done = 0; done < n + 1;) {
        ssize_t w = write(e->in, line + done, n + 1 - done);
        if (w < 0 && errno == EINTR)
            continue;
        ck_assert_msg(w > 0, "cannot write '%s' to the engine: %s", command, strerror(errno));
        done += (size_t)w;
    }
    free(line);
    char *response = session_read(e, start + timeout_ms);
    double elapsed = now_ms() - start;
    ck_assert_msg(response != NULL, "no complete answer to '%s' after %.0f ms (%s)", command,
                  elapsed, elapsed >= timeout_ms ? "timeout" : "engine closed its output");
    ck_assert_msg(response[0] == '=' || response[0] == '?', "answer to '%s' is not a response: %.200s",
                  command, response);
    if (elapsed_ms)
        *elapsed_ms = elapsed;
    return response;
}

char *session_cmd(Session *e, const char *format, ...)
{
    char command[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(command, sizeof command, format, args);
    va_end(args);
    return session_send(e, command, COMMAND_TIMEOUT_MS * time_factor(), NULL);
}

const char *response_body(const char *response)
{
    const char *p = response + 1;
    while (*p >= '0' && *p <= '9')
        p++;
    return *p == ' ' ? p + 1 : p;
}

void session_ok(Session *e, const char *format, ...)
{
    char command[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(command, sizeof command, format, args);
    va_end(args);
    char *r = session_send(e, command, COMMAND_TIMEOUT_MS * time_factor(), NULL);
    ck_assert_msg(r[0] == '=', "'%s' failed: %s", command, r);
    free(r);
}

struct rusage session_finish(Session *e)
{
    char *r = session_cmd(e, "quit");
    ck_assert_msg(r[0] == '=', "quit failed: %s", r);
    free(r);
    close(e->in);
    close(e->out);
    free(e->buf);
    e->buf = NULL;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    int status = 0;
    double deadline = now_ms() + EXIT_TIMEOUT_MS * time_factor();
    for (;;) {
        pid_t done = wait4(e->pid, &status, WNOHANG, &usage);
        if (done == e->pid)
            break;
        ck_assert_msg(done == 0 || errno == EINTR, "wait4: %s", strerror(errno));
        if (now_ms() > deadline) {
            kill(e->pid, SIGKILL);
            waitpid(e->pid, &status, 0);
            ck_abort_msg("engine did not exit after quit");
        }
        struct timespec pause = { 0, 2000000 };
        nanosleep(&pause, NULL);
    }
    ck_assert_msg(!(WIFEXITED(status) && (WEXITSTATUS(status) == 126 || WEXITSTATUS(status) == 127)),
                  "cannot run %s (set AMAZONS_BIN)", pc_engine_path());
    ck_assert_msg(WIFEXITED(status), "engine killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    ck_assert_msg(WEXITSTATUS(status) == 0, "engine exited with status %d", WEXITSTATUS(status));
    return usage;
}

/* ------------------------------------------------------------------------ */
/* Checking moves against the rules module.                                   */

const char *color_word(Color c) { return c == WHITE ? "white" : "black"; }

void expect_generated_move(Game *model, Color c, const char *response, const char *command,
                                  bool play)
{
    ck_assert_msg(response[0] == '=', "'%s' failed: %s", command, response);
    const char *body = response_body(response);
    bool can_move = has_legal_move(&model->pos, c);
    if (strcmp(body, "resign") == 0) {
        ck_assert_msg(!can_move, "'%s' resigned with legal moves available", command);
        return;
    }
    ck_assert_msg(can_move, "'%s' answered '%s' but %s has no legal move", command, body,
                  color_word(c));
    Move m;
    ck_assert_msg(move_from_text(body, model->pos.width, model->pos.height, &m), "'%s' answered a malformed move: '%s'",
                  command, body);
    char text[MOVE_TEXT_MAX];
    move_to_text(m, text);
    ck_assert_msg(strcmp(text, body) == 0, "'%s': move '%s' is not in canonical notation", command,
                  body);
    if (play)
        ck_assert_msg(game_play(model, c, m), "'%s' answered an illegal move: %s", command, body);
    else
        ck_assert_msg(is_legal_move(&model->pos, c, m), "'%s' answered an illegal move: %s", command,
                      body);
}

void expect_position(Session *e, const Game *model, const char *after)
{
    char want[POSITION_TEXT_MAX];
    position_to_text(&model->pos, want);
    char *r = session_cmd(e, "get_position");
    ck_assert_msg(r[0] == '=', "get_position failed: %s", r);
    ck_assert_msg(strcmp(response_body(r), want) == 0,
                  "position differs from the model after '%s':\n engine: %s\n model:  %s", after,
                  response_body(r), want);
    free(r);
}
