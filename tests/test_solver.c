/*
 * test_solver.c - the exact solver, and the closed-area races and fights it
 * relies on.
 *
 * Every answer is checked against a plain exhaustive search
 * (solver_reference.h): the 4x4 start, random small positions with random
 * arrows, and positions reached by random play, which are rich in
 * walled-off areas.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "engine/table_memory.h"
#include "eval/regions.h"
#include "protocol_client.h"
#include "search/rng.h"
#include "solver/endgame_exact.h"
#include "solver/proof_writer.h"
#include "solver/solver.h"
#include "solver_reference.h"
#include "tests/learn_fixtures.h"
#include "tests.h"
#include "test_util.h"

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

/*
 * The ith of a series of test positions: random_small's, or tall boards'
 * (a quarter each of 4x7, 5x8, 6x7 and 4x10, every third from a game).
 */
typedef Position (*RandomPositions)(Rng *rng, int i);

static Position small_positions(Rng *rng, int i) { return random_small(rng, i, false); }

static Position small_games(Rng *rng, int i) { return random_small(rng, i, true); }

static Position tall_positions(Rng *rng, int i)
{
    static const int shapes[][2] = { { 4, 7 }, { 5, 8 }, { 6, 7 }, { 4, 10 } };
    const int *shape = shapes[i % 4];
    return i % 3 ? random_position(rng, shape[0], shape[1], 3, 8 + (int)rng_below(rng, 3))
                 : random_game(rng, shape[0], shape[1], 9);
}

/* Checks `count` random positions; both answers must occur among them. */
static void check_random(uint64_t seed, int count, RandomPositions positions)
{
    Solver *solver = test_solver();
    Rng rng;
    rng_seed(&rng, seed);
    int wins = 0, losses = 0;
    Memo memo = memo_new();
    for (int i = 0; i < count; i++) {
        Position pos = positions(&rng, i);
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
    check_random(20240601, 120, small_positions);
}
END_TEST

START_TEST(random_games_agree_with_exhaustive_search)
{
    check_random(77, 80, small_games);
}
END_TEST

/*
 * Boards of 7 ranks or more are solved on their transpose (solver.h): the
 * answers, and the moves in the board's own orientation, must be right, and
 * a checkpoint of such a solve resumes it.
 */
START_TEST(tall_boards_agree_with_exhaustive_search)
{
    check_random(4007, 40, tall_positions);
}
END_TEST

START_TEST(tall_board_checkpoints_resume)
{
    char dir[] = "/tmp/test_checkpoint_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/tall.ckpt", dir);
    Rng rng;
    rng_seed(&rng, 91);
    Position pos = random_game(&rng, 4, 7, 17);
    Solver *whole = solver_create((size_t)32 << 20), *first = solver_create((size_t)32 << 20);
    Solver *second = solver_create((size_t)32 << 20);
    ck_assert(whole && first && second);
    SolveLimits none = { 0 };
    SolveResult scratch = solver_solve(whole, &pos, &none);
    ck_assert_int_ne(scratch.outcome, SOLVE_UNKNOWN);
    ck_assert_uint_gt(scratch.nodes, 100);
    SolveLimits cut = { .nodes = scratch.nodes / 2, .checkpoint = path };
    ck_assert_int_eq(solver_solve(first, &pos, &cut).outcome, SOLVE_UNKNOWN);
    Position wide;
    position_start(&wide, 7, 5);
    ck_assert_str_eq(solver_load(second, &wide, path), "saved for another board size");
    ck_assert_ptr_null(solver_load(second, &pos, path));
    SolveResult resumed = solver_solve(second, &pos, &none);
    ck_assert_int_eq(resumed.outcome, scratch.outcome);
    ck_assert_uint_lt(resumed.nodes, scratch.nodes * 3 / 4);
    ck_assert(resumed.has_move);
    ck_assert(is_legal_move(&pos, pos.to_move, resumed.move));
    unlink(path);
    rmdir(dir);
    solver_destroy(whole);
    solver_destroy(first);
    solver_destroy(second);
}
END_TEST

/*
 * A solve that wants only the outcome may decide the root at once, without
 * a move: the outcome must still be the exhaustive search's, and a move, when
 * one comes, must be legal and win.
 */
