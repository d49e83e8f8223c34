/*
 * game_checks.h - the invariants of a Position and a Game, comparisons that
 * name the first difference, and whether a side can move and what it can
 * reach, counted square by square (apart from the engine's bitboard code);
 * shared by the fuzz harnesses.
 */
#ifndef AMAZONS_FUZZ_GAME_CHECKS_H
#define AMAZONS_FUZZ_GAME_CHECKS_H

#include <stdbool.h>

#include "engine/game.h"
#include "engine/position.h"
#include "tests/fuzz/harness_common.h"

/* Everything a Position promises: sizes, disjoint pieces on the board, counts, hash. */
FUZZ_API const char *fuzz_check_position(const Position *pos)
{
    if (pos->width < BOARD_MIN || pos->width > BOARD_MAX || pos->height < BOARD_MIN || pos->height > BOARD_MAX)
        return fuzz_fail("position: size %dx%d out of range", pos->width, pos->height);
    if (pos->to_move != WHITE && pos->to_move != BLACK)
        return fuzz_fail("position: side to move %d", (int)pos->to_move);
    if (pos->board != bb_board_mask(pos->width, pos->height))
        return fuzz_fail("position: board mask does not match size %dx%d", pos->width, pos->height);
    Bitboard w = pos->amazons[WHITE], b = pos->amazons[BLACK], x = pos->arrows;
    if ((w & b) || (w & x) || (b & x))
        return fuzz_fail("position: two pieces on one square");
    if ((w | b | x) & ~pos->board)
        return fuzz_fail("position: a piece off the board");
    if (pos->empty != (pos->board & ~(w | b | x)))
        return fuzz_fail("position: empty set inconsistent with the pieces");
    for (int c = WHITE; c <= BLACK; c++) {
        int n = bb_count(pos->amazons[c]);
        if (n < 1 || n > MAX_AMAZONS)
            return fuzz_fail("position: %s has %d amazons", c == WHITE ? "white" : "black", n);
    }
    if (pos->hash != position_compute_hash(pos))
        return fuzz_fail("position: stale hash");
    return NULL;
}

FUZZ_API const char *fuzz_same_position(const char *what, const Position *a, const Position *b)
{
    if (!position_same_board(a, b) || a->to_move != b->to_move || a->amazons[WHITE] != b->amazons[WHITE]
        || a->amazons[BLACK] != b->amazons[BLACK] || a->arrows != b->arrows
        || a->board != b->board || a->empty != b->empty || a->hash != b->hash) {
        char ta[POSITION_TEXT_MAX], tb[POSITION_TEXT_MAX];
        position_to_text(a, ta);
        position_to_text(b, tb);
        return fuzz_fail("%s: positions differ: \"%s\" vs \"%s\"", what, ta, tb);
    }
    return NULL;
}

/* Same start, same moves with the same movers, same current position. */
FUZZ_API const char *fuzz_same_game(const char *what, const Game *a, const Game *b)
{
    FUZZ_TRY(fuzz_same_position(what, &a->start, &b->start));
    if (a->length != b->length)
        return fuzz_fail("%s: %d moves vs %d", what, a->length, b->length);
    for (int i = 0; i < a->length; i++) {
        const GameRecord *ra = &a->history[i], *rb = &b->history[i];
        if (!move_equal(ra->move, rb->move) || ra->mover != rb->mover
            || ra->to_move_before != rb->to_move_before)
            return fuzz_fail("%s: move %d differs", what, i + 1);
    }
    return fuzz_same_position(what, &a->pos, &b->pos);
}

/* The game's history replays legally from its start to its current position. */
FUZZ_API const char *fuzz_check_game(const Game *game)
{
    if (game->length < 0 || game->length > MAX_GAME_MOVES)
        return fuzz_fail("game: length %d", game->length);
    FUZZ_TRY(fuzz_check_position(&game->start));
    FUZZ_TRY(fuzz_check_position(&game->pos));
    static Game replay; /* large: keep it off small stacks */
    game_set_position(&replay, &game->start);
    for (int i = 0; i < game->length; i++) {
        const GameRecord *rec = &game->history[i];
        if (rec->to_move_before != replay.pos.to_move)
            return fuzz_fail("game: move %d records the wrong side to move", i + 1);
        if (!game_play(&replay, rec->mover, rec->move))
            return fuzz_fail("game: move %d does not replay legally", i + 1);
    }
    return fuzz_same_position("game replay", &replay.pos, &game->pos);
}

/* ---- moves and regions counted square by square, apart from the engine's bitboards ---- */

FUZZ_API bool fuzz_on_board(const Position *pos, int file, int rank)
{
    return file >= 0 && rank >= 0 && file < pos->width && rank < pos->height;
}

FUZZ_API bool fuzz_empty_at(const Position *pos, int file, int rank)
{
    return fuzz_on_board(pos, file, rank) && bb_test(pos->empty, square_at(file, rank));
}

/* Whether any amazon of c has an empty neighbour: the only way it can move at all. */
FUZZ_API bool fuzz_can_move(const Position *pos, Color c)
{
    for (int r = 0; r < pos->height; r++)
        for (int f = 0; f < pos->width; f++)
            if (bb_test(pos->amazons[c], square_at(f, r)))
                for (int dr = -1; dr <= 1; dr++)
                    for (int df = -1; df <= 1; df++)
                        if ((df || dr) && fuzz_empty_at(pos, f + df, r + dr))
                            return true;
    return false;
}

/* Empty squares joined to c's amazons by steps between neighbouring empty squares (grid flood fill). */
FUZZ_API int fuzz_reachable(const Position *pos, Color c)
{
    bool seen[BOARD_MAX][BOARD_MAX] = { { false } };
    int queue[BOARD_MAX * BOARD_MAX], head = 0, tail = 0, count = 0;
    for (int r = 0; r < pos->height; r++)
        for (int f = 0; f < pos->width; f++)
            if (bb_test(pos->amazons[c], square_at(f, r)))
                queue[tail++] = r * BOARD_MAX + f;
    while (head < tail) {
        int f = queue[head] % BOARD_MAX, r = queue[head] / BOARD_MAX;
        head++;
        for (int dr = -1; dr <= 1; dr++)
            for (int df = -1; df <= 1; df++)
                if (fuzz_empty_at(pos, f + df, r + dr) && !seen[r + dr][f + df]) {
                    seen[r + dr][f + df] = true;
                    queue[tail++] = (r + dr) * BOARD_MAX + f + df;
                    count++;
                }
    }
    return count;
}

#endif
