/* formula.c - the fitted evaluation (formula.h). */
#include "eval/formula.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/weights_file.h"

const char *const FORMULA_FEATURE_NAMES[FORMULA_FEATURES] = {
    [F_CONSTANT] = "constant",
    [F_QUEEN_TERRITORY] = "queen_territory",
    [F_QUEEN_TIES] = "queen_ties",
    [F_KING_TERRITORY] = "king_territory",
    [F_KING_TIES] = "king_ties",
    [F_QUEEN_INFLUENCE] = "queen_influence",
    [F_KING_INFLUENCE] = "king_influence",
    [F_QUEEN_MARGIN] = "queen_margin",
    [F_KING_MARGIN] = "king_margin",
    [F_SECURE] = "secure",
    [F_REACH] = "reach",
    [F_MOBILITY] = "mobility",
    [F_WEAKEST] = "weakest",
    [F_TRAPPED] = "trapped",
    [F_LIBERTIES] = "liberties",
};

enum { MARGIN_CLIP = 3, WEAKEST_CAP = 12 };

double formula_phase(const Position *pos)
{
    int room = pos->width * pos->height - 8;
    double p = room > 0 ? (double)bb_count(pos->empty) / room : 0;
    return p < 0 ? 0 : p > 1 ? 1 : p;
}

/*
 * Over the squares both sides reach: their distance minus ours, clipped to
 * +-MARGIN_CLIP and scaled to +-1.  A square we reach two moves sooner is
 * safer than one we reach a move sooner; beyond three it is ours anyway.
 */
static double distance_margin(const DistanceMap *map, Color us, Color them)
{
    double sum = 0;
    for (int i = 1; i <= map->depth[us]; i++) {
        Bitboard rest = map->at[us][i] & map->reached[them];
        for (int j = 1; rest && j <= map->depth[them]; j++) {
            Bitboard both = rest & map->at[them][j];
            if (both) {
                int d = j - i;
                d = d > MARGIN_CLIP ? MARGIN_CLIP : d < -MARGIN_CLIP ? -MARGIN_CLIP : d;
                sum += (double)d * bb_count(both);
                rest &= ~both;
            }
        }
    }
    return sum / MARGIN_CLIP;
}

/* Mobility of colour c's amazons: all moves, the weakest one's, the trapped penalty's shape. */
static void amazon_mobility(const Position *pos, Color c, const Bitboard moves[COUNT_BITS], double *total,
                            double *weakest, double *trapped)
{
    int least = WEAKEST_CAP, sum = 0;
    double shut = 0;
    for (Bitboard amazons = pos->amazons[c]; amazons;) {
        int n = count_at(moves, bb_pop(&amazons));
        sum += n;
        least = n < least ? n : least;
        shut += 1.0 / (1.0 + n);
    }
    *total = sum;
    *weakest = least;
    *trapped = shut;
}

static double liberties(const Position *pos, Color c)
{
    int sum = 0;
    for (Bitboard amazons = pos->amazons[c]; amazons;)
        sum += bb_count(bb_neighbours(bb_pop(&amazons)) & pos->empty);
    return sum;
}

void formula_features(const Position *pos, const DistanceMap *queen, const Bitboard moves[COUNT_BITS],
                      double x[FORMULA_FEATURES], double *phase)
{
    Color us = pos->to_move, them = color_other(us);
    DistanceMap king;
    king_distances(pos, &king);
    Ownership oq, ok;
    distance_ownership(queen, &oq);
    distance_ownership(&king, &ok);
    int sign = us == WHITE ? 1 : -1;
    x[F_CONSTANT] = 1;
    x[F_QUEEN_TERRITORY] = sign * (bb_count(oq.white) - bb_count(oq.black));
    x[F_QUEEN_TIES] = bb_count(oq.tie);
    x[F_KING_TERRITORY] = sign * (bb_count(ok.white) - bb_count(ok.black));
    x[F_KING_TIES] = bb_count(ok.tie);
    x[F_QUEEN_INFLUENCE] = distance_influence(queen, us) - distance_influence(queen, them);
    x[F_KING_INFLUENCE] = distance_influence(&king, us) - distance_influence(&king, them);
    x[F_QUEEN_MARGIN] = distance_margin(queen, us, them);
    x[F_KING_MARGIN] = distance_margin(&king, us, them);
    x[F_SECURE] = bb_count(queen->reached[us] & ~queen->reached[them])
                - bb_count(queen->reached[them] & ~queen->reached[us]);
    x[F_REACH] = (double)bb_count(queen->at[us][1]) - bb_count(queen->at[them][1]);
    double total[2], weakest[2], trapped[2];
    amazon_mobility(pos, us, moves, &total[0], &weakest[0], &trapped[0]);
    amazon_mobility(pos, them, moves, &total[1], &weakest[1], &trapped[1]);
    x[F_MOBILITY] = total[0] - total[1];
    x[F_WEAKEST] = weakest[0] - weakest[1];
    x[F_TRAPPED] = trapped[0] - trapped[1];
    x[F_LIBERTIES] = liberties(pos, us) - liberties(pos, them);
    *phase = formula_phase(pos);
}

double formula_logit_of(const Formula *f, const double x[FORMULA_FEATURES], double phase)
{
    double sum = 0;
    for (int i = 0; i < FORMULA_FEATURES; i++) {
        const double *c = f->coef[i];
        sum += x[i] * (c[0] + phase * (c[1] + phase * (c[2] + phase * c[3])));
    }
    return sum;
}

double formula_logit(const Formula *f, const Position *pos, const DistanceMap *queen,
                     const Bitboard moves[COUNT_BITS])
{
    double x[FORMULA_FEATURES], phase;
    formula_features(pos, queen, moves, x, &phase);
    return formula_logit_of(f, x, phase);
}

