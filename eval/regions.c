/* regions.c - closed areas, exact single-player counts and the race bounds (regions.h). */
#include "eval/regions.h"

#include <stdlib.h>
#include <string.h>

#include "engine/table_memory.h"
#include "engine/zobrist.h"

/* ---- splitting the board ---- */

/*
 * The pockets of a contested component: its runs of empty squares that no
 * enemy amazon borders.  (Every run borders one of its own amazons, since
 * those are what join the runs into one component.)  One fill from every
 * square an enemy borders finds the other runs at once, and in fewer steps
 * than a fill from one square.
 */
static Bitboard find_pockets(Bitboard squares, Bitboard enemy)
{
    return squares & ~bb_king_component(bb_king_reach(enemy, squares), squares);
}

/* The component of colour c's amazons and empty squares around one amazon. */
static Bitboard find_part(const Position *pos, Color c, int amazon, Part *part)
{
    Bitboard enemy = pos->amazons[color_other(c)];
    Bitboard all = bb_king_component(bb_square(amazon), pos->empty | pos->amazons[c]);
    Area *area = &part->area;
    area->squares = all & pos->empty;
    area->amazons = all & pos->amazons[c];
    area->contacts = bb_king_reach(enemy, area->amazons);
    part->kind = bb_king_reach(area->squares, enemy) ? PART_CONTESTED
               : area->contacts                     ? PART_SEMI
                                                    : PART_STRICT;
    part->pockets = part->kind == PART_CONTESTED ? find_pockets(area->squares, enemy) : 0;
    return all;
}

void board_split(const Position *pos, BoardSplit *split)
{
    for (int c = WHITE; c <= BLACK; c++) {
        split->count[c] = 0;
        Bitboard todo = pos->amazons[c];
        while (todo) {
            Part *part = &split->parts[c][split->count[c]];
            todo &= ~find_part(pos, (Color)c, bb_lowest(todo), part);
            if (part->area.squares)
                split->count[c]++;
        }
    }
}

/* ---- the exact single-player search ---- */

typedef struct {
    Bitboard squares, amazons, contacts;
    int value_plus_one; /* 0: empty slot (zeroed memory is an empty cache) or given up */
    long given_up;      /* value_plus_one 0: the budget that did not suffice, or 0 */
} CacheEntry;

struct RegionCache {
    CacheEntry *entries;
    void *block;        /* what holds them, for free() */
    size_t count;
    RegionStats stats;
    Deadline *deadline; /* region_cache_watch */
};

RegionCache *region_cache_create(size_t bytes)
{
    RegionCache *cache = calloc(1, sizeof *cache);
    if (!cache)
        return NULL;
    /* Whole pairs (cache_slot), at least one. */
    cache->count = bytes / sizeof(CacheEntry) & ~(size_t)1;
    if (cache->count < 2)
        cache->count = 2;
    cache->entries = table_calloc(cache->count, sizeof(CacheEntry), &cache->block);
    if (!cache->entries) {
        free(cache);
        return NULL;
    }
    return cache;
}

void region_cache_destroy(RegionCache *cache)
{
    if (!cache)
        return;
    free(cache->block);
    free(cache);
}

void region_cache_clear(RegionCache *cache)
{
    memset(cache->entries, 0, cache->count * sizeof(CacheEntry));
    cache->stats = (RegionStats){ 0 };
}

RegionStats region_cache_stats(const RegionCache *cache) { return cache->stats; }

void region_cache_watch(RegionCache *cache, Deadline *deadline) { cache->deadline = deadline; }

/* Whether the watched deadline has cut the searches short. */
static bool out_of_time(RegionCache *cache) { return deadline_passed(cache->deadline); }

static uint64_t bb_hash(Bitboard b, uint64_t salt)
{
    return zobrist_mix((uint64_t)b ^ zobrist_mix((uint64_t)(b >> 64) ^ salt));
}

static bool same_area(const CacheEntry *e, const Area *a)
{
    return (e->value_plus_one || e->given_up) && e->squares == a->squares
        && e->amazons == a->amazons && e->contacts == a->contacts;
}

