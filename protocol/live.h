/*
 * live.h - watching a running search while the protocol input stays live:
 * "# interrupt" (or, for analysis, any line) stops it, and a progress
 * callback runs at a fixed interval (analysis output).
 */
#ifndef AMAZONS_LIVE_H
#define AMAZONS_LIVE_H

#include <stdbool.h>

#include "protocol/input.h"
#include "search/search.h"

typedef struct {
    bool stop_on_line;            /* any queued line ends the search (analysis) */
    double interval;              /* seconds between progress calls; <= 0: none */
    void (*progress)(void *arg);  /* called on the watching thread */
    void *arg;
    bool ownership;               /* the progress shows territory: the search gathers it */
} LiveWatch;

/*
 * Waits for the search started on `search` to end, stopping it early as the
 * watch says, and returns its result.  *stopped (may be NULL) tells whether
 * input stopped it.  input may be NULL: then it just waits.
 */
SearchResult live_watch(Search *search, LineInput *input, const LiveWatch *watch, bool *stopped);

#endif
