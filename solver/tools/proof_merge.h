/*
 * proof_merge.h - proof files of a position's moves joined into the proof
 * of the position (amazons-prove --merge, docs/solver.md "Proofs in pieces").
 *
 * A part is the proof file of the position after one of the position's
 * moves, as amazons-prove writes it for a job.  The joined file holds every
 * part's entries and, where the winner is to move in the position, the move
 * that leads to the part's start.  Whether the parts cover every reply is
 * the checker's to decide, not the merge's.
 */
#ifndef AMAZONS_PROOF_MERGE_H
#define AMAZONS_PROOF_MERGE_H

#include <stdbool.h>

#include "engine/position.h"

/* Whether path holds a whole proof file (an end line that counts its entries). */
bool proof_file_complete(const char *path);

/*
 * Joins the parts into the proof of pos, written to out_path.tmp and
 * renamed to out_path once whole.  Returns NULL and sets *entries, or why
 * it could not, with *where the file it concerns.
 */
const char *proof_merge(const Position *pos, const char *out_path, char *const *parts, int count,
                        unsigned long long *entries, const char **where);

#endif
