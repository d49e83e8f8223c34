/* line_queue.c - the protocol lines read but not yet handled (see line_queue.h). */
#include "protocol/line_queue.h"

#include <stdlib.h>
#include <string.h>

QueuedLine *queued_line_new(LineStatus status, const char *text, size_t length)
{
    QueuedLine *line = malloc(sizeof *line + length + 1);
    if (!line)
        abort();
    *line = (QueuedLine){ .status = status, .length = length };
    memcpy(line->text, text, length);
    line->text[length] = '\0';
    line->interrupt = status == LINE_OK && input_line_is_interrupt(text, length);
    return line;
}

void line_queue_append(LineQueue *queue, QueuedLine *line)
{
    line->next = NULL;
    if (queue->tail)
        queue->tail->next = line;
    else
        queue->head = line;
    queue->tail = line;
}

QueuedLine *line_queue_take(LineQueue *queue)
{
    QueuedLine *line = queue->head;
    if (!line || line->status == LINE_END)
        return NULL;
    queue->head = line->next;
    if (!queue->head)
        queue->tail = NULL;
    return line;
}

QueuedLine *line_queue_take_interrupt(LineQueue *queue)
{
    QueuedLine **link = &queue->head, *prev = NULL;
    while (*link && !(*link)->interrupt) {
        prev = *link;
        link = &(*link)->next;
    }
    QueuedLine *found = *link;
    if (found) {
        *link = found->next;
        if (queue->tail == found)
            queue->tail = prev;
    }
    return found;
}

LineStatus queued_line_copy_out(QueuedLine *line, char *buf)
{
    LineStatus status = line->status;
    memcpy(buf, line->text, line->length + 1);
    free(line);
    return status;
}

void line_queue_clear(LineQueue *queue)
{
    for (QueuedLine *line = queue->head, *next; line; line = next) {
        next = line->next;
        free(line);
    }
    *queue = (LineQueue){ 0 };
}
