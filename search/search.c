/*
 * search.c - running a search: worker threads, limits, stopping, pausing
 * for snapshots, and reusing the tree of the previous search.
 *
 * Every worker runs mcts_iterate until a limit is reached or search_stop is
 * called.  The driving thread does not iterate itself: it stays free to read
 * commands, print analysis and stop the search when asked.  A stepped search
 * has no workers: its owner's thread runs it in slices (search_slice).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "search/search_internal.h"
#include "search/timeman.h"

/* Nice value of background searches' workers (see lower_priority). */
#define BACKGROUND_NICE 10

/* ---- limits ---- */

static bool root_decided(const Search *s)
{
    const Node *root = &s->arena.nodes[s->root];
    return __atomic_load_n(&root->proof, __ATOMIC_RELAXED) != PROOF_NONE;
}

static bool limit_reached(const Search *s, uint64_t done)
{
    const SearchLimits *l = &s->limits;
    if (l->iterations && done >= l->iterations)
        return true;
    if (!l->until_stopped && done % 8 == 0 && monotonic_seconds() >= s->deadline)
        return true;
    if (l->stop_when_full && __atomic_load_n(&s->arena.full, __ATOMIC_RELAXED))
        return true;
    return root_decided(s);
}

static bool should_stop(Search *s, uint64_t done)
{
    if (__atomic_load_n(&s->stop, __ATOMIC_RELAXED))
        return true;
    if (!limit_reached(s, done))
        return false;
    __atomic_store_n(&s->stop, true, __ATOMIC_RELAXED);
    return true;
}

/* ---- workers ---- */

/* Waits while a snapshot holds the workers. */
static void pause_point(Search *s)
{
    if (!__atomic_load_n(&s->pause, __ATOMIC_ACQUIRE))
        return;
    pthread_mutex_lock(&s->lock);
    s->paused_workers++;
    pthread_cond_signal(&s->paused_cond);
    while (__atomic_load_n(&s->pause, __ATOMIC_ACQUIRE))
        pthread_cond_wait(&s->resume_cond, &s->lock);
    s->paused_workers--;
    pthread_mutex_unlock(&s->lock);
}

static void worker_ended(Search *s)
{
    pthread_mutex_lock(&s->lock);
    bool last = --s->running_workers == 0;
    if (last)
        s->finished = true;
    void (*callback)(void *) = s->on_finish;
    void *arg = s->on_finish_arg;
    pthread_cond_signal(&s->paused_cond);
    pthread_mutex_unlock(&s->lock);
    if (last && callback)
        callback(arg);
}

/*
 * Pondering runs while the engine waits for commands: its workers yield the
 * CPU to the threads that read and answer them, and to an opponent's program
 * thinking on the same machine.  Linux gives each thread its own nice value;
 * elsewhere this may do nothing.
 */
static void lower_priority(void)
{
#ifdef SYS_gettid
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), BACKGROUND_NICE);
#endif
}

/*
 * Runs iterations as worker `index` until a limit or a stop ends the search
 * (true), or until the clock passes `until` (false: a stepped search's slice
 * is over).
 */
static bool iterate(Search *s, int index, double until)
{
    for (;;) {
        pause_point(s);
        /* Claim an iteration first, so an iteration cap is exact with any thread count. */
        uint64_t done = __atomic_fetch_add(&s->iterations, 1, __ATOMIC_RELAXED);
        if (s->limits.iterations && done >= s->limits.iterations)
            return true;
        mcts_iterate(s, index);
        if (should_stop(s, done + 1))
            return true;
        if (until < INFINITY && done % 8 == 0 && monotonic_seconds() >= until)
            return false;
    }
}

static void *work(void *arg)
{
    WorkerArg *w = arg;
    Search *s = w->search;
    if (s->limits.low_priority)
        lower_priority();
    iterate(s, w->index, INFINITY);
    worker_ended(s);
    return NULL;
}

/* ---- stepped searches ---- */

/* The stepped search in progress: at most one runs at a time (one owner thread). */
static Search *stepping;

/* Starts a stepped search: one worker, which runs only in search_slice. */
static void start_stepping(Search *s)
{
    s->running_workers = 0; /* nobody iterates between slices: pauses need no waiting */
    s->paused_workers = 0;
    s->finished = false;
    s->thread_count = 0;
    stepping = s;
}

bool search_slice(double seconds)
{
    Search *s = stepping;
    if (!s)
        return false;
    if (!iterate(s, 0, monotonic_seconds() + seconds))
        return true;
    stepping = NULL;
    pthread_mutex_lock(&s->lock);
    s->finished = true;
    void (*callback)(void *) = s->on_finish;
    void *arg = s->on_finish_arg;
    pthread_mutex_unlock(&s->lock);
    if (callback)
        callback(arg);
    return true;
}

