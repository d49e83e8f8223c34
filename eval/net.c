/* net.c - the learned evaluation's network (net.h). */
#include "eval/net.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/net_features.h"
#include "eval/weights_file.h"

/* Networks of different sizes: at most one per size of 4 to 10 each way. */
enum { MAX_LOADED = 49 };

/* Networks read from a weights file: they come before the built-in ones. */
static NetModel loaded[MAX_LOADED];
static int loaded_count;

/* The built-in networks: the embedded weights files of kind "network". */
static NetModel builtin_nets[MAX_LOADED];
static int builtin_net_count;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;
static void parse_builtin_nets(void);

static void builtin_ready(void) { pthread_once(&builtin_once, parse_builtin_nets); }

static const NetModel *find(const NetModel *models, int count, int width, int height)
{
    for (int i = 0; i < count; i++)
        if (models[i].width == width && models[i].height == height)
            return &models[i];
    return NULL;
}

const NetModel *net_loaded_for(int width, int height)
{
    const NetModel *net = find(loaded, loaded_count, width, height);
    return net || !width ? net : find(loaded, loaded_count, 0, 0);
}

/* A network of this size, loaded or built in; else one for every size (0 x 0). */
const NetModel *net_for(int width, int height)
{
    const NetModel *net = find(loaded, loaded_count, width, height);
    if (!net) {
        builtin_ready();
        net = find(builtin_nets, builtin_net_count, width, height);
    }
    if (!net && width)
        net = net_for(0, 0);
    return net;
}

#ifdef AMAZONS_PORTABLE
/* The first layer, one number at a time. */
static void accumulate(const NetModel *net, const NetFeatures *f, int32_t acc[NET_HIDDEN])
{
    memcpy(acc, net->b1, sizeof(int32_t) * NET_HIDDEN);
    for (int i = 0; i < f->count; i++) {
        const int16_t *row = net->w1 + (size_t)f->index[i] * NET_HIDDEN;
        for (int h = 0; h < NET_HIDDEN; h++)
            acc[h] += row[h];
    }
}
#else
/*
 * The first layer in vector lanes: eight 32-bit sums at a time, each row's
 * 16-bit weights widened as they are added (AVX2 or AVX-512 where the CPU has
 * them; the same integers as the portable loop).
 */
typedef int32_t Lanes __attribute__((vector_size(32)));
typedef int16_t Halves __attribute__((vector_size(16)));
enum { LANE_GROUPS = NET_HIDDEN / 8 };

static void accumulate(const NetModel *net, const NetFeatures *f, int32_t acc[NET_HIDDEN])
{
    Lanes sum[LANE_GROUPS];
    memcpy(sum, net->b1, sizeof sum);
    for (int i = 0; i < f->count; i++) {
        const int16_t *row = net->w1 + (size_t)f->index[i] * NET_HIDDEN;
        for (int k = 0; k < LANE_GROUPS; k++) {
            Halves part;
            memcpy(&part, row + 8 * k, sizeof part);
            sum[k] += __builtin_convertvector(part, Lanes);
        }
    }
    memcpy(acc, sum, sizeof sum);
}
#endif

double net_logit(const NetModel *net, const Position *pos, const DistanceMap *queen)
{
    NetFeatures f;
    net_features(pos, queen, &f);
    int32_t acc[NET_HIDDEN];
    accumulate(net, &f, acc);
    int64_t out = net->b2;
    for (int h = 0; h < NET_HIDDEN; h++) {
        int32_t x = acc[h] < 0 ? 0 : acc[h] > NET_SCALE_1 ? NET_SCALE_1 : acc[h];
        out += (int64_t)net->w2[h] * x;
    }
    return (double)out / ((double)NET_SCALE_1 * NET_SCALE_2);
}

