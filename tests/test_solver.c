/*
 * test_solver.c - the exact solver, the closed-area races it relies on, and
 * the `solve` command.
 *
 * Every answer is checked against a plain exhaustive search written here
 * (negamax over whole moves with a memo keyed by the complete position):
 * the 4x4 start, random small positions with random arrows, and positions
 * reached by random play, which are rich in walled-off areas.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/table_memory.h"
#include "eval/regions.h"
#include "live_engine.h"
#include "protocol_client.h"
#include "search/rng.h"
#include "search/endgame_exact.h"
#include "search/solver.h"
#include "tests.h"
#include "test_util.h"

/* ---- the reference: exhaustive negamax ---- */

typedef struct {
    Bitboard amazons[2], arrows;
    int width, height;
    Color to_move;
    bool used, wins;
} MemoEntry;

enum { MEMO_SIZE = 1 << 18 };

typedef struct {
    MemoEntry *slots;
    uint64_t positions;
} Memo;

static Memo memo_new(void)
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

/* Whether the side to move wins with perfect play. */
static bool exhaustive_wins(Memo *m, Position *pos)
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

/* ---- positions ---- */

static int random_square(Rng *rng, Bitboard set) { return rng_pick(rng, set); }

/* Random amazons (1 to max per side), then random arrows until `empties` squares are left. */
static Position random_position(Rng *rng, int width, int height, int max_amazons, int empties)
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

/* The start position after random moves until `empties` squares are left (or no move is). */
static Position random_game(Rng *rng, int width, int height, int empties)
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

/* ---- checking the solver against the reference ---- */

static Solver *test_solver(void)
{
    Solver *solver = solver_create(16u << 20);
    ck_assert_ptr_nonnull(solver);
    return solver;
}

/* Solves pos, compares with the exhaustive answer, and checks a winning move really wins. */
static void check_solve(Solver *solver, Memo *memo, const Position *start)
{
    Position pos = *start;
    char text[POSITION_TEXT_MAX];
    position_to_text(&pos, text);
    SolveLimits limits = { 0 };
    SolveResult r = solver_solve(solver, &pos, &limits);
    ck_assert_msg(memcmp(&pos, start, sizeof pos) == 0, "%s: solve changed the position", text);
    bool wins = exhaustive_wins(memo, &pos);
    ck_assert_msg(r.outcome == (wins ? SOLVE_WIN : SOLVE_LOSS), "%s: solver says %d, truth %s",
                  text, r.outcome, wins ? "win" : "loss");
    ck_assert_msg(r.has_move == has_legal_move(&pos, pos.to_move), "%s: has_move", text);
    if (!r.has_move)
        return;
    char move[MOVE_TEXT_MAX];
    move_to_text(r.move, move);
    ck_assert_msg(is_legal_move(&pos, pos.to_move, r.move), "%s: illegal move %s", text, move);
    if (r.outcome == SOLVE_WIN) {
        position_make(&pos, r.move);
        ck_assert_msg(!exhaustive_wins(memo, &pos), "%s: %s does not win", text, move);
    }
}

START_TEST(four_by_four_start_is_lost_for_the_first_player)
{
    Solver *solver = test_solver();
    Memo memo = memo_new();
    Position pos;
    position_start(&pos, 4, 4);
    ck_assert(!exhaustive_wins(&memo, &pos));
    check_solve(solver, &memo, &pos);
    /* Again with the table full of the first proof: the same answer. */
    check_solve(solver, &memo, &pos);
    solver_destroy(solver);
}
END_TEST

/* Random positions (random arrows) or random games, on 5x5 to 6x6 boards with 8 to 10 squares left. */
static Position random_small(Rng *rng, int i, bool games)
{
    int width = 5 + i % 2, height = 5 + (i / 2) % 2, empties = 8 + (int)rng_below(rng, games ? 2 : 3);
    return games ? random_game(rng, width, height, empties)
                 : random_position(rng, width, height, 3, empties);
}

/* Checks `count` random small positions; both answers must occur among them. */
static void check_random(uint64_t seed, int count, bool games)
{
    Solver *solver = test_solver();
    Rng rng;
    rng_seed(&rng, seed);
    int wins = 0, losses = 0;
    Memo memo = memo_new();
    for (int i = 0; i < count; i++) {
        Position pos = random_small(&rng, i, games);
        check_solve(solver, &memo, &pos);
        *(exhaustive_wins(&memo, &pos) ? &wins : &losses) += 1;
    }
    /* A solver that always said one thing would be caught. */
    ck_assert_int_gt(wins, count / 10);
    ck_assert_int_gt(losses, count / 10);
    solver_destroy(solver);
}

START_TEST(random_positions_agree_with_exhaustive_search)
{
    check_random(20240601, 120, false);
}
END_TEST

START_TEST(random_games_agree_with_exhaustive_search)
{
    check_random(77, 80, true);
}
END_TEST

/* ---- the closed-area races ---- */

