/* endgame_exact.c - fights plus a bank of spare moves, searched exactly (endgame_exact.h). */
#include "solver/endgame_exact.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/table_memory.h"
#include "solver/proof_table.h"

/* ---- the table ---- */

typedef struct {
    uint8_t from, to, arrow;
    uint8_t replies;   /* the opponent's amazon moves after it */
    uint8_t mobility;  /* the moved amazon's own moves after it (fight_order) */
} FightMove;

typedef struct {
    ProofKey key;       /* the fight and its bank, as the solver's table keys them */
    uint8_t result;     /* 0: empty slot; 1: the side to move loses; 2: it wins */
} EndgameEntry;

/* Moves kept per number of empty squares that last won there (killer moves). */
enum { ENDGAME_WAYS = 2, FIGHT_KILLERS = 2 };

/*
 * A killer move, with the squares that must be empty for it to be played
 * again: its amazon's path and landing square, and its arrow's path and
 * square (the amazon's own square left out, since the amazon leaves it).
 * A slot that holds no move needs every square empty, padding included,
 * so it is never legal.
 */
typedef struct {
    FightMove move;
    Bitboard clear;
} Killer;

typedef struct {
    EndgameEntry entries[ENDGAME_WAYS];
} EndgameBucket;

struct EndgameTable {
    EndgameBucket *buckets;
    void *block;        /* what holds them, for free() */
    size_t count;       /* a power of two */
    EndgameStats stats;
    Deadline *deadline; /* endgame_table_watch */
    Killer killers[ENDGAME_MAX_SQUARES + 1][FIGHT_KILLERS]; /* by empty squares, newest first */
};

static void forget_killers(EndgameTable *table)
{
    for (int n = 0; n <= ENDGAME_MAX_SQUARES; n++)
        for (int k = 0; k < FIGHT_KILLERS; k++)
            table->killers[n][k] = (Killer){ { 0 }, ~(Bitboard)0 };
}

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
    forget_killers(table);
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
    forget_killers(table);
    table->stats = (EndgameStats){ 0 };
}

EndgameStats endgame_table_stats(const EndgameTable *table) { return table->stats; }

void endgame_table_watch(EndgameTable *table, Deadline *deadline) { table->deadline = deadline; }

static EndgameBucket *endgame_bucket(EndgameTable *table, const ProofKey *key)
{
    return &table->buckets[proof_key_hash(key) & (table->count - 1)];
}

static bool endgame_same(const EndgameEntry *e, const ProofKey *key)
{
    return e->result && e->key.w[0] == key->w[0] && e->key.w[1] == key->w[1]
        && e->key.w[2] == key->w[2];
}

/* 0: unknown; 1: loss; 2: win, for the side to move (b: key's bucket). */
static int endgame_lookup(EndgameTable *table, const EndgameBucket *b, const ProofKey *key)
{
    for (int i = 0; i < ENDGAME_WAYS; i++)
        if (endgame_same(&b->entries[i], key)) {
            table->stats.hits++;
            return b->entries[i].result;
        }
    return 0;
}

static void endgame_store(EndgameBucket *b, const ProofKey *key, bool wins)
{
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
 * Pieces of one or two empty squares are settled before any search, by the
 * values of the games their moves leave.  A move in a piece of one square
 * leaves nothing (0): an amazon beside the square steps in and can only
 * shoot back onto the square it left.  A move in a piece of two leaves one
 * square, worth +1 or -1 when only White's or only Black's amazons stand
 * beside it (a spare move), star when both sides' do (whoever takes it
 * leaves nothing), 0 when nobody's do.  From the sets of values each side
 * can leave, piece_kind tells when the piece is an integer, which goes into
 * the bank, or star; two stars in a sum cancel out (whoever takes one, the
 * other side answers in the other).  Other pieces stay fights.  Pieces of
 * one square cut the fight nodes of the whole of 6x4 from 2,959M to 2,835M
 * (637.8 s against 665.4 s, run side by side), pieces of two then to 2,552M
 * (597.2 s against 609.1 s); 5x5 went from 134.9M to 128.0M (the same
 * time), then to 113.6M (35.45 s against 36.75 s).
 */
enum { VALUE_MINUS_ONE = 1, VALUE_ZERO = 2, VALUE_STAR = 4, VALUE_ONE = 8 };

