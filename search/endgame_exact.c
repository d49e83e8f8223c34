/* endgame_exact.c - fights plus a bank of spare moves, searched exactly (endgame_exact.h). */
#include "search/endgame_exact.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/table_memory.h"
#include "search/proof_table.h"

/* ---- the table ---- */

typedef struct {
    ProofKey key;       /* the fight and its bank, as the solver's table keys them */
    uint8_t result;     /* 0: empty slot; 1: the side to move loses; 2: it wins */
} EndgameEntry;

enum { ENDGAME_WAYS = 2 };

typedef struct {
    EndgameEntry entries[ENDGAME_WAYS];
} EndgameBucket;

struct EndgameTable {
    EndgameBucket *buckets;
    void *block;        /* what holds them, for free() */
    size_t count;       /* a power of two */
    EndgameStats stats;
};

EndgameTable *endgame_table_create(size_t bytes)
{
    EndgameTable *table = calloc(1, sizeof *table);
    if (!table)
        return NULL;
    table->count = 1;
    while (table->count * 2 * sizeof(EndgameBucket) <= bytes)
        table->count *= 2;
    table->buckets = table_calloc(table->count, sizeof(EndgameBucket), &table->block);
    if (!table->buckets) {
        free(table);
        return NULL;
    }
    return table;
}

void endgame_table_destroy(EndgameTable *table)
{
    if (!table)
        return;
    free(table->block);
    free(table);
}

void endgame_table_clear(EndgameTable *table)
{
    memset(table->buckets, 0, table->count * sizeof(EndgameBucket));
    table->stats = (EndgameStats){ 0 };
}

EndgameStats endgame_table_stats(const EndgameTable *table) { return table->stats; }

static EndgameBucket *endgame_bucket(EndgameTable *table, const ProofKey *key)
{
    return &table->buckets[proof_key_hash(key) & (table->count - 1)];
}

static bool endgame_same(const EndgameEntry *e, const ProofKey *key)
{
    return e->result && e->key.w[0] == key->w[0] && e->key.w[1] == key->w[1]
        && e->key.w[2] == key->w[2];
}

/* 0: unknown; 1: loss; 2: win, for the side to move. */
static int endgame_lookup(EndgameTable *table, const ProofKey *key)
{
    EndgameBucket *b = endgame_bucket(table, key);
    for (int i = 0; i < ENDGAME_WAYS; i++)
        if (endgame_same(&b->entries[i], key)) {
            table->stats.hits++;
            return b->entries[i].result;
        }
    return 0;
}

static void endgame_store(EndgameTable *table, const ProofKey *key, bool wins)
{
    EndgameBucket *b = endgame_bucket(table, key);
    /* A free slot, else the second: the first keeps what came first. */
    EndgameEntry *slot = b->entries[0].result ? &b->entries[ENDGAME_WAYS - 1] : &b->entries[0];
    *slot = (EndgameEntry){ *key, (uint8_t)(wins ? 2 : 1) };
}

/* The key of a cut-down position: its fights and its bank. */
static ProofKey endgame_key_of(const Position *fight, int bank)
{
    ProofKey key = proof_key(fight, NO_SQUARE);
    proof_key_add_bank(&key, bank);
    return key;
}

/* ---- cutting a position down to its fights ---- */

typedef struct {
    EndgameTable *table;
    RegionCache *areas;
    long budget;       /* nodes left; below zero: give up */
    long area_budget;  /* per area count */
} Endgame;

/*
 * Adds the integer pieces of pos to *bank and leaves the fights in *fight
 * (everything else turned into arrows).  False when an area is too large
 * to count within the budget.
 */
static bool endgame_reduce(Endgame *g, const Position *pos, Position *fight, int *bank)
{
    Bitboard amazons = pos->amazons[WHITE] | pos->amazons[BLACK];
    Bitboard passable = pos->empty | amazons, fights = 0;
    for (Bitboard todo = amazons; todo;) {
        Bitboard piece = bb_king_component(bb_square(bb_lowest(todo)), passable);
        todo &= ~piece;
        Bitboard squares = piece & pos->empty;
        if (!squares)
            continue;
        bool white = piece & pos->amazons[WHITE], black = piece & pos->amazons[BLACK];
        if (white && black) {
            fights |= piece;
            continue;
        }
        Color owner = white ? WHITE : BLACK;
        Area area = { squares, piece & pos->amazons[owner], 0 };
        int moves = area_best(g->areas, &area, g->area_budget);
        if (moves < 0)
            return false;
        *bank += owner == WHITE ? moves : -moves;
    }
    *fight = *pos;
    fight->amazons[WHITE] &= fights;
    fight->amazons[BLACK] &= fights;
    fight->empty &= fights;
    fight->arrows = pos->board & ~fight->empty & ~fight->amazons[WHITE] & ~fight->amazons[BLACK];
    return true;
}

