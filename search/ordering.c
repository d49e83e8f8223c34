/* ordering.c - feature-based ordering of amazon moves and arrows. */
#include "search/ordering.h"

#include <limits.h>
#include <string.h>

#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/lockstep.h"
#include "eval/params.h"
#include "search/move_features.h"

/*
 * Sorts best score first, stably: equal scores keep the order they were
 * listed in.  Heuristic scores span a small range, so a counting sort does
 * it in linear time; evaluation scores (rare, at busy nodes) use insertion.
 */
enum { COUNTING_RANGE = 256 };

static void insertion_sort(ScoredChoice *c, int n)
{
    for (int i = 1; i < n; i++) {
        ScoredChoice x = c[i];
        int j = i;
        while (j > 0 && c[j - 1].score < x.score) {
            c[j] = c[j - 1];
            j--;
        }
        c[j] = x;
    }
}

static void sort_choices(ScoredChoice *c, int n)
{
    if (n < 2)
        return;
    int low = c[0].score, high = c[0].score;
    for (int i = 1; i < n; i++) {
        low = c[i].score < low ? c[i].score : low;
        high = c[i].score > high ? c[i].score : high;
    }
    if (high - low >= COUNTING_RANGE) {
        insertion_sort(c, n);
        return;
    }
    /* start[k]: where the first choice scoring high - k goes. */
    int start[COUNTING_RANGE + 1];
    memset(start, 0, (size_t)(high - low + 2) * sizeof *start);
    for (int i = 0; i < n; i++)
        start[high - c[i].score + 1]++;
    for (int k = 1; k <= high - low; k++)
        start[k] += start[k - 1];
    ScoredChoice sorted[MAX_CHOICES];
    for (int i = 0; i < n; i++)
        sorted[start[high - c[i].score]++] = c[i];
    memcpy(c, sorted, (size_t)n * sizeof *c);
}

const ParamId MOVE_FEATURE_WEIGHT[MOVE_FEATURES] = {
    [MF_MOBILITY_AFTER] = P_ORDER_MOBILITY,
    [MF_MOBILITY_BEFORE] = P_ORDER_MOBILITY_BEFORE,
    [MF_NEAR_ENEMY] = P_ORDER_NEAR_ENEMY,
    [MF_NEXT_TO_ENEMY] = P_ORDER_NEXT_TO_ENEMY,
    [MF_ROOM_AFTER] = P_ORDER_ROOM_AFTER,
    [MF_ROOM_BEFORE] = P_ORDER_ROOM_BEFORE,
    [MF_ENEMY_REACH] = P_ORDER_ENEMY_REACH,
    [MF_NEXT_TO_OWN] = P_ORDER_NEXT_TO_OWN,
    [MF_DISTANCE] = P_ORDER_DISTANCE,
    [MF_EDGE_DISTANCE] = P_ORDER_EDGE_DISTANCE,
};

/*
 * An amazon move is good when the amazon lands where it has room (queen
 * mobility) and close to the enemy, where territory is still being decided:
 * a weighted sum of its features, the weights fitted to deep searches' choices.
 */
int order_amazon_moves(const Position *pos, ScoredChoice *out)
{
    /* Only the weighed features are found and summed. */
    int feature[MOVE_FEATURES], weight[MOVE_FEATURES], used = 0;
    MoveFeatureSet wanted = 0;
    for (int f = 0; f < MOVE_FEATURES; f++)
        if (param_int(MOVE_FEATURE_WEIGHT[f])) {
            feature[used] = f;
            weight[used++] = param_int(MOVE_FEATURE_WEIGHT[f]);
            wanted |= 1u << f;
        }
    AmazonMoveFeatures moves[MAX_AMAZON_MOVES];
    int n = amazon_move_features(pos, wanted, moves);
    for (int i = 0; i < n; i++) {
        int score = 0;
        for (int k = 0; k < used; k++)
            score += weight[k] * moves[i].f[feature[k]];
        out[i] = (ScoredChoice){ .a = moves[i].from, .b = moves[i].to, .score = (int16_t)score };
    }
    sort_choices(out, n);
    return n;
}

/*
 * An arrow is good when it takes squares from the enemy amazons (next to
 * them most of all) and does not hem in our own.  Its score is a weighted
 * sum of four yes/no features, so the targets fall into at most 16 classes
 * (which features hold) that are scored once each rather than square by
 * square.
 */
enum { ARROW_CLASSES = 1 << ARROW_FEATURES };

const ParamId ARROW_FEATURE_WEIGHT[ARROW_FEATURES] = {
    P_ARROW_THEIR_NEIGHBOUR, P_ARROW_THEIR_REACH, P_ARROW_OUR_NEIGHBOUR, P_ARROW_ONLY_OUR_REACH
};

/*
 * The features of the arrow targets of the move from -> to.  The reaches
 * are the costly part, and often not needed: a target next to an enemy
 * amazon is in that amazon's reach (one step away), so not only in ours,
 * and the classes of such targets are known from the neighbour sets alone.
 */
typedef struct {
    Bitboard targets, empty, ours, theirs;
    Bitboard feature[ARROW_FEATURES];
    bool have_reaches;
} ArrowContext;

static void arrow_context(const Position *pos, int from, int to, ArrowContext *ctx)
{
    Color us = pos->to_move;
    ctx->empty = (pos->empty | bb_square(from)) & ~bb_square(to);
    ctx->ours = (pos->amazons[us] ^ bb_square(from)) | bb_square(to);
    ctx->theirs = pos->amazons[color_other(us)];
    ctx->targets = queen_targets(to, ctx->empty);
    ctx->feature[THEIR_NEIGHBOUR] = bb_king_reach(ctx->theirs, pos->board);
    ctx->feature[OUR_NEIGHBOUR] = bb_king_reach(ctx->ours, pos->board);
    ctx->have_reaches = false;
}