/* The value of a piece of the single empty square sq, with amazons white and black. */
static int square_value(Bitboard white, Bitboard black, int sq)
{
    bool w = bb_neighbours(sq) & white, b = bb_neighbours(sq) & black;
    return w && b ? VALUE_STAR : w ? VALUE_ONE : b ? VALUE_MINUS_ONE : VALUE_ZERO;
}

/*
 * The values the moves of `side` leave in a piece of two empty squares,
 * or some of them, among which one of `enough` (VALUE_ flags), once one is
 * found.  An amazon fills one square, t, from beside it, or from beyond the
 * other, u, when u touches t; its arrow goes back onto its own square x
 * (leaving u), or onto u when u touches t or x lies between them (leaving x).
 */
static int two_square_options(const Position *pos, Bitboard squares, Color side, int enough)
{
    int options = 0;
    for (Bitboard targets = squares; targets;) {
        int t = bb_pop(&targets), u = bb_lowest(squares & ~bb_square(t));
        bool touching = bb_test(bb_neighbours(t), u);
        Bitboard movers = bb_neighbours(t) & pos->amazons[side];
        int beyond = 2 * u - t;
        if (touching && beyond >= 0 && beyond < NUM_SQUARES && bb_test(pos->amazons[side], beyond))
            movers |= bb_square(beyond);
        while (movers) {
            int x = bb_pop(&movers);
            Bitboard after[2] = { pos->amazons[WHITE], pos->amazons[BLACK] };
            after[side] ^= bb_square(x) | bb_square(t);
            options |= square_value(after[WHITE], after[BLACK], u);
            if (touching || 2 * x == t + u)
                options |= square_value(after[WHITE], after[BLACK], x);
            if (options & enough)
                return options;
        }
    }
    return options;
}

static int piece_options(const Position *pos, Bitboard squares, Color side)
{
    if (!(squares & (squares - 1)))
        return bb_king_reach(squares, pos->amazons[side]) ? VALUE_ZERO : 0;
    return two_square_options(pos, squares, side, 0);
}

typedef enum { PIECE_FIGHT, PIECE_INTEGER, PIECE_STAR } PieceKind;

/*
 * What a game is whose options for White leave the values in `left` and for
 * Black those in `right` (VALUE_ flags).  An integer's spare moves go to
 * *spare (White's positive): with no Black option it is 2 when White can
 * leave 1, else 1 when White can leave 0, else 0.  A side moving first wins
 * by leaving a value the other side cannot win from moving first: 0, or 1
 * for White, -1 for Black; when neither can, the game is 0.  It is star
 * when each side can leave 0, and nothing else but a spare move of the
 * other side.
 */
static PieceKind piece_kind(int left, int right, int *spare)
{
    *spare = 0;
    if (!right || !left) {
        int sure = right ? right : left;
        int most = right ? VALUE_MINUS_ONE : VALUE_ONE;
        int moves = sure & most ? 2 : sure & VALUE_ZERO ? 1 : 0;
        *spare = right ? -moves : moves;
        return PIECE_INTEGER;
    }
    bool left_first = left & (VALUE_ZERO | VALUE_ONE);
    bool right_first = right & (VALUE_ZERO | VALUE_MINUS_ONE);
    if (!left_first && !right_first)
        return PIECE_INTEGER;
    if ((left & ~VALUE_MINUS_ONE) == VALUE_ZERO && (right & ~VALUE_ONE) == VALUE_ZERO)
        return PIECE_STAR;
    return PIECE_FIGHT;
}

/*
 * Values the small pieces (of one or two empty squares), putting integers
 * into *bank and cancelling stars in pairs; returns the pieces left to
 * search: those that are neither, and one star if their number is odd.
 */
static Bitboard small_pieces_left(const Position *pos, const Bitboard *small, int count, int *bank)
{
    Bitboard left = 0, star = 0;
    for (int i = 0; i < count; i++) {
        Bitboard squares = small[i] & pos->empty;
        int spare;
        PieceKind kind = piece_kind(piece_options(pos, squares, WHITE),
                                    piece_options(pos, squares, BLACK), &spare);
        *bank += spare;
        if (kind == PIECE_FIGHT)
            left |= small[i];
        else if (kind == PIECE_STAR)
            star = star ? 0 : small[i];
    }
    return left | star;
}

