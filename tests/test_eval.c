/* test_eval.c - distance maps, territory, exact counting of separated positions. */
#include <math.h>
#include <stdlib.h>

#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/params.h"
#include "search/playout.h"
#include "tests.h"
#include "test_util.h"

/* The same position with colours swapped and the board flipped top to bottom. */
static Position mirror(const Position *pos)
{
    Position m = *pos;
    m.amazons[WHITE] = m.amazons[BLACK] = m.arrows = 0;
    for (int rank = 0; rank < pos->height; rank++)
        for (int file = 0; file < pos->width; file++) {
            int from = square_at(file, rank), to = square_at(file, pos->height - 1 - rank);
            if (bb_test(pos->amazons[WHITE], from))
                m.amazons[BLACK] |= bb_square(to);
            if (bb_test(pos->amazons[BLACK], from))
                m.amazons[WHITE] |= bb_square(to);
            if (bb_test(pos->arrows, from))
                m.arrows |= bb_square(to);
        }
    m.empty = m.board & ~(m.amazons[WHITE] | m.amazons[BLACK] | m.arrows);
    m.to_move = color_other(pos->to_move);
    m.hash = position_compute_hash(&m);
    return m;
}

/* A random position reached by `plies` random moves from the start on an n x n board. */
static Position random_position(Rng *rng, int size, int plies)
{
    Position pos;
    position_start(&pos, size, size);
    for (int i = 0; i < plies; i++) {
        Move m;
        if (!random_move(&pos, rng, &m))
            break;
        position_make(&pos, m);
    }
    return pos;
}

/*
 * Reference distances, square by square: breadth-first over queen moves (or
 * king steps) walked one square at a time, -1 where colour c never gets.
 * Like the evaluation, distances beyond MAX_DISTANCE count as MAX_DISTANCE.
 */
static void reference_distances(const Position *pos, Color c, bool queen, int dist[NUM_SQUARES])
{
    int queue[NUM_SQUARES], head = 0, tail = 0;
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        dist[sq] = -1;
        if (bb_test(pos->amazons[c], sq)) {
            dist[sq] = 0;
            queue[tail++] = sq;
        }
    }
    while (head < tail) {
        int sq = queue[head++];
        for (int dir = 0; dir < NUM_DIRECTIONS; dir++)
            for (int to = sq + DIRECTION_STEP[dir];
                 to >= 0 && to < NUM_SQUARES && bb_test(pos->empty, to); to += DIRECTION_STEP[dir]) {
                if (dist[to] < 0) {
                    dist[to] = dist[sq] + 1;
                    queue[tail++] = to;
                }
                if (!queen)
                    break;
            }
    }
    for (int sq = 0; sq < NUM_SQUARES; sq++)
        if (bb_test(pos->amazons[c], sq))
            dist[sq] = -1; /* amazons' own squares are not territory */
        else if (dist[sq] > MAX_DISTANCE)
            dist[sq] = MAX_DISTANCE;
}

/* Squares White owns minus Black's, plus the side to move's share of ties. */
static double reference_territory(const Position *pos, const int white[NUM_SQUARES],
                                  const int black[NUM_SQUARES], int *owned_white, int *owned_black)
{
    int ties = 0;
    *owned_white = *owned_black = 0;
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        int w = white[sq], b = black[sq];
        if (w >= 0 && (b < 0 || w < b))
            ++*owned_white;
        else if (b >= 0 && (w < 0 || b < w))
            ++*owned_black;
        else if (w >= 0 && w == b)
            ties++;
    }
    double share = param_value(P_TIE_SHARE);
    return *owned_white - *owned_black + (pos->to_move == WHITE ? share : -share) * ties;
}

static double reference_mobility_penalty(const Position *pos, Color c)
{
    double penalty = 0;
    for (Bitboard amazons = pos->amazons[c]; amazons; )
        penalty += param_value(P_TRAPPED_PENALTY)
                 / (1.0 + bb_count(queen_targets(bb_pop(&amazons), pos->empty)));
    return penalty;
}

