/*
 * line_queue.h - the protocol lines read but not yet handled, in order, as
 * the input readers (input.c with a thread, input_web.c without) keep them
 * for the command loop.  The queue takes no lock: a reader that shares it
 * between threads holds its own lock around every call, and allocates and
 * frees lines outside it.
 */
#ifndef AMAZONS_LINE_QUEUE_H
#define AMAZONS_LINE_QUEUE_H

#include <stdbool.h>
#include <stddef.h>

#include "protocol/input.h"

typedef struct QueuedLine {
    struct QueuedLine *next;
    LineStatus status;
    bool interrupt; /* a "# interrupt" line (input_line_is_interrupt) */
    size_t length;
    char text[]; /* NUL-terminated */
} QueuedLine;

typedef struct {
    QueuedLine *head, *tail;
} LineQueue;

/* A line of `length` bytes of `text`; aborts when memory is out (nothing sane is left to do). */
QueuedLine *queued_line_new(LineStatus status, const char *text, size_t length);
void line_queue_append(LineQueue *queue, QueuedLine *line);
/*
 * Takes the first line off the queue; NULL when there is none or the first
 * is the end of input, which stays queued: the end of input is for good.
 */
QueuedLine *line_queue_take(LineQueue *queue);
/* Takes the first interrupt line off the queue, wherever it stands; NULL when there is none. */
QueuedLine *line_queue_take_interrupt(LineQueue *queue);
/* Copies a taken line into `buf` (room for the reader's longest line) and frees it. */
LineStatus queued_line_copy_out(QueuedLine *line, char *buf);
void line_queue_clear(LineQueue *queue);

#endif