uint64_t net_checksum(const NetModel *net)
{
    uint64_t h = 14695981039346656037ULL;
    const uint64_t prime = 1099511628211ULL;
    for (size_t i = 0; i < (size_t)net->features * NET_HIDDEN; i++)
        h = (h ^ (uint16_t)net->w1[i]) * prime;
    for (int i = 0; i < NET_HIDDEN; i++)
        h = ((h ^ (uint32_t)net->b1[i]) * prime ^ (uint16_t)net->w2[i]) * prime;
    return (h ^ (uint32_t)net->b2) * prime;
}

/* ---- the weights file ---- */

/* Bytes being read: where the next one is, and how many are left. */
typedef struct {
    const uint8_t *at;
    size_t left;
} WeightsReader;

static bool read_exact(WeightsReader *r, void *data, size_t size)
{
    if (r->left < size)
        return false;
    memcpy(data, r->at, size);
    r->at += size;
    r->left -= size;
    return true;
}

/* Little-endian integers, whatever the host. */
static bool read_i32(WeightsReader *r, int32_t *out)
{
    uint8_t b[4];
    if (!read_exact(r, b, 4))
        return false;
    *out = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
    return true;
}

/* A plain loop over the bytes: the built-in networks are read this way at every start. */
static bool read_i16s(WeightsReader *r, int16_t *out, size_t count)
{
    if (r->left / 2 < count)
        return false;
    for (size_t i = 0; i < count; i++)
        out[i] = (int16_t)((uint16_t)r->at[2 * i] | (uint16_t)r->at[2 * i + 1] << 8);
    r->at += 2 * count;
    r->left -= 2 * count;
    return true;
}

static bool write_i32(FILE *f, int32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)((uint32_t)v >> 24) };
    return fwrite(b, 1, 4, f) == 4;
}

static bool write_i16s(FILE *f, const int16_t *v, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        uint8_t b[2] = { (uint8_t)v[i], (uint8_t)((uint16_t)v[i] >> 8) };
        if (fwrite(b, 1, 2, f) != 2)
            return false;
    }
    return true;
}

bool net_write(const NetModel *net, void *file)
{
    FILE *f = file;
    bool ok = write_i32(f, net->width) && write_i32(f, net->height) && write_i32(f, NET_HIDDEN)
           && write_i32(f, net->b2);
    for (int h = 0; ok && h < NET_HIDDEN; h++)
        ok = write_i32(f, net->b1[h]);
    return ok && write_i16s(f, net->w2, NET_HIDDEN)
        && write_i16s(f, net->w1, (size_t)net->features * NET_HIDDEN);
}

/* Reads one network; NULL on success, else what is wrong. */
static const char *read_model(WeightsReader *f, NetModel *m)
{
    int32_t width, height, hidden, b2;
    if (!read_i32(f, &width) || !read_i32(f, &height) || !read_i32(f, &hidden) || !read_i32(f, &b2))
        return "truncated network header";
    bool any = width == 0 && height == 0;
    if (!any && (width < BOARD_MIN || width > BOARD_MAX || height < BOARD_MIN || height > BOARD_MAX))
        return "a network for an unsupported board size";
    if (hidden != NET_HIDDEN)
        return "a network of another hidden size than this engine's";
    int features = net_feature_count(width, height);
    int32_t *b1 = malloc(sizeof(int32_t) * NET_HIDDEN);
    int16_t *w2 = malloc(sizeof(int16_t) * NET_HIDDEN);
    int16_t *w1 = malloc(sizeof(int16_t) * (size_t)features * NET_HIDDEN);
    bool ok = b1 && w2 && w1;
    for (int h = 0; ok && h < NET_HIDDEN; h++)
        ok = read_i32(f, &b1[h]);
    ok = ok && read_i16s(f, w2, NET_HIDDEN) && read_i16s(f, w1, (size_t)features * NET_HIDDEN);
    if (!ok) {
        free(b1);
        free(w2);
        free(w1);
        return "truncated network weights";
    }
    *m = (NetModel){ width, height, features, w1, b1, w2, b2 };
    return NULL;
}

