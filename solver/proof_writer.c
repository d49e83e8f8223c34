/* proof_writer.c - a proven position's strategy as a checkable file (proof_writer.h). */
#include "solver/proof_writer.h"

#include <stdlib.h>
#include <string.h>

#include "engine/deadline.h"
#include "engine/movegen.h"
#include "engine/zobrist.h"
#include "solver/proof_table.h"

int contested_empty_squares(const Position *pos)
{
    /* Areas: king-connected squares that are not arrows (amazons move out of the way). */
    Bitboard open = pos->empty | pos->amazons[WHITE] | pos->amazons[BLACK], left = pos->amazons[WHITE];
    int count = 0;
    while (left) {
        Bitboard area = bb_king_component(bb_square(bb_lowest(left)), open);
        left &= ~area;
        if (area & pos->amazons[BLACK])
            count += bb_count(area & pos->empty);
    }
    return count;
}

int board_symmetries(const Position *pos)
{
    return pos->width == pos->height ? 8 : 4;
}

/* Symmetry bits: 1 mirrors the files, 2 the ranks, 4 swaps files and ranks (square boards). */
static int proof_image_square(const Position *pos, int sym, int sq)
{
    int file = square_file(sq), rank = square_rank(sq);
    if (sym & 4) {
        int t = file;
        file = rank;
        rank = t;
    }
    if (sym & 1)
        file = pos->width - 1 - file;
    if (sym & 2)
        rank = pos->height - 1 - rank;
    return square_at(file, rank);
}

/* Where symmetry `sym` takes each square of pos's board. */
typedef uint8_t SquareImages[NUM_SQUARES];

static void square_images(const Position *pos, int sym, SquareImages images)
{
    for (int sq = 0; sq < NUM_SQUARES; sq++)
        images[sq] = bb_test(pos->board, sq) ? (uint8_t)proof_image_square(pos, sym, sq) : 0;
}

static Bitboard set_image(Bitboard set, const SquareImages images)
{
    Bitboard image = 0;
    while (set)
        image |= bb_square(images[bb_pop(&set)]);
    return image;
}

/* The pieces, side and board of the image, without its hash: all a key needs. */
static void image_unhashed(const Position *pos, const SquareImages images, Position *image)
{
    *image = *pos;
    image->amazons[WHITE] = set_image(pos->amazons[WHITE], images);
    image->amazons[BLACK] = set_image(pos->amazons[BLACK], images);
    image->arrows = set_image(pos->arrows, images);
    image->empty = pos->board & ~(image->amazons[WHITE] | image->amazons[BLACK] | image->arrows);
}

void position_image(const Position *pos, int sym, Position *image)
{
    SquareImages images;
    square_images(pos, sym, images);
    image_unhashed(pos, images, image);
    image->hash = position_compute_hash(image);
}

/* ---- the positions already walked, up to symmetry ---- */

typedef struct {
    ProofKey *slots;   /* all-zero words: free (no real key is all zero) */
    size_t mask, used;
} ProofKeySet;

static bool proof_key_less(const ProofKey *a, const ProofKey *b)
{
    for (int i = 0; i < 3; i++)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i];
    return false;
}

/* The least key of pos's images under the board's symmetries (images[0] is the identity). */
static ProofKey proof_canonical_key(const Position *pos, SquareImages *images, int symmetries)
{
    ProofKey best = proof_key(pos, NO_SQUARE);
    for (int sym = 1; sym < symmetries; sym++) {
        Position image;
        image_unhashed(pos, images[sym], &image);
        ProofKey k = proof_key(&image, NO_SQUARE);
        if (proof_key_less(&k, &best))
            best = k;
    }
    return best;
}

static bool proof_key_free(const ProofKey *k) { return !(k->w[0] | k->w[1] | k->w[2]); }

static bool proof_keyset_grow(ProofKeySet *set)
{
    size_t size = set->slots ? 2 * (set->mask + 1) : 1 << 16;
    ProofKey *slots = calloc(size, sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; set->slots && i <= set->mask; i++) {
        if (proof_key_free(&set->slots[i]))
            continue;
        size_t j = proof_key_hash(&set->slots[i]) & (size - 1);
        while (!proof_key_free(&slots[j]))
            j = (j + 1) & (size - 1);
        slots[j] = set->slots[i];
    }
    free(set->slots);
    set->slots = slots;
    set->mask = size - 1;
    return true;
}

/* Adds key; 1 when it is new, 0 when it was there, -1 without memory. */
static int proof_keyset_add(ProofKeySet *set, const ProofKey *key)
{
    if ((!set->slots || 2 * (set->used + 1) > set->mask + 1) && !proof_keyset_grow(set))
        return -1;
    size_t i = proof_key_hash(key) & set->mask;
    for (; !proof_key_free(&set->slots[i]); i = (i + 1) & set->mask)
        if (!memcmp(&set->slots[i], key, sizeof *key))
            return 0;
    set->slots[i] = *key;
    set->used++;
    return 1;
}

