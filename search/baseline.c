/* baseline.c - random and one-ply greedy reference players. */
#include "search/baseline.h"

#include <stdlib.h>

#include "engine/movegen.h"
#include "eval/eval.h"

bool random_player_move(const Position *pos, Rng *rng, Move *m)
{
    MoveList *list = malloc(sizeof *list);
    if (!list)
        return false;
    generate_moves(pos, pos->to_move, list);
    bool found = list->count > 0;
    if (found)
        *m = list->moves[rng_below(rng, (uint32_t)list->count)];
    free(list);
    return found;
}

bool greedy_player_move(const Position *pos, Rng *rng, Move *m)
{
    MoveList *list = malloc(sizeof *list);
    if (!list)
        return false;
    generate_moves(pos, pos->to_move, list);
    double best = -1;
    int ties = 0;
    for (int i = 0; i < list->count; i++) {
        Position next = *pos;
        position_make(&next, list->moves[i]);
        /* The opponent is to move in `next`: our chance is the complement. */
        double value = has_legal_move(&next, next.to_move) ? 1.0 - eval_win_probability(&next) : 2.0;
        if (value > best) {
            best = value;
            *m = list->moves[i];
            ties = 1;
        } else if (value == best && rng_below(rng, (uint32_t)++ties) == 0) {
            *m = list->moves[i]; /* reservoir sampling keeps the tie-break uniform */
        }
    }
    bool found = list->count > 0;
    free(list);
    return found;
}
