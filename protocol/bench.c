/*
 * bench.c - speed figures: perft(3) from the 10x10 start, then a fixed number
 * of search iterations on three positions with 1 and 2 threads.  With one
 * thread the search is deterministic, so the chosen moves and the total
 * iteration count are a signature of the search's behaviour.
 */
#include <stdio.h>

#include "engine/movegen.h"
#include "protocol/bench.h"

static const char *const BENCH_POSITIONS[] = {
    "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w",
    /* Twelve moves in: amazons in contact, much still open. */
    "3B6/3W2x3/x2x6/2x3WB2/9x/3x3x1x/1xWBx5/6WB2/7x2/4x5 w",
    /* Twenty-eight moves in: the board is breaking into regions. */
    "1B6x1/1W1xxx1x2/x1xx1x1Bx1/2x2xW3/2x3xx2/7x2/2Wxx1xW2/2x1x1x1B1/x1x1Bxx3/2x6x w",
};

enum { BENCH_ITERATIONS = 200000 };

static void bench_perft(void)
{
    Position pos;
    position_start(&pos, 10, 10);
    double start = monotonic_seconds();
    uint64_t leaves = perft(&pos, 3);
    double seconds = monotonic_seconds() - start;
    printf("perft(3) 10x10 start: %llu leaf moves in %.3f s, %.1f M leaf moves/s\n",
           (unsigned long long)leaves, seconds, leaves / seconds / 1e6);
}

static int bench_search(const SessionOptions *options, int threads)
{
    SearchConfig config = options->search;
    config.threads = threads;
    uint64_t total = 0;
    double total_seconds = 0;
    for (size_t i = 0; i < sizeof BENCH_POSITIONS / sizeof BENCH_POSITIONS[0]; i++) {
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
        printf("search %d thread%s, position %zu: %llu iterations in %.3f s, %.0f iterations/s, best %s (%.1f%%)\n",
               threads, threads == 1 ? "" : "s", i + 1, (unsigned long long)r.iterations, r.seconds,
               r.iterations / r.seconds, move, 100 * r.win_rate);
        total += r.iterations;
        total_seconds += r.seconds;
        search_destroy(search);
    }
    printf("search %d thread%s: %llu iterations, %.0f iterations/s overall\n", threads,
           threads == 1 ? "" : "s", (unsigned long long)total, total / total_seconds);
    return 0;
}

int run_bench(const SessionOptions *options)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    bench_perft();
    if (bench_search(options, 1) || bench_search(options, 2))
        return 1;
    return 0;
}
