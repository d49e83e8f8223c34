/* eval.c - queen/king distance territory, influence and mobility. */
#include "eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/lockstep.h"
#include "eval/net.h"
#include "eval/params.h"
#include "eval/square_counts.h"

/*
 * Both colours' flood fills by levels, from their first levels: `queen`
 * picks queen moves or king steps.  Squares farther than MAX_DISTANCE all
 * land in the last level, so `reached` is exact.
 *
 * A queen ray may stop at the first square already reached: a square beyond
 * it is one move from that square, so it is either already reached too or
 * found by the ray that starts there.  Rays so stay short in later levels.
 */
static void fills(const Position *pos, DistanceMap *map, const Bitboard first[2], bool queen)
{
    Bitboard frontier[2], seen[2];
    for (int c = WHITE; c <= BLACK; c++) {
        map->at[c][0] = 0;
        map->at[c][1] = frontier[c] = seen[c] = first[c];
        map->depth[c] = first[c] ? 1 : 0;
    }
    while (frontier[WHITE] | frontier[BLACK]) {
        Bitboard open[2] = { pos->empty & ~seen[WHITE], pos->empty & ~seen[BLACK] };
        Bitboard next[2];
        if (queen) {
            queen_reach_lockstep(2, frontier, open, next);
        } else {
            for (int c = WHITE; c <= BLACK; c++)
                next[c] = bb_king_reach(frontier[c], open[c]);
        }
        frontier[WHITE] = next[WHITE];
        frontier[BLACK] = next[BLACK];
        for (int c = WHITE; c <= BLACK; c++) {
            if (!frontier[c])
                continue;
            seen[c] |= frontier[c];
            if (map->depth[c] < MAX_DISTANCE)
                map->at[c][++map->depth[c]] = frontier[c];
            else
                map->at[c][MAX_DISTANCE] |= frontier[c];
        }
    }
    map->reached[WHITE] = seen[WHITE];
    map->reached[BLACK] = seen[BLACK];
}

/* b moved k steps in direction dir (k * step stays below 128). */
static inline Bitboard shift_steps(Bitboard b, int dir, int k)
{
    int step = DIRECTION_STEP[dir] * k;
    return step > 0 ? b << step : b >> -step;
}

/*
 * Both colours' first queen level and the mobility penalty, which counts
 * each amazon's queen moves: an amazon with few is in danger of being shut
 * in, one with none is dead weight.  The rays of all amazons advance
 * together, one step per round (a translation keeps them apart); the ray
 * tips moved back by k steps are the amazons whose ray has k squares, and
 * their counts grow in a bit-sliced counter.  This avoids a fill per amazon,
 * whose loops end unpredictably.
 */
static void first_queen_levels(const Position *pos, Bitboard level[2], double penalty[2])
{
    Bitboard count[COUNT_BITS] = { 0 };
    level[WHITE] = level[BLACK] = 0;
#pragma GCC unroll 8
    for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
        Bitboard white = pos->amazons[WHITE], black = pos->amazons[BLACK];
        Bitboard length[RUN_BITS] = { 0 };
#pragma GCC unroll 9
        for (int k = 1; k < BOARD_MAX; k++) {
            white = bb_shift(white, dir) & pos->empty;
            black = bb_shift(black, dir) & pos->empty;
            if (!(white | black))
                break;
            level[WHITE] |= white;
            level[BLACK] |= black;
            ray_grew(length, k, shift_steps(white | black, opposite_direction(dir), k));
        }
        counts_add(count, length);
    }
    double trapped = param_value(P_TRAPPED_PENALTY);
    for (int c = WHITE; c <= BLACK; c++) {
        penalty[c] = 0;
        for (Bitboard amazons = pos->amazons[c]; amazons; )
            penalty[c] += trapped / (1.0 + count_at(count, bb_pop(&amazons)));
    }
}

static Bitboard level(const DistanceMap *map, Color c, int d)
{
    return d <= map->depth[c] ? map->at[c][d] : 0;
}

void queen_distances(const Position *pos, DistanceMap *map)
{
    Bitboard first[2] = { bb_queen_reach(pos->amazons[WHITE], pos->empty),
                          bb_queen_reach(pos->amazons[BLACK], pos->empty) };
    fills(pos, map, first, true);
}

void king_distances(const Position *pos, DistanceMap *map)
{
    Bitboard first[2] = { bb_king_reach(pos->amazons[WHITE], pos->empty),
                          bb_king_reach(pos->amazons[BLACK], pos->empty) };
    fills(pos, map, first, false);
}

/* Squares White reaches strictly sooner than Black, Black sooner, and ties. */
typedef struct {
    Bitboard white, black, tie;
} Ownership;

