/*
 * test_learn.c - the learned evaluation: its features, the network's
 * integer inference against a plain reference, weights files, training
 * positions and their files, and the trainer's steps and conversion.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/formula.h"
#include "eval/net.h"
#include "eval/net_features.h"
#include "eval/weights_file.h"
#include "learn/data.h"
#include "learn/model.h"
#include "search/playout.h"
#include "search/rng.h"
#include "tests.h"
#include "tests/learn_fixtures.h"

static void features_of(const Position *pos, NetFeatures *f)
{
    DistanceMap queen;
    queen_distances(pos, &queen);
    net_features(pos, &queen, f);
}

static int compare_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* One feature per empty square and one per amazon, all in range; colour-blind by design. */
START_TEST(features_cover_the_board_and_see_it_from_the_side_to_move)
{
    for (int i = 0; i < 40; i++) {
        Position pos = random_game_position(i % 2 ? 10 : 8, i % 3 ? 8 : 6, i, 1000 + (uint64_t)i);
        NetFeatures f, g;
        features_of(&pos, &f);
        int empty = bb_count(pos.empty), amazons = bb_count(pos.amazons[WHITE] | pos.amazons[BLACK]);
        ck_assert_int_eq(f.count, empty + amazons);
        for (int k = 0; k < f.count; k++)
            ck_assert_int_lt(f.index[k], net_feature_count(pos.width, pos.height));
        Position other = mirrored(&pos);
        features_of(&other, &g);
        ck_assert_int_eq(f.count, g.count);
        qsort(f.index, (size_t)f.count, sizeof f.index[0], compare_u16);
        qsort(g.index, (size_t)g.count, sizeof g.index[0], compare_u16);
        ck_assert_mem_eq(f.index, g.index, (size_t)f.count * sizeof f.index[0]);
    }
}
END_TEST

/* A network of pseudo-random weights, for the inference tests. */
typedef struct {
    NetModel net;
    int16_t *w1;
    int32_t b1[NET_HIDDEN];
    int16_t w2[NET_HIDDEN];
} TestNet;

static void test_net(TestNet *t, int width, int height, uint64_t seed)
{
    int features = net_feature_count(width, height);
    t->w1 = malloc((size_t)features * NET_HIDDEN * sizeof *t->w1);
    Rng rng;
    rng_seed(&rng, seed);
    for (size_t i = 0; i < (size_t)features * NET_HIDDEN; i++)
        t->w1[i] = (int16_t)((int)(rng_next(&rng) % 81) - 40);
    for (int h = 0; h < NET_HIDDEN; h++) {
        t->b1[h] = (int32_t)(rng_next(&rng) % 600);
        t->w2[h] = (int16_t)((int)(rng_next(&rng) % 401) - 200);
    }
    t->net = (NetModel){ width, height, features, t->w1, t->b1, t->w2, -12345 };
}

/* The network's formula (net.h), one plain step at a time. */
static double reference_logit(const NetModel *net, const NetFeatures *f)
{
    int64_t out = net->b2;
    for (int h = 0; h < NET_HIDDEN; h++) {
        int64_t acc = net->b1[h];
        for (int k = 0; k < f->count; k++)
            acc += net->w1[(size_t)f->index[k] * NET_HIDDEN + h];
        acc = acc < 0 ? 0 : acc > NET_SCALE_1 ? NET_SCALE_1 : acc;
        out += net->w2[h] * acc;
    }
    return (double)out / ((double)NET_SCALE_1 * NET_SCALE_2);
}

/* The engine's inference (vector lanes, or the portable loop with PORTABLE=1) is the formula exactly. */
START_TEST(inference_is_the_formula_in_integers)
{
    TestNet t;
    test_net(&t, 10, 10, 7);
    for (int i = 0; i < 30; i++) {
        Position pos = random_game_position(10, 10, 3 * i, 77 + (uint64_t)i);
        DistanceMap queen;
        queen_distances(&pos, &queen);
        NetFeatures f;
        net_features(&pos, &queen, &f);
        ck_assert_double_eq(net_logit(&t.net, &pos, &queen), reference_logit(&t.net, &f));
    }
    free(t.w1);
}
END_TEST

/* The bytes of a weights file holding one network, in *buffer (to free). */
static size_t weights_file_of(const NetModel *net, char **buffer)
{
    size_t length = 0;
    FILE *f = open_memstream(buffer, &length);
    uint8_t count[4] = { 1, 0, 0, 0 };
    fwrite(NET_FILE_MAGIC, 1, 8, f);
    fwrite(count, 1, 4, f);
    ck_assert(net_write(net, f));
    fclose(f);
    return length;
}

