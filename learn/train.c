/*
 * train.c - amazons-train: trains the learned evaluation of one board size
 * on self-play positions (amazons-selfplay), and writes the networks into
 * the engine's source (docs/learning.md).
 *
 *   amazons-train --size 10 --epochs 12 --checkpoint ck10 -o net10.bin games10.bin
 *   amazons-train --emit eval/weights/net10.amzw --recipe TEXT net10.bin
 *
 * One position in twenty (by its key) is held out for validation: the
 * same positions whatever the order of the files.  Each epoch prints the
 * training loss, and on the held-out positions the loss and the share of
 * games whose winner the network predicts (as the engine's integers
 * compute it), beside the same for the classic evaluation.  The target is
 * LAMBDA * outcome + (1 - LAMBDA) * the search's value.  Runs are
 * deterministic; --checkpoint keeps the state after each epoch, and the
 * same command with --resume goes on from the last one.
 */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/deadline.h"
#include "engine/zobrist.h"
#include "eval/eval.h"
#include "eval/net.h"
#include "eval/net_features.h"
#include "eval/params.h"
#include "eval/weights_file.h"
#include "learn/data.h"
#include "learn/model.h"
#include "match/board_size.h"
#include "protocol/numbers.h"

enum { VALIDATION_EVERY = 20 };

typedef struct {
    int width, height, epochs, batch;
    double rate, lambda;
    uint64_t seed;
    const char *checkpoint, *output, *emit, *recipe;
    const char *held_out_path;  /* positions of other games to judge by, else one in twenty */
    bool resume;
    bool any_size;              /* one network for every board size (width = height = 0) */
} Options;

/* Examples with their features in one array, and what they are scored against. */
typedef struct {
    Example *examples;
    uint16_t *indices;
    float *outcomes;        /* the game's outcome for the side to move: 1, 0, or a share */
    Position *positions;    /* for the classic evaluation's figures */
    size_t count;
} Examples;

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: amazons-train --size N[xM] -o WEIGHTS [OPTION]... DATA...\n"
        "       amazons-train --emit FILE [--recipe TEXT] WEIGHTS...\n"
        "Trains the learned evaluation on self-play positions (docs/learning.md).\n"
        "\n"
        "  --size N, CxR or any the board the network is for (any: every size)\n"
        "  --epochs E           passes over the training positions (default 12)\n"
        "  --batch B            positions per step (default 256)\n"
        "  --rate R             Adam's learning rate (default 0.002)\n"
        "  --lambda L           weight of the game's outcome in the target (default 0.5)\n"
        "  --seed S             initial weights and shuffles (default 1)\n"
        "  --checkpoint FILE    the state after each epoch; with --resume, go on from it\n"
        "  --held-out FILE      judge by the positions of these games (other games than\n"
        "                       the training data's), not by one position in twenty\n"
        "  -o FILE              the trained network (a weights file, --weights)\n"
        "  --emit FILE          pack networks into one weights file of the kind the\n"
        "                       engine carries (eval/weights/), its recipe in the header\n"
        "  --recipe TEXT        how the weights were made, for that file's header\n");
}

/* ---- data ---- */

static bool held_out(const TrainingRecord *r) { return r->key % VALIDATION_EVERY == 0; }

/*
 * Features and targets of the records of one side of the split (`validation`),
 * or of all of them (`all`); false without memory.
 */
static bool build(const TrainingSet *set, bool validation, bool all, const Options *o, Examples *out)
{
    size_t n = 0;
    for (size_t i = 0; i < set->count; i++)
        n += all || held_out(&set->records[i]) == validation;
    *out = (Examples){ .examples = malloc(n * sizeof(Example)),
                       .indices = malloc(n * NET_MAX_ACTIVE * sizeof(uint16_t)),
                       .outcomes = malloc(n * sizeof(float)), .positions = malloc(n * sizeof(Position)) };
    if (!out->examples || !out->indices || !out->outcomes || !out->positions)
        return false;
    for (size_t i = 0; i < set->count; i++) {
        const TrainingRecord *r = &set->records[i];
        if (!all && held_out(r) != validation)
            continue;
        Position *pos = &out->positions[out->count];
        record_position(r, pos);
        DistanceMap queen;
        queen_distances(pos, &queen);
        NetFeatures f;
        net_features(pos, &queen, &f);
        uint16_t *index = out->indices + out->count * NET_MAX_ACTIVE;
        memcpy(index, f.index, (size_t)f.count * sizeof *index);
        double outcome = r->result / 65535.0, value = r->value / 65535.0;
        out->outcomes[out->count] = (float)outcome;
        out->examples[out->count++] = (Example){ index, f.count,
                                                 (float)(o->lambda * outcome + (1 - o->lambda) * value) };
    }
    return true;
}

