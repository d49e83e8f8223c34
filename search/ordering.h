/*
 * ordering.h - cheap move-ordering heuristics for the two halves of a move.
 *
 * The tree only widens slowly (progressive widening), so the order in which
 * children are tried is the search's prior knowledge.  These scores are
 * meant to be cheap enough to compute for every child at expansion.
 */
#ifndef AMAZONS_ORDERING_H
#define AMAZONS_ORDERING_H

#include <stdint.h>

#include "engine/position.h"
#include "eval/params.h"
#include "search/move_features.h"

typedef struct {
    uint8_t a, b;        /* amazon move: from, to; arrow: square, unused */
    int16_t score;       /* higher is tried first */
} ScoredChoice;

/* Upper bound of amazon moves (4 amazons x 35 destinations) or arrows in a position. */
enum { MAX_CHOICES = 4 * 35 };

/* The parameter that weighs each feature of an amazon move in its score. */
extern const ParamId MOVE_FEATURE_WEIGHT[MOVE_FEATURES];

/* Amazon moves (from, to) of the side to move, scored and sorted best first. */
int order_amazon_moves(const Position *pos, ScoredChoice *out);

/* What an arrow's score weighs: yes/no features of its target. */
enum {
    THEIR_NEIGHBOUR, /* next to an enemy amazon */
    THEIR_REACH,     /* an enemy amazon could move there */
    OUR_NEIGHBOUR,   /* next to one of ours */
    ONLY_OUR_REACH,  /* only our amazons could move there */
    ARROW_FEATURES
};
extern const ParamId ARROW_FEATURE_WEIGHT[ARROW_FEATURES];

/*
 * The arrow targets after the side to move's amazon went from -> to, and
 * for each feature the squares where it holds.
 */
Bitboard arrow_feature_sets(const Position *pos, int from, int to, Bitboard feature[ARROW_FEATURES]);

/* Arrows after the side to move's amazon went from -> to, scored and sorted best first. */
int order_arrows(const Position *pos, int from, int to, ScoredChoice *out);

/* The first arrow order_arrows would list, without building the list (from -> to must be a move). */
int best_arrow(const Position *pos, int from, int to);

/* Scores of the *_by_eval orderings: the win probability times this. */
enum { ORDER_EVAL_SCALE = 30000 };

/*
 * The same lists ordered by the full evaluation of the position each choice
 * leads to: about a hundred times costlier, so kept for nodes that matter.
 */
int order_amazon_moves_by_eval(const Position *pos, ScoredChoice *out);
int order_arrows_by_eval(const Position *pos, int from, int to, ScoredChoice *out);

#endif
