/*
 * playout.h - the Monte-Carlo simulation: a few random moves from a leaf,
 * then the territory evaluation turned into a win probability.
 */
#ifndef AMAZONS_PLAYOUT_H
#define AMAZONS_PLAYOUT_H

#include <stdbool.h>

#include "engine/position.h"
#include "search/rng.h"

/* Plays one uniformly random amazon, destination and arrow; false when stuck. */
bool random_move(const Position *pos, Rng *rng, Move *m);

/*
 * From pos, plays `depth` random moves and evaluates: returns the probability
 * that `perspective` wins (exactly 0 or 1 when a side is stuck or the move
 * race is decided).  pos is used as scratch.
 */
double playout(Position *pos, int depth, Color perspective, Rng *rng);

#endif
