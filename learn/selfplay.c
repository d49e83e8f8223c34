/*
 * selfplay.c - amazons-selfplay: games of the engine against itself, whose
 * positions, with each game's outcome and the search's value, train the
 * learned evaluation (data.h, docs/learning.md).
 *
 *   amazons-selfplay --size 10 --games 2000 --playouts 1500 --openings FILE -j 2 -o games.bin
 *   amazons-selfplay --merge a.bin b.bin -o all.bin
 *
 * Game g (counted from 0) starts from opening g mod the book's size (or the
 * start position), plays --random-plies random moves, then searches every
 * move for --playouts iterations with a seed of its own: a game is the same
 * whatever -j and --shard, and the file is written in game order, so a run
 * repeats exactly.  Positions whose regions are closed (the evaluation
 * counts those exactly) are left out, and a position met more than once is
 * kept once, averaged.  --shard I/N plays only the games whose number is I
 * modulo N, for spreading a run over machines; --merge joins the shards.
 */
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/deadline.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/zobrist.h"
#include "eval/eval.h"
#include "eval/net.h"
#include "eval/params.h"
#include "learn/data.h"
#include "match/board_size.h"
#include "match/openings.h"
#include "match/schedule.h"
#include "protocol/numbers.h"
#include "search/playout.h"
#include "search/rng.h"
#include "search/search.h"

enum { MAX_JOBS = 64, MEMORY_MB_PER_JOB = 128 };
#define PROGRESS_SECONDS 5.0

typedef struct {
    int width, height, games, jobs, random_plies;
    Shard shard; /* --shard I/N; 0/1: every game */
    uint64_t playouts, seed;
    const char *openings_path, *output;
    Opening *openings;
    int opening_count;
} Options;

/* What the workers share: the next game to play, and each game's positions. */
typedef struct {
    const Options *o;
    TrainingSet *games;     /* per game */
    int next, done;         /* under lock */
    size_t positions;       /* under lock */
    double start, next_report;
    pthread_mutex_t lock;
    bool failed;
} Run;

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: amazons-selfplay --size N[xM] --games G -o FILE [OPTION]...\n"
        "       amazons-selfplay --merge FILE... -o FILE\n"
        "Plays the engine against itself and writes its positions for training\n"
        "(docs/learning.md).\n"
        "\n"
        "  --size N or CxR      board (4 to 10 each way)\n"
        "  --games G            games to play (with --shard: of the whole run)\n"
        "  --playouts P         search iterations per move (default 1500)\n"
        "  --random-plies K     random moves after the opening (default 2)\n"
        "  --openings FILE      an opening book (amazons-match's format)\n"
        "  --seed S             the run's seed (default 1)\n"
        "  --weights FILE       play with the learned evaluation of FILE (the classic one\n"
        "                       otherwise): the next generation's data\n"
        "  -j N                 games at a time (default 2)\n"
        "  --shard I/N          only the games whose number is I modulo N\n"
        "  -o FILE              where the positions go\n"
        "  --merge              join training files given as arguments into -o\n");
}

/* The position and moves of game g's opening, or the start position. */
static void opening_of(const Options *o, int g, Position *pos)
{
    if (o->opening_count)
        *pos = o->openings[g % o->opening_count].game.pos;
    else
        position_start(pos, o->width, o->height);
}

/* Plays game g; its positions go into *out.  False without memory. */
static bool play_game(const Options *o, int g, Search *search, TrainingSet *out)
{
    uint64_t seed = zobrist_mix(o->seed ^ zobrist_mix((uint64_t)g + 1));
    Rng rng;
    rng_seed(&rng, seed);
    Position pos;
    opening_of(o, g, &pos);
    for (int i = 0; i < o->random_plies; i++) {
        Move m;
        if (!random_move(&pos, &rng, &m))
            break;
        position_make(&pos, m);
    }
    search_clear(search);
    search_reseed(search, seed); /* the game owes nothing to the games this search played before */
    TrainingSet game = { 0 };
    int plies = 0;
    while (has_legal_move(&pos, pos.to_move)) {
        SearchLimits limits = { .iterations = o->playouts, .seconds = 1e9 };
        SearchResult r = search_run(search, &pos, &limits);
        Evaluation e;
        evaluate(&pos, &e);
        TrainingRecord record;
        record_from_position(&pos, plies, false, r.win_rate, &record); /* the outcome comes at the end */
        if (!e.separated && !set_add(&game, &record)) {
            set_free(&game);
            return false;
        }
        position_make(&pos, r.move);
        plies++;
    }
    Color loser = pos.to_move;
    for (size_t i = 0; i < game.count; i++)
        game.records[i].result = game.records[i].to_move != loser ? 65535 : 0;
    *out = game;
    return true;
}

