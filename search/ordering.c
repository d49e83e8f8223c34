/* ordering.c - mobility-based ordering of amazon moves and arrows. */
#include "search/ordering.h"

#include "engine/movegen.h"
#include "eval/eval.h"

/* Stable insertion sort, best score first: lists are short (at most MAX_CHOICES). */
static void sort_choices(ScoredChoice *c, int n)
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

/*
 * An amazon move is good when the amazon lands where it has room (queen
 * mobility) and close to the enemy, where territory is still being decided.
 */
int order_amazon_moves(const Position *pos, ScoredChoice *out)
{
    Color us = pos->to_move;
    Bitboard near_enemy = bb_king_reach(bb_king_reach(pos->amazons[color_other(us)], pos->board),
                                        pos->board);
    Bitboard amazons = pos->amazons[us];
    int n = 0;
    while (amazons) {
        int from = bb_pop(&amazons);
        Bitboard empty = pos->empty | bb_square(from);
        Bitboard destinations = queen_targets(from, pos->empty);
        int mobility_before = bb_count(destinations);
        while (destinations) {
            int to = bb_pop(&destinations);
            int mobility = bb_count(queen_targets(to, empty));
            out[n].a = (uint8_t)from;
            out[n].b = (uint8_t)to;
            out[n].score = (int16_t)(4 * mobility - 2 * mobility_before
                                     + 8 * bb_test(near_enemy, to));
            n++;
        }
    }
    sort_choices(out, n);
    return n;
}

/*
 * An arrow is good when it takes squares from the enemy amazons (next to
 * them most of all) and does not hem in our own.
 */
typedef struct {
    Bitboard their_neighbours, their_reach, our_neighbours, our_reach;
} ArrowContext;

static Bitboard arrow_context(const Position *pos, int from, int to, ArrowContext *ctx)
{
    Color us = pos->to_move;
    Bitboard empty = (pos->empty | bb_square(from)) & ~bb_square(to);
    Bitboard ours = (pos->amazons[us] ^ bb_square(from)) | bb_square(to);
    Bitboard theirs = pos->amazons[color_other(us)];
    ctx->their_neighbours = bb_king_reach(theirs, pos->board);
    ctx->their_reach = bb_queen_reach(theirs, empty);
    ctx->our_neighbours = bb_king_reach(ours, pos->board);
    ctx->our_reach = bb_queen_reach(ours, empty);
    return queen_targets(to, empty);
}

static int16_t arrow_score(const ArrowContext *ctx, int sq)
{
    return (int16_t)(6 * bb_test(ctx->their_neighbours, sq) + 3 * bb_test(ctx->their_reach, sq)
                     - 4 * bb_test(ctx->our_neighbours, sq)
                     - (bb_test(ctx->our_reach, sq) && !bb_test(ctx->their_reach, sq)));
}

int order_arrows(const Position *pos, int from, int to, ScoredChoice *out)
{
    ArrowContext ctx;
    Bitboard arrows = arrow_context(pos, from, to, &ctx);
    int n = 0;
    while (arrows) {
        int sq = bb_pop(&arrows);
        out[n].a = (uint8_t)sq;
        out[n].b = 0;
        out[n].score = arrow_score(&ctx, sq);
        n++;
    }
    sort_choices(out, n);
    return n;
}

int best_arrow(const Position *pos, int from, int to)
{
    ArrowContext ctx;
    Bitboard arrows = arrow_context(pos, from, to, &ctx);
    int best = bb_lowest(arrows), best_score = arrow_score(&ctx, best);
    while (arrows) {
        int sq = bb_pop(&arrows), score = arrow_score(&ctx, sq);
        if (score > best_score) {
            best_score = score;
            best = sq;
        }
    }
    return best;
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
