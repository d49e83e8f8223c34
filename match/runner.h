/*
 * runner.h - playing a match or tournament: every engine started once and
 * named (match/roster.h); the games of the schedule (those of one shard,
 * less those a resumed results file already holds) shared out among
 * parallel game slots, each slot with its own engine processes; every
 * finished game tallied, shown, saved and appended to the results file at
 * once; the SPRT stop; a stop when an engine cannot start; the table at the
 * end.
 */
#ifndef AMAZONS_MATCH_RUNNER_H
#define AMAZONS_MATCH_RUNNER_H

#include <stdbool.h>

#include "match/referee.h"
#include "match/schedule.h"
#include "match/settings.h"

enum { MAX_JOBS = 64 };

typedef struct {
    MatchSettings settings;            /* the engines' names only where name_given */
    bool name_given[MAX_ENGINES];      /* named on the command line; the others by their `name` answer */
    const char *anchor_name;           /* --anchor to find once all engines are named, or NULL */
    const char *command[MAX_ENGINES];  /* /bin/sh -c command lines, by engine */
    Opening *openings;                 /* settings.schedule.openings of them, or NULL */
    Opening start;                     /* the start position, for games without an opening */
    Shard shard;                       /* 0/1: every game */
    int jobs;                          /* games at a time */
    bool quiet;                        /* no progress lines */
    bool fresh_engines;                /* new engine processes for every game */
    const char *sgf_path;              /* --sgf: one collection, or NULL */
    const char *sgf_dir;               /* --sgf-dir: a file per game, or NULL */
    const char *results_path;          /* --results, or NULL */
    bool resume;                       /* skip the games results_path holds */
} RunOptions;

/*
 * Plays and prints the table on stdout; returns the exit status: 0, 1 when
 * output could not be written, 2 for a bad results file or anchor, 3
 * (EXIT_ENGINE_CANNOT_START) when an engine could not start, 128 + N after
 * signal N.
 */
int run_match(const RunOptions *options);

#endif