/* Race answers are proofs: every decided one must match the exhaustive answer. */
START_TEST(decided_races_are_right)
{
    Rng rng;
    rng_seed(&rng, 4242);
    RegionCache *cache = region_cache_create(1u << 20);
    int decided = 0;
    Memo memo = memo_new();
    for (int i = 0; i < 1500; i++) {
        Position pos = i % 2 ? random_position(&rng, 5 + i % 3, 5, 4, 7 + (int)rng_below(&rng, 5))
                             : random_game(&rng, 5, 5 + i % 3, 7 + (int)rng_below(&rng, 5));
        RaceOutcome race = race_decide(&pos, i % 4 == 0 ? NULL : cache, 100000);
        if (race == RACE_UNDECIDED)
            continue;
        decided++;
        char text[POSITION_TEXT_MAX];
        position_to_text(&pos, text);
        ck_assert_msg((race == RACE_WIN) == exhaustive_wins(&memo, &pos), "%s: race says %s", text,
                      race == RACE_WIN ? "win" : "loss");
    }
    ck_assert_int_gt(decided, 300);
    region_cache_destroy(cache);
}
END_TEST

/*
 * White's amazon a1 touches Black's b1.  If White leaves a1 without shooting
 * back, Black's amazon gains a square; the race must not count on a1 staying
 * shut, so whatever it answers here must agree with the exhaustive search.
 */
START_TEST(contact_amazons_are_not_taken_as_walls)
{
    const char *texts[] = {
        "xxxx/x2x/x1xx/WB2 w", "xxxx/x2x/x1xx/WB2 b", "4/xxxx/1xxx/WB2 w", "4/xxxx/1xxx/WB2 b",
        "2xx/xxxx/W1xx/BxW1 w", "x3/xxxx/WBxx/2xx b",
    };
    RegionCache *cache = region_cache_create(1u << 20);
    Memo memo = memo_new();
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        Position pos = parse(texts[i]);
        RaceOutcome race = race_decide(&pos, cache, 100000);
        if (race != RACE_UNDECIDED)
            ck_assert_msg((race == RACE_WIN) == exhaustive_wins(&memo, &pos), "%s", texts[i]);
    }
    region_cache_destroy(cache);
}
END_TEST

/*
 * Races that only pockets decide: every component is contested, but one
 * side has squares behind its own amazon that the other can never reach.
 */
START_TEST(pockets_are_sure_moves)
{
    struct {
        const char *text;
        RaceOutcome outcome;
    } cases[] = {
        /* White's c2 alone borders c3, b4 and a4: three sure moves, Black has one at most. */
        { "2xx/xx1x/xxWx/1xB1 w", RACE_WIN },
        /* Black's c3 alone borders d3 and d4: two sure moves, White has two at most. */
        { "2x1/xWB1/xxxx/x1xx w", RACE_LOSS },
    };
    RegionCache *cache = region_cache_create(1u << 20);
    Memo memo = memo_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos = parse(cases[i].text);
        BoardSplit split;
        board_split(&pos, &split);
        for (int c = WHITE; c <= BLACK; c++)
            for (int k = 0; k < split.count[c]; k++)
                ck_assert_int_eq(split.parts[c][k].kind, PART_CONTESTED);
        ck_assert_int_eq(race_decide(&pos, NULL, 0), cases[i].outcome);
        ck_assert_int_eq(race_decide(&pos, cache, 100000), cases[i].outcome);
        ck_assert((cases[i].outcome == RACE_WIN) == exhaustive_wins(&memo, &pos));
    }
    region_cache_destroy(cache);
}
END_TEST

/*
 * An amazon between two pockets seals itself into one of them only.  Black's
 * c2 alone borders d1 and d3: counting both as sure moves would make this a
 * loss for White, who in fact wins.
 */
START_TEST(an_amazon_keeps_one_pocket)
{
    Position pos = parse("xWxx/2x1/xxBx/1xx1 w");
    Memo memo = memo_new();
    ck_assert(exhaustive_wins(&memo, &pos));
    RegionCache *cache = region_cache_create(1u << 20);
    ck_assert_int_ne(race_decide(&pos, NULL, 0), RACE_LOSS);
    ck_assert_int_ne(race_decide(&pos, cache, 100000), RACE_LOSS);
    region_cache_destroy(cache);
}
END_TEST

/* Most moves of colour c's amazons alone, contacts shooting back: brute force with a memo. */
typedef struct {
    Bitboard amazons, empty, contacts;
    int value; /* 0: unused, else moves + 1 */
} SoloEntry;

enum { SOLO_SIZE = 1 << 18 };