START_TEST(outcome_only_solves_agree_with_exhaustive_search)
{
    Solver *solver = test_solver();
    Rng rng;
    rng_seed(&rng, 515);
    Memo memo = memo_new();
    int at_once = 0, searched = 0;
    for (int i = 0; i < 80; i++) {
        Position pos = random_small(&rng, i, i % 2);
        SolveLimits limits = { .outcome_only = true };
        SolveResult r = solver_solve(solver, &pos, &limits);
        bool wins = exhaustive_wins(&memo, &pos);
        ck_assert_int_eq(r.outcome, wins ? SOLVE_WIN : SOLVE_LOSS);
        if (!r.has_move) {
            at_once += has_legal_move(&pos, pos.to_move);
            continue;
        }
        searched++;
        ck_assert(is_legal_move(&pos, pos.to_move, r.move));
        if (wins) {
            position_make(&pos, r.move);
            ck_assert(!exhaustive_wins(&memo, &pos));
        }
    }
    /* Both ways occur: the race and fights settle some roots, others need the search. */
    ck_assert_int_gt(at_once, 8);
    ck_assert_int_gt(searched, 1);
    solver_destroy(solver);
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
 * The race the solver runs on a state's fights and bank (its closed areas
 * cut away and counted exactly) decides whatever the race on the whole
 * position decides, the same way, and everything it decides is right.
 */
