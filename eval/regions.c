/* regions.c - closed areas, exact single-player counts and the race bounds (regions.h). */
#include "eval/regions.h"

#include <stdlib.h>

#include "engine/zobrist.h"

/* ---- splitting the board ---- */

/* The king-connected component of `passable` squares that contains `seed`. */
static Bitboard flood(Bitboard seed, Bitboard passable)
{
    Bitboard area = seed, grown;
    while ((grown = area | bb_king_reach(area, passable)) != area)
        area = grown;
    return area;
}

/*
 * An area of colour c: the component of empty squares and c's amazons around
 * one amazon.  It is no area at all (false) when an enemy amazon borders one
 * of its empty squares: the enemy can walk in.
 */
static bool find_area(const Position *pos, Color c, int amazon, Area *area, Bitboard *component)
{
    Bitboard enemy = pos->amazons[color_other(c)];
    Bitboard all = flood(bb_square(amazon), pos->empty | pos->amazons[c]);
    *component = all;
    area->squares = all & pos->empty;
    area->amazons = all & pos->amazons[c];
    area->contacts = bb_king_reach(enemy, area->amazons);
    return bb_king_reach(area->squares, enemy) == 0;
}

void board_split(const Position *pos, BoardSplit *split)
{
    Bitboard all_amazons = pos->amazons[WHITE] | pos->amazons[BLACK];
    Bitboard live = flood(bb_king_reach(all_amazons, pos->empty), pos->empty);
    Bitboard in_areas = 0;
    for (int c = WHITE; c <= BLACK; c++) {
        split->count[c] = 0;
        Bitboard todo = pos->amazons[c];
        while (todo) {
            Area *area = &split->areas[c][split->count[c]];
            Bitboard component;
            bool closed = find_area(pos, (Color)c, bb_lowest(todo), area, &component);
            todo &= ~component;
            if (closed && area->squares) {
                in_areas |= area->squares;
                split->count[c]++;
            }
        }
    }
    split->dead = pos->empty & ~live;
    split->open = live & ~in_areas;
}

/* ---- the exact single-player search ---- */

typedef struct {
    Bitboard squares, amazons, contacts;
    int value; /* -1: empty slot */
} CacheEntry;

struct RegionCache {
    CacheEntry *entries;
    size_t count;
    RegionStats stats;
};

RegionCache *region_cache_create(size_t bytes)
{
    RegionCache *cache = calloc(1, sizeof *cache);
    if (!cache)
        return NULL;
    cache->count = bytes / sizeof(CacheEntry);
    if (cache->count < 1)
        cache->count = 1;
    cache->entries = malloc(cache->count * sizeof(CacheEntry));
    if (!cache->entries) {
        free(cache);
        return NULL;
    }
    region_cache_clear(cache);
    return cache;
}

void region_cache_destroy(RegionCache *cache)
{
    if (!cache)
        return;
    free(cache->entries);
    free(cache);
}

void region_cache_clear(RegionCache *cache)
{
    for (size_t i = 0; i < cache->count; i++)
        cache->entries[i].value = -1;
    cache->stats = (RegionStats){ 0 };
}

RegionStats region_cache_stats(const RegionCache *cache) { return cache->stats; }

static uint64_t bb_hash(Bitboard b, uint64_t salt)
{
    return zobrist_mix((uint64_t)b ^ zobrist_mix((uint64_t)(b >> 64) ^ salt));
}

static CacheEntry *cache_slot(RegionCache *cache, const Area *a)
{
    uint64_t h = bb_hash(a->squares, bb_hash(a->amazons, bb_hash(a->contacts, 0)));
    return &cache->entries[(size_t)(((unsigned __int128)h * cache->count) >> 64)];
}

static bool same_area(const CacheEntry *e, const Area *a)
{
    return e->value >= 0 && e->squares == a->squares && e->amazons == a->amazons
        && e->contacts == a->contacts;
}

typedef struct {
    RegionCache *cache;
    long budget; /* nodes left; below zero: give up */
} Solitaire;

static int best_moves(Solitaire *s, const Area *area);

/*
 * Value of what is left after a move: the amazons may now stand in separate
 * pieces, which are played independently, so their values add up.
 */
static int split_value(Solitaire *s, Bitboard empty, Bitboard amazons, Bitboard contacts)
{
    int total = 0;
    Bitboard todo = amazons;
    while (todo) {
        Bitboard piece = flood(bb_square(bb_lowest(todo)), empty | amazons);
        todo &= ~piece;
        Area part = { piece & empty, piece & amazons, piece & contacts };
        int value = best_moves(s, &part);
        if (value < 0)
            return -1;
        total += value;
    }
    return total;
}

/* Tries every move of the area; stops early once every square is used. */
static int search_moves(Solitaire *s, const Area *area)
{
    int size = bb_count(area->squares), best = 0;
    Bitboard movers = area->amazons;
    while (movers) {
        int from = bb_pop(&movers);
        Bitboard left = bb_square(from);
        Bitboard targets = bb_queen_reach(left, area->squares);
        while (targets) {
            Bitboard to = bb_square(bb_pop(&targets));
            Bitboard after = (area->squares | left) & ~to;
            /* A contact amazon shoots back: its square must not open to the enemy. */
            Bitboard arrows = (area->contacts & left) ? left : bb_queen_reach(to, after);
            while (arrows) {
                Bitboard arrow = bb_square(bb_pop(&arrows));
                int value = split_value(s, after & ~arrow, (area->amazons & ~left) | to,
                                        area->contacts & ~left);
                if (value < 0)
                    return -1;
                if (value + 1 > best)
                    best = value + 1;
                if (best == size)
                    return best;
            }
        }
    }
    return best;
}

