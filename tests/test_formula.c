/*
 * test_formula.c - the fitted evaluation (eval/formula.h), the weights
 * container every weights file uses (eval/weights_file.h), and the teacher
 * that labels its positions (amazons-label).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eval/eval.h"
#include "eval/formula.h"
#include "eval/net.h"
#include "eval/weights_file.h"
#include "learn/data.h"
#include "tests.h"
#include "tests/learn_fixtures.h"

static void features_of(const Position *pos, double x[FORMULA_FEATURES], double *phase)
{
    DistanceMap queen;
    Bitboard first[2], moves[COUNT_BITS];
    queen_first_levels(pos, first, moves);
    distance_fills(pos, &queen, first, true);
    formula_features(pos, &queen, moves, x, phase);
}

/*
 * The features are the side to move's view: the same board with colours
 * swapped and the other side to move gives the same numbers, and the start
 * (a symmetric position) is even on every difference.
 */
START_TEST(features_see_the_board_from_the_side_to_move)
{
    for (int i = 0; i < 30; i++) {
        Position pos = random_game_position(i % 2 ? 10 : 8, i % 3 ? 10 : 7, 2 * i, 500 + (uint64_t)i);
        Position flip = mirrored(&pos);
        double x[FORMULA_FEATURES], y[FORMULA_FEATURES], p, q;
        features_of(&pos, x, &p);
        features_of(&flip, y, &q);
        ck_assert_double_eq(p, q);
        for (int f = 0; f < FORMULA_FEATURES; f++)
            ck_assert_msg(fabs(x[f] - y[f]) < 1e-9, "%s: %g against %g", FORMULA_FEATURE_NAMES[f], x[f], y[f]);
    }
    Position start;
    position_start(&start, 10, 10);
    double x[FORMULA_FEATURES], phase;
    features_of(&start, x, &phase);
    ck_assert_double_eq(phase, 1.0);
    ck_assert_double_eq(x[F_CONSTANT], 1.0);
    for (int f = 0; f < FORMULA_FEATURES; f++)
        if (f != F_CONSTANT && f != F_QUEEN_TIES && f != F_KING_TIES)
            ck_assert_msg(fabs(x[f]) < 1e-9, "%s is %g at the start", FORMULA_FEATURE_NAMES[f], x[f]);
    ck_assert_double_eq(x[F_MOBILITY], 0);
}
END_TEST

/* On a board one side has walled in, every difference favours that side. */
START_TEST(features_see_an_amazon_walled_in)
{
    Position pos;
    /* 6x6: Black's a6 amazon has arrows around it; White is free. */
    ck_assert_ptr_null(position_from_text(&pos, "Bx3B/xx4/6/6/6/W4W w"));
    double x[FORMULA_FEATURES], phase;
    features_of(&pos, x, &phase);
    ck_assert_double_gt(x[F_MOBILITY], 0);
    ck_assert_double_gt(x[F_WEAKEST], 0);
    ck_assert_double_lt(x[F_TRAPPED], 0); /* theirs shut in: their penalty is larger */
    ck_assert_double_gt(x[F_LIBERTIES], 0);
    ck_assert_double_gt(x[F_QUEEN_TERRITORY], 0);
}
END_TEST