/* A weights file reads back to the same numbers; a broken one says what is wrong. */
START_TEST(weights_files_round_trip_and_refuse_what_is_broken)
{
    TestNet t;
    test_net(&t, 8, 6, 3);
    char *buffer = NULL;
    size_t length = weights_file_of(&t.net, &buffer);
    char *path = temp_file(buffer, length);
    NetModel models[NET_FILE_MAX_MODELS];
    int n = 0;
    ck_assert_ptr_null(net_read(path, models, &n));
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(models[0].width, 8);
    ck_assert_int_eq(models[0].height, 6);
    ck_assert_int_eq(models[0].b2, -12345);
    ck_assert_mem_eq(models[0].w1, t.w1, (size_t)t.net.features * NET_HIDDEN * sizeof *t.w1);
    ck_assert_mem_eq(models[0].b1, t.b1, sizeof t.b1);
    net_release(&models[0]);
    unlink(path);
    const struct {
        size_t keep;
        const char *why;
    } broken[] = { { length - 1, "truncated network weights" }, { 20, "truncated network header" },
                   { 0, "not a weights file (no AMZWTS1 or AMZNET1 header)" } };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        path = temp_file(buffer, broken[i].keep);
        ck_assert_str_eq(net_read(path, models, &n), broken[i].why);
        unlink(path);
    }
    ck_assert_str_eq(net_read("/nonexistent/weights", models, &n), "cannot open the weights file");
    /* The same network in the weights container: read back, and refused when damaged. */
    ck_assert(weights_write(path, "network", "a test", (const uint8_t *)buffer, length));
    ck_assert_ptr_null(net_read(path, models, &n));
    ck_assert_int_eq(models[0].b2, -12345);
    ck_assert_mem_eq(models[0].w1, t.w1, (size_t)t.net.features * NET_HIDDEN * sizeof *t.w1);
    net_release(&models[0]);
    char *container;
    size_t container_length;
    read_whole(path, &container, &container_length);
    container[container_length / 2] ^= 1;
    unlink(path);
    path = temp_file(container, container_length);
    ck_assert_str_eq(net_read(path, models, &n), "damaged: the checksum does not match");
    unlink(path);
    path = temp_file(container, container_length - 3);
    ck_assert_str_eq(net_read(path, models, &n), "truncated: the file ends inside its weights");
    unlink(path);
    free(container);
    free(buffer);
    free(t.w1);
}
END_TEST

/* Records hold their positions; repeated ones merge, their outcomes and values averaged. */
START_TEST(training_records_round_trip_and_merge)
{
    TrainingSet set = { 0 };
    Position a = random_game_position(10, 10, 9, 5), b = random_game_position(7, 5, 4, 6);
    TrainingRecord r;
    record_from_position(&a, 9, true, 0.75, &r);
    ck_assert(set_add(&set, &r));
    record_from_position(&b, 4, false, 0.25, &r);
    ck_assert(set_add(&set, &r));
    record_from_position(&a, 11, false, 0.25, &r);
    ck_assert(set_add(&set, &r));
    Position back;
    record_position(&set.records[1], &back);
    ck_assert(position_equal(&back, &b));
    set_merge_duplicates(&set);
    ck_assert_uint_eq(set.count, 2);
    const TrainingRecord *merged = set.records[0].width == 10 ? &set.records[0] : &set.records[1];
    ck_assert_uint_eq(merged->count, 2);
    ck_assert_uint_eq(merged->plies, 9);               /* the earliest occurrence */
    ck_assert_uint_eq(merged->result, 32768);          /* one win, one loss */
    ck_assert_uint_eq(merged->value, 32768);           /* (0.75 + 0.25) / 2 */
    char path[] = "/tmp/test_learn_set_XXXXXX";
    close(mkstemp(path));
    ck_assert(set_write(&set, path));
    TrainingSet read = { 0 };
    ck_assert_ptr_null(set_read(&read, path));
    ck_assert_uint_eq(read.count, 2);
    ck_assert_mem_eq(read.records, set.records, 2 * sizeof *set.records);
    /* A flipped byte in a record's cells no longer matches its key. */
    FILE *f = fopen(path, "r+b");
    fseek(f, 16 + 20, SEEK_SET);
    fputc(0x55, f);
    fclose(f);
    set_free(&read);
    ck_assert_str_eq(set_read(&read, path), "a record that is not a position (its key does not match)");
    truncate(path, 16 + 43);
    set_free(&read);
    ck_assert_str_eq(set_read(&read, path), "truncated: fewer records than the header says");
    unlink(path);
    set_free(&read);
    set_free(&set);
}
END_TEST

/*
 * Training steps lower the loss of what they train on, and the engine's
 * integers predict what the floats do, to a few thousandths.
 */