/*
 * The entry of area a, or the one to fill with it.  Entries come in pairs:
 * the first keeps the largest area that came its way, the second takes the
 * rest.  Counting a large area needs the counts of its sub-areas, hundreds
 * of thousands of them; with a single way these pushed the large areas'
 * counts out of a small cache, whose counts then ran out of their budget
 * each time they were asked for again (regions.h, area_best).  On a 10x10
 * endgame with 40 empty squares, a solver of 64 MiB (an 8 MiB cache) was
 * still unknown after 2 s with one way, and proved it in 0.77 s with two.
 */
static CacheEntry *cache_slot(RegionCache *cache, const Area *a)
{
    uint64_t h = bb_hash(a->squares, bb_hash(a->amazons, bb_hash(a->contacts, 0)));
    size_t i = (size_t)(((unsigned __int128)h * cache->count) >> 64) & ~(size_t)1;
    CacheEntry *pair = &cache->entries[i];
    if (same_area(&pair[0], a))
        return &pair[0];
    if (same_area(&pair[1], a))
        return &pair[1];
    if (bb_count(a->squares) < bb_count(pair[0].squares))
        return &pair[1];
    pair[1] = pair[0];
    return &pair[0];
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
        Bitboard piece = bb_king_component(bb_square(bb_lowest(todo)), empty | amazons);
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
        /* An earlier search ran out of a budget no larger than this one: do not try again. */
        if (slot->value_plus_one || slot->given_up >= s->budget)
            return slot->value_plus_one - 1;
    }
    if (--s->budget < 0 || out_of_time(s->cache))
        return -1;
    s->cache->stats.nodes++;
    int value = search_moves(s, area);
    if (value >= 0)
        *slot = (CacheEntry){ area->squares, area->amazons, area->contacts, value + 1, 0 };
    return value;
}

int area_best(RegionCache *cache, const Area *area, long budget)
{
    Solitaire s = { cache, budget };
    cache->stats.searches++;
    int value = best_moves(&s, area);
    /* Only a budget that did not suffice is worth remembering; a stop is not. */
    if (value < 0 && !out_of_time(cache))
        *cache_slot(cache, area) = (CacheEntry){ area->squares, area->amazons, area->contacts, 0,
                                                 budget };
    return value;
}

/* ---- best moves of strict areas ---- */

/*
 * A strict area is an integer in the sense of combinatorial games: its
 * value is just the moves its amazons can make there, area_best.  So all
 * the moves that leave area_best - 1 are equal, and they are at least as
 * good as any other move in any strict area of the same side.  The exact
 * solver keeps one of them in place of all those moves.
 */

bool strict_area_of(const Position *pos, int amazon, Area *area)
{
    Color c = bb_test(pos->amazons[WHITE], amazon) ? WHITE : BLACK;
    Bitboard all = bb_king_component(bb_square(amazon), pos->empty | pos->amazons[c]);
    if (bb_king_reach(pos->amazons[color_other(c)], all))
        return false;
    *area = (Area){ all & pos->empty, all & pos->amazons[c], 0 };
    return true;
}

bool area_best_move(RegionCache *cache, const Area *area, long budget, Move *move)
{
    int best = area_best(cache, area, budget);
    if (best <= 0)
        return false;
    Solitaire s = { cache, budget };
    for (Bitboard movers = area->amazons; movers;) {
        int from = bb_pop(&movers);
        Bitboard left = bb_square(from);
        for (Bitboard targets = bb_queen_reach(left, area->squares); targets;) {
            int to = bb_pop(&targets);
            Bitboard after = (area->squares | left) & ~bb_square(to);
            Bitboard arrows = (area->contacts & left) ? left : bb_queen_reach(bb_square(to), after);
            while (arrows) {
                int arrow = bb_pop(&arrows);
                int value = split_value(&s, after & ~bb_square(arrow),
                                        (area->amazons & ~left) | bb_square(to),
                                        area->contacts & ~left);
                if (value < 0)
                    return false;
                if (value == best - 1) {
                    *move = (Move){ (uint8_t)from, (uint8_t)to, (uint8_t)arrow };
                    return true;
                }
            }
        }
    }
    return false; /* not reached: area_best found such a move */
}

