/* params.c - the table of tunable parameters and their values per board size. */
#include "eval/params.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The continuous weights below (eval_scale to race_slope, exploration, widen_rate)
 * come from an SPSA run on 8x8 at 5000 playouts a move (tests/tune/, about 1,170
 * iterations); the same set was then confirmed on 8x8 and on 10x10 separately, so
 * it serves every size (README, "Tuning").  The ordering weights and the integer
 * search constants were not tuned. */
const ParamSpec PARAM_SPECS[PARAM_COUNT] = {
    [P_EVAL_SCALE] = { "eval_scale", 3.12, 0.5, 20, false,
        "squares of advantage per logistic unit of win probability" },
    [P_MOBILITY_WEIGHT] = { "mobility_weight", 1.01, 0, 10, false,
        "weight of the trapped-amazon penalty" },
    [P_INFLUENCE_WEIGHT] = { "influence_weight", 0.49, 0, 5, false,
        "early-game weight of the 2^-distance influence" },
    [P_KING_WEIGHT] = { "king_weight", 0.45, 0, 5, false,
        "early-game weight of king-distance territory" },
    [P_TIE_SHARE] = { "tie_share", 0.056, 0, 1, false,
        "what a square both sides reach equally soon is worth to the side to move" },
    [P_PHASE_CONTACT] = { "phase_contact", 7.4, 0.5, 200, false,
        "contact (Lieberum's w) at which the opening weights are half on" },
    [P_TERRITORY_FADE] = { "territory_fade", 0.575, 0, 1, false,
        "share of queen territory's weight given up in the opening" },
    [P_MOBILITY_FLOOR] = { "mobility_floor", 0.25, 0, 5, false,
        "weight of the trapped-amazon penalty once the opening is over" },
    [P_TRAPPED_PENALTY] = { "trapped_penalty", 5.5, 0, 50, false,
        "penalty of an amazon without moves (falls as 1 / (1 + moves))" },
    [P_RACE_SLOPE] = { "race_slope", 1.51, 0.1, 10, false,
        "logistic slope of an undecided race between separated regions" },
    [P_NET_SCALE] = { "net_scale", 1, 0.1, 10, false,
        "factor of the learned network's log-odds (--eval net)" },
    [P_FORMULA_SCALE] = { "formula_scale", 1, 0.1, 10, false,
        "factor of the fitted formula's log-odds (--eval formula)" },
    [P_ORDER_MOBILITY] = { "order_mobility", 4, -20, 20, true,
        "ordering: weight of the amazon's queen moves after the move" },
    [P_ORDER_MOBILITY_BEFORE] = { "order_mobility_before", -2, -20, 20, true,
        "ordering: weight of the amazon's queen moves before the move" },
    [P_ORDER_NEAR_ENEMY] = { "order_near_enemy", 8, -50, 50, true,
        "ordering: bonus for landing within two king steps of an enemy amazon" },
    [P_ORDER_NEXT_TO_ENEMY] = { "order_next_to_enemy", 0, -50, 50, true,
        "ordering: bonus for landing next to an enemy amazon" },
    [P_ORDER_ROOM_AFTER] = { "order_room_after", 0, -20, 20, true,
        "ordering: weight of the empty squares next to the landing square" },
    [P_ORDER_ROOM_BEFORE] = { "order_room_before", 0, -20, 20, true,
        "ordering: weight of the empty squares next to the amazon before it moves" },
    [P_ORDER_ENEMY_REACH] = { "order_enemy_reach", 0, -50, 50, true,
        "ordering: bonus for landing where an enemy amazon could move" },
    [P_ORDER_NEXT_TO_OWN] = { "order_next_to_own", 0, -50, 50, true,
        "ordering: bonus for landing next to another of our amazons" },
    [P_ORDER_DISTANCE] = { "order_distance", 0, -20, 20, true,
        "ordering: weight of the king steps the amazon travels" },
    [P_ORDER_EDGE_DISTANCE] = { "order_edge_distance", 0, -20, 20, true,
        "ordering: weight of the landing square's king steps from the edge" },
    [P_ARROW_THEIR_NEIGHBOUR] = { "arrow_their_neighbour", 6, -20, 20, true,
        "ordering: arrow next to an enemy amazon" },
    [P_ARROW_THEIR_REACH] = { "arrow_their_reach", 3, -20, 20, true,
        "ordering: arrow on a square an enemy amazon could move to" },
    [P_ARROW_OUR_NEIGHBOUR] = { "arrow_our_neighbour", -4, -20, 20, true,
        "ordering: arrow next to one of our amazons" },
    [P_ARROW_ONLY_OUR_REACH] = { "arrow_only_our_reach", -1, -20, 20, true,
        "ordering: arrow on a square only our amazons could move to" },
    [P_EXPLORATION] = { "exploration", 0.244, 0.01, 5, false,
        "UCT exploration constant" },
    [P_WIDEN_BASE] = { "widen_base", 3, 1, 1000, true,
        "children a node considers at first" },
    [P_WIDEN_RATE] = { "widen_rate", 0.59, 0, 20, false,
        "further children considered per square root of the node's visits" },
    [P_EVAL_ORDER_VISITS] = { "eval_order_visits", 500, 0, 1e9, true,
        "visits of a node from which its new children are ordered by evaluation" },
    [P_PRIOR_WEIGHT] = { "prior_weight", 0, 0, 10, false,
        "weight of the evaluation's prior in selecting among children ordered by evaluation (0: none)" },
    [P_PRIOR_TEMPERATURE] = { "prior_temperature", 0.05, 0.001, 1, false,
        "win probability below the best child's at which that prior falls to 1/e" },
    [P_PLAYOUT_SIGN] = { "playout_sign", 0, 0, 1, true,
        "1: a playout scores a win or a loss by the side the evaluation favours, not its probability" },
    [P_PLAYOUT_MOVES] = { "playout_moves", 2, 0, 20, true,
        "random moves played before the evaluation" },
    [P_EXPAND_VISITS] = { "expand_visits", 2, 1, 1000, true,
        "visits a leaf needs before it is expanded (doubles as the tree memory fills)" },
    [P_SOLVER_SHARE] = { "solver_share", 0.25, 0, 1, false,
        "share of a move's time the exact solver may take first (0: never)" },
    [P_SOLVER_EMPTY] = { "solver_empty", 20, 0, 100, true,
        "the solver is also tried while the regions still touch, with at most this many empty squares" },
};

