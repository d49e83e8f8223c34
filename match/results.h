/*
 * results.h - results files: one JSON object per line for every finished
 * game (JSON Lines), written the moment the game ends, read back to resume
 * a match or to merge the shards of one (PROTOCOL.md section 11 lists the
 * fields).  Every line carries the match's settings, and the start
 * position and every move, so that a merge can rebuild the tables and the
 * SGF records without the run that played the games.
 *
 * Reading is strict: a line that is not a complete, consistent game record
 * of the schedule (right engines and opening for its number, legal moves,
 * a result that agrees with the ending) is an error naming the file and
 * line, never skipped.
 */
#ifndef AMAZONS_MATCH_RESULTS_H
#define AMAZONS_MATCH_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "match/referee.h"
#include "match/settings.h"

/* One finished game as a line of JSON with its newline (malloc'ed), or NULL when out of memory. */
char *result_line(const MatchSettings *settings, const Opening *openings, const GameResult *result);

/* The settings the lines of a file (or several files) must share, and where they came from. */
typedef struct {
    MatchSettings settings;
    bool known;            /* false until the first line sets them */
    char origin[512];      /* "FILE:LINE" or a description of the command line */
} ResultsCheck;

/* Receives each game read; returns false (with a message in error) to stop. */
typedef bool (*ResultFn)(void *context, const GameResult *result, char *error, size_t error_size);

/*
 * Parses one line of a results file: data[0..size), its newline included
 * (a line without one was cut off), need not be NUL-terminated.  Checks the
 * line's settings against check (or, with check->known false, takes them,
 * with `where` as their origin, e.g. "FILE:LINE") and the game against the
 * schedule; returns false with what is wrong in error[error_size].  No file
 * is involved: results_read calls this for every line.
 */
bool results_parse_line(const char *data, size_t size, const char *where, ResultsCheck *check,
                        GameResult *result, char *error, size_t error_size);

/*
 * Reads every line of `path` into a GameResult passed to `fn`, checking
 * each line's settings against check (or, with check->known false, taking
 * the first line's).  A missing file counts as empty when `missing_ok`.
 * Returns false with "FILE:LINE: what is wrong" in error[error_size].
 */
bool results_read(const char *path, bool missing_ok, ResultsCheck *check, ResultFn fn, void *context,
                  char *error, size_t error_size);

#endif