static int brute_solitaire(SoloEntry *memo, Position *pos, Color c, Bitboard contacts)
{
    size_t index = (size_t)(pos->hash ^ (uint64_t)contacts * 0x9e3779b97f4a7c15ULL) & (SOLO_SIZE - 1);
    SoloEntry *e = NULL;
    for (int probe = 0; probe < 16 && !e; probe++) {
        SoloEntry *slot = &memo[(index + probe) & (SOLO_SIZE - 1)];
        if (slot->value && slot->amazons == pos->amazons[c] && slot->empty == pos->empty
            && slot->contacts == contacts)
            return slot->value - 1;
        if (!slot->value)
            e = slot;
    }
    MoveList *list = malloc(sizeof *list);
    if (!list)
        abort();
    generate_moves(pos, c, list);
    int best = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (bb_test(contacts, m.from) && m.arrow != m.from)
            continue;
        pos->to_move = c;
        position_make(pos, m);
        int value = 1 + brute_solitaire(memo, pos, c, contacts & ~bb_square(m.from));
        pos->to_move = color_other(c);
        position_unmake(pos, m);
        if (value > best)
            best = value;
    }
    free(list);
    if (e)
        *e = (SoloEntry){ pos->amazons[c], pos->empty, contacts, best + 1 };
    return best;
}

START_TEST(area_counts_match_brute_force)
{
    Rng rng;
    rng_seed(&rng, 99);
    RegionCache *cache = region_cache_create(1u << 20);
    SoloEntry *memo = pc_track(malloc(SOLO_SIZE * sizeof *memo));
    for (int i = 0; i < 300; i++) {
        Position pos = random_position(&rng, 4 + i % 2, 4, 2, 4 + (int)rng_below(&rng, 4));
        /* White alone: Black's amazons become arrows; some of White's are contacts. */
        pos.arrows |= pos.amazons[BLACK];
        pos.amazons[BLACK] = 0;
        Bitboard contacts = 0;
        for (Bitboard a = pos.amazons[WHITE]; a;) {
            int sq = bb_pop(&a);
            if (rng_below(&rng, 3) == 0)
                contacts |= bb_square(sq);
        }
        Area area = { 0, pos.amazons[WHITE], contacts };
        Bitboard reach = pos.amazons[WHITE];
        for (Bitboard grown; (grown = reach | bb_king_reach(reach, pos.empty)) != reach;)
            reach = grown;
        area.squares = reach & pos.empty;
        /* Squares out of reach are walled off: make them arrows so both count the same board. */
        pos.arrows |= pos.empty & ~area.squares;
        pos.empty = area.squares;
        memset(memo, 0, SOLO_SIZE * sizeof *memo);
        int expected = brute_solitaire(memo, &pos, WHITE, contacts);
        ck_assert_int_eq(area_best(cache, &area, 1000000), expected);
        int walk = area_walk(&area);
        ck_assert_int_le(walk, expected);
        ck_assert_int_ge(walk, 0);
    }
    /* A budget too small to finish gives up rather than guess. */
    Area wide = { bb_board_mask(6, 6) & ~bb_square(0), bb_square(0), 0 };
    region_cache_clear(cache);
    ck_assert_int_eq(area_best(cache, &wide, 10), -1);
    region_cache_destroy(cache);
}
END_TEST

/* A White-only area for the brute force: Black's amazons and squares out of reach become arrows. */
static Area white_alone(Position *pos)
{
    pos->arrows |= pos->amazons[BLACK];
    pos->amazons[BLACK] = 0;
    Bitboard reach = pos->amazons[WHITE];
    for (Bitboard grown; (grown = reach | bb_king_reach(reach, pos->empty)) != reach;)
        reach = grown;
    pos->arrows |= pos->empty & ~reach;
    pos->empty &= reach;
    pos->hash = position_compute_hash(pos);
    return (Area){ pos->empty, pos->amazons[WHITE], 0 };
}

/*
 * The solver replaces every move of a strict area by one that leaves one move
 * fewer than the area's best, and every arrow of an amazon there by the one
 * that leaves the most: both checked against the brute-force count.
 */
