/*
 * board_model.h - an independent model of positions for the protocol suites:
 * a reader and writer of the position text (PROTOCOL.md §3), a move applier
 * that follows the rules by hand, and checks of showboard / territory
 * diagrams against a board.  It shares no code with the engine, so agreeing
 * with it means something.
 */
#ifndef AMAZONS_TESTS_BOARD_MODEL_H
#define AMAZONS_TESTS_BOARD_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "protocol_client.h"

/* cell[rank][file]: rank 0 is rank 1; '.', 'W', 'B' or 'x'. */
typedef struct {
    int width, height;     /* files, ranks */
    char cell[10][10];
    char side;
} Board;

/* An independent reader of the position text; false when malformed. */
bool bm_parse(const char *text, Board *b);
/* The board of a position text; the test fails when it is malformed. */
Board bm_of(const char *text);
/* The canonical position text of a board (tracked), for messages. */
char *bm_text(const Board *b);
bool bm_equal(const Board *a, const Board *b);

/* Parses canonical move text "d1-d7/g7" into {file, rank} pairs, counted from 0. */
bool bm_parse_move(const char *text, int sq[3][2]);
/* Applies a (legal) move for colour c ('W' or 'B') to a board, as the rules say. */
Board bm_after(Board b, char c, const char *move);

/* The engine's start position on a board of size 4..10 (START_10 for 10). */
const char *bm_start_text(int size);

/* Response i succeeded with a position text equal to the board. */
void bm_expect_at(int line, const Responses *rs, size_t i, const Board *want);
#define EXPECT_BOARD(rs, i, board) bm_expect_at(__LINE__, (rs), (i), (board))

/*
 * Checks a diagram (showboard or territory) against the board: a leading
 * newline, file letters, one line per rank from the top with the rank number
 * and one one-character cell per file, file letters again, then `trailer`
 * lines.  Cells must be in `alphabet`; amazons and arrows must be where the
 * board has them, and empty squares must show one of `empty_marks`.
 */
void bm_check_diagram(const char *body, const Board *b, const char *alphabet,
                      const char *empty_marks, size_t trailer, const char *what);
void bm_check_showboard(const char *body, const Board *b);
void bm_check_territory(const char *body, const Board *b);

#endif
