/*
 * settings.h - what makes two runs parts of the same match: the board, the
 * clock, the schedule, the openings, the seed and the anchor.  Results
 * files carry these with every game, and games are only merged or resumed
 * under equal settings.  (The engine commands are not part of it: the same
 * engine may live at another path on another machine.  Nor is the SPRT: it
 * decides when a run stops, not which games it plays, so a match a test
 * stopped can be resumed to its -n without one, and its files still merge.)
 */
#ifndef AMAZONS_MATCH_SETTINGS_H
#define AMAZONS_MATCH_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "match/referee.h"
#include "match/schedule.h"
#include "match/stats.h"

typedef struct {
    MatchConfig config;        /* of it, board, tc and grace count; the timeouts do not */
    Schedule schedule;
    uint64_t openings_hash;    /* openings_hash() of the openings in play order */
    bool have_seed;
    unsigned long long seed;   /* --seed: the order of the openings */
    SprtConfig sprt;
    int anchor;                /* the engine rated 0 in a tournament */
} MatchSettings;

/*
 * Compares the parts that count.  Returns NULL when equal, else a text
 * naming the first difference ("board size 8x8 here, 6x5 there": a's, then
 * b's) in diff[size].
 */
const char *settings_differ(const MatchSettings *a, const MatchSettings *b, char *diff, size_t size);

#endif