START_TEST(best_moves_of_strict_areas_keep_the_count)
{
    Rng rng;
    rng_seed(&rng, 4242);
    RegionCache *cache = region_cache_create(1u << 20);
    SoloEntry *memo = pc_track(malloc(SOLO_SIZE * sizeof *memo));
    int moves_checked = 0, arrows_checked = 0;
    for (int i = 0; i < 200; i++) {
        Position pos = random_position(&rng, 4 + i % 2, 4, 2, 3 + (int)rng_below(&rng, 5));
        Area area = white_alone(&pos);
        memset(memo, 0, SOLO_SIZE * sizeof *memo);
        int best = brute_solitaire(memo, &pos, WHITE, 0);
        Move m;
        bool found = area_best_move(cache, &area, 1000000, &m);
        ck_assert_int_eq(found, best > 0);
        if (!found)
            continue;
        pos.to_move = WHITE;
        ck_assert(is_legal_move(&pos, WHITE, m));
        position_make(&pos, m);
        ck_assert_int_eq(brute_solitaire(memo, &pos, WHITE, 0), best - 1);
        position_unmake(&pos, m);
        moves_checked++;
        /* The amazon of m has landed; which arrow leaves the most? */
        Position landed = pos;
        Bitboard step = bb_square(m.from) | bb_square(m.to);
        landed.amazons[WHITE] ^= step;
        landed.empty ^= step;
        Area after = { landed.empty, landed.amazons[WHITE], 0 };
        int most = -1;
        for (Bitboard arrows = bb_queen_reach(bb_square(m.to), landed.empty); arrows;) {
            Move shot = { m.from, m.to, (uint8_t)bb_pop(&arrows) };
            position_make(&pos, shot);
            int value = brute_solitaire(memo, &pos, WHITE, 0);
            position_unmake(&pos, shot);
            if (value > most)
                most = value;
        }
        int arrow = area_best_arrow(cache, &after, m.to, 1000000);
        Move shot = { m.from, m.to, (uint8_t)arrow };
        ck_assert(is_legal_move(&pos, WHITE, shot));
        position_make(&pos, shot);
        ck_assert_int_eq(brute_solitaire(memo, &pos, WHITE, 0), most);
        position_unmake(&pos, shot);
        arrows_checked++;
    }
    ck_assert_int_gt(moves_checked, 100);
    ck_assert_int_gt(arrows_checked, 100);
    /* Too small a budget: no move rather than a guess. */
    Area wide = { bb_board_mask(6, 6) & ~bb_square(0), bb_square(0), 0 };
    region_cache_clear(cache);
    Move m;
    ck_assert(!area_best_move(cache, &wide, 10, &m));
    ck_assert_int_eq(area_best_arrow(cache, &wide, 0, 10), -1);
    region_cache_destroy(cache);
}
END_TEST

/* Whether the side to move has a strict area while a contested part is still open. */
static bool strict_beside_contested(const Position *pos)
{
    BoardSplit split;
    board_split(pos, &split);
    bool strict = false, contested = false;
    for (int i = 0; i < split.count[pos->to_move]; i++) {
        strict |= split.parts[pos->to_move][i].kind == PART_STRICT;
        contested |= split.parts[pos->to_move][i].kind == PART_CONTESTED;
    }
    return strict && contested;
}

/* Positions where the solver plays one best move for a strict area agree with exhaustive search. */
START_TEST(strict_areas_beside_fights_agree_with_exhaustive_search)
{
    Solver *solver = test_solver();
    Rng rng;
    rng_seed(&rng, 31337);
    Memo memo = memo_new();
    int checked = 0, wins = 0;
    for (int tries = 0; checked < 80 && tries < 100000; tries++) {
        Position pos = random_position(&rng, 5 + tries % 2, 5, 3, 8 + (int)rng_below(&rng, 4));
        if (!strict_beside_contested(&pos))
            continue;
        check_solve(solver, &memo, &pos);
        wins += exhaustive_wins(&memo, &pos);
        checked++;
    }
    ck_assert_int_eq(checked, 80);
    ck_assert_int_gt(wins, 8);
    ck_assert_int_lt(wins, 72);
    solver_destroy(solver);
}
END_TEST

/* ---- fights ---- */

/* Every fight the exact endgame search decides agrees with exhaustive search. */
START_TEST(decided_fights_are_right)
{
    Rng rng;
    rng_seed(&rng, 5150);
    RegionCache *areas = region_cache_create(1u << 20);
    EndgameTable *table = endgame_table_create(1u << 20);
    ck_assert_ptr_nonnull(table);
    Memo memo = memo_new();
    int decided = 0, wins = 0, banked = 0;
    for (int i = 0; i < 400; i++) {
        Position pos = random_position(&rng, 5 + i % 2, 5, 3, 5 + (int)rng_below(&rng, 6));
        RaceOutcome outcome = endgame_decide(&pos, table, areas, 8, 1000000);
        if (outcome == RACE_UNDECIDED)
            continue;
        char text[POSITION_TEXT_MAX];
        position_to_text(&pos, text);
        bool truth = exhaustive_wins(&memo, &pos);
        ck_assert_msg((outcome == RACE_WIN) == truth, "%s: fights say %d", text, outcome);
        decided++;
        wins += truth;
        BoardSplit split;
        board_split(&pos, &split);
        for (int c = WHITE; c <= BLACK; c++)
            for (int k = 0; k < split.count[c]; k++)
                banked += split.parts[c][k].kind == PART_STRICT;
    }
    /* Most of these are small enough; both answers occur, and areas count into banks. */
    ck_assert_int_gt(decided, 300);
    ck_assert_int_gt(wins, decided / 10);
    ck_assert_int_lt(wins, decided - decided / 10);
    ck_assert_int_gt(banked, 50);
    /* Fights larger than allowed are left alone. */
    Position start;
    position_start(&start, 6, 6);
    ck_assert_int_eq(endgame_decide(&start, table, areas, 8, 1000000), RACE_UNDECIDED);
    endgame_table_destroy(table);
    region_cache_destroy(areas);
}
END_TEST

/*
 * Fights that pockets decide: empty squares that only one side's amazons
 * touch, sealed off from every other empty square, are sure moves for that
 * side and out of the other's reach.  The bounds settle these before any
 * search node; the last case has one Black amazon (c2) beside two pockets,
 * which it cannot keep both of: counting both would call it a Black win.
 */
