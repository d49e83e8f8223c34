/* endgame.c - guaranteed and exact move counts in separated regions. */
#include "eval/endgame.h"

#include <string.h>

/*
 * A walk that always steps to the neighbour with the fewest onward
 * neighbours (Warnsdorff's rule) and shoots back onto the square it left:
 * each step fills exactly one square, and the steps are real moves, so
 * their number is a guaranteed count.
 */
static int walk(int amazon, Bitboard *empty)
{
    int moves = 0;
    for (;;) {
        Bitboard next = bb_neighbours(amazon) & *empty;
        if (!next)
            return moves;
        int best = -1, best_degree = 9;
        while (next) {
            int sq = bb_pop(&next);
            int degree = bb_count(bb_neighbours(sq) & *empty);
            if (degree < best_degree) {
                best_degree = degree;
                best = sq;
            }
        }
        *empty &= ~bb_square(best);
        amazon = best;
        moves++;
    }
}

/* Exhaustive search over (amazon square, empty subset), memoised on local indices. */
typedef struct {
    int squares[EXACT_REGION_MAX + 1];
    int count;
    int8_t memo[EXACT_REGION_MAX + 1][1 << (EXACT_REGION_MAX + 1)];
} RegionSolver;

static int index_of(const RegionSolver *s, int sq)
{
    for (int i = 0; i < s->count; i++)
        if (s->squares[i] == sq)
            return i;
    return -1;
}

static unsigned mask_of(const RegionSolver *s, Bitboard set)
{
    unsigned mask = 0;
    for (int i = 0; i < s->count; i++)
        if (bb_test(set, s->squares[i]))
            mask |= 1u << i;
    return mask;
}

static int solve(RegionSolver *s, int amazon, Bitboard empty)
{
    int8_t *memo = &s->memo[index_of(s, amazon)][mask_of(s, empty)];
    if (*memo >= 0)
        return *memo;
    int best = 0;
    Bitboard targets = bb_queen_reach(bb_square(amazon), empty);
    while (targets && best < bb_count(empty)) {
        int to = bb_pop(&targets);
        Bitboard after = (empty | bb_square(amazon)) & ~bb_square(to);
        Bitboard arrows = bb_queen_reach(bb_square(to), after);
        while (arrows) {
            int value = 1 + solve(s, to, after & ~bb_square(bb_pop(&arrows)));
            if (value > best)
                best = value;
        }
    }
    return *memo = (int8_t)best;
}

int solve_region(int amazon, Bitboard region)
{
    RegionSolver s;
    s.count = 0;
    s.squares[s.count++] = amazon;
    for (Bitboard r = region; r && s.count <= EXACT_REGION_MAX; )
        s.squares[s.count++] = bb_pop(&r);
    memset(s.memo, -1, sizeof s.memo);
    return solve(&s, amazon, region);
}

void count_region_moves(const Position *pos, Color c, MoveCount *count)
{
    count->guaranteed = count->most = 0;
    /* Regions connect through empty squares and through c's own amazons, which can step over. */
    Bitboard passable = pos->empty | pos->amazons[c];
    Bitboard unvisited = bb_king_reach(pos->amazons[c], pos->empty);
    while (unvisited) {
        Bitboard area = bb_square(bb_lowest(unvisited)), grown;
        while ((grown = area | bb_king_reach(area, passable)) != area)
            area = grown;
        Bitboard region = area & pos->empty, amazons = area & pos->amazons[c];
        unvisited &= ~region;
        count->most += bb_count(region);
        if (bb_count(amazons) == 1 && bb_count(region) <= EXACT_REGION_MAX) {
            count->guaranteed += solve_region(bb_lowest(amazons), region);
            continue;
        }
        while (amazons)
            count->guaranteed += walk(bb_pop(&amazons), &region);
    }
}
