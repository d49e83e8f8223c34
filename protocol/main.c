/* main.c - command-line flags, then the protocol loop on stdin/stdout. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "eval/net.h"
#include "eval/params.h"
#include "protocol/bench.h"
#include "protocol/botzone.h"
#include "protocol/numbers.h"
#include "protocol/session.h"
#include "protocol/version.h"

static void print_help(FILE *out)
{
    SessionOptions defaults;
    session_default_options(&defaults);
    fprintf(out,
        "Usage: amazons [OPTION]...\n"
        "Game of the Amazons engine speaking a GTP-style protocol on stdin/stdout\n"
        "(see PROTOCOL.md).\n"
        "\n"
        "  --engine NAME        mcts (default), or a reference player: greedy, random\n"
        "  --threads N          search threads, and solvers for solve and genmove (default 1)\n"
        "  --memory MB          tree (or solve table) memory cap in MiB (default %zu)\n"
        "  --time SECONDS       thinking time per move when no clock is set (default %g)\n"
        "  --move-overhead MS   time kept in reserve per move for the controller (default\n"
        "                       %g, at most %g%% of a fixed time per move)\n"
        "  --playouts N         stop each search after N iterations (default: no cap)\n"
        "  --seed S             random seed (with --threads 1 and --playouts, games repeat)\n"
        "  --resign P           resign when the win estimate stays below P (default: never)\n"
        "  --ponder             think on between commands once the engine has moved\n"
        "  --verbose            search summaries and solve progress on stderr\n"
        "  --eval KIND          how contested positions are judged: classic (the\n"
        "                       territory terms), net (the learned network) or\n"
        "                       formula (the fitted formula), on boards that have\n"
        "                       one, or auto (what won its matches on each board\n"
        "                       size, or what --weights loaded; default %s)\n"
        "  --weights FILE       load the learned networks or formulas of FILE (see\n"
        "                       docs/learning.md)\n"
        "  --param NAME=VALUE   set a tunable parameter (repeatable; see --list-params)\n"
        "  --list-params        list the tunable parameters: name, default, min, max,\n"
        "                       int or real, description (and a board size's own\n"
        "                       default); then exit\n"
        "  --bench              print perft and search speed figures, then exit\n"
        "  --botzone            play as a Botzone bot (8x8; defaults --time 1\n"
        "                       --move-overhead 150 --memory 256; see PROTOCOL.md)\n"
        "  --help               show this help and exit\n"
        "  --version            show the version and exit\n",
        (size_t)SEARCH_DEFAULT_MEMORY_MB, defaults.move_time, MOVE_OVERHEAD_DEFAULT * 1000,
        SHORT_MOVE_MARGIN_SHARE * 100, eval_kind_name(eval_in_use()));
}

enum { OPT_ENGINE = 256, OPT_THREADS, OPT_MEMORY, OPT_TIME, OPT_OVERHEAD, OPT_PLAYOUTS, OPT_SEED,
       OPT_RESIGN, OPT_PONDER, OPT_VERBOSE, OPT_PARAM, OPT_LIST_PARAMS, OPT_BENCH, OPT_HELP, OPT_VERSION,
       OPT_BOTZONE, OPT_EVAL, OPT_WEIGHTS };

/* One line per parameter; a board size's own default is named at the end of its description. */
static void list_params(FILE *out)
{
    for (int id = 0; id < PARAM_COUNT; id++) {
        const ParamSpec *p = &PARAM_SPECS[id];
        fprintf(out, "%s %.10g %.10g %.10g %s %s", p->name, p->initial, p->min, p->max,
                p->integer ? "int" : "real", p->help);
        for (int i = 0; i < PARAM_SIZE_DEFAULT_COUNT; i++) {
            const SizeDefault *d = &PARAM_SIZE_DEFAULTS[i];
            if (d->id == (ParamId)id)
                fprintf(out, " (%dx%d: %.10g)", d->size, d->size, d->value);
        }
        fputc('\n', out);
    }
}

/* Applies one option; returns false for a bad value. */
static bool apply_option(int opt, const char *arg, SessionOptions *o, bool *bench)
{
    unsigned long long n;
    double x;
    switch (opt) {
    case OPT_ENGINE:
        if (strcmp(arg, "mcts") == 0)
            o->player = PLAYER_MCTS;
        else if (strcmp(arg, "greedy") == 0)
            o->player = PLAYER_GREEDY;
        else if (strcmp(arg, "random") == 0)
            o->player = PLAYER_RANDOM;
        else
            return false;
        return true;
    case OPT_THREADS:
        if (!parse_u64(arg, MAX_THREADS, &n) || n == 0)
            return false;
        o->search.threads = (int)n;
        return true;
    case OPT_MEMORY:
        if (!parse_u64(arg, 1u << 20, &n) || n < 1)
            return false;
        o->search.memory_bytes = (size_t)n << 20;
        return true;
    case OPT_TIME:
        return parse_double(arg, 0, 1e6, &o->move_time);
    case OPT_OVERHEAD:
        if (!parse_double(arg, 0, 60000, &x))
            return false;
        o->move_overhead = x / 1000.0;
        return true;
    case OPT_PLAYOUTS:
        return parse_u64(arg, ~0ULL >> 1, &n) && ((o->playouts = n), true);
    case OPT_SEED:
        return parse_u64(arg, ~0ULL, &n) && ((o->search.seed = n), true);
    case OPT_RESIGN:
        return parse_double(arg, 0, 1, &o->resign_below);
    case OPT_PONDER:
        o->ponder = true;
        return true;
    case OPT_VERBOSE:
        o->search.verbose = true;
        return true;
    case OPT_BENCH:
        *bench = true;
        return true;
    case OPT_BOTZONE: /* seen by botzone_requested() */
        return true;
    case OPT_EVAL: {
        EvalKind kind;
        if (!eval_kind_parse(arg, &kind))
            return false;
        eval_use(kind);
        return true;
    }
    }
    return false;
}

