/* input.c - a reader thread and a queue of protocol lines (see input.h). */
#define _GNU_SOURCE /* pipe2 */
#include "protocol/input.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "protocol/line_queue.h"

struct LineInput {
    FILE *in;
    size_t max_line;
    bool live;
    /* Live mode: the reader thread and what it shares with the loop. */
    pthread_t reader;
    int wake_pipe[2];        /* a byte here tells the reader to end */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    LineQueue queue;
    uint64_t events;
    /* The reader's line being assembled. */
    char *line;
    size_t length;
    bool too_long;
};

/* ---- the queue ---- */

static void enqueue(LineInput *in, LineStatus status, const char *text, size_t length)
{
    QueuedLine *line = queued_line_new(status, text, length);
    pthread_mutex_lock(&in->lock);
    line_queue_append(&in->queue, line);
    in->events++;
    pthread_cond_broadcast(&in->changed);
    pthread_mutex_unlock(&in->lock);
}

/* ---- the reader thread ---- */

static void end_line(LineInput *in)
{
    enqueue(in, in->too_long ? LINE_TOO_LONG : LINE_OK, in->line, in->too_long ? 0 : in->length);
    in->length = 0;
    in->too_long = false;
}

static void take_bytes(LineInput *in, const char *bytes, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        char ch = bytes[i];
        if (ch == '\n')
            end_line(in);
        else if (in->length < in->max_line)
            in->line[in->length++] = ch ? ch : '\r'; /* a NUL would hide the rest of the line */
        else
            in->too_long = true;
    }
}

static void *read_lines(void *arg)
{
    LineInput *in = arg;
    int fd = fileno(in->in);
    char chunk[4096];
    for (;;) {
        struct pollfd fds[2] = { { fd, POLLIN, 0 }, { in->wake_pipe[0], POLLIN, 0 } };
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[1].revents)
            return NULL; /* input_close: the loop is done */
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            break;
        take_bytes(in, chunk, (size_t)n);
    }
    if (in->length || in->too_long)
        end_line(in); /* a last line without its newline still counts */
    enqueue(in, LINE_END, "", 0);
    return NULL;
}

/* ---- inline reading ---- */

static LineStatus read_inline(LineInput *in, char *buf)
{
    size_t length = 0;
    bool too_long = false;
    int ch;
    while ((ch = getc(in->in)) != EOF && ch != '\n') {
        if (length < in->max_line)
            buf[length++] = ch ? (char)ch : '\r';
        else
            too_long = true;
    }
    buf[length] = '\0';
    if (ch == EOF && length == 0 && !too_long)
        return LINE_END;
    return too_long ? LINE_TOO_LONG : LINE_OK;
}

/* ---- interface ---- */

LineInput *input_open(FILE *stream, size_t max_line)
{
    LineInput *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    in->in = stream;
    in->max_line = max_line;
    pthread_mutex_init(&in->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&in->changed, &attr);
    pthread_condattr_destroy(&attr);
    if (fileno(stream) < 0)
        return in;
    in->line = malloc(max_line + 1);
    if (in->line && pipe2(in->wake_pipe, O_CLOEXEC) == 0) {
        if (pthread_create(&in->reader, NULL, read_lines, in) == 0) {
            in->live = true;
            return in;
        }
        close(in->wake_pipe[0]);
        close(in->wake_pipe[1]);
    }
    free(in->line);
    in->line = NULL;
    return in; /* no thread to be had: read inline */
}

void input_close(LineInput *in)
{
    if (!in)
        return;
    if (in->live) {
        while (write(in->wake_pipe[1], "x", 1) < 0 && errno == EINTR)
            continue;
        pthread_join(in->reader, NULL);
        close(in->wake_pipe[0]);
        close(in->wake_pipe[1]);
    }
    line_queue_clear(&in->queue);
    pthread_cond_destroy(&in->changed);
    pthread_mutex_destroy(&in->lock);
    free(in->line);
    free(in);
}

bool input_is_live(const LineInput *in) { return in->live; }

LineStatus input_next(LineInput *in, char *buf)
{
    if (!in->live)
        return read_inline(in, buf);
    pthread_mutex_lock(&in->lock);
    while (!in->queue.head)
        pthread_cond_wait(&in->changed, &in->lock);
    QueuedLine *line = line_queue_take(&in->queue);
    pthread_mutex_unlock(&in->lock);
    if (!line) {
        buf[0] = '\0';
        return LINE_END;
    }
    return queued_line_copy_out(line, buf);
}

bool input_pending(LineInput *in)
{
    if (!in->live)
        return false;
    pthread_mutex_lock(&in->lock);
    bool pending = in->queue.head != NULL;
    pthread_mutex_unlock(&in->lock);
    return pending;
}

bool input_take_interrupt(LineInput *in)
{
    if (!in->live)
        return false;
    pthread_mutex_lock(&in->lock);
    QueuedLine *found = line_queue_take_interrupt(&in->queue);
    pthread_mutex_unlock(&in->lock);
    free(found);
    return found != NULL;
}

uint64_t input_events(LineInput *in)
{
    pthread_mutex_lock(&in->lock);
    uint64_t events = in->events;
    pthread_mutex_unlock(&in->lock);
    return events;
}

uint64_t input_wait(LineInput *in, uint64_t seen, double deadline)
{
    struct timespec until;
    double whole = deadline < 1e12 ? deadline : 1e12;
    until.tv_sec = (time_t)whole;
    until.tv_nsec = (long)((whole - (double)until.tv_sec) * 1e9);
    pthread_mutex_lock(&in->lock);
    while (in->events == seen)
        if (pthread_cond_timedwait(&in->changed, &in->lock, &until) == ETIMEDOUT)
            break;
    uint64_t events = in->events;
    pthread_mutex_unlock(&in->lock);
    return events;
}

void input_wake(LineInput *in)
{
    pthread_mutex_lock(&in->lock);
    in->events++;
    pthread_cond_broadcast(&in->changed);
    pthread_mutex_unlock(&in->lock);
}