/* The evaluation's formula (eval.c) on reference distances; false when separated. */
static bool reference_score(const Position *pos, double *score)
{
    int queen[2][NUM_SQUARES], king[2][NUM_SQUARES], owned[2], king_owned[2];
    for (int c = WHITE; c <= BLACK; c++) {
        reference_distances(pos, c, true, queen[c]);
        reference_distances(pos, c, false, king[c]);
    }
    double influence = 0, contact = 0;
    bool separated = true;
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        int w = queen[WHITE][sq], b = queen[BLACK][sq];
        influence += (w > 0 ? ldexp(1.0, -w) : 0) - (b > 0 ? ldexp(1.0, -b) : 0);
        if (w > 0 && b > 0) {
            contact += ldexp(1.0, -abs(w - b));
            separated = false;
        }
    }
    if (separated)
        return false;
    double t1 = reference_territory(pos, queen[WHITE], queen[BLACK], &owned[WHITE], &owned[BLACK]);
    double t2 = reference_territory(pos, king[WHITE], king[BLACK], &king_owned[WHITE], &king_owned[BLACK]);
    double mobility = reference_mobility_penalty(pos, BLACK) - reference_mobility_penalty(pos, WHITE);
    double phase = contact / (contact + param_value(P_PHASE_CONTACT));
    *score = (1.0 - param_value(P_TERRITORY_FADE) * phase) * t1 + param_value(P_KING_WEIGHT) * phase * t2
           + param_value(P_INFLUENCE_WEIGHT) * phase * 2.0 * influence
           + param_value(P_MOBILITY_WEIGHT) * (param_value(P_MOBILITY_FLOOR) + phase) * mobility;
    return true;
}

/*
 * Compares evaluate() with the reference on random positions, and the win
 * probability with the classic one's formula; returns how many were contested.
 */
static int compare_with_reference(uint64_t seed, int games)
{
    EvalKind before = eval_in_use();
    eval_use(EVAL_CLASSIC); /* the default judges 8x8 with the network */
    Rng rng;
    rng_seed(&rng, seed);
    int compared = 0;
    for (int game = 0; game < games; game++) {
        Position pos = random_position(&rng, BOARD_MIN + game % (BOARD_MAX - BOARD_MIN + 1),
                                       (int)rng_below(&rng, 60));
        Evaluation e;
        double expected;
        evaluate(&pos, &e);
        bool contested = reference_score(&pos, &expected);
        ck_assert(e.separated == !contested);
        if (!contested)
            continue;
        ck_assert_msg(fabs(e.score - expected) < 1e-9, "position %d: score %.12f, reference %.12f",
                      game, e.score, expected);
        double p = 1.0 / (1.0 + exp(-(pos.to_move == WHITE ? e.score : -e.score)
                                    / param_value(P_EVAL_SCALE)));
        ck_assert(fabs(eval_win_probability(&pos) - p) < 1e-12);
        compared++;
    }
    eval_use(before);
    return compared;
}

START_TEST(evaluation_matches_a_square_by_square_reference)
{
    ck_assert_int_gt(compare_with_reference(5, 600), 300);
}
END_TEST

/* Each evaluation parameter, set away from its default, moves the score as the formula says. */
START_TEST(evaluation_parameters_change_the_score_as_the_formula_says)
{
    static const struct { ParamId id; double value; } changes[] = {
        { P_EVAL_SCALE, 5.0 }, { P_MOBILITY_WEIGHT, 2.5 }, { P_INFLUENCE_WEIGHT, 1.25 },
        { P_KING_WEIGHT, 0.9 }, { P_TIE_SHARE, 0.7 }, { P_PHASE_CONTACT, 3.0 },
        { P_TERRITORY_FADE, 0.1 }, { P_MOBILITY_FLOOR, 1.7 }, { P_TRAPPED_PENALTY, 11.0 },
    };
    Position pos = parse("3B6/3W2x3/x2x6/2x3WB2/9x/3x3x1x/1xWBx5/6WB2/7x2/4x5 w");
    EvalKind kind = eval_in_use();
    eval_use(EVAL_CLASSIC); /* the default judges 10x10 with the fitted formula */
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
        Evaluation before, after;
        evaluate(&pos, &before);
        double p_before = eval_win_probability(&pos);
        ck_assert_ptr_null(param_set(changes[i].id, 0, changes[i].value));
        evaluate(&pos, &after);
        ck_assert_msg(after.score != before.score || eval_win_probability(&pos) != p_before,
                      "%s changed nothing", PARAM_SPECS[changes[i].id].name);
        ck_assert_int_gt(compare_with_reference(100 + i, 60), 20);
        params_reset();
    }
    /* All at once, too. */
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++)
        ck_assert_ptr_null(param_set(changes[i].id, 0, changes[i].value));
    ck_assert_int_gt(compare_with_reference(7, 200), 100);
    params_reset();
    eval_use(kind);
}
END_TEST