/* ---- the search ---- */

static int endgame_wins(Endgame *g, const Position *pos, int bank);

/* Plays from -> to / arrow on a copy of fight and asks whether the opponent then wins. */
static int endgame_reply(Endgame *g, const Position *fight, int from, int to, int arrow, int bank)
{
    Position child = *fight;
    Color us = child.to_move;
    child.amazons[us] ^= bb_square(from) | bb_square(to);
    child.empty = (child.empty | bb_square(from)) & ~bb_square(to) & ~bb_square(arrow);
    child.arrows |= bb_square(arrow);
    child.to_move = color_other(us);
    return endgame_wins(g, &child, bank);
}

/*
 * Whether the side to move wins the fights of `fight` with the bank: 1 yes,
 * 0 no, -1 past the budget.  Moves in the fights come first, the spare move
 * last: an integer is seldom the place to play.
 */
static int endgame_search(Endgame *g, const Position *fight, int bank)
{
    Color us = fight->to_move;
    int spare = us == WHITE ? bank : -bank;
    for (Bitboard movers = fight->amazons[us]; movers;) {
        int from = bb_pop(&movers);
        Bitboard empty = fight->empty | bb_square(from);
        for (Bitboard targets = queen_targets(from, fight->empty); targets;) {
            int to = bb_pop(&targets);
            Bitboard arrows = queen_targets(to, empty & ~bb_square(to));
            /* Arrows next to an enemy amazon first: they take its moves away. */
            Bitboard near = arrows & bb_king_reach(fight->amazons[color_other(us)], arrows);
            for (Bitboard pass[2] = { near, arrows & ~near }, *set = pass; set < pass + 2; set++)
                while (*set) {
                    int theirs = endgame_reply(g, fight, from, to, bb_pop(set), bank);
                    if (theirs <= 0)
                        return theirs < 0 ? -1 : 1;
                }
        }
    }
    if (spare >= 1) {
        Position pass = *fight;
        pass.to_move = color_other(us);
        int theirs = endgame_wins(g, &pass, bank + (us == WHITE ? -1 : 1));
        if (theirs <= 0)
            return theirs < 0 ? -1 : 1;
    }
    return 0;
}

/* Whether the side to move wins a position already cut down to `fight` and its bank. */
static int endgame_settle(Endgame *g, const Position *fight, int bank)
{
    int spare = fight->to_move == WHITE ? bank : -bank;
    /*
     * The fights give either side at most their empty squares in moves: a
     * bank that beats that decides (and with no fight, the bank alone).
     */
    int squares = bb_count(fight->empty);
    if (spare > squares)
        return 1;
    if (-spare >= squares)
        return 0;
    ProofKey key = endgame_key_of(fight, bank);
    int known = endgame_lookup(g->table, &key);
    if (known)
        return known == 2;
    if (--g->budget < 0)
        return -1;
    g->table->stats.nodes++;
    int wins = endgame_search(g, fight, bank);
    if (wins >= 0)
        endgame_store(g->table, &key, wins);
    return wins;
}

static int endgame_wins(Endgame *g, const Position *pos, int bank)
{
    Position fight;
    if (!endgame_reduce(g, pos, &fight, &bank))
        return -1;
    return endgame_settle(g, &fight, bank);
}

bool endgame_examine(const Position *pos, EndgameTable *table, RegionCache *areas,
                     int max_fight_squares, long budget, ProofKey *key, RaceOutcome *outcome)
{
    Endgame g = { table, areas, budget, budget };
    Position fight;
    int bank = 0;
    if (!endgame_reduce(&g, pos, &fight, &bank))
        return false;
    *key = endgame_key_of(&fight, bank);
    *outcome = RACE_UNDECIDED;
    if (!table || bb_count(fight.empty) > max_fight_squares)
        return true;
    table->stats.searches++;
    int wins = endgame_settle(&g, &fight, bank);
    if (wins >= 0) {
        table->stats.decided++;
        *outcome = wins ? RACE_WIN : RACE_LOSS;
    }
    return true;
}

RaceOutcome endgame_decide(const Position *pos, EndgameTable *table, RegionCache *areas,
                           int max_fight_squares, long budget)
{
    ProofKey key;
    RaceOutcome outcome;
    if (!endgame_examine(pos, table, areas, max_fight_squares, budget, &key, &outcome))
        return RACE_UNDECIDED;
    return outcome;
}

bool endgame_key(const Position *pos, RegionCache *areas, long budget, ProofKey *key)
{
    RaceOutcome outcome;
    return endgame_examine(pos, NULL, areas, 0, budget, key, &outcome);
}