START_TEST(fight_pockets_are_sure_moves)
{
    struct {
        const char *text;
        RaceOutcome outcome;
        bool by_bounds;
    } cases[] = {
        /* Black keeps d4 (c3) and a1-b1 (c2): 3 sure moves; White has 2 squares left. */
        { "W1x1/1WBx/xxBx/2xx b", RACE_WIN, true },
        /* Black keeps b4 (c3) and a2-b1 (b2): 3 sure moves; White has 3 squares left. */
        { "x1x1/xxB1/1Bx1/x1xW w", RACE_LOSS, true },
        /* Black keeps the run b4-d4 (b3): 2 sure moves; White has 2 squares left. */
        { "x3/xBBx/W1xW/xx1x w", RACE_LOSS, true },
        { "xxxx/BWx1/WxBx/1xx1 b", RACE_LOSS, false },
    };
    RegionCache *areas = region_cache_create(1u << 20);
    Memo memo = memo_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos = parse(cases[i].text);
        EndgameTable *table = endgame_table_create(1u << 16);
        ck_assert_ptr_nonnull(table);
        ck_assert_int_eq(endgame_decide(&pos, table, areas, 8, 1000000), cases[i].outcome);
        ck_assert((cases[i].outcome == RACE_WIN) == exhaustive_wins(&memo, &pos));
        if (cases[i].by_bounds)
            ck_assert_uint_eq(endgame_table_stats(table).nodes, 0);
        endgame_table_destroy(table);
    }
    region_cache_destroy(areas);
}
END_TEST

/*
 * Positions that share a key cut down to fights and bank have the same
 * value: small random positions, many of which share keys, each checked
 * against the first position seen with its key.
 */
START_TEST(equal_fight_keys_have_equal_values)
{
    enum { SEEN = 4096 };
    typedef struct {
        ProofKey key;
        bool wins;
    } Seen;
    Seen *seen = pc_track(malloc(SEEN * sizeof *seen));
    int count = 0, repeats = 0, differing = 0;
    Rng rng;
    rng_seed(&rng, 8086);
    RegionCache *areas = region_cache_create(1u << 20);
    Memo memo = memo_new();
    for (int i = 0; i < 3000; i++) {
        Position pos = random_position(&rng, 4, 4, 2, 3 + (int)rng_below(&rng, 4));
        ProofKey key;
        ck_assert(endgame_key(&pos, areas, 1000000, &key));
        ProofKey plain = proof_key(&pos, NO_SQUARE);
        differing += memcmp(&key, &plain, sizeof key) != 0;
        bool wins = exhaustive_wins(&memo, &pos);
        int j = 0;
        while (j < count && memcmp(&seen[j].key, &key, sizeof key) != 0)
            j++;
        if (j < count) {
            char text[POSITION_TEXT_MAX];
            position_to_text(&pos, text);
            ck_assert_msg(seen[j].wins == wins, "%s: same key, other value", text);
            repeats++;
        } else if (count < SEEN) {
            seen[count++] = (Seen){ key, wins };
        }
    }
    ck_assert_int_gt(repeats, 200);
    ck_assert_int_gt(differing, 1000);
    region_cache_destroy(areas);
}
END_TEST

/* ---- limits ---- */

START_TEST(limits_give_unknown_with_a_move)
{
    Solver *solver = test_solver();
    Position pos;
    position_start(&pos, 10, 10);
    SolveLimits nodes = { .nodes = 200 };
    SolveResult r = solver_solve(solver, &pos, &nodes);
    ck_assert_int_eq(r.outcome, SOLVE_UNKNOWN);
    ck_assert(r.has_move);
    ck_assert(is_legal_move(&pos, WHITE, r.move));
    ck_assert_uint_le(r.nodes, 200 + 200); /* the move choice may look at a few more */

    SolveLimits time = { .seconds = 0.05 };
    r = solver_solve(solver, &pos, &time);
    ck_assert_int_eq(r.outcome, SOLVE_UNKNOWN);
    ck_assert(r.seconds < 5.0);

    /* A stop asked before the solve ends it at once; the request is used up. */
    solver_stop(solver);
    SolveLimits none = { 0 };
    r = solver_solve(solver, &pos, &none);
    ck_assert_int_eq(r.outcome, SOLVE_UNKNOWN);
    Position small;
    position_start(&small, 4, 4);
    r = solver_solve(solver, &small, &none);
    ck_assert_int_eq(r.outcome, SOLVE_LOSS);
    solver_destroy(solver);
}
END_TEST

/*
 * A win found under a node limit, or with a stop pending, must still come
 * with a winning move: the arrow of the winning amazon move is searched
 * again after the proof, and when that search is cut short (its proof gone
 * from a tiny table) the answer has to fall back to unknown.
 */
