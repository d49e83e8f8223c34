/*
 * search_guide.h - the tree search (search/) as the exact solver's guide,
 * for amazons-prove: the move it prefers at the root of a proof (--guide),
 * and in the hard states below it (--guide-plies, solver_set_guide).
 *
 * A guide only chooses which move the solver tries first; the solver's
 * answers do not depend on it (docs/solver.md, "Guided proofs").
 */
#ifndef AMAZONS_SEARCH_GUIDE_H
#define AMAZONS_SEARCH_GUIDE_H

#include <stdint.h>

#include "engine/position.h"
#include "solver/portfolio.h"

/*
 * The move the tree search prefers in pos after `seconds` on `threads`
 * threads: 1, or 0 when pos has no move, -1 when the search has no memory.
 */
int search_guide_move(const Position *pos, double seconds, int threads, Move *move);

typedef struct StateGuides StateGuides;

/*
 * Gives every member of the portfolio a tree search of its own, run on the
 * member's thread, as its guide: states of the first `plies` plies that
 * take `work` nodes in one visit ask it, and it looks `playouts` playouts.
 * NULL when a search cannot have its memory (the portfolio is then left
 * unguided).  Destroy it after the portfolio's last solve.
 */
StateGuides *state_guides_attach(Portfolio *portfolio, int plies, uint64_t work, uint64_t playouts);
void state_guides_destroy(StateGuides *guides);

#endif