/*
 * The single-file build for Botzone (make amalgamation, amazons-botzone.c)
 * defines AMAZONS_BOTZONE: Botzone starts its bots without arguments.
 */
#ifdef AMAZONS_BOTZONE
#define BOTZONE_BY_DEFAULT true
#else
#define BOTZONE_BY_DEFAULT false
#endif

/* A first pass over the flags: --botzone changes the defaults that the others override. */
static bool botzone_requested(int argc, char **argv, const struct option *options)
{
    bool found = false;
    opterr = 0;
    for (int opt; (opt = getopt_long(argc, argv, "", options, NULL)) != -1;)
        found |= opt == OPT_BOTZONE;
    opterr = 1;
    optind = 0; /* glibc: start the real pass afresh */
    return found;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "engine", required_argument, NULL, OPT_ENGINE },
        { "threads", required_argument, NULL, OPT_THREADS },
        { "memory", required_argument, NULL, OPT_MEMORY },
        { "time", required_argument, NULL, OPT_TIME },
        { "move-overhead", required_argument, NULL, OPT_OVERHEAD },
        { "playouts", required_argument, NULL, OPT_PLAYOUTS },
        { "seed", required_argument, NULL, OPT_SEED },
        { "resign", required_argument, NULL, OPT_RESIGN },
        { "ponder", no_argument, NULL, OPT_PONDER },
        { "verbose", no_argument, NULL, OPT_VERBOSE },
        { "param", required_argument, NULL, OPT_PARAM },
        { "list-params", no_argument, NULL, OPT_LIST_PARAMS },
        { "bench", no_argument, NULL, OPT_BENCH },
        { "botzone", no_argument, NULL, OPT_BOTZONE },
        { "eval", required_argument, NULL, OPT_EVAL },
        { "weights", required_argument, NULL, OPT_WEIGHTS },
        { "help", no_argument, NULL, OPT_HELP },
        { "version", no_argument, NULL, OPT_VERSION },
        { NULL, 0, NULL, 0 },
    };
    SessionOptions o;
    session_default_options(&o);
    bool botzone = botzone_requested(argc, argv, options) || BOTZONE_BY_DEFAULT;
    if (botzone)
        botzone_default_options(&o);
    bool bench = false;
    int opt, index = -1;
    while ((opt = getopt_long(argc, argv, "", options, &index)) != -1) {
        if (opt == OPT_HELP) {
            print_help(stdout);
            return EXIT_SUCCESS;
        }
        if (opt == OPT_VERSION) {
            printf("%s %s\n", ENGINE_NAME, ENGINE_VERSION);
            return EXIT_SUCCESS;
        }
        if (opt == OPT_LIST_PARAMS) {
            list_params(stdout);
            return EXIT_SUCCESS;
        }
        if (opt == OPT_PARAM) {
            const char *error = param_assign(optarg);
            if (error) {
                fprintf(stderr, "amazons: %s\n", error);
                return 2;
            }
            continue;
        }
        if (opt == OPT_WEIGHTS) {
            const char *error = eval_load_weights(optarg);
            if (error) {
                fprintf(stderr, "amazons: --weights %s: %s\n", optarg, error);
                return 2;
            }
            continue;
        }
        if (opt == '?' || !apply_option(opt, optarg, &o, &bench)) {
            if (opt != '?')
                fprintf(stderr, "amazons: invalid value '%s' for --%s\n", optarg, options[index].name);
            fprintf(stderr, "Try 'amazons --help' for more information.\n");
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "amazons: unexpected argument '%s'\n"
                        "Try 'amazons --help' for more information.\n", argv[optind]);
        return 2;
    }
    if (bench)
        return run_bench(&o);
    if (botzone)
        return botzone_run(&o);

    Session session;
    if (!session_init(&session, &o)) {
        fprintf(stderr, "amazons: cannot allocate %zu MiB for the search tree (see --memory)\n",
                o.search.memory_bytes >> 20);
        session_free(&session);
        return EXIT_FAILURE;
    }
    GtpLoop loop = { .commands = SESSION_COMMANDS, .context = &session, .idle = session_ponder,
                     .exclusive = session_stop_pondering };
    gtp_run(&loop, stdin, stdout);
    session_free(&session);
    return EXIT_SUCCESS;
}