static void report(Run *run, bool last)
{
    double now = monotonic_seconds(), elapsed = now - run->start;
    int total = 0;
    for (int g = run->o->shard.index; g < run->o->games; g += run->o->shard.count)
        total++;
    double rate = elapsed > 0 ? run->done / elapsed : 0;
    fprintf(stderr, "\ramazons-selfplay: %d/%d games, %zu positions, %.2f games/s, %.0f s left   %s",
            run->done, total, run->positions, rate, rate > 0 ? (total - run->done) / rate : 0.0,
            last ? "\n" : "");
}

static void *worker(void *arg)
{
    Run *run = arg;
    const Options *o = run->o;
    SearchConfig config;
    search_default_config(&config);
    config.memory_bytes = (size_t)MEMORY_MB_PER_JOB << 20;
    Search *search = search_create(&config);
    for (;;) {
        pthread_mutex_lock(&run->lock);
        int g = run->next;
        run->next += o->shard.count;
        pthread_mutex_unlock(&run->lock);
        if (g >= o->games || !search)
            break;
        TrainingSet game;
        bool ok = play_game(o, g, search, &game);
        pthread_mutex_lock(&run->lock);
        run->failed |= !ok;
        if (ok) {
            run->games[g] = game;
            run->positions += game.count;
        }
        run->done++;
        if (monotonic_seconds() >= run->next_report) {
            report(run, false);
            run->next_report = monotonic_seconds() + PROGRESS_SECONDS;
        }
        pthread_mutex_unlock(&run->lock);
    }
    if (!search)
        run->failed = true;
    search_destroy(search);
    return NULL;
}

static int generate(Options *o)
{
    params_use_board(o->width, o->height);
    Run run = { .o = o, .next = o->shard.index, .start = monotonic_seconds() };
    run.next_report = run.start + PROGRESS_SECONDS;
    run.games = calloc((size_t)o->games, sizeof *run.games);
    pthread_mutex_init(&run.lock, NULL);
    pthread_t threads[MAX_JOBS];
    int started = 0;
    for (int i = 0; i < o->jobs && run.games; i++)
        started += pthread_create(&threads[started], NULL, worker, &run) == 0;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    report(&run, true);
    TrainingSet all = { 0 };
    bool ok = run.games && started && !run.failed;
    for (int g = 0; run.games && g < o->games; g++) {
        for (size_t i = 0; ok && i < run.games[g].count; i++)
            ok = set_add(&all, &run.games[g].records[i]);
        set_free(&run.games[g]);
    }
    free(run.games);
    pthread_mutex_destroy(&run.lock);
    if (!ok) {
        fprintf(stderr, "amazons-selfplay: out of memory\n");
        return 1;
    }
    size_t before = all.count;
    set_merge_duplicates(&all);
    bool written = set_write(&all, o->output);
    fprintf(stderr, "amazons-selfplay: %zu positions (%zu repeated ones merged) to %s\n", all.count,
            before - all.count, o->output);
    set_free(&all);
    if (!written) {
        perror(o->output);
        return 1;
    }
    return 0;
}

