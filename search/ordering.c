/* ordering.c - mobility-based ordering of amazon moves and arrows. */
#include "search/ordering.h"

#include <string.h>

#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/lockstep.h"
#include "eval/params.h"
#include "eval/square_counts.h"

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

/*
 * mobility[s] for every s in `wanted` (empty squares): the queen moves from
 * s.  The squares whose next k squares in a direction are all empty shrink
 * with k by one shift and mask, so all rays grow together.
 */
static void empty_square_mobility(Bitboard empty, Bitboard wanted, uint8_t mobility[NUM_SQUARES])
{
    Bitboard count[COUNT_BITS] = { 0 };
#pragma GCC unroll 8
    for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
        int back = opposite_direction(dir);
        Bitboard first = bb_shift(empty, back) & empty, run = first;
        Bitboard length[RUN_BITS] = { 0 };
#pragma GCC unroll 9
        for (int k = 1; k < BOARD_MAX && run; k++) {
            ray_grew(length, k, run);
            run = first & bb_shift(run, back);
        }
        counts_add(count, length);
    }
    memset(mobility, 0, NUM_SQUARES);
    for (int i = 0; i < COUNT_BITS; i++)
        for (Bitboard set = count[i] & wanted; set; )
            mobility[bb_pop(&set)] += (uint8_t)(1 << i);
}

/* The squares a queen on `from` reaches through `empty` in direction dir. */
static inline Bitboard ray(int from, int dir, Bitboard empty)
{
    Bitboard ray = 0;
    for (Bitboard sq = bb_shift(bb_square(from), dir) & empty; sq; sq = bb_shift(sq, dir) & empty)
        ray |= sq;
    return ray;
}

/*
 * An amazon move is good when the amazon lands where it has room (queen
 * mobility) and close to the enemy, where territory is still being decided.
 *
 * Landing on `to` along direction dir, the amazon sees what any piece on
 * `to` sees, plus, looking back, the square it left and the run beyond it:
 * so its mobility is the square's count in the position plus one plus the
 * length of the ray opposite dir from `from`.
 */
int order_amazon_moves(const Position *pos, ScoredChoice *out)
{
    Color us = pos->to_move;
    Bitboard near_enemy = bb_king_reach(bb_king_reach(pos->amazons[color_other(us)], pos->board),
                                        pos->board);
    int weight_after = param_int(P_ORDER_MOBILITY), weight_before = param_int(P_ORDER_MOBILITY_BEFORE);
    int weight_near = param_int(P_ORDER_NEAR_ENEMY);
    uint8_t mobility_at[NUM_SQUARES];
    empty_square_mobility(pos->empty, bb_queen_reach(pos->amazons[us], pos->empty), mobility_at);
    Bitboard amazons = pos->amazons[us];
    int n = 0;
    while (amazons) {
        int from = bb_pop(&amazons);
        Bitboard rays[NUM_DIRECTIONS], destinations = 0;
        uint8_t look_back[NUM_SQUARES];
#pragma GCC unroll 8
        for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
            rays[dir] = ray(from, dir, pos->empty);
            destinations |= rays[dir];
        }
#pragma GCC unroll 8
        for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
            uint8_t behind = (uint8_t)(1 + bb_count(rays[opposite_direction(dir)]));
            for (Bitboard ray = rays[dir]; ray; )
                look_back[bb_pop(&ray)] = behind;
        }
        int mobility_before = bb_count(destinations);
        while (destinations) {
            int to = bb_pop(&destinations);
            int mobility = mobility_at[to] + look_back[to];
            out[n].a = (uint8_t)from;
            out[n].b = (uint8_t)to;
            out[n].score = (int16_t)(weight_after * mobility + weight_before * mobility_before
                                     + weight_near * bb_test(near_enemy, to));
            n++;
        }
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
enum {
    THEIR_NEIGHBOUR, /* next to an enemy amazon */
    THEIR_REACH,     /* an enemy amazon could move there */
    OUR_NEIGHBOUR,   /* next to one of ours */
    ONLY_OUR_REACH,  /* only our amazons could move there */
    ARROW_FEATURES,
    ARROW_CLASSES = 1 << ARROW_FEATURES
};

static const ParamId ARROW_WEIGHT[ARROW_FEATURES] = {
    P_ARROW_THEIR_NEIGHBOUR, P_ARROW_THEIR_REACH, P_ARROW_OUR_NEIGHBOUR, P_ARROW_ONLY_OUR_REACH
};

/* The arrow targets of the move from -> to, split by class (bit f: feature f holds). */
static void arrow_classes(const Position *pos, int from, int to, Bitboard part[ARROW_CLASSES])
{
    Color us = pos->to_move;
    Bitboard empty = (pos->empty | bb_square(from)) & ~bb_square(to);
    Bitboard ours = (pos->amazons[us] ^ bb_square(from)) | bb_square(to);
    Bitboard theirs = pos->amazons[color_other(us)];
    Bitboard feature[ARROW_FEATURES];
    feature[THEIR_NEIGHBOUR] = bb_king_reach(theirs, pos->board);
    Bitboard sources[3] = { theirs, ours, bb_square(to) }, open[3] = { empty, empty, empty }, reach[3];
    queen_reach_lockstep(3, sources, open, reach);
    feature[THEIR_REACH] = reach[0];
    feature[OUR_NEIGHBOUR] = bb_king_reach(ours, pos->board);
    feature[ONLY_OUR_REACH] = reach[1] & ~reach[0];
    part[0] = reach[2];
    for (int f = 0; f < ARROW_FEATURES; f++)
        for (int c = (1 << f) - 1; c >= 0; c--) {
            part[c | 1 << f] = part[c] & feature[f];
            part[c] &= ~feature[f];
        }
}

static int class_score(int c)
{
    int score = 0;
    for (int f = 0; f < ARROW_FEATURES; f++)
        if (c >> f & 1)
            score += param_int(ARROW_WEIGHT[f]);
    return score;
}

/*
 * Lists the targets best class first and, within equal scores, by square:
 * the order a stable sort of the square-ordered list gives.
 */
int order_arrows(const Position *pos, int from, int to, ScoredChoice *out)
{
    Bitboard part[ARROW_CLASSES];
    arrow_classes(pos, from, to, part);
    ScoredChoice classes[ARROW_CLASSES];
    int count = 0, n = 0;
    for (int c = 0; c < ARROW_CLASSES; c++)
        if (part[c])
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

int best_arrow(const Position *pos, int from, int to)
{
    Bitboard part[ARROW_CLASSES], best = 0;
    arrow_classes(pos, from, to, part);
    int best_score = 0;
    for (int c = 0; c < ARROW_CLASSES; c++) {
        if (!part[c])
            continue;
        int score = class_score(c);
        if (!best || score > best_score) {
            best = part[c];
            best_score = score;
        } else if (score == best_score) {
            best |= part[c];
        }
    }
    return bb_lowest(best);
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