static void examples_free(Examples *x)
{
    free(x->examples);
    free(x->indices);
    free(x->outcomes);
    free(x->positions);
}

/* ---- figures ---- */

typedef struct {
    double loss;     /* mean cross-entropy against the target */
    double accuracy; /* share of decided games whose winner the prediction names */
} Score;

static void score_add(Score *s, int *decided, double p, double target, double outcome)
{
    s->loss += cross_entropy(p, target);
    if (outcome != 0.5) {
        (*decided)++;
        s->accuracy += (p > 0.5) == (outcome > 0.5);
    }
}

static Score score_finish(Score s, size_t count, int decided)
{
    s.loss /= count ? (double)count : 1;
    s.accuracy /= decided ? decided : 1;
    return s;
}

/* The engine's integer network on the held-out positions. */
static Score score_network(const NetModel *net, const Examples *x)
{
    Score s = { 0 };
    int decided = 0;
    for (size_t i = 0; i < x->count; i++) {
        DistanceMap queen;
        queen_distances(&x->positions[i], &queen);
        double p = 1.0 / (1.0 + exp(-net_logit(net, &x->positions[i], &queen)));
        score_add(&s, &decided, p, x->examples[i].target, x->outcomes[i]);
    }
    return score_finish(s, x->count, decided);
}

static Score score_classic(const Examples *x)
{
    Score s = { 0 };
    int decided = 0;
    eval_use(EVAL_CLASSIC);
    for (size_t i = 0; i < x->count; i++) {
        params_use_board(x->positions[i].width, x->positions[i].height);
        score_add(&s, &decided, eval_win_probability(&x->positions[i]), x->examples[i].target, x->outcomes[i]);
    }
    return score_finish(s, x->count, decided);
}

/* ---- training ---- */

