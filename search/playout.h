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
 * From pos, plays `depth` random moves and evaluates.  When pending_from is
 * not NO_SQUARE, the side to move has already chosen the amazon move
 * pending_from -> pending_to, and the playout first completes it with a
 * random arrow.  Returns the
 * probability that `perspective` wins.  pos is used as scratch.
 */
double playout(Position *pos, int pending_from, int pending_to, int depth, Color perspective, Rng *rng);

#endif
