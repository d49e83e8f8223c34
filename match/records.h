/*
 * records.h - SGF records of finished games: a file per game (--sgf-dir)
 * and one collection of them all in game order (--sgf).
 */
#ifndef AMAZONS_MATCH_RECORDS_H
#define AMAZONS_MATCH_RECORDS_H

#include <stdbool.h>
#include <stdio.h>

#include "match/referee.h"
#include "match/settings.h"

/* The game as an SGF game tree (malloc'ed), or NULL when out of memory. */
char *record_sgf(const MatchSettings *settings, const GameResult *result);

/* Writes DIR/game-NNNN.sgf; false (after a message on stderr) when it cannot. */
bool record_save(const char *dir, const MatchSettings *settings, const GameResult *result);

/*
 * Writes the games of results[0..total) that are not NULL, in that order,
 * to `file` (named `path` in messages) and closes it; false after a
 * message on stderr when anything could not be written.
 */
bool record_collection(const char *path, FILE *file, const MatchSettings *settings,
                       GameResult *const *results, int total);

#endif
