/* playout.c - random moves plus evaluation at a short cutoff. */
#include "search/playout.h"

#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/params.h"

bool random_move(const Position *pos, Rng *rng, Move *m)
{
    Color us = pos->to_move;
    /* Only amazons with an empty neighbour can move (and then always can). */
    Bitboard movable = pos->amazons[us] & bb_king_reach(pos->empty, ~(Bitboard)0);
    if (!movable)
        return false;
    int from = rng_pick(rng, movable);
    int to = rng_pick(rng, queen_targets(from, pos->empty));
    int arrow = rng_pick(rng, queen_targets(to, pos->empty | bb_square(from)));
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->arrow = (uint8_t)arrow;
    return true;
}

double playout(Position *pos, int depth, Color perspective, Rng *rng)
{
    for (int i = 0; i < depth; i++) {
        Move m;
        if (!random_move(pos, rng, &m))
            return pos->to_move == perspective ? 0.0 : 1.0; /* side to move is stuck: lost */
        position_make(pos, m);
    }
    if (!has_legal_move(pos, pos->to_move))
        return pos->to_move == perspective ? 0.0 : 1.0;
    double p = eval_win_probability(pos);
    if (param_int(P_PLAYOUT_SIGN))
        p = p > 0.5 ? 1.0 : p < 0.5 ? 0.0 : 0.5;
    return pos->to_move == perspective ? p : 1.0 - p;
}
