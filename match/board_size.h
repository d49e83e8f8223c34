/*
 * board_size.h - the board a match is played on: COLUMNS files by ROWS
 * ranks, each from BOARD_MIN to BOARD_MAX (4 to 10), written "8" when square
 * and "6x5" when not, as --size takes it.
 */
#ifndef AMAZONS_MATCH_BOARD_SIZE_H
#define AMAZONS_MATCH_BOARD_SIZE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int width, height;  /* files (columns) and ranks (rows); 0 when not chosen yet */
} BoardSize;

/* "N" (N x N) or "CxR"; false for anything else, a side outside 4..10 included. */
bool board_size_parse(const char *text, BoardSize *size);

/* "6x5", "8x8": both sides always, for tables and messages. */
void board_size_text(BoardSize size, char *text, size_t text_size);

static inline bool board_size_equal(BoardSize a, BoardSize b)
{
    return a.width == b.width && a.height == b.height;
}

#endif
