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
#include "search/search.h"

#define SLICE_SECONDS 0.02

/* Suspends until web_push_line or web_end_input, or `ms` milliseconds (Infinity: no limit). */
void web_wait(double ms);
/* Gives the JavaScript event loop one turn. */
void web_yield(void);
/* Tells JavaScript that the command loop has stopped reading (quit, or the end of input). */
void web_closed(void);

typedef struct Item {
    struct Item *next;
    LineStatus status;
    bool interrupt;
    size_t length;
    char text[]; /* NUL-terminated */
} Item;

struct LineInput {
    size_t max_line;
};

/* One queue for the process: JavaScript may hand lines over before the loop opens its input. */
static Item *head, *tail;
static uint64_t events;
static size_t max_line = 65536;

static void enqueue(LineStatus status, const char *text, size_t length)
{
    Item *item = malloc(sizeof *item + length + 1);
    if (!item)
        abort(); /* out of memory while reading input: nothing sane left to do */
    *item = (Item){ .status = status, .length = length };
    memcpy(item->text, text, length);
    item->text[length] = '\0';
    item->interrupt = status == LINE_OK && input_line_is_interrupt(text, length);
    if (tail)
        tail->next = item;
    else
        head = item;
    tail = item;
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
    while (!head)
        input_wait(in, events, INFINITY);
    Item *item = head;
    LineStatus status = item->status;
    if (status == LINE_END) {
        buf[0] = '\0';
        return status; /* stays queued: the end of input is for good */
    }
    head = item->next;
    if (!head)
        tail = NULL;
    memcpy(buf, item->text, item->length + 1);
    free(item);
    return status;
}

bool input_pending(LineInput *in)
{
    (void)in;
    return head != NULL;
}

bool input_take_interrupt(LineInput *in)
{
    (void)in;
    Item **link = &head, *prev = NULL;
    while (*link && !(*link)->interrupt) {
        prev = *link;
        link = &(*link)->next;
    }
    Item *found = *link;
    if (!found)
        return false;
    *link = found->next;
    if (tail == found)
        tail = prev;
    free(found);
    return true;
}

void input_wake(LineInput *in)
{
    (void)in;
    events++;
}
