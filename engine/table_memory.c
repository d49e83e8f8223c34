/* table_memory.c - cache-line aligned calloc (table_memory.h). */
#include "engine/table_memory.h"

#include <stdint.h>
#include <stdlib.h>

void *table_calloc(size_t count, size_t size, void **block)
{
    *block = NULL;
    if (size && count > (SIZE_MAX - CACHE_LINE) / size)
        return NULL;
    char *raw = calloc(count * size + CACHE_LINE, 1);
    *block = raw;
    if (!raw)
        return NULL;
    return raw + (CACHE_LINE - (uintptr_t)raw % CACHE_LINE) % CACHE_LINE;
}
