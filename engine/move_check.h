/*
 * move_check.h - why a move is not legal, in words a user can act on.
 *
 * Controllers match the GTP words "illegal move" at the start of an error;
 * these phrases go after them: "no white amazon on e5", "the path from d1
 * to d7 is blocked at d4".
 */
#ifndef AMAZONS_MOVE_CHECK_H
#define AMAZONS_MOVE_CHECK_H

#include "engine/position.h"

enum { MOVE_REASON_MAX = 80 };

/*
 * Why m is not legal for colour c in pos, written into buf (at least
 * MOVE_REASON_MAX bytes) and returned; NULL when m is legal.  The squares of
 * m must be on the board (move_parse says when they are not).
 */
const char *illegal_move_reason(const Position *pos, Color c, Move m, char *buf);

#endif
