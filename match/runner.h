/*
 * runner.h - playing a match or tournament: the games of the schedule
 * (those of one shard, less those a resumed results file already holds)
 * shared out among parallel game slots, each slot with its own engine
 * processes; every finished game tallied, shown, saved and appended to the
 * results file at once; the SPRT stop; the table at the end.
 */
#ifndef AMAZONS_MATCH_RUNNER_H
#define AMAZONS_MATCH_RUNNER_H

#include <stdbool.h>

#include "match/referee.h"
#include "match/schedule.h"
#include "match/settings.h"

enum { MAX_JOBS = 64 };

typedef struct {
    MatchSettings settings;
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

/* Plays and prints the table on stdout; returns the exit status. */
int run_match(const RunOptions *options);

#endif
