/*
 * main.c - amazons-match: the command line, turned into the settings of a
 * match or tournament and run (match/runner.h), or, with --merge, results
 * files read and reported (match/merge.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/merge.h"
#include "match/openings.h"
#include "match/runner.h"
#include "protocol/numbers.h"
#include "protocol/version.h"

#define PROGRAM "amazons-match"

enum { SPRT_DEFAULT_GAMES = 100000 };

static void print_help(FILE *out)
{
    fprintf(out,
        "Usage: " PROGRAM " [OPTION]... [--] ENGINE1 WORDS... -- ENGINE2 WORDS...\n"
        "   or: " PROGRAM " [OPTION]... --engine1 'COMMAND' --engine2 'COMMAND'\n"
        "   or: " PROGRAM " [OPTION]... --engine NAME='COMMAND' --engine NAME='COMMAND'...\n"
        "   or: " PROGRAM " --merge [--sgf FILE] [--anchor NAME] RESULTS-FILE...\n"
        "Plays Game of the Amazons matches and tournaments between GTP engines,\n"
        "refereeing every move, and prints a results table on stdout (progress on stderr).\n"
        "\n"
        "Engines are run with /bin/sh -c: --engine1/--engine2 and --engine take a shell\n"
        "command line (quotes, variables and redirections work); words after the options\n"
        "are quoted for the shell one by one, the two commands separated by a lone '--'.\n"
        "\n"
        "  -n, --games N            games per pairing (default 2, or 2 per opening; with\n"
        "                           --sprt the most to play, default %d)\n"
        "  -j, --jobs N             games in parallel, each with its own engines (default 1)\n"
        "      --size N|CxR         board of N x N, or C columns (files) by R rows (ranks),\n"
        "                           each 4..10 (default 10, or the openings' board)\n"
        "      --openings FILE      one opening per line: a position text such as\n"
        "                           '3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w' or a list of\n"
        "                           moves from the start; each is played twice, colours\n"
        "                           swapped, in file order (shuffled with --seed)\n"
        "      --move-time S        limit per move in seconds (default 1)\n"
        "      --time MAIN+INC      game clock: MAIN seconds, INC added after each move\n"
        "      --time MAIN/BYO/N    game clock: MAIN seconds, then BYO seconds per N moves\n"
        "      --grace MS           lateness tolerated per move (default 200)\n"
        "      --hang MS            further wait before a silent engine counts as hung and\n"
        "                           is killed (default 1000); a late answer within it loses\n"
        "                           as an overrun, no answer loses as a timeout\n"
        "      --command-timeout S  limit for answers to other commands (default 10)\n"
        "      --engine1 COMMAND    first engine\n"
        "      --engine2 COMMAND    second engine\n"
        "      --name1 NAME         first engine's name in the tables, results and SGF\n"
        "                           (default: its answer to GTP name, else its program's\n"
        "                           file name; an equal second name gets ' (2)')\n"
        "      --name2 NAME         second engine's name\n"
        "      --engine NAME=COMMAND  an engine of a tournament (repeat: 2 to %d engines);\n"
        "                           NAME of letters, digits and . _ - + : @ /\n"
        "      --tournament KIND    round-robin (every pair of engines; the default for\n"
        "                           three or more) or gauntlet (the first engine against\n"
        "                           each other one)\n"
        "      --anchor NAME        the engine rated 0 in a tournament (default the first)\n"
        "      --fresh-engines      new engine processes for every game, so that no game\n"
        "                           depends on the ones an engine played before\n"
        "      --sgf FILE           write every game to FILE as one SGF collection\n"
        "      --sgf-dir DIR        write every game to DIR/game-NNNN.sgf\n"
        "      --results FILE       append a JSON line to FILE as each game ends\n"
        "      --resume             with --results: play only the games FILE lacks, and\n"
        "                           report them all\n"
        "      --shard I/N          play only the games whose index (game number - 1) is\n"
        "                           I modulo N, 0 <= I < N\n"
        "      --merge              read results files and report them as one match\n"
        "      --sprt ELO0,ELO1     stop when the SPRT accepts H0 (elo = ELO0) or H1 (elo =\n"
        "                           ELO1); two engines only\n"
        "      --alpha A            SPRT false-positive rate (default 0.05)\n"
        "      --beta B             SPRT false-negative rate (default 0.05)\n"
        "      --seed S             shuffle the openings with this seed\n"
        "      --discard-stderr     send the engines' stderr to /dev/null\n"
        "  -q, --quiet              no progress lines\n"
        "      --help               show this help and exit\n"
        "      --version            show the version and exit\n"
        "\n"
        "Engine 1 takes White in odd-numbered games (1, 3, ...).  A tournament plays its\n"
        "pairings in turn: game g is a game of pairing g mod P.  A game is lost by an\n"
        "illegal or malformed move, a crash, a hang, an overrun, refusing a legal move\n"
        "or a setup command, a malformed reply (not '=' or '?' first, control bytes or\n"
        "bytes that are not UTF-8, or 64 KiB without the empty line that ends a reply),\n"
        "resigning, or having no legal move.  Times sent with time_settings / time_left:\n"
        "a move limit S as 'time_settings 0 S 1'; Fischer as 'time_settings MAIN 0 0'\n"
        "with the increments in every time_left.\n"
        "\n"
        "Every engine process is asked GTP name first.  An engine that cannot be run,\n"
        "ends, does not answer within the command timeout, or answers with no GTP reply\n"
        "cannot start: the run stops, naming it, rather than forfeit its games.\n"
        "\n"
        "Exit status: 0 when done, 1 when output could not be written, 2 for bad\n"
        "options or results files, 3 when an engine cannot start, 128+N after signal N.\n",
        SPRT_DEFAULT_GAMES, MAX_ENGINES);
}

/* ---- parsing single values ---- */