static void shuffle(size_t *order, size_t count, uint64_t seed)
{
    for (size_t i = count; i > 1; i--) {
        size_t j = (size_t)(zobrist_mix(seed ^ zobrist_mix(i)) % i);
        size_t t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
}

/* Adam's rate for an epoch: the full rate, then a third of it over the last third of the epochs. */
static double epoch_rate(const Options *o, int epoch)
{
    return epoch < (2 * o->epochs + 2) / 3 ? o->rate : o->rate / 3;
}

static bool save_checkpoint(const Options *o, const Model *m, const Adam *a, int epoch)
{
    char temp[4096];
    snprintf(temp, sizeof temp, "%s.tmp", o->checkpoint);
    FILE *f = fopen(temp, "wb");
    bool ok = f && model_save(m, a, epoch, f);
    ok = (f && fclose(f) == 0) && ok;
    return ok && rename(temp, o->checkpoint) == 0;
}

static bool write_weights(const Model *m, const char *path)
{
    int16_t *w1 = malloc((size_t)m->features * NET_HIDDEN * sizeof *w1);
    int32_t b1[NET_HIDDEN];
    int16_t w2[NET_HIDDEN];
    NetModel net;
    FILE *f = w1 ? fopen(path, "wb") : NULL;
    bool ok = f != NULL;
    if (ok) {
        model_quantize(m, &net, w1, b1, w2);
        uint8_t count[4] = { 1, 0, 0, 0 };
        ok = fwrite(NET_FILE_MAGIC, 1, 8, f) == 8 && fwrite(count, 1, 4, f) == 4 && net_write(&net, f);
    }
    ok = (f && fclose(f) == 0) && ok;
    free(w1);
    return ok;
}

static int train(const Options *o, char **paths, int count)
{
    TrainingSet all = { 0 }, set = { 0 };
    for (int i = 0; i < count; i++) {
        const char *error = set_read(&all, paths[i]);
        if (error) {
            fprintf(stderr, "amazons-train: %s: %s\n", paths[i], error);
            return 1;
        }
    }
    for (size_t i = 0; i < all.count; i++)
        if (o->any_size || (all.records[i].width == o->width && all.records[i].height == o->height))
            set_add(&set, &all.records[i]);
    set_free(&all);
    set_merge_duplicates(&set);
    Examples train_x, valid_x;
    TrainingSet other = { 0 };
    if (o->held_out_path) {
        const char *error = set_read(&other, o->held_out_path);
        if (error) {
            fprintf(stderr, "amazons-train: %s: %s\n", o->held_out_path, error);
            return 1;
        }
    }
    bool separate = o->held_out_path != NULL;
    if (!build(&set, false, separate, o, &train_x) || !build(separate ? &other : &set, true, separate, o, &valid_x)) {
        fprintf(stderr, "amazons-train: out of memory\n");
        return 1;
    }
    set_free(&set);
    set_free(&other);
    fprintf(stderr, "amazons-train: %s, %zu positions to train on, %zu held out\n", o->any_size ? "every size" : "one size",
            train_x.count, valid_x.count);
    if (train_x.count == 0 || valid_x.count == 0)
        return 1;
    Score classic = score_classic(&valid_x);
    printf("classic evaluation: held-out loss %.4f, accuracy %.2f%%\n", classic.loss, 100 * classic.accuracy);

    Model m;
    Adam a;
    int first_epoch = 0;
    if (!model_init(&m, o->width, o->height, o->seed) || !adam_init(&a, &m)) {
        fprintf(stderr, "amazons-train: out of memory\n");
        return 1;
    }
    if (o->resume) {
        FILE *f = fopen(o->checkpoint, "rb");
        if (!f || !model_load(&m, &a, &first_epoch, f)) {
            fprintf(stderr, "amazons-train: cannot resume from %s\n", o->checkpoint);
            return 1;
        }
        fclose(f);
        fprintf(stderr, "amazons-train: resuming after epoch %d\n", first_epoch);
    }
    size_t *order = malloc(train_x.count * sizeof *order);
    Example *batch = malloc((size_t)o->batch * sizeof *batch);
    int16_t *w1 = malloc((size_t)m.features * NET_HIDDEN * sizeof *w1);
    if (!order || !batch || !w1)
        return 1;
    for (int epoch = first_epoch; epoch < o->epochs; epoch++) {
        double start = monotonic_seconds(), loss = 0;
        for (size_t i = 0; i < train_x.count; i++)
            order[i] = i;
        shuffle(order, train_x.count, o->seed + 1000003 * (uint64_t)(epoch + 1));
        for (size_t i = 0; i < train_x.count; i += (size_t)o->batch) {
            int n = 0;
            for (; n < o->batch && i + (size_t)n < train_x.count; n++)
                batch[n] = train_x.examples[order[i + (size_t)n]];
            loss += adam_step(&a, &m, batch, n, epoch_rate(o, epoch));
        }
        NetModel net;
        int32_t b1[NET_HIDDEN];
        int16_t w2[NET_HIDDEN];
        model_quantize(&m, &net, w1, b1, w2);
        Score held = score_network(&net, &valid_x);
        printf("epoch %d: training loss %.4f, held-out loss %.4f, accuracy %.2f%% (%.0f s)\n", epoch + 1,
               loss / train_x.count, held.loss, 100 * held.accuracy, monotonic_seconds() - start);
        fflush(stdout);
        if (o->checkpoint && !save_checkpoint(o, &m, &a, epoch + 1)) {
            fprintf(stderr, "amazons-train: cannot write %s\n", o->checkpoint);
            return 1;
        }
    }
    /* Rows no position ever touched keep their random start: make them nothing. */
    for (int r = 0; r < m.features; r++)
        if (!a.row_steps[r])
            memset(m.w1 + (size_t)r * NET_HIDDEN, 0, NET_HIDDEN * sizeof *m.w1);
    bool written = write_weights(&m, o->output);
    if (!written)
        perror(o->output);
    free(order);
    free(batch);
    free(w1);
    model_free(&m);
    adam_free(&a);
    examples_free(&train_x);
    examples_free(&valid_x);
    return written ? 0 : 1;
}

/* ---- the engine's weights files ---- */

/*
 * Packs networks into one weights container (weights_file.h) with the
 * recipe in its header: the form the engine carries them in (eval/weights/).
 */
static int emit(const Options *o, char **paths, int count)
{
    NetModel nets[NET_FILE_MAX_MODELS];
    int total = 0;
    for (int i = 0; i < count; i++) {
        int n;
        NetModel read[NET_FILE_MAX_MODELS];
        const char *error = net_read(paths[i], read, &n);
        if (!error && total + n > NET_FILE_MAX_MODELS) {
            error = "too many networks for one file";
            for (int k = 0; k < n; k++)
                net_release(&read[k]);
        }
        if (error) {
            fprintf(stderr, "amazons-train: %s: %s\n", paths[i], error);
            for (int k = 0; k < total; k++)
                net_release(&nets[k]);
            return 1;
        }
        memcpy(nets + total, read, (size_t)n * sizeof *read);
        total += n;
    }
    char *payload = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&payload, &size);
    uint8_t header[4] = { (uint8_t)total, 0, 0, 0 };
    bool ok = f && fwrite(NET_FILE_MAGIC, 1, 8, f) == 8 && fwrite(header, 1, 4, f) == 4;
    for (int i = 0; ok && i < total; i++)
        ok = net_write(&nets[i], f);
    ok = f && fclose(f) == 0 && ok;
    ok = ok && weights_write(o->emit, "network", o->recipe ? o->recipe : "(not given)", (const uint8_t *)payload, size);
    for (int i = 0; i < total; i++) {
        printf("%dx%d: checksum %016" PRIx64 "\n", nets[i].width, nets[i].height, net_checksum(&nets[i]));
        net_release(&nets[i]);
    }
    free(payload);
    if (!ok)
        perror(o->emit);
    return ok ? 0 : 1;
}