int area_best_arrow(RegionCache *cache, const Area *area, int shooter, long budget)
{
    Solitaire s = { cache, budget };
    int best = -1, best_value = -1, most = bb_count(area->squares) - 1;
    for (Bitboard arrows = bb_queen_reach(bb_square(shooter), area->squares); arrows;) {
        int arrow = bb_pop(&arrows);
        int value = split_value(&s, area->squares & ~bb_square(arrow), area->amazons,
                                area->contacts);
        if (value < 0)
            return -1;
        if (value > best_value) {
            best_value = value;
            best = arrow;
            if (value == most)
                break;
        }
    }
    return best;
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
    while ((next = bb_neighbours(amazon) & *free_squares) != 0) {
        int choice = bb_lowest(next), fewest = 9;
        for (; next; ) {
            int sq = bb_pop(&next);
            int onward = bb_count(bb_neighbours(sq) & *free_squares);
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

/*
 * walk_one in one word, for areas below bit 64 (every area of a board of
 * up to five ranks, or six of up to nine files): a square's neighbours
 * below bit 64 are the low word of its table entry, and one popcount
 * counts them.
 */
static int walk_one_narrow(int amazon, uint64_t *free_squares)
{
    int steps = 0;
    uint64_t next;
    while ((next = (uint64_t)bb_neighbours(amazon) & *free_squares) != 0) {
        int choice = __builtin_ctzll(next), fewest = 9;
        for (; next; next &= next - 1) {
            int sq = __builtin_ctzll(next);
            int onward = __builtin_popcountll((uint64_t)bb_neighbours(sq) & *free_squares);
            if (onward < fewest) {
                fewest = onward;
                choice = sq;
            }
        }
        *free_squares &= ~((uint64_t)1 << choice);
        amazon = choice;
        steps++;
    }
    return steps;
}

int area_walk(const Area *area)
{
    Bitboard free_squares = area->squares, amazons = area->amazons;
    int steps = 0;
    if (!(free_squares >> 64)) {
        uint64_t narrow = (uint64_t)free_squares;
        while (amazons)
            steps += walk_one_narrow(bb_pop(&amazons), &narrow);
        return steps;
    }
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

/*
 * What one component is known to give: `low` moves surely (in an area, or
 * in the pockets of a contested component), `high` at most; `floor` is a
 * lower bound of what `high` can come down to.  A bound is final when no
 * search can improve it.
 */
typedef struct {
    int size, low, high, floor;
    bool low_final, high_final;
} PartBounds;

typedef struct {
    const BoardSplit *split;
    PartBounds bounds[2][MAX_AMAZONS];
    int bank[2]; /* exact moves of each colour outside the split */
} Race;

/*
 * Moves surely made in the pockets of a contested part: each of its amazons
 * serves at most one pocket, stepping in and shooting back onto its square.
 * Walks without a cache, exact counts with one (walks past the budget);
 * *exact (when not NULL) tells whether every count is the most its pocket
 * gives.
 */
static int pocket_moves(const Part *part, RegionCache *cache, long budget, bool *exact)
{
    Bitboard unused = part->area.amazons;
    int total = 0;
    bool all_exact = true;
    for (Bitboard todo = part->pockets; todo;) {
        Bitboard run = bb_king_component(bb_square(bb_lowest(todo)), part->pockets);
        todo &= ~run;
        Bitboard keepers = bb_king_reach(run, unused);
        if (!keepers)
            continue;
        unused &= ~keepers;
        Area pocket = { run, keepers, keepers };
        int moves = cache ? area_best(cache, &pocket, budget) : -1;
        if (moves < 0) {
            moves = area_walk(&pocket);
            all_exact = all_exact && moves == bb_count(run);
        }
        total += moves;
    }
    if (exact)
        *exact = all_exact;
    return total;
}

static void first_bounds(Race *r)
{
    for (int c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < r->split->count[c]; i++) {
            const Part *part = &r->split->parts[c][i];
            int size = bb_count(part->area.squares), walk = area_walk(&part->area);
            /* The walk is a real sequence of moves: it bounds the most from below too. */
            PartBounds *b = &r->bounds[c][i];
            *b = (PartBounds){ size, walk, size, walk, walk == size, walk == size };
            if (part->kind == PART_CONTESTED)
                b->low = pocket_moves(part, NULL, 0, &b->low_final);
        }
}

static void sum_bounds(const Race *r, MoveRace *race)
{
    for (int c = WHITE; c <= BLACK; c++) {
        race->lower[c] = race->upper[c] = r->bank[c];
        for (int i = 0; i < r->split->count[c]; i++) {
            race->lower[c] += r->bounds[c][i].low;
            race->upper[c] += r->bounds[c][i].high;
        }
    }
}

/* Whether `lead` surely making more moves than `other` can at most is still possible. */
static bool may_outlast(const Race *r, Color lead, int margin)
{
    int best_lower = r->bank[lead], least_upper = r->bank[color_other(lead)];
    for (int i = 0; i < r->split->count[lead]; i++) {
        const PartBounds *b = &r->bounds[lead][i];
        best_lower += b->low_final ? b->low : b->size;
    }
    for (int i = 0; i < r->split->count[color_other(lead)]; i++) {
        const PartBounds *b = &r->bounds[color_other(lead)][i];
        least_upper += b->high_final ? b->high : b->floor;
    }
    return best_lower + margin > least_upper;
}

/* Searches the smallest component whose bounds can still move; false when none is left. */
static bool refine_one(Race *r, RegionCache *cache, long budget)
{
    int best_c = -1, best_i = 0, best_size = NUM_SQUARES + 1;
    for (int c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < r->split->count[c]; i++) {
            const PartBounds *b = &r->bounds[c][i];
            if ((!b->low_final || !b->high_final) && b->size < best_size) {
                best_size = b->size;
                best_c = c;
                best_i = i;
            }
        }
    if (best_c < 0)
        return false;
    const Part *part = &r->split->parts[best_c][best_i];
    PartBounds *b = &r->bounds[best_c][best_i];
    if (!b->low_final && part->kind == PART_CONTESTED) {
        b->low = pocket_moves(part, cache, budget, NULL);
        b->low_final = true;
        return true;
    }
    if (!b->low_final) {
        int value = area_best(cache, &part->area, budget);
        b->low_final = true;
        if (value >= 0)
            b->low = value;
        if (value >= 0 && part->kind == PART_STRICT) {
            b->high = b->floor = value;
            b->high_final = true;
        }
        return true;
    }
    /* The most, with every amazon free to leave its square: the enemy stays put. */
    Area free_area = { part->area.squares, part->area.amazons, 0 };
    int value = area_best(cache, &free_area, budget);
    b->high_final = true;
    if (value >= 0)
        b->high = b->floor = value;
    return true;
}

void race_bounds(const Position *pos, const BoardSplit *split, int bank, RegionCache *cache,
                 long budget, MoveRace *race)
{
    Race r = { .split = split, .bank = { bank > 0 ? bank : 0, bank < 0 ? -bank : 0 } };
    Color us = pos->to_move, them = color_other(us);
    first_bounds(&r);
    sum_bounds(&r, race);
    while (cache && race_outcome(race, us) == RACE_UNDECIDED
           && (may_outlast(&r, us, 0) || may_outlast(&r, them, 1))
           && refine_one(&r, cache, budget))
        sum_bounds(&r, race);
}

/*
 * Whether the split has an area or a pocket at all.  Without one every lower
 * bound is 0: the side to move cannot win the race, and loses it only
 * without a part (no move), so there is nothing to count.  Most states of
 * an open board are like this, and the walks are the costly part of the
 * bounds.
 */
static bool has_sure_moves(const BoardSplit *split)
{
    for (int c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < split->count[c]; i++)
            if (split->parts[c][i].kind != PART_CONTESTED || split->parts[c][i].pockets)
                return true;
    return false;
}

RaceOutcome race_decide_banked(const Position *pos, int bank, RegionCache *cache, long budget)
{
    BoardSplit split;
    MoveRace race;
    board_split(pos, &split);
    if (bank == 0 && !has_sure_moves(&split))
        return split.count[pos->to_move] ? RACE_UNDECIDED : RACE_LOSS;
    race_bounds(pos, &split, bank, cache, budget, &race);
    return race_outcome(&race, pos->to_move);
}

RaceOutcome race_decide(const Position *pos, RegionCache *cache, long budget)
{
    return race_decide_banked(pos, 0, cache, budget);
}
