/*
 * prior_fit.c - amazons-prior-fit: the move ordering's weights, fitted to
 * deep searches' choices (docs/learning.md, "The move prior").
 *
 *   amazons-prior-fit --held-out held.txt train.txt
 *
 * Reads amazons-prior-label's lines.  The tree splits a move in two, and so
 * does the fit:
 *
 *   amazon moves  each root amazon move's visits, summed over its arrows,
 *                 as shares of the position's visits;
 *   arrows        for each amazon move with at least ARROW_MIN_VISITS,
 *                 its arrows' visits as shares of its own.
 *
 * For each, a softmax over the choices whose logit is a weighted sum of the
 * choice's features (search/move_features.h, search/ordering.h) is fitted
 * to the shares by gradient descent on the cross entropy.  Prints, on the
 * held-out positions, the cross entropy, how often the most visited choice
 * is the model's first, and the visit share of the model's first WINDOW,
 * for the weights in use (eval/params.c, at their best temperature) and
 * the fitted ones; then the fitted weights as --param options, scaled to
 * whole numbers as the ordering uses them, the largest --range (20).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/move.h"
#include "engine/movegen.h"
#include "eval/params.h"
#include "protocol/numbers.h"
#include "search/ordering.h"

enum { WINDOW = 8, FIT_ROUNDS = 600, ARROW_MIN_VISITS = 200, MAX_FEATURES = MOVE_FEATURES };

/* One decision: its choices' features and visit shares. */
typedef struct {
    int count;
    uint8_t f[MAX_CHOICES][MAX_FEATURES];
    double share[MAX_CHOICES];
} Sample;

typedef struct {
    Sample *items;
    size_t count, capacity;
} Samples;

/* The two halves of a move, each a model of its own. */
typedef struct {
    const char *name;
    int features;
    const ParamId *weight;
    Samples train, held;
} Half;

static Sample *next_sample(Samples *set)
{
    if (set->count == set->capacity) {
        size_t capacity = set->capacity ? 2 * set->capacity : 1024;
        Sample *grown = realloc(set->items, capacity * sizeof *grown);
        if (!grown)
            return NULL;
        set->items = grown;
        set->capacity = capacity;
    }
    memset(&set->items[set->count], 0, sizeof *set->items);
    return &set->items[set->count];
}

/* Turns visits into shares and keeps the sample when it has a choice to learn from. */
static void keep(Samples *set, Sample *s)
{
    double total = 0;
    for (int i = 0; i < s->count; i++)
        total += s->share[i];
    if (total <= 0 || s->count < 2)
        return;
    for (int i = 0; i < s->count; i++)
        s->share[i] /= total;
    set->count++;
}

typedef struct {
    Move move;
    unsigned visits;
} Entry;

/* The root's full moves of a line's last field; -1 on a malformed entry. */
static int parse_entries(char *field, const Position *pos, Entry *out, int max)
{
    int n = 0;
    for (char *rest = field, *entry; (entry = strsep(&rest, " ")); ) {
        if (!*entry)
            continue;
        char *colon = strchr(entry, ':');
        if (!colon || n == max)
            return -1;
        *colon = '\0';
        if (!move_from_text(entry, pos->width, pos->height, &out[n].move)
            || sscanf(colon + 1, "%u", &out[n].visits) != 1)
            return -1;
        n++;
    }
    return n;
}

static bool amazon_sample(Samples *set, const Position *pos, const Entry *e, int n)
{
    Sample *s = next_sample(set);
    if (!s)
        return false;
    AmazonMoveFeatures moves[MAX_AMAZON_MOVES];
    s->count = amazon_move_features(pos, ALL_MOVE_FEATURES, moves);
    for (int i = 0; i < s->count; i++)
        memcpy(s->f[i], moves[i].f, MOVE_FEATURES);
    for (int k = 0; k < n; k++)
        for (int i = 0; i < s->count; i++)
            if (moves[i].from == e[k].move.from && moves[i].to == e[k].move.to)
                s->share[i] += e[k].visits;
    keep(set, s);
    return true;
}

static bool arrow_sample(Samples *set, const Position *pos, int from, int to, const Entry *e, int n)
{
    unsigned visits = 0;
    for (int k = 0; k < n; k++)
        if (e[k].move.from == from && e[k].move.to == to)
            visits += e[k].visits;
    if (visits < ARROW_MIN_VISITS)
        return true;
    Sample *s = next_sample(set);
    if (!s)
        return false;
    Bitboard feature[ARROW_FEATURES];
    int square[MAX_CHOICES];
    for (Bitboard targets = arrow_feature_sets(pos, from, to, feature); targets && s->count < MAX_CHOICES; ) {
        int sq = bb_pop(&targets);
        square[s->count] = sq;
        for (int f = 0; f < ARROW_FEATURES; f++)
            s->f[s->count][f] = bb_test(feature[f], sq);
        s->count++;
    }
    for (int k = 0; k < n; k++)
        if (e[k].move.from == from && e[k].move.to == to)
            for (int i = 0; i < s->count; i++)
                if (square[i] == e[k].move.arrow)
                    s->share[i] += e[k].visits;
    keep(set, s);
    return true;
}