enum { OPT_SIZE = 256, OPT_EPOCHS, OPT_BATCH, OPT_RATE, OPT_LAMBDA, OPT_SEED, OPT_CHECKPOINT, OPT_RESUME,
       OPT_EMIT, OPT_RECIPE, OPT_HELD_OUT, OPT_HELP };

static bool apply(Options *o, int opt, const char *arg)
{
    long n;
    unsigned long long u;
    BoardSize size;
    switch (opt) {
    case OPT_SIZE:
        if (strcmp(arg, "any") == 0)
            return o->any_size = true;
        return board_size_parse(arg, &size) && (o->width = size.width, o->height = size.height, true);
    case OPT_EPOCHS: return parse_long(arg, 1, 10000, &n) && (o->epochs = (int)n, true);
    case OPT_BATCH: return parse_long(arg, 1, 1 << 20, &n) && (o->batch = (int)n, true);
    case OPT_RATE: return parse_double(arg, 1e-7, 1, &o->rate);
    case OPT_LAMBDA: return parse_double(arg, 0, 1, &o->lambda);
    case OPT_SEED: return parse_u64(arg, ~0ULL, &u) && (o->seed = u, true);
    case OPT_CHECKPOINT: o->checkpoint = arg; return true;
    case OPT_RESUME: o->resume = true; return true;
    case OPT_EMIT: o->emit = arg; return true;
    case OPT_RECIPE: o->recipe = arg; return true;
    case OPT_HELD_OUT: o->held_out_path = arg; return true;
    case 'o': o->output = arg; return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "size", required_argument, NULL, OPT_SIZE },     { "epochs", required_argument, NULL, OPT_EPOCHS },
        { "batch", required_argument, NULL, OPT_BATCH },   { "rate", required_argument, NULL, OPT_RATE },
        { "lambda", required_argument, NULL, OPT_LAMBDA }, { "seed", required_argument, NULL, OPT_SEED },
        { "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
        { "resume", no_argument, NULL, OPT_RESUME },       { "emit", required_argument, NULL, OPT_EMIT },
        { "recipe", required_argument, NULL, OPT_RECIPE }, { "held-out", required_argument, NULL, OPT_HELD_OUT },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 },
    };
    Options o = { .epochs = 12, .batch = 256, .rate = 0.002, .lambda = 0.5, .seed = 1 };
    for (int opt; (opt = getopt_long(argc, argv, "o:", options, NULL)) != -1;) {
        if (opt == OPT_HELP) {
            usage(stdout);
            return 0;
        }
        if (opt == '?' || !apply(&o, opt, optarg)) {
            if (opt != '?')
                fprintf(stderr, "amazons-train: invalid value '%s'\n", optarg);
            usage(stderr);
            return 2;
        }
    }
    if (optind >= argc || (o.resume && !o.checkpoint) || (!o.emit && (!o.output || !(o.width || o.any_size)))) {
        usage(stderr);
        return 2;
    }
    return o.emit ? emit(&o, argv + optind, argc - optind) : train(&o, argv + optind, argc - optind);
}
