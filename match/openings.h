/*
 * openings.h - the openings file: one opening per line, either a position
 * text ("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w", see PROTOCOL.md) or a
 * whitespace-separated list of moves played from the start position, each
 * by the side to move.  Blank lines and everything after '#' are ignored.
 */
#ifndef AMAZONS_MATCH_OPENINGS_H
#define AMAZONS_MATCH_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "match/referee.h"

enum { OPENINGS_FILE_MAX = 64 << 20 };

/*
 * Parses the text of an openings file, data[0..size) (need not be
 * NUL-terminated; lines end in LF, CR LF or the end of the data, and a CR
 * anywhere else is an error), named
 * `name` in messages.  *board_size is the match's board; a width of 0
 * means not chosen yet, and then the first line decides (a position
 * text's own size, 10x10 for a move list).  On success returns true with
 * a malloc'ed array in *openings; on failure returns false with
 * "NAME:LINE: what is wrong" in error[error_size].
 */
bool openings_parse(const char *data, size_t size, const char *name, BoardSize *board_size, Opening **openings,
                    int *count, char *error, size_t error_size);

/* Reads the file at `path` (at most OPENINGS_FILE_MAX bytes) and parses it as openings_parse does. */
bool openings_load(const char *path, BoardSize *size, Opening **openings, int *count,
                   char *error, size_t error_size);

void openings_free(Opening *openings, int count);

/* A fingerprint of the openings' texts in their order (FNV-1a), to tell matches apart. */
uint64_t openings_hash(const Opening *openings, int count);

#endif
