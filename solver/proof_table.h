/*
 * proof_table.h - the exact solver's transposition table.
 *
 * Entries hold proof and disproof numbers for positions, including the
 * half-move states of the solver (an amazon has moved, its arrow is still to
 * be shot).  Every entry holds the complete position as a ProofKey
 * (occupied squares, both sides' amazon squares, side to move, pending
 * arrow), and a lookup matches only the same key; a hash of the key just
 * picks the bucket.  So two positions can never share an entry, and a stored
 * proof is always a proof of the position it is found for: hash collisions
 * cost speed, never soundness.
 *
 * A bucket is two 32-byte entries in one cache line; a new entry replaces
 * the one that cost less search to compute.  The table grows by doubling
 * while it fills, up to the largest power of two of buckets that fits the
 * byte budget, and never beyond.
 */
#ifndef AMAZONS_PROOF_TABLE_H
#define AMAZONS_PROOF_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/position.h"

/* Proof numbers: PN_INF means proven impossible (the other side has a proof). */
#define PN_INF UINT32_MAX

typedef struct {
    uint64_t w[3];
} ProofKey;

/*
 * The complete key of pos with the side to move, and `pending` the square
 * of the amazon that still has to shoot (NO_SQUARE at a whole-move state).
 */
ProofKey proof_key(const Position *pos, int pending);

/*
 * Puts `bank` spare moves (White's when positive, Black's when negative,
 * -128..127) into a key of a whole-move state without any (endgame_exact.h).
 */
void proof_key_add_bank(ProofKey *key, int bank);

/* A hash of the key (the table's work byte left out), for tables of keys. */
uint64_t proof_key_hash(const ProofKey *key);

typedef struct {
    uint32_t pn, dn;  /* for the side to move: proof that it wins, that it loses */
    uint64_t work;    /* nodes searched below the entry (rounded) */
} ProofValue;

typedef struct ProofTable ProofTable;

/* A table of at most `bytes` (at least one bucket); NULL when memory cannot be had. */
ProofTable *proof_table_create(size_t bytes);
void proof_table_destroy(ProofTable *table);
void proof_table_clear(ProofTable *table);

bool proof_table_lookup(ProofTable *table, const ProofKey *key, ProofValue *value);
/*
 * Starts loading key's bucket into the cache, for a lookup soon after
 * (before any store): most lookups miss the cache, and most find nothing.
 */
void proof_table_prefetch(ProofTable *table, const ProofKey *key);
void proof_table_store(ProofTable *table, const ProofKey *key, const ProofValue *value);

typedef struct {
    uint64_t lookups, hits, stores, replaced;
    size_t entries, used;         /* entries: at full size */
} ProofTableStats;

ProofTableStats proof_table_stats(const ProofTable *table);

/*
 * Checkpoints.  proof_table_save writes every entry, work included, to f
 * (a count, then 32 bytes an entry); false on a write error.
 * proof_table_load stores the entries of such a file, as proof_table_store
 * would (so a smaller table keeps what cost more); NULL on success, else
 * what is wrong with the file, and the table may then hold part of it.
 * Entries do not name their board: the caller keeps the board's shape
 * beside them (solver.h, solver_save).
 */
bool proof_table_save(const ProofTable *table, FILE *f);
const char *proof_table_load(ProofTable *table, FILE *f);

#endif
