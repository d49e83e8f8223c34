/*
 * net.h - the learned evaluation: a small network over the features of
 * net_features.h giving the probability that the side to move wins.
 *
 *   hidden[h] = clamp(b1[h] + sum over active features f of w1[f][h], 0, 1)
 *   out       = b2 + sum over h of w2[h] * hidden[h]
 *   P(win)    = 1 / (1 + exp(-out))
 *
 * Inference is in integers (w1 and b1 scaled by NET_SCALE_1, w2 by
 * NET_SCALE_2), so it gives the same result, to the bit, with vector
 * instructions or without (PORTABLE=1) and on every machine: games with a
 * --seed still repeat.  The first layer is a sum of the active features'
 * rows: about 170 rows of NET_HIDDEN on 10x10, no multiplication.  No
 * memory is allocated while evaluating.
 *
 * A network is made for one board size.  The engine carries the networks of
 * eval/weights/ (made by `make train`, docs/learning.md, and built in by the
 * Makefile) and may load others (--weights); sizes without one use the
 * classic evaluation.
 */
#ifndef AMAZONS_NET_H
#define AMAZONS_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "eval/eval.h"

enum { NET_HIDDEN = 32, NET_SCALE_1 = 512, NET_SCALE_2 = 256 };

typedef struct {
    int width, height;
    int features;          /* net_feature_count(width, height) */
    const int16_t *w1;     /* [features][NET_HIDDEN] */
    const int32_t *b1;     /* [NET_HIDDEN] */
    const int16_t *w2;     /* [NET_HIDDEN] */
    int32_t b2;            /* scaled by NET_SCALE_1 * NET_SCALE_2 */
} NetModel;

/*
 * The network for boards of this size: one made for it, else one made for
 * every size (width and height 0), else NULL.
 */
const NetModel *net_for(int width, int height);

/* The same among the networks loaded with net_load() only. */
const NetModel *net_loaded_for(int width, int height);

/*
 * The output before the logistic (the log-odds that the side to move wins)
 * of pos, whose queen distances are `queen`.
 */
double net_logit(const NetModel *net, const Position *pos, const DistanceMap *queen);

/*
 * Loads networks from a weights file (the trainer's output), which then
 * take the place of the built-in ones for their sizes.  NULL on success,
 * else what is wrong with the file.
 */
const char *net_load(const char *path);
const char *net_load_memory(const uint8_t *bytes, size_t n);

/* Forgets the networks net_load() loaded: the built-in ones judge again. */
void net_unload(void);

/*
 * The file format: a weights container of kind "network" (weights_file.h)
 * whose payload is the 8 bytes "AMZNET1\n", the number of networks (1 to
 * NET_FILE_MAX_MODELS), then each network: width, height, NET_HIDDEN and b2
 * as 32-bit integers, b1 as 32-bit, w2 and w1 (row by row) as 16-bit, all
 * little-endian (docs/learning.md).  A bare AMZNET1 stream is read too.
 */
#define NET_FILE_MAGIC "AMZNET1\n"
enum { NET_FILE_MAX_MODELS = 8 };

/* FNV-1a over a network's integers: the trainer prints it, the tests compare it. */
uint64_t net_checksum(const NetModel *net);

/* Writes one network's part of that format to an open FILE; false on a write error. */
bool net_write(const NetModel *net, void *file);

/*
 * Reads a weights file into models (NET_FILE_MAX_MODELS of room), each with
 * memory of its own (net_release); NULL on success, else what is wrong.
 */
const char *net_read(const char *path, NetModel *models, int *count);
const char *net_parse(const uint8_t *bytes, size_t n, NetModel *models, int *count);
void net_release(NetModel *model);

/* The number of built-in networks (parsed from the embedded weights files). */
int net_builtin_count(void);

#endif
