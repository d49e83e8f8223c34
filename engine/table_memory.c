/* table_memory.c - cache-line aligned calloc, and huge pages on request (table_memory.h). */
#include "engine/table_memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20 };

void advise_huge_pages(void *block, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    uintptr_t start = ((uintptr_t)block + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t end = ((uintptr_t)block + bytes) & ~(uintptr_t)(HUGE_PAGE - 1);
    if (block && end > start)
        madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)block;
    (void)bytes;
#endif
}

void *table_calloc(size_t count, size_t size, void **block)
{
    *block = NULL;
    if (size && count > (SIZE_MAX - CACHE_LINE) / size)
        return NULL;
    char *raw = calloc(count * size + CACHE_LINE, 1);
    *block = raw;
    if (!raw)
        return NULL;
    advise_huge_pages(raw, count * size + CACHE_LINE);
    return raw + (CACHE_LINE - (uintptr_t)raw % CACHE_LINE) % CACHE_LINE;
}
