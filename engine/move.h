/*
 * move.h - a move (amazon from, amazon to, arrow) and its text notation.
 *
 * Canonical text is "d1-d7/g7"; input also accepts "d1d7g7" and "d1-d7-g7"
 * in any letter case.
 */
#ifndef AMAZONS_MOVE_H
#define AMAZONS_MOVE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint8_t from, to, arrow; /* square indices, see bitboard.h */
} Move;

enum { MOVE_TEXT_MAX = 12 }; /* "j10-j10/j10" plus NUL */

static inline bool move_equal(Move a, Move b)
{
    return a.from == b.from && a.to == b.to && a.arrow == b.arrow;
}

/* Writes a square such as "d1" / "j10"; buf holds at least 4 bytes. */
void square_to_text(int sq, char *buf);

/* Writes the canonical lower-case move text into buf (MOVE_TEXT_MAX bytes). */
void move_to_text(Move m, char *buf);

/*
 * Parses a move on a board of `width` files and `height` ranks: three
 * squares (file letter, rank 1 to 99), the first two optionally followed by
 * '-', the second by '/'.  MOVE_OFF_BOARD: well formed, but a square lies
 * outside the board.  Legality is the rules' business (move_check.h).
 */
typedef enum { MOVE_PARSED, MOVE_MALFORMED, MOVE_OFF_BOARD } MoveParse;
MoveParse move_parse(const char *text, int width, int height, Move *m);

/* move_parse, true only for MOVE_PARSED. */
bool move_from_text(const char *text, int width, int height, Move *m);

#endif
