/*
 * label.c - amazons-label: a teacher's values for training positions.
 *
 *   amazons-label --playouts 40000 --sample 4 -j 2 -o labelled.bin positions.bin
 *
 * Reads positions (amazons-selfplay's files), keeps one in --sample of them
 * (chosen by key, so the same whatever the order of the files; --limit
 * keeps the first so many of those in key order), and
 * replaces each one's `value` with what a deep search of the engine makes
 * of it: the exact result where the solver proves the position within
 * --solver-nodes (1 or 0), else the search's win rate after --playouts
 * iterations.  The game's outcome (`result`) is kept.  Each position's
 * search is seeded from its key, so a label is the same whatever -j and
 * --shard.
 *
 * Labels go to OUT.journal as they are made; a killed run started again
 * with the same arguments skips what the journal has, and the finished run
 * writes OUT (sorted by key) and removes the journal.  --shard I/N labels
 * the kept positions whose rank is I modulo N, for spreading a run over
 * machines (GNU parallel, a Slurm array); amazons-selfplay --merge joins
 * the shards' files.
 */
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/deadline.h"
#include "engine/movegen.h"
#include "engine/zobrist.h"
#include "eval/eval.h"
#include "eval/params.h"
#include "learn/data.h"
#include "match/schedule.h"
#include "protocol/numbers.h"
#include "search/handover.h"
#include "search/search.h"
#include "solver/solver.h"

enum { MAX_JOBS = 64 };
#define PROGRESS_SECONDS 10.0

typedef struct {
    uint64_t playouts, solver_nodes;
    int sample, jobs, memory_mb;
    Shard shard; /* --shard I/N; 0/1: every position */
    size_t limit; /* label only the first `limit` kept positions (key order); 0: all */
    const char *output;
} Options;

typedef struct {
    const Options *o;
    TrainingRecord **todo;     /* the positions still to label */
    size_t count, next, done;  /* next and done under lock */
    size_t proven;
    FILE *journal;             /* under lock */
    double start, next_report;
    pthread_mutex_t lock;
    bool failed;
} Run;

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: amazons-label -o FILE [OPTION]... POSITIONS...\n"
        "Labels training positions with a deep search of the engine (docs/learning.md).\n"
        "\n"
        "  --playouts P         search iterations per position (default 40000)\n"
        "  --solver-nodes N     the exact solver's budget where it may settle the\n"
        "                       position (default 200000; 0: never)\n"
        "  --sample K           label one position in K, chosen by key (default 1)\n"
        "  --limit N            only the first N of those, in key order (default: all)\n"
        "  --eval KIND          the teacher's evaluation: classic (default), formula,\n"
        "                       net or auto, as the engine's --eval\n"
        "  --memory MB          tree memory per job (default 512)\n"
        "  -j N                 positions at a time, one thread each (default 2)\n"
        "  --shard I/N          only the kept positions whose rank is I modulo N\n"
        "  -o FILE              where the labelled positions go (FILE.journal meanwhile)\n");
}

/* The solver's verdict where it gives one quickly, else the search's. */
static double teacher_value(const Options *o, const Position *pos, Search *search, Solver *solver,
                            bool *proven)
{
    *proven = false;
    if (solver && handover_worth_solving(pos)) {
        SolveLimits limits = { .nodes = o->solver_nodes };
        SolveResult s = solver_solve(solver, pos, &limits);
        if (s.outcome != SOLVE_UNKNOWN) {
            *proven = true;
            return s.outcome == SOLVE_WIN ? 1.0 : 0.0;
        }
    }
    search_clear(search);
    search_reseed(search, zobrist_mix(pos->hash));
    SearchLimits limits = { .iterations = o->playouts, .seconds = 1e9 };
    SearchResult r = search_run(search, pos, &limits);
    return r.win_rate;
}

static void report(Run *run, bool last)
{
    double elapsed = monotonic_seconds() - run->start;
    double rate = elapsed > 0 ? run->done / elapsed : 0;
    fprintf(stderr, "\ramazons-label: %zu/%zu positions, %zu proven, %.0f an hour, %.0f s left   %s",
            run->done, run->count, run->proven, rate * 3600,
            rate > 0 ? (run->count - run->done) / rate : 0.0, last ? "\n" : "");
}

