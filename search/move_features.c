/* move_features.c - the features of every amazon move of a position. */
#include "search/move_features.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "eval/lockstep.h"
#include "eval/square_counts.h"

static const char *const NAMES[MOVE_FEATURES] = {
    [MF_MOBILITY_AFTER] = "mobility_after",
    [MF_MOBILITY_BEFORE] = "mobility_before",
    [MF_NEAR_ENEMY] = "near_enemy",
    [MF_NEXT_TO_ENEMY] = "next_to_enemy",
    [MF_ROOM_AFTER] = "room_after",
    [MF_ROOM_BEFORE] = "room_before",
    [MF_ENEMY_REACH] = "enemy_reach",
    [MF_NEXT_TO_OWN] = "next_to_own",
    [MF_DISTANCE] = "distance",
    [MF_EDGE_DISTANCE] = "edge_distance",
};

const char *move_feature_name(MoveFeature f)
{
    return NAMES[f];
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
static inline Bitboard queen_ray(int from, int dir, Bitboard empty)
{
    Bitboard squares = 0;
    for (Bitboard sq = bb_shift(bb_square(from), dir) & empty; sq; sq = bb_shift(sq, dir) & empty)
        squares |= sq;
    return squares;
}

static int min_int(int a, int b) { return a < b ? a : b; }

static int edge_distance(const Position *pos, int sq)
{
    int file = square_file(sq), rank = square_rank(sq);
    return min_int(min_int(file, pos->width - 1 - file), min_int(rank, pos->height - 1 - rank));
}

static int king_distance(int a, int b)
{
    int files = abs(square_file(a) - square_file(b)), ranks = abs(square_rank(a) - square_rank(b));
    return files > ranks ? files : ranks;
}

/* What the moves of all amazons share: the enemy's surroundings and reach, and squares' mobility. */
typedef struct {
    MoveFeatureSet wanted;
    Bitboard near_enemy, next_to_enemy, enemy_reach;
    uint8_t mobility_at[NUM_SQUARES];
} SharedFeatures;

static bool wants(MoveFeatureSet set, MoveFeature f) { return set >> f & 1; }

static void shared_features(const Position *pos, MoveFeatureSet wanted, SharedFeatures *shared)
{
    Color us = pos->to_move;
    Bitboard theirs = pos->amazons[color_other(us)];
    shared->wanted = wanted;
    shared->next_to_enemy = bb_king_reach(theirs, pos->board);
    shared->near_enemy = bb_king_reach(shared->next_to_enemy, pos->board);
    shared->enemy_reach = wants(wanted, MF_ENEMY_REACH) ? bb_queen_reach(theirs, pos->empty) : 0;
    if (wants(wanted, MF_MOBILITY_AFTER))
        empty_square_mobility(pos->empty, bb_queen_reach(pos->amazons[us], pos->empty), shared->mobility_at);
}

/* The features of one move that take more than a mask test. */
static void costly_features(const Position *pos, MoveFeatureSet wanted, int from, int to, Bitboard open_after,
                            AmazonMoveFeatures *m)
{
    if (wants(wanted, MF_ROOM_AFTER))
        m->f[MF_ROOM_AFTER] = (uint8_t)bb_count(bb_neighbours(to) & open_after);
    if (wants(wanted, MF_DISTANCE))
        m->f[MF_DISTANCE] = (uint8_t)king_distance(from, to);
    if (wants(wanted, MF_EDGE_DISTANCE))
        m->f[MF_EDGE_DISTANCE] = (uint8_t)edge_distance(pos, to);
}

/*
 * Landing on `to` along direction dir, the amazon sees what any piece on
 * `to` sees, plus, looking back, the square it left and the run beyond it:
 * so its mobility is the square's count in the position plus one plus the
 * length of the ray opposite dir from `from`.
 */
static int amazon_features(const Position *pos, const SharedFeatures *shared, int from,
                           AmazonMoveFeatures *out)
{
    MoveFeatureSet wanted = shared->wanted;
    Bitboard rays[NUM_DIRECTIONS], destinations = 0;
    uint8_t look_back[NUM_SQUARES];
#pragma GCC unroll 8
    for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
        rays[dir] = queen_ray(from, dir, pos->empty);
        destinations |= rays[dir];
    }
    if (wants(wanted, MF_MOBILITY_AFTER)) {
#pragma GCC unroll 8
        for (int dir = 0; dir < NUM_DIRECTIONS; dir++) {
            uint8_t behind = (uint8_t)(1 + bb_count(rays[opposite_direction(dir)]));
            for (Bitboard squares = rays[dir]; squares; )
                look_back[bb_pop(&squares)] = behind;
        }
    }
    Bitboard open_after = pos->empty | bb_square(from);
    Bitboard next_to_own = bb_king_reach(pos->amazons[pos->to_move] ^ bb_square(from), pos->board);
    uint8_t mobility_before = (uint8_t)bb_count(destinations);
    uint8_t room_before = (uint8_t)bb_count(bb_neighbours(from) & pos->empty);
    bool costly = wanted & (1u << MF_ROOM_AFTER | 1u << MF_DISTANCE | 1u << MF_EDGE_DISTANCE);
    int n = 0;
    while (destinations) {
        int to = bb_pop(&destinations);
        AmazonMoveFeatures *m = &out[n++];
        m->from = (uint8_t)from;
        m->to = (uint8_t)to;
        if (wants(wanted, MF_MOBILITY_AFTER))
            m->f[MF_MOBILITY_AFTER] = (uint8_t)(shared->mobility_at[to] + look_back[to]);
        m->f[MF_MOBILITY_BEFORE] = mobility_before;
        m->f[MF_NEAR_ENEMY] = bb_test(shared->near_enemy, to);
        m->f[MF_NEXT_TO_ENEMY] = bb_test(shared->next_to_enemy, to);
        m->f[MF_ROOM_BEFORE] = room_before;
        m->f[MF_ENEMY_REACH] = bb_test(shared->enemy_reach, to);
        m->f[MF_NEXT_TO_OWN] = bb_test(next_to_own, to);
        if (costly)
            costly_features(pos, wanted, from, to, open_after, m);
    }
    return n;
}

int amazon_move_features(const Position *pos, MoveFeatureSet wanted, AmazonMoveFeatures *out)
{
    SharedFeatures shared;
    shared_features(pos, wanted, &shared);
    int n = 0;
    for (Bitboard amazons = pos->amazons[pos->to_move]; amazons; )
        n += amazon_features(pos, &shared, bb_pop(&amazons), out + n);
    return n;
}
