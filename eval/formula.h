/*
 * formula.h - the fitted evaluation: a few structural measures of a position
 * weighed by coefficients that vary smoothly with the game's phase, fitted
 * to the values deep searches give (amazons-label, amazons-fit,
 * docs/learning.md).
 *
 *   logit = sum over features f of x[f] * (c[f][0] + c[f][1] p + c[f][2] p^2 + c[f][3] p^3)
 *   P(the side to move wins) = 1 / (1 + exp(-logit))
 *
 * where p is the share of the board still empty (1 at the start, falling to
 * 0).  Every feature is a difference, ours minus theirs, seen by the side to
 * move, except the constant and the tie counts (which favour the mover).
 * The measures come from the same distance fills as the classic evaluation
 * (distance.h), plus both sides' king distances; a formula costs little more
 * than the classic terms and is smooth where a per-square network is not.
 */
#ifndef AMAZONS_FORMULA_H
#define AMAZONS_FORMULA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "eval/distance.h"

typedef enum {
    F_CONSTANT,          /* 1: the value of having the move */
    F_QUEEN_TERRITORY,   /* empty squares we reach sooner by queen moves, minus theirs */
    F_QUEEN_TIES,        /* squares both reach equally soon by queen moves */
    F_KING_TERRITORY,    /* the same by king steps */
    F_KING_TIES,
    F_QUEEN_INFLUENCE,   /* sum of 2^-queen distance, ours minus theirs */
    F_KING_INFLUENCE,    /* sum of 2^-king distance */
    F_QUEEN_MARGIN,      /* over squares both reach: their queen distance minus ours, clipped to +-3, / 3 */
    F_KING_MARGIN,       /* the same by king distance */
    F_SECURE,            /* squares only we can reach at all, minus theirs */
    F_REACH,             /* squares one queen move from our amazons, minus theirs */
    F_MOBILITY,          /* queen moves of all our amazons, minus theirs */
    F_WEAKEST,           /* queen moves of our least mobile amazon (at most 12), minus theirs */
    F_TRAPPED,           /* sum over our amazons of 1 / (1 + queen moves), minus theirs */
    F_LIBERTIES,         /* empty squares next to our amazons, minus theirs */
    FORMULA_FEATURES
} FormulaFeature;

enum { FORMULA_DEGREE = 3, FORMULA_TERMS = FORMULA_DEGREE + 1 };

typedef struct {
    int width, height;                           /* the board it was fitted for; 0 x 0: any */
    double coef[FORMULA_FEATURES][FORMULA_TERMS];
} Formula;

/* The name of each feature, for the fitter's report. */
extern const char *const FORMULA_FEATURE_NAMES[FORMULA_FEATURES];

/*
 * The features of pos (regions still in contact) and its phase p: what the
 * formula and its fitter see.  `queen` holds pos's queen distances and
 * `moves` its amazons' move counts (queen_first_levels).
 */
void formula_features(const Position *pos, const DistanceMap *queen, const Bitboard moves[COUNT_BITS],
                      double x[FORMULA_FEATURES], double *phase);

/* The share of the board still empty: 1 at the start, 0 when full. */
double formula_phase(const Position *pos);

/* The log-odds that the side to move wins, from the features and phase. */
double formula_logit_of(const Formula *f, const double x[FORMULA_FEATURES], double phase);

/* The same from the position. */
double formula_logit(const Formula *f, const Position *pos, const DistanceMap *queen,
                     const Bitboard moves[COUNT_BITS]);

/*
 * The formula for boards of this size: a loaded one, else a built-in one
 * (eval/weights/), else one for every size, else NULL.
 */
const Formula *formula_for(int width, int height);

/* Among loaded ones only. */
const Formula *formula_loaded_for(int width, int height);

/*
 * Files: the weights container of weights_file.h holding kind "formula",
 * then the number of formulas (32-bit) and each one's width, height (32-bit),
 * feature count and terms per feature (32-bit, which must match this
 * build's), and the coefficients as IEEE doubles, all little-endian.
 * eval_load_weights (eval.h) reads a file and hands a formula file's bytes
 * to formula_load_memory.
 */
const char *formula_load_memory(const uint8_t *bytes, size_t n);
void formula_unload(void);

/* Parses a container's payload into formulas (room for `max`); NULL on success. */
const char *formula_parse(const uint8_t *payload, size_t size, Formula *out, int max, int *count);

/* Writes formulas as a weights file with this recipe; false on an error. */
bool formula_write(const char *path, const char *recipe, const Formula *formulas, int count);

#endif
