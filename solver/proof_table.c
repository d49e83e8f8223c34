/* proof_table.c - the solver's transposition table (proof_table.h). */
#include "solver/proof_table.h"

#include <stdlib.h>
#include <string.h>

#include "engine/table_memory.h"
#include "engine/zobrist.h"

/*
 * Key layout.  w[0], w[1]: the occupied squares (square indices stay below
 * 110, so bits 45..63 of w[1] are free), side to move at bit 48 and the
 * pending square at bits 49..55, a bank of spare moves (proof_key_add_bank)
 * at bits 56..63.  w[2]: the amazon squares, 7 bits each,
 * White's four then Black's four in ascending order, 127 for none.  The top
 * byte of w[2] is not part of the key: it holds the entry's work.
 */
enum { SLOT_BITS = 7, NO_SLOT = 127, SIDE_SHIFT = 48, PENDING_SHIFT = 49, BANK_SHIFT = 56,
       WORK_SHIFT = 56 };
#define KEY_MASK_2 ((1ULL << WORK_SHIFT) - 1)

ProofKey proof_key(const Position *pos, int pending)
{
    Bitboard occupied = pos->board & ~pos->empty;
    uint64_t amazons = 0;
    int slot = 0;
    for (int c = WHITE; c <= BLACK; c++) {
        Bitboard set = pos->amazons[c];
        for (int i = 0; i < MAX_AMAZONS; i++, slot++) {
            uint64_t sq = set ? (uint64_t)bb_pop(&set) : NO_SLOT;
            amazons |= sq << (SLOT_BITS * slot);
        }
    }
    uint64_t pending_bits = pending == NO_SQUARE ? NO_SLOT : (uint64_t)pending;
    return (ProofKey){ { (uint64_t)occupied,
                         (uint64_t)(occupied >> 64) | (uint64_t)pos->to_move << SIDE_SHIFT
                             | pending_bits << PENDING_SHIFT,
                         amazons } };
}

void proof_key_add_bank(ProofKey *key, int bank)
{
    key->w[1] |= (uint64_t)(uint8_t)(int8_t)bank << BANK_SHIFT;
}

typedef struct {
    ProofKey key;      /* w[2]'s top byte: work, as 4 * log2(nodes + 1) */
    uint32_t pn, dn;
} ProofEntry;

enum { BUCKET_SIZE = 2 };

typedef struct {
    ProofEntry entries[BUCKET_SIZE];
} Bucket;

/* A work figure in a byte: four steps per doubling (the top bit and the next two). */
static uint64_t work_code(uint64_t work)
{
    uint64_t n = work + 1;
    int top = 63 - __builtin_clzll(n);
    uint64_t fraction = top >= 2 ? (n >> (top - 2)) & 3 : (n << (2 - top)) & 3;
    return (uint64_t)top * 4 + fraction;
}

static uint64_t work_of_code(uint64_t code)
{
    int top = (int)(code / 4);
    uint64_t n = (4 + code % 4) << top >> 2;
    return n ? n - 1 : 0;
}

static uint64_t entry_work_code(const ProofEntry *e) { return e->key.w[2] >> WORK_SHIFT; }

static bool same_key(const ProofEntry *e, const ProofKey *key)
{
    return e->key.w[0] == key->w[0] && e->key.w[1] == key->w[1]
        && (e->key.w[2] & KEY_MASK_2) == key->w[2];
}

/* An empty entry is all zero bits: no real key is (every side has an amazon). */
static bool is_empty(const ProofEntry *e) { return e->key.w[2] == 0 && e->key.w[0] == 0; }

struct ProofTable {
    Bucket *buckets;     /* room for max_count buckets, of which `count` are in use */
    void *block;         /* what holds them, for free() */
    size_t count, max_count;
    ProofTableStats stats;
};

/* The bucket index comes from the key itself, so the table can rehash on its own. */
uint64_t proof_key_hash(const ProofKey *key)
{
    return zobrist_mix(key->w[0] ^ zobrist_mix(key->w[1] ^ zobrist_mix(key->w[2] & KEY_MASK_2)));
}

static Bucket *bucket_of(ProofTable *table, const ProofKey *key)
{
    return &table->buckets[proof_key_hash(key) & (table->count - 1)];
}

/*
 * The whole budget is reserved at once but used from the front: the table
 * starts small and doubles while it fills.  Lookups land anywhere in the part
 * in use, so a table the size of the budget from the start would make a small
 * proof fault in a new page at nearly every lookup (3.6 s instead of 0.1 s
 * for 4x4 with 4 GiB).  Sizes are powers of two so that doubling splits each
 * bucket in place into itself and its twin in the new half.
 */
enum { INITIAL_BUCKETS = 1 << 15 };

ProofTable *proof_table_create(size_t bytes)
{
    ProofTable *table = calloc(1, sizeof *table);
    if (!table)
        return NULL;
    size_t most = bytes / sizeof(Bucket);
    table->max_count = 1;
    while (table->max_count * 2 <= most)
        table->max_count *= 2;
    table->count = table->max_count < INITIAL_BUCKETS ? table->max_count : INITIAL_BUCKETS;
    table->buckets = table_calloc(table->max_count, sizeof(Bucket), &table->block);
    if (!table->buckets) {
        free(table);
        return NULL;
    }
    table->stats.entries = table->max_count * BUCKET_SIZE;
    return table;
}

void proof_table_destroy(ProofTable *table)
{
    if (!table)
        return;
    free(table->block);
    free(table);
}

void proof_table_clear(ProofTable *table)
{
    memset(table->buckets, 0, table->count * sizeof(Bucket));
    table->count = table->max_count < INITIAL_BUCKETS ? table->max_count : INITIAL_BUCKETS;
    size_t entries = table->stats.entries;
    table->stats = (ProofTableStats){ .entries = entries };
}

