/*
 * table_memory.h - zeroed memory for hash tables, aligned to cache lines,
 * and huge pages for large blocks.
 *
 * The solver's tables hold buckets of 64 bytes, one cache line each, but
 * calloc returns memory 16 bytes past a line start, so each bucket would
 * straddle two lines and a lookup would miss the cache twice.  The memory
 * comes from calloc, so large tables still get zeroed pages from the system,
 * touched only when used.  Where the system offers them, large tables ask
 * for huge pages (2 MiB): lookups land at random in tables of gigabytes,
 * and with 4 KiB pages nearly each one also misses the TLB.
 */
#ifndef AMAZONS_TABLE_MEMORY_H
#define AMAZONS_TABLE_MEMORY_H

#include <stddef.h>

enum { CACHE_LINE = 64 };

/*
 * Zeroed room for `count` items of `size` bytes, starting on a cache line;
 * NULL when it cannot be had.  *block receives what to pass to free().
 */
void *table_calloc(size_t count, size_t size, void **block);

/*
 * Asks for transparent huge pages (2 MiB) on the whole huge pages inside
 * [block, block + bytes), where the system grants them on request; a
 * no-op elsewhere, and failure is harmless.  table_calloc does it already.
 */
void advise_huge_pages(void *block, size_t bytes);

#endif