/*
 * Adds the integer pieces of pos to *bank and leaves the fights in *fight
 * (everything else turned into arrows), small pieces valued as games where
 * there is more than one piece (small_pieces_left).  False when an area is
 * too large to count within the budget.
 */
static bool endgame_reduce(Endgame *g, const Position *pos, Position *fight, int *bank)
{
    Bitboard amazons = pos->amazons[WHITE] | pos->amazons[BLACK];
    /* Pieces of at most two empty squares; each holds an amazon, so they fit. */
    Bitboard passable = pos->empty | amazons, fights = 0, small[2 * MAX_AMAZONS];
    int smalls = 0;
    for (Bitboard todo = amazons; todo;) {
        Bitboard piece = bb_king_component(bb_square(bb_lowest(todo)), passable);
        todo &= ~piece;
        Bitboard squares = piece & pos->empty;
        if (!squares)
            continue;
        bool white = piece & pos->amazons[WHITE], black = piece & pos->amazons[BLACK];
        if (white && black) {
            if (bb_count(squares) <= 2)
                small[smalls++] = piece;
            else
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
    /* A small piece alone is searched as fast as it is valued. */
    if (smalls == 1 && !fights)
        fights = small[0];
    else
        fights |= small_pieces_left(pos, small, smalls, bank);
    *fight = *pos;
    fight->amazons[WHITE] &= fights;
    fight->amazons[BLACK] &= fights;
    fight->empty &= fights;
    fight->arrows = pos->board & ~fight->empty & ~fight->amazons[WHITE] & ~fight->amazons[BLACK];
    return true;
}

/*
 * Whether taking a square out of the passable ones (the empty squares and
 * amazons) leaves every piece whole: when its passable neighbours are
 * king-connected around it, any path through it has a way round.  A move
 * takes out only its arrow's square (its amazon leaves one passable square
 * for another), so where that holds and an empty square stays beside it,
 * the fights stay as they were, and need no cutting down.
 *
 * RING_WHOLE[r]: whether the neighbours set in r (bits 0-2 the rank below,
 * west to east; 3 and 4 west and east; 5-7 the rank above) form one group
 * or none.
 */
static bool RING_WHOLE[256];

__attribute__((constructor)) static void ring_whole_init(void)
{
    /* The bit of r for each neighbour in turn round the ring, clockwise from the north. */
    static const int turn[8] = { 6, 7, 4, 2, 1, 0, 3, 5 };
    for (unsigned r = 0; r < 256; r++) {
        unsigned ring = 0;
        for (int i = 0; i < 8; i++)
            ring |= (r >> turn[i] & 1) << i;
        /* Two sides next to a corner touch each other: count the corner as there. */
        unsigned sides = ring & 0x55;
        ring |= (sides << 1 | sides >> 7) & (sides >> 1 | sides << 7) & 0xaa;
        /* One run round the ring at most (a full ring has no start). */
        unsigned starts = ring & ~(ring << 1 | ring >> 7) & 0xff;
        RING_WHOLE[r] = __builtin_popcount(starts) <= 1;
    }
}

static bool stays_whole(Bitboard passable, int sq)
{
    int low = sq - STRIDE - 1; /* the south-west neighbour */
    uint64_t box = (uint64_t)(low >= 0 ? passable >> low : passable << -low);
    unsigned ring = (unsigned)(box & 7) | (unsigned)(box >> STRIDE & 1) << 3
                  | (unsigned)(box >> (STRIDE + 2) & 1) << 4
                  | (unsigned)(box >> (2 * STRIDE) & 7) << 5;
    return RING_WHOLE[ring];
}

/* ---- the search ---- */

/*
 * Fights of fewer empty squares are searched again rather than kept: that
 * costs less than the table's cache misses, and the cheaper the search
 * below, the higher the line.  With the killer moves 4 squares paid (on
 * 6x4 after b1-b2/c3, 44.7 s against 48.1 s for 3 and 46.2 s for 5).  Once
 * fights of two squares were worked out without moves (two_squares), four
 * alternating runs there took 34.3 s (median) keeping 4 squares, 31.6 s
 * keeping 5 and 31.6 s keeping 6; three more, 30.9 s for 5 and 31.0 s for
 * 6.  The whole of 5x5 took 41.6 s with either.
 */
enum { TABLE_MIN_SQUARES = 5 };

static int endgame_settle(Endgame *g, const Position *fight, int bank);
static int two_squares(Endgame *g, const Position *fight, int bank);

/* The bank's spare moves for the side to move (negative: the opponent's). */
static int spare_moves(const Position *fight, int bank)
{
    return fight->to_move == WHITE ? bank : -bank;
}

/*
 * Pockets of one side: empty squares next to no enemy amazon, in runs
 * (king-connected) next to no other empty square.  Nobody else can reach
 * one while the side's amazons around it stay.
 */
static Bitboard pockets(const Position *fight, Color side, int least)
{
    /* `open`: the squares next to an enemy amazon; a run that touches one is not sealed. */
    Bitboard open = bb_king_reach(fight->amazons[color_other(side)], fight->empty);
    Bitboard near = fight->empty & ~open;
    if (bb_count(near) < least)
        return 0;
    return near & ~bb_king_component(bb_king_reach(open, near), near);
}

/*
 * The sure moves in the pockets: an amazon of the side's own beside a run
 * steps in and shoots back onto its square, and in a run of two squares or
 * more steps on and shoots back again.
 */
static int pocket_keepers(const Position *fight, Color side, Bitboard set)
{
    Bitboard free_amazons = fight->amazons[side];
    int kept = 0;
    while (set) {
        Bitboard run = bb_king_component(bb_square(bb_lowest(set)), set);
        set &= ~run;
        Bitboard keeper = bb_king_reach(run, free_amazons);
        if (keeper) {
            free_amazons &= ~bb_square(bb_lowest(keeper));
            kept += run & (run - 1) ? 2 : 1;
        }
    }
    return kept;
}

/*
 * 1: the side to move wins on the bank and the pockets alone; 0: it loses;
 * -1: the fights decide.  A side keeping its amazons still makes its sure
 * pocket moves and spare moves, while the other side makes at most one move
 * per empty square outside those pockets.  On the 5x5 position after
 * b1-b4/a5 a4-c2/c1 the pockets cut the fight nodes from 15.3M to 9.9M.
 */
enum { BOUNDS_MIN_SQUARES = 4 };

static int endgame_bounds(const Position *fight, int bank)
{
    Color us = fight->to_move, them = color_other(us);
    int spare = spare_moves(fight, bank);
    int squares = bb_count(fight->empty);
    if (spare > squares)
        return 1;
    if (-spare >= squares)
        return 0;
    int up = spare > 0 ? spare : 0, down = spare < 0 ? -spare : 0;
    /*
     * No more sure moves than pocket squares: the count rules most out before
     * any matching, and the squares next to no enemy amazon before any flood.
     */
    Bitboard ours = pockets(fight, us, (squares + down - up) / 2 + 1);
    int n = bb_count(ours);
    if (n && up + 2 * n > squares + down
        && up + pocket_keepers(fight, us, ours) > squares - n + down)
        return 1;
    Bitboard theirs = pockets(fight, them, (squares + up - down + 1) / 2);
    n = bb_count(theirs);
    if (n && down + 2 * n >= squares + up
        && down + pocket_keepers(fight, them, theirs) >= squares - n + up)
        return 0;
    return -1;
}

/* The empty squares of the fights after move m. */
static Bitboard empty_after(const Position *fight, const FightMove *m)
{
    return (fight->empty | bb_square(m->from)) & ~bb_square(m->to) & ~bb_square(m->arrow);
}

/*
 * Every move of the side to move in the fights, in generation order, and in
 * *first the one that leaves the opponent the fewest amazon moves (ties:
 * the most moves left to the moved amazon, then generation order).  A
 * winning move tends to be one that hems the opponent in: on the 5x5
 * position after b1-b4/a5 a4-c2/c1, with fights of 7 squares, trying moves
 * in that order needed 16.4M fight nodes against 38.0M in generation order,
 * and the mover's room as the tie-break cut them from 8.8M to 7.7M
 * (counting every amazon of the mover needed 7.4M, but took longer).
 *
 * The counts are made once per amazon move, before its arrow: each arrow
 * then takes away only the squares its line cuts off.  Counting every move's
 * replies in full, even capped at the fewest so far, took 2.5% more
 * instructions on the 5x5 position after b1-b4/a5 a4-c2/c1 d1-d4/c4
 * e4-d3/e3.
 */
static int fight_moves(const Position *fight, FightMove *moves, int *first)
{
    Color us = fight->to_move;
    int count = 0, fewest = 255, first_mobility = 0;
    int repliers[MAX_AMAZONS], n = 0;
    for (Bitboard theirs = fight->amazons[color_other(us)]; theirs;)
        repliers[n++] = bb_pop(&theirs);
    *first = 0;
    /* Only amazons with an empty neighbour can move. */
    for (Bitboard movers = bb_king_reach(fight->empty, fight->amazons[us]); movers;) {
        int from = bb_pop(&movers);
        Bitboard vacated = fight->empty | bb_square(from);
        for (Bitboard targets = queen_targets(from, fight->empty); targets;) {
            int to = bb_pop(&targets);
            Bitboard after = vacated & ~bb_square(to);
            /* The replies and the mover's own room before the arrow; an arrow cuts its rays. */
            Bitboard reach[MAX_AMAZONS];
            int replies = 0;
            for (int i = 0; i < n; i++) {
                reach[i] = queen_targets(repliers[i], after);
                replies += bb_count(reach[i]);
            }
            Bitboard room = queen_targets(to, after);
            int mobility = bb_count(room);
            for (Bitboard arrows = room; arrows;) {
                int arrow = bb_pop(&arrows);
                FightMove *m = &moves[count];
                int left = replies;
                for (int i = 0; i < n; i++)
                    if (bb_test(reach[i], arrow))
                        left -= bb_count(reach[i] & line_ray_from(repliers[i], arrow));
                int own = mobility - bb_count(room & line_ray_from(to, arrow));
                *m = (FightMove){ (uint8_t)from, (uint8_t)to, (uint8_t)arrow, (uint8_t)left,
                                  (uint8_t)own };
                if (left < fewest || (left == fewest && own > first_mobility)) {
                    fewest = left;
                    first_mobility = own;
                    *first = count;
                }
                count++;
            }
        }
    }
    return count;
}

/*
 * Puts the moves other than moves[first] in order, fewest replies first,
 * then the most mobility (further ties in generation order), into
 * moves[0 .. count-2].
 */
static bool goes_before(const FightMove *a, const FightMove *b)
{
    return a->replies < b->replies || (a->replies == b->replies && a->mobility > b->mobility);
}

static int fight_order(FightMove *moves, int count, int first)
{
    int n = 0;
    for (int i = 0; i < count; i++) {
        if (i == first)
            continue;
        FightMove m = moves[i];
        int j = n++;
        for (; j > 0 && goes_before(&m, &moves[j - 1]); j--)
            moves[j] = moves[j - 1];
        moves[j] = m;
    }
    return n;
}

/* The squares after `from` up to `to` (included) on the line that joins them. */
static Bitboard path_to(int from, int to)
{
    int df = square_file(to) - square_file(from), dr = square_rank(to) - square_rank(from);
    int step = (df > 0) - (df < 0) + ((dr > 0) - (dr < 0)) * STRIDE;
    Bitboard path = 0;
    for (int sq = from + step;; sq += step) {
        path |= bb_square(sq);
        if (sq == to)
            return path;
    }
}

/* Remembers m as the newest killer of fights of its size; returns 1, the win it brought. */
static int remember_win(Endgame *g, const Position *fight, const FightMove *m)
{
    Killer *killers = g->table->killers[bb_count(fight->empty)];
    const FightMove *newest = &killers[0].move;
    if (newest->from != m->from || newest->to != m->to || newest->arrow != m->arrow) {
        for (int k = FIGHT_KILLERS - 1; k > 0; k--)
            killers[k] = killers[k - 1];
        killers[0].move = *m;
        killers[0].clear = (path_to(m->from, m->to) | path_to(m->to, m->arrow)) & ~bb_square(m->from);
    }
    return 1;
}

/*
 * The killers of fights of this size that can be played here, copied into
 * `legal`: a mask test instead of a legality check, which took a tenth of
 * the time on 6x4.
 */
static int legal_killers(const EndgameTable *table, const Position *fight, FightMove *legal)
{
    const Killer *killers = table->killers[bb_count(fight->empty)];
    Bitboard ours = fight->amazons[fight->to_move];
    int n = 0;
    for (int k = 0; k < FIGHT_KILLERS; k++) {
        const Killer *killer = &killers[k];
        if (bb_test(ours, killer->move.from) && !(killer->clear & ~fight->empty))
            legal[n++] = killer->move;
    }
    return n;
}

/*
 * Whether the side to move wins fights of one square worth `value`
 * (VALUE_ flags, for White) with `spare` moves of its own in the bank.
 * Only an amazon next to the square can move there (nothing else is empty
 * to pass through), and then shoots back: whoever fills it gains a move,
 * and the fights are over.  So on an integer n for the side to move it wins
 * when spare + n >= 1, making the last move; on star, when spare >= 0, by
 * taking the star.  In a quarter of the fight nodes on 5x5 the fights are
 * down to one square.
 */
static bool wins_on_square(int value, Color us, int spare)
{
    if (value == VALUE_STAR)
        return spare >= 0;
    int ours = us == WHITE ? VALUE_ONE : VALUE_MINUS_ONE;
    int n = value == VALUE_ZERO ? 0 : value == ours ? 1 : -1;
    return spare + n >= 1;
}

/* Whether the side to move wins fights of at most one empty square (none: worth 0). */
static int one_square(const Position *fight, int bank)
{
    int value = fight->empty ? square_value(fight->amazons[WHITE], fight->amazons[BLACK],
                                            bb_lowest(fight->empty))
                             : VALUE_ZERO;
    return wins_on_square(value, fight->to_move, spare_moves(fight, bank));
}

/* Counts a node of the fight search; false past the budget or the deadline. */
static bool count_node(Endgame *g)
{
    if (--g->budget < 0 || deadline_passed(g->table->deadline))
        return false;
    g->table->stats.nodes++;
    return true;
}

/*
 * Whether the opponent wins after the move (the spare move when m is NULL):
 * 1 yes, 0 no, -1 past a budget.
 */
static int endgame_reply(Endgame *g, const Position *fight, const FightMove *m, int bank)
{
    Position child = *fight, reduced;
    Color us = child.to_move;
    if (m) {
        child.amazons[us] ^= bb_square(m->from) | bb_square(m->to);
        child.empty = empty_after(fight, m);
        child.arrows |= bb_square(m->arrow);
    } else {
        bank += us == WHITE ? -1 : 1;
    }
    child.to_move = color_other(us);
    /*
     * With one empty square at most, one_square answers whatever the pieces:
     * a piece with the square and one colour's amazons is an integer of 1 or
     * 0, just what one_square makes of it.
     */
    if (!(child.empty & (child.empty - 1)))
        return one_square(&child, bank);
    /* So does two_squares with two. */
    if (bb_count(child.empty) == 2)
        return two_squares(g, &child, bank);
    /* A spare move changes no fight. */
    Bitboard passable = child.empty | child.amazons[WHITE] | child.amazons[BLACK];
    if (!m || (stays_whole(passable, m->arrow) && (bb_neighbours(m->arrow) & child.empty)))
        return endgame_settle(g, &child, bank);
    if (!endgame_reduce(g, &child, &reduced, &bank))
        return -1;
    return endgame_settle(g, &reduced, bank);
}

/* The spare move, tried last: 1 when it wins, 0 when it does not, -1 past the budget. */
static int try_spare_move(Endgame *g, const Position *fight, int bank)
{
    if (spare_moves(fight, bank) < 1)
        return 0;
    int theirs = endgame_reply(g, fight, NULL, bank);
    return theirs < 0 ? -1 : theirs == 0;
}

/*
 * Whether a move of the side to move wins fights of two empty squares,
 * worked out without making it: the values its moves can leave are those
 * of two_square_options, which holds whatever the pieces, so no move is
 * made and nothing cut down (fights of two squares are a third of the
 * fight nodes on 6x4).  A move wins when it leaves a square the opponent,
 * then to move, does not win on (wins_on_square).
 */
static bool two_squares_move_wins(const Position *fight, int bank)
{
    Color us = fight->to_move;
    int spare = -spare_moves(fight, bank); /* the opponent's, after the move */
    /* The values it does not win on, by wins_on_square's rule (a loop over them costs more). */
    int theirs = us == WHITE ? VALUE_MINUS_ONE : VALUE_ONE;
    int ours = us == WHITE ? VALUE_ONE : VALUE_MINUS_ONE;
    int winning = (spare < 0 ? VALUE_STAR | theirs : 0) | (spare < 1 ? VALUE_ZERO : 0)
                | (spare < 2 ? ours : 0);
    return winning && (two_square_options(fight, fight->empty, us, winning) & winning);
}

/* Whether the side to move wins fights of two empty squares: 1 yes, 0 no, -1 past the budget. */
static int two_squares(Endgame *g, const Position *fight, int bank)
{
    if (!count_node(g))
        return -1;
    return two_squares_move_wins(fight, bank) ? 1 : try_spare_move(g, fight, bank);
}

/*
 * Whether m is one of the killers already tried (and lost) at this node:
 * searching it again found the same loss, and below 5 squares, where
 * results are not kept, it cost the whole search again (4.4% of the fight
 * nodes on the 5x5 position after b1-b4/a5 a4-c2/c1).
 */
static bool tried(const FightMove *m, const FightMove *killers, int tries)
{
    for (int k = 0; k < tries; k++)
        if (m->from == killers[k].from && m->to == killers[k].to && m->arrow == killers[k].arrow)
            return true;
    return false;
}

/*
 * Whether the side to move wins the fights of `fight` with the bank: 1 yes,
 * 0 no, -1 past the budget.  `moves` are fight_moves's, `first` its pick;
 * the `tries` killers were searched already.  The spare move comes last: an
 * integer is seldom the place to play.
 */
static int endgame_search(Endgame *g, const Position *fight, int bank, FightMove *moves, int count,
                          int first, const FightMove *killers, int tries)
{
    if (count) {
        /* A move that leaves the opponent no amazon move and no spare one wins outright. */
        if (moves[first].replies == 0 && spare_moves(fight, bank) >= 0)
            return 1;
        if (!tried(&moves[first], killers, tries)) {
            int theirs = endgame_reply(g, fight, &moves[first], bank);
            if (theirs <= 0)
                return theirs < 0 ? -1 : remember_win(g, fight, &moves[first]);
        }
        count = fight_order(moves, count, first);
    }
    for (int i = 0; i < count; i++) {
        if (tries && tried(&moves[i], killers, tries))
            continue;
        int theirs = endgame_reply(g, fight, &moves[i], bank);
        if (theirs <= 0)
            return theirs < 0 ? -1 : remember_win(g, fight, &moves[i]);
    }
    return try_spare_move(g, fight, bank);
}

/*
 * Tries the killers before any move is generated: 1 when one wins, 0 when
 * none does, -1 past the budget.  A move that won in one fight often wins
 * in its siblings, which differ only in the opponent's last move: where a
 * killer can be played it wins nine times in ten, and the node is done
 * without counting the replies of every move.
 */
static int try_killers(Endgame *g, const Position *fight, int bank, const FightMove *killers,
                       int count)
{
    for (int i = 0; i < count; i++) {
        int theirs = endgame_reply(g, fight, &killers[i], bank);
        if (theirs <= 0)
            return theirs < 0 ? -1 : remember_win(g, fight, &killers[i]);
    }
    return 0;
}

/*
 * Searches the moves in generation order, without counting replies: the
 * search of fights of at most PLAIN_MAX_SQUARES squares, after their
 * killers (skipped when met again).  Up to 4 squares the children stay so
 * cheap that trying more of them costs less than ordering: on the 5x5
 * position after b1-b4/a5 a4-c2/c1 d1-d4/c4 e4-d3/e3 callgrind counted
 * 2,485,755,897 instructions with order from 3 squares, 2,368,776,522 from
 * 4, and 2,231,730,496 from 5 (about 2,656M from 6); on 6x4 after b1-b2/c3
 * the last two both took 40-41 s, against 43-47 s with order from 3
 * squares.
 */
enum { PLAIN_MAX_SQUARES = 4 };

static int plain_search(Endgame *g, const Position *fight, int bank, const FightMove *killers, int tries)
{
    Color us = fight->to_move;
    for (Bitboard movers = bb_king_reach(fight->empty, fight->amazons[us]); movers;) {
        int from = bb_pop(&movers);
        Bitboard vacated = fight->empty | bb_square(from);
        for (Bitboard targets = queen_targets(from, fight->empty); targets;) {
            int to = bb_pop(&targets);
            for (Bitboard arrows = queen_targets(to, vacated & ~bb_square(to)); arrows;) {
                FightMove m = { (uint8_t)from, (uint8_t)to, (uint8_t)bb_pop(&arrows), 0, 0 };
                if (tries && tried(&m, killers, tries))
                    continue;
                int theirs = endgame_reply(g, fight, &m, bank);
                if (theirs <= 0)
                    return theirs < 0 ? -1 : remember_win(g, fight, &m);
            }
        }
    }
    return try_spare_move(g, fight, bank);
}

/* Whether the side to move wins a position already cut down to `fight` and its bank. */
static int endgame_settle(Endgame *g, const Position *fight, int bank)
{
    int squares = bb_count(fight->empty);
    if (squares <= 2)
        return squares < 2 ? one_square(fight, bank) : two_squares(g, fight, bank);
    /*
     * Below BOUNDS_MIN_SQUARES the search costs less than the bounds: on the
     * 5x5 positions after b1-b4/a5 a4-c2/c1 (and d1-d4/c4 e4-d3/e3) callgrind
     * counted 16,990M (1,631M) instructions without them at 3 squares,
     * 17,281M (1,675M) with them and 18,345M (1,757M) without them at 4.
     */
    int bound = squares >= BOUNDS_MIN_SQUARES ? endgame_bounds(fight, bank) : -1;
    if (bound >= 0)
        return bound;
    bool kept = squares >= TABLE_MIN_SQUARES;
    ProofKey key;
    EndgameBucket *bucket = NULL;
    if (kept) {
        key = endgame_key_of(fight, bank);
        bucket = endgame_bucket(g->table, &key);
        __builtin_prefetch(bucket);
    }
    /*
     * Most lookups miss the cache, and most find nothing: unless there are
     * killers to try or the search is plain, the moves are made while the
     * bucket comes from memory.
     * The killers are copied, since the searches below may replace them.
     */
    FightMove killers[FIGHT_KILLERS], moves[MAX_AMAZONS * ENDGAME_MAX_SQUARES * ENDGAME_MAX_SQUARES];
    int tries = legal_killers(g->table, fight, killers);
    bool ordered = squares > PLAIN_MAX_SQUARES;
    int first = 0, count = tries || !ordered ? -1 : fight_moves(fight, moves, &first);
    if (kept) {
        int known = endgame_lookup(g->table, bucket, &key);
        if (known)
            return known == 2;
    }
    if (!count_node(g))
        return -1;
    int wins = try_killers(g, fight, bank, killers, tries);
    if (wins == 0 && !ordered)
        wins = plain_search(g, fight, bank, killers, tries);
    else if (wins == 0) {
        if (count < 0)
            count = fight_moves(fight, moves, &first);
        wins = endgame_search(g, fight, bank, moves, count, first, killers, tries);
    }
    if (wins >= 0 && kept)
        endgame_store(bucket, &key, wins);
    return wins;
}

bool endgame_examine(const Position *pos, EndgameTable *table, RegionCache *areas,
                     int max_fight_squares, long budget, EndgameView *view)
{
    Endgame g = { table, areas, budget, budget };
    int bank = 0;
    if (!endgame_reduce(&g, pos, &view->fights, &bank))
        return false;
    view->bank = bank;
    view->key = endgame_key_of(&view->fights, bank);
    view->outcome = RACE_UNDECIDED;
    int squares = bb_count(view->fights.empty);
    if (!table || squares > max_fight_squares || squares > ENDGAME_MAX_SQUARES)
        return true;
    table->stats.searches++;
    int wins = endgame_settle(&g, &view->fights, bank);
    if (wins >= 0) {
        table->stats.decided++;
        view->outcome = wins ? RACE_WIN : RACE_LOSS;
    }
    return true;
}

RaceOutcome endgame_decide(const Position *pos, EndgameTable *table, RegionCache *areas,
                           int max_fight_squares, long budget)
{
    EndgameView view;
    if (!endgame_examine(pos, table, areas, max_fight_squares, budget, &view))
        return RACE_UNDECIDED;
    return view.outcome;
}

bool endgame_key(const Position *pos, RegionCache *areas, long budget, ProofKey *key)
{
    EndgameView view;
    if (!endgame_examine(pos, NULL, areas, 0, budget, &view))
        return false;
    *key = view.key;
    return true;
}