/* Doubles the part in use: each entry stays in its bucket or moves to the twin. */
static void grow(ProofTable *table)
{
    size_t old = table->count;
    table->count *= 2;
    for (size_t i = 0; i < old; i++)
        for (int k = 0; k < BUCKET_SIZE; k++) {
            ProofEntry *e = &table->buckets[i].entries[k];
            if (is_empty(e) || bucket_of(table, &e->key) == &table->buckets[i])
                continue;
            table->buckets[i + old].entries[k] = *e;
            *e = (ProofEntry){ 0 };
        }
}

void proof_table_prefetch(ProofTable *table, const ProofKey *key)
{
    __builtin_prefetch(bucket_of(table, key));
}

bool proof_table_lookup(ProofTable *table, const ProofKey *key, ProofValue *value)
{
    Bucket *b = bucket_of(table, key);
    table->stats.lookups++;
    for (int i = 0; i < BUCKET_SIZE; i++) {
        const ProofEntry *e = &b->entries[i];
        if (same_key(e, key)) {
            table->stats.hits++;
            *value = (ProofValue){ e->pn, e->dn, work_of_code(entry_work_code(e)) };
            return true;
        }
    }
    return false;
}

/* Stores a complete entry (its work byte in the key) as proof_table_store does. */
static void store_entry(ProofTable *table, const ProofEntry *entry)
{
    ProofKey key = entry->key;
    key.w[2] &= KEY_MASK_2;
    ProofValue value = { entry->pn, entry->dn, work_of_code(entry_work_code(entry)) };
    proof_table_store(table, &key, &value);
}

void proof_table_store(ProofTable *table, const ProofKey *key, const ProofValue *value)
{
    /* Half full: time to double, while there is room. */
    if (table->count < table->max_count && table->stats.used >= table->count * BUCKET_SIZE / 2)
        grow(table);
    Bucket *b = bucket_of(table, key);
    table->stats.stores++;
    ProofEntry *slot = NULL;
    for (int i = 0; i < BUCKET_SIZE && !slot; i++)
        if (same_key(&b->entries[i], key))
            slot = &b->entries[i];
    for (int i = 0; i < BUCKET_SIZE && !slot; i++)
        if (is_empty(&b->entries[i])) {
            slot = &b->entries[i];
            table->stats.used++;
        }
    if (!slot) {
        /* Keep what cost more to find; the older entry goes on a tie. */
        slot = entry_work_code(&b->entries[0]) <= entry_work_code(&b->entries[1]) ? &b->entries[0]
                                                                                  : &b->entries[1];
        table->stats.replaced++;
    }
    slot->key = *key;
    slot->key.w[2] |= work_code(value->work) << WORK_SHIFT;
    slot->pn = value->pn;
    slot->dn = value->dn;
}

ProofTableStats proof_table_stats(const ProofTable *table) { return table->stats; }

/* ---- checkpoints ---- */

/*
 * The file: ENTRIES_MAGIC, the entry count (8 bytes, little-endian like
 * everything here: the checkpoint is for the machine that wrote it and its
 * like), then the entries as they are in memory.
 */
#define ENTRIES_MAGIC "AMZPTAB1"
enum { MAGIC_BYTES = 8 };

bool proof_table_save(const ProofTable *table, FILE *f)
{
    uint64_t count = 0;
    for (size_t i = 0; i < table->count; i++)
        for (int k = 0; k < BUCKET_SIZE; k++)
            count += !is_empty(&table->buckets[i].entries[k]);
    bool ok = fwrite(ENTRIES_MAGIC, 1, MAGIC_BYTES, f) == MAGIC_BYTES && fwrite(&count, sizeof count, 1, f) == 1;
    for (size_t i = 0; ok && i < table->count; i++)
        for (int k = 0; ok && k < BUCKET_SIZE; k++) {
            const ProofEntry *e = &table->buckets[i].entries[k];
            if (!is_empty(e))
                ok = fwrite(e, sizeof *e, 1, f) == 1;
        }
    return ok;
}

/* An entry a table could hold: amazon slots are squares or empty, the side and pending square valid. */
static bool plausible_entry(const ProofEntry *e)
{
    if (is_empty(e))
        return false;
    uint64_t pending = e->key.w[1] >> PENDING_SHIFT & 127;
    if (pending != NO_SLOT && pending >= NUM_SQUARES)
        return false;
    for (int slot = 0; slot < 2 * MAX_AMAZONS; slot++) {
        uint64_t sq = e->key.w[2] >> (SLOT_BITS * slot) & 127;
        if (sq != NO_SLOT && sq >= NUM_SQUARES)
            return false;
    }
    return e->pn != 0 || e->dn != 0;
}

const char *proof_table_load(ProofTable *table, FILE *f)
{
    char magic[MAGIC_BYTES];
    uint64_t count;
    if (fread(magic, 1, MAGIC_BYTES, f) != MAGIC_BYTES || memcmp(magic, ENTRIES_MAGIC, MAGIC_BYTES) != 0)
        return "not a table checkpoint";
    if (fread(&count, sizeof count, 1, f) != 1)
        return "cut short before its entry count";
    for (uint64_t i = 0; i < count; i++) {
        ProofEntry e;
        if (fread(&e, sizeof e, 1, f) != 1)
            return "cut short: fewer entries than its count";
        if (!plausible_entry(&e))
            return "holds an entry no table could (a damaged file)";
        store_entry(table, &e);
    }
    if (fgetc(f) != EOF)
        return "has bytes after its last entry";
    return NULL;
}
