/*
 * move_features.h - what the move ordering knows about an amazon move.
 *
 * The ordering scores an amazon move by a weighted sum of these features
 * (search/ordering.c, weights in eval/params.c); amazons-prior-fit learns
 * the weights from deep searches' root visit counts (docs/learning.md).
 * Each is a small whole number, cheap to find for every move of a position
 * at once.
 */
#ifndef AMAZONS_MOVE_FEATURES_H
#define AMAZONS_MOVE_FEATURES_H

#include <stdint.h>

#include "engine/position.h"

typedef enum {
    MF_MOBILITY_AFTER,  /* queen moves from the landing square, the vacated square's ray included */
    MF_MOBILITY_BEFORE, /* the amazon's queen moves before it moves */
    MF_NEAR_ENEMY,      /* 1: lands within two king steps of an enemy amazon */
    MF_NEXT_TO_ENEMY,   /* 1: lands next to an enemy amazon */
    MF_ROOM_AFTER,      /* empty squares next to the landing square (the vacated one counts) */
    MF_ROOM_BEFORE,     /* empty squares next to the amazon before it moves */
    MF_ENEMY_REACH,     /* 1: lands where an enemy amazon could move */
    MF_NEXT_TO_OWN,     /* 1: lands next to another of our amazons */
    MF_DISTANCE,        /* king steps between the two squares */
    MF_EDGE_DISTANCE,   /* king steps from the landing square to the board's edge */
    MOVE_FEATURES
} MoveFeature;

typedef struct {
    uint8_t from, to;
    uint8_t f[MOVE_FEATURES];
} AmazonMoveFeatures;

/* Upper bound of the amazon moves of a position: 4 amazons x 35 destinations. */
enum { MAX_AMAZON_MOVES = 4 * 35 };

/* A set of features, bit f for feature f. */
typedef unsigned MoveFeatureSet;
#define ALL_MOVE_FEATURES ((MoveFeatureSet)((1u << MOVE_FEATURES) - 1))

/*
 * The side to move's amazon moves with the features in `wanted`; returns how
 * many.  Features outside `wanted` may be left unset: the ordering runs at
 * every expansion and asks only for those it weighs.
 */
int amazon_move_features(const Position *pos, MoveFeatureSet wanted, AmazonMoveFeatures *out);

/* The feature's name, as amazons-prior-fit prints it and params.c names its weight. */
const char *move_feature_name(MoveFeature f);

#endif