static void ownership(const DistanceMap *map, Ownership *o)
{
    Bitboard black_so_far = 0, white_so_far = 0;
    o->white = o->black = o->tie = 0;
    int depth = map->depth[WHITE] > map->depth[BLACK] ? map->depth[WHITE] : map->depth[BLACK];
    for (int d = 1; d <= depth; d++) {
        Bitboard w = level(map, WHITE, d), b = level(map, BLACK, d);
        o->tie |= w & b;
        o->white |= w & ~b & ~black_so_far;
        o->black |= b & ~w & ~white_so_far;
        white_so_far |= w;
        black_so_far |= b;
    }
}

/* The eight king steps from every square of `from`, as a 3x3 box: two shifts per axis. */
static Bitboard king_box(Bitboard from)
{
    Bitboard row = from | from << 1 | from >> 1;
    return row | row << STRIDE | row >> STRIDE;
}

/*
 * King-distance ownership from one fill that grows both colours in lockstep
 * into squares nobody has reached yet.  Leaving out squares the opponent
 * reached no later changes nothing: the next square along a shortest path
 * through one is reached by the opponent no later either, so a square owned
 * (or tied) by a colour always has a shortest path through squares it owns
 * (or ties).  About half the levels of two separate fills.
 */
static void king_ownership(const Position *pos, Ownership *o)
{
    Bitboard white = pos->amazons[WHITE], black = pos->amazons[BLACK], open = pos->empty;
    o->white = o->black = o->tie = 0;
    while (white | black) {
        white = king_box(white) & open;
        black = king_box(black) & open;
        open &= ~(white | black);
        o->tie |= white & black;
        o->white |= white & ~black;
        o->black |= black & ~white;
    }
}

/* Sum over reached squares of 2^-distance: near squares weigh most. */
static double influence(const DistanceMap *map, Color c)
{
    double sum = 0, weight = 1;
    for (int d = 1; d <= map->depth[c]; d++) {
        weight *= 0.5;
        sum += weight * bb_count(map->at[c][d]);
    }
    return sum;
}

/* 2^-k, built from its exponent bits (exact, and no libm call). */
static double half_power(int k)
{
    union { uint64_t bits; double value; } x = { (uint64_t)(1023 - k) << 52 };
    return x.value;
}

/*
 * Lieberum's w: sum over squares both reach of 2^-|dW - dB|.  Terms are added
 * in the same order as a plain double loop; empty ones are skipped.
 */
static double contact(const DistanceMap *map)
{
    double sum = 0;
    for (int i = 1; i <= map->depth[WHITE]; i++) {
        Bitboard rest = map->at[WHITE][i] & map->reached[BLACK];
        for (int j = 1; rest; j++) {
            Bitboard both = rest & map->at[BLACK][j];
            if (both) {
                sum += bb_count(both) * half_power(abs(i - j));
                rest &= ~both;
            }
        }
    }
    return sum;
}

static double tie_value(Color to_move, int ties)
{
    /* A square both reach equally goes to whoever moves first, a little. */
    double share = param_value(P_TIE_SHARE);
    return (to_move == WHITE ? share : -share) * ties;
}

void evaluate(const Position *pos, Evaluation *e)
{
    DistanceMap queen;
    Ownership oq, ok;
    Bitboard first[2];
    double penalty[2];
    first_queen_levels(pos, first, penalty);
    fills(pos, &queen, first, true);
    e->separated = (queen.reached[WHITE] & queen.reached[BLACK]) == 0;
    if (e->separated) {
        /* Regions are fixed: the game is a race of moves left in one's own regions. */
        e->owned[WHITE] = bb_count(queen.reached[WHITE]);
        e->owned[BLACK] = bb_count(queen.reached[BLACK]);
        e->contested = 0;
        count_region_moves(pos, WHITE, &e->moves[WHITE]);
        count_region_moves(pos, BLACK, &e->moves[BLACK]);
        e->score = 0.5 * (e->moves[WHITE].guaranteed + e->moves[WHITE].most
                          - e->moves[BLACK].guaranteed - e->moves[BLACK].most);
        return;
    }
    ownership(&queen, &oq);
    king_ownership(pos, &ok);
    e->owned[WHITE] = bb_count(oq.white);
    e->owned[BLACK] = bb_count(oq.black);
    double t1 = e->owned[WHITE] - e->owned[BLACK] + tie_value(pos->to_move, bb_count(oq.tie));
    double t2 = bb_count(ok.white) - bb_count(ok.black) + tie_value(pos->to_move, bb_count(ok.tie));
    double c1 = 2.0 * (influence(&queen, WHITE) - influence(&queen, BLACK));
    double mobility = penalty[BLACK] - penalty[WHITE];
    e->contested = contact(&queen);
    /* Phase: 1 with much contact left (opening), falling to 0 as regions close. */
    double phase = e->contested / (e->contested + param_value(P_PHASE_CONTACT));
    e->score = (1.0 - param_value(P_TERRITORY_FADE) * phase) * t1
             + param_value(P_KING_WEIGHT) * phase * t2 + param_value(P_INFLUENCE_WEIGHT) * phase * c1
             + param_value(P_MOBILITY_WEIGHT) * (param_value(P_MOBILITY_FLOOR) + phase) * mobility;
}

