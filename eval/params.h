/*
 * params.h - the engine's tunable constants: evaluation weights, move
 * ordering weights and search constants, in one table of named parameters
 * with defaults and ranges, settable at run time (--param NAME=VALUE) so
 * that a tuner can drive them without rebuilding.
 *
 * Hot code reads a value with param_value(): a load from the active set, no
 * lookup by name.  Values are kept per board size: every size reads the
 * common set until a size is given values of its own (param_set with that
 * size, or a default of its own in PARAM_SIZE_DEFAULTS), and
 * params_use_size() picks the set a game on that board reads.
 */
#ifndef AMAZONS_PARAMS_H
#define AMAZONS_PARAMS_H

#include <stdbool.h>

#include "engine/bitboard.h"

typedef enum {
    /* evaluation (eval.c) */
    P_EVAL_SCALE,
    P_MOBILITY_WEIGHT,
    P_INFLUENCE_WEIGHT,
    P_KING_WEIGHT,
    P_TIE_SHARE,
    P_PHASE_CONTACT,
    P_TERRITORY_FADE,
    P_MOBILITY_FLOOR,
    P_TRAPPED_PENALTY,
    P_RACE_SLOPE,
    P_NET_SCALE,
    P_FORMULA_SCALE,
    /* move ordering (ordering.c) */
    P_ORDER_MOBILITY,
    P_ORDER_MOBILITY_BEFORE,
    P_ORDER_NEAR_ENEMY,
    P_ORDER_NEXT_TO_ENEMY,
    P_ORDER_ROOM_AFTER,
    P_ORDER_ROOM_BEFORE,
    P_ORDER_ENEMY_REACH,
    P_ORDER_NEXT_TO_OWN,
    P_ORDER_DISTANCE,
    P_ORDER_EDGE_DISTANCE,
    P_ARROW_THEIR_NEIGHBOUR,
    P_ARROW_THEIR_REACH,
    P_ARROW_OUR_NEIGHBOUR,
    P_ARROW_ONLY_OUR_REACH,
    /* search (mcts.c) */
    P_EXPLORATION,
    P_WIDEN_BASE,
    P_WIDEN_RATE,
    P_EVAL_ORDER_VISITS,
    P_PRIOR_WEIGHT,
    P_PRIOR_TEMPERATURE,
    P_PLAYOUT_MOVES,
    P_PLAYOUT_SIGN,
    P_EXPAND_VISITS,
    /* hand-over to the exact solver (protocol/session.c) */
    P_SOLVER_SHARE,
    P_SOLVER_EMPTY,
    PARAM_COUNT
} ParamId;

typedef struct {
    const char *name;
    double initial;     /* the default, chosen by matches */
    double min, max;    /* accepted range, inclusive */
    bool integer;       /* only whole numbers are accepted */
    const char *help;
} ParamSpec;

extern const ParamSpec PARAM_SPECS[PARAM_COUNT];

/* A default that one board size has of its own, in place of the spec's. */
typedef struct {
    ParamId id;
    int size;
    double value;
} SizeDefault;

extern const SizeDefault PARAM_SIZE_DEFAULTS[];
extern const int PARAM_SIZE_DEFAULT_COUNT;

/* The set in use; read through param_value / param_int. */
extern const double *param_active;

static inline double param_value(ParamId id) { return param_active[id]; }
static inline int param_int(ParamId id) { return (int)param_active[id]; }

/* The parameter with this name, or -1. */
int param_find(const char *name);

/*
 * Sets a parameter for board size `size` (BOARD_MIN..BOARD_MAX), or for
 * every size when size is 0.  Returns NULL, or a message saying why the
 * value is refused (out of range, not a whole number); then nothing changes.
 */
const char *param_set(ParamId id, int size, double value);

/*
 * Applies "NAME=VALUE" for every size.  Returns NULL, or a message (unknown
 * name, malformed or refused value); then nothing changes.  The message may
 * live in a static buffer, valid until the next call.
 */
const char *param_assign(const char *text);

/* The set a game on an n x n board reads from now on. */
void params_use_size(int size);

/* The same for a board of `width` files and `height` ranks: the square size of about its area. */
void params_use_board(int width, int height);

/* Every parameter back to its default, for every size. */
void params_reset(void);

#endif
