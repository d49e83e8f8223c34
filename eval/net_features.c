/* net_features.c - the learned evaluation's inputs (net_features.h). */
#include "eval/net_features.h"

#include "engine/lines.h"

/* Bucket of a queen move count: 0, 1-2, 3-5, 6-9, 10-15, 16 or more. */
static int mobility_bucket(int moves)
{
    static const uint8_t BUCKET[17] = { 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5 };
    return BUCKET[moves < 16 ? moves : 16];
}

/* The class of square sq: its distances to the nearer side and end edges, capped. */
static int square_class(const Position *pos, int sq)
{
    int file = square_file(sq), rank = square_rank(sq);
    int side = file < pos->width - 1 - file ? file : pos->width - 1 - file;
    int end = rank < pos->height - 1 - rank ? rank : pos->height - 1 - rank;
    side = side < NET_EDGE_CAP ? side : NET_EDGE_CAP;
    end = end < NET_EDGE_CAP ? end : NET_EDGE_CAP;
    return side * (NET_EDGE_CAP + 1) + end;
}

/* Empty squares in each distance bucket of colour c: 1, 2, 3, 4+, unreachable. */
static void buckets(const Position *pos, const DistanceMap *map, Color c, Bitboard out[NET_DISTANCE_BUCKETS])
{
    Bitboard near = 0;
    for (int d = 1; d <= 3; d++) {
        out[d - 1] = d <= map->depth[c] ? map->at[c][d] : 0;
        near |= out[d - 1];
    }
    out[3] = map->reached[c] & ~near;
    out[4] = pos->empty & ~map->reached[c];
}

/*
 * King distance buckets of colour c: three king steps, then the rest of what
 * its queens reach (a king walk gets wherever queen moves do, through the
 * same empty squares), then what they do not.  Three steps cost far less
 * than a whole fill.
 */
static void king_buckets(const Position *pos, const DistanceMap *queen, Color c,
                         Bitboard out[NET_DISTANCE_BUCKETS])
{
    Bitboard seen = 0, frontier = pos->amazons[c];
    for (int d = 0; d < 3; d++) {
        frontier = bb_king_reach(frontier, pos->empty & ~seen);
        out[d] = frontier;
        seen |= frontier;
    }
    out[3] = queen->reached[c] & ~seen;
    out[4] = pos->empty & ~queen->reached[c];
}

/* The bucket pair (ours, theirs) of every empty square, from both sides' buckets. */
static void pairs(const Bitboard ours[NET_DISTANCE_BUCKETS], const Bitboard theirs[NET_DISTANCE_BUCKETS],
                  uint8_t pair[NUM_SQUARES])
{
    for (int a = 0; a < NET_DISTANCE_BUCKETS; a++)
        for (int b = 0; b < NET_DISTANCE_BUCKETS; b++)
            for (Bitboard set = ours[a] & theirs[b]; set;)
                pair[bb_pop(&set)] = (uint8_t)(a * NET_DISTANCE_BUCKETS + b);
}

void net_features(const Position *pos, const DistanceMap *queen, NetFeatures *f)
{
    f->count = 0;
    Color us = pos->to_move, them = color_other(us);
    Bitboard ours[NET_DISTANCE_BUCKETS], theirs[NET_DISTANCE_BUCKETS];
    uint8_t queen_pair[NUM_SQUARES], king_pair[NUM_SQUARES];
    buckets(pos, queen, us, ours);
    buckets(pos, queen, them, theirs);
    pairs(ours, theirs, queen_pair);
    king_buckets(pos, queen, us, ours);
    king_buckets(pos, queen, them, theirs);
    pairs(ours, theirs, king_pair);
    for (Bitboard empty = pos->empty; empty;) {
        int sq = bb_pop(&empty);
        int kind = NET_EMPTY + queen_pair[sq] * NET_PAIRS + king_pair[sq];
        f->index[f->count++] = (uint16_t)(square_class(pos, sq) * NET_SQUARE_FEATURES + kind);
    }
    for (int side = 0; side < 2; side++) {
        Color c = side == 0 ? pos->to_move : color_other(pos->to_move);
        int base = side == 0 ? NET_OUR_AMAZON : NET_THEIR_AMAZON;
        for (Bitboard amazons = pos->amazons[c]; amazons;) {
            int sq = bb_pop(&amazons);
            int kind = base + mobility_bucket(line_queen_count(sq, pos->empty));
            f->index[f->count++] = (uint16_t)(square_class(pos, sq) * NET_SQUARE_FEATURES + kind);
        }
    }
}
