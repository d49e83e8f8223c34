/*
 * endgame_exact.h - exact outcomes of endgames whose fights are small.
 *
 * Late in a game the board falls apart into pieces that never touch again:
 * the king-connected components of empty squares and amazons.  A piece with
 * amazons of one colour only is an integer (regions.h: its owner's moves
 * there, nobody else's).  A piece where both colours' amazons meet is a
 * *fight*.  The whole position is the sum of its pieces, so it is equal to
 * its fights plus one integer, a *bank* of spare moves for one side.
 * Fights of one or two empty squares beside other fights are valued as
 * games first: an integer joins the bank, and stars cancel in pairs.
 *
 * endgame_decide searches exactly that, the fights alone with the bank,
 * when the fights hold few empty squares: every position it meets is cut
 * down the same way, so a fight is searched once whatever the rest of the
 * board looks like, and a fight that splits turns into integers at once.
 * Results are kept in a table keyed by the complete fight and the bank.
 */
#ifndef AMAZONS_ENDGAME_EXACT_H
#define AMAZONS_ENDGAME_EXACT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "eval/regions.h"
#include "solver/proof_table.h"

typedef struct EndgameTable EndgameTable;

/* A table of about `bytes` (at least one bucket); NULL when memory cannot be had. */
EndgameTable *endgame_table_create(size_t bytes);
void endgame_table_destroy(EndgameTable *table);
/* Forgets every result; needed before positions of another board shape. */
void endgame_table_clear(EndgameTable *table);

/*
 * Fight searches with this table give up (as past their budget) once
 * `deadline` passes; NULL: never.  Nothing undecided is ever stored.
 */
void endgame_table_watch(EndgameTable *table, Deadline *deadline);

typedef struct {
    uint64_t searches, decided, nodes, hits;
} EndgameStats;

EndgameStats endgame_table_stats(const EndgameTable *table);

/* Fights are never searched when they hold more empty squares than this. */
enum { ENDGAME_MAX_SQUARES = 12 };

/*
 * The outcome for pos's side to move when its fights hold at most
 * `max_fight_squares` (and ENDGAME_MAX_SQUARES) empty squares, searched
 * within `budget` nodes; the areas are counted with area_best (`areas` its
 * cache), each within `budget` nodes too.  RACE_UNDECIDED when the fights
 * are larger or a budget runs out.  A WIN or LOSS is exact.
 */
RaceOutcome endgame_decide(const Position *pos, EndgameTable *table, RegionCache *areas,
                           int max_fight_squares, long budget);

/*
 * The solver's table key (proof_table.h) of pos cut down to its fights,
 * with the bank in the key's spare bits.  Positions with equal keys have
 * equal values.  False when an area is too large to count within `budget`.
 */
bool endgame_key(const Position *pos, RegionCache *areas, long budget, ProofKey *key);

/* What endgame_examine makes of a position. */
typedef struct {
    ProofKey key;        /* as endgame_key */
    RaceOutcome outcome; /* as endgame_decide (RACE_UNDECIDED without a table) */
    Position fights;     /* the position cut down to its fights: the rest is arrows */
    int bank;            /* the moves of the closed areas cut away, White's less Black's */
} EndgameView;

/*
 * Both at once, cutting pos down only once: the key as endgame_key, the
 * outcome as endgame_decide, and the fights and bank themselves.  False,
 * with nothing set, when an area is too large to count.
 */
bool endgame_examine(const Position *pos, EndgameTable *table, RegionCache *areas,
                     int max_fight_squares, long budget, EndgameView *view);

#endif