START_TEST(training_lowers_the_loss_and_quantizing_keeps_the_predictions)
{
    enum { N = 200 };
    static Position positions[N];
    static NetFeatures features[N];
    Example examples[N];
    for (int i = 0; i < N; i++) {
        positions[i] = random_game_position(6, 6, 2 + i % 10, 900 + (uint64_t)i);
        features_of(&positions[i], &features[i]);
        /* A target the features can tell: whether the side to move has more mobility. */
        float target = eval_win_probability(&positions[i]) > 0.5f ? 0.9f : 0.1f;
        examples[i] = (Example){ features[i].index, features[i].count, target };
    }
    Model m;
    Adam a;
    ck_assert(model_init(&m, 6, 6, 1) && adam_init(&a, &m));
    double first = 0, last = 0;
    for (int epoch = 0; epoch < 60; epoch++) {
        double loss = 0;
        for (int i = 0; i < N; i += 20)
            loss += adam_step(&a, &m, examples + i, 20, 0.01);
        if (epoch == 0)
            first = loss / N;
        last = loss / N;
    }
    ck_assert_msg(last < 0.8 * first, "loss %.4f after training, %.4f at first", last, first);
    NetModel net;
    int16_t *w1 = malloc((size_t)m.features * NET_HIDDEN * sizeof *w1);
    int32_t b1[NET_HIDDEN];
    int16_t w2[NET_HIDDEN];
    model_quantize(&m, &net, w1, b1, w2);
    for (int i = 0; i < N; i++) {
        DistanceMap queen;
        queen_distances(&positions[i], &queen);
        double p = 1.0 / (1.0 + exp(-net_logit(&net, &positions[i], &queen)));
        ck_assert_double_eq_tol(p, model_predict(&m, &examples[i]), 0.01);
    }
    free(w1);
    model_free(&m);
    adam_free(&a);
}
END_TEST

/* With --eval net on a board without a network, the classic evaluation judges. */
START_TEST(sizes_without_a_network_use_the_classic_evaluation)
{
    Position pos = random_game_position(5, 7, 6, 11);
    ck_assert_ptr_null(net_for(5, 7));
    double classic = eval_win_probability(&pos);
    eval_use(EVAL_NET);
    ck_assert_double_eq(eval_win_probability(&pos), classic);
    eval_use(EVAL_CLASSIC);
}
END_TEST

/*
 * The default (auto) judges with the built-in network and formula only on the
 * sizes where they won their matches, and with a network loaded from a file
 * on its size.
 */
START_TEST(auto_uses_the_network_where_it_won_or_a_loaded_one)
{
    ck_assert_int_eq(eval_in_use(), EVAL_AUTO);
    ck_assert_int_eq(eval_auto_choice(8, 8), EVAL_NET);
    /* 8x8 has a formula built in too, for --eval formula, but the network stays its default. */
    ck_assert_ptr_nonnull(formula_for(8, 8));
    ck_assert_int_eq(formula_for(8, 8)->width, 8);
    ck_assert_int_eq(eval_auto_choice(6, 6), EVAL_CLASSIC);
    ck_assert_int_eq(eval_auto_choice(10, 10), EVAL_FORMULA);
    ck_assert(eval_net_judges(8, 8) == (net_for(8, 8) != NULL));
    ck_assert(!eval_net_judges(10, 10));
    Position pos8 = random_game_position(8, 8, 6, 21), pos10 = random_game_position(10, 10, 6, 22);
    if (net_for(8, 8)) {
        ck_assert_double_eq(win_probability_with(EVAL_AUTO, &pos8), win_probability_with(EVAL_NET, &pos8));
        ck_assert_double_ne(win_probability_with(EVAL_AUTO, &pos8), win_probability_with(EVAL_CLASSIC, &pos8));
    }
    ck_assert_double_eq(win_probability_with(EVAL_AUTO, &pos10), win_probability_with(EVAL_FORMULA, &pos10));
    ck_assert_double_ne(win_probability_with(EVAL_AUTO, &pos10), win_probability_with(EVAL_CLASSIC, &pos10));

    TestNet t;
    test_net(&t, 10, 10, 5);
    char *buffer = NULL;
    size_t length = weights_file_of(&t.net, &buffer);
    char *path = temp_file(buffer, length);
    ck_assert_ptr_null(net_load(path));
    ck_assert_ptr_nonnull(net_loaded_for(10, 10));
    ck_assert(eval_net_judges(10, 10));
    double loaded = win_probability_with(EVAL_AUTO, &pos10);
    ck_assert_double_eq(loaded, win_probability_with(EVAL_NET, &pos10));
    ck_assert_double_ne(loaded, win_probability_with(EVAL_CLASSIC, &pos10));
    net_unload();
    ck_assert_ptr_null(net_loaded_for(10, 10));
    ck_assert_double_eq(win_probability_with(EVAL_AUTO, &pos10), win_probability_with(EVAL_FORMULA, &pos10));
    unlink(path);
    free(buffer);
    free(t.w1);
}
END_TEST