static void *worker(void *arg)
{
    Run *run = arg;
    const Options *o = run->o;
    SearchConfig config;
    search_default_config(&config);
    config.memory_bytes = (size_t)o->memory_mb << 20;
    Search *search = search_create(&config);
    Solver *solver = o->solver_nodes ? solver_create((size_t)64 << 20) : NULL;
    bool ready = search && (solver || !o->solver_nodes);
    for (;;) {
        pthread_mutex_lock(&run->lock);
        size_t i = run->next++;
        pthread_mutex_unlock(&run->lock);
        if (i >= run->count || !ready)
            break;
        TrainingRecord *r = run->todo[i];
        Position pos;
        record_position(r, &pos);
        bool proven;
        double value = teacher_value(o, &pos, search, solver, &proven);
        r->value = (uint16_t)(value <= 0 ? 0 : value >= 1 ? 65535 : value * 65535.0 + 0.5);
        pthread_mutex_lock(&run->lock);
        run->failed |= !journal_append(run->journal, r);
        run->done++;
        run->proven += proven;
        if (monotonic_seconds() >= run->next_report) {
            report(run, false);
            run->next_report = monotonic_seconds() + PROGRESS_SECONDS;
        }
        pthread_mutex_unlock(&run->lock);
    }
    if (!ready)
        run->failed = true;
    search_destroy(search);
    solver_destroy(solver);
    return NULL;
}

static int by_key(const void *x, const void *y)
{
    const TrainingRecord *a = x, *b = y;
    return a->key < b->key ? -1 : a->key > b->key ? 1 : memcmp(a->cells, b->cells, TRAINING_CELL_BYTES);
}

static bool same_position(const TrainingRecord *a, const TrainingRecord *b)
{
    return by_key(a, b) == 0 && a->to_move == b->to_move && a->width == b->width;
}

/* Whether the journal (sorted) already holds r. */
static bool labelled(const TrainingSet *journal, const TrainingRecord *r)
{
    if (!journal->count)
        return false; /* no array to search (bsearch wants one) */
    const TrainingRecord *hit = bsearch(r, journal->records, journal->count, sizeof *r, by_key);
    return hit && same_position(hit, r);
}

/* The positions of this run: sampled, this shard's, in key order. */
static bool select_positions(const Options *o, TrainingSet *all, TrainingSet *mine)
{
    set_merge_duplicates(all); /* key order, one record a position */
    size_t rank = 0;
    for (size_t i = 0; i < all->count; i++) {
        if (zobrist_mix(all->records[i].key) % (uint64_t)o->sample != 0)
            continue;
        if (o->limit && rank >= o->limit)
            break;
        if (rank++ % (size_t)o->shard.count == (size_t)o->shard.index && !set_add(mine, &all->records[i]))
            return false;
    }
    return true;
}

/* Picks up a journal a killed run left: its whole records, the rest cut off. */
static const char *resume(const char *journal_path, TrainingSet *journal)
{
    const char *error = journal_read(journal, journal_path);
    if (error)
        return error;
    if (journal->count && truncate(journal_path, (off_t)(journal->count * TRAINING_RECORD_BYTES)) != 0)
        return "cannot cut the journal's partial last record";
    if (journal->count)
        qsort(journal->records, journal->count, sizeof *journal->records, by_key);
    return NULL;
}

static int label(const Options *o, TrainingSet *mine, const char *journal_path)
{
    TrainingSet journal = { 0 };
    const char *error = resume(journal_path, &journal);
    if (error) {
        fprintf(stderr, "amazons-label: %s: %s\n", journal_path, error);
        return 1;
    }
    Run run = { .o = o, .start = monotonic_seconds() };
    run.next_report = run.start + PROGRESS_SECONDS;
    run.todo = malloc((mine->count + 1) * sizeof *run.todo);
    run.journal = fopen(journal_path, "ab");
    if (!run.todo || !run.journal) {
        perror(journal_path);
        return 1;
    }
    for (size_t i = 0; i < mine->count; i++)
        if (!labelled(&journal, &mine->records[i]))
            run.todo[run.count++] = &mine->records[i];
    if (journal.count)
        fprintf(stderr, "amazons-label: %zu positions labelled before, %zu to go\n", journal.count, run.count);
    pthread_mutex_init(&run.lock, NULL);
    pthread_t threads[MAX_JOBS];
    int started = 0;
    for (int i = 0; i < o->jobs; i++)
        started += pthread_create(&threads[started], NULL, worker, &run) == 0;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    report(&run, true);
    pthread_mutex_destroy(&run.lock);
    bool ok = started && !run.failed && run.done == run.count && fclose(run.journal) == 0;
    free(run.todo);
    set_free(&journal);
    if (!ok) {
        fprintf(stderr, "amazons-label: stopped early (out of memory, or the journal could not be written)\n");
        return 1;
    }
    /* Every label is in the journal now: this run's positions, read back from it, are the output. */
    error = journal_read(&journal, journal_path);
    TrainingSet out = { 0 };
    if (!error && journal.count) {
        qsort(journal.records, journal.count, sizeof *journal.records, by_key);
        for (size_t i = 0; !error && i < mine->count; i++) {
            const TrainingRecord *hit = bsearch(&mine->records[i], journal.records, journal.count,
                                                sizeof *journal.records, by_key);
            error = !hit || !same_position(hit, &mine->records[i]) ? "a position is missing from the journal"
                  : !set_add(&out, hit) ? "out of memory" : NULL;
        }
    }
    if (!error && out.count != mine->count)
        error = "a position is missing from the journal";
    bool written = !error && set_write(&out, o->output);
    fprintf(stderr, "amazons-label: %zu positions to %s\n", out.count, o->output);
    set_free(&journal);
    set_free(&out);
    if (!written) {
        fprintf(stderr, "amazons-label: %s: %s\n", o->output, error ? error : "cannot write");
        return 1;
    }
    remove(journal_path);
    return 0;
}

