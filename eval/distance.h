/*
 * distance.h - how soon each side reaches every empty square.
 *
 * Queen distance is the number of queen moves an amazon of a colour needs
 * to reach a square, king distance the number of king steps; both are
 * bitboard flood fills by levels, both colours in lockstep.  The
 * evaluations (eval.h, net.h, formula.h) and the solver's ordering read
 * them: who reaches a square first owns it, and how far apart the two sides
 * are says how contested it is.
 */
#ifndef AMAZONS_DISTANCE_H
#define AMAZONS_DISTANCE_H

#include <stdbool.h>

#include "engine/position.h"
#include "eval/square_counts.h"

enum { MAX_DISTANCE = 32 };

/* Squares at each queen or king distance, per colour. */
typedef struct {
    Bitboard at[2][MAX_DISTANCE + 1]; /* at[c][d]: empty squares at distance d */
    Bitboard reached[2];              /* every empty square colour c can reach */
    int depth[2];                     /* largest d with a non-empty at[c][d] */
} DistanceMap;

void queen_distances(const Position *pos, DistanceMap *map);
void king_distances(const Position *pos, DistanceMap *map);

/*
 * Both colours' first queen level (the squares one queen move away), and
 * each amazon's number of queen moves, bit-sliced (count_at(moves, sq)).
 */
void queen_first_levels(const Position *pos, Bitboard level[2], Bitboard moves[COUNT_BITS]);

/* The fills from given first levels: `queen` picks queen moves or king steps. */
void distance_fills(const Position *pos, DistanceMap *map, const Bitboard first[2], bool queen);

/* Squares White reaches strictly sooner than Black, Black sooner, and ties. */
typedef struct {
    Bitboard white, black, tie;
} Ownership;

void distance_ownership(const DistanceMap *map, Ownership *o);

/* The same by king distance, from one lockstep fill (no distances kept). */
void king_ownership(const Position *pos, Ownership *o);

/* Sum over the squares colour c reaches of 2^-distance: near squares weigh most. */
double distance_influence(const DistanceMap *map, Color c);

/* Lieberum's w: sum over squares both reach of 2^-|dW - dB|; 0 once regions close. */
double distance_contact(const DistanceMap *map);

#endif
