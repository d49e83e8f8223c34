/*
 * prior_label.c - amazons-prior-label: what deep searches choose, for
 * learning the move ordering (docs/learning.md, "The move prior").
 *
 *   amazons-prior-label --playouts 40000 -j 2 -o visits.txt positions.bin...
 *
 * Searches each position of amazons-selfplay's or amazons-label's files
 * (--limit: the first N in key order) and writes one line per position:
 *
 *   KEY <tab> POSITION <tab> ITERATIONS <tab> MOVE:VISITS MOVE:VISITS ...
 *
 * with the position as position text, and every root move that had a
 * playout, most visited first.  Each search is seeded from the position's
 * key, so a line is the same whatever -j.  Lines are appended as they are
 * made; a killed run started again with the same arguments skips the
 * positions the file has.
 */
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/deadline.h"
#include "engine/move.h"
#include "engine/zobrist.h"
#include "eval/eval.h"
#include "eval/params.h"
#include "learn/data.h"
#include "protocol/numbers.h"
#include "search/search.h"

enum { MAX_JOBS = 64, MAX_ROOT_MOVES = 1 << 15, LINE_MAX_BYTES = 1 << 20 };

typedef struct {
    uint64_t playouts;
    int jobs, memory_mb;
    size_t limit;
    const char *output;
} Options;

typedef struct {
    const Options *o;
    const TrainingRecord **todo;
    size_t count, next, done; /* next and done under lock */
    FILE *out;                /* under lock */
    double start;
    bool failed;
    pthread_mutex_t lock;
} Run;

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: amazons-prior-label -o FILE [OPTION]... POSITIONS...\n"
        "Writes the root visit counts of a deep search of each position (docs/learning.md).\n"
        "\n"
        "  --playouts P   search iterations per position (default 40000)\n"
        "  --limit N      only the first N positions in key order (default: all)\n"
        "  --memory MB    tree memory per job (default 512)\n"
        "  --param NAME=VALUE  a search parameter of the teacher (repeatable; amazons --list-params)\n"
        "  -j N           positions at a time, one thread each (default 2)\n"
        "  -o FILE        where the lines go (appended; positions it has are skipped)\n");
}

/* Appends the line of one searched position to buf; false when it does not fit. */
static bool format_line(const TrainingRecord *r, const Position *pos, uint64_t iterations,
                        const Candidate *c, int n, char *buf, size_t size)
{
    char text[POSITION_TEXT_MAX];
    position_to_text(pos, text);
    size_t used = (size_t)snprintf(buf, size, "%016" PRIx64 "\t%s\t%" PRIu64 "\t", r->key, text, iterations);
    for (int i = 0; i < n && used < size; i++) {
        char move[16];
        move_to_text(c[i].move, move);
        used += (size_t)snprintf(buf + used, size - used, "%s%s:%u", i ? " " : "", move, c[i].visits);
    }
    used += used < size ? (size_t)snprintf(buf + used, size - used, "\n") : 0;
    return used < size;
}

static void *worker(void *arg)
{
    Run *run = arg;
    SearchConfig config;
    search_default_config(&config);
    config.memory_bytes = (size_t)run->o->memory_mb << 20;
    Search *search = search_create(&config);
    Candidate *candidates = malloc(MAX_ROOT_MOVES * sizeof *candidates);
    char *line = malloc(LINE_MAX_BYTES);
    bool ready = search && candidates && line;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        size_t i = run->next++;
        pthread_mutex_unlock(&run->lock);
        if (i >= run->count || !ready)
            break;
        Position pos;
        record_position(run->todo[i], &pos);
        search_clear(search);
        search_reseed(search, zobrist_mix(pos.hash));
        SearchLimits limits = { .iterations = run->o->playouts, .seconds = 1e9 };
        SearchResult result = search_run(search, &pos, &limits);
        int n = result.has_move ? search_candidates(search, candidates, 0, MAX_ROOT_MOVES) : 0;
        bool fits = format_line(run->todo[i], &pos, result.iterations, candidates, n, line, LINE_MAX_BYTES);
        pthread_mutex_lock(&run->lock);
        run->failed |= !fits || fputs(line, run->out) == EOF || fflush(run->out) != 0;
        run->done++;
        double elapsed = monotonic_seconds() - run->start;
        fprintf(stderr, "\ramazons-prior-label: %zu/%zu positions, %.0f an hour   ", run->done, run->count,
                run->done / elapsed * 3600);
        pthread_mutex_unlock(&run->lock);
    }
    if (!ready) {
        pthread_mutex_lock(&run->lock);
        run->failed = true;
        pthread_mutex_unlock(&run->lock);
    }
    free(line);
    free(candidates);
    search_destroy(search);
    return NULL;
}

/*
 * The keys of the positions the output already has.  A killed run may have
 * left a partly written last line: it is cut off, and its position is
 * searched again.  False without memory.
 */
