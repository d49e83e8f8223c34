/* table_memory.c - cache-line aligned calloc (table_memory.h). */
#include "engine/table_memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20 };

/*
 * Asks for huge pages on the whole 2 MiB pages inside [start, start + bytes).
 * A table of gigabytes probed at random misses the TLB at nearly every
 * lookup, and with 4 KiB pages each miss is a walk of four levels.
 */
static void advise_huge_pages(char *start, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    uintptr_t first = ((uintptr_t)start + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t end = ((uintptr_t)start + bytes) & ~(uintptr_t)(HUGE_PAGE - 1);
    if (end > first)
        madvise((void *)first, end - first, MADV_HUGEPAGE);
#else
    (void)start;
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
