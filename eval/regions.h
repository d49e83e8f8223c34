/*
 * regions.h - races for moves between parts of the board that are closed off.
 *
 * Amazons is won by the side that moves last.  Once a part of the board is
 * walled off so that only one colour can ever play there, its moves are a
 * private reserve: no enemy move can take them away.  This module splits a
 * position into
 *
 *   - areas: a king-connected set of empty squares with the amazons of one
 *     colour that border it, such that no enemy amazon borders its empty
 *     squares.  An area is *strict* when no enemy amazon borders any of its
 *     squares (amazons included): then it stays closed whatever anyone does.
 *     Otherwise it is *semi-closed*: an amazon of the area next to an enemy
 *     amazon (a contact) would let the enemy in by leaving its square empty,
 *     so moves counted there make a contact amazon shoot back onto the square
 *     it left.
 *   - dead squares: empty squares no amazon can ever reach.
 *   - open squares: the rest, which both sides may still use.
 *
 * From that it bounds each side's remaining moves: `lower` moves that colour
 * can make inside its own areas whatever the opponent does, and `upper` the
 * most it can make while the opponent plays only inside its own areas.  The
 * side to move wins when its lower bound beats the opponent's upper bound,
 * and loses when the opponent's lower bound reaches its own upper bound:
 * either side can then simply play out its reserve.  These are proofs, not
 * estimates, and the exact solver relies on them.
 *
 * Lower bounds come from a walk that steps to a neighbouring square and
 * shoots back onto the square it left, or, with a RegionCache, from an exact
 * single-player search of each area (memoised, within a node budget).
 */
#ifndef AMAZONS_REGIONS_H
#define AMAZONS_REGIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

typedef struct {
    Bitboard squares;   /* the area's empty squares */
    Bitboard amazons;   /* its amazons, all of one colour */
    Bitboard contacts;  /* those next to an enemy amazon (none: the area is strict) */
} Area;

typedef struct {
    Area areas[2][MAX_AMAZONS]; /* per colour */
    int count[2];
    Bitboard open;              /* empty squares outside every area that some amazon can reach */
    Bitboard dead;              /* empty squares no amazon can ever reach */
} BoardSplit;

void board_split(const Position *pos, BoardSplit *split);

typedef struct {
    int lower[2]; /* moves colour c surely makes inside its own areas */
    int upper[2]; /* moves colour c makes at most while the other plays inside its own areas */
} MoveRace;

typedef enum { RACE_UNDECIDED, RACE_WIN, RACE_LOSS } RaceOutcome;

/*
 * Memo of exact single-player results, keyed by the full area (no hash
 * collisions: an entry matches only the very same squares and amazons).
 */
typedef struct RegionCache RegionCache;

/* A cache of about `bytes` (at least one entry); NULL when memory cannot be had. */
RegionCache *region_cache_create(size_t bytes);
void region_cache_destroy(RegionCache *cache);
void region_cache_clear(RegionCache *cache);

/* Single-player searches run and cache hits so far, for statistics. */
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
 * Bounds of the race from the split.  With a cache, areas are searched
 * exactly (each within `budget` nodes) until the outcome is decided or
 * nothing is left to refine; without one, walks and sizes only.
 */
void race_bounds(const Position *pos, const BoardSplit *split, RegionCache *cache, long budget,
                 MoveRace *race);

/* The race's outcome for the side to move, when the bounds decide it. */
RaceOutcome race_outcome(const MoveRace *race, Color to_move);

/* board_split + race_bounds + race_outcome. */
RaceOutcome race_decide(const Position *pos, RegionCache *cache, long budget);

#endif