enum { OPT_PLAYOUTS = 256, OPT_SOLVER_NODES, OPT_SAMPLE, OPT_LIMIT, OPT_EVAL, OPT_MEMORY, OPT_SHARD, OPT_HELP };

static bool apply(Options *o, int opt, const char *arg)
{
    long n;
    unsigned long long u;
    switch (opt) {
    case OPT_PLAYOUTS: return parse_u64(arg, 100000000, &u) && u > 0 && (o->playouts = u, true);
    case OPT_SOLVER_NODES: return parse_u64(arg, 1000000000, &u) && (o->solver_nodes = u, true);
    case OPT_SAMPLE: return parse_long(arg, 1, 1000000, &n) && (o->sample = (int)n, true);
    case OPT_LIMIT: return parse_u64(arg, 1ULL << 40, &u) && u > 0 && (o->limit = (size_t)u, true);
    case OPT_EVAL: {
        EvalKind kind;
        return eval_kind_parse(arg, &kind) && (eval_use(kind), true);
    }
    case OPT_MEMORY: return parse_long(arg, 16, 65536, &n) && (o->memory_mb = (int)n, true);
    case OPT_SHARD: return shard_parse(arg, &o->shard);
    case 'j': return parse_long(arg, 1, MAX_JOBS, &n) && (o->jobs = (int)n, true);
    case 'o': o->output = arg; return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "playouts", required_argument, NULL, OPT_PLAYOUTS },
        { "solver-nodes", required_argument, NULL, OPT_SOLVER_NODES },
        { "sample", required_argument, NULL, OPT_SAMPLE }, { "limit", required_argument, NULL, OPT_LIMIT },
        { "eval", required_argument, NULL, OPT_EVAL },     { "memory", required_argument, NULL, OPT_MEMORY },
        { "shard", required_argument, NULL, OPT_SHARD },   { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 },
    };
    Options o = { .playouts = 40000, .solver_nodes = 200000, .sample = 1, .jobs = 2, .shard = { 0, 1 },
                  .memory_mb = 512 };
    eval_use(EVAL_CLASSIC); /* the first generation's teacher; --eval names another */
    for (int opt; (opt = getopt_long(argc, argv, "j:o:", options, NULL)) != -1;) {
        if (opt == OPT_HELP) {
            usage(stdout);
            return 0;
        }
        if (opt == '?' || !apply(&o, opt, optarg)) {
            if (opt != '?')
                fprintf(stderr, "amazons-label: invalid value '%s'\n", optarg);
            usage(stderr);
            return 2;
        }
    }
    if (!o.output || optind >= argc) {
        usage(stderr);
        return 2;
    }
    TrainingSet all = { 0 }, mine = { 0 };
    const char *bad, *error = set_read_files(&all, argv + optind, argc - optind, &bad);
    if (error) {
        fprintf(stderr, "amazons-label: %s: %s\n", bad, error);
        set_free(&all);
        return 2;
    }
    if (!select_positions(&o, &all, &mine)) {
        fprintf(stderr, "amazons-label: out of memory\n");
        return 1;
    }
    set_free(&all);
    if (!set_one_board(&mine)) {
        fprintf(stderr, "amazons-label: positions of more than one board size: label each size apart\n");
        set_free(&mine);
        return 2;
    }
    if (mine.count)
        params_use_board(mine.records[0].width, mine.records[0].height);
    char journal_path[4096];
    snprintf(journal_path, sizeof journal_path, "%s.journal", o.output);
    int status = label(&o, &mine, journal_path);
    set_free(&mine);
    return status;
}