static const char *selfplay_bin(void)
{
    const char *bin = getenv("AMAZONS_SELFPLAY_BIN");
    return bin ? bin : "build/release/amazons-selfplay";
}

/* Runs amazons-selfplay with ARGS (six 6x6 games unless merging), writing DIR/OUT. */
static void selfplay(const char *dir, const char *args, const char *out)
{
    char command[1024];
    snprintf(command, sizeof command, "'%s' %s%s -o '%s/%s' 2>/dev/null", selfplay_bin(),
             strstr(args, "--merge") ? "" : "--size 6 --games 6 --playouts 150 --seed 7 ", args, dir, out);
    ck_assert_msg(system(command) == 0, "failed: %s", command);
}

/*
 * A self-play run repeats byte for byte, whatever -j, and its shards merge
 * into the same file: each game owes nothing to the games played before it.
 */
START_TEST(selfplay_repeats_whatever_jobs_and_shards)
{
    char dir[] = "/tmp/test_selfplay_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    selfplay(dir, "-j 2", "two.bin");
    selfplay(dir, "-j 1", "one.bin");
    selfplay(dir, "-j 2", "again.bin");
    selfplay(dir, "-j 1 --shard 0/2", "s0.bin");
    selfplay(dir, "-j 1 --shard 1/2", "s1.bin");
    char merge[256];
    snprintf(merge, sizeof merge, "--merge '%s/s0.bin' '%s/s1.bin'", dir, dir);
    selfplay(dir, merge, "merged.bin");
    static const char *const names[] = { "two.bin", "one.bin", "again.bin", "merged.bin" };
    char *first = NULL;
    size_t first_length = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        char *data;
        size_t length;
        read_whole(path, &data, &length);
        unlink(path);
        ck_assert_uint_gt(length, 16 + 10 * 44); /* a header and some positions */
        if (!first) {
            first = data;
            first_length = length;
            continue;
        }
        ck_assert_msg(length == first_length && memcmp(data, first, length) == 0, "%s differs from %s", names[i],
                      names[0]);
        free(data);
    }
    free(first);
    for (int s = 0; s < 2; s++) {
        char path[128];
        snprintf(path, sizeof path, "%s/s%d.bin", dir, s);
        unlink(path);
    }
    rmdir(dir);
}
END_TEST

/*
 * The networks the engine carries: every embedded weights file passes its
 * checksum, and its networks judge 10x10 and 8x8 with the features of this
 * build.
 */
START_TEST(the_builtin_networks_pass_their_checksums)
{
    int networks = 0;
    for (int i = 0; i < EMBEDDED_WEIGHTS_COUNT; i++) {
        WeightsView view;
        const EmbeddedWeights *e = &EMBEDDED_WEIGHTS[i];
        ck_assert_msg(weights_parse(e->bytes, e->size, "network", &view) == NULL
                      || weights_parse(e->bytes, e->size, "formula", &view) == NULL,
                      "%s: %s", e->name, weights_parse(e->bytes, e->size, "network", &view));
        networks += strcmp(view.kind, "network") == 0;
        ck_assert_uint_gt(view.recipe_length, 20); /* says how it was made */
    }
    ck_assert_int_eq(net_builtin_count(), networks);
    for (int size = 8; size <= 10; size += 2) {
        const NetModel *net = net_for(size, size);
        ck_assert_ptr_nonnull(net);
        ck_assert_int_eq(net->width, size);
        ck_assert_int_eq(net->features, net_feature_count(size, size));
    }
}
END_TEST

Suite *learn_suite(void)
{
    Suite *s = suite_create("learn");
    TCase *tc = tcase_create("learned evaluation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, features_cover_the_board_and_see_it_from_the_side_to_move);
    tcase_add_test(tc, inference_is_the_formula_in_integers);
    tcase_add_test(tc, weights_files_round_trip_and_refuse_what_is_broken);
    tcase_add_test(tc, training_records_round_trip_and_merge);
    tcase_add_test(tc, training_lowers_the_loss_and_quantizing_keeps_the_predictions);
    tcase_add_test(tc, sizes_without_a_network_use_the_classic_evaluation);
    tcase_add_test(tc, the_builtin_networks_pass_their_checksums);
    tcase_add_test(tc, auto_uses_the_network_where_it_won_or_a_loaded_one);
    tcase_add_test(tc, selfplay_repeats_whatever_jobs_and_shards);
    suite_add_tcase(s, tc);
    return s;
}
