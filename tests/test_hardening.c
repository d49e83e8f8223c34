/*
 * test_hardening.c - drives the real `amazons` binary interactively (one
 * command at a time, through pipes, with poll() deadlines) to check what a
 * tournament controller relies on:
 *
 *   time     every genmove answers within the time the controller said was
 *            left (absolute time and byo-yomi, 1 and 2 threads), and with no
 *            time at all (--time 0, --time 0.01, an empty clock) at once;
 *   memory   a long think under --memory stays under the cap (peak RSS);
 *   state    a seeded random mix of legal and illegal commands keeps the
 *            engine's position equal to a model kept with the rules module.
 *
 * Every returned move is checked against the rules module (engine/game.h).
 *
 * Binary: $AMAZONS_BIN (set by `make test`), else ./amazons.
 *
 * Sanitizers: when $AMAZONS_SANITIZED is set (not "0") or the binary's path
 * contains "sanitize" (build/sanitize/amazons, as `make test SANITIZE=1`
 * uses), wall-time limits are multiplied by SANITIZED_TIME_FACTOR (the
 * engine's own deadline still holds, but startup, tree pruning and thread
 * joins run several times slower), and the memory allowance grows for the
 * shadow memory and the allocator's redzones.  AMAZONS_SANITIZED=thread
 * (`make test TSAN=1`) or a binary under build/tsan selects the
 * ThreadSanitizer allowance, which grows with the cap (see below).
 * $AMAZONS_TIME_FACTOR overrides the time factor (e.g. on a slow machine).
 * $AMAZONS_TEST_VERBOSE=1 prints the measured times and peak RSS.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "test_process.h"
#include "tests.h"

/*
 * Memory allowance over the --memory cap.  The tree arena, its mark bits
 * included, is sized to the cap itself; everything else is the binary and
 * libc, the thread stacks actually touched, the protocol's buffers and the
 * reuse pass's temporary index arrays: an idle engine peaks at ~2 MiB RSS,
 * and `--memory 32 --time 4` peaks at ~29-33 MiB.  16 MiB covers all that
 * with room to spare, and is still far below what a tree that ignored the
 * cap would take: uncapped, the same 4 s search peaks at 135-160 MiB.
 * Under ASan+UBSan the same run peaks at ~44 MiB, and `--memory 8` with
 * three moves at 17-34 MiB (shadow memory, redzones, the runtime's own
 * ~10 MiB, per-thread allocator caches for the helper threads each search
 * starts, the quarantine of freed blocks): SANITIZED_EXTRA_MIB more is
 * allowed there.
 *
 * ThreadSanitizer keeps four bytes of shadow for each byte the program
 * touches, so its RSS is a multiple of the engine's, not a sum: the 4 s
 * search peaks at 150-181 MiB under --memory 32 (more with two threads,
 * which fill more of the tree), `--memory 8` at 66-68 MiB, and uncapped at
 * 400-440 MiB.  Its limit is (cap + MEMORY_ALLOWANCE_MIB) times
 * (1 + TSAN_SHADOW_PER_BYTE), plus TSAN_RUNTIME_MIB: 272 MiB for
 * --memory 32, still far below the uncapped search.  Sanitizer runs thus
 * only catch a cap that is far off; the release run checks it tightly.
 */
enum {
    MEMORY_ALLOWANCE_MIB = 16,
    SANITIZED_EXTRA_MIB = 128,
    TSAN_SHADOW_PER_BYTE = 4,
    TSAN_RUNTIME_MIB = 32,
};
#define SANITIZED_TIME_FACTOR 2.0

/* Generous limit for commands that are not timed (an answer that never comes). */
enum { COMMAND_TIMEOUT_MS = 30000, EXIT_TIMEOUT_MS = 30000 };

/* ------------------------------------------------------------------------ */
/* Environment.                                                               */

static const char *engine_path(void)
{
    const char *path = getenv("AMAZONS_BIN");
    return path && *path ? path : "./amazons";
}

static bool thread_sanitized(void)
{
    const char *flag = getenv("AMAZONS_SANITIZED");
    if (flag && strcmp(flag, "thread") == 0)
        return true;
    return strstr(engine_path(), "/tsan") != NULL;
}

static bool sanitized(void)
{
    const char *flag = getenv("AMAZONS_SANITIZED");
    if (flag && *flag && strcmp(flag, "0") != 0)
        return true;
    return strstr(engine_path(), "sanitize") != NULL || thread_sanitized();
}