/* A formula in a file: read back bit for bit, used by auto for its size, forgotten on unload. */
START_TEST(formula_files_round_trip_and_judge_their_size)
{
    Formula f = { .width = 10, .height = 10 };
    for (int i = 0; i < FORMULA_FEATURES; i++)
        for (int t = 0; t < FORMULA_TERMS; t++)
            f.coef[i][t] = 0.01 * (i + 1) - 0.003 * t * i;
    char path[] = "/tmp/test_formula_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert(formula_write(path, "a test recipe", &f, 1));
    ck_assert_ptr_null(eval_load_weights(path));
    const Formula *loaded = formula_loaded_for(10, 10);
    ck_assert_ptr_nonnull(loaded);
    ck_assert_mem_eq(loaded->coef, f.coef, sizeof f.coef);
    Position pos = random_game_position(10, 10, 12, 9);
    double x[FORMULA_FEATURES], phase;
    features_of(&pos, x, &phase);
    double expected = 1.0 / (1.0 + exp(-formula_logit_of(&f, x, phase)));
    ck_assert_int_eq(eval_judge(10, 10), EVAL_FORMULA);
    ck_assert_double_eq_tol(win_probability_with(EVAL_AUTO, &pos), expected, 1e-12);
    ck_assert_double_eq_tol(win_probability_with(EVAL_FORMULA, &pos), expected, 1e-12);
    ck_assert_double_ne(win_probability_with(EVAL_CLASSIC, &pos), expected);
    /* A formula file is no network. */
    NetModel models[NET_FILE_MAX_MODELS];
    int n;
    ck_assert_str_eq(net_read(path, models, &n), "holds no network (another kind of weights)");
    formula_unload();
    ck_assert_ptr_null(formula_loaded_for(10, 10));
    ck_assert_int_eq(eval_judge(10, 10), eval_auto_choice(10, 10));
    unlink(path);
}
END_TEST

/* What a broken formula file says, and that nothing of it is loaded. */
START_TEST(broken_formula_files_say_why)
{
    Formula f = { .width = 8, .height = 8 };
    char path[] = "/tmp/test_formula_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert(formula_write(path, "r", &f, 1));
    char *data;
    size_t length;
    read_whole(path, &data, &length);
    unlink(path);
    char *broken = temp_file(data, length - 1);
    ck_assert_str_eq(eval_load_weights(broken), "truncated: the file ends inside its weights");
    unlink(broken);
    data[length - 20] ^= 0x40;
    broken = temp_file(data, length);
    ck_assert_str_eq(eval_load_weights(broken), "damaged: the checksum does not match");
    unlink(broken);
    data[length - 20] ^= 0x40;
    /* Another feature count: fitted for another build. */
    WeightsView view;
    ck_assert_ptr_null(weights_parse((const uint8_t *)data, length, "formula", &view));
    uint8_t *payload = malloc(view.payload_size);
    memcpy(payload, view.payload, view.payload_size);
    weights_put_u32(payload + 4 + 8, FORMULA_FEATURES + 1);
    ck_assert(weights_write(path, "formula", "r", payload, view.payload_size));
    ck_assert_str_eq(eval_load_weights(path), "fitted with other features than this engine's");
    unlink(path);
    ck_assert_ptr_null(formula_loaded_for(8, 8));
    ck_assert_str_eq(eval_load_weights("/nonexistent/formula"), "cannot open the weights file");
    free(payload);
    free(data);
}
END_TEST

/* The built-in formulas are fitted for the features of this build, and judge their sizes. */
START_TEST(builtin_formulas_parse)
{
    for (int i = 0; i < EMBEDDED_WEIGHTS_COUNT; i++) {
        const EmbeddedWeights *e = &EMBEDDED_WEIGHTS[i];
        WeightsView view;
        if (weights_parse(e->bytes, e->size, "formula", &view) != NULL)
            continue;
        Formula f[4];
        int count;
        ck_assert_ptr_null(formula_parse(view.payload, view.payload_size, f, 4, &count));
        for (int k = 0; k < count; k++)
            ck_assert_ptr_nonnull(formula_for(f[k].width, f[k].height));
    }
}
END_TEST

static const char *label_bin(void)
{
    const char *bin = getenv("AMAZONS_LABEL_BIN");
    return bin ? bin : "build/release/amazons-label";
}

/* Runs amazons-label on IN with ARGS, writing OUT; its exit status. */
static int label(const char *args, const char *in, const char *out)
{
    char command[1024];
    snprintf(command, sizeof command, "'%s' --playouts 300 --solver-nodes 2000 %s -o '%s' '%s' 2>/dev/null",
             label_bin(), args, out, in);
    return system(command);
}

/*
 * Labels repeat byte for byte whatever -j; a run killed part way (its
 * journal ending in a partial record) goes on to the same file; shards
 * merge into it too.  The labels are the search's, not the inputs'.
 */
