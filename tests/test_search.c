/* test_search.c - MCTS: forced wins, legality everywhere, determinism, limits; time manager. */
#include <stdlib.h>

#include "engine/movegen.h"
#include "eval/params.h"
#include "search/baseline.h"
#include "search/ordering.h"
#include "search/playout.h"
#include "search/search.h"
#include "search/timeman.h"
#include "tests.h"
#include "test_util.h"

static Search *make_search(int threads, size_t megabytes, uint64_t seed)
{
    SearchConfig config;
    search_default_config(&config);
    config.threads = threads;
    config.memory_bytes = megabytes << 20;
    config.seed = seed;
    Search *s = search_create(&config);
    ck_assert_ptr_nonnull(s);
    return s;
}

static SearchResult think(Search *s, const Position *pos, uint64_t iterations)
{
    SearchLimits limits = { .seconds = 60, .iterations = iterations };
    return search_run(s, pos, &limits);
}

START_TEST(finds_the_move_that_traps_the_last_black_amazon)
{
    /* Black's only amazon (a5) can only step to a4; White wins by shooting onto a4. */
    Position pos = parse("Bx3/1x3/5/5/4W w");
    Search *s = make_search(1, 16, 1);
    SearchResult r = think(s, &pos, 5000);
    ck_assert(r.has_move);
    ck_assert(is_legal_move(&pos, WHITE, r.move));
    position_make(&pos, r.move);
    ck_assert_msg(!has_legal_move(&pos, BLACK), "search did not find the trapping move");
    ck_assert(r.win_rate == 1.0); /* proven by the solver, not estimated */
    search_destroy(s);
}
END_TEST

START_TEST(plays_the_only_legal_move)
{
    /* White's a1 amazon can only go to a2 and shoot back to a1. */
    Position pos = parse("3B/xx2/1x2/Wx2 w");
    ck_assert_int_eq(count_moves(&pos, WHITE), 1);
    Search *s = make_search(1, 16, 1);
    SearchResult r = think(s, &pos, 200);
    Move only = { (uint8_t)square_at(0, 0), (uint8_t)square_at(0, 1), (uint8_t)square_at(0, 0) };
    ck_assert(r.has_move);
    ck_assert(move_equal(r.move, only));
    search_destroy(s);
}
END_TEST

START_TEST(no_move_when_the_side_to_move_is_trapped)
{
    Position pos = parse("3B/xx2/xx2/Wx2 w");
    Search *s = make_search(1, 16, 1);
    SearchResult r = think(s, &pos, 100);
    ck_assert(!r.has_move);
    search_destroy(s);
}
END_TEST

/* Random positions on every size, searched briefly: every answer must be legal. */
static void check_random_positions(int threads, int count)
{
    Search *s = make_search(threads, 8, 3);
    Rng rng;
    rng_seed(&rng, 99);
    int searched = 0;
    for (int i = 0; i < count; i++) {
        Position pos;
        int size = BOARD_MIN + i % (BOARD_MAX - BOARD_MIN + 1);
        position_start(&pos, size, size);
        int plies = (int)rng_below(&rng, (uint32_t)(size * size));
        for (int p = 0; p < plies; p++) {
            Move m;
            if (!random_move(&pos, &rng, &m))
                break;
            position_make(&pos, m);
        }
        if (i % 3 == 0)
            search_clear(s); /* also exercise searching on from an unrelated tree */
        SearchResult r = think(s, &pos, 20 + rng_below(&rng, 120));
        ck_assert(r.has_move == has_legal_move(&pos, pos.to_move));
        if (r.has_move) {
            char text[MOVE_TEXT_MAX];
            move_to_text(r.move, text);
            ck_assert_msg(is_legal_move(&pos, pos.to_move, r.move), "illegal %s in position %d", text, i);
            searched++;
        }
    }
    ck_assert_int_gt(searched, count / 2);
    search_destroy(s);
}

