/*
 * net_features.h - what the learned evaluation (net.h) sees of a position,
 * square by square, as seen by the side to move:
 *
 *   - an empty square: its class (below), our queen distance and theirs,
 *     and our king distance and theirs, each distance bucketed as 1, 2, 3,
 *     4 or more, or unreachable: one of 625 features per class;
 *   - an amazon: its class, ours or theirs, and its mobility (queen moves)
 *     bucketed as 0, 1-2, 3-5, 6-9, 10-15, 16 or more (12 features);
 *   - an arrow: nothing.
 *
 * A square's class is how far it lies from the nearer side edge and from
 * the nearer end edge, each counted up to 3: 16 classes.  Classes rather
 * than squares let the data of some thousands of games teach every weight
 * (a network over squares learned those games by heart), and make one
 * network fit every board size.  Colours are "ours" and "theirs", so one
 * network serves both.  The trainer computes features with this same code.
 */
#ifndef AMAZONS_NET_FEATURES_H
#define AMAZONS_NET_FEATURES_H

#include <stdint.h>

#include "engine/position.h"
#include "eval/eval.h"

enum {
    NET_DISTANCE_BUCKETS = 5,  /* 1, 2, 3, 4+, unreachable */
    NET_PAIRS = NET_DISTANCE_BUCKETS * NET_DISTANCE_BUCKETS,
    NET_MOBILITY_BUCKETS = 6,
    NET_EMPTY = 0,                               /* + queen pair * 25 + king pair */
    NET_OUR_AMAZON = NET_PAIRS * NET_PAIRS,      /* + mobility bucket */
    NET_THEIR_AMAZON = NET_OUR_AMAZON + NET_MOBILITY_BUCKETS,
    NET_SQUARE_FEATURES = NET_THEIR_AMAZON + NET_MOBILITY_BUCKETS,
    NET_EDGE_CAP = 3,
    NET_SQUARE_CLASSES = (NET_EDGE_CAP + 1) * (NET_EDGE_CAP + 1),
    /* One per square that is not an arrow. */
    NET_MAX_ACTIVE = BOARD_MAX * BOARD_MAX
};

typedef struct {
    int count;
    uint16_t index[NET_MAX_ACTIVE];
} NetFeatures;

/* The number of features of a network (the same for every board size). */
static inline int net_feature_count(int width, int height)
{
    (void)width, (void)height;
    return NET_SQUARE_CLASSES * NET_SQUARE_FEATURES;
}

/*
 * The active features of pos, whose queen distances the caller has (the
 * evaluation needs them anyway, to see whether the regions are closed).
 */
void net_features(const Position *pos, const DistanceMap *queen, NetFeatures *features);

#endif
