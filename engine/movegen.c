/* movegen.c - move generation and counting on bitboards. */
#include "movegen.h"

#include <stdlib.h>

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

uint64_t count_moves(const Position *pos, Color c)
{
    uint64_t total = 0;
    Bitboard amazons = pos->amazons[c];
    while (amazons) {
        int from = bb_pop(&amazons);
        Bitboard destinations = queen_targets(from, pos->empty);
        /* Arrows fly from each destination through the board with `from` vacated. */
        total += (uint64_t)bb_queen_reach_total(destinations, pos->empty | bb_square(from));
    }
    return total;
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

uint64_t perft(Position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return count_moves(pos, pos->to_move);
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
