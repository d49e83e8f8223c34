/* move_check.c - why a move is not legal (move_check.h). */
#include "engine/move_check.h"

#include <stdio.h>

#include "engine/movegen.h"

/* The step from one square towards another on a queen line, or 0 when they share none. */
static int queen_step(int from, int to)
{
    int df = square_file(to) - square_file(from), dr = square_rank(to) - square_rank(from);
    if (df != 0 && dr != 0 && df != dr && df != -dr)
        return 0;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    return square_at(sf, sr) - square_at(0, 0);
}

/*
 * Why a queen move from `from` to `to` through `empty` is not possible, with
 * `what` naming the piece ("the amazon", "the arrow"); NULL when it is.
 */
static const char *path_reason(const char *what, int from, int to, Bitboard empty, char *buf)
{
    char a[4], b[4], at[4];
    square_to_text(from, a);
    square_to_text(to, b);
    if (from == to) {
        snprintf(buf, MOVE_REASON_MAX, "%s must leave %s", what, a);
        return buf;
    }
    int step = queen_step(from, to);
    if (!step) {
        snprintf(buf, MOVE_REASON_MAX, "%s cannot go from %s to %s: not on one line", what, a, b);
        return buf;
    }
    for (int sq = from + step;; sq += step) {
        if (!bb_test(empty, sq)) {
            square_to_text(sq, at);
            if (sq == to)
                snprintf(buf, MOVE_REASON_MAX, "%s is not empty", b);
            else
                snprintf(buf, MOVE_REASON_MAX, "the path from %s to %s is blocked at %s", a, b, at);
            return buf;
        }
        if (sq == to)
            return NULL;
    }
}

const char *illegal_move_reason(const Position *pos, Color c, Move m, char *buf)
{
    if (!bb_test(pos->amazons[c], m.from)) {
        char from[4];
        square_to_text(m.from, from);
        snprintf(buf, MOVE_REASON_MAX, "no %s amazon on %s", color_text(c), from);
        return buf;
    }
    if (path_reason("the amazon", m.from, m.to, pos->empty, buf))
        return buf;
    /* The square the amazon left is empty for its arrow. */
    Bitboard empty = (pos->empty | bb_square(m.from)) & ~bb_square(m.to);
    if (m.arrow == m.to) {
        char to[4];
        square_to_text(m.to, to);
        snprintf(buf, MOVE_REASON_MAX, "the arrow must leave %s, where the amazon landed", to);
        return buf;
    }
    return path_reason("the arrow", m.to, m.arrow, empty, buf);
}
