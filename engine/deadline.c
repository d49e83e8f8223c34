/* deadline.c - the monotonic clock and polled deadlines (deadline.h). */
#include "engine/deadline.h"

#include <time.h>

double monotonic_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void deadline_start(Deadline *d, double seconds, const bool *stop)
{
    *d = (Deadline){ .at = seconds > 0 ? monotonic_seconds() + seconds : 0, .stop = stop };
}

void deadline_extend(Deadline *d, double seconds)
{
    if (d->at > 0)
        d->at += seconds;
    d->passed = false;
    d->countdown = 0;
}

bool deadline_check(Deadline *d)
{
    d->countdown = DEADLINE_POLLS_PER_READ;
    if (d->stop && __atomic_load_n(d->stop, __ATOMIC_RELAXED))
        d->passed = true;
    else if (d->at > 0 && monotonic_seconds() >= d->at)
        d->passed = true;
    return d->passed;
}
