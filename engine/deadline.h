/*
 * deadline.h - the monotonic clock, and a deadline that long searches poll.
 *
 * The exact solver, the single-player counts of closed areas and the exact
 * fight search can each run for seconds inside what their callers see as one
 * step, so a caller that read the clock only between steps could overrun a
 * move's time by far.  They share one Deadline instead, and poll it as they
 * go: a cheap countdown between clock reads, a sticky answer once the
 * deadline has passed or a stop was asked for (from any thread), so that
 * every nested search gives up at once.
 */
#ifndef AMAZONS_DEADLINE_H
#define AMAZONS_DEADLINE_H

#include <stdbool.h>

/* Wall-clock seconds from an arbitrary start, never going backwards. */
double monotonic_seconds(void);

/* Polls between clock reads: about a microsecond of the cheapest searches. */
enum { DEADLINE_POLLS_PER_READ = 16 };

typedef struct {
    double at;          /* monotonic_seconds() at which to stop; <= 0: never */
    const bool *stop;   /* read atomically; stop when set; NULL: no such flag */
    bool passed;        /* sticky: the deadline passed or a stop came */
    unsigned countdown; /* polls left before the next clock read */
} Deadline;

/* A deadline `seconds` from now (<= 0: none), stopped early by *stop when not NULL. */
void deadline_start(Deadline *deadline, double seconds, const bool *stop);

/* Moves the deadline by `seconds` and lets it run again if it had passed. */
void deadline_extend(Deadline *deadline, double seconds);

/* Reads the clock now (and the stop flag): true when the time is up. */
bool deadline_check(Deadline *deadline);

/* True when the time is up; reads the clock once every few calls.  NULL never passes. */
static inline bool deadline_passed(Deadline *deadline)
{
    if (!deadline)
        return false;
    if (deadline->passed)
        return true;
    if (deadline->countdown-- > 0)
        return false;
    return deadline_check(deadline);
}

#endif
