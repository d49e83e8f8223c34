/*
 * bench.c - speed figures: perft(3) from the 10x10 start, then a fixed number
 * of search iterations on three positions with 1 and 2 threads.  With one
 * thread the search is deterministic, so the chosen moves and the total
 * iteration count are a signature of the search's behaviour.
 *
 * When the environment names a reference perft program in
 * AMAZONS_NAIVE_PERFT (`make bench NAIVE_PERFT=file.c` builds one and sets
 * it), that command runs with the arguments "10 3" right after our perft(3),
 * timed the same way, and its time is set against ours.  It must print the
 * leaf count after the last '=' of a line, and the counts must agree.
 *
 * When AMAZONS_BASELINE names another build of the engine (`make bench
 * BASELINE=COMMIT`), its --bench runs right after our one-thread searches
 * and its speed on each position is set against ours.
 *
 * When the engine has a learned network for 10x10 (net.h), the one-thread
 * searches run again with the evaluation not in use (--eval), so that the
 * bench shows both evaluations' speed and signature moves.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/lines.h"
#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/net.h"
#include "protocol/bench.h"
#include "protocol/numbers.h"

static const char *const BENCH_POSITIONS[] = {
    "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w",
    /* Twelve moves in: amazons in contact, much still open. */
    "3B6/3W2x3/x2x6/2x3WB2/9x/3x3x1x/1xWBx5/6WB2/7x2/4x5 w",
    /* Twenty-eight moves in: the board is breaking into regions. */
    "1B6x1/1W1xxx1x2/x1xx1x1Bx1/2x2xW3/2x3xx2/7x2/2Wxx1xW2/2x1x1x1B1/x1x1Bxx3/2x6x w",
};

enum {
    BENCH_ITERATIONS = 200000,
    BENCH_POSITION_COUNT = sizeof BENCH_POSITIONS / sizeof BENCH_POSITIONS[0]
};

/* One search of the bench: its speed and its move (the signature). */
typedef struct {
    double rate;
    char move[MOVE_TEXT_MAX];
} SearchFigures;

enum { BENCH_PERFT_SIZE = 10, BENCH_PERFT_DEPTH = 3 };

/* Runs `command SIZE DEPTH`; fills the leaf count it printed and its wall time. */
static bool run_reference(const char *command, uint64_t *leaves, double *seconds)
{
    char line[4096];
    if (snprintf(line, sizeof line, "%s %d %d", command, BENCH_PERFT_SIZE, BENCH_PERFT_DEPTH)
        >= (int)sizeof line)
        return false;
    double start = monotonic_seconds();
    FILE *out = popen(line, "r");
    if (!out)
        return false;
    bool counted = false;
    while (fgets(line, sizeof line, out)) {
        char *equals = strrchr(line, '=');
        unsigned long long n;
        if (!equals)
            continue;
        equals[1 + strcspn(equals + 1, "\r\n")] = '\0';
        if (parse_u64(equals + 1 + strspn(equals + 1, " "), UINT64_MAX, &n)) {
            *leaves = n;
            counted = true;
        }
    }
    int status = pclose(out);
    *seconds = monotonic_seconds() - start;
    return counted && status == 0;
}

static int bench_reference(const char *command, uint64_t leaves, double seconds)
{
    uint64_t naive_leaves = 0;
    double naive_seconds;
    if (!run_reference(command, &naive_leaves, &naive_seconds)) {
        fprintf(stderr, "bench: \"%s\" failed or printed no leaf count\n", command);
        return 1;
    }
    if (naive_leaves != leaves) {
        fprintf(stderr, "bench: the reference counts %llu leaf moves, perft %llu\n",
                (unsigned long long)naive_leaves, (unsigned long long)leaves);
        return 1;
    }
    printf("reference perft(%d): %.3f s; perft takes %.3f of its time (%.1fx as fast)\n",
           BENCH_PERFT_DEPTH, naive_seconds, seconds / naive_seconds, naive_seconds / seconds);
    return 0;
}

static int bench_perft(void)
{
    Position pos;
    position_start(&pos, BENCH_PERFT_SIZE, BENCH_PERFT_SIZE);
    double start = monotonic_seconds();
    uint64_t leaves = perft(&pos, BENCH_PERFT_DEPTH);
    double seconds = monotonic_seconds() - start;
    printf("perft(%d) %dx%d start: %llu leaf moves in %.3f s, %.1f M leaf moves/s (%s lines)\n",
           BENCH_PERFT_DEPTH, BENCH_PERFT_SIZE, BENCH_PERFT_SIZE, (unsigned long long)leaves,
           seconds, leaves / seconds / 1e6, lines_method());
    const char *reference = getenv("AMAZONS_NAIVE_PERFT");
    return reference && *reference ? bench_reference(reference, leaves, seconds) : 0;
}

