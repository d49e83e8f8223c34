/*
 * model.h - the learned evaluation's network while it trains: the shape of
 * eval/net.h in floating point, its loss and gradient on a minibatch, Adam
 * steps, and its conversion to the engine's integers.
 *
 * The loss is the cross-entropy between the network's win probability and
 * the target, a blend of the game's outcome and the search's value.  The
 * first layer is a sum of rows, so a minibatch touches few of them: only
 * the rows it touched are stepped ("lazy" Adam, with each row's own step
 * count), which keeps an epoch's cost proportional to the data, not to the
 * number of features.
 */
#ifndef AMAZONS_LEARN_MODEL_H
#define AMAZONS_LEARN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "eval/net.h"
#include "eval/net_features.h"

typedef struct {
    int width, height, features;
    float *w1;       /* [features][NET_HIDDEN] */
    float b1[NET_HIDDEN], w2[NET_HIDDEN], b2;
} Model;

/* One training example: active features and the target probability. */
typedef struct {
    const uint16_t *index;
    int count;
    float target;
} Example;

/* Adam's state: moments of every weight, step counts of every row. */
typedef struct {
    float *m1, *v1;             /* like w1 */
    uint32_t *row_steps;        /* per feature row */
    float mb1[NET_HIDDEN], vb1[NET_HIDDEN], mw2[NET_HIDDEN], vw2[NET_HIDDEN], mb2, vb2;
    uint32_t steps;             /* of the dense weights */
    /* The minibatch's gradient: dense for the small layers, by touched row for w1. */
    float *g1;                  /* like w1, zero outside touched rows */
    uint8_t *touched;           /* per row */
    uint32_t *touched_rows;
    size_t touched_count;
    float gb1[NET_HIDDEN], gw2[NET_HIDDEN], gb2;
} Adam;

/* A model with small random first-layer weights from `seed`; false without memory. */
bool model_init(Model *m, int width, int height, uint64_t seed);
void model_free(Model *m);

/* The win probability of an example's position (in floats). */
double model_predict(const Model *m, const Example *x);

bool adam_init(Adam *a, const Model *m);
void adam_free(Adam *a);

/*
 * One minibatch step: adds up the gradient of the mean loss over the
 * examples and steps every touched weight.  Returns the summed loss.
 */
double adam_step(Adam *a, Model *m, const Example *batch, int count, double rate);

/* Cross-entropy of a prediction p against target t. */
double cross_entropy(double p, double t);

/* The model in the engine's integers; `w1` must hold features * NET_HIDDEN. */
void model_quantize(const Model *m, NetModel *out, int16_t *w1, int32_t *b1, int16_t *w2);

/* Checkpoints: the model and Adam's state, to resume an interrupted run. */
bool model_save(const Model *m, const Adam *a, int epoch, FILE *f);
bool model_load(Model *m, Adam *a, int *epoch, FILE *f);

#endif