START_TEST(race_slope_sets_the_odds_of_an_undecided_race)
{
    /* Random small boards until a separated position whose move race is not decided. */
    Rng rng;
    rng_seed(&rng, 8);
    for (int tries = 0; tries < 20000; tries++) {
        Position pos = random_position(&rng, 6 + tries % 3, 10 + (int)rng_below(&rng, 30));
        Evaluation e;
        evaluate(&pos, &e);
        const MoveCount *us = &e.moves[pos.to_move], *them = &e.moves[color_other(pos.to_move)];
        if (!e.separated || us->guaranteed > them->most || us->most <= them->guaranteed)
            continue;
        double score = pos.to_move == WHITE ? e.score : -e.score;
        for (double slope = 0.5; slope <= 4; slope *= 2) {
            ck_assert_ptr_null(param_set(P_RACE_SLOPE, 0, slope));
            ck_assert(fabs(eval_win_probability(&pos) - 1.0 / (1.0 + exp(-(score - 0.5) * slope))) < 1e-12);
        }
        params_reset();
        return;
    }
    ck_abort_msg("no undecided race found");
}
END_TEST

START_TEST(bad_parameter_values_are_refused_and_change_nothing)
{
    double before = param_value(P_KING_WEIGHT);
    ck_assert_ptr_nonnull(param_set(P_KING_WEIGHT, 0, -0.1));
    ck_assert_ptr_nonnull(param_set(P_KING_WEIGHT, 0, 5.01));
    ck_assert_ptr_nonnull(param_set(P_KING_WEIGHT, 0, NAN));
    ck_assert_ptr_nonnull(param_set(P_KING_WEIGHT, 3, 0.5)); /* no 3x3 board */
    ck_assert_ptr_nonnull(param_set(P_KING_WEIGHT, 11, 0.5));
    ck_assert_ptr_nonnull(param_set(P_WIDEN_BASE, 0, 2.5)); /* whole numbers only */
    static const char *const bad[] = {
        "king_weight", "king_weight=", "=1", "no_such_param=1", "king_weight=1x",
        "king_weight=inf", "king_weight= 1", "king_weight=9", "widen_base=3.5", "",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(param_assign(bad[i]) != NULL, "'%s' was accepted", bad[i]);
    ck_assert(param_value(P_KING_WEIGHT) == before);
    ck_assert(param_value(P_WIDEN_BASE) == PARAM_SPECS[P_WIDEN_BASE].initial);
    ck_assert_ptr_null(param_assign("king_weight=0.45"));
    ck_assert(param_value(P_KING_WEIGHT) == 0.45);
    ck_assert_int_eq(param_find("king_weight"), P_KING_WEIGHT);
    ck_assert_int_eq(param_find("nope"), -1);
    params_reset();
    ck_assert(param_value(P_KING_WEIGHT) == before);
}
END_TEST

START_TEST(a_board_size_can_have_values_of_its_own)
{
    ck_assert_ptr_null(param_set(P_EXPLORATION, 8, 0.8));
    ck_assert(param_value(P_EXPLORATION) == PARAM_SPECS[P_EXPLORATION].initial);
    params_use_size(8);
    ck_assert(param_value(P_EXPLORATION) == 0.8);
    ck_assert(param_value(P_KING_WEIGHT) == PARAM_SPECS[P_KING_WEIGHT].initial);
    ck_assert_ptr_null(param_set(P_KING_WEIGHT, 0, 0.6)); /* every size, own sets included */
    ck_assert(param_value(P_KING_WEIGHT) == 0.6);
    params_use_size(10);
    ck_assert(param_value(P_EXPLORATION) == PARAM_SPECS[P_EXPLORATION].initial);
    ck_assert(param_value(P_KING_WEIGHT) == 0.6);
    params_reset();
    params_use_size(8);
    ck_assert(param_value(P_EXPLORATION) == PARAM_SPECS[P_EXPLORATION].initial);
    params_use_size(0);
}
END_TEST

/* 6x6 has hand-over defaults of its own; setting a parameter for every size overrides them. */
START_TEST(a_board_size_can_have_defaults_of_its_own)
{
    params_use_board(6, 6);
    ck_assert(param_value(P_SOLVER_SHARE) == 0.5);
    ck_assert_int_eq(param_int(P_SOLVER_EMPTY), 17);
    ck_assert(param_value(P_KING_WEIGHT) == PARAM_SPECS[P_KING_WEIGHT].initial);
    params_use_board(10, 10);
    ck_assert(param_value(P_SOLVER_SHARE) == PARAM_SPECS[P_SOLVER_SHARE].initial);
    ck_assert_ptr_null(param_assign("solver_share=0"));
    ck_assert(param_value(P_SOLVER_SHARE) == 0);
    params_use_board(6, 6);
    ck_assert(param_value(P_SOLVER_SHARE) == 0);
    params_reset();
    ck_assert(param_value(P_SOLVER_SHARE) == 0.5);
    params_use_size(0);
    for (int i = 0; i < PARAM_SIZE_DEFAULT_COUNT; i++) {
        const SizeDefault *d = &PARAM_SIZE_DEFAULTS[i];
        const ParamSpec *p = &PARAM_SPECS[d->id];
        ck_assert(p->min <= d->value && d->value <= p->max);
        ck_assert(!p->integer || d->value == floor(d->value));
    }
}
END_TEST

START_TEST(every_default_is_inside_its_range)
{
    for (int id = 0; id < PARAM_COUNT; id++) {
        const ParamSpec *p = &PARAM_SPECS[id];
        ck_assert_msg(p->name && p->help && p->min <= p->initial && p->initial <= p->max,
                      "parameter %d", id);
        ck_assert(!p->integer || p->initial == floor(p->initial));
        ck_assert_int_eq(param_find(p->name), id);
        ck_assert(param_value((ParamId)id) == p->initial);
    }
}
END_TEST

START_TEST(distance_maps_match_the_reference)
{
    Rng rng;
    rng_seed(&rng, 6);
    for (int game = 0; game < 200; game++) {
        Position pos = random_position(&rng, BOARD_MIN + game % (BOARD_MAX - BOARD_MIN + 1),
                                       (int)rng_below(&rng, 60));
        for (int queen = 0; queen <= 1; queen++) {
            DistanceMap map;
            if (queen)
                queen_distances(&pos, &map);
            else
                king_distances(&pos, &map);
            for (int c = WHITE; c <= BLACK; c++) {
                int dist[NUM_SQUARES];
                reference_distances(&pos, c, queen, dist);
                for (int sq = 0; sq < NUM_SQUARES; sq++) {
                    int d = dist[sq];
                    ck_assert(bb_test(map.reached[c], sq) == (d > 0));
                    if (d > 0)
                        ck_assert(d <= map.depth[c] && bb_test(map.at[c][d], sq));
                }
            }
        }
    }
}
END_TEST

START_TEST(queen_distance_levels_partition_reached_squares)
{
    Position pos;
    position_start(&pos, 10, 10);
    DistanceMap map;
    queen_distances(&pos, &map);
    for (int c = WHITE; c <= BLACK; c++) {
        Bitboard all = 0;
        for (int d = 1; d <= map.depth[c]; d++) {
            ck_assert(!(all & map.at[c][d]));
            all |= map.at[c][d];
        }
        ck_assert(all == map.reached[c]);
        ck_assert(map.reached[c] == pos.empty); /* the open board is reachable everywhere */
        ck_assert(map.at[c][1] == bb_queen_reach(pos.amazons[c], pos.empty));
    }
    ck_assert_int_eq(map.depth[WHITE], 2);
}
END_TEST

START_TEST(king_distance_on_a_corridor)
{
    /* A white amazon at a1 in a 1-wide corridor along rank 1: distance grows by one per file. */
    Position pos = parse("3B/xxxx/xxxx/W3 w");
    DistanceMap map;
    king_distances(&pos, &map);
    for (int d = 1; d <= 3; d++)
        ck_assert(map.at[WHITE][d] == bb_square(square_at(d, 0)));
    ck_assert_int_eq(map.depth[WHITE], 3);
    ck_assert(map.reached[BLACK] == (bb_square(square_at(0, 3)) | bb_square(square_at(1, 3))
                                     | bb_square(square_at(2, 3))));
}
END_TEST

START_TEST(evaluation_is_antisymmetric_under_colour_mirror)
{
    Rng rng;
    rng_seed(&rng, 42);
    for (int game = 0; game < 40; game++) {
        Position pos;
        position_start(&pos, 6 + game % 5, 6 + game % 5);
        int plies = (int)rng_below(&rng, 30);
        for (int i = 0; i < plies; i++) {
            Move m;
            if (!random_move(&pos, &rng, &m))
                break;
            position_make(&pos, m);
        }
        Position m = mirror(&pos);
        Evaluation a, b;
        evaluate(&pos, &a);
        evaluate(&m, &b);
        ck_assert(a.separated == b.separated);
        if (a.separated)
            continue; /* move counts come from walks whose tie-breaks follow square order */
        ck_assert_msg(fabs(a.score + b.score) < 1e-9, "score %f vs mirrored %f", a.score, b.score);
        double p = eval_win_probability(&pos), q = eval_win_probability(&m);
        ck_assert(p > 0 && p < 1);
        ck_assert(fabs(p - q) < 1e-9);
    }
}
END_TEST

START_TEST(side_to_move_gets_the_tie_bonus_at_the_start)
{
    Position pos;
    position_start(&pos, 10, 10);
    Evaluation e;
    evaluate(&pos, &e);
    ck_assert(!e.separated);
    ck_assert(e.score > 0);
    EvalKind kind = eval_in_use();
    eval_use(EVAL_CLASSIC);
    ck_assert(eval_win_probability(&pos) > 0.5);
    /* The fitted formula has no term for having the move: an even start is even. */
    eval_use(EVAL_FORMULA);
    ck_assert_double_eq_tol(eval_win_probability(&pos), 0.5, 1e-12);
    eval_use(kind);
}
END_TEST

START_TEST(separated_regions_are_counted_exactly)
{
    /* White owns the 5 empty squares of ranks 1-2's left part, Black 3 squares on the right. */
    Position pos = parse("xxxxxx/xxxxxx/xxxxxx/xxxxxx/W2xB1/3x2 w");
    Evaluation e;
    evaluate(&pos, &e);
    ck_assert(e.separated);
    ck_assert_int_eq(e.owned[WHITE], 5);
    ck_assert_int_eq(e.owned[BLACK], 3);
    ck_assert(fabs(e.score - 2.0) < 1e-9);
    ck_assert_int_eq(eval_score_estimate(&pos), 2);
    ck_assert(eval_win_probability(&pos) == 1.0); /* 5 moves against 3 */
    pos.to_move = BLACK;
    pos.hash = position_compute_hash(&pos);
    ck_assert(eval_win_probability(&pos) == 0.0);
}
END_TEST

/* Longest sequence of White moves, by plain recursion over generated moves. */
static int brute_force_moves(Position *pos)
{
    MoveList list;
    generate_moves(pos, WHITE, &list);
    int best = 0;
    for (int i = 0; i < list.count; i++) {
        position_make(pos, list.moves[i]);
        pos->to_move = WHITE;
        int value = 1 + brute_force_moves(pos);
        pos->to_move = BLACK;
        position_unmake(pos, list.moves[i]);
        if (value > best)
            best = value;
    }
    return best;
}

START_TEST(small_regions_are_solved_exactly_including_defective_ones)
{
    /* Random pockets of up to 6 empty squares around one White amazon on a 6x6 board. */
    Rng rng;
    rng_seed(&rng, 2024);
    int defective = 0;
    for (int trial = 0; trial < 150; trial++) {
        Position pos = parse("xxxxxB/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Wxxxxx w");
        int amazon = square_at(1 + (int)rng_below(&rng, 4), 1 + (int)rng_below(&rng, 3));
        Bitboard region = 0, frontier = bb_square(amazon);
        int size = 1 + (int)rng_below(&rng, 6);
        while (bb_count(region) < size) {
            Bitboard candidates = bb_king_reach(frontier | region, pos.board)
                                  & ~region & ~bb_square(amazon) & ~pos.amazons[BLACK]
                                  & ~bb_king_reach(pos.amazons[BLACK], pos.board);
            if (!candidates)
                break;
            region |= bb_square(rng_pick(&rng, candidates));
        }
        pos.amazons[WHITE] = bb_square(amazon);
        pos.arrows = pos.board & ~(region | pos.amazons[WHITE] | pos.amazons[BLACK]);
        pos.empty = region;
        pos.hash = position_compute_hash(&pos);
        int exact = solve_region(amazon, region);
        ck_assert_int_eq(exact, brute_force_moves(&pos));
        MoveCount count;
        count_region_moves(&pos, WHITE, &count);
        ck_assert_int_eq(count.guaranteed, exact);
        ck_assert_int_eq(count.most, bb_count(region));
        defective += exact < bb_count(region);
    }
    ck_assert_int_gt(defective, 0); /* the sample did include unfillable regions */
}
END_TEST

START_TEST(guaranteed_count_never_exceeds_the_real_one)
{
    /* A large region: the walk is a lower bound, the size an upper bound. */
    Position pos = parse("xxxxxB/xxxxxx/x4x/x4x/x4x/W4x w");
    MoveCount count;
    count_region_moves(&pos, WHITE, &count);
    ck_assert_int_eq(count.most, 16);
    ck_assert_int_le(count.guaranteed, count.most);
    ck_assert_int_ge(count.guaranteed, 14); /* an open 4x4 block is nearly fully walkable */
}
END_TEST

START_TEST(decided_race_gives_an_exact_probability)
{
    /* White has 5 fillable squares, Black 1: whoever moves, White wins. */
    Position pos = parse("xxxxxx/xxxxxx/xxxxxx/xxxxxx/W2xB1/3xxx w");
    ck_assert(eval_win_probability(&pos) == 1.0);
    pos.to_move = BLACK;
    pos.hash = position_compute_hash(&pos);
    ck_assert(eval_win_probability(&pos) == 0.0);
}
END_TEST

START_TEST(trapped_amazon_is_penalised)
{
    /* Same material; in the second position White's a1 amazon is walled in. */
    Position free_pos = parse("3B2/6/6/6/2x3/W4W w");
    Position trapped = parse("3B2/6/6/6/xx4/Wx3W w");
    Evaluation a, b;
    evaluate(&free_pos, &a);
    evaluate(&trapped, &b);
    ck_assert(a.score > b.score + 1.0);
}
END_TEST

START_TEST(territory_map_marks_owners)
{
    Position pos = parse("xxxxxx/xxxxxx/xxxxxx/xxxxxx/W2xB1/3x2 w");
    char owners[NUM_SQUARES];
    eval_territory_map(&pos, owners);
    ck_assert_int_eq(owners[square_at(0, 1)], 'W');
    ck_assert_int_eq(owners[square_at(4, 1)], 'B');
    ck_assert_int_eq(owners[square_at(3, 1)], 'x');
    ck_assert_int_eq(owners[square_at(1, 1)], 'w');
    ck_assert_int_eq(owners[square_at(0, 0)], 'w');
    ck_assert_int_eq(owners[square_at(5, 1)], 'b');
    ck_assert_int_eq(owners[square_at(5, 0)], 'b');
}
END_TEST

START_TEST(territory_map_shows_ties_and_unreachable_squares)
{
    /* b1, c1, d1 are one queen move from both a1 and e1; c4 is walled off. */
    Position pos = parse("xxxxx/xx1xx/xxxxx/xxxxx/W3B w");
    char owners[NUM_SQUARES];
    eval_territory_map(&pos, owners);
    ck_assert_int_eq(owners[square_at(2, 3)], '.');
    ck_assert_int_eq(owners[square_at(1, 0)], '=');
    ck_assert_int_eq(owners[square_at(2, 0)], '=');
    ck_assert_int_eq(owners[square_at(3, 0)], '=');
}
END_TEST

Suite *eval_suite(void)
{
    Suite *s = suite_create("eval");
    TCase *tc = tcase_create("eval");
    tcase_add_test(tc, queen_distance_levels_partition_reached_squares);
    tcase_add_test(tc, distance_maps_match_the_reference);
    tcase_add_test(tc, evaluation_matches_a_square_by_square_reference);
    tcase_add_test(tc, evaluation_parameters_change_the_score_as_the_formula_says);
    tcase_add_test(tc, race_slope_sets_the_odds_of_an_undecided_race);
    tcase_add_test(tc, bad_parameter_values_are_refused_and_change_nothing);
    tcase_add_test(tc, a_board_size_can_have_values_of_its_own);
    tcase_add_test(tc, a_board_size_can_have_defaults_of_its_own);
    tcase_add_test(tc, every_default_is_inside_its_range);
    tcase_add_test(tc, king_distance_on_a_corridor);
    tcase_add_test(tc, evaluation_is_antisymmetric_under_colour_mirror);
    tcase_add_test(tc, side_to_move_gets_the_tie_bonus_at_the_start);
    tcase_add_test(tc, separated_regions_are_counted_exactly);
    tcase_add_test(tc, small_regions_are_solved_exactly_including_defective_ones);
    tcase_add_test(tc, guaranteed_count_never_exceeds_the_real_one);
    tcase_add_test(tc, decided_race_gives_an_exact_probability);
    tcase_add_test(tc, trapped_amazon_is_penalised);
    tcase_add_test(tc, territory_map_marks_owners);
    tcase_add_test(tc, territory_map_shows_ties_and_unreachable_squares);
    suite_add_tcase(s, tc);
    return s;
}