/* ---- the proof_walk ---- */

typedef struct {
    Solver *solver;
    const SolveLimits *limits;
    Color winner;
    int leaf_squares;
    FILE *out;
    ProofKeySet seen;
    MoveList *lists;   /* one per ply of the proof_walk */
    ProofWriteStats *stats;
    int symmetries;
    SquareImages images[8];   /* square_images of each symmetry */
} ProofWriter;

static void proof_write_entry(ProofWriter *w, const Position *pos, Move m)
{
    char text[POSITION_TEXT_MAX], move[MOVE_TEXT_MAX];
    position_to_text(pos, text);
    move_to_text(m, move);
    fprintf(w->out, "%s %s\n", text, move);
    w->stats->entries++;
}

/* Whether the winner's move m from pos ends the proof there: a leaf the loser loses. */
static bool proof_move_closes(ProofWriter *w, Position *pos, Move m, const char **error)
{
    position_make(pos, m);
    bool closes = false;
    if (contested_empty_squares(pos) <= w->leaf_squares) {
        SolveLimits leaf = *w->limits;
        leaf.outcome_only = true;
        SolveResult r = solver_solve(w->solver, pos, &leaf);
        w->stats->solver_nodes += r.nodes;
        closes = r.outcome == SOLVE_LOSS;
        if (r.outcome == SOLVE_UNKNOWN)
            *error = "a solve ran out of its limits";
    }
    position_unmake(pos, m);
    return closes;
}

/*
 * The solver's winning move may lead into a long fight where another move
 * settles the position at once, and a proof is as big as the loser's replies
 * it has to answer.  So a winning move into a leaf is preferred: *move is
 * replaced by the first such move, if there is one.
 */
static const char *proof_closing_move(ProofWriter *w, Position *pos, int ply, Move *move)
{
    const char *error = NULL;
    if (proof_move_closes(w, pos, *move, &error) || error)
        return error;
    MoveList *list = &w->lists[ply];
    generate_moves(pos, pos->to_move, list);
    for (int i = 0; i < list->count; i++)
        if (proof_move_closes(w, pos, list->moves[i], &error)) {
            *move = list->moves[i];
            w->stats->closed++;
            return NULL;
        } else if (error) {
            return error;
        }
    return NULL;
}

static const char *proof_walk(ProofWriter *w, Position *pos, int ply)
{
    ProofKey key = proof_canonical_key(pos, w->images, w->symmetries);
    int added = proof_keyset_add(&w->seen, &key);
    if (added < 0)
        return "out of memory";
    if (added == 0)
        return NULL;
    w->stats->positions++;
    if (contested_empty_squares(pos) <= w->leaf_squares) {
        w->stats->leaves++;
        return NULL;
    }
    if (pos->to_move == w->winner) {
        SolveResult r = solver_solve(w->solver, pos, w->limits);
        w->stats->solver_nodes += r.nodes;
        if (r.outcome == SOLVE_UNKNOWN)
            return "a solve ran out of its limits";
        if (r.outcome != SOLVE_WIN || !r.has_move)
            return "the solver did not confirm the winner";
        const char *error = proof_closing_move(w, pos, ply, &r.move);
        if (error)
            return error;
        proof_write_entry(w, pos, r.move);
        position_make(pos, r.move);
        error = proof_walk(w, pos, ply + 1);
        position_unmake(pos, r.move);
        return error;
    }
    MoveList *list = &w->lists[ply];
    generate_moves(pos, pos->to_move, list);
    if (list->count == 0)
        w->stats->stuck++;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        position_make(pos, m);
        const char *error = proof_walk(w, pos, ply + 1);
        position_unmake(pos, m);
        if (error)
            return error;
    }
    return NULL;
}

const char *proof_write(Solver *solver, const Position *pos, Color winner, int leaf_squares,
                        const SolveLimits *limits, FILE *out, ProofWriteStats *stats)
{
    memset(stats, 0, sizeof *stats);
    double start = monotonic_seconds();
    /* A move fills a square, so a proof_walk is never deeper than the board's squares. */
    int depth = bb_count(pos->empty) + 2;
    ProofWriter w = { solver, limits, winner, leaf_squares, out, { 0 }, calloc((size_t)depth, sizeof(MoveList)), stats,
                      board_symmetries(pos), { { 0 } } };
    if (!w.lists)
        return "out of memory";
    for (int sym = 0; sym < w.symmetries; sym++)
        square_images(pos, sym, w.images[sym]);
    char text[POSITION_TEXT_MAX];
    position_to_text(pos, text);
    fprintf(out, "amazons-proof 1\nstart %s\nwinner %s\nleaves %d\n", text, color_text(winner), leaf_squares);
    Position p = *pos;
    const char *error = proof_walk(&w, &p, 0);
    if (!error)
        fprintf(out, "end %llu\n", (unsigned long long)stats->entries);
    free(w.lists);
    free(w.seen.slots);
    stats->seconds = monotonic_seconds() - start;
    return error;
}
