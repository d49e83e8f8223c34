/*
 * input.h - protocol input, read ahead on a thread of its own.
 *
 * The command loop must stay responsive while a search runs: a genmove has
 * to notice "# interrupt", an analysis has to end on the next line, and
 * pondering has to stop the moment a command arrives.  A reader thread
 * therefore reads lines as they come and queues them; the loop takes them
 * in order (replies stay in order) and can wait for "something happened"
 * (a line arrived, a search ended, a deadline passed) without polling.
 *
 * Streams without a file descriptor (fmemopen, used by the fuzz targets)
 * are read inline instead, on demand, with no thread: such input is all
 * there already, and nothing is ever pending ahead of the current command.
 *
 * input.c implements this with a reader thread; the WebAssembly builds,
 * which have no threads, get their lines from JavaScript instead
 * (web/wasm/input_web.c), and run stepped searches while they wait.
 */
#ifndef AMAZONS_INPUT_H
#define AMAZONS_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct LineInput LineInput;

typedef enum { LINE_OK, LINE_TOO_LONG, LINE_END } LineStatus;

/* Starts reading `in`; lines longer than max_line bytes are reported LINE_TOO_LONG. */
LineInput *input_open(FILE *in, size_t max_line);

/* Stops the reader (it may be blocked on a read: it is woken) and frees everything. */
void input_close(LineInput *input);

/* Whether lines are read ahead on a thread (false: inline). */
bool input_is_live(const LineInput *input);

/*
 * Takes the next line into buf (max_line + 1 bytes), waiting for it.  NUL
 * bytes become '\r' (a control character that preprocessing drops).
 */
LineStatus input_next(LineInput *input, char *buf);

/* Whether a line (or the end of input) is queued; always false inline. */
bool input_pending(LineInput *input);

/*
 * Removes the first queued "# interrupt" line (GoGui's convention for
 * stopping the command in progress), wherever it is in the queue, and tells
 * whether there was one: it is meant for the command running now, even when
 * further commands were sent before it.  Such a line is a comment for the
 * protocol, so dropping it loses no reply.
 */
bool input_take_interrupt(LineInput *input);

/*
 * Events so far: lines queued plus input_wake calls.  input_wait returns
 * once the count passes `seen` or the deadline (monotonic seconds) is
 * reached, and returns the count then.
 */
uint64_t input_events(LineInput *input);
uint64_t input_wait(LineInput *input, uint64_t seen, double deadline);

/* Counts an event and wakes input_wait; safe from any thread. */
void input_wake(LineInput *input);

/*
 * Whether a raw line is "# interrupt", give or take surrounding blanks:
 * what every implementation of this interface takes out of turn.
 */
static inline bool input_line_is_interrupt(const char *text, size_t length)
{
    static const char word[] = "# interrupt";
    while (length && (*text == ' ' || *text == '\t'))
        text++, length--;
    while (length && (text[length - 1] == ' ' || text[length - 1] == '\t' || text[length - 1] == '\r'))
        length--;
    return length == sizeof word - 1 && __builtin_memcmp(text, word, length) == 0;
}

#endif