/*
 * Searches every position; fills figures[] (may be NULL).  `label` names
 * the evaluation when it is not the one in use by default (NULL: none).
 */
static int bench_search_as(const SessionOptions *options, int threads, SearchFigures *figures,
                           const char *label)
{
    SearchConfig config = options->search;
    config.threads = threads;
    uint64_t total = 0;
    double total_seconds = 0;
    for (size_t i = 0; i < BENCH_POSITION_COUNT; i++) {
        Search *search = search_create(&config);
        Position pos;
        if (!search || position_from_text(&pos, BENCH_POSITIONS[i])) {
            fprintf(stderr, "bench: cannot set up search or position %zu\n", i);
            search_destroy(search);
            return 1;
        }
        SearchLimits limits = { .seconds = 1e9, .iterations = BENCH_ITERATIONS };
        SearchResult r = search_run(search, &pos, &limits);
        char move[MOVE_TEXT_MAX];
        move_to_text(r.move, move);
        printf("search %d thread%s%s%s, position %zu: %llu iterations in %.3f s, %.0f iterations/s, best %s (%.1f%%)\n",
               threads, threads == 1 ? "" : "s", label ? ", " : "", label ? label : "", i + 1,
               (unsigned long long)r.iterations, r.seconds, r.iterations / r.seconds, move, 100 * r.win_rate);
        total += r.iterations;
        total_seconds += r.seconds;
        if (figures) {
            figures[i].rate = r.iterations / r.seconds;
            snprintf(figures[i].move, sizeof figures[i].move, "%s", move);
        }
        search_destroy(search);
    }
    printf("search %d thread%s%s%s: %llu iterations, %.0f iterations/s overall\n", threads,
           threads == 1 ? "" : "s", label ? ", " : "", label ? label : "", (unsigned long long)total,
           total / total_seconds);
    return 0;
}

static int bench_search(const SessionOptions *options, int threads, SearchFigures *figures)
{
    return bench_search_as(options, threads, figures, NULL);
}

/*
 * The one-thread searches again with the other evaluation, when the 10x10
 * positions have a learned network: both speeds, and both signatures.
 */
static int bench_other_evaluation(const SessionOptions *options)
{
    if (!net_for(10, 10))
        return 0;
    EvalKind kind = eval_in_use();
    bool net_first = eval_net_judges(10, 10); /* --eval net, or auto with --weights */
    eval_use(net_first ? EVAL_CLASSIC : EVAL_NET);
    int status = bench_search_as(options, 1, NULL, net_first ? "classic evaluation" : "net evaluation");
    eval_use(kind);
    return status;
}

/*
 * Reads the baseline's "search 1 thread, position N: ... R iterations/s,
 * best MOVE" lines and compares them with ours.
 */
static int bench_baseline(const char *command, const SearchFigures *ours)
{
    char line[4096];
    snprintf(line, sizeof line, "%s --bench", command);
    FILE *out = popen(line, "r");
    if (!out) {
        fprintf(stderr, "bench: cannot run the baseline \"%s\"\n", command);
        return 1;
    }
    int found = 0;
    while (fgets(line, sizeof line, out)) {
        unsigned position;
        double rate;
        char move[MOVE_TEXT_MAX + 4];
        const char *figures = strstr(line, " iterations in ");
        if (sscanf(line, "search 1 thread, position %u:", &position) != 1 || !figures
            || position < 1 || position > BENCH_POSITION_COUNT)
            continue;
        figures = strstr(figures, " s, ");
        if (!figures || sscanf(figures, " s, %lf iterations/s, best %15s", &rate, move) != 2)
            continue;
        const SearchFigures *f = &ours[position - 1];
        printf("baseline search 1 thread, position %u: %.0f iterations/s, best %s; this engine %.2fx as fast%s\n",
               position, rate, move, f->rate / rate, strcmp(move, f->move) ? ", another move" : ", same move");
        found++;
    }
    if (pclose(out) != 0 || found != BENCH_POSITION_COUNT) {
        fprintf(stderr, "bench: the baseline \"%s\" failed or printed %d of %d search lines\n", command,
                found, BENCH_POSITION_COUNT);
        return 1;
    }
    return 0;
}

int run_bench(const SessionOptions *options)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    SearchFigures figures[BENCH_POSITION_COUNT];
    if (bench_perft() || bench_search(options, 1, figures) || bench_other_evaluation(options))
        return 1;
    const char *baseline = getenv("AMAZONS_BASELINE");
    if (baseline && *baseline && bench_baseline(baseline, figures))
        return 1;
    return bench_search(options, 2, NULL);
}
