/* model.c - the network in training (model.h). */
#include "learn/model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/zobrist.h"

#define BETA1 0.9
#define BETA2 0.999
#define EPSILON 1e-8
#define CHECKPOINT_MAGIC "AMZCKPT1"

/* A uniform number in [-1, 1) from a counter: the same weights on every machine. */
static float uniform(uint64_t seed, uint64_t i)
{
    return (float)((zobrist_mix(seed ^ zobrist_mix(i)) >> 11) * (2.0 / 9007199254740992.0) - 1.0);
}

bool model_init(Model *m, int width, int height, uint64_t seed)
{
    m->width = width;
    m->height = height;
    m->features = net_feature_count(width, height);
    size_t n = (size_t)m->features * NET_HIDDEN;
    m->w1 = malloc(n * sizeof *m->w1);
    if (!m->w1)
        return false;
    /* About 170 rows add up: small rows keep the sums in the units' linear range at first. */
    for (size_t i = 0; i < n; i++)
        m->w1[i] = 0.04f * uniform(seed, i);
    for (int h = 0; h < NET_HIDDEN; h++) {
        m->b1[h] = 0.5f;
        m->w2[h] = 0.2f * uniform(seed + 1, (uint64_t)h);
    }
    m->b2 = 0;
    return true;
}

void model_free(Model *m)
{
    free(m->w1);
    m->w1 = NULL;
}

/* The first layer's sums, and the output's log-odds. */
static double forward(const Model *m, const Example *x, float acc[NET_HIDDEN])
{
    memcpy(acc, m->b1, sizeof m->b1);
    for (int i = 0; i < x->count; i++) {
        const float *row = m->w1 + (size_t)x->index[i] * NET_HIDDEN;
        for (int h = 0; h < NET_HIDDEN; h++)
            acc[h] += row[h];
    }
    double z = m->b2;
    for (int h = 0; h < NET_HIDDEN; h++) {
        float a = acc[h] < 0 ? 0 : acc[h] > 1 ? 1 : acc[h];
        z += m->w2[h] * a;
    }
    return z;
}

static double sigmoid(double z) { return 1.0 / (1.0 + exp(-z)); }

double model_predict(const Model *m, const Example *x)
{
    float acc[NET_HIDDEN];
    return sigmoid(forward(m, x, acc));
}

double cross_entropy(double p, double t)
{
    const double tiny = 1e-12;
    return -(t * log(p + tiny) + (1 - t) * log(1 - p + tiny));
}

bool adam_init(Adam *a, const Model *m)
{
    memset(a, 0, sizeof *a);
    size_t n = (size_t)m->features * NET_HIDDEN;
    a->m1 = calloc(n, sizeof *a->m1);
    a->v1 = calloc(n, sizeof *a->v1);
    a->g1 = calloc(n, sizeof *a->g1);
    a->row_steps = calloc((size_t)m->features, sizeof *a->row_steps);
    a->touched = calloc((size_t)m->features, 1);
    a->touched_rows = malloc((size_t)m->features * sizeof *a->touched_rows);
    return a->m1 && a->v1 && a->g1 && a->row_steps && a->touched && a->touched_rows;
}

void adam_free(Adam *a)
{
    free(a->m1);
    free(a->v1);
    free(a->g1);
    free(a->row_steps);
    free(a->touched);
    free(a->touched_rows);
    memset(a, 0, sizeof *a);
}

/* One example's gradient, scaled by `scale`, added to the batch's. */
static double accumulate(Adam *a, const Model *m, const Example *x, double scale)
{
    float acc[NET_HIDDEN];
    double p = sigmoid(forward(m, x, acc));
    double dz = (p - x->target) * scale;
    float dacc[NET_HIDDEN];
    for (int h = 0; h < NET_HIDDEN; h++) {
        bool linear = acc[h] > 0 && acc[h] < 1;
        float act = acc[h] < 0 ? 0 : acc[h] > 1 ? 1 : acc[h];
        a->gw2[h] += (float)(dz * act);
        dacc[h] = linear ? (float)(dz * m->w2[h]) : 0;
        a->gb1[h] += dacc[h];
    }
    a->gb2 += (float)dz;
    for (int i = 0; i < x->count; i++) {
        uint32_t r = x->index[i];
        if (!a->touched[r]) {
            a->touched[r] = 1;
            a->touched_rows[a->touched_count++] = r;
        }
        float *g = a->g1 + (size_t)r * NET_HIDDEN;
        for (int h = 0; h < NET_HIDDEN; h++)
            g[h] += dacc[h];
    }
    return cross_entropy(p, x->target);
}

/* Adam's update of one weight, with bias corrections c1 = 1 - BETA1^t, c2 = 1 - BETA2^t. */
static void update(float *w, float *m, float *v, float g, double rate, double c1, double c2)
{
    *m = (float)(BETA1 * *m + (1 - BETA1) * g);
    *v = (float)(BETA2 * *v + (1 - BETA2) * g * g);
    *w -= (float)(rate * (*m / c1) / (sqrt(*v / c2) + EPSILON));
}

