/*
 * data.h - training positions for the learned evaluation, as the self-play
 * generator writes them and the trainer reads them (docs/learning.md has
 * the format byte by byte).
 *
 * A file is the 8 bytes "AMZDATA1", a little-endian 64-bit count, then that
 * many records of TRAINING_RECORD_BYTES:
 *
 *   key       8  a hash of the position (board, amazons, arrows, side to move)
 *   width     1
 *   height    1
 *   to_move   1  0 White, 1 Black
 *   plies     1  moves played before it in its first game (at most 255)
 *   result    2  share of its games the side to move went on to win, x 65535
 *   value     2  the search's win rate for the side to move, x 65535 (mean)
 *   count     2  games it came from (at most 65535)
 *   cells    25  two bits per square, rank * width + file, low bits first:
 *                0 empty, 1 White amazon, 2 Black amazon, 3 arrow
 *   spare     1  zero
 *
 * A position met more than once (in one game set, or in shards merged
 * later) is kept once, its result and value averaged over its games.
 */
#ifndef AMAZONS_LEARN_DATA_H
#define AMAZONS_LEARN_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

enum { TRAINING_RECORD_BYTES = 44, TRAINING_CELL_BYTES = 25 };

#define TRAINING_FILE_MAGIC "AMZDATA1"

typedef struct {
    uint64_t key;
    uint8_t width, height, to_move, plies;
    uint16_t result, value, count;
    uint8_t cells[TRAINING_CELL_BYTES];
} TrainingRecord;

typedef struct {
    TrainingRecord *records;
    size_t count, capacity;
} TrainingSet;

/* The record of a position, with one game's outcome and the search's value (0..1). */
void record_from_position(const Position *pos, int plies, bool won, double value, TrainingRecord *r);

/* The position a record holds. */
void record_position(const TrainingRecord *r, Position *pos);

/* Appends a record; false without memory. */
bool set_add(TrainingSet *set, const TrainingRecord *r);
void set_free(TrainingSet *set);

/*
 * Sorts by key and keeps one record per position, its result and value
 * averaged, weighted by count.
 */
void set_merge_duplicates(TrainingSet *set);

/* Reads a file's records onto the set; NULL on success, else what is wrong. */
const char *set_read(TrainingSet *set, const char *path);

/* Reads every file of paths onto the set; NULL, or what is wrong and *bad the file. */
const char *set_read_files(TrainingSet *set, char *const *paths, int count, const char **bad);

/* Whether every record is of the first record's board (an empty set is). */
bool set_one_board(const TrainingSet *set);

/* Writes the whole set; false on an error (errno tells). */
bool set_write(const TrainingSet *set, const char *path);

/*
 * A journal: records one after another with no header, appended as they are
 * made, so that a long run killed part way keeps what it did.  Reading
 * stops at a partly written last record (the kill's) and drops it.
 */
bool journal_append(void *file, const TrainingRecord *r);
const char *journal_read(TrainingSet *set, const char *path);

#endif
