/* movegen.c - move generation and counting on bitboards. */
#include "movegen.h"

#include <stdlib.h>

#include "reachmap.h"

void generate_moves(const Position *pos, Color c, MoveList *list)
{
    list->count = 0;
    Bitboard amazons = pos->amazons[c];
    while (amazons) {
        int from = bb_pop(&amazons);
        Bitboard empty = pos->empty | bb_square(from); /* the arrow may cross `from` */
        Bitboard destinations = queen_targets(from, pos->empty);
        while (destinations) {
            int to = bb_pop(&destinations);
            Bitboard arrows = queen_targets(to, empty);
            while (arrows) {
                Move *m = &list->moves[list->count++];
                m->from = (uint8_t)from;
                m->to = (uint8_t)to;
                m->arrow = (uint8_t)bb_pop(&arrows);
            }
        }
    }
}

/*
 * Moves of the amazon on `from`: the sum, over its destinations d, of the
 * arrows from d with `from` vacated.  `map` counts what a queen reaches
 * through `empty`, where `from` still blocks; vacating it lengthens only the
 * rays from d that end at `from`: by `from` itself and the ray beyond it.
 * On a line where `from` reaches `below` squares on one side and `above` on
 * the other, that adds 1 + above for each of the first and 1 + below for
 * each of the second.
 */
static int count_amazon_moves(int from, Bitboard empty, const ReachMap *map)
{
    Bitboard destinations = 0;
    int vacated = 0;
#pragma GCC unroll 4
    for (int line = 0; line < NUM_LINES; line++) {
        unsigned reach = line_reach(from, line, empty);
        int below = __builtin_popcount(reach & line_below_mask(from, line));
        int above = __builtin_popcount(reach) - below;
        destinations |= line_squares(from, line, reach);
        vacated += below + above + 2 * below * above;
    }
    return reach_map_sum(map, destinations) + vacated;
}

/* Moves of the amazons in `amazons` on a board whose empty squares are `empty`. */
static uint64_t count_moves_on(Bitboard amazons, Bitboard empty)
{
    if (!amazons)
        return 0;
    ReachMap map;
    reach_map(empty, &map);
    uint64_t total = 0;
    while (amazons)
        total += (uint64_t)count_amazon_moves(bb_pop(&amazons), empty, &map);
    return total;
}

uint64_t count_moves(const Position *pos, Color c)
{
    return count_moves_on(pos->amazons[c], pos->empty);
}

bool has_legal_move(const Position *pos, Color c)
{
    return bb_king_reach(pos->amazons[c], pos->empty) != 0;
}

bool is_legal_move(const Position *pos, Color c, Move m)
{
    if (!bb_test(pos->amazons[c], m.from))
        return false;
    if (!bb_test(queen_targets(m.from, pos->empty), m.to))
        return false;
    return bb_test(queen_targets(m.to, pos->empty | bb_square(m.from)), m.arrow);
}

/*
 * The last two plies: the replies to a move depend only on the opponent's
 * amazons and the empty squares after it, so no move is made.
 */
static uint64_t perft_two(const Position *pos)
{
    MoveList *list = malloc(sizeof *list);
    generate_moves(pos, pos->to_move, list);
    Bitboard theirs = pos->amazons[color_other(pos->to_move)];
    uint64_t total = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        /* XOR, as in position_make: an arrow shot back onto `from` refills it. */
        Bitboard empty = pos->empty ^ bb_square(m.from) ^ bb_square(m.to) ^ bb_square(m.arrow);
        total += count_moves_on(theirs, empty);
    }
    free(list);
    return total;
}

uint64_t perft(Position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return count_moves(pos, pos->to_move);
    if (depth == 2)
        return perft_two(pos);
    MoveList *list = malloc(sizeof *list);
    generate_moves(pos, pos->to_move, list);
    uint64_t total = 0;
    for (int i = 0; i < list->count; i++) {
        position_make(pos, list->moves[i]);
        total += perft(pos, depth - 1);
        position_unmake(pos, list->moves[i]);
    }
    free(list);
    return total;
}
