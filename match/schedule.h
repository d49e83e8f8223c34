/*
 * schedule.h - who plays whom: the engines of a match or tournament, its
 * pairings, and for every game number the colours and the opening.
 *
 * A match has two engines and one pairing; a round-robin pairs every two
 * engines (1-2, 1-3, ..., 2-3, ...); a gauntlet pairs the first engine
 * with each other one.  Every pairing plays the same number of games.  The
 * games of the pairings are interleaved (game index g belongs to pairing
 * g mod P, as its (g / P)-th game k), so a match cut short has played every
 * pairing about equally.  Within a pairing the first engine has White in
 * its even games k; opening (k / 2) mod openings is played twice, colours
 * swapped.  The numbering depends on nothing but these settings: not on
 * parallel games, sharding or what was played before.
 */
#ifndef AMAZONS_MATCH_SCHEDULE_H
#define AMAZONS_MATCH_SCHEDULE_H

#include <stdbool.h>

#include "match/referee.h"

enum {
    MAX_ENGINES = 32,
    MAX_PAIRINGS = MAX_ENGINES * (MAX_ENGINES - 1) / 2,
    MAX_GAMES = 1000000,
};

typedef enum { SCHEDULE_MATCH, SCHEDULE_ROUND_ROBIN, SCHEDULE_GAUNTLET } ScheduleKind;

extern const char *const SCHEDULE_NAMES[3]; /* "match", "round-robin", "gauntlet" */

typedef struct {
    ScheduleKind kind;
    int engines;
    char name[MAX_ENGINES][ENGINE_NAME_MAX];
    int games_per_pairing;
    int openings;                   /* 0: every game from the start position */
    int pairings;
    int pair[MAX_PAIRINGS][2];      /* engine numbers, the first one listed first */
    int total;                      /* games in all */
} Schedule;

/* One game of the schedule. */
typedef struct {
    int engine[2];     /* by colour (WHITE, BLACK) */
    int opening;       /* index into the openings, -1 without openings */
} ScheduledGame;

/*
 * Fills in the pairings and the total from kind, engines, games_per_pairing
 * and openings.  Returns false when the total would pass MAX_GAMES.
 */
bool schedule_build(Schedule *schedule);

ScheduledGame schedule_game(const Schedule *schedule, int index);

/* The engine called `name`, or -1. */
int schedule_find(const Schedule *schedule, const char *name);

/* A shard of the games: those whose index is `index` modulo `count`. */
typedef struct {
    int index, count;  /* 0 <= index < count; 0/1 for the whole schedule */
} Shard;

/* "I/N" with 0 <= I < N; false for anything else. */
bool shard_parse(const char *text, Shard *shard);

static inline bool shard_has(Shard shard, int game_index)
{
    return game_index % shard.count == shard.index;
}

#endif