static int merge(char **paths, int count, const char *output)
{
    TrainingSet all = { 0 };
    for (int i = 0; i < count; i++) {
        const char *error = set_read(&all, paths[i]);
        if (error) {
            fprintf(stderr, "amazons-selfplay: %s: %s\n", paths[i], error);
            set_free(&all);
            return 1;
        }
    }
    size_t before = all.count;
    set_merge_duplicates(&all);
    bool written = set_write(&all, output);
    fprintf(stderr, "amazons-selfplay: %zu positions (%zu repeated ones merged) to %s\n", all.count,
            before - all.count, output);
    set_free(&all);
    if (!written) {
        perror(output);
        return 1;
    }
    return 0;
}

enum { OPT_SIZE = 256, OPT_GAMES, OPT_PLAYOUTS, OPT_RANDOM, OPT_OPENINGS, OPT_SEED, OPT_SHARD, OPT_MERGE,
       OPT_WEIGHTS, OPT_HELP };

/* Applies one option; false for a bad value. */
static bool apply(Options *o, int opt, const char *arg, bool *merging)
{
    long n;
    unsigned long long u;
    switch (opt) {
    case OPT_SIZE: {
        BoardSize size;
        return board_size_parse(arg, &size) && (o->width = size.width, o->height = size.height, true);
    }
    case OPT_GAMES: return parse_long(arg, 1, 100000000, &n) && (o->games = (int)n, true);
    case OPT_PLAYOUTS: return parse_u64(arg, 100000000, &u) && u > 0 && (o->playouts = u, true);
    case OPT_RANDOM: return parse_long(arg, 0, 50, &n) && (o->random_plies = (int)n, true);
    case OPT_OPENINGS: o->openings_path = arg; return true;
    case OPT_SEED: return parse_u64(arg, ~0ULL, &u) && (o->seed = u, true);
    case OPT_SHARD: return shard_parse(arg, &o->shard);
    case 'j': return parse_long(arg, 1, MAX_JOBS, &n) && (o->jobs = (int)n, true);
    case 'o': o->output = arg; return true;
    case OPT_MERGE: *merging = true; return true;
    case OPT_WEIGHTS: {
        const char *error = net_load(arg);
        if (error)
            fprintf(stderr, "amazons-selfplay: --weights %s: %s\n", arg, error);
        eval_use(EVAL_NET);
        return error == NULL;
    }
    }
    return false;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "size", required_argument, NULL, OPT_SIZE },         { "games", required_argument, NULL, OPT_GAMES },
        { "playouts", required_argument, NULL, OPT_PLAYOUTS }, { "random-plies", required_argument, NULL, OPT_RANDOM },
        { "openings", required_argument, NULL, OPT_OPENINGS }, { "seed", required_argument, NULL, OPT_SEED },
        { "shard", required_argument, NULL, OPT_SHARD },       { "merge", no_argument, NULL, OPT_MERGE },
        { "weights", required_argument, NULL, OPT_WEIGHTS },
        { "help", no_argument, NULL, OPT_HELP },               { NULL, 0, NULL, 0 },
    };
    Options o = { .jobs = 2, .shard = { 0, 1 }, .random_plies = 2, .playouts = 1500, .seed = 1 };
    bool merging = false;
    eval_use(EVAL_CLASSIC); /* the engine's own default would use its 8x8 network */
    for (int opt; (opt = getopt_long(argc, argv, "j:o:", options, NULL)) != -1;) {
        if (opt == OPT_HELP) {
            usage(stdout);
            return 0;
        }
        if (opt == '?' || !apply(&o, opt, optarg, &merging)) {
            if (opt != '?')
                fprintf(stderr, "amazons-selfplay: invalid value '%s'\n", optarg);
            usage(stderr);
            return 2;
        }
    }
    if (!o.output || (merging ? optind >= argc : (optind < argc || !o.width || !o.games))) {
        usage(stderr);
        return 2;
    }
    if (merging)
        return merge(argv + optind, argc - optind, o.output);
    if (o.openings_path) {
        char error[512];
        BoardSize size = { o.width, o.height };
        if (!openings_load(o.openings_path, &size, &o.openings, &o.opening_count, error, sizeof error)) {
            fprintf(stderr, "amazons-selfplay: %s\n", error);
            return 2;
        }
    }
    int status = generate(&o);
    openings_free(o.openings, o.opening_count);
    return status;
}