static int best_moves(Solitaire *s, const Area *area)
{
    if (!bb_king_reach(area->amazons, area->squares))
        return 0;
    if (bb_count(area->squares) == 1)
        return 1; /* step onto it and shoot back */
    CacheEntry *slot = cache_slot(s->cache, area);
    if (same_area(slot, area)) {
        s->cache->stats.hits++;
        return slot->value;
    }
    if (--s->budget < 0)
        return -1;
    s->cache->stats.nodes++;
    int value = search_moves(s, area);
    if (value >= 0)
        *slot = (CacheEntry){ area->squares, area->amazons, area->contacts, value };
    return value;
}

int area_best(RegionCache *cache, const Area *area, long budget)
{
    Solitaire s = { cache, budget };
    cache->stats.searches++;
    return best_moves(&s, area);
}

/* ---- walks ---- */

/*
 * Steps one amazon to the neighbour with the fewest free neighbours of its
 * own (Warnsdorff's rule), shooting back each time; returns the steps made.
 */
static int walk_one(int amazon, Bitboard *free_squares)
{
    int steps = 0;
    Bitboard next;
    while ((next = bb_king_reach(bb_square(amazon), *free_squares)) != 0) {
        int choice = bb_lowest(next), fewest = 9;
        for (; next; ) {
            int sq = bb_pop(&next);
            int onward = bb_count(bb_king_reach(bb_square(sq), *free_squares));
            if (onward < fewest) {
                fewest = onward;
                choice = sq;
            }
        }
        *free_squares &= ~bb_square(choice);
        amazon = choice;
        steps++;
    }
    return steps;
}

int area_walk(const Area *area)
{
    Bitboard free_squares = area->squares, amazons = area->amazons;
    int steps = 0;
    while (amazons)
        steps += walk_one(bb_pop(&amazons), &free_squares);
    return steps;
}

/* ---- the race ---- */

RaceOutcome race_outcome(const MoveRace *race, Color to_move)
{
    Color them = color_other(to_move);
    if (race->lower[to_move] > race->upper[them])
        return RACE_WIN;
    if (race->lower[them] >= race->upper[to_move])
        return RACE_LOSS;
    return RACE_UNDECIDED;
}

/* Per area: what it surely gives, what it gives at most, and whether that is final. */
typedef struct {
    int low, high;
    bool exact;
} AreaBounds;

static void sum_bounds(const BoardSplit *split, AreaBounds bounds[2][MAX_AMAZONS], MoveRace *race)
{
    int open = bb_count(split->open);
    for (int c = WHITE; c <= BLACK; c++) {
        race->lower[c] = 0;
        race->upper[c] = open;
        for (int i = 0; i < split->count[c]; i++) {
            race->lower[c] += bounds[c][i].low;
            race->upper[c] += bounds[c][i].high;
        }
    }
}

/* The unsolved area with the fewest squares, or false when none is left. */
static bool next_to_solve(const BoardSplit *split, AreaBounds bounds[2][MAX_AMAZONS], int *colour,
                          int *index)
{
    int best_size = NUM_SQUARES + 1;
    for (int c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < split->count[c]; i++) {
            int size = bb_count(split->areas[c][i].squares);
            if (!bounds[c][i].exact && size < best_size) {
                best_size = size;
                *colour = c;
                *index = i;
            }
        }
    return best_size <= NUM_SQUARES;
}

void race_bounds(const Position *pos, const BoardSplit *split, RegionCache *cache, long budget,
                 MoveRace *race)
{
    AreaBounds bounds[2][MAX_AMAZONS];
    for (int c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < split->count[c]; i++) {
            const Area *area = &split->areas[c][i];
            int size = bb_count(area->squares), walk = area_walk(area);
            /* A semi-closed area's most is its size: the enemy may yet get in. */
            bounds[c][i] = (AreaBounds){ walk, size, walk == size };
        }
    sum_bounds(split, bounds, race);
    int c, i;
    while (cache && race_outcome(race, pos->to_move) == RACE_UNDECIDED
           && next_to_solve(split, bounds, &c, &i)) {
        const Area *area = &split->areas[c][i];
        int value = area_best(cache, area, budget);
        bounds[c][i].exact = true; /* solved, or too big to try again here */
        if (value < 0)
            continue;
        bounds[c][i].low = value;
        if (!area->contacts)
            bounds[c][i].high = value;
        sum_bounds(split, bounds, race);
    }
}

RaceOutcome race_decide(const Position *pos, RegionCache *cache, long budget)
{
    BoardSplit split;
    MoveRace race;
    board_split(pos, &split);
    race_bounds(pos, &split, cache, budget, &race);
    return race_outcome(&race, pos->to_move);
}
