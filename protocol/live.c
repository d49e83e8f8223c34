/* live.c - watching a running search (see live.h). */
#include "protocol/live.h"

#include <math.h>

#include "search/timeman.h"

static void wake_input(void *arg) { input_wake(arg); }

static bool stop_wanted(LineInput *input, const LiveWatch *watch)
{
    if (watch->stop_on_line)
        return input_pending(input); /* an interrupt too: it stays queued, a comment */
    return input_take_interrupt(input);
}

SearchResult live_watch(Search *search, LineInput *input, const LiveWatch *watch, bool *stopped)
{
    bool by_input = false;
    if (input) {
        search_on_finish(search, wake_input, input);
        uint64_t seen = input_events(input);
        double next = watch->interval > 0 ? monotonic_seconds() + watch->interval : INFINITY;
        while (!search_finished(search)) {
            if (!by_input && stop_wanted(input, watch)) {
                by_input = true;
                search_stop(search);
            }
            double now = monotonic_seconds();
            if (now >= next) {
                watch->progress(watch->arg);
                next += watch->interval;
                if (next < now)
                    next = now + watch->interval; /* fell behind: no burst of catch-up output */
            }
            seen = input_wait(input, seen, next);
        }
        search_on_finish(search, NULL, NULL);
    }
    if (stopped)
        *stopped = by_input;
    return search_wait(search);
}