static double time_factor(void)
{
    const char *text = getenv("AMAZONS_TIME_FACTOR");
    if (text && *text) {
        double f = strtod(text, NULL);
        if (f >= 1)
            return f;
    }
    return sanitized() ? SANITIZED_TIME_FACTOR : 1.0;
}

static bool verbose(void)
{
    const char *flag = getenv("AMAZONS_TEST_VERBOSE");
    return flag && *flag && strcmp(flag, "0") != 0;
}

__attribute__((format(printf, 1, 2)))
static void note(const char *format, ...)
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

typedef struct {
    pid_t pid;
    int in, out;           /* its stdin (we write), its stdout (we read) */
    char *buf;             /* bytes read from stdout not yet consumed */
    size_t length, capacity;
    char last[256];        /* the last command sent, for messages */
} Engine;

static void engine_start(Engine *e, const char *const *args)
{
    const char *argv[32];
    int argc = 0;
    argv[argc++] = engine_path();
    for (; args && *args; args++) {
        ck_assert(argc < 31);
        argv[argc++] = *args;
    }
    argv[argc] = NULL;

    /* A write to an engine that died must fail with EPIPE, not kill the test. */
    signal(SIGPIPE, SIG_IGN);
    *e = (Engine){ 0 };
    e->pid = spawn_piped(argv, &e->in, &e->out, NULL); /* stderr inherited */
    snprintf(e->last, sizeof e->last, "(start)");
}

/* Index just past the first "\n\n" in the buffer, or 0. */
static size_t response_end(const Engine *e)
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
static char *engine_read(Engine *e, double deadline_ms)
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

/*
 * Sends one command and waits up to timeout_ms for its whole response,
 * which must start with '=' or '?'.  *elapsed_ms (may be NULL) gets the time
 * from just before the write to the end of the response.
 */
static char *engine_send(Engine *e, const char *command, double timeout_ms, double *elapsed_ms)
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
    char *response = engine_read(e, start + timeout_ms);
    double elapsed = now_ms() - start;
    ck_assert_msg(response != NULL, "no complete answer to '%s' after %.0f ms (%s)", command,
                  elapsed, elapsed >= timeout_ms ? "timeout" : "engine closed its output");
    ck_assert_msg(response[0] == '=' || response[0] == '?', "answer to '%s' is not a response: %.200s",
                  command, response);
    if (elapsed_ms)
        *elapsed_ms = elapsed;
    return response;
}

