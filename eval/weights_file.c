/* weights_file.c - the weights container (weights_file.h). */
#include "eval/weights_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t weights_fnv1a(const uint8_t *bytes, size_t n, uint64_t h)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ bytes[i]) * 0x100000001b3ULL;
    return h;
}

const char *weights_parse(const uint8_t *bytes, size_t n, const char *kind, WeightsView *out)
{
    size_t fixed = 8 + WEIGHTS_KIND_BYTES + 4;
    if (n < fixed || memcmp(bytes, WEIGHTS_MAGIC, 8) != 0)
        return "not a weights file (no AMZWTS1 header)";
    memset(out, 0, sizeof *out);
    memcpy(out->kind, bytes + 8, WEIGHTS_KIND_BYTES);
    out->recipe_length = weights_u32(bytes + 16);
    size_t at = fixed;
    if (out->recipe_length > n - at || n - at - out->recipe_length < 8)
        return "truncated: the file ends inside its recipe";
    out->recipe = (const char *)bytes + at;
    at += out->recipe_length;
    uint64_t size = weights_u64(bytes + at);
    at += 8;
    if (n - at < 8 || size > n - at - 8)
        return "truncated: the file ends inside its weights";
    if (n - at - 8 != size)
        return "bytes after the checksum";
    out->payload = bytes + at;
    out->payload_size = (size_t)size;
    at += (size_t)size;
    out->checksum = weights_u64(bytes + at);
    /* The kind first: a file of another kind is not read through. */
    if (strcmp(out->kind, kind) != 0)
        return strcmp(kind, "network") == 0 ? "holds no network (another kind of weights)"
                                             : "holds no formula (another kind of weights)";
    if (weights_fnv1a(bytes, at, WEIGHTS_FNV_BASIS) != out->checksum)
        return "damaged: the checksum does not match";
    return NULL;
}

const char *weights_read_file(const char *path, uint8_t **bytes, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return "cannot open the weights file";
    size_t capacity = 1 << 16, size = 0;
    uint8_t *buffer = malloc(capacity);
    for (size_t got; buffer && (got = fread(buffer + size, 1, capacity - size, f)) > 0;) {
        size += got;
        if (size == capacity) {
            uint8_t *grown = capacity < ((size_t)1 << 30) ? realloc(buffer, capacity * 2) : NULL;
            if (!grown)
                free(buffer);
            buffer = grown;
            capacity *= 2;
        }
    }
    bool failed = ferror(f);
    fclose(f);
    if (!buffer || failed) {
        free(buffer);
        return failed ? "cannot read the file" : "out of memory (or over 1 GiB)";
    }
    *bytes = buffer;
    *n = size;
    return NULL;
}

bool weights_write(const char *path, const char *kind, const char *recipe, const uint8_t *payload,
                   size_t size)
{
    size_t recipe_length = strlen(recipe);
    size_t total = 8 + WEIGHTS_KIND_BYTES + 4 + recipe_length + 8 + size + 8;
    uint8_t *bytes = calloc(1, total);
    if (!bytes)
        return false;
    memcpy(bytes, WEIGHTS_MAGIC, 8);
    strncpy((char *)bytes + 8, kind, WEIGHTS_KIND_BYTES);
    weights_put_u32(bytes + 16, (uint32_t)recipe_length);
    size_t at = 20;
    memcpy(bytes + at, recipe, recipe_length);
    at += recipe_length;
    weights_put_u64(bytes + at, size);
    at += 8;
    memcpy(bytes + at, payload, size);
    at += size;
    weights_put_u64(bytes + at, weights_fnv1a(bytes, at, WEIGHTS_FNV_BASIS));
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(bytes, 1, total, f) == total;
    ok = f && fclose(f) == 0 && ok;
    free(bytes);
    return ok;
}