/* Random positions for the ordering tests, the side to move able to move. */
static Position movable_position(Rng *rng, int game)
{
    for (;;) {
        Position pos;
        int size = BOARD_MIN + game % (BOARD_MAX - BOARD_MIN + 1);
        position_start(&pos, size, size);
        int plies = (int)rng_below(rng, (uint32_t)(size * size / 2));
        for (int p = 0; p < plies; p++) {
            Move m;
            if (!random_move(&pos, rng, &m))
                break;
            position_make(&pos, m);
        }
        if (has_legal_move(&pos, pos.to_move))
            return pos;
    }
}

/* Best score first; equal scores in the order (a, b) was generated: ascending. */
static void assert_sorted(const ScoredChoice *c, int n)
{
    for (int i = 1; i < n; i++) {
        ck_assert_int_ge(c[i - 1].score, c[i].score);
        if (c[i - 1].score == c[i].score)
            ck_assert(c[i - 1].a < c[i].a || (c[i - 1].a == c[i].a && c[i - 1].b < c[i].b));
    }
}

static int distance(int a, int b)
{
    int files = abs(square_file(a) - square_file(b)), ranks = abs(square_rank(a) - square_rank(b));
    return files > ranks ? files : ranks;
}

/* The amazon-move score, feature by feature, from plain board queries (move_features.h). */
static int amazon_move_score(const Position *pos, int from, int to)
{
    Color us = pos->to_move;
    Bitboard theirs = pos->amazons[color_other(us)];
    Bitboard next_to_enemy = bb_king_reach(theirs, pos->board);
    Bitboard near_enemy = bb_king_reach(next_to_enemy, pos->board);
    Bitboard open_after = pos->empty | bb_square(from);
    int file = square_file(to), rank = square_rank(to);
    int edge = file;
    edge = edge < pos->width - 1 - file ? edge : pos->width - 1 - file;
    edge = edge < rank ? edge : rank;
    edge = edge < pos->height - 1 - rank ? edge : pos->height - 1 - rank;
    int feature[MOVE_FEATURES] = {
        [MF_MOBILITY_AFTER] = bb_count(queen_targets(to, open_after)),
        [MF_MOBILITY_BEFORE] = bb_count(queen_targets(from, pos->empty)),
        [MF_NEAR_ENEMY] = bb_test(near_enemy, to),
        [MF_NEXT_TO_ENEMY] = bb_test(next_to_enemy, to),
        [MF_ROOM_AFTER] = bb_count(bb_king_reach(bb_square(to), open_after) & ~bb_square(to)),
        [MF_ROOM_BEFORE] = bb_count(bb_king_reach(bb_square(from), pos->empty)),
        [MF_ENEMY_REACH] = bb_test(bb_queen_reach(theirs, pos->empty), to),
        [MF_NEXT_TO_OWN] = bb_test(bb_king_reach(pos->amazons[us] & ~bb_square(from), pos->board), to),
        [MF_DISTANCE] = distance(from, to),
        [MF_EDGE_DISTANCE] = edge,
    };
    int score = 0;
    for (int f = 0; f < MOVE_FEATURES; f++)
        score += param_int(MOVE_FEATURE_WEIGHT[f]) * feature[f];
    return score;
}

static void check_amazon_move_order(uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    for (int game = 0; game < 300; game++) {
        Position pos = movable_position(&rng, game);
        Color us = pos.to_move;
        ScoredChoice c[MAX_CHOICES];
        int n = order_amazon_moves(&pos, c), listed = 0;
        assert_sorted(c, n);
        for (int i = 0; i < n; i++) {
            ck_assert(bb_test(pos.amazons[us], c[i].a));
            ck_assert(bb_test(queen_targets(c[i].a, pos.empty), c[i].b));
            ck_assert_int_eq(c[i].score, amazon_move_score(&pos, c[i].a, c[i].b));
        }
        for (Bitboard amazons = pos.amazons[us]; amazons; )
            listed += bb_count(queen_targets(bb_pop(&amazons), pos.empty));
        ck_assert_int_eq(n, listed); /* each (from, to) once: sorted pairs are distinct */
    }
}