START_TEST(labelling_repeats_and_resumes)
{
    char dir[] = "/tmp/test_label_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char in[128], one[128], two[128], resumed[128], journal[160], s0[128], s1[128];
    snprintf(in, sizeof in, "%s/in.bin", dir);
    snprintf(one, sizeof one, "%s/one.bin", dir);
    snprintf(two, sizeof two, "%s/two.bin", dir);
    snprintf(resumed, sizeof resumed, "%s/resumed.bin", dir);
    snprintf(journal, sizeof journal, "%s.journal", resumed);
    snprintf(s0, sizeof s0, "%s/s0.bin", dir);
    snprintf(s1, sizeof s1, "%s/s1.bin", dir);
    write_game_positions(in, 6, 6, 6, 14, 40);
    ck_assert_int_eq(label("-j 1", in, one), 0);
    ck_assert_int_eq(label("-j 2", in, two), 0);
    char *a, *b;
    size_t na, nb;
    read_whole(one, &a, &na);
    read_whole(two, &b, &nb);
    ck_assert_uint_gt(na, 16 + 20 * TRAINING_RECORD_BYTES);
    ck_assert(na == nb && memcmp(a, b, na) == 0);
    free(b);
    /* The journal of a run killed after 5 labels and part of a sixth. */
    FILE *f = fopen(journal, "wb");
    ck_assert_ptr_nonnull(f);
    fwrite(a + 16, 1, 5 * TRAINING_RECORD_BYTES + 17, f);
    fclose(f);
    ck_assert_int_eq(label("-j 2", in, resumed), 0);
    read_whole(resumed, &b, &nb);
    ck_assert(na == nb && memcmp(a, b, na) == 0);
    ck_assert_int_ne(access(journal, F_OK), 0); /* removed once the output is written */
    free(b);
    /* Shards, merged by amazons-selfplay --merge, are the whole. */
    ck_assert_int_eq(label("--shard 0/2", in, s0), 0);
    ck_assert_int_eq(label("--shard 1/2", in, s1), 0);
    TrainingSet merged = { 0 }, whole = { 0 };
    ck_assert_ptr_null(set_read(&merged, s0));
    ck_assert_ptr_null(set_read(&merged, s1));
    set_merge_duplicates(&merged);
    ck_assert_ptr_null(set_read(&whole, one));
    ck_assert_uint_eq(merged.count, whole.count);
    ck_assert_mem_eq(merged.records, whole.records, whole.count * sizeof *whole.records);
    /* The search labelled them: some values moved away from the inputs' 0.5. */
    size_t moved = 0;
    for (size_t i = 0; i < whole.count; i++)
        moved += whole.records[i].value != 32768;
    ck_assert_uint_gt(moved, whole.count / 2);
    set_free(&merged);
    free(a);
    /* --limit: the first positions in key order, which the whole run's file begins with. */
    ck_assert_int_eq(label("--limit 10", in, s0), 0);
    TrainingSet first = { 0 };
    ck_assert_ptr_null(set_read(&first, s0));
    ck_assert_uint_eq(first.count, 10);
    ck_assert_mem_eq(first.records, whole.records, 10 * sizeof *whole.records);
    set_free(&first);
    set_free(&whole);
    /* Bad input: a file that is not training data, a bad option value. */
    ck_assert_int_ne(label("", "/nonexistent", two), 0);
    ck_assert_int_ne(label("--sample 0", in, two), 0);
    const char *names[] = { in, one, two, resumed, s0, s1 };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(names[i]);
    rmdir(dir);
}
END_TEST

Suite *formula_suite(void)
{
    Suite *s = suite_create("formula");
    TCase *tc = tcase_create("fitted evaluation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, features_see_the_board_from_the_side_to_move);
    tcase_add_test(tc, features_see_an_amazon_walled_in);
    tcase_add_test(tc, formula_files_round_trip_and_judge_their_size);
    tcase_add_test(tc, broken_formula_files_say_why);
    tcase_add_test(tc, builtin_formulas_parse);
    tcase_add_test(tc, labelling_repeats_and_resumes);
    suite_add_tcase(s, tc);
    return s;
}