static int usage_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, PROGRAM ": ");
    vfprintf(stderr, format, args);
    fprintf(stderr, "\nTry '" PROGRAM " --help' for more information.\n");
    va_end(args);
    return 2;
}

/* An int in [min, max]. */
static bool parse_int(const char *text, long min, long max, int *out)
{
    long v;
    if (!parse_long(text, min, max, &v))
        return false;
    *out = (int)v;
    return true;
}

/* Appends a word quoted for /bin/sh. */
static bool append_quoted(char **command, size_t *length, const char *word)
{
    bool plain = *word != '\0';
    for (const char *p = word; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-", *p))
            plain = false;
    size_t need = *length + 4 * strlen(word) + 4;
    char *grown = realloc(*command, need);
    if (!grown)
        return false;
    *command = grown;
    char *out = grown + *length;
    if (*length)
        *out++ = ' ';
    if (plain) {
        out += sprintf(out, "%s", word);
    } else {
        *out++ = '\'';
        for (const char *p = word; *p; p++) {
            if (*p == '\'') {
                memcpy(out, "'\\''", 4);
                out += 4;
            } else {
                *out++ = *p;
            }
        }
        *out++ = '\'';
    }
    *out = '\0';
    *length = (size_t)(out - grown);
    return true;
}

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ---- the command line ---- */

typedef struct {
    RunOptions run;
    int games;
    BoardSize board;             /* --size; width 0 until chosen */
    bool have_move_time, have_time, have_tournament, merge;
    ScheduleKind tournament;
    const char *openings_path, *anchor;
    const char *name[2];         /* --name1, --name2 */
    char *command[2];            /* --engine1, --engine2, or the words after the options */
    char *engine_spec[MAX_ENGINES]; /* --engine NAME=COMMAND, split at the '=' */
    int engine_specs;
    const char *not_for_merge;   /* the first option given that --merge does not take */
    char **files;                /* --merge: the results files */
    int file_count;
} Options;

enum {
    OPT_SIZE = 256, OPT_OPENINGS, OPT_MOVE_TIME, OPT_TIME, OPT_GRACE, OPT_HANG, OPT_COMMAND_TIMEOUT,
    OPT_ENGINE1, OPT_ENGINE2, OPT_NAME1, OPT_NAME2, OPT_SGF, OPT_SGF_DIR, OPT_SPRT, OPT_ALPHA,
    OPT_BETA, OPT_SEED, OPT_DISCARD_STDERR, OPT_HELP, OPT_VERSION, OPT_ENGINE, OPT_TOURNAMENT,
    OPT_ANCHOR, OPT_RESULTS, OPT_RESUME, OPT_SHARD, OPT_MERGE, OPT_FRESH_ENGINES
};

static const struct option OPTIONS[] = {
    { "games", required_argument, NULL, 'n' },
    { "jobs", required_argument, NULL, 'j' },
    { "quiet", no_argument, NULL, 'q' },
    { "size", required_argument, NULL, OPT_SIZE },
    { "openings", required_argument, NULL, OPT_OPENINGS },
    { "move-time", required_argument, NULL, OPT_MOVE_TIME },
    { "time", required_argument, NULL, OPT_TIME },
    { "grace", required_argument, NULL, OPT_GRACE },
    { "hang", required_argument, NULL, OPT_HANG },
    { "command-timeout", required_argument, NULL, OPT_COMMAND_TIMEOUT },
    { "engine1", required_argument, NULL, OPT_ENGINE1 },
    { "engine2", required_argument, NULL, OPT_ENGINE2 },
    { "name1", required_argument, NULL, OPT_NAME1 },
    { "name2", required_argument, NULL, OPT_NAME2 },
    { "engine", required_argument, NULL, OPT_ENGINE },
    { "tournament", required_argument, NULL, OPT_TOURNAMENT },
    { "anchor", required_argument, NULL, OPT_ANCHOR },
    { "fresh-engines", no_argument, NULL, OPT_FRESH_ENGINES },
    { "sgf", required_argument, NULL, OPT_SGF },
    { "sgf-dir", required_argument, NULL, OPT_SGF_DIR },
    { "results", required_argument, NULL, OPT_RESULTS },
    { "resume", no_argument, NULL, OPT_RESUME },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "merge", no_argument, NULL, OPT_MERGE },
    { "sprt", required_argument, NULL, OPT_SPRT },
    { "alpha", required_argument, NULL, OPT_ALPHA },
    { "beta", required_argument, NULL, OPT_BETA },
    { "seed", required_argument, NULL, OPT_SEED },
    { "discard-stderr", no_argument, NULL, OPT_DISCARD_STDERR },
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 },
};