double adam_step(Adam *a, Model *m, const Example *batch, int count, double rate)
{
    double loss = 0;
    for (int i = 0; i < count; i++)
        loss += accumulate(a, m, &batch[i], 1.0 / count);
    a->steps++;
    double c1 = 1 - pow(BETA1, a->steps), c2 = 1 - pow(BETA2, a->steps);
    for (int h = 0; h < NET_HIDDEN; h++) {
        update(&m->b1[h], &a->mb1[h], &a->vb1[h], a->gb1[h], rate, c1, c2);
        update(&m->w2[h], &a->mw2[h], &a->vw2[h], a->gw2[h], rate, c1, c2);
        a->gb1[h] = a->gw2[h] = 0;
    }
    update(&m->b2, &a->mb2, &a->vb2, a->gb2, rate, c1, c2);
    a->gb2 = 0;
    for (size_t k = 0; k < a->touched_count; k++) {
        uint32_t r = a->touched_rows[k];
        uint32_t t = ++a->row_steps[r];
        double r1 = 1 - pow(BETA1, t), r2 = 1 - pow(BETA2, t);
        size_t base = (size_t)r * NET_HIDDEN;
        for (int h = 0; h < NET_HIDDEN; h++) {
            update(&m->w1[base + h], &a->m1[base + h], &a->v1[base + h], a->g1[base + h], rate, r1, r2);
            a->g1[base + h] = 0;
        }
        a->touched[r] = 0;
    }
    a->touched_count = 0;
    return loss;
}

static int16_t to_i16(double x)
{
    double r = round(x);
    return (int16_t)(r > 32767 ? 32767 : r < -32767 ? -32767 : r);
}

void model_quantize(const Model *m, NetModel *out, int16_t *w1, int32_t *b1, int16_t *w2)
{
    for (size_t i = 0; i < (size_t)m->features * NET_HIDDEN; i++)
        w1[i] = to_i16(m->w1[i] * NET_SCALE_1);
    for (int h = 0; h < NET_HIDDEN; h++) {
        b1[h] = (int32_t)lround(m->b1[h] * NET_SCALE_1);
        w2[h] = to_i16(m->w2[h] * NET_SCALE_2);
    }
    *out = (NetModel){ m->width, m->height, m->features, w1, b1, w2,
                       (int32_t)lround((double)m->b2 * NET_SCALE_1 * NET_SCALE_2) };
}

/* ---- checkpoints (this machine's byte order: they resume a run, they do not travel) ---- */

static bool put(FILE *f, const void *p, size_t n) { return fwrite(p, 1, n, f) == n; }
static bool get(FILE *f, void *p, size_t n) { return fread(p, 1, n, f) == n; }

bool model_save(const Model *m, const Adam *a, int epoch, FILE *f)
{
    size_t n = (size_t)m->features * NET_HIDDEN;
    int32_t head[3] = { m->width, m->height, epoch };
    return put(f, CHECKPOINT_MAGIC, 8) && put(f, head, sizeof head) && put(f, m->w1, n * sizeof *m->w1)
        && put(f, m->b1, sizeof m->b1) && put(f, m->w2, sizeof m->w2) && put(f, &m->b2, sizeof m->b2)
        && put(f, a->m1, n * sizeof *a->m1) && put(f, a->v1, n * sizeof *a->v1)
        && put(f, a->row_steps, (size_t)m->features * sizeof *a->row_steps)
        && put(f, a->mb1, sizeof a->mb1) && put(f, a->vb1, sizeof a->vb1) && put(f, a->mw2, sizeof a->mw2)
        && put(f, a->vw2, sizeof a->vw2) && put(f, &a->mb2, sizeof a->mb2) && put(f, &a->vb2, sizeof a->vb2)
        && put(f, &a->steps, sizeof a->steps);
}

bool model_load(Model *m, Adam *a, int *epoch, FILE *f)
{
    char magic[8];
    int32_t head[3];
    if (!get(f, magic, 8) || memcmp(magic, CHECKPOINT_MAGIC, 8) != 0 || !get(f, head, sizeof head)
        || head[0] != m->width || head[1] != m->height)
        return false;
    size_t n = (size_t)m->features * NET_HIDDEN;
    *epoch = head[2];
    return get(f, m->w1, n * sizeof *m->w1) && get(f, m->b1, sizeof m->b1) && get(f, m->w2, sizeof m->w2)
        && get(f, &m->b2, sizeof m->b2) && get(f, a->m1, n * sizeof *a->m1)
        && get(f, a->v1, n * sizeof *a->v1)
        && get(f, a->row_steps, (size_t)m->features * sizeof *a->row_steps)
        && get(f, a->mb1, sizeof a->mb1) && get(f, a->vb1, sizeof a->vb1) && get(f, a->mw2, sizeof a->mw2)
        && get(f, a->vw2, sizeof a->vw2) && get(f, &a->mb2, sizeof a->mb2) && get(f, &a->vb2, sizeof a->vb2)
        && get(f, &a->steps, sizeof a->steps);
}
