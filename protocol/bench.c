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
 * The cost of one evaluation of a contested 10x10 position comes first, for
 * each evaluation the engine has for 10x10 (classic, the network, the
 * fitted formula); the one-thread searches then run again with each
 * evaluation not in use (--eval), so that the bench shows every
 * evaluation's search speed and signature moves.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/deadline.h"
#include "engine/lines.h"
#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/params.h"
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
        params_use_board(pos.width, pos.height); /* as a game on this board would */
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

/* The evaluations that can judge 10x10 positions, in the order the bench shows them. */
static const EvalKind BENCH_KINDS[] = { EVAL_CLASSIC, EVAL_NET, EVAL_FORMULA };
enum { BENCH_KIND_COUNT = sizeof BENCH_KINDS / sizeof BENCH_KINDS[0], BENCH_EVALUATIONS = 300000 };

static bool judges_10x10(EvalKind kind)
{
    EvalKind before = eval_in_use();
    eval_use(kind);
    bool judges = eval_judge(10, 10) == kind;
    eval_use(before);
    return judges;
}

/*
 * The one-thread searches again with every other evaluation the 10x10
 * positions have: each one's speed and signature moves.
 */
static int bench_other_evaluations(const SessionOptions *options)
{
    EvalKind kind = eval_in_use(), first = eval_judge(10, 10);
    int status = 0;
    for (int k = 0; k < BENCH_KIND_COUNT && !status; k++) {
        if (BENCH_KINDS[k] == first || !judges_10x10(BENCH_KINDS[k]))
            continue;
        char label[64];
        snprintf(label, sizeof label, "%s evaluation", eval_kind_name(BENCH_KINDS[k]));
        eval_use(BENCH_KINDS[k]);
        status = bench_search_as(options, 1, NULL, label);
    }
    eval_use(kind);
    return status;
}

/*
 * What one evaluation of a contested position costs with each evaluation:
 * the bench's two contested positions, BENCH_EVALUATIONS times in all.
 */
static int bench_evaluations(void)
{
    Position pos[2];
    if (position_from_text(&pos[0], BENCH_POSITIONS[1]) || position_from_text(&pos[1], BENCH_POSITIONS[2]))
        return 1;
    EvalKind kind = eval_in_use();
    double classic = 0;
    for (int k = 0; k < BENCH_KIND_COUNT; k++) {
        if (!judges_10x10(BENCH_KINDS[k]))
            continue;
        eval_use(BENCH_KINDS[k]);
        double sum = 0, start = monotonic_seconds();
        for (int i = 0; i < BENCH_EVALUATIONS; i++)
            sum += eval_win_probability(&pos[i & 1]);
        double each = (monotonic_seconds() - start) / BENCH_EVALUATIONS;
        if (BENCH_KINDS[k] == EVAL_CLASSIC)
            classic = each;
        printf("evaluation %s: %.3f us per 10x10 position%s", eval_kind_name(BENCH_KINDS[k]), each * 1e6,
               classic > 0 && BENCH_KINDS[k] != EVAL_CLASSIC ? "" : "\n");
        if (classic > 0 && BENCH_KINDS[k] != EVAL_CLASSIC)
            printf(", %.2fx the classic one's\n", each / classic);
        if (sum < 0) /* keeps the loop */
            return 1;
    }
    eval_use(kind);
    return 0;
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
    if (bench_perft() || bench_evaluations() || bench_search(options, 1, figures)
        || bench_other_evaluations(options))
        return 1;
    const char *baseline = getenv("AMAZONS_BASELINE");
    if (baseline && *baseline && bench_baseline(baseline, figures))
        return 1;
    return bench_search(options, 2, NULL);
}
