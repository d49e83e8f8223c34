/*
 * live_engine.c - the engine as a child process behind three pipes (see
 * live_engine.h).  One poll() loop, pump_until, moves every byte: queued
 * input to stdin, stdout and stderr into buffers, until the caller's
 * condition holds or its deadline passes.
 */
#define _GNU_SOURCE
#include "live_engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "search/timeman.h" /* monotonic_seconds */
#include "test_process.h"

enum { SEND_TIMEOUT_MS = 20000, CHUNK = 65536 };

static double now_ms(void) { return monotonic_seconds() * 1e3; }

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

LiveEngine *live_start(const char *const *args)
{
    int in, out, err;
    pid_t pid = spawn_engine_piped(pc_engine_path(), args, &in, &out, &err);
    /* Never block on a write: the engine may be busy writing to a full stdout. */
    fcntl(in, F_SETFL, fcntl(in, F_GETFL) | O_NONBLOCK);

    LiveEngine *e = calloc(1, sizeof *e);
    ck_assert_msg(e != NULL, "out of memory");
    e->pid = pid;
    e->in = in;
    e->out = out;
    e->err = err;
    e->exit_code = -1;
    return e;
}

/* ---- Moving bytes ---------------------------------------------------- */

static void write_some(LiveEngine *e)
{
    size_t size = e->pending.length - e->sent;
    if (size > CHUNK)
        size = CHUNK;
    ssize_t w = write(e->in, e->pending.data + e->sent, size);
    if (w > 0) {
        e->sent += (size_t)w;
    } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        e->write_failed = true; /* EPIPE: the engine has stopped reading */
        e->sent = e->pending.length;
        close_fd(&e->in);
    }
    if (e->sent == e->pending.length) {
        e->pending.length = e->sent = 0;
        if (e->close_when_written)
            close_fd(&e->in);
    }
}

static void read_some(int *fd, Buf *into, bool *eof)
{
    static char chunk[CHUNK];
    ssize_t got = read(*fd, chunk, sizeof chunk);
    if (got > 0) {
        pc_buf_add(into, chunk, (size_t)got);
    } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        close_fd(fd);
        *eof = true;
    }
}

typedef bool (*Ready)(const LiveEngine *e);

/*
 * Moves bytes until ready(e) or the deadline (one last non-blocking pass
 * then); returns ready(e).  Also returns when no pipe is left to move.
 */
static bool pump_until(LiveEngine *e, double deadline, Ready ready)
{
    /* The engine may stop reading (quit): a write must then fail, not kill us. */
    struct sigaction ignore = { .sa_handler = SIG_IGN }, previous;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &previous);
    bool done = ready(e);
    while (!done) {
        struct pollfd p[3];
        int n = 0, wi = -1, oi = -1, ei = -1;
        if (e->in >= 0 && e->sent < e->pending.length) {
            wi = n;
            p[n++] = (struct pollfd){ .fd = e->in, .events = POLLOUT };
        }
        if (e->out >= 0) {
            oi = n;
            p[n++] = (struct pollfd){ .fd = e->out, .events = POLLIN };
        }
        if (e->err >= 0) {
            ei = n;
            p[n++] = (struct pollfd){ .fd = e->err, .events = POLLIN };
        }
        if (n == 0)
            break;
        double left = deadline - now_ms();
        bool last = left <= 0;
        int got = poll(p, (nfds_t)n, last ? 0 : (int)left + 1);
        if (got < 0) {
            ck_assert_msg(errno == EINTR, "poll: %s", strerror(errno));
        } else {
            if (wi >= 0 && p[wi].revents)
                write_some(e);
            if (oi >= 0 && p[oi].revents)
                read_some(&e->out, &e->stdout_text, &e->out_eof);
            if (ei >= 0 && p[ei].revents)
                read_some(&e->err, &e->stderr_text, &e->err_eof);
        }
        done = ready(e);
        if (last)
            break;
    }
    sigaction(SIGPIPE, &previous, NULL);
    return done;
}

static bool never(const LiveEngine *e) { (void)e; return false; }
static bool all_written(const LiveEngine *e) { return e->sent == e->pending.length; }
static bool outputs_closed(const LiveEngine *e) { return e->out < 0 && e->err < 0; }

/* Where the first unread line ends (its '\n'), or NULL. */
static const char *line_end(const LiveEngine *e)
{
    return e->stdout_text.length ? memchr(e->stdout_text.data, '\n', e->stdout_text.length) : NULL;
}

/* Where the first unread response ends (the "\n\n" after its last line), or NULL. */
static const char *response_end(const LiveEngine *e)
{
    return e->stdout_text.length ? memmem(e->stdout_text.data, e->stdout_text.length, "\n\n", 2) : NULL;
}

static bool line_or_eof(const LiveEngine *e) { return line_end(e) || e->out < 0; }
static bool response_or_eof(const LiveEngine *e) { return response_end(e) || e->out < 0; }

