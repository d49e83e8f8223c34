/* solver_reference.c - the plain exhaustive search the solver is checked against (solver_reference.h). */
#include "solver_reference.h"

#include <stdlib.h>

#include "engine/movegen.h"
#include "protocol_client.h"

Memo memo_new(void)
{
    return (Memo){ pc_track(calloc(MEMO_SIZE, sizeof(MemoEntry))), 0 };
}

static bool memo_matches(const MemoEntry *e, const Position *pos)
{
    return e->amazons[WHITE] == pos->amazons[WHITE] && e->amazons[BLACK] == pos->amazons[BLACK]
        && e->arrows == pos->arrows && e->to_move == pos->to_move && e->width == pos->width
        && e->height == pos->height;
}

/* Linear probing over a few slots; a full neighbourhood just goes unremembered. */
static MemoEntry *memo_find(Memo *m, const Position *pos, bool *found)
{
    size_t index = pos->hash & (MEMO_SIZE - 1);
    for (int probe = 0; probe < 8; probe++) {
        MemoEntry *e = &m->slots[(index + probe) & (MEMO_SIZE - 1)];
        if (!e->used || memo_matches(e, pos)) {
            *found = e->used;
            return e;
        }
    }
    *found = false;
    return NULL;
}

bool exhaustive_wins(Memo *m, Position *pos)
{
    bool found;
    MemoEntry *e = memo_find(m, pos, &found);
    if (found)
        return e->wins;
    m->positions++;
    /*
     * No ck_assert in this recursion: every check sends Check's runner a
     * message, and millions of them grew the runner (and so every process
     * forked from it later) by hundreds of megabytes.
     */
    MoveList *list = malloc(sizeof *list);
    if (!list)
        abort();
    generate_moves(pos, pos->to_move, list);
    bool wins = false;
    for (int i = 0; i < list->count && !wins; i++) {
        position_make(pos, list->moves[i]);
        wins = !exhaustive_wins(m, pos);
        position_unmake(pos, list->moves[i]);
    }
    free(list);
    if (e)
        *e = (MemoEntry){ { pos->amazons[WHITE], pos->amazons[BLACK] }, pos->arrows, pos->width,
                          pos->height, pos->to_move, true, wins };
    return wins;
}

static int random_square(Rng *rng, Bitboard set) { return rng_pick(rng, set); }

Position random_position(Rng *rng, int width, int height, int max_amazons, int empties)
{
    Position pos;
    position_start(&pos, width, height);
    pos.amazons[WHITE] = pos.amazons[BLACK] = pos.arrows = 0;
    pos.empty = pos.board;
    for (int c = WHITE; c <= BLACK; c++) {
        int n = 1 + (int)rng_below(rng, (uint32_t)max_amazons);
        for (int i = 0; i < n; i++) {
            Bitboard sq = bb_square(random_square(rng, pos.empty));
            pos.amazons[c] |= sq;
            pos.empty &= ~sq;
        }
    }
    while (bb_count(pos.empty) > empties) {
        Bitboard sq = bb_square(random_square(rng, pos.empty));
        pos.arrows |= sq;
        pos.empty &= ~sq;
    }
    pos.to_move = rng_below(rng, 2) ? BLACK : WHITE;
    pos.hash = position_compute_hash(&pos);
    return pos;
}

Position random_game(Rng *rng, int width, int height, int empties)
{
    Position pos;
    position_start(&pos, width, height);
    MoveList *list = pc_track(malloc(sizeof *list));
    while (bb_count(pos.empty) > empties) {
        generate_moves(&pos, pos.to_move, list);
        if (list->count == 0)
            break;
        position_make(&pos, list->moves[rng_below(rng, (uint32_t)list->count)]);
    }
    return pos;
}