/* The common set, and sets of their own for sizes that were given values. */
static double common[PARAM_COUNT];
static double sized[BOARD_MAX + 1][PARAM_COUNT];
static bool has_own_set[BOARD_MAX + 1];
static int active_size;

const double *param_active = common;

/*
 * Defaults of their own for some board sizes, chosen by matches there.  On
 * 6x6 the solver proves most positions of 17 empty squares or fewer within
 * a few tenths of a second, and there, with half of each move's time, it
 * keeps about half the wins the search alone would give away (README,
 * "Exact solver").
 */
const SizeDefault PARAM_SIZE_DEFAULTS[] = {
    { P_SOLVER_SHARE, 6, 0.5 },
    { P_SOLVER_EMPTY, 6, 17 },
};
const int PARAM_SIZE_DEFAULT_COUNT = sizeof PARAM_SIZE_DEFAULTS / sizeof PARAM_SIZE_DEFAULTS[0];

void params_reset(void)
{
    for (int id = 0; id < PARAM_COUNT; id++)
        common[id] = PARAM_SPECS[id].initial;
    memset(has_own_set, 0, sizeof has_own_set);
    param_active = common;
    for (int i = 0; i < PARAM_SIZE_DEFAULT_COUNT; i++)
        param_set(PARAM_SIZE_DEFAULTS[i].id, PARAM_SIZE_DEFAULTS[i].size, PARAM_SIZE_DEFAULTS[i].value);
}

/* Defaults are in place before main, so hot code never checks. */
__attribute__((constructor)) static void params_init(void)
{
    params_reset();
}

int param_find(const char *name)
{
    for (int id = 0; id < PARAM_COUNT; id++)
        if (strcmp(PARAM_SPECS[id].name, name) == 0)
            return id;
    return -1;
}

void params_use_size(int size)
{
    active_size = size >= BOARD_MIN && size <= BOARD_MAX ? size : 0;
    param_active = active_size && has_own_set[active_size] ? sized[active_size] : common;
}

void params_use_board(int width, int height)
{
    params_use_size((int)lround(sqrt((double)width * height)));
}

const char *param_set(ParamId id, int size, double value)
{
    const ParamSpec *spec = &PARAM_SPECS[id];
    if (size != 0 && (size < BOARD_MIN || size > BOARD_MAX))
        return "board size out of range";
    if (!(value >= spec->min && value <= spec->max))
        return "value out of range";
    if (spec->integer && value != floor(value))
        return "value must be a whole number";
    if (size == 0) {
        common[id] = value;
        for (int n = BOARD_MIN; n <= BOARD_MAX; n++)
            sized[n][id] = value;
    } else {
        if (!has_own_set[size])
            memcpy(sized[size], common, sizeof common);
        has_own_set[size] = true;
        sized[size][id] = value;
    }
    params_use_size(active_size);
    return NULL;
}

const char *param_assign(const char *text)
{
    static char message[160];
    const char *equals = strchr(text, '=');
    if (!equals || equals == text) {
        snprintf(message, sizeof message, "'%s' is not NAME=VALUE", text);
        return message;
    }
    char name[64];
    size_t length = (size_t)(equals - text);
    int id = -1;
    if (length < sizeof name) {
        memcpy(name, text, length);
        name[length] = '\0';
        id = param_find(name);
    }
    if (id < 0) {
        snprintf(message, sizeof message, "unknown parameter '%.*s' (see --list-params)",
                 (int)(length < 64 ? length : 64), text);
        return message;
    }
    char *end;
    errno = 0;
    double value = strtod(equals + 1, &end);
    if (equals[1] == '\0' || isspace((unsigned char)equals[1]) || *end != '\0' || errno == ERANGE
        || !isfinite(value)) {
        snprintf(message, sizeof message, "'%s' is not a number for %s", equals + 1, name);
        return message;
    }
    const char *error = param_set((ParamId)id, 0, value);
    if (error) {
        snprintf(message, sizeof message, "%s=%s: %s (%g to %g)", name, equals + 1, error,
                 PARAM_SPECS[id].min, PARAM_SPECS[id].max);
        return message;
    }
    return NULL;
}