START_TEST(cut_short_wins_still_have_winning_moves)
{
    Solver *solver = solver_create(1); /* the smallest tables: proofs are pushed out at once */
    ck_assert_ptr_nonnull(solver);
    Memo memo = memo_new();
    Rng rng;
    rng_seed(&rng, 777);
    int wins = 0;
    for (int trial = 0; trial < 1500; trial++) {
        Position pos = random_game(&rng, 4, 4, 4 + (int)rng_below(&rng, 3)); /* 2 to 4 plies in */
        SolveLimits limits = { .nodes = 1 + rng_below(&rng, 60) };
        if (trial % 2)
            solver_stop(solver); /* a stop meant for an earlier solve */
        SolveResult r = solver_solve(solver, &pos, &limits);
        if (r.outcome != SOLVE_WIN)
            continue;
        wins++;
        char text[POSITION_TEXT_MAX], move[MOVE_TEXT_MAX];
        position_to_text(&pos, text);
        move_to_text(r.move, move);
        position_make(&pos, r.move);
        ck_assert_msg(!exhaustive_wins(&memo, &pos), "%s: 'win' with %s, which loses", text, move);
    }
    ck_assert_int_gt(wins, 100);
    solver_destroy(solver);
}
END_TEST

START_TEST(no_legal_move_is_a_loss_without_a_move)
{
    Solver *solver = test_solver();
    Position pos = parse("Wxxx/xxxx/xxxx/xx1B w");
    SolveLimits none = { 0 };
    SolveResult r = solver_solve(solver, &pos, &none);
    ck_assert_int_eq(r.outcome, SOLVE_LOSS);
    ck_assert(!r.has_move);
    pos.to_move = BLACK;
    pos.hash = position_compute_hash(&pos);
    r = solver_solve(solver, &pos, &none);
    ck_assert_int_eq(r.outcome, SOLVE_WIN);
    ck_assert(r.has_move);
    char move[MOVE_TEXT_MAX];
    move_to_text(r.move, move);
    ck_assert_str_eq(move, "d1-c1/d1");
    solver_destroy(solver);
}
END_TEST

/* ---- the solve command ---- */

/* "RESULT [MOVE] nodes N time T": returns the words. */
static char **solve_words(const char *body, size_t *n)
{
    char **w = pc_split_words(body, n);
    ck_assert_msg(*n >= 5, "solve answered \"%s\"", body);
    size_t k = *n;
    ck_assert_str_eq(w[k - 4], "nodes");
    ck_assert_str_eq(w[k - 2], "time");
    ck_assert_msg(strspn(w[k - 3], "0123456789") == strlen(w[k - 3]), "nodes \"%s\"", w[k - 3]);
    ck_assert_msg(strspn(w[k - 1], "0123456789.") == strlen(w[k - 1]), "time \"%s\"", w[k - 1]);
    return w;
}

START_TEST(solve_command_answers)
{
    Responses rs = pc_gtp("known_command solve\n"
                          "boardsize 4 4\nsolve\nget_position\n"
                          "set_position Wxxx/xxxx/xxxx/xx1B b\nsolve 5\nget_position\n"
                          "play w a4-a3/a4\nsolve 0\nundo\nget_position\n"
                          "boardsize 10\nsolve 0.2\n");
    EXPECT_COUNT(&rs, 13);
    EXPECT_OK(&rs, 0, "true");
    size_t n;
    char **w = solve_words(EXPECT_OK(&rs, 2, NULL), &n);
    ck_assert_uint_eq(n, 5);
    ck_assert_str_eq(w[0], "loss");
    EXPECT_OK(&rs, 3, "1BB1/B2B/W2W/1WW1 w");
    w = solve_words(EXPECT_OK(&rs, 5, NULL), &n);
    ck_assert_uint_eq(n, 6);
    ck_assert_str_eq(w[0], "win");
    ck_assert_str_eq(w[1], "d1-c1/d1");
    EXPECT_OK(&rs, 6, "Wxxx/xxxx/xxxx/xx1B b");
    EXPECT_ERROR(&rs, 7, "illegal move"); /* White cannot move at all */
    w = solve_words(EXPECT_OK(&rs, 8, NULL), &n);
    ck_assert_str_eq(w[0], "win");
    EXPECT_ERROR(&rs, 9, "cannot undo");
    EXPECT_OK(&rs, 10, "Wxxx/xxxx/xxxx/xx1B b");
    w = solve_words(EXPECT_OK(&rs, 12, NULL), &n);
    ck_assert_str_eq(w[0], "unknown");
}
END_TEST

START_TEST(solve_command_errors_change_nothing)
{
    const char *bad[] = { "solve x", "solve -1", "solve 1 2", "solve nan", "solve 2e6", "solve 1s" };
    Buf script = { 0 };
    pc_buf_puts(&script, "boardsize 5 4\nplay w b1-b3/c3\n");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        pc_buf_printf(&script, "%s\nget_position\n", bad[i]);
    pc_buf_puts(&script, "undo\nget_position\n");
    Responses rs = pc_gtp(pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 2 + 2 * 6 + 2);
    EXPECT_OK(&rs, 1, "");
    for (size_t i = 0; i < 6; i++) {
        EXPECT_ERROR(&rs, 2 + 2 * i, "syntax error: solve [SECONDS]");
        EXPECT_OK(&rs, 3 + 2 * i, "1B1B1/BWx1B/W3W/3W1 b");
    }
    EXPECT_OK(&rs, 14, "");
    EXPECT_OK(&rs, 15, "1B1B1/B3B/W3W/1W1W1 w");
}
END_TEST