START_TEST(banked_races_are_right)
{
    Rng rng;
    rng_seed(&rng, 4343);
    RegionCache *cache = region_cache_create(1u << 20);
    int decided = 0, more = 0;
    Memo memo = memo_new();
    for (int i = 0; i < 1500; i++) {
        Position pos = i % 2 ? random_position(&rng, 5 + i % 3, 5, 4, 7 + (int)rng_below(&rng, 5))
                             : random_game(&rng, 5, 5 + i % 3, 7 + (int)rng_below(&rng, 5));
        EndgameView view;
        if (!endgame_examine(&pos, NULL, cache, 0, 100000, &view))
            continue;
        RaceOutcome whole = race_decide(&pos, cache, 100000);
        RaceOutcome banked = race_decide_banked(&view.fights, view.bank, cache, 100000);
        char text[POSITION_TEXT_MAX];
        position_to_text(&pos, text);
        if (whole != RACE_UNDECIDED)
            ck_assert_msg(banked == whole, "%s: whole %d, banked %d", text, whole, banked);
        if (banked == RACE_UNDECIDED)
            continue;
        decided++;
        more += whole == RACE_UNDECIDED;
        ck_assert_msg((banked == RACE_WIN) == exhaustive_wins(&memo, &pos), "%s: banked race says %s",
                      text, banked == RACE_WIN ? "win" : "loss");
    }
    ck_assert_int_gt(decided, 300);
    ck_assert_int_gt(more, 0); /* the exact bank decides some the walks could not */
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

/* What the fight tests draw positions with, decide them with and check them against. */
typedef struct {
    Rng rng;
    RegionCache *areas;
    EndgameTable *table;
    Memo memo;
} FightCheck;

static FightCheck fight_check_new(uint64_t seed)
{
    FightCheck f;
    rng_seed(&f.rng, seed);
    f.areas = region_cache_create(1u << 20);
    f.table = endgame_table_create(1u << 20);
    ck_assert_ptr_nonnull(f.areas);
    ck_assert_ptr_nonnull(f.table);
    f.memo = memo_new();
    return f;
}

static void fight_check_free(FightCheck *f)
{
    endgame_table_destroy(f->table);
    region_cache_destroy(f->areas);
}

/*
 * The fights' answer for pos checked against exhaustive search: 1 a win, 0
 * a loss, -1 undecided (nothing to check).
 */
static int checked_fight(FightCheck *f, Position *pos)
{
    RaceOutcome outcome = endgame_decide(pos, f->table, f->areas, 8, 1000000);
    if (outcome == RACE_UNDECIDED)
        return -1;
    bool truth = exhaustive_wins(&f->memo, pos);
    if ((outcome == RACE_WIN) != truth) { /* the position's text only when it is needed */
        char text[POSITION_TEXT_MAX];
        position_to_text(pos, text);
        ck_abort_msg("%s: fights say %d", text, outcome);
    }
    return truth;
}

/* Every fight the exact endgame search decides agrees with exhaustive search. */
START_TEST(decided_fights_are_right)
{
    FightCheck f = fight_check_new(5150);
    int decided = 0, wins = 0, banked = 0;
    for (int i = 0; i < 400; i++) {
        Position pos = random_position(&f.rng, 5 + i % 2, 5, 3, 5 + (int)rng_below(&f.rng, 6));
        int truth = checked_fight(&f, &pos);
        if (truth < 0)
            continue;
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
    ck_assert_int_eq(endgame_decide(&start, f.table, f.areas, 8, 1000000), RACE_UNDECIDED);
    fight_check_free(&f);
}
END_TEST

/*
 * Positions of two to four empty squares, up to four amazons a side: their
 * fights are of two squares (worked out without making moves), or come
 * down to two at once, and areas beside them put spare moves in the bank.
 * Every answer agrees with exhaustive search.  Among 20,000 the rare moves
 * count too: leaving out the amazons that reach a square from beyond the
 * other, or the arrows shot over the amazon's own square, fails here.
 */
START_TEST(small_fights_are_right)
{
    FightCheck f = fight_check_new(2718);
    int wins = 0, tries = 20000;
    for (int i = 0; i < tries; i++) {
        Position pos = random_position(&f.rng, 4 + i % 3, 4, 4, 2 + (int)rng_below(&f.rng, 3));
        int truth = checked_fight(&f, &pos);
        ck_assert_msg(truth >= 0, "position %d of %d: undecided", i, tries);
        wins += truth;
    }
    ck_assert_int_gt(wins, tries / 10);
    ck_assert_int_lt(wins, tries - tries / 10);
    fight_check_free(&f);
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
 * The empty squares of each piece of pos that holds one or two of them and
 * both colours' amazons, into pieces[]; returns how many.  In *stars the
 * single squares that both colours' amazons stand beside.
 */
static int small_pieces(const Position *pos, Bitboard *pieces, Bitboard *stars)
{
    Bitboard passable = pos->empty | pos->amazons[WHITE] | pos->amazons[BLACK];
    int count = 0;
    *stars = 0;
    for (Bitboard todo = pos->empty; todo;) {
        Bitboard piece = bb_king_component(bb_square(bb_lowest(todo)), passable);
        Bitboard squares = piece & pos->empty;
        todo &= ~squares;
        if (bb_count(squares) > 2 || !(piece & pos->amazons[WHITE]) || !(piece & pos->amazons[BLACK]))
            continue;
        pieces[count++] = squares;
        if (bb_count(squares) == 1 && bb_king_reach(squares, pos->amazons[WHITE])
            && bb_king_reach(squares, pos->amazons[BLACK]))
            *stars |= squares;
    }
    return count;
}

static Position filled_with_arrows(const Position *pos, Bitboard squares)
{
    Position filled = *pos;
    filled.arrows |= squares;
    filled.empty &= ~squares;
    return filled;
}

static bool same_fight_key(FightCheck *f, const Position *a, const Position *b)
{
    ProofKey ka, kb;
    ck_assert(endgame_key(a, f->areas, 1000000, &ka));
    ck_assert(endgame_key(b, f->areas, 1000000, &kb));
    return memcmp(&ka, &kb, sizeof ka) == 0;
}

/*
 * Pieces of one or two empty squares are settled before any search: as
 * integers (spare moves), as stars, of which two cancel, or else left as
 * fights.  Positions with two or more such pieces agree with exhaustive
 * search.  A piece whose filling with arrows leaves the key as it was has
 * been taken out as worth nothing: the filled position has the same value.
 * Filling a pair of stars of one square leaves the key as it was, unless
 * a single small piece is left (it is searched then, not valued).
 */
START_TEST(small_pieces_are_integers_stars_or_fights)
{
    FightCheck f = fight_check_new(1729);
    int sums = 0, zeros = 0, star_pairs = 0;
    /* About 100,000 positions give 150 pairs of stars (and some 2,100 sums, 200 zeros). */
    for (int i = 0; i < 200000 && (sums < 400 || zeros < 100 || star_pairs < 150); i++) {
        Position pos = random_position(&f.rng, 5 + i % 2, 5, 4, 3 + (int)rng_below(&f.rng, 5));
        Bitboard pieces[8], stars;
        int count = small_pieces(&pos, pieces, &stars);
        if (count < 2)
            continue;
        int truth = checked_fight(&f, &pos);
        if (truth < 0)
            continue;
        sums++;
        for (int k = 0; k < count; k++) {
            Position filled = filled_with_arrows(&pos, pieces[k]);
            if (!same_fight_key(&f, &pos, &filled))
                continue;
            zeros++;
            ck_assert_int_eq(exhaustive_wins(&f.memo, &filled), truth);
        }
        /* With three small pieces, the one left after the stars may be searched alone. */
        if (bb_count(stars) == 2 && count != 3) {
            star_pairs++;
            Position filled = filled_with_arrows(&pos, stars);
            ck_assert(same_fight_key(&f, &pos, &filled));
        }
    }
    ck_assert_int_ge(sums, 400);
    ck_assert_int_ge(zeros, 100);
    ck_assert_int_ge(star_pairs, 150);
    fight_check_free(&f);
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

/* ---- proof files (solver/proof_writer.h) ---- */

static Position from_text(const char *text)
{
    Position p;
    ck_assert_ptr_null(position_from_text(&p, text));
    return p;
}

START_TEST(contested_squares_count_areas_with_both_colours)
{
    /* Every empty square of a start is contested. */
    Position start;
    position_start(&start, 5, 5);
    ck_assert_int_eq(contested_empty_squares(&start), 17);
    /* White's corner and the lone square are not; the lower two ranks are. */
    Position split = from_text("W1x1/xxxx/1B2/3W w");
    ck_assert_int_eq(contested_empty_squares(&split), 6);
    /* Amazons side by side share an area: one may step where the other stood. */
    Position touching = from_text("WB2/xxxx/4/4 w");
    ck_assert_int_eq(contested_empty_squares(&touching), 2);
    Position apart = from_text("Wx1B/xxxx/4/4 w");
    ck_assert_int_eq(contested_empty_squares(&apart), 0);
}
END_TEST

START_TEST(board_symmetries_are_symmetries)
{
    Position p = from_text("W1x2/1B3/2xW1/B4 b"), image, back;
    ck_assert_int_eq(board_symmetries(&p), 4);
    for (int sym = 0; sym < 4; sym++) {
        /* Mirrors and the half turn undo themselves; the image keeps the pieces and side. */
        position_image(&p, sym, &image);
        ck_assert_int_eq(bb_count(image.arrows), bb_count(p.arrows));
        ck_assert_int_eq(image.to_move, p.to_move);
        ck_assert_int_eq(contested_empty_squares(&image), contested_empty_squares(&p));
        position_image(&image, sym, &back);
        ck_assert(position_equal(&back, &p));
    }
    /* The files' mirror maps a start onto itself. */
    Position start;
    position_start(&start, 6, 5);
    position_image(&start, 1, &image);
    ck_assert(position_equal(&image, &start));
    position_start(&start, 5, 5);
    ck_assert_int_eq(board_symmetries(&start), 8);
}
END_TEST

/*
 * A solve cut short leaves a checkpoint; a fresh solver loaded from it
 * proves the position with fewer nodes than from scratch, and the same
 * result.  Files of another board, damaged or cut short are refused with
 * a reason, and leave the solver cleared.
 */
START_TEST(checkpoints_resume_a_solve_and_refuse_other_files)
{
    char dir[] = "/tmp/test_checkpoint_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[128], damaged[128];
    snprintf(path, sizeof path, "%s/solve.ckpt", dir);
    snprintf(damaged, sizeof damaged, "%s/damaged.ckpt", dir);
    Position pos;
    position_start(&pos, 4, 5);
    Solver *whole = solver_create((size_t)32 << 20), *first = solver_create((size_t)32 << 20);
    Solver *second = solver_create((size_t)32 << 20);
    ck_assert(whole && first && second);
    SolveLimits none = { 0 };
    SolveResult scratch = solver_solve(whole, &pos, &none);
    ck_assert_int_eq(scratch.outcome, SOLVE_LOSS);
    SolveLimits cut = { .nodes = scratch.nodes / 2, .checkpoint = path };
    ck_assert_int_eq(solver_solve(first, &pos, &cut).outcome, SOLVE_UNKNOWN);
    ck_assert_ptr_null(solver_load(second, &pos, path));
    SolveResult resumed = solver_solve(second, &pos, &none);
    ck_assert_int_eq(resumed.outcome, SOLVE_LOSS);
    ck_assert_uint_lt(resumed.nodes, scratch.nodes * 3 / 4);

    Position other;
    position_start(&other, 5, 4);
    ck_assert_str_eq(solver_load(second, &other, path), "saved for another board size");
    char *data;
    size_t length;
    read_whole(path, &data, &length);
    FILE *f = fopen(damaged, "wb");
    fwrite(data, 1, length / 2, f);
    fclose(f);
    ck_assert_str_eq(solver_load(second, &pos, damaged), "cut short: fewer entries than its count");
    f = fopen(damaged, "wb");
    fwrite(data, 1, length, f);
    fputc(0, f);
    fclose(f);
    ck_assert_str_eq(solver_load(second, &pos, damaged), "has bytes after its last entry");
    /* The last entry's first amazon (the low 7 bits of its key's third word) on a square no board has. */
    data[length - 16] = (char)((data[length - 16] & 0x80) | 120);
    f = fopen(damaged, "wb");
    fwrite(data, 1, length, f);
    fclose(f);
    ck_assert_str_eq(solver_load(second, &pos, damaged), "holds an entry no table could (a damaged file)");
    f = fopen(damaged, "wb");
    fputs("AMZSOLV0", f);
    fclose(f);
    ck_assert_str_eq(solver_load(second, &pos, damaged), "not a solver checkpoint");
    ck_assert_ptr_nonnull(solver_load(second, &pos, "/nonexistent/solve.ckpt"));
    /* A refused load leaves nothing to save. */
    ck_assert_str_eq(solver_save(second, path), "nothing to save: the solver has not solved anything");
    ck_assert_ptr_nonnull(solver_save(second, "/nonexistent/solve.ckpt"));
    /* A refused file leaves the solver empty: the next solve starts from scratch. */
    ck_assert_uint_eq(solver_stats(second).used, 0);
    free(data);
    unlink(path);
    unlink(damaged);
    rmdir(dir);
    solver_destroy(whole);
    solver_destroy(first);
    solver_destroy(second);
}
END_TEST

START_TEST(written_proofs_name_the_winner_and_end)
{
    Position p;
    position_start(&p, 5, 4);
    Solver *solver = solver_create((size_t)64 << 20);
    ck_assert_ptr_nonnull(solver);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    SolveLimits limits = { 0 };
    ProofWriteStats stats;
    ck_assert_ptr_null(proof_write(solver, &p, WHITE, 8, &limits, out, &stats));
    fclose(out);
    ck_assert_ptr_nonnull(strstr(text, "amazons-proof 1\nstart 1B1B1/B3B/W3W/1W1W1 w\nwinner white\nleaves 8\n"));
    char end[64];
    snprintf(end, sizeof end, "end %llu\n", (unsigned long long)stats.entries);
    ck_assert_ptr_nonnull(strstr(text, end));
    ck_assert_uint_gt(stats.entries, 1);
    /* The start's entry is a winning move: Black to move after it loses. */
    const char *first = strstr(text, "leaves 8\n") + strlen("leaves 8\n");
    char move_text[MOVE_TEXT_MAX];
    ck_assert_int_eq(sscanf(first, "1B1B1/B3B/W3W/1W1W1 w %11s", move_text), 1);
    Move m;
    ck_assert(move_from_text(move_text, 5, 4, &m));
    position_make(&p, m);
    SolveResult r = solver_solve(solver, &p, &limits);
    ck_assert_int_eq(r.outcome, SOLVE_LOSS);
    /* Claiming the loser wins stops at the first solve. */
    free(text);
    position_start(&p, 5, 4);
    out = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(proof_write(solver, &p, BLACK, 8, &limits, out, &stats));
    fclose(out);
    free(text);
    solver_destroy(solver);
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
    tcase_add_test(exact, tall_boards_agree_with_exhaustive_search);
    tcase_add_test(exact, outcome_only_solves_agree_with_exhaustive_search);
    suite_add_tcase(s, exact);
    TCase *races = tcase_create("races");
    tcase_add_checked_fixture(races, NULL, pc_free_tracked);
    tcase_set_timeout(races, 120);
    tcase_add_test(races, decided_races_are_right);
    tcase_add_test(races, banked_races_are_right);
    tcase_add_test(races, contact_amazons_are_not_taken_as_walls);
    tcase_add_test(races, pockets_are_sure_moves);
    tcase_add_test(races, an_amazon_keeps_one_pocket);
    tcase_add_test(races, area_counts_match_brute_force);
    tcase_add_test(races, best_moves_of_strict_areas_keep_the_count);
    tcase_add_test(races, decided_fights_are_right);
    tcase_add_test(races, small_fights_are_right);
    tcase_add_test(races, fight_pockets_are_sure_moves);
    tcase_add_test(races, equal_fight_keys_have_equal_values);
    tcase_add_test(races, small_pieces_are_integers_stars_or_fights);
    suite_add_tcase(s, races);
    TCase *tables = tcase_create("tables");
    tcase_add_test(tables, table_memory_is_zeroed_and_aligned);
    tcase_add_test(tables, large_table_memory_is_zeroed);
    suite_add_tcase(s, tables);

    TCase *proofs = tcase_create("proof files");
    tcase_set_timeout(proofs, 60); /* 2.4 s under ThreadSanitizer, past Check's default of 4 s with leaves of 4 */
    tcase_add_test(proofs, contested_squares_count_areas_with_both_colours);
    tcase_add_test(proofs, board_symmetries_are_symmetries);
    tcase_add_test(proofs, written_proofs_name_the_winner_and_end);
    tcase_add_test(proofs, checkpoints_resume_a_solve_and_refuse_other_files);
    tcase_add_test(proofs, tall_board_checkpoints_resume);
    suite_add_tcase(s, proofs);
    return s;
}
