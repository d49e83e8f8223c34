/* distance.c - queen and king distances by bitboard flood fills (distance.h). */
#include "eval/distance.h"

#include <stdlib.h>

#include "eval/lockstep.h"

/*
 * Both colours' flood fills by levels, from their first levels: `queen`
 * picks queen moves or king steps.  Squares farther than MAX_DISTANCE all
 * land in the last level, so `reached` is exact.
 *
 * A queen ray may stop at the first square already reached: a square beyond
 * it is one move from that square, so it is either already reached too or
 * found by the ray that starts there.  Rays so stay short in later levels.
 */
void distance_fills(const Position *pos, DistanceMap *map, const Bitboard first[2], bool queen)
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
 * Both colours' first queen level, and every amazon's queen move count.  The
 * rays of all amazons advance together, one step per round (a translation
 * keeps them apart); the ray tips moved back by k steps are the amazons whose
 * ray has k squares, and their counts grow in a bit-sliced counter.  This
 * avoids a fill per amazon, whose loops end unpredictably.
 */
void queen_first_levels(const Position *pos, Bitboard level[2], Bitboard moves[COUNT_BITS])
{
    for (int i = 0; i < COUNT_BITS; i++)
        moves[i] = 0;
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
        counts_add(moves, length);
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
    distance_fills(pos, map, first, true);
}

void king_distances(const Position *pos, DistanceMap *map)
{
    Bitboard first[2] = { bb_king_reach(pos->amazons[WHITE], pos->empty),
                          bb_king_reach(pos->amazons[BLACK], pos->empty) };
    distance_fills(pos, map, first, false);
}

void distance_ownership(const DistanceMap *map, Ownership *o)
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
void king_ownership(const Position *pos, Ownership *o)
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
double distance_influence(const DistanceMap *map, Color c)
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
double distance_contact(const DistanceMap *map)
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