START_TEST(solve_verbose_reports_on_stderr)
{
    static const char *const args[] = { "--verbose", "--memory", "16", NULL };
    Responses rs = pc_gtp_args(args, "boardsize 4 4\nsolve\n");
    EXPECT_COUNT(&rs, 2);
    ck_assert_msg(strstr(rs.run->err, "solve: ") && strstr(rs.run->err, "nodes/s"),
                  "stderr: %s", rs.run->err);
    /* Quiet without --verbose. */
    static const char *const quiet[] = { "--memory", "16", NULL };
    rs = pc_gtp_args(quiet, "boardsize 4 4\nsolve\n");
    ck_assert_str_eq(rs.run->err, "");
}
END_TEST

/* "# interrupt" ends a solve without a limit: the answer is unknown and nothing changed. */
START_TEST(solve_stops_on_interrupt)
{
    static const char *const args[] = { "--memory", "64", NULL };
    LiveEngine *e = live_start(args);
    live_send(e, "boardsize 10\n1 solve 0");
    ck_assert_str_eq(live_read_response(e, 5000), "=");
    ck_assert_ptr_null(live_read_response(e, 300)); /* still solving */
    live_send(e, "# interrupt\n2 get_position");
    const char *answer = live_read_response(e, 10000);
    ck_assert_msg(answer && strncmp(answer, "=1 unknown nodes ", 17) == 0, "answer \"%s\"", answer);
    const char *position = live_read_response(e, 5000);
    ck_assert_msg(position && strcmp(position, "=2 " START_10) == 0, "position \"%s\"", position);
    live_close_stdin(e);
    ck_assert_int_eq(live_wait(e, 10000), 0);
    live_free(e);
}
END_TEST

/* ---- genmove's hand-over ---- */

/*
 * Small positions, won or lost for the side to move by the exhaustive
 * search: genmove must hand them to the solver (its --verbose line says so),
 * and a won one must be answered with a move that keeps the win.
 */
START_TEST(genmove_plays_the_proven_move)
{
    static const char *const args[] = { "--verbose", "--time", "5", "--memory", "64", NULL };
    Memo memo = memo_new();
    Rng rng;
    rng_seed(&rng, 11);
    enum { EACH = 4 };
    Position positions[2 * EACH];
    int wins = 0, losses = 0;
    Buf script = { 0 };
    pc_buf_puts(&script, "boardsize 6\n");
    while (wins + losses < 2 * EACH) {
        Position pos = random_game(&rng, 6, 6, 10);
        if (!has_legal_move(&pos, pos.to_move))
            continue;
        bool won = exhaustive_wins(&memo, &pos);
        if (won ? wins == EACH : losses == EACH)
            continue;
        wins += won;
        losses += !won;
        positions[wins + losses - 1] = pos;
        char text[POSITION_TEXT_MAX];
        position_to_text(&pos, text);
        pc_buf_printf(&script, "set_position %s\ngenmove %s\n", text,
                      pos.to_move == WHITE ? "w" : "b");
    }
    Responses rs = pc_gtp_args(args, pc_buf_keep(&script));
    EXPECT_COUNT(&rs, 1 + 2 * 2 * EACH);
    for (int i = 0; i < 2 * EACH; i++) {
        Position pos = positions[i];
        const char *answer = EXPECT_OK(&rs, 2 + 2 * i, NULL);
        Move m;
        ck_assert_msg(move_from_text(answer, 6, 6, &m) && is_legal_move(&pos, pos.to_move, m),
                      "genmove %d answered \"%s\"", i, answer);
        bool won = exhaustive_wins(&memo, &pos);
        position_make(&pos, m);
        if (won)
            ck_assert_msg(!exhaustive_wins(&memo, &pos), "genmove %d: %s gives the win away", i, answer);
    }
    int proven_wins = 0, proven_losses = 0;
    for (const char *at = rs.run->err; (at = strstr(at, "solver: ")); at++) {
        proven_wins += strncmp(at, "solver: win", 11) == 0;
        proven_losses += strncmp(at, "solver: loss", 12) == 0;
    }
    ck_assert_int_eq(proven_wins, EACH);
    ck_assert_int_eq(proven_losses, EACH);
}
END_TEST

