/*
 * weights_file.h - learned weights as data: the container every weights file
 * of the engine uses, whether read with --weights or built into the engine
 * (eval/weights/, embedded by the Makefile).
 *
 *   magic     8  "AMZWTS1\n"
 *   kind      8  what the payload is, zero-padded ASCII: "formula", "network"
 *   recipe    4 + n  a 32-bit length, then the text of how it was made
 *   payload   8 + n  a 64-bit length, then the kind's own bytes
 *   checksum  8  FNV-1a (64-bit) of every byte before it
 *
 * All integers little-endian.  The checksum finds a truncated or damaged
 * file before any weight of it is used.
 */
#ifndef AMAZONS_WEIGHTS_FILE_H
#define AMAZONS_WEIGHTS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WEIGHTS_MAGIC "AMZWTS1\n"
enum { WEIGHTS_KIND_BYTES = 8 };

/* A parsed container: views into the bytes it was parsed from. */
typedef struct {
    char kind[WEIGHTS_KIND_BYTES + 1];
    const char *recipe;
    size_t recipe_length;
    const uint8_t *payload;
    size_t payload_size;
    uint64_t checksum;
} WeightsView;

/* A file built into the engine (eval/weights/NAME.amzw). */
typedef struct {
    const char *name;
    const uint8_t *bytes;
    size_t size;
} EmbeddedWeights;

extern const EmbeddedWeights EMBEDDED_WEIGHTS[];
extern const int EMBEDDED_WEIGHTS_COUNT;

uint64_t weights_fnv1a(const uint8_t *bytes, size_t n, uint64_t h);
#define WEIGHTS_FNV_BASIS 0xcbf29ce484222325ULL

/* Parses a container of the expected kind; NULL on success, else what is wrong. */
const char *weights_parse(const uint8_t *bytes, size_t n, const char *kind, WeightsView *out);

/* Reads a whole file into memory of its own (free it); NULL on success. */
const char *weights_read_file(const char *path, uint8_t **bytes, size_t *n);

/* Writes a container; false on an error (errno tells). */
bool weights_write(const char *path, const char *kind, const char *recipe, const uint8_t *payload,
                   size_t size);

/* Little-endian helpers for the payloads. */
static inline uint32_t weights_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t weights_u64(const uint8_t *p)
{
    return (uint64_t)weights_u32(p) | (uint64_t)weights_u32(p + 4) << 32;
}

static inline void weights_put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline void weights_put_u64(uint8_t *p, uint64_t v)
{
    weights_put_u32(p, (uint32_t)v);
    weights_put_u32(p + 4, (uint32_t)(v >> 32));
}

#endif