static EvalKind eval_kind = EVAL_AUTO;

void eval_use(EvalKind kind) { eval_kind = kind; }

EvalKind eval_in_use(void) { return eval_kind; }

static const char *const EVAL_KIND_NAMES[] = { [EVAL_AUTO] = "auto", [EVAL_CLASSIC] = "classic", [EVAL_NET] = "net" };

const char *eval_kind_name(EvalKind kind) { return EVAL_KIND_NAMES[kind]; }

bool eval_kind_parse(const char *name, EvalKind *kind)
{
    for (int k = 0; k < (int)(sizeof EVAL_KIND_NAMES / sizeof *EVAL_KIND_NAMES); k++)
        if (strcmp(name, EVAL_KIND_NAMES[k]) == 0) {
            *kind = (EvalKind)k;
            return true;
        }
    return false;
}

/*
 * The built-in 8x8 network beat the classic evaluation at 0.2 s and at 1 s a
 * move (SPRT accepted at both; +110 and +108 Elo over 400 games) and at 5 s
 * (+147 over 100 games); the 10x10 one lost (-65 Elo at 0.2 s,
 * docs/learning.md), so 10x10 and the other sizes keep the classic
 * evaluation unless asked.
 */
bool eval_net_preferred(int width, int height) { return width == 8 && height == 8; }

/* The network judging contested positions on boards of this size, or NULL. */
static const NetModel *net_in_use(int width, int height)
{
    switch (eval_kind) {
    case EVAL_NET:
        return net_for(width, height);
    case EVAL_AUTO: {
        const NetModel *loaded = net_loaded_for(width, height);
        if (loaded)
            return loaded;
        return eval_net_preferred(width, height) ? net_for(width, height) : NULL;
    }
    default:
        return NULL;
    }
}

bool eval_net_judges(int width, int height) { return net_in_use(width, height) != NULL; }

static double classic_win_probability(const Position *pos)
{
    Evaluation e;
    evaluate(pos, &e);
    double score = pos->to_move == WHITE ? e.score : -e.score;
    if (e.separated) {
        /* The side to move must have strictly more moves left than the opponent. */
        const MoveCount *us = &e.moves[pos->to_move], *them = &e.moves[color_other(pos->to_move)];
        if (us->guaranteed > them->most)
            return 1.0;
        if (us->most <= them->guaranteed)
            return 0.0;
        return 1.0 / (1.0 + exp(-(score - 0.5) * param_value(P_RACE_SLOPE)));
    }
    return 1.0 / (1.0 + exp(-score / param_value(P_EVAL_SCALE)));
}

double eval_win_probability(const Position *pos)
{
    const NetModel *net = net_in_use(pos->width, pos->height);
    if (!net)
        return classic_win_probability(pos);
    DistanceMap queen;
    queen_distances(pos, &queen);
    if (!(queen.reached[WHITE] & queen.reached[BLACK]))
        return classic_win_probability(pos); /* separated: the exact race */
    return 1.0 / (1.0 + exp(-param_value(P_NET_SCALE) * net_logit(net, pos, &queen)));
}

int eval_score_estimate(const Position *pos)
{
    Evaluation e;
    evaluate(pos, &e);
    return (int)lround(e.score);
}

void eval_owners(const Position *pos, Bitboard *white, Bitboard *black)
{
    DistanceMap queen;
    Ownership o;
    queen_distances(pos, &queen);
    ownership(&queen, &o);
    *white = o.white | pos->amazons[WHITE];
    *black = o.black | pos->amazons[BLACK];
}

void eval_territory_map(const Position *pos, char owners[NUM_SQUARES])
{
    DistanceMap queen;
    Ownership o;
    queen_distances(pos, &queen);
    ownership(&queen, &o);
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        char cell = position_cell(pos, sq);
        if (cell == '.')
            cell = bb_test(o.white, sq) ? 'w' : bb_test(o.black, sq) ? 'b'
                 : bb_test(o.tie, sq) ? '=' : '.';
        owners[sq] = cell;
    }
}