/* Hands out the first `length` unread bytes of stdout and drops `skip` more. */
static const char *hand_out(LiveEngine *e, size_t length, size_t skip)
{
    char *text = strndup(e->stdout_text.data, length);
    ck_assert_msg(text != NULL, "out of memory");
    if (e->handed_count == e->handed_capacity) {
        size_t capacity = e->handed_capacity ? 2 * e->handed_capacity : 16;
        char **grown = realloc(e->handed, capacity * sizeof *grown);
        ck_assert_msg(grown != NULL, "out of memory");
        e->handed = grown;
        e->handed_capacity = capacity;
    }
    e->handed[e->handed_count++] = text;
    Buf *b = &e->stdout_text;
    b->length -= length + skip;
    memmove(b->data, b->data + length + skip, b->length + 1);
    return text;
}

/* ---- The interface ---------------------------------------------------- */

bool live_send(LiveEngine *e, const char *line)
{
    if (e->in < 0)
        return false;
    size_t n = strlen(line);
    pc_buf_add(&e->pending, line, n);
    if (n == 0 || line[n - 1] != '\n')
        pc_buf_add(&e->pending, "\n", 1);
    return pump_until(e, now_ms() + SEND_TIMEOUT_MS, all_written) && !e->write_failed;
}

const char *live_read_line(LiveEngine *e, int timeout_ms)
{
    pump_until(e, now_ms() + timeout_ms, line_or_eof);
    const char *end = line_end(e);
    return end ? hand_out(e, (size_t)(end - e->stdout_text.data), 1) : NULL;
}

const char *live_read_response(LiveEngine *e, int timeout_ms)
{
    pump_until(e, now_ms() + timeout_ms, response_or_eof);
    const char *end = response_end(e);
    return end ? hand_out(e, (size_t)(end - e->stdout_text.data), 2) : NULL;
}

const char *live_stderr(LiveEngine *e)
{
    pump_until(e, now_ms(), never); /* one non-blocking pass */
    return e->stderr_text.data ? e->stderr_text.data : "";
}

void live_close_stdin(LiveEngine *e) { close_fd(&e->in); }

static void kill_engine(LiveEngine *e)
{
    kill(e->pid, SIGKILL);
    e->timed_out = true;
}

/* Reaps the engine, killing it once the deadline has passed; drains its output meanwhile. */
static int wait_until(LiveEngine *e, double deadline)
{
    while (!e->exited) {
        int status = 0;
        pid_t done = waitpid(e->pid, &status, WNOHANG);
        if (done == e->pid) {
            e->exited = true;
            e->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            e->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            break;
        }
        ck_assert_msg(done == 0 || errno == EINTR, "waitpid: %s", strerror(errno));
        if (!e->timed_out && now_ms() > deadline)
            kill_engine(e);
        if (e->out >= 0 || e->err >= 0) {
            pump_until(e, now_ms() + 1, never);
        } else {
            struct timespec pause = { 0, 1000000 };
            nanosleep(&pause, NULL);
        }
    }
    return e->exit_code;
}

int live_wait(LiveEngine *e, int timeout_ms) { return wait_until(e, now_ms() + timeout_ms); }

int live_run_to_end(LiveEngine *e, const void *input, size_t length, int timeout_ms)
{
    double deadline = now_ms() + timeout_ms;
    pc_buf_add(&e->pending, input, length);
    e->close_when_written = true;
    if (e->pending.length == 0)
        close_fd(&e->in);
    if (!pump_until(e, deadline, outputs_closed))
        kill_engine(e);
    close_fd(&e->in);
    return wait_until(e, deadline);
}

void live_free(LiveEngine *e)
{
    if (!e)
        return;
    close_fd(&e->in);
    close_fd(&e->out);
    close_fd(&e->err);
    if (!e->exited) {
        kill(e->pid, SIGKILL);
        while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    free(e->pending.data);
    free(e->stdout_text.data);
    free(e->stderr_text.data);
    for (size_t i = 0; i < e->handed_count; i++)
        free(e->handed[i]);
    free(e->handed);
    free(e);
}

/* ---- Asserting forms ------------------------------------------------- */

void live_send_ok(LiveEngine *e, const char *line)
{
    ck_assert_msg(live_send(e, line), "could not send \"%s\"", line);
}

const char *live_next_line(LiveEngine *e)
{
    const char *line = live_read_line(e, LIVE_ANSWER_MS);
    ck_assert_msg(line != NULL, "no line within %d ms; stderr: %.300s", LIVE_ANSWER_MS, live_stderr(e));
    return line;
}

Response live_next_response(LiveEngine *e)
{
    const char *raw = live_read_response(e, LIVE_ANSWER_MS);
    ck_assert_msg(raw != NULL, "no response within %d ms; stderr: %.300s", LIVE_ANSWER_MS,
                  live_stderr(e));
    return pc_parse_response(raw);
}

const char *live_ask(LiveEngine *e, const char *command)
{
    live_send_ok(e, command);
    Response r = live_next_response(e);
    ck_assert_msg(r.ok, "\"%s\" failed: %s", command, r.body);
    return r.body;
}