__attribute__((format(printf, 2, 3)))
static char *engine_cmd(Engine *e, const char *format, ...)
{
    char command[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(command, sizeof command, format, args);
    va_end(args);
    return engine_send(e, command, COMMAND_TIMEOUT_MS * time_factor(), NULL);
}

/* The text after "=ID " / "?ID ". */
static const char *response_body(const char *response)
{
    const char *p = response + 1;
    while (*p >= '0' && *p <= '9')
        p++;
    return *p == ' ' ? p + 1 : p;
}

/* Sends a command that must succeed and frees the answer. */
__attribute__((format(printf, 2, 3)))
static void engine_ok(Engine *e, const char *format, ...)
{
    char command[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(command, sizeof command, format, args);
    va_end(args);
    char *r = engine_send(e, command, COMMAND_TIMEOUT_MS * time_factor(), NULL);
    ck_assert_msg(r[0] == '=', "'%s' failed: %s", command, r);
    free(r);
}

/*
 * Ends the session with quit, closes the pipes and reaps the process, which
 * must exit with status 0 (a sanitizer error or leak report makes it non-zero).
 * Returns its resource usage (ru_maxrss: peak RSS in KiB).
 */
static struct rusage engine_finish(Engine *e)
{
    char *r = engine_cmd(e, "quit");
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
                  "cannot run %s (set AMAZONS_BIN)", engine_path());
    ck_assert_msg(WIFEXITED(status), "engine killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    ck_assert_msg(WEXITSTATUS(status) == 0, "engine exited with status %d", WEXITSTATUS(status));
    return usage;
}

/* ------------------------------------------------------------------------ */
/* Checking moves against the rules module.                                   */

static const char *color_word(Color c) { return c == WHITE ? "white" : "black"; }

/*
 * Checks a genmove answer for colour c against the model and plays it there:
 * a legal move, or `resign` only when c has no legal move.  (The engines
 * here run without --resign.)
 */
static void expect_generated_move(Game *model, Color c, const char *response, const char *command,
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

static void expect_position(Engine *e, const Game *model, const char *after)
{
    char want[POSITION_TEXT_MAX];
    position_to_text(&model->pos, want);
    char *r = engine_cmd(e, "get_position");
    ck_assert_msg(r[0] == '=', "get_position failed: %s", r);
    ck_assert_msg(strcmp(response_body(r), want) == 0,
                  "position differs from the model after '%s':\n engine: %s\n model:  %s", after,
                  response_body(r), want);
    free(r);
}

/* ------------------------------------------------------------------------ */
/* Time safety.                                                               */

typedef enum { CLOCK_ABSOLUTE, CLOCK_BYOYOMI } ClockKind;

/*
 * A game on 10x10 from the start, `moves` genmoves with alternating colours;
 * before each the controller reports 1 s left (absolute: `time_left C 1 0`
 * after `time_settings 600 0 0`; byo-yomi: `time_left C 1 1` after
 * `time_settings 0 1 1`).  Every answer must arrive within that second.
 */
static void time_session(int threads, ClockKind kind, int moves)
{
    char threads_text[8];
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--threads", threads_text, NULL };
    Engine e;
    engine_start(&e, args);
    engine_ok(&e, "name"); /* the engine is up: startup is not part of any move's time */
    engine_ok(&e, "boardsize 10");
    engine_ok(&e, kind == CLOCK_ABSOLUTE ? "time_settings 600 0 0" : "time_settings 0 1 1");
    Game model;
    game_new(&model, 10, 10);
    const double limit = 1000.0 * time_factor();
    double slowest = 0, total = 0;
    for (int i = 0; i < moves; i++) {
        Color c = i % 2 ? BLACK : WHITE;
        engine_ok(&e, "time_left %s 1 %d", color_word(c), kind == CLOCK_ABSOLUTE ? 0 : 1);
        char command[64];
        snprintf(command, sizeof command, "genmove %s", color_word(c));
        double elapsed;
        /* The read deadline is generous so that a late answer is measured, not just missed. */
        char *r = engine_send(&e, command, limit + 10000, &elapsed);
        expect_generated_move(&model, c, r, command, true);
        ck_assert_msg(elapsed <= limit,
                      "%s clock, %d thread(s): move %d ('%s' -> %s) took %.0f ms with 1 s left "
                      "(limit %.0f ms)",
                      kind == CLOCK_ABSOLUTE ? "absolute" : "byo-yomi", threads, i + 1, command,
                      response_body(r), elapsed, limit);
        free(r);
        slowest = elapsed > slowest ? elapsed : slowest;
        total += elapsed;
    }
    expect_position(&e, &model, "the timed game");
    engine_finish(&e);
    note("%s 1 s left, %d thread(s): %d genmoves, mean %.0f ms, slowest %.0f ms (limit %.0f ms)",
         kind == CLOCK_ABSOLUTE ? "absolute time" : "byo-yomi", threads, moves, total / moves, slowest,
         limit);
}

START_TEST(test_time_absolute_1_thread) { time_session(1, CLOCK_ABSOLUTE, 30); }
END_TEST

START_TEST(test_time_absolute_2_threads) { time_session(2, CLOCK_ABSOLUTE, 30); }
END_TEST

START_TEST(test_time_byoyomi_1_thread) { time_session(1, CLOCK_BYOYOMI, 12); }
END_TEST

START_TEST(test_time_byoyomi_2_threads) { time_session(2, CLOCK_BYOYOMI, 12); }
END_TEST

/*
 * No time at all: --time 0 or --time 0.01 (less than the 50 ms overhead)
 * without a clock, or a clock that is empty or nearly so.  Each genmove must
 * be a minimal search: a legal move well within INSTANT_MS.
 */
enum { INSTANT_MS = 500 };

typedef enum { NO_TIME_FLAG, NO_TIME_EMPTY_CLOCK, NO_TIME_NEARLY_EMPTY } NoTimeKind;

static void instant_session(const char *move_time, int threads, NoTimeKind kind, int moves)
{
    char threads_text[8];
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--time", move_time, "--threads", threads_text, NULL };
    Engine e;
    engine_start(&e, args);
    engine_ok(&e, "name");
    if (kind == NO_TIME_EMPTY_CLOCK)
        engine_ok(&e, "time_settings 0 0 0");
    if (kind == NO_TIME_NEARLY_EMPTY)
        engine_ok(&e, "time_settings 600 0 0");
    Game model;
    game_new(&model, 10, 10);
    const double limit = INSTANT_MS * time_factor();
    double slowest = 0;
    for (int i = 0; i < moves; i++) {
        Color c = i % 2 ? BLACK : WHITE;
        if (kind == NO_TIME_NEARLY_EMPTY)
            engine_ok(&e, "time_left %s 0.02 0", color_word(c));
        char command[64];
        snprintf(command, sizeof command, "genmove %s", color_word(c));
        double elapsed;
        char *r = engine_send(&e, command, limit + 10000, &elapsed);
        expect_generated_move(&model, c, r, command, true);
        ck_assert_msg(elapsed <= limit,
                      "--time %s, %d thread(s), %s: move %d took %.0f ms (limit %.0f ms)", move_time,
                      threads,
                      kind == NO_TIME_FLAG ? "no clock"
                      : kind == NO_TIME_EMPTY_CLOCK ? "time_settings 0 0 0"
                                                    : "time_left 0.02 0",
                      i + 1, elapsed, limit);
        free(r);
        slowest = elapsed > slowest ? elapsed : slowest;
    }
    expect_position(&e, &model, "the instant game");
    engine_finish(&e);
    note("--time %s, %d thread(s), %s: %d genmoves, slowest %.0f ms (limit %.0f ms)", move_time,
         threads,
         kind == NO_TIME_FLAG ? "no clock" : kind == NO_TIME_EMPTY_CLOCK ? "clock 0 0 0" : "0.02 s left",
         moves, slowest, limit);
}

START_TEST(test_time_zero)
{
    instant_session("0", 1, NO_TIME_FLAG, 10);
    instant_session("0", 2, NO_TIME_FLAG, 10);
}
END_TEST

START_TEST(test_time_tiny)
{
    instant_session("0.01", 1, NO_TIME_FLAG, 10);
    instant_session("0.01", 2, NO_TIME_FLAG, 10);
}
END_TEST

START_TEST(test_time_empty_clock)
{
    instant_session("5", 1, NO_TIME_EMPTY_CLOCK, 8);
    instant_session("5", 2, NO_TIME_EMPTY_CLOCK, 8);
    instant_session("5", 1, NO_TIME_NEARLY_EMPTY, 8);
    instant_session("5", 2, NO_TIME_NEARLY_EMPTY, 8);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Memory cap.                                                                */

/*
 * Thinks `seconds` per move for `moves` genmoves from the 10x10 start under
 * --memory `mib`; the moves must be legal and the process's peak RSS (from
 * wait4) under the cap plus MEMORY_ALLOWANCE_MIB (plus SANITIZED_EXTRA_MIB
 * under sanitizers).
 */
static long memory_limit_mib(int mib)
{
    long engine = mib + MEMORY_ALLOWANCE_MIB;
    if (thread_sanitized())
        return engine * (1 + TSAN_SHADOW_PER_BYTE) + TSAN_RUNTIME_MIB;
    return engine + (sanitized() ? SANITIZED_EXTRA_MIB : 0);
}

static void memory_session(int mib, int threads, const char *seconds, int moves)
{
    char mib_text[16], threads_text[8];
    snprintf(mib_text, sizeof mib_text, "%d", mib);
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--memory", mib_text, "--time", seconds, "--threads", threads_text, NULL };
    Engine e;
    engine_start(&e, args);
    engine_ok(&e, "name");
    Game model;
    game_new(&model, 10, 10);
    for (int i = 0; i < moves; i++) {
        Color c = i % 2 ? BLACK : WHITE;
        char command[64];
        snprintf(command, sizeof command, "genmove %s", color_word(c));
        double elapsed;
        double limit = (strtod(seconds, NULL) * 1000 + 1000) * time_factor();
        char *r = engine_send(&e, command, limit + 10000, &elapsed);
        expect_generated_move(&model, c, r, command, true);
        ck_assert_msg(elapsed <= limit, "--time %s: genmove took %.0f ms", seconds, elapsed);
        free(r);
    }
    expect_position(&e, &model, "the long think");
    struct rusage usage = engine_finish(&e);
    long cap_kib = memory_limit_mib(mib) * 1024;
    note("--memory %d --time %s --threads %d, %d genmove(s): peak RSS %.1f MiB (limit %.1f MiB)", mib,
         seconds, threads, moves, usage.ru_maxrss / 1024.0, cap_kib / 1024.0);
    ck_assert_msg(usage.ru_maxrss <= cap_kib,
                  "--memory %d --threads %d: peak RSS %ld KiB exceeds %ld KiB (cap + allowance)", mib,
                  threads, usage.ru_maxrss, cap_kib);
}

START_TEST(test_memory_cap_1_thread) { memory_session(32, 1, "4", 1); }
END_TEST

START_TEST(test_memory_cap_2_threads) { memory_session(32, 2, "4", 1); }
END_TEST

/* A small cap that certainly fills, with tree reuse between the moves. */
START_TEST(test_memory_cap_full_tree) { memory_session(8, 2, "1", 3); }
END_TEST

/* ------------------------------------------------------------------------ */
/* State integrity: a random command sequence against a model.                */

typedef struct {
    uint64_t state;
} Rand;

static uint64_t rand_next(Rand *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1. */
static int rand_below(Rand *r, int n) { return (int)(rand_next(r) % (uint64_t)n); }

static bool rand_chance(Rand *r, int percent) { return rand_below(r, 100) < percent; }

static const char *random_color_word(Rand *r, Color c)
{
    static const char *const words[2][4] = { { "white", "w", "WHITE", "W" },
                                              { "black", "b", "Black", "B" } };
    return words[c][rand_below(r, 4)];
}

static Color random_mover(Rand *r, const Game *model)
{
    /* Mostly the side to move; GTP lets either colour play. */
    return rand_chance(r, 80) ? model->pos.to_move : color_other(model->pos.to_move);
}

/* A move's text in one of the accepted spellings. */
static void spell_move(Rand *r, Move m, char *out, size_t size)
{
    char from[4], to[4], arrow[4];
    square_to_text(m.from, from);
    square_to_text(m.to, to);
    square_to_text(m.arrow, arrow);
    static const char *const formats[] = { "%s-%s/%s", "%s%s%s", "%s-%s-%s", "%s%s/%s", "%s-%s%s" };
    snprintf(out, size, formats[rand_below(r, 5)], from, to, arrow);
    if (rand_chance(r, 20))
        for (char *p = out; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 'a' + 'A');
}

/* Three squares anywhere on a 10x10 grid (maybe off this board), well formed. */
static void random_move_text(Rand *r, char *out, size_t size)
{
    int f[3], k[3];
    for (int i = 0; i < 3; i++) {
        f[i] = rand_below(r, 10);
        k[i] = 1 + rand_below(r, 10);
    }
    snprintf(out, size, "%c%d-%c%d/%c%d", 'a' + f[0], k[0], 'a' + f[1], k[1], 'a' + f[2], k[2]);
}

/* A random valid board of size n: 1-4 amazons a side, some arrows. */
static void random_board(Rand *r, int n, char grid[BOARD_MAX][BOARD_MAX])
{
    static const int arrow_percent[] = { 0, 10, 30, 60, 85 };
    int density = arrow_percent[rand_below(r, 5)];
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            grid[y][x] = rand_chance(r, density) ? 'x' : '.';
    for (int c = 0; c < 2; c++) {
        int count = 1 + rand_below(r, 4);
        for (int placed = 0; placed < count;) {
            int y = rand_below(r, n), x = rand_below(r, n);
            if (grid[y][x] == 'W' || grid[y][x] == 'B')
                continue;
            grid[y][x] = c == 0 ? 'W' : 'B';
            placed++;
        }
    }
}

/* Board text, rank n (grid row n-1) first. */
static void board_text(int n, char grid[BOARD_MAX][BOARD_MAX], char *out)
{
    char *p = out;
    for (int y = n - 1; y >= 0; y--) {
        int run = 0;
        for (int x = 0; x < n; x++) {
            if (grid[y][x] == '.') {
                run++;
                continue;
            }
            if (run)
                p += sprintf(p, "%d", run);
            run = 0;
            *p++ = grid[y][x];
        }
        if (run)
            p += sprintf(p, "%d", run);
        if (y)
            *p++ = '/';
    }
    *p = '\0';
}

/* The set_position arguments for a valid position (board word, side word). */
static void valid_position_words(Rand *r, char *board, char *side)
{
    char grid[BOARD_MAX][BOARD_MAX];
    int n = BOARD_MIN + rand_below(r, BOARD_MAX - BOARD_MIN + 1);
    random_board(r, n, grid);
    board_text(n, grid, board);
    static const char *const sides[] = { "w", "b", "W", "B" };
    strcpy(side, sides[rand_below(r, 4)]);
}

/* Words for set_position that must be rejected; *why says which rule. */
static void invalid_position_words(Rand *r, char *board, char *side, const char **why)
{
    char grid[BOARD_MAX][BOARD_MAX];
    int n = BOARD_MIN + rand_below(r, BOARD_MAX - BOARD_MIN + 1);
    random_board(r, n, grid);
    strcpy(side, rand_chance(r, 50) ? "w" : "b");
    switch (rand_below(r, 11)) {
    case 0: /* a run length starting with 0 */
        board_text(n, grid, board + 1);
        board[0] = '0';
        *why = "empty run of 0";
        break;
    case 1: { /* the last rank one square wider (or too wide) */
        board_text(n, grid, board);
        strcat(board, "1");
        *why = "ranks of different widths";
        break;
    }
    case 2: { /* a character that is not a piece */
        board_text(n, grid, board);
        static const char bad[] = "XyY.*-+w";
        board[rand_below(r, (int)strlen(board))] = bad[rand_below(r, (int)sizeof bad - 1)];
        *why = "unexpected character";
        break;
    }
    case 3: { /* only the first three ranks: too few */
        board_text(n, grid, board);
        char *cut = board;
        for (int ranks = 0; ranks < 3; ranks++)
            cut = strchr(cut, '/') + 1;
        cut[-1] = '\0';
        *why = "too few ranks";
        break;
    }
    case 4: /* side word */
        board_text(n, grid, board);
        strcpy(side, rand_chance(r, 50) ? "white" : (rand_chance(r, 50) ? "x" : "wb"));
        *why = "bad side";
        break;
    case 5: /* a side without amazons */
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                if (grid[y][x] == 'B')
                    grid[y][x] = '.';
        board_text(n, grid, board);
        *why = "no black amazon";
        break;
    case 6: { /* five amazons of one colour */
        int count = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                count += grid[y][x] == 'W';
        for (int y = 0; y < n && count < 5; y++)
            for (int x = 0; x < n && count < 5; x++)
                if (grid[y][x] == '.' || grid[y][x] == 'x') {
                    grid[y][x] = 'W';
                    count++;
                }
        board_text(n, grid, board);
        *why = "five white amazons";
        break;
    }
    case 7: /* too small / too large / too many ranks */
        strcpy(board, rand_chance(r, 50) ? "B2/3/W2" : "B10/11/11/11/11/11/11/11/11/11/10W");
        *why = "unsupported size";
        break;
    case 8: /* a stray slash */
        board_text(n, grid, board);
        strcat(board, "/");
        *why = "stray slash";
        break;
    case 9: { /* longer than any position */
        int length = 240 + rand_below(r, 200);
        for (int i = 0; i < length; i++)
            board[i] = "B9/"[i % 3];
        board[length] = '\0';
        *why = "text too long";
        break;
    }
    default: /* eleven ranks */
        strcpy(board, "B9/10/10/10/10/10/10/10/10/10/W9");
        *why = "too many ranks";
        break;
    }
}

/* What `boardsize WORD` must do: the size, or 0 for an error. */
static int boardsize_expectation(const char *word)
{
    char *end;
    errno = 0;
    long v = strtol(word, &end, 10);
    if (errno || end == word || *end || v < BOARD_MIN || v > BOARD_MAX)
        return 0;
    return (int)v;
}

typedef struct {
    int commands;
    int ok[2]; /* [0] answered '?', [1] answered '=' */
    int resigns, genmoves, plays, undos, positions, sizes;
} Tally;

/*
 * One command: sends it with id `id`, checks the response kind (and the id
 * echo) against `expect_ok`, returns the response (malloc'd).
 */
static char *expect_kind(Engine *e, int id, const char *command, bool expect_ok, Tally *t)
{
    char line[1024];
    snprintf(line, sizeof line, "%d %s", id, command);
    char *r = engine_send(e, line, COMMAND_TIMEOUT_MS * time_factor(), NULL);
    char echo[32];
    snprintf(echo, sizeof echo, "%c%d", r[0], id);
    ck_assert_msg(strncmp(r, echo, strlen(echo)) == 0 && !(r[strlen(echo)] >= '0' && r[strlen(echo)] <= '9'),
                  "'%s': id not echoed: %.200s", line, r);
    ck_assert_msg((r[0] == '=') == expect_ok, "'%s': expected %s, got: %.300s", line,
                  expect_ok ? "success" : "an error", r);
    t->commands++;
    t->ok[r[0] == '=']++;
    return r;
}

static void random_command(Engine *e, Rand *r, Game *model, int id, Tally *t)
{
    char command[1024] = "", text[600], side[16];
    int roll = rand_below(r, 100);
    if (roll < 22) { /* a legal move (or any move, when the mover has none) */
        Color c = random_mover(r, model);
        static MoveList list;
        generate_moves(&model->pos, c, &list);
        if (list.count)
            spell_move(r, list.moves[rand_below(r, list.count)], text, sizeof text);
        else
            random_move_text(r, text, sizeof text);
        snprintf(command, sizeof command, "play %s %s", random_color_word(r, c), text);
        Move m;
        bool ok = move_from_text(text, model->pos.width, model->pos.height, &m) && game_play(model, c, m);
        ck_assert_msg(ok || !list.count, "model refused a generated move: %s", command);
        free(expect_kind(e, id, command, ok, t));
        t->plays += ok;
    } else if (roll < 32) { /* a random well-formed move: mostly illegal, maybe off the board */
        Color c = random_mover(r, model);
        random_move_text(r, text, sizeof text);
        snprintf(command, sizeof command, "play %s %s", random_color_word(r, c), text);
        Move m;
        bool ok = move_from_text(text, model->pos.width, model->pos.height, &m) && game_play(model, c, m);
        free(expect_kind(e, id, command, ok, t));
        t->plays += ok;
    } else if (roll < 37) { /* malformed moves and colours */
        static const char *const bad[] = {
            "play white pass",       "play w d1/d7/g7",  "play b d1--d7/g7",   "play w d01-d7/g7",
            "play w k1-k2/k3",       "play b a0-a1/a2",  "play w a1-a2",       "play b a1a2a3a4",
            "play red d1-d7/g7",     "play w resign",    "play white z9-a1/a2", "play x a4-a5/a6",
            "play w a4-a5/a6/a7",    "play 1 a1-a2/a3",
        };
        snprintf(command, sizeof command, "%s", bad[rand_below(r, (int)(sizeof bad / sizeof bad[0]))]);
        free(expect_kind(e, id, command, false, t));
    } else if (roll < 52) { /* undo */
        bool ok = game_undo(model);
        snprintf(command, sizeof command, "undo");
        free(expect_kind(e, id, command, ok, t));
        t->undos += ok;
    } else if (roll < 59) { /* a valid position */
        valid_position_words(r, text, side);
        char full[700];
        snprintf(full, sizeof full, "%s %s", text, side);
        Position pos;
        const char *error = position_from_text(&pos, full);
        ck_assert_msg(error == NULL, "model rejects a valid position '%s': %s", full, error);
        snprintf(command, sizeof command, "set_position %s %s", text, side);
        free(expect_kind(e, id, command, true, t));
        game_set_position(model, &pos);
        t->positions++;
    } else if (roll < 65) { /* an invalid position */
        const char *why = "";
        invalid_position_words(r, text, side, &why);
        char full[700];
        snprintf(full, sizeof full, "%s %s", text, side);
        Position pos;
        bool too_long = strlen(text) + strlen(side) + 2 > 2 * POSITION_TEXT_MAX;
        ck_assert_msg(too_long || position_from_text(&pos, full) != NULL,
                      "model accepts an invalid position (%s): '%s'", why, full);
        snprintf(command, sizeof command, "set_position %s %s", text, side);
        free(expect_kind(e, id, command, false, t));
    } else if (roll < 70) { /* boardsize, valid or not */
        static const char *const words[] = { "4", "5", "6", "7", "8", "9", "10", "+6", "07",
                                             "3", "11", "0", "-5", "six", "4.5", "1e1",
                                             "99999999999999999999", "0x8" };
        int n = (int)(sizeof words / sizeof words[0]);
        const char *word = words[rand_below(r, n)];
        /* A third of the time COLUMNS ROWS: a rectangular board. */
        const char *rows = rand_chance(r, 33) ? words[rand_below(r, n)] : NULL;
        int width = boardsize_expectation(word), height = rows ? boardsize_expectation(rows) : width;
        bool valid = width != 0 && height != 0;
        if (rows)
            snprintf(command, sizeof command, "boardsize %s %s", word, rows);
        else
            snprintf(command, sizeof command, "boardsize %s", word);
        free(expect_kind(e, id, command, valid, t));
        if (valid) {
            game_new(model, width, height);
            t->sizes++;
        }
    } else if (roll < 73) { /* clear_board */
        snprintf(command, sizeof command, "clear_board");
        free(expect_kind(e, id, command, true, t));
        game_new(model, model->pos.width, model->pos.height);
    } else if (roll < 88) { /* genmove / reg_genmove */
        bool play = rand_chance(r, 70);
        Color c = random_mover(r, model);
        snprintf(command, sizeof command, "%s %s", play ? "genmove" : "reg_genmove",
                 random_color_word(r, c));
        char *response = expect_kind(e, id, command, true, t);
        expect_generated_move(model, c, response, command, play);
        t->genmoves++;
        t->resigns += strcmp(response_body(response), "resign") == 0;
        free(response);
    } else if (roll < 93) { /* wrong argument counts and unknown commands */
        static const char *const bad[] = {
            "undo 1",        "genmove",      "play w",          "set_position 4/4/4/4",
            "boardsize",     "clear_board x", "reg_genmove w b", "get_position now",
            "genmove purple", "Play w a1-a2/a3", "boardsize 6 6 6",
        };
        snprintf(command, sizeof command, "%s", bad[rand_below(r, (int)(sizeof bad / sizeof bad[0]))]);
        free(expect_kind(e, id, command, false, t));
    } else { /* legal_moves agrees with the model's move count */
        Color c = rand_chance(r, 50) ? model->pos.to_move : color_other(model->pos.to_move);
        bool named = rand_chance(r, 50);
        snprintf(command, sizeof command, "legal_moves%s%s", named ? " " : "",
                 named ? color_word(c) : "");
        if (!named)
            c = model->pos.to_move;
        char *response = expect_kind(e, id, command, true, t);
        static MoveList list;
        generate_moves(&model->pos, c, &list);
        int words = 0;
        for (const char *p = response_body(response); *p;) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            words++;
            while (*p && *p != ' ')
                p++;
        }
        ck_assert_msg(words == list.count, "'%s': %d moves, the model has %d", command, words,
                      list.count);
        free(response);
    }
    char after[1100];
    snprintf(after, sizeof after, "%d %s", id, command);
    expect_position(e, model, after);
}

static void state_session(int threads, uint64_t seed, int count)
{
    char threads_text[8];
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--playouts", "30", "--memory", "16", "--threads", threads_text, NULL };
    Engine e;
    engine_start(&e, args);
    Game model;
    game_new(&model, DEFAULT_SIZE, DEFAULT_SIZE);
    expect_position(&e, &model, "startup");
    Rand r = { seed };
    Tally t = { 0 };
    for (int i = 0; i < count; i++) {
        /* random_command's messages name the command; the index finds it in a replay. */
        random_command(&e, &r, &model, i + 1, &t);
    }
    engine_finish(&e);
    ck_assert_int_eq(t.commands, count);
    /* The mix must really exercise both paths. */
    ck_assert_msg(t.ok[0] > count / 10 && t.ok[1] > count / 3, "skewed mix: %d errors, %d successes",
                  t.ok[0], t.ok[1]);
    note("state, %d thread(s), seed %llu: %d commands (%d '=', %d '?'), %d moves played, "
         "%d genmoves (%d resign), %d undos, %d positions, %d boardsizes",
         threads, (unsigned long long)seed, t.commands, t.ok[1], t.ok[0], t.plays, t.genmoves,
         t.resigns, t.undos, t.positions, t.sizes);
}

START_TEST(test_state_integrity_1_thread) { state_session(1, 20240601, 600); }
END_TEST

START_TEST(test_state_integrity_2_threads) { state_session(2, 77, 300); }
END_TEST

/* ------------------------------------------------------------------------ */

Suite *hardening_suite(void)
{
    Suite *s = suite_create("hardening");
    /* Check's timeouts are scaled by CK_TIMEOUT_MULTIPLIER; these leave room for sanitizers. */
    TCase *timing = tcase_create("time safety");
    tcase_set_timeout(timing, 120);
    tcase_add_test(timing, test_time_absolute_1_thread);
    tcase_add_test(timing, test_time_absolute_2_threads);
    tcase_add_test(timing, test_time_byoyomi_1_thread);
    tcase_add_test(timing, test_time_byoyomi_2_threads);
    tcase_add_test(timing, test_time_zero);
    tcase_add_test(timing, test_time_tiny);
    tcase_add_test(timing, test_time_empty_clock);
    suite_add_tcase(s, timing);

    TCase *memory = tcase_create("memory cap");
    tcase_set_timeout(memory, 120);
    tcase_add_test(memory, test_memory_cap_1_thread);
    tcase_add_test(memory, test_memory_cap_2_threads);
    tcase_add_test(memory, test_memory_cap_full_tree);
    suite_add_tcase(s, memory);

    TCase *state = tcase_create("state integrity");
    tcase_set_timeout(state, 180);
    tcase_add_test(state, test_state_integrity_1_thread);
    tcase_add_test(state, test_state_integrity_2_threads);
    suite_add_tcase(s, state);
    return s;
}