enum { MAX_ENTRIES = 1 << 15 };

/* Parses one line into samples of both halves; NULL or what is wrong. */
static const char *parse_line(char *line, Half *amazons, Half *arrows, bool held, int *width)
{
    static Entry entries[MAX_ENTRIES];
    char *fields[4];
    for (int i = 0; i < 4; i++)
        if (!(fields[i] = strsep(&line, "\t")))
            return "too few fields";
    fields[3][strcspn(fields[3], "\n")] = '\0';
    Position pos;
    if (position_from_text(&pos, fields[1]))
        return "bad position";
    *width = pos.width;
    int n = parse_entries(fields[3], &pos, entries, MAX_ENTRIES);
    if (n < 0)
        return "bad move entry";
    if (!amazon_sample(held ? &amazons->held : &amazons->train, &pos, entries, n))
        return "out of memory";
    AmazonMoveFeatures moves[MAX_AMAZON_MOVES];
    int count = amazon_move_features(&pos, ALL_MOVE_FEATURES, moves);
    for (int i = 0; i < count; i++)
        if (!arrow_sample(held ? &arrows->held : &arrows->train, &pos, moves[i].from, moves[i].to, entries, n))
            return "out of memory";
    return NULL;
}

static const char *read_file(const char *path, Half *amazons, Half *arrows, bool held, int *width)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return "cannot open";
    static char message[64];
    char *line = NULL;
    size_t size = 0;
    const char *error = NULL;
    for (long number = 1; !error && getline(&line, &size, f) > 0; number++)
        if ((error = parse_line(line, amazons, arrows, held, width))) {
            snprintf(message, sizeof message, "line %ld: %s", number, error);
            error = message;
        }
    free(line);
    fclose(f);
    return error;
}

static void softmax_logits(const Sample *s, const double *w, int features, double *z)
{
    double top = -INFINITY, sum = 0;
    for (int i = 0; i < s->count; i++) {
        z[i] = 0;
        for (int f = 0; f < features; f++)
            z[i] += w[f] * s->f[i][f];
        top = fmax(top, z[i]);
    }
    for (int i = 0; i < s->count; i++)
        sum += z[i] = exp(z[i] - top);
    for (int i = 0; i < s->count; i++)
        z[i] /= sum;
}

/* Mean cross entropy of the visit shares against the model; adds its gradient to grad if given. */
static double cross_entropy(const Samples *set, const double *w, int features, double *grad)
{
    double loss = 0, p[MAX_CHOICES];
    for (size_t k = 0; k < set->count; k++) {
        const Sample *s = &set->items[k];
        softmax_logits(s, w, features, p);
        for (int i = 0; i < s->count; i++) {
            loss -= s->share[i] * log(fmax(p[i], 1e-300));
            if (grad)
                for (int f = 0; f < features; f++)
                    grad[f] += (p[i] - s->share[i]) * s->f[i][f] / (double)set->count;
        }
    }
    return loss / (double)set->count;
}

/*
 * How often the most visited choice is the model's first, and the mean
 * visit share of its first WINDOW.  Among equal logits the first listed
 * comes first, as the ordering's stable sort lists them.
 */
static void ranking(const Samples *set, const double *w, int features, double *top_hit, double *window_share)
{
    double hits = 0, share = 0, p[MAX_CHOICES];
    for (size_t k = 0; k < set->count; k++) {
        const Sample *s = &set->items[k];
        softmax_logits(s, w, features, p);
        bool taken[MAX_CHOICES] = { false };
        int most = 0;
        for (int i = 1; i < s->count; i++)
            most = s->share[i] > s->share[most] ? i : most;
        for (int r = 0; r < WINDOW && r < s->count; r++) {
            int pick = -1;
            for (int i = 0; i < s->count; i++)
                if (!taken[i] && (pick < 0 || p[i] > p[pick]))
                    pick = i;
            taken[pick] = true;
            share += s->share[pick];
            hits += r == 0 && pick == most;
        }
    }
    *top_hit = hits / (double)set->count;
    *window_share = share / (double)set->count;
}

/* Adam on the cross entropy, with a little ridge to keep unused features near zero. */
static void fit(const Samples *set, double *w, int features, double ridge)
{
    double m[MAX_FEATURES] = { 0 }, v[MAX_FEATURES] = { 0 };
    const double rate = 0.02, beta1 = 0.9, beta2 = 0.999;
    for (int round = 1; round <= FIT_ROUNDS; round++) {
        double grad[MAX_FEATURES] = { 0 };
        cross_entropy(set, w, features, grad);
        for (int f = 0; f < features; f++) {
            grad[f] += ridge * w[f];
            m[f] = beta1 * m[f] + (1 - beta1) * grad[f];
            v[f] = beta2 * v[f] + (1 - beta2) * grad[f] * grad[f];
            double mh = m[f] / (1 - pow(beta1, round)), vh = v[f] / (1 - pow(beta2, round));
            w[f] -= rate * mh / (sqrt(vh) + 1e-9);
        }
    }
}