/* ---- formulas loaded and built in ---- */

enum { MAX_FORMULAS = 50 };

static Formula loaded_formulas[MAX_FORMULAS];
static int loaded_formula_count;
static Formula builtin_formulas[MAX_FORMULAS];
static int builtin_formula_count;

static const Formula *find_formula(const Formula *list, int count, int width, int height)
{
    for (int i = 0; i < count; i++)
        if (list[i].width == width && list[i].height == height)
            return &list[i];
    return NULL;
}

/*
 * The built-in formulas, from the embedded files of kind "formula", parsed
 * before main so that search threads only ever read them.  A build whose
 * embedded file fails its checks has none (tests catch that).
 */
__attribute__((constructor)) static void parse_builtin_formulas(void)
{
    builtin_formula_count = 0;
    for (int i = 0; i < EMBEDDED_WEIGHTS_COUNT; i++) {
        WeightsView view;
        int count;
        const EmbeddedWeights *e = &EMBEDDED_WEIGHTS[i];
        if (weights_parse(e->bytes, e->size, "formula", &view) == NULL
            && formula_parse(view.payload, view.payload_size, builtin_formulas + builtin_formula_count,
                             MAX_FORMULAS - builtin_formula_count, &count) == NULL)
            builtin_formula_count += count;
    }
}

static const Formula *builtin_formula(int width, int height)
{
    return find_formula(builtin_formulas, builtin_formula_count, width, height);
}

const Formula *formula_loaded_for(int width, int height)
{
    const Formula *f = find_formula(loaded_formulas, loaded_formula_count, width, height);
    return f ? f : find_formula(loaded_formulas, loaded_formula_count, 0, 0);
}

const Formula *formula_for(int width, int height)
{
    const Formula *f = find_formula(loaded_formulas, loaded_formula_count, width, height);
    if (!f)
        f = builtin_formula(width, height);
    if (!f)
        f = find_formula(loaded_formulas, loaded_formula_count, 0, 0);
    return f ? f : builtin_formula(0, 0);
}

static double double_at(const uint8_t *p)
{
    uint64_t bits = weights_u64(p);
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

const char *formula_parse(const uint8_t *payload, size_t size, Formula *out, int max, int *count)
{
    size_t one = 16 + sizeof(double) * FORMULA_FEATURES * FORMULA_TERMS;
    if (size < 4)
        return "truncated: no formula count";
    uint32_t n = weights_u32(payload);
    if (n < 1 || n > (uint32_t)max)
        return "the formula count is out of range";
    if (size != 4 + n * one)
        return "the size does not match the formula count";
    for (uint32_t k = 0; k < n; k++) {
        const uint8_t *p = payload + 4 + k * one;
        uint32_t w = weights_u32(p), h = weights_u32(p + 4);
        if (weights_u32(p + 8) != FORMULA_FEATURES || weights_u32(p + 12) != FORMULA_TERMS)
            return "fitted with other features than this engine's";
        if ((w || h) && (w < BOARD_MIN || w > BOARD_MAX || h < BOARD_MIN || h > BOARD_MAX))
            return "a board size out of range";
        Formula *f = &out[k];
        f->width = (int)w;
        f->height = (int)h;
        for (int i = 0; i < FORMULA_FEATURES; i++)
            for (int t = 0; t < FORMULA_TERMS; t++) {
                f->coef[i][t] = double_at(p + 16 + sizeof(double) * (i * FORMULA_TERMS + t));
                if (!isfinite(f->coef[i][t]))
                    return "a coefficient that is not a finite number";
            }
    }
    *count = (int)n;
    return NULL;
}

const char *formula_load_memory(const uint8_t *bytes, size_t n)
{
    WeightsView view;
    Formula read[MAX_FORMULAS];
    int count = 0;
    const char *error = weights_parse(bytes, n, "formula", &view);
    if (!error)
        error = formula_parse(view.payload, view.payload_size, read, MAX_FORMULAS, &count);
    if (error)
        return error;
    /* The file's formulas replace loaded ones of their sizes. */
    for (int k = 0; k < count; k++) {
        Formula *same = (Formula *)find_formula(loaded_formulas, loaded_formula_count, read[k].width, read[k].height);
        if (same)
            *same = read[k];
        else if (loaded_formula_count < MAX_FORMULAS)
            loaded_formulas[loaded_formula_count++] = read[k];
    }
    return NULL;
}

void formula_unload(void) { loaded_formula_count = 0; }

bool formula_write(const char *path, const char *recipe, const Formula *formulas, int count)
{
    size_t one = 16 + sizeof(double) * FORMULA_FEATURES * FORMULA_TERMS, size = 4 + (size_t)count * one;
    uint8_t *payload = malloc(size);
    if (!payload)
        return false;
    weights_put_u32(payload, (uint32_t)count);
    for (int k = 0; k < count; k++) {
        uint8_t *p = payload + 4 + k * one;
        weights_put_u32(p, (uint32_t)formulas[k].width);
        weights_put_u32(p + 4, (uint32_t)formulas[k].height);
        weights_put_u32(p + 8, FORMULA_FEATURES);
        weights_put_u32(p + 12, FORMULA_TERMS);
        for (int i = 0; i < FORMULA_FEATURES; i++)
            for (int t = 0; t < FORMULA_TERMS; t++) {
                uint64_t bits;
                memcpy(&bits, &formulas[k].coef[i][t], sizeof bits);
                weights_put_u64(p + 16 + sizeof(double) * (i * FORMULA_TERMS + t), bits);
            }
    }
    bool ok = weights_write(path, "formula", recipe, payload, size);
    free(payload);
    return ok;
}