static bool valid_engine_name(const char *name)
{
    if (!*name || strlen(name) >= ENGINE_NAME_MAX)
        return false;
    for (const char *p = name; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+:@/", *p))
            return false;
    return true;
}

/* --engine NAME=COMMAND. */
static int add_engine_spec(Options *o, const char *spec)
{
    const char *eq = strchr(spec, '=');
    if (!eq)
        return usage_error("invalid --engine '%s' (NAME=COMMAND)", spec);
    if (o->engine_specs == MAX_ENGINES)
        return usage_error("too many engines (at most %d)", MAX_ENGINES);
    char *copy = strdup(spec);
    if (!copy)
        return usage_error("out of memory");
    copy[eq - spec] = '\0';
    o->engine_spec[o->engine_specs++] = copy;
    if (!valid_engine_name(copy))
        return usage_error("invalid engine name '%s' (1 to 63 letters, digits and . _ - + : @ /)", copy);
    if (!copy[eq - spec + 1])
        return usage_error("empty command for engine '%s'", copy);
    return 0;
}

/* Options of a run but not of --merge: remembered to refuse them there. */
static void note_run_option(Options *o, int opt, int long_index)
{
    static char text[64];
    if (o->not_for_merge || opt == OPT_SGF || opt == OPT_ANCHOR || opt == OPT_MERGE || opt == 'q')
        return;
    if (long_index >= 0)
        snprintf(text, sizeof text, "--%s", OPTIONS[long_index].name);
    else
        snprintf(text, sizeof text, "-%c", opt);
    o->not_for_merge = text;
}

/* One option; returns 0 to go on, -1 to exit successfully (--help), or an exit status. */
static int take_option(Options *o, int opt, const char *arg)
{
    RunOptions *run = &o->run;
    MatchSettings *m = &run->settings;
    MatchConfig *config = &m->config;
    double x;
    switch (opt) {
    case 'n':
        return parse_int(arg, 1, MAX_GAMES, &o->games) ? 0 : usage_error("invalid number of games '%s'", arg);
    case 'j':
        return parse_int(arg, 1, MAX_JOBS, &run->jobs) ? 0
             : usage_error("invalid number of parallel games '%s' (1 to %d)", arg, MAX_JOBS);
    case 'q':
        run->quiet = true;
        return 0;
    case OPT_SIZE:
        return board_size_parse(arg, &o->board) ? 0
             : usage_error("invalid board size '%s' (N or COLUMNSxROWS, e.g. 8 or 6x5, each from %d to %d)", arg,
                           BOARD_MIN, BOARD_MAX);
    case OPT_OPENINGS:
        o->openings_path = arg;
        return 0;
    case OPT_MOVE_TIME:
        if (!parse_double(arg, 0.001, 1e6, &config->tc.move_time))
            return usage_error("invalid move time '%s'", arg);
        config->tc.kind = TC_MOVE;
        o->have_move_time = true;
        return 0;
    case OPT_TIME:
        o->have_time = true;
        return time_control_parse(arg, &config->tc) ? 0
             : usage_error("invalid time control '%s' (MAIN+INC or MAIN/BYO/STONES)", arg);
    case OPT_GRACE:
        if (!parse_double(arg, 0, 60000, &x))
            return usage_error("invalid grace '%s' (milliseconds)", arg);
        config->grace = x / 1000;
        return 0;
    case OPT_HANG:
        if (!parse_double(arg, 0, 600000, &x))
            return usage_error("invalid hang margin '%s' (milliseconds)", arg);
        config->hang = x / 1000;
        return 0;
    case OPT_COMMAND_TIMEOUT:
        return parse_double(arg, 0.01, 3600, &config->command_timeout) ? 0
             : usage_error("invalid command timeout '%s' (seconds)", arg);
    case OPT_ENGINE1:
    case OPT_ENGINE2:
        if (!*arg)
            return usage_error("empty engine command");
        free(o->command[opt - OPT_ENGINE1]);
        o->command[opt - OPT_ENGINE1] = strdup(arg);
        return 0;
    case OPT_NAME1:
    case OPT_NAME2:
        if (!*arg || strlen(arg) >= ENGINE_NAME_MAX)
            return usage_error("invalid engine name '%s'", arg);
        o->name[opt - OPT_NAME1] = arg;
        return 0;
    case OPT_ENGINE:
        return add_engine_spec(o, arg);
    case OPT_TOURNAMENT:
        o->have_tournament = true;
        if (strcmp(arg, "round-robin") == 0)
            o->tournament = SCHEDULE_ROUND_ROBIN;
        else if (strcmp(arg, "gauntlet") == 0)
            o->tournament = SCHEDULE_GAUNTLET;
        else
            return usage_error("invalid tournament '%s' (round-robin or gauntlet)", arg);
        return 0;
    case OPT_ANCHOR:
        o->anchor = arg;
        return 0;
    case OPT_FRESH_ENGINES:
        run->fresh_engines = true;
        return 0;
    case OPT_SGF:
        run->sgf_path = arg;
        return 0;
    case OPT_SGF_DIR:
        run->sgf_dir = arg;
        return 0;
    case OPT_RESULTS:
        run->results_path = arg;
        return 0;
    case OPT_RESUME:
        run->resume = true;
        return 0;
    case OPT_SHARD:
        return shard_parse(arg, &run->shard) ? 0 : usage_error("invalid shard '%s' (I/N with 0 <= I < N)", arg);
    case OPT_MERGE:
        o->merge = true;
        return 0;
    case OPT_SPRT:
        return sprt_parse(arg, &m->sprt) ? 0
             : usage_error("invalid SPRT bounds '%s' (ELO0,ELO1 with ELO0 < ELO1)", arg);
    case OPT_ALPHA:
    case OPT_BETA:
        return parse_double(arg, 1e-9, 0.5, opt == OPT_ALPHA ? &m->sprt.alpha : &m->sprt.beta) ? 0
             : usage_error("invalid SPRT error rate '%s' (0 to 0.5)", arg);
    case OPT_SEED:
        m->have_seed = true;
        return parse_u64(arg, ~0ULL, &m->seed) ? 0 : usage_error("invalid seed '%s'", arg);
    case OPT_DISCARD_STDERR:
        config->discard_stderr = true;
        return 0;
    case OPT_HELP:
        print_help(stdout);
        return -1;
    case OPT_VERSION:
        printf(PROGRAM " %s\n", ENGINE_VERSION);
        return -1;
    default:
        fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
        return 2;
    }
}

/* The two commands from the words after the options: ENGINE1 WORDS... -- ENGINE2 WORDS... */
static int engine_words(Options *o, int argc, char **argv)
{
    int missing = (o->command[0] == NULL) + (o->command[1] == NULL);
    int split = -1;
    for (int i = optind; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) {
            split = i;
            break;
        }
    if (missing == 0)
        return usage_error("unexpected argument '%s' (both engines are already given)", argv[optind]);
    if ((missing == 2) != (split >= 0))
        return usage_error("engine commands: ENGINE1 WORDS... -- ENGINE2 WORDS...");
    int first = optind, stop = split >= 0 ? split : argc;
    for (int slot = 0; slot < 2; slot++) {
        if (o->command[slot])
            continue;
        size_t length = 0;
        if (first >= stop)
            return usage_error("empty engine command");
        for (int i = first; i < stop; i++)
            if (!append_quoted(&o->command[slot], &length, argv[i]))
                return usage_error("out of memory");
        first = stop + 1;
        stop = argc;
    }
    return 0;
}

/* Names and commands of the two-engine forms. */
static int two_engines(Options *o)
{
    Schedule *s = &o->run.settings.schedule;
    if (!o->command[0] || !o->command[1])
        return usage_error("two engines are needed (see --help)");
    s->engines = 2;
    for (int e = 0; e < 2; e++) {
        o->run.command[e] = o->command[e];
        o->run.name_given[e] = o->name[e] != NULL; /* else the runner asks the engine (match/names.h) */
        if (o->name[e])
            snprintf(s->name[e], sizeof s->name[e], "%s", o->name[e]);
    }
    if (o->name[0] && o->name[1] && strcmp(o->name[0], o->name[1]) == 0)
        return usage_error("the two engines are both named '%s'", s->name[0]);
    return 0;
}

/* Names and commands of --engine NAME=COMMAND. */
static int named_engines(Options *o, int argc)
{
    Schedule *s = &o->run.settings.schedule;
    if (o->command[0] || o->command[1] || o->name[0] || o->name[1] || optind < argc)
        return usage_error("--engine does not mix with --engine1/--engine2, --name1/--name2 or engine words");
    if (o->engine_specs < 2)
        return usage_error("a match needs at least two --engine NAME=COMMAND");
    for (int e = 0; e < o->engine_specs; e++) {
        if (schedule_find(s, o->engine_spec[e]) >= 0)
            return usage_error("two engines are named '%s'", o->engine_spec[e]);
        snprintf(s->name[e], sizeof s->name[e], "%s", o->engine_spec[e]);
        o->run.name_given[e] = true;
        o->run.command[e] = o->engine_spec[e] + strlen(o->engine_spec[e]) + 1;
        s->engines = e + 1;
    }
    return 0;
}

static int load_openings(Options *o)
{
    RunOptions *run = &o->run;
    MatchSettings *m = &run->settings;
    char error[512];
    if (!openings_load(o->openings_path, &o->board, &run->openings, &m->schedule.openings, error, sizeof error)) {
        fprintf(stderr, PROGRAM ": %s\n", error);
        return 2;
    }
    if (m->have_seed) {
        uint64_t state = m->seed;
        for (int i = m->schedule.openings - 1; i > 0; i--) {
            int j = (int)(splitmix(&state) % (uint64_t)(i + 1));
            Opening t = run->openings[i];
            run->openings[i] = run->openings[j];
            run->openings[j] = t;
        }
    }
    m->openings_hash = openings_hash(run->openings, m->schedule.openings);
    return 0;
}

/* --anchor NAME: found now, or by the runner when an engine is yet to say its name. */
static int settle_anchor(Options *o)
{
    RunOptions *run = &o->run;
    const Schedule *s = &run->settings.schedule;
    for (int e = 0; e < s->engines; e++)
        if (!run->name_given[e]) {
            run->anchor_name = o->anchor;
            return 0;
        }
    if ((run->settings.anchor = schedule_find(s, o->anchor)) < 0)
        return usage_error("--anchor '%s' names none of the engines", o->anchor);
    return 0;
}

/* The schedule, the anchor and the checks between options. */
static int settle(Options *o)
{
    RunOptions *run = &o->run;
    MatchSettings *m = &run->settings;
    Schedule *s = &m->schedule;
    if (s->engines > 2 && m->sprt.enabled)
        return usage_error("--sprt tests one engine against one other; a tournament of %d engines has no "
                           "single verdict", s->engines);
    if (m->sprt.enabled && run->shard.count > 1 && o->games == 0)
        return usage_error("--sprt with --shard needs -n: a shard cannot stop early, since the test needs "
                           "all shards' games; it plays its part of -n games, and --merge gives the verdict");
    if (run->resume && !run->results_path)
        return usage_error("--resume needs --results FILE");
    s->kind = s->engines == 2 ? SCHEDULE_MATCH : o->have_tournament ? o->tournament : SCHEDULE_ROUND_ROBIN;
    int status = o->anchor ? settle_anchor(o) : 0;
    if (status != 0)
        return status;
    m->config.board = o->board.width ? o->board : (BoardSize){ DEFAULT_SIZE, DEFAULT_SIZE };
    game_new(&run->start.game, m->config.board.width, m->config.board.height);
    s->games_per_pairing = o->games ? o->games
                         : m->sprt.enabled ? SPRT_DEFAULT_GAMES : s->openings ? 2 * s->openings : 2;
    if (!schedule_build(s))
        return usage_error("more than %d games in all", MAX_GAMES);
    return 0;
}

static void default_options(Options *o)
{
    memset(o, 0, sizeof *o);
    MatchSettings *m = &o->run.settings;
    m->config.tc = (TimeControl){ .kind = TC_MOVE, .move_time = 1.0 };
    m->config.grace = 0.2;
    m->config.hang = 1.0;
    m->config.command_timeout = 10.0;
    m->config.quit_timeout = 2.0;
    m->sprt = (SprtConfig){ .alpha = 0.05, .beta = 0.05 };
    o->run.jobs = 1;
    o->run.shard = (Shard){ 0, 1 };
}

/*
 * The options, and with --merge the files among them (options may follow
 * the files there; everything after a lone "--" is a file).
 */
static int scan_arguments(Options *o, int argc, char **argv)
{
    int opt, long_index = -1, status;
    for (;;) {
        while ((opt = getopt_long(argc, argv, "+n:j:q", OPTIONS, &long_index)) != -1) {
            note_run_option(o, opt, long_index);
            if ((status = take_option(o, opt, optarg)) != 0)
                return status;
            long_index = -1;
        }
        if (!o->merge || optind >= argc)
            return 0;
        bool rest = strcmp(argv[optind - 1], "--") == 0;
        do
            o->files[o->file_count++] = argv[optind++];
        while (rest && optind < argc);
    }
}

/* Everything from the command line; returns 0 to go on, -1 to exit successfully, or an exit status. */
static int parse_options(Options *o, int argc, char **argv)
{
    o->files = calloc((size_t)argc, sizeof *o->files);
    if (!o->files)
        return usage_error("out of memory");
    int status = scan_arguments(o, argc, argv);
    if (status != 0)
        return status;
    if (o->merge) {
        if (o->not_for_merge)
            return usage_error("%s does not go with --merge (which takes --sgf, --anchor and files)", o->not_for_merge);
        return o->file_count > 0 ? 0 : usage_error("--merge needs results files");
    }
    if (o->have_move_time && o->have_time)
        return usage_error("--move-time and --time exclude each other");
    if (o->engine_specs > 0)
        status = named_engines(o, argc);
    else if ((status = optind < argc ? engine_words(o, argc, argv) : 0) == 0)
        status = two_engines(o);
    if (status == 0 && o->openings_path)
        status = load_openings(o);
    return status ? status : settle(o);
}

static void free_options(Options *o)
{
    free(o->command[0]);
    free(o->command[1]);
    for (int e = 0; e < o->engine_specs; e++)
        free(o->engine_spec[e]);
    if (o->run.openings)
        openings_free(o->run.openings, o->run.settings.schedule.openings);
    free(o->files);
}

int main(int argc, char **argv)
{
    static Options options;
    Options *o = &options;
    default_options(o);
    int status = parse_options(o, argc, argv);
    if (status == 0)
        status = o->merge ? merge_results(o->files, o->file_count, o->anchor, o->run.sgf_path)
                          : run_match(&o->run);
    else if (status < 0)
        status = EXIT_SUCCESS;
    free_options(o);
    return status;
}
