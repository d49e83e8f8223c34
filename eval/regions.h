/*
 * regions.h - races for moves between parts of the board that are closed off.
 *
 * Amazons is won by the side that moves last.  Once a part of the board is
 * walled off so that only one colour can ever play there, its moves are a
 * private reserve: no enemy move can take them away.  For each colour this
 * module splits the board into the components its amazons can ever get to
 * (king-connected empty squares, joined through its own amazons):
 *
 *   - an *area* is a component whose empty squares no enemy amazon borders.
 *     It is *strict* when no enemy amazon borders any of its squares: then
 *     it stays closed whatever anyone does.  Otherwise it is *semi-closed*:
 *     an amazon of the area next to an enemy amazon (a contact) would let the
 *     enemy in by leaving its square empty, so the moves counted as surely
 *     available there make a contact amazon shoot back onto the square it
 *     left.
 *   - a *contested* component is one the enemy can walk into.  Its
 *     *pockets* are its runs of king-connected empty squares that only
 *     amazons of its own colour border: no enemy move or arrow can get into
 *     one while those amazons stand, and one of them seals it by stepping in
 *     and shooting back onto the square it left.
 *
 * A side "plays closed" when it moves only inside its own areas and
 * pockets, contacts and the amazons entering pockets shooting back: then
 * the extent of every enemy component stays fixed (a square it leaves
 * becomes an arrow), its other amazons never move, and the enemy can make
 * at most, in each of its components, the moves its amazons could make
 * there alone.  So each side gets `lower`, the moves it surely makes
 * playing closed, and `upper`, the most it can make while the other plays
 * closed.  The side to move wins when its lower bound beats the opponent's
 * upper bound, and loses when the opponent's lower bound reaches its own
 * upper bound: the winner then simply plays closed.  These are proofs, not
 * estimates; the exact solver relies on them.
 *
 * Counts come from a walk that steps to a neighbouring square and shoots
 * back onto the square it left (a lower bound), the number of empty squares
 * (an upper bound), or, with a RegionCache, an exact single-player search of
 * the component (memoised, within a node budget).
 */
#ifndef AMAZONS_REGIONS_H
#define AMAZONS_REGIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/deadline.h"
#include "engine/move.h"
#include "engine/position.h"

typedef struct {
    Bitboard squares;   /* the component's empty squares */
    Bitboard amazons;   /* its amazons, all of one colour */
    Bitboard contacts;  /* those that must shoot back when they move (see area_best) */
} Area;

typedef enum { PART_STRICT, PART_SEMI, PART_CONTESTED } PartKind;

typedef struct {
    Area area;          /* contacts: its amazons next to an enemy amazon */
    PartKind kind;
    Bitboard pockets;   /* contested: the squares of its pockets, else 0 */
} Part;

typedef struct {
    Part parts[2][MAX_AMAZONS]; /* per colour: the components of its amazons with empty squares */
    int count[2];
} BoardSplit;

void board_split(const Position *pos, BoardSplit *split);

typedef struct {
    int lower[2]; /* moves colour c surely makes inside its own areas and pockets */
    int upper[2]; /* moves colour c makes at most while the other plays closed */
} MoveRace;

typedef enum { RACE_UNDECIDED, RACE_WIN, RACE_LOSS } RaceOutcome;

/*
 * Memo of exact single-player results, keyed by the full area (no hash
 * collisions: an entry matches only the very same squares and amazons).
 */
typedef struct RegionCache RegionCache;

/* A cache of about `bytes` (at least two entries); NULL when memory cannot be had. */
RegionCache *region_cache_create(size_t bytes);
void region_cache_destroy(RegionCache *cache);
void region_cache_clear(RegionCache *cache);

/*
 * Searches with this cache give up (as past their budget) once `deadline`
 * passes; NULL: never.  A search cut short by the deadline leaves nothing
 * in the cache that a later search with more time would believe.
 */
void region_cache_watch(RegionCache *cache, Deadline *deadline);

/* Single-player searches started, nodes searched and cache hits so far, for statistics. */
typedef struct {
    uint64_t searches, nodes, hits;
} RegionStats;
RegionStats region_cache_stats(const RegionCache *cache);

/*
 * Most moves the amazons of `area` can make in it when nobody else plays
 * there, contact amazons shooting back onto the square they leave; -1 when
 * more than `budget` nodes would be needed.  Exact.
 */
int area_best(RegionCache *cache, const Area *area, long budget);

/* A quick lower bound of area_best: each amazon in turn steps and shoots back. */
int area_walk(const Area *area);

/*
 * Strict areas are integers (regions.c): every move that leaves area_best - 1
 * is as good as any move of the same side in any of its strict areas.
 *
 * strict_area_of: the area of the amazon on `amazon` (either colour), when
 * no enemy amazon borders it; false otherwise.
 * area_best_move: one move of `area` that leaves area_best - 1 moves; false
 * when the area has no move or a search needs more than `budget` nodes.
 * area_best_arrow: for the amazon on `shooter`, already moved inside
 * `area`, the arrow that leaves the most moves; -1 past the budget.
 */
bool strict_area_of(const Position *pos, int amazon, Area *area);
bool area_best_move(RegionCache *cache, const Area *area, long budget, Move *move);
int area_best_arrow(RegionCache *cache, const Area *area, int shooter, long budget);

/*
 * Bounds of the race from the split.  With a cache, components are searched
 * exactly (each within `budget` nodes) while that can still decide the race
 * for the side to move; without one, walks and sizes only.  `bank` moves
 * more (White's when positive, Black's when negative) are known exactly
 * from strict areas that pos leaves out (race_decide_banked).
 */
void race_bounds(const Position *pos, const BoardSplit *split, int bank, RegionCache *cache,
                 long budget, MoveRace *race);

/* The race's outcome for the side to move, when the bounds decide it. */
RaceOutcome race_outcome(const MoveRace *race, Color to_move);

/* board_split + race_bounds + race_outcome. */
RaceOutcome race_decide(const Position *pos, RegionCache *cache, long budget);

/*
 * race_decide for a position whose strict areas were cut away and counted
 * exactly into `bank` (the solver's fights and bank, endgame_exact.h): the
 * same outcome as the whole position would give with those areas searched,
 * from a smaller split and without walking them.
 */
RaceOutcome race_decide_banked(const Position *pos, int bank, RegionCache *cache, long budget);

#endif