static bool keys_done(const char *path, uint64_t **keys_out, size_t *count)
{
    *count = 0;
    *keys_out = NULL;
    FILE *f = fopen(path, "r");
    if (!f)
        return true; /* nothing done yet */
    size_t capacity = 0, size = 0;
    uint64_t *keys = NULL;
    char *line = NULL;
    off_t whole = 0; /* bytes of complete lines */
    ssize_t length;
    while ((length = getline(&line, &size, f)) > 0 && line[length - 1] == '\n') {
        uint64_t key;
        whole += length;
        if (sscanf(line, "%" SCNx64, &key) != 1)
            continue;
        if (*count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            uint64_t *grown = realloc(keys, capacity * sizeof *keys);
            if (!grown) {
                free(keys);
                free(line);
                fclose(f);
                return false;
            }
            keys = grown;
        }
        keys[(*count)++] = key;
    }
    free(line);
    fclose(f);
    if (truncate(path, whole) != 0)
        perror(path);
    *keys_out = keys;
    return true;
}

static int by_value(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static int label(const Options *o, TrainingSet *set)
{
    size_t done_count;
    uint64_t *done;
    if (!keys_done(o->output, &done, &done_count)) {
        fprintf(stderr, "amazons-prior-label: out of memory\n");
        return 1;
    }
    if (done_count)
        qsort(done, done_count, sizeof *done, by_value);
    Run run = { .o = o, .start = monotonic_seconds() };
    run.todo = malloc((set->count + 1) * sizeof *run.todo);
    run.out = fopen(o->output, "a");
    if (!run.todo || !run.out) {
        perror(o->output);
        return 1;
    }
    for (size_t i = 0; i < set->count && (!o->limit || i < o->limit); i++)
        if (!done_count || !bsearch(&set->records[i].key, done, done_count, sizeof *done, by_value))
            run.todo[run.count++] = &set->records[i];
    free(done);
    fprintf(stderr, "amazons-prior-label: %zu positions to search, %zu done before\n", run.count, done_count);
    pthread_mutex_init(&run.lock, NULL);
    pthread_t threads[MAX_JOBS];
    int started = 0;
    for (int i = 0; i < o->jobs; i++)
        started += pthread_create(&threads[started], NULL, worker, &run) == 0;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&run.lock);
    bool ok = started && !run.failed && run.done == run.count;
    ok &= fclose(run.out) == 0;
    free(run.todo);
    fprintf(stderr, "\n");
    if (!ok) {
        fprintf(stderr, "amazons-prior-label: stopped early (out of memory, or %s could not be written)\n",
                o->output);
        return 1;
    }
    return 0;
}

enum { OPT_PLAYOUTS = 256, OPT_LIMIT, OPT_MEMORY, OPT_PARAM, OPT_HELP };

static bool apply(Options *o, int opt, const char *arg)
{
    long n;
    unsigned long long u;
    switch (opt) {
    case OPT_PLAYOUTS: return parse_u64(arg, 100000000, &u) && u > 0 && (o->playouts = u, true);
    case OPT_LIMIT: return parse_u64(arg, 1ULL << 40, &u) && u > 0 && (o->limit = (size_t)u, true);
    case OPT_MEMORY: return parse_long(arg, 16, 65536, &n) && (o->memory_mb = (int)n, true);
    case OPT_PARAM: {
        const char *error = param_assign(arg);
        if (error)
            fprintf(stderr, "amazons-prior-label: %s\n", error);
        return !error;
    }
    case 'j': return parse_long(arg, 1, MAX_JOBS, &n) && (o->jobs = (int)n, true);
    case 'o': o->output = arg; return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "playouts", required_argument, NULL, OPT_PLAYOUTS }, { "limit", required_argument, NULL, OPT_LIMIT },
        { "memory", required_argument, NULL, OPT_MEMORY },     { "param", required_argument, NULL, OPT_PARAM },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 },
    };
    Options o = { .playouts = 40000, .jobs = 2, .memory_mb = 512 };
    eval_use(EVAL_AUTO);
    for (int opt; (opt = getopt_long(argc, argv, "j:o:", options, NULL)) != -1;) {
        if (opt == OPT_HELP) {
            usage(stdout);
            return 0;
        }
        if (opt == '?' || !apply(&o, opt, optarg)) {
            if (opt != '?')
                fprintf(stderr, "amazons-prior-label: invalid value '%s'\n", optarg);
            usage(stderr);
            return 2;
        }
    }
    if (!o.output || optind >= argc) {
        usage(stderr);
        return 2;
    }
    TrainingSet set = { 0 };
    const char *bad, *error = set_read_files(&set, argv + optind, argc - optind, &bad);
    if (error) {
        fprintf(stderr, "amazons-prior-label: %s: %s\n", bad, error);
        set_free(&set);
        return 2;
    }
    set_merge_duplicates(&set); /* key order, one record a position */
    if (!set_one_board(&set)) {
        fprintf(stderr, "amazons-prior-label: positions of more than one board size: label each apart\n");
        set_free(&set);
        return 2;
    }
    if (set.count)
        params_use_board(set.records[0].width, set.records[0].height);
    int status = label(&o, &set);
    set_free(&set);
    return status;
}