static void scaled(const double *w, int features, double t, double *out)
{
    for (int f = 0; f < features; f++)
        out[f] = t * w[f];
}

/* The temperature that suits whole-number weights best, by golden-section search of the held-out loss. */
static double best_scale(const Samples *set, const double *w, int features)
{
    double lo = 0.001, hi = 3, wa[MAX_FEATURES], wb[MAX_FEATURES];
    for (int i = 0; i < 60; i++) {
        double a = hi - (hi - lo) / 1.618, b = lo + (hi - lo) / 1.618;
        scaled(w, features, a, wa);
        scaled(w, features, b, wb);
        if (cross_entropy(set, wa, features, NULL) < cross_entropy(set, wb, features, NULL))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

static void report(const Half *h, const char *what, const double *w)
{
    double hit, share;
    ranking(&h->held, w, h->features, &hit, &share);
    printf("%-12s %-22s cross entropy %.4f, most visited first %.1f%%, visit share of the first %d %.1f%%\n",
           h->name, what, cross_entropy(&h->held, w, h->features, NULL), 100 * hit, WINDOW, 100 * share);
}

/* Fits one half, reports it beside the weights in use, and prints the whole-number weights. */
static void fit_half(Half *h, double ridge, double range)
{
    double in_use[MAX_FEATURES] = { 0 }, fitted[MAX_FEATURES] = { 0 }, rounded[MAX_FEATURES] = { 0 };
    double shown[MAX_FEATURES] = { 0 };
    printf("%s: %zu training decisions, %zu held out\n", h->name, h->train.count, h->held.count);
    for (int f = 0; f < h->features; f++)
        in_use[f] = param_int(h->weight[f]);
    scaled(in_use, h->features, best_scale(&h->held, in_use, h->features), shown);
    report(h, "weights in use", shown);
    fit(&h->train, fitted, h->features, ridge);
    report(h, "fitted", fitted);
    double largest = 0;
    for (int f = 0; f < h->features; f++)
        largest = fmax(largest, fabs(fitted[f]));
    for (int f = 0; f < h->features; f++)
        rounded[f] = largest > 0 ? round(fitted[f] * range / largest) : 0;
    double temperature = best_scale(&h->held, rounded, h->features);
    scaled(rounded, h->features, temperature, shown);
    report(h, "fitted, whole numbers", shown);
    printf("%-12s %-22s %.4f log-odds per unit of score\n", h->name, "whole numbers' scale", temperature);
    for (int f = 0; f < h->features; f++)
        printf("--param %s=%d%s", PARAM_SPECS[h->weight[f]].name, (int)rounded[f],
               f + 1 < h->features ? " " : "\n");
}

static void usage(FILE *out)
{
    fprintf(out, "Usage: amazons-prior-fit --held-out FILE [--ridge R] [--range W] TRAINING...\n"
                 "Fits the move ordering's weights to amazons-prior-label's lines (docs/learning.md).\n");
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "held-out", required_argument, NULL, 'h' }, { "ridge", required_argument, NULL, 'r' },
        { "range", required_argument, NULL, 'w' }, { "help", no_argument, NULL, '?' },
        { NULL, 0, NULL, 0 },
    };
    const char *held_path = NULL;
    double ridge = 1e-4, range = 20;
    for (int opt; (opt = getopt_long(argc, argv, "", options, NULL)) != -1;) {
        if (opt == 'h')
            held_path = optarg;
        else if (!(opt == 'r' && parse_double(optarg, 0, 100, &ridge))
                 && !(opt == 'w' && parse_double(optarg, 1, 1000, &range))) {
            usage(stderr);
            return 2;
        }
    }
    if (!held_path || optind >= argc) {
        usage(stderr);
        return 2;
    }
    Half amazons = { "amazon moves", MOVE_FEATURES, MOVE_FEATURE_WEIGHT, { 0 }, { 0 } };
    Half arrows = { "arrows", ARROW_FEATURES, ARROW_FEATURE_WEIGHT, { 0 }, { 0 } };
    int width = 10;
    for (int i = optind; i <= argc; i++) {
        const char *path = i < argc ? argv[i] : held_path;
        const char *error = read_file(path, &amazons, &arrows, i == argc, &width);
        if (error) {
            fprintf(stderr, "amazons-prior-fit: %s: %s\n", path, error);
            return 1;
        }
    }
    params_use_board(width, width);
    fit_half(&amazons, ridge, range);
    fit_half(&arrows, ridge, range);
    free(amazons.train.items);
    free(amazons.held.items);
    free(arrows.train.items);
    free(arrows.held.items);
    return 0;
}