static void arrow_reaches(ArrowContext *ctx)
{
    Bitboard sources[2] = { ctx->theirs, ctx->ours }, open[2] = { ctx->empty, ctx->empty }, reach[2];
    queen_reach_lockstep(2, sources, open, reach);
    ctx->feature[THEIR_REACH] = reach[0];
    ctx->feature[ONLY_OUR_REACH] = reach[1] & ~reach[0];
    ctx->have_reaches = true;
}

Bitboard arrow_feature_sets(const Position *pos, int from, int to, Bitboard feature[ARROW_FEATURES])
{
    ArrowContext ctx;
    arrow_context(pos, from, to, &ctx);
    arrow_reaches(&ctx);
    memcpy(feature, ctx.feature, sizeof ctx.feature);
    return ctx.targets;
}

static bool has_feature(int c, int f) { return c >> f & 1; }

/* The targets in class c (bit f: feature f holds). */
static Bitboard class_members(ArrowContext *ctx, int c)
{
    Bitboard members = ctx->targets;
    if (has_feature(c, THEIR_NEIGHBOUR)) {
        if (!has_feature(c, THEIR_REACH) || has_feature(c, ONLY_OUR_REACH))
            return 0;
        members &= ctx->feature[THEIR_NEIGHBOUR];
        return members & (has_feature(c, OUR_NEIGHBOUR) ? ctx->feature[OUR_NEIGHBOUR]
                                                        : ~ctx->feature[OUR_NEIGHBOUR]);
    }
    if (!ctx->have_reaches)
        arrow_reaches(ctx);
    for (int f = 0; f < ARROW_FEATURES; f++)
        members &= has_feature(c, f) ? ctx->feature[f] : ~ctx->feature[f];
    return members;
}

static int class_score(int c)
{
    int score = 0;
    for (int f = 0; f < ARROW_FEATURES; f++)
        if (has_feature(c, f))
            score += param_int(ARROW_FEATURE_WEIGHT[f]);
    return score;
}

/*
 * Lists the targets best class first and, within equal scores, by square:
 * the order a stable sort of the square-ordered list gives.
 */
int order_arrows(const Position *pos, int from, int to, ScoredChoice *out)
{
    ArrowContext ctx;
    arrow_context(pos, from, to, &ctx);
    Bitboard part[ARROW_CLASSES];
    ScoredChoice classes[ARROW_CLASSES];
    int count = 0, n = 0;
    for (int c = 0; c < ARROW_CLASSES; c++)
        if ((part[c] = class_members(&ctx, c)))
            classes[count++] = (ScoredChoice){ .a = (uint8_t)c, .score = (int16_t)class_score(c) };
    insertion_sort(classes, count);
    for (int i = 0; i < count; ) {
        Bitboard squares = 0;
        int score = classes[i].score;
        for (; i < count && classes[i].score == score; i++)
            squares |= part[classes[i].a];
        while (squares) {
            out[n].a = (uint8_t)bb_pop(&squares);
            out[n].b = 0;
            out[n].score = (int16_t)score;
            n++;
        }
    }
    return n;
}

/*
 * The lowest square of the best class: classes are looked at in falling
 * score order (a tie is one group), so the reaches are computed only when
 * no better class holds a target.
 */
int best_arrow(const Position *pos, int from, int to)
{
    ArrowContext ctx;
    arrow_context(pos, from, to, &ctx);
    int score[ARROW_CLASSES];
    bool seen[ARROW_CLASSES];
    for (int c = 0; c < ARROW_CLASSES; c++) {
        score[c] = class_score(c);
        seen[c] = false;
    }
    for (int round = 0; round < ARROW_CLASSES; round++) {
        int top = INT_MIN;
        for (int c = 0; c < ARROW_CLASSES; c++)
            if (!seen[c] && score[c] > top)
                top = score[c];
        Bitboard squares = 0;
        for (int c = 0; c < ARROW_CLASSES; c++)
            if (!seen[c] && score[c] == top) {
                seen[c] = true;
                squares |= class_members(&ctx, c);
            }
        if (squares)
            return bb_lowest(squares);
    }
    return NO_SQUARE; /* no targets: from -> to was not a move */
}

/* Win probability scaled to the score range, so sorting keeps its meaning. */
static int16_t probability_score(double p)
{
    return (int16_t)(p * ORDER_EVAL_SCALE);
}

int order_amazon_moves_by_eval(const Position *pos, ScoredChoice *out)
{
    int n = order_amazon_moves(pos, out);
    for (int i = 0; i < n; i++) {
        /* The amazon has moved; its side still has to shoot, so it stays to move. */
        Position after = *pos;
        Bitboard step = bb_square(out[i].a) | bb_square(out[i].b);
        after.amazons[pos->to_move] ^= step;
        after.empty ^= step;
        out[i].score = probability_score(eval_win_probability(&after));
    }
    sort_choices(out, n);
    return n;
}

int order_arrows_by_eval(const Position *pos, int from, int to, ScoredChoice *out)
{
    int n = order_arrows(pos, from, to, out);
    for (int i = 0; i < n; i++) {
        Position after = *pos;
        Move m = { (uint8_t)from, (uint8_t)to, out[i].a };
        position_make(&after, m);
        double p = has_legal_move(&after, after.to_move) ? 1.0 - eval_win_probability(&after) : 1.0;
        out[i].score = probability_score(p);
    }
    sort_choices(out, n);
    return n;
}