START_TEST(amazon_moves_are_ordered_by_mobility_and_contact)
{
    check_amazon_move_order(17);
    /* Other weights, every feature weighed, including ones that make the scores span a wide range. */
    const char *weights[] = {
        "order_mobility=-7", "order_mobility_before=20", "order_near_enemy=-50", "order_next_to_enemy=13",
        "order_room_after=5", "order_room_before=-3", "order_enemy_reach=9", "order_next_to_own=-11",
        "order_distance=-2", "order_edge_distance=4",
    };
    for (size_t i = 0; i < sizeof weights / sizeof *weights; i++)
        ck_assert_ptr_null(param_assign(weights[i]));
    check_amazon_move_order(27);
    /* Some weights 0: the ordering then finds only the others, and the scores stay the same. */
    const char *zeros[] = { "order_mobility=0", "order_near_enemy=0", "order_enemy_reach=0", "order_distance=0" };
    for (size_t i = 0; i < sizeof zeros / sizeof *zeros; i++)
        ck_assert_ptr_null(param_assign(zeros[i]));
    check_amazon_move_order(37);
    params_reset();
}
END_TEST

/* The arrow score, square by square, with the weights of the parameter table. */
static int arrow_score(const Position *pos, int from, int to, int sq)
{
    Color us = pos->to_move;
    Bitboard empty = (pos->empty | bb_square(from)) & ~bb_square(to);
    Bitboard ours = (pos->amazons[us] ^ bb_square(from)) | bb_square(to);
    Bitboard theirs = pos->amazons[color_other(us)];
    bool their_reach = bb_test(bb_queen_reach(theirs, empty), sq);
    return param_int(P_ARROW_THEIR_NEIGHBOUR) * bb_test(bb_king_reach(theirs, pos->board), sq)
         + param_int(P_ARROW_THEIR_REACH) * their_reach
         + param_int(P_ARROW_OUR_NEIGHBOUR) * bb_test(bb_king_reach(ours, pos->board), sq)
         + param_int(P_ARROW_ONLY_OUR_REACH) * (bb_test(bb_queen_reach(ours, empty), sq) && !their_reach);
}

static void check_arrow_order(uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    for (int game = 0; game < 300; game++) {
        Position pos = movable_position(&rng, game);
        ScoredChoice moves[MAX_CHOICES], c[MAX_CHOICES];
        int count = order_amazon_moves(&pos, moves);
        int from = moves[game % count].a, to = moves[game % count].b;
        int n = order_arrows(&pos, from, to, c);
        Bitboard targets = queen_targets(to, (pos.empty | bb_square(from)) & ~bb_square(to));
        ck_assert_int_eq(n, bb_count(targets));
        assert_sorted(c, n);
        for (int i = 0; i < n; i++) {
            ck_assert(bb_test(targets, c[i].a));
            ck_assert_int_eq(c[i].score, arrow_score(&pos, from, to, c[i].a));
        }
        ck_assert_int_eq(best_arrow(&pos, from, to), c[0].a);
    }
}

START_TEST(arrows_are_ordered_by_their_score_and_best_arrow_is_the_first)
{
    check_arrow_order(18);
    ck_assert_ptr_null(param_assign("arrow_their_neighbour=-3"));
    ck_assert_ptr_null(param_assign("arrow_their_reach=5"));
    ck_assert_ptr_null(param_assign("arrow_our_neighbour=2"));
    ck_assert_ptr_null(param_assign("arrow_only_our_reach=7"));
    check_arrow_order(28);
    params_reset();
}
END_TEST

START_TEST(never_returns_an_illegal_move)
{
    check_random_positions(1, 300);
}
END_TEST

START_TEST(never_returns_an_illegal_move_with_two_threads)
{
    check_random_positions(2, 60);
}
END_TEST

START_TEST(same_seed_same_moves)
{
    Position pos;
    position_start(&pos, 8, 8);
    Move first[6];
    for (int run = 0; run < 2; run++) {
        Search *s = make_search(1, 16, 12345);
        Position p = pos;
        for (int i = 0; i < 6; i++) {
            SearchResult r = think(s, &p, 1500);
            ck_assert(r.has_move);
            if (run == 0)
                first[i] = r.move;
            else
                ck_assert(move_equal(first[i], r.move));
            position_make(&p, r.move); /* the next search reuses part of the tree */
        }
        search_destroy(s);
    }
}
END_TEST