/*
 * Starts the workers: threads, and with a synchronous search the calling
 * thread as worker 0 (no thread to start and join when nothing has to
 * watch the search).  Should a thread fail to start, the search goes on
 * with those that did; with none at all, on the calling thread.
 */
static void start_workers(Search *s)
{
    if (s->config.stepped && !s->limits.synchronous) {
        start_stepping(s);
        return;
    }
    int wanted = s->config.threads, first = s->limits.synchronous ? 1 : 0;
    s->running_workers = wanted;
    s->paused_workers = 0;
    s->finished = false;
    s->thread_count = 0;
    for (int i = 0; i < wanted; i++)
        s->worker_args[i] = (WorkerArg){ s, i };
    int started = first;
    for (int i = first; i < wanted; i++) {
        if (pthread_create(&s->threads[s->thread_count], NULL, work, &s->worker_args[i]) != 0)
            break;
        s->thread_count++;
        started++;
    }
    if (started == 0) {
        s->running_workers = 1; /* no thread at all: work here */
        first = 1;
    } else if (started < wanted) {
        pthread_mutex_lock(&s->lock);
        s->running_workers -= wanted - started; /* never started */
        bool last = s->running_workers == 0;    /* the others may have ended already */
        if (last)
            s->finished = true;
        pthread_mutex_unlock(&s->lock);
        if (last && s->on_finish)
            s->on_finish(s->on_finish_arg);
    }
    if (first)
        work(&s->worker_args[0]);
}