/* solver_share=0 keeps the solver out of genmove; an open position never calls it. */
START_TEST(genmove_hand_over_can_be_switched_off)
{
    static const char *const off[] = { "--verbose", "--playouts", "50", "--param", "solver_share=0",
                                       NULL };
    Responses rs = pc_gtp_args(off, "boardsize 4 4\nset_position Wxxx/xxxx/xxxx/xx1B b\n"
                                    "genmove b\n");
    EXPECT_COUNT(&rs, 3);
    EXPECT_OK(&rs, 2, "d1-c1/d1");
    ck_assert_ptr_null(strstr(rs.run->err, "solver: "));
    static const char *const on[] = { "--verbose", "--playouts", "50", NULL };
    rs = pc_gtp_args(on, "boardsize 4 4\nset_position Wxxx/xxxx/xxxx/xx1B b\ngenmove b\n"
                         "boardsize 10\ngenmove w\n");
    EXPECT_COUNT(&rs, 5);
    EXPECT_OK(&rs, 2, "d1-c1/d1");
    const char *first = strstr(rs.run->err, "solver: win");
    ck_assert_msg(first && !strstr(first + 1, "solver: "), "stderr: %s", rs.run->err);
}
END_TEST

/* The solver's tables get zeroed memory on cache lines, whatever the item size. */
START_TEST(table_memory_is_zeroed_and_aligned)
{
    const size_t sizes[] = { 1, 24, 32, 64, 80 };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        void *block;
        unsigned char *room = table_calloc(1000, sizes[i], &block);
        ck_assert_ptr_nonnull(room);
        ck_assert_uint_eq((uintptr_t)room % CACHE_LINE, 0);
        ck_assert((unsigned char *)block <= room && room < (unsigned char *)block + CACHE_LINE);
        for (size_t j = 0; j < 1000 * sizes[i]; j++)
            ck_assert_uint_eq(room[j], 0);
        memset(room, 0xff, 1000 * sizes[i]); /* all of it is ours: sanitizers would say if not */
        free(block);
    }
    void *block;
    ck_assert_ptr_null(table_calloc(SIZE_MAX / 2, 4, &block));
    ck_assert_ptr_null(block);
}
END_TEST

/* A table large enough to ask for huge pages is zeroed and usable to its last byte. */
START_TEST(large_table_memory_is_zeroed)
{
    const size_t bytes = (size_t)9 << 20; /* several 2 MiB pages and a partial one */
    void *block;
    unsigned char *room = table_calloc(bytes / 64, 64, &block);
    ck_assert_ptr_nonnull(room);
    ck_assert_uint_eq((uintptr_t)room % CACHE_LINE, 0);
    for (size_t j = 0; j < bytes; j += 4093)
        ck_assert_uint_eq(room[j], 0);
    ck_assert_uint_eq(room[bytes - 1], 0);
    memset(room, 0xa5, bytes);
    ck_assert_uint_eq(room[bytes - 1], 0xa5);
    free(block);
}
END_TEST

Suite *solver_suite(void)
{
    Suite *s = suite_create("solver");
    TCase *exact = tcase_create("exact");
    tcase_add_checked_fixture(exact, NULL, pc_free_tracked);
    tcase_set_timeout(exact, 120);
    tcase_add_test(exact, four_by_four_start_is_lost_for_the_first_player);
    tcase_add_test(exact, random_positions_agree_with_exhaustive_search);
    tcase_add_test(exact, random_games_agree_with_exhaustive_search);
    tcase_add_test(exact, limits_give_unknown_with_a_move);
    tcase_add_test(exact, no_legal_move_is_a_loss_without_a_move);
    tcase_add_test(exact, cut_short_wins_still_have_winning_moves);
    tcase_add_test(exact, strict_areas_beside_fights_agree_with_exhaustive_search);
    suite_add_tcase(s, exact);
    TCase *races = tcase_create("races");
    tcase_add_checked_fixture(races, NULL, pc_free_tracked);
    tcase_set_timeout(races, 120);
    tcase_add_test(races, decided_races_are_right);
    tcase_add_test(races, contact_amazons_are_not_taken_as_walls);
    tcase_add_test(races, pockets_are_sure_moves);
    tcase_add_test(races, an_amazon_keeps_one_pocket);
    tcase_add_test(races, area_counts_match_brute_force);
    tcase_add_test(races, best_moves_of_strict_areas_keep_the_count);
    tcase_add_test(races, decided_fights_are_right);
    tcase_add_test(races, fight_pockets_are_sure_moves);
    tcase_add_test(races, equal_fight_keys_have_equal_values);
    suite_add_tcase(s, races);
    TCase *tables = tcase_create("tables");
    tcase_add_test(tables, table_memory_is_zeroed_and_aligned);
    tcase_add_test(tables, large_table_memory_is_zeroed);
    suite_add_tcase(s, tables);
    TCase *command = tcase_create("command");
    tcase_add_checked_fixture(command, NULL, pc_free_tracked);
    tcase_set_timeout(command, 60);
    tcase_add_test(command, solve_command_answers);
    tcase_add_test(command, solve_command_errors_change_nothing);
    tcase_add_test(command, solve_verbose_reports_on_stderr);
    tcase_add_test(command, solve_stops_on_interrupt);
    tcase_add_test(command, genmove_plays_the_proven_move);
    tcase_add_test(command, genmove_hand_over_can_be_switched_off);
    suite_add_tcase(s, command);
    return s;
}