/*
 * The evaluation's prior (prior_weight) steers the root, whose children are
 * ordered by evaluation: with a heavy prior the search settles on the
 * evaluation's favourite, and without one the same search ends elsewhere.
 */
START_TEST(a_heavy_prior_follows_the_evaluation_at_the_root)
{
    Position pos;
    position_start(&pos, 10, 10);
    ScoredChoice choices[MAX_CHOICES];
    ck_assert_int_gt(order_amazon_moves_by_eval(&pos, choices), 1);
    for (int heavy = 0; heavy < 2; heavy++) {
        if (heavy)
            ck_assert_ptr_null(param_set(P_PRIOR_WEIGHT, 0, 10));
        Search *s = make_search(1, 16, 7);
        SearchResult r = think(s, &pos, 3000);
        search_destroy(s);
        params_reset();
        ck_assert(r.has_move);
        bool favourite = r.move.from == choices[0].a && r.move.to == choices[0].b;
        ck_assert_msg(favourite == (heavy == 1), "prior weight %d: %s the evaluation's favourite",
                      heavy ? 10 : 0, favourite ? "played" : "did not play");
    }
}
END_TEST

/*
 * A stepped search (no threads, for WebAssembly) advances only in slices,
 * ends on its limit or on a stop, and plays as a threaded search of one
 * worker does: the same moves for the same seed and iteration cap.
 */
START_TEST(a_stepped_search_runs_in_slices_and_plays_the_same_moves)
{
    Position pos;
    position_start(&pos, 8, 8);
    SearchConfig config;
    search_default_config(&config);
    config.memory_bytes = (size_t)16 << 20;
    config.seed = 7;
    config.stepped = true;
    Search *stepped = search_create(&config);
    Search *plain = make_search(1, 16, 7);
    ck_assert(!search_slice(0.01)); /* nothing to run yet */
    SearchLimits limits = { .seconds = 60, .iterations = 3000 };
    search_start(stepped, &pos, &limits);
    ck_assert(!search_finished(stepped)); /* started, but no worker runs it */
    int slices = 0;
    while (!search_finished(stepped)) {
        ck_assert(search_slice(0.001));
        slices++;
    }
    ck_assert(!search_slice(0.01)); /* done: nothing left to run */
    SearchResult a = search_wait(stepped), b = think(plain, &pos, 3000);
    ck_assert_int_gt(slices, 1);
    ck_assert_uint_eq(a.iterations, 3000);
    ck_assert(move_equal(a.move, b.move));

    /* Until stopped: a stop ends it at the next slice, and search_wait collects it. */
    SearchLimits analysis = { .until_stopped = true };
    search_start(stepped, &pos, &analysis);
    ck_assert(search_slice(0.005));
    ck_assert(!search_finished(stepped));
    search_stop(stepped);
    SearchResult c = search_wait(stepped);
    ck_assert(c.has_move);
    ck_assert(!search_slice(0.01));
    search_destroy(stepped);
    search_destroy(plain);
}
END_TEST

START_TEST(small_memory_cap_still_gives_a_legal_move)
{
    Position pos;
    position_start(&pos, 10, 10);
    Search *s = make_search(1, 1, 5);
    SearchResult r = think(s, &pos, 30000);
    ck_assert_int_eq(r.iterations, 30000);
    ck_assert(r.has_move);
    ck_assert(is_legal_move(&pos, WHITE, r.move));
    search_destroy(s);
}
END_TEST

START_TEST(zero_time_still_gives_a_legal_move)
{
    Position pos;
    position_start(&pos, 10, 10);
    Search *s = make_search(1, 16, 5);
    SearchLimits limits = { .seconds = 0, .iterations = 0 };
    SearchResult r = search_run(s, &pos, &limits);
    ck_assert(r.has_move);
    ck_assert(is_legal_move(&pos, WHITE, r.move));
    ck_assert(r.iterations < 1000);
    search_destroy(s);
}
END_TEST

