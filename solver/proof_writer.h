/*
 * proof_writer.h - writes a proven position's winning strategy to a proof
 * file that a program knowing only the rules can check (solver/tools/check_proof.c).
 *
 * The strategy is a table of the winner's moves: one line for every position
 * with the winner to move that play can reach from the start when the winner
 * keeps to the table and the loser plays anything.  Play ends in the table's
 * leaves: positions where the side to move has no move, or where the areas
 * holding amazons of both colours have at most N empty squares left (N is
 * the file's `leaves`; an area is a king-connected group of squares that are
 * not arrows).  The checker decides leaves by exhaustive search of their
 * contested areas, the others' areas counted as spare moves.  Positions
 * equal up to a symmetry of the board are written once; a checker maps the
 * others onto them.
 *
 * The format, line by line (text, '#' lines are comments):
 *
 *   amazons-proof 1
 *   start BOARD SIDE          the proven position, as position text
 *   winner white|black        the side that wins it
 *   leaves N                  where the table stops (above)
 *   BOARD SIDE MOVE           the winner's move in that position (many lines)
 *   end ENTRIES               the number of move lines, so a cut file is refused
 *
 * Each winner's move comes from the solver (a fresh solve of that position,
 * which reuses the tables of the solves before it), so writing costs at most
 * one solve per line and usually a table lookup.  Where a move leads into a
 * leaf, only the leaf's outcome is asked for (SolveLimits.outcome_only).
 */
#ifndef AMAZONS_PROOF_WRITER_H
#define AMAZONS_PROOF_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/position.h"
#include "solver/solver.h"

typedef struct {
    uint64_t entries;     /* move lines written */
    uint64_t positions;   /* distinct positions (up to symmetry) walked */
    uint64_t leaves;      /* positions left to the checker's exhaustive search */
    uint64_t stuck;       /* positions where the side to move has no move */
    uint64_t closed;      /* winner's moves into a leaf that replaced the solver's */
    uint64_t solver_nodes;
    double seconds;
} ProofWriteStats;

/*
 * Writes the strategy by which `winner` wins pos (with pos->to_move to play)
 * to out, down to leaves of at most `leaf_squares` contested empty squares.  Each solve gets `limits`.  Returns NULL when done, else why it
 * stopped (a solve ran out of its limits, or did not confirm the winner);
 * what was written by then is not a proof.
 */
const char *proof_write(Solver *solver, const Position *pos, Color winner, int leaf_squares,
                        const SolveLimits *limits, FILE *out, ProofWriteStats *stats);

/* The empty squares of the areas that hold amazons of both colours. */
int contested_empty_squares(const Position *pos);

/* Board symmetries: 8 on a square board, else 4 (identity first). */
int board_symmetries(const Position *pos);

/* The image of pos under symmetry `sym` (0 .. board_symmetries(pos) - 1). */
void position_image(const Position *pos, int sym, Position *image);

#endif