void search_pause(Search *s)
{
    if (!s->started)
        return;
    pthread_mutex_lock(&s->lock);
    __atomic_store_n(&s->pause, true, __ATOMIC_RELEASE);
    while (s->paused_workers < s->running_workers)
        pthread_cond_wait(&s->paused_cond, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

void search_resume(Search *s)
{
    if (!s->started)
        return;
    pthread_mutex_lock(&s->lock);
    __atomic_store_n(&s->pause, false, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&s->resume_cond);
    pthread_mutex_unlock(&s->lock);
}

/* ---- tree reuse ---- */

/* Looks for pos among the expanded nodes up to `max_depth` below node (depth kept even). */
static uint32_t find_position(Search *s, uint32_t index, Position *at, int depth, int max_depth,
                              int from, int to, const Position *target)
{
    if (depth % 2 == 0 && position_equal(at, target))
        return index;
    const Node *n = &s->arena.nodes[index];
    if (depth == max_depth || n->state != NODE_EXPANDED)
        return UINT32_MAX;
    for (int i = 0; i < n->child_count; i++) {
        const Node *c = child_of(s, n, i);
        if (c->visits == 0)
            continue;
        uint32_t found;
        if (depth % 2 == 0) {
            found = find_position(s, n->first_child + i, at, depth + 1, max_depth, c->a, c->b, target);
        } else {
            Move m = { (uint8_t)from, (uint8_t)to, c->a };
            position_make(at, m);
            found = find_position(s, n->first_child + i, at, depth + 1, max_depth, NO_SQUARE, NO_SQUARE, target);
            position_unmake(at, m);
        }
        if (found != UINT32_MAX)
            return found;
    }
    return UINT32_MAX;
}

/*
 * Makes pos the root, keeping its subtree when the old tree holds it.  The
 * rest of the old tree is garbage that stays in the arena until it fills to
 * a quarter (or up) and a foreground search compacts it: compacting a big
 * tree takes a while, which a background search, started between two
 * commands, must not make the next command wait for.
 */
static void prepare_root(Search *s, const Position *pos, bool background)
{
    uint32_t found = UINT32_MAX;
    if (s->have_tree && position_same_board(&s->root_pos, pos)) {
        Position at = s->root_pos;
        found = find_position(s, s->root, &at, 0, 4, NO_SQUARE, NO_SQUARE, pos);
    }
    if (found == UINT32_MAX)
        s->root = arena_reset(&s->arena);
    else if (s->arena.full || (!background && s->arena.used > s->arena.capacity / 4))
        s->root = arena_keep_subtree(&s->arena, found);
    else
        s->root = found;
    s->root_pos = *pos;
    s->have_tree = true;
}

/* ---- the verbose summary ---- */

static void report(const Search *s, const SearchResult *r)
{
    char line[PV_MAX * (MOVE_TEXT_MAX + 1) + 1] = "";
    for (int i = 0; i < r->pv_length; i++) {
        char text[MOVE_TEXT_MAX];
        move_to_text(r->pv[i], text);
        strcat(line, i ? " " : "");
        strcat(line, text);
    }
    fprintf(stderr, "search: %llu iterations in %.3f s (%.0f/s), win %.1f%%, nodes %u%s, reused %u, pv %s\n",
            (unsigned long long)r->iterations, r->seconds,
            r->seconds > 0 ? r->iterations / r->seconds : 0.0, 100.0 * r->win_rate,
            s->arena.used, s->arena.full ? " (memory full)" : "", s->reused_visits, line);
}

/* ---- public interface ---- */

void search_default_config(SearchConfig *config)
{
    config->threads = 1;
    config->memory_bytes = (size_t)SEARCH_DEFAULT_MEMORY_MB << 20;
    config->seed = 1;
    config->verbose = false;
    /* Without threads (WebAssembly), background searches run in slices. */
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    config->stepped = true;
#else
    config->stepped = false;
#endif
}

Search *search_create(const SearchConfig *config)
{
    mcts_init();
    if (config->threads < 1 || config->threads > MAX_THREADS)
        return NULL;
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->config = *config;
    if (!arena_init(&s->arena, config->memory_bytes)) {
        arena_free(&s->arena);
        free(s);
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->paused_cond, NULL);
    pthread_cond_init(&s->resume_cond, NULL);
    search_reseed(s, config->seed);
    return s;
}

void search_destroy(Search *s)
{
    if (!s)
        return;
    if (s->started) {
        search_stop(s);
        search_wait(s);
    }
    pthread_cond_destroy(&s->resume_cond);
    pthread_cond_destroy(&s->paused_cond);
    pthread_mutex_destroy(&s->lock);
    arena_free(&s->arena);
    free(s->owners);
    free(s);
}

void search_clear(Search *s)
{
    s->have_tree = false;
}

void search_reseed(Search *s, uint64_t seed)
{
    for (int i = 0; i < MAX_THREADS; i++)
        rng_seed(&s->rngs[i], seed * MAX_THREADS + (uint64_t)i);
}

void search_on_finish(Search *s, void (*callback)(void *arg), void *arg)
{
    pthread_mutex_lock(&s->lock);
    s->on_finish = callback;
    s->on_finish_arg = arg;
    pthread_mutex_unlock(&s->lock);
}

void search_start(Search *s, const Position *pos, const SearchLimits *limits)
{
    s->start = monotonic_seconds(); /* before the tree is pruned for reuse: that takes time too */
    s->limits = *limits;
    s->iterations = 0;
    s->stop = false;
    s->pause = false;
    s->started = true;
    if (limits->track_ownership && !s->owners)
        s->owners = malloc((size_t)s->config.threads * sizeof *s->owners);
    if (!s->owners)
        s->limits.track_ownership = false; /* no memory for it: nothing is gathered */
    else
        memset(s->owners, 0, (size_t)s->config.threads * sizeof *s->owners);
    if (!has_legal_move(pos, pos->to_move)) {
        s->root_pos = *pos;
        s->have_tree = false;
        s->thread_count = 0;
        s->running_workers = 0;
        s->finished = true;
        if (s->on_finish)
            s->on_finish(s->on_finish_arg);
        return;
    }
    prepare_root(s, pos, limits->until_stopped);
    mcts_prepare(s);
    s->reused_visits = s->arena.nodes[s->root].visits;
    s->deadline = s->start + (limits->seconds > 0 ? limits->seconds : 0);
    start_workers(s);
}

void search_stop(Search *s)
{
    __atomic_store_n(&s->stop, true, __ATOMIC_RELAXED);
}

bool search_finished(Search *s)
{
    pthread_mutex_lock(&s->lock);
    bool finished = s->finished;
    pthread_mutex_unlock(&s->lock);
    return finished;
}

SearchResult search_wait(Search *s)
{
    SearchResult r;
    memset(&r, 0, sizeof r);
    if (!s->started)
        return r;
    while (stepping == s)
        search_slice(1.0);
    for (int i = 0; i < s->thread_count; i++)
        pthread_join(s->threads[i], NULL);
    s->thread_count = 0;
    s->started = false;
    if (!s->have_tree)
        return r; /* no legal move */
    r.iterations = s->iterations;
    if (s->limits.iterations && r.iterations > s->limits.iterations)
        r.iterations = s->limits.iterations;
    r.seconds = monotonic_seconds() - s->start;
    fill_result(s, &r);
    if (s->config.verbose)
        report(s, &r);
    return r;
}

SearchResult search_run(Search *s, const Position *pos, const SearchLimits *limits)
{
    SearchLimits synchronous = *limits;
    synchronous.synchronous = true;
    search_start(s, pos, &synchronous);
    return search_wait(s);
}