START_TEST(invalid_configurations_are_refused)
{
    SearchConfig config;
    search_default_config(&config);
    config.threads = 0;
    ck_assert_ptr_null(search_create(&config));
    config.threads = MAX_THREADS + 1;
    ck_assert_ptr_null(search_create(&config));
    config.threads = 1;
    config.memory_bytes = 1000; /* not even a thousand nodes */
    ck_assert_ptr_null(search_create(&config));
}
END_TEST

START_TEST(baseline_players_play_legal_moves)
{
    Rng rng;
    rng_seed(&rng, 8);
    Position pos;
    position_start(&pos, 6, 6);
    for (int ply = 0; ply < 40; ply++) {
        Move m;
        bool has = ply % 2 ? greedy_player_move(&pos, &rng, &m) : random_player_move(&pos, &rng, &m);
        ck_assert(has == has_legal_move(&pos, pos.to_move));
        if (!has)
            break;
        ck_assert(is_legal_move(&pos, pos.to_move, m));
        position_make(&pos, m);
    }
}
END_TEST

START_TEST(greedy_player_takes_an_immediate_win)
{
    Position pos = parse("Bx3/1x3/5/5/4W w");
    Rng rng;
    rng_seed(&rng, 1);
    Move m;
    ck_assert(greedy_player_move(&pos, &rng, &m));
    position_make(&pos, m);
    ck_assert(!has_legal_move(&pos, BLACK));
}
END_TEST

/* ---- time manager ---- */

START_TEST(clock_rejects_bad_settings_and_keeps_the_old_ones)
{
    Clock clock;
    clock_init(&clock);
    ck_assert(clock_settings(&clock, 300, 10, 5));
    Clock before = clock;
    ck_assert(!clock_settings(&clock, -1, 10, 5));
    ck_assert(!clock_settings(&clock, 300, -10, 5));
    ck_assert(!clock_settings(&clock, 300, 10, -5));
    ck_assert(!clock_settings(&clock, 1e12, 10, 5));
    ck_assert(!clock_time_left(&clock, WHITE, -3, 0));
    ck_assert(!clock_time_left(&clock, BLACK, 1e12, 0));
    ck_assert(memcmp(&before, &clock, sizeof clock) == 0);
}
END_TEST

START_TEST(byo_yomi_time_without_stones_means_no_limit)
{
    Clock clock;
    clock_init(&clock);
    ck_assert(!clock.limited);
    ck_assert(clock_settings(&clock, 0, 30, 0));
    ck_assert(!clock.limited);
    ck_assert(clock_settings(&clock, 60, 0, 0));
    ck_assert(clock.limited);
}
END_TEST

START_TEST(budget_stays_inside_the_clock)
{
    Position pos;
    position_start(&pos, 10, 10);
    Clock clock;
    clock_init(&clock);
    ck_assert_double_eq_tol(time_budget(&clock, WHITE, &pos, 2.0, 0.05), 1.95, 1e-9);
    /* Absolute time, 1 s left: a small slice. */
    clock_settings(&clock, 600, 0, 0);
    clock_time_left(&clock, WHITE, 1, 0);
    double b = time_budget(&clock, WHITE, &pos, 5, 0.05);
    ck_assert(b > 0 && b < 0.3);
    /* Byo-yomi, 1 s for 1 stone: a fixed time per move, the period minus the overhead. */
    clock_settings(&clock, 0, 1, 1);
    clock_time_left(&clock, BLACK, 1, 1);
    ck_assert_double_eq_tol(time_budget(&clock, BLACK, &pos, 5, 0.05), 0.95, 1e-9);
    /* 10 s for 5 stones: a share of the stone's time, kept for the stones after it. */
    clock_time_left(&clock, BLACK, 10, 5);
    ck_assert_double_eq_tol(time_budget(&clock, BLACK, &pos, 5, 0.05), 9.95 / 5 * 0.8, 1e-9);
    /* The period's last stone: all that is left, less the overhead. */
    clock_time_left(&clock, BLACK, 3, 1);
    ck_assert_double_eq_tol(time_budget(&clock, BLACK, &pos, 5, 0.05), 2.95, 1e-9);
    /* Nothing left: zero, never negative. */
    clock_time_left(&clock, BLACK, 0, 1);
    ck_assert(time_budget(&clock, BLACK, &pos, 5, 0.05) == 0);
}
END_TEST