/* The networks of an AMZNET1 stream in memory. */
static const char *parse_networks(const uint8_t *bytes, size_t n, NetModel *models, int *count)
{
    WeightsReader reader = { bytes, n }, *f = &reader;
    char magic[sizeof NET_FILE_MAGIC - 1];
    int32_t wanted = 0;
    const char *error = NULL;
    if (!read_exact(f, magic, sizeof magic) || memcmp(magic, NET_FILE_MAGIC, sizeof magic) != 0)
        error = "not a weights file (no AMZWTS1 or AMZNET1 header)";
    else if (!read_i32(f, &wanted) || wanted < 1 || wanted > NET_FILE_MAX_MODELS)
        error = "a weights file holds 1 to 8 networks";
    int read = 0;
    for (; !error && read < wanted; read++)
        error = read_model(f, &models[read]);
    if (!error && reader.left)
        error = "trailing bytes after the networks";
    if (error) {
        for (int i = 0; i < read; i++)
            net_release(&models[i]);
        return error;
    }
    *count = wanted;
    return NULL;
}

const char *net_parse(const uint8_t *bytes, size_t n, NetModel *models, int *count)
{
    if (n < 8 || memcmp(bytes, WEIGHTS_MAGIC, 8) != 0)
        return parse_networks(bytes, n, models, count); /* a bare AMZNET1 file */
    WeightsView view;
    const char *error = weights_parse(bytes, n, "network", &view);
    return error ? error : parse_networks(view.payload, view.payload_size, models, count);
}

const char *net_read(const char *path, NetModel *models, int *count)
{
    uint8_t *bytes;
    size_t n;
    const char *error = weights_read_file(path, &bytes, &n);
    if (error)
        return error;
    error = net_parse(bytes, n, models, count);
    free(bytes);
    return error;
}

int net_builtin_count(void)
{
    builtin_ready();
    return builtin_net_count;
}

/*
 * Parses the embedded networks, once, when a network is first asked for
 * (builtin_ready): a start that never judges with one (10x10 by default,
 * the page's engine restarting) does not pay for a megabyte of weights.
 * Their memory lasts as long as the process.
 */
static void parse_builtin_nets(void)
{
    for (int i = 0; i < EMBEDDED_WEIGHTS_COUNT; i++) {
        const EmbeddedWeights *e = &EMBEDDED_WEIGHTS[i];
        WeightsView view;
        int count;
        if (weights_parse(e->bytes, e->size, "network", &view) == NULL
            && builtin_net_count + NET_FILE_MAX_MODELS <= MAX_LOADED
            && parse_networks(view.payload, view.payload_size, builtin_nets + builtin_net_count, &count) == NULL)
            builtin_net_count += count;
    }
}

void net_release(NetModel *m)
{
    free((void *)m->w1);
    free((void *)m->b1);
    free((void *)m->w2);
    *m = (NetModel){ 0 };
}

const char *net_load_memory(const uint8_t *bytes, size_t n)
{
    NetModel models[NET_FILE_MAX_MODELS];
    int count;
    const char *error = net_parse(bytes, n, models, &count);
    if (error)
        return error;
    for (int i = 0; i < count; i++) {
        NetModel *slot = (NetModel *)find(loaded, loaded_count, models[i].width, models[i].height);
        if (slot)
            net_release(slot);
        else
            slot = &loaded[loaded_count++];
        *slot = models[i];
    }
    return NULL;
}

const char *net_load(const char *path)
{
    uint8_t *bytes;
    size_t n;
    const char *error = weights_read_file(path, &bytes, &n);
    if (error)
        return error;
    error = net_load_memory(bytes, n);
    free(bytes);
    return error;
}

void net_unload(void)
{
    for (int i = 0; i < loaded_count; i++)
        net_release(&loaded[i]);
    loaded_count = 0;
}
