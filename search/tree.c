/* tree.c - node arena: allocation and in-place compaction for tree reuse. */
#include "search/tree.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/table_memory.h"

bool arena_init(Arena *arena, size_t bytes)
{
    /* Each node costs its size plus one mark bit. */
    size_t count = bytes / (sizeof(Node) + 1);
    if (count < 1024)
        return false;
    if (count > UINT32_MAX - 1)
        count = UINT32_MAX - 1;
    arena->capacity = (uint32_t)count;
    arena->nodes = malloc(count * sizeof(Node));
    /* A search keeps touching fresh nodes: faulting them in 4 KiB at a time
       cost about a fifth of a first search's time. */
    advise_huge_pages(arena->nodes, count * sizeof(Node));
    arena->marks = calloc((count + 63) / 64, sizeof(uint64_t));
    arena->used = 0;
    arena->full = false;
    return arena->nodes && arena->marks;
}

void arena_free(Arena *arena)
{
    free(arena->nodes);
    free(arena->marks);
    arena->nodes = NULL;
    arena->marks = NULL;
}

uint32_t arena_reset(Arena *arena)
{
    arena->used = 1;
    arena->full = false;
    memset(&arena->nodes[0], 0, sizeof(Node));
    return 0;
}

uint32_t arena_alloc(Arena *arena, uint32_t count)
{
    if (__atomic_load_n(&arena->used, __ATOMIC_RELAXED) + (uint64_t)count > arena->capacity) {
        __atomic_store_n(&arena->full, true, __ATOMIC_RELAXED);
        return UINT32_MAX;
    }
    uint32_t first = __atomic_fetch_add(&arena->used, count, __ATOMIC_RELAXED);
    if ((uint64_t)first + count > arena->capacity) {
        /* Lost a race for the last space: those nodes stay unused. */
        __atomic_store_n(&arena->full, true, __ATOMIC_RELAXED);
        return UINT32_MAX;
    }
    return first;
}

static void mark(Arena *arena, uint32_t index)
{
    arena->marks[index / 64] |= 1ULL << (index % 64);
}

static bool is_marked(const Arena *arena, uint32_t index)
{
    return (arena->marks[index / 64] >> (index % 64)) & 1;
}

/* Marks a subtree with an explicit stack of nodes; false when memory ran out. */
static bool mark_subtree(Arena *arena, uint32_t root)
{
    size_t top = 0, capacity = 1024;
    uint32_t *stack = malloc(capacity * sizeof(uint32_t));
    if (!stack)
        return false;
    mark(arena, root);
    stack[top++] = root;
    while (top) {
        const Node *n = &arena->nodes[stack[--top]];
        if (n->state != NODE_EXPANDED)
            continue;
        if (top + n->child_count > capacity) {
            capacity = 2 * (top + n->child_count);
            uint32_t *bigger = realloc(stack, capacity * sizeof(uint32_t));
            if (!bigger) {
                free(stack);
                return false;
            }
            stack = bigger;
        }
        for (uint32_t i = 0; i < n->child_count; i++) {
            mark(arena, n->first_child + i);
            stack[top++] = n->first_child + i;
        }
    }
    free(stack);
    return true;
}

uint32_t arena_keep_subtree(Arena *arena, uint32_t root)
{
    uint32_t words = (arena->used + 63) / 64;
    memset(arena->marks, 0, words * sizeof(uint64_t));
    /* prefix[w] = marked nodes before word w: the new index of a node is its rank. */
    uint32_t *prefix = malloc((words + 1) * sizeof(uint32_t));
    if (!prefix || !mark_subtree(arena, root)) {
        free(prefix);
        return arena_reset(arena);
    }
    prefix[0] = 0;
    for (uint32_t w = 0; w < words; w++)
        prefix[w + 1] = prefix[w] + (uint32_t)__builtin_popcountll(arena->marks[w]);
#define RANK(i) (prefix[(i) / 64] + (uint32_t)__builtin_popcountll( \
                    arena->marks[(i) / 64] & ((1ULL << ((i) % 64)) - 1)))
    /* Sliding left in index order never overwrites a node not yet moved. */
    for (uint32_t i = 0; i < arena->used; i++) {
        if (!is_marked(arena, i))
            continue;
        Node n = arena->nodes[i];
        if (n.state == NODE_EXPANDED)
            n.first_child = RANK(n.first_child);
        else if (n.state == NODE_EXPANDING)
            n.state = NODE_LEAF;
        arena->nodes[RANK(i)] = n;
    }
    uint32_t new_root = RANK(root);
#undef RANK
    arena->used = prefix[words];
    arena->full = false;
    free(prefix);
    return new_root;
}