START_TEST(time_left_alone_clocks_only_the_colour_it_names)
{
    Position pos;
    position_start(&pos, 10, 10);
    Clock clock;
    clock_init(&clock);
    ck_assert(clock_time_left(&clock, WHITE, 30, 0));
    ck_assert(clock.limited);
    double white = time_budget(&clock, WHITE, &pos, 2.0, 0.05);
    ck_assert(white > 0 && white < 30 * 0.25);
    /* Black's time was never reported: it keeps the fixed time per move. */
    ck_assert_double_eq_tol(time_budget(&clock, BLACK, &pos, 2.0, 0.05), 1.95, 1e-9);
    /* A new game forgets figures that came without settings. */
    clock_new_game(&clock);
    ck_assert(!clock.limited);
    ck_assert_double_eq_tol(time_budget(&clock, WHITE, &pos, 2.0, 0.05), 1.95, 1e-9);
}
END_TEST

START_TEST(spent_time_moves_the_clock_into_byo_yomi)
{
    Position pos;
    position_start(&pos, 10, 10);
    Clock clock;
    clock_init(&clock);
    clock_settings(&clock, 10, 5, 2);
    clock_spend(&clock, WHITE, 12);
    ck_assert_int_eq(clock.stones_left[WHITE], 2);
    ck_assert_double_eq_tol(clock.left[WHITE], 3, 1e-9);
    clock_spend(&clock, WHITE, 1);
    ck_assert_int_eq(clock.stones_left[WHITE], 1);
    clock_spend(&clock, WHITE, 1);
    /* Period completed: a fresh one. */
    ck_assert_int_eq(clock.stones_left[WHITE], 2);
    ck_assert_double_eq_tol(clock.left[WHITE], 5, 1e-9);
    ck_assert_double_eq_tol(clock.left[BLACK], 10, 1e-9);
}
END_TEST

Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("mcts");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, finds_the_move_that_traps_the_last_black_amazon);
    tcase_add_test(tc, a_stepped_search_runs_in_slices_and_plays_the_same_moves);
    tcase_add_test(tc, plays_the_only_legal_move);
    tcase_add_test(tc, no_move_when_the_side_to_move_is_trapped);
    tcase_add_test(tc, amazon_moves_are_ordered_by_mobility_and_contact);
    tcase_add_test(tc, arrows_are_ordered_by_their_score_and_best_arrow_is_the_first);
    tcase_add_test(tc, never_returns_an_illegal_move);
    tcase_add_test(tc, never_returns_an_illegal_move_with_two_threads);
    tcase_add_test(tc, same_seed_same_moves);
    tcase_add_test(tc, a_heavy_prior_follows_the_evaluation_at_the_root);
    tcase_add_test(tc, small_memory_cap_still_gives_a_legal_move);
    tcase_add_test(tc, zero_time_still_gives_a_legal_move);
    tcase_add_test(tc, invalid_configurations_are_refused);
    tcase_add_test(tc, baseline_players_play_legal_moves);
    tcase_add_test(tc, greedy_player_takes_an_immediate_win);
    suite_add_tcase(s, tc);
    TCase *clock = tcase_create("timeman");
    tcase_add_test(clock, clock_rejects_bad_settings_and_keeps_the_old_ones);
    tcase_add_test(clock, byo_yomi_time_without_stones_means_no_limit);
    tcase_add_test(clock, budget_stays_inside_the_clock);
    tcase_add_test(clock, time_left_alone_clocks_only_the_colour_it_names);
    tcase_add_test(clock, spent_time_moves_the_clock_into_byo_yomi);
    suite_add_tcase(s, clock);
    return s;
}
