/*
 * input_web.c - protocol input for the WebAssembly builds (input.h), where
 * there are no threads: JavaScript hands each line over (web_push_line, from
 * a Web Worker's messages or from Node's stdin), and while the command loop
 * waits for one, the stepped search in progress (search_slice) runs in
 * slices, with the JavaScript event loop given a turn between them so that
 * lines can arrive.  A slice is SLICE_SECONDS: a stop waits for at most one.
 *
 * The waits are JavaScript functions (library_web.js) that suspend the C
 * stack with Asyncify; only the call chains that reach them are rewritten.
 */
#include "protocol/input.h"

#include <emscripten.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/deadline.h"
#include "protocol/line_queue.h"
#include "search/search.h"

#define SLICE_SECONDS 0.02

/* Suspends until web_push_line or web_end_input, or `ms` milliseconds (Infinity: no limit). */
void web_wait(double ms);
/* Gives the JavaScript event loop one turn. */
void web_yield(void);
/* Tells JavaScript that the command loop has stopped reading (quit, or the end of input). */
void web_closed(void);

struct LineInput {
    size_t max_line;
};

/* One queue for the process: JavaScript may hand lines over before the loop opens its input. */
static LineQueue queue;
static uint64_t events;
static size_t max_line = 65536;

static void enqueue(LineStatus status, const char *text, size_t length)
{
    line_queue_append(&queue, queued_line_new(status, text, length));
    events++;
}

/* One line from JavaScript, without its newline; NUL bytes cannot arrive in a C string. */
EMSCRIPTEN_KEEPALIVE void web_push_line(const char *text)
{
    size_t length = strlen(text);
    if (length > max_line)
        enqueue(LINE_TOO_LONG, "", 0);
    else
        enqueue(LINE_OK, text, length);
}

/* The end of input: the loop ends once the lines before it are handled. */
EMSCRIPTEN_KEEPALIVE void web_end_input(void) { enqueue(LINE_END, "", 0); }

LineInput *input_open(FILE *stream, size_t max)
{
    (void)stream;
    LineInput *in = calloc(1, sizeof *in);
    if (in)
        in->max_line = max_line = max;
    return in;
}

void input_close(LineInput *in)
{
    free(in);
    web_closed();
}

bool input_is_live(const LineInput *in)
{
    (void)in;
    return true;
}

uint64_t input_events(LineInput *in)
{
    (void)in;
    return events;
}

uint64_t input_wait(LineInput *in, uint64_t seen, double deadline)
{
    (void)in;
    while (events == seen) {
        double now = monotonic_seconds();
        if (now >= deadline)
            break;
        double left = deadline - now;
        if (search_slice(left < SLICE_SECONDS ? left : SLICE_SECONDS))
            web_yield();
        else
            web_wait(isinf(deadline) ? INFINITY : left * 1000.0);
    }
    return events;
}

LineStatus input_next(LineInput *in, char *buf)
{
    while (!queue.head)
        input_wait(in, events, INFINITY);
    QueuedLine *line = line_queue_take(&queue);
    if (!line) {
        buf[0] = '\0';
        return LINE_END;
    }
    return queued_line_copy_out(line, buf);
}

bool input_pending(LineInput *in)
{
    (void)in;
    return queue.head != NULL;
}

bool input_take_interrupt(LineInput *in)
{
    (void)in;
    QueuedLine *found = line_queue_take_interrupt(&queue);
    free(found);
    return found != NULL;
}

void input_wake(LineInput *in)
{
    (void)in;
    events++;
}
