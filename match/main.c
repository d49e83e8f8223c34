/*
 * main.c - amazons-match: options, the game scheduler (one thread per
 * parallel game slot, each with its own pair of engine processes),
 * progress, SGF output, the SPRT stop, and the results table.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/sgf.h"
#include "match/engine_proc.h"
#include "match/openings.h"
#include "match/referee.h"
#include "match/stats.h"
#include "protocol/numbers.h"
#include "protocol/version.h"

#define PROGRAM "amazons-match"

enum { MAX_JOBS = 64, MAX_GAMES = 1000000, SPRT_DEFAULT_GAMES = 100000 };

typedef struct {
    MatchConfig config;
    SprtConfig sprt;
    Opening *openings;       /* NULL: every game from the start position */
    int opening_count;
    Opening start;
    int total;               /* games to play (the SPRT may stop sooner) */
    int jobs;
    bool quiet;
    const char *sgf_dir;
    FILE *sgf_file;

    pthread_mutex_t lock;    /* guards everything below */
    int next;                /* next game to hand out */
    int aborted;             /* games cut short by a stop */
    Stats stats;
    GameResult **results;    /* by game index, kept for --sgf */
    SprtDecision decision;
    int io_errors;
} Match;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    interrupted = sig;
    atomic_store(&engine_stop_requested, 1);
}

/* ---- output of finished games ---- */

static char *game_sgf(const Match *m, const GameResult *r)
{
    SgfInfo info;
    sgf_info_clear(&info);
    snprintf(info.white, sizeof info.white, "%s", m->config.name[r->white_engine]);
    snprintf(info.black, sizeof info.black, "%s", m->config.name[1 - r->white_engine]);
    result_sgf_value(r, info.result, sizeof info.result);
    snprintf(info.date, sizeof info.date, "%s", r->date);
    snprintf(info.event, sizeof info.event, "%s", PROGRAM);
    snprintf(info.game_name, sizeof info.game_name, "Game %d", r->index + 1);
    time_control_sgf(&m->config.tc, info.time_limit, sizeof info.time_limit, info.overtime,
                     sizeof info.overtime);
    snprintf(info.comment, sizeof info.comment, "%s", r->reason);
    return sgf_write(&r->game, &info);
}

static bool write_text(const char *path, FILE *file, const char *text)
{
    if (fputs(text, file) == EOF) {
        fprintf(stderr, PROGRAM ": cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

static void save_game_file(Match *m, const GameResult *r)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%04d.sgf", m->sgf_dir, r->index + 1);
    char *text = game_sgf(m, r);
    FILE *file = text ? fopen(path, "w") : NULL;
    bool ok = file && write_text(path, file, text);
    if (file && fclose(file) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, PROGRAM ": cannot write %s\n", path);
        m->io_errors++;
    }
    free(text);
}

/* Called with the lock held. */
static void record(Match *m, const GameResult *r)
{
    if (r->kind == END_ABORTED) {
        m->aborted++;
        return;
    }
    stats_add(&m->stats, r);
    if (m->results) {
        m->results[r->index] = malloc(sizeof *r);
        if (m->results[r->index])
            *m->results[r->index] = *r;
        else
            m->io_errors++;
    }
    if (m->sgf_dir)
        save_game_file(m, r);
    if (m->sprt.enabled && m->decision == SPRT_CONTINUE) {
        m->decision = sprt_decide(&m->sprt, m->stats.wins[0], m->stats.wins[1]);
        if (m->decision != SPRT_CONTINUE)
            atomic_store(&engine_stop_requested, 1);
    }
    if (m->quiet)
        return;
    const Stats *s = &m->stats;
    char re[32];
    result_sgf_value(r, re, sizeof re);
    fprintf(stderr, "[%d/%d] game %d: %s (W) vs %s (B): %s, %s | %s %d - %d %s (%.1f%%)",
            s->games, m->total, r->index + 1, m->config.name[r->white_engine],
            m->config.name[1 - r->white_engine], re, r->reason, m->config.name[0], s->wins[0],
            s->wins[1], m->config.name[1], 100 * stats_score(s));
    if (m->sprt.enabled)
        fprintf(stderr, " LLR %.2f", sprt_llr(&m->sprt, s->wins[0], s->wins[1]));
    fprintf(stderr, "\n");
}

/* ---- the game slots ---- */

static void *worker(void *arg)
{
    Match *m = arg;
    EngineProc *engines = malloc(2 * sizeof *engines);
    GameResult *r = malloc(sizeof *r);
    if (!engines || !r) {
        free(engines);
        free(r);
        pthread_mutex_lock(&m->lock);
        m->io_errors++;
        pthread_mutex_unlock(&m->lock);
        return NULL;
    }
    engine_init(&engines[0]);
    engine_init(&engines[1]);
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int index = m->next < m->total && !atomic_load(&engine_stop_requested) ? m->next++ : -1;
        pthread_mutex_unlock(&m->lock);
        if (index < 0)
            break;
        const Opening *opening = m->openings ? &m->openings[(index / 2) % m->opening_count] : &m->start;
        referee_play(&m->config, engines, opening, index, index % 2, r);
        pthread_mutex_lock(&m->lock);
        record(m, r);
        pthread_mutex_unlock(&m->lock);
    }
    engine_quit(&engines[0], m->config.quit_timeout);
    engine_quit(&engines[1], m->config.quit_timeout);
    free(engines);
    free(r);
    return NULL;
}

/* ---- options ---- */

static void print_help(FILE *out)
{
    fprintf(out,
        "Usage: " PROGRAM " [OPTION]... [--] ENGINE1 WORDS... -- ENGINE2 WORDS...\n"
        "   or: " PROGRAM " [OPTION]... --engine1 'COMMAND' --engine2 'COMMAND'\n"
        "Plays Game of the Amazons matches between two GTP engines, refereeing every\n"
        "move, and prints a results table on stdout (progress on stderr).\n"
        "\n"
        "Engines are run with /bin/sh -c: --engine1/--engine2 take a shell command line\n"
        "(quotes, variables and redirections work); words after the options are quoted\n"
        "for the shell one by one, the two commands separated by a lone '--'.\n"
        "\n"
        "  -n, --games N            games to play (default 2, or 2 per opening; with\n"
        "                           --sprt the most to play, default %d)\n"
        "  -j, --jobs N             games in parallel, each with its own engines (default 1)\n"
        "      --size N             board size 4..10 (default 10, or the openings' size)\n"
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
        "      --name1 NAME         first engine's name (default: from its command)\n"
        "      --name2 NAME         second engine's name\n"
        "      --sgf FILE           write every game to FILE as one SGF collection\n"
        "      --sgf-dir DIR        write every game to DIR/game-NNNN.sgf\n"
        "      --sprt ELO0,ELO1     stop when the SPRT accepts H0 (elo = ELO0) or H1 (elo = ELO1)\n"
        "      --alpha A            SPRT false-positive rate (default 0.05)\n"
        "      --beta B             SPRT false-negative rate (default 0.05)\n"
        "      --seed S             shuffle the openings with this seed\n"
        "      --discard-stderr     send the engines' stderr to /dev/null\n"
        "  -q, --quiet              no progress lines\n"
        "      --help               show this help and exit\n"
        "      --version            show the version and exit\n"
        "\n"
        "Engine 1 takes White in odd-numbered games (1, 3, ...).  A game is lost by an\n"
        "illegal or malformed move, a crash, a hang, an overrun, refusing a legal move\n"
        "or a setup command, resigning, or having no legal move.  Times sent with\n"
        "time_settings / time_left: a move limit S as 'time_settings 0 S 1'; Fischer as\n"
        "'time_settings MAIN 0 0' with the increments in every time_left.\n",
        SPRT_DEFAULT_GAMES);
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

/* "MAIN+INC" or "MAIN/BYO/STONES". */
static bool parse_time_spec(const char *spec, TimeControl *tc)
{
    char buf[128];
    if (strlen(spec) >= sizeof buf)
        return false;
    strcpy(buf, spec);
    char *plus = strchr(buf, '+'), *slash = strchr(buf, '/');
    if (plus && !slash) {
        *plus = '\0';
        tc->kind = TC_FISCHER;
        return parse_double(buf, 0.001, 1e6, &tc->main_time) && parse_double(plus + 1, 0, 1e6, &tc->increment);
    }
    if (slash && !plus) {
        char *second = strchr(slash + 1, '/');
        if (!second)
            return false;
        *slash = *second = '\0';
        tc->kind = TC_CANADIAN;
        return parse_double(buf, 0, 1e6, &tc->main_time) && parse_double(slash + 1, 0.001, 1e6, &tc->byo_time)
            && parse_int(second + 1, 1, 100000, &tc->byo_stones);
    }
    return false;
}

static bool parse_sprt(const char *text, SprtConfig *sprt)
{
    char buf[128];
    if (strlen(text) >= sizeof buf)
        return false;
    strcpy(buf, text);
    char *comma = strchr(buf, ',');
    if (!comma)
        return false;
    *comma = '\0';
    if (!parse_double(buf, -2000, 2000, &sprt->elo0) || !parse_double(comma + 1, -2000, 2000, &sprt->elo1))
        return false;
    sprt->enabled = true;
    return sprt->elo0 < sprt->elo1;
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

/* A default name: the program's file name, looking through sh/env/exec wrappers. */
static void default_name(const char *command, char *name, size_t size)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", command);
    char *save = NULL, *chosen = NULL;
    for (char *word = strtok_r(buf, " \t'\"", &save); word; word = strtok_r(NULL, " \t'\"", &save)) {
        if (strchr(word, '=') || word[0] == '-')
            continue;
        const char *base = strrchr(word, '/') ? strrchr(word, '/') + 1 : word;
        chosen = word;
        if (strcmp(base, "sh") && strcmp(base, "bash") && strcmp(base, "dash") && strcmp(base, "env")
            && strcmp(base, "exec") && strcmp(base, "nice") && strcmp(base, "taskset"))
            break;
    }
    if (!chosen) {
        snprintf(name, size, "engine");
        return;
    }
    const char *base = strrchr(chosen, '/') ? strrchr(chosen, '/') + 1 : chosen;
    snprintf(name, size, "%s", *base ? base : "engine");
}

static int usage_error(const char *format, const char *arg)
{
    fprintf(stderr, PROGRAM ": ");
    fprintf(stderr, format, arg);
    fprintf(stderr, "\nTry '" PROGRAM " --help' for more information.\n");
    return 2;
}

enum {
    OPT_SIZE = 256, OPT_OPENINGS, OPT_MOVE_TIME, OPT_TIME, OPT_GRACE, OPT_HANG, OPT_COMMAND_TIMEOUT,
    OPT_ENGINE1, OPT_ENGINE2, OPT_NAME1, OPT_NAME2, OPT_SGF, OPT_SGF_DIR, OPT_SPRT, OPT_ALPHA,
    OPT_BETA, OPT_SEED, OPT_DISCARD_STDERR, OPT_HELP, OPT_VERSION
};

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
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
        { "sgf", required_argument, NULL, OPT_SGF },
        { "sgf-dir", required_argument, NULL, OPT_SGF_DIR },
        { "sprt", required_argument, NULL, OPT_SPRT },
        { "alpha", required_argument, NULL, OPT_ALPHA },
        { "beta", required_argument, NULL, OPT_BETA },
        { "seed", required_argument, NULL, OPT_SEED },
        { "discard-stderr", no_argument, NULL, OPT_DISCARD_STDERR },
        { "help", no_argument, NULL, OPT_HELP },
        { "version", no_argument, NULL, OPT_VERSION },
        { NULL, 0, NULL, 0 },
    };
    static Match match;
    Match *m = &match;
    MatchConfig *config = &m->config;
    config->tc = (TimeControl){ .kind = TC_MOVE, .move_time = 1.0 };
    config->grace = 0.2;
    config->hang = 1.0;
    config->command_timeout = 10.0;
    config->quit_timeout = 2.0;
    m->sprt = (SprtConfig){ .alpha = 0.05, .beta = 0.05 };
    m->jobs = 1;
    int games = 0, size = 0;
    bool have_move_time = false, have_time = false, have_seed = false;
    const char *openings_path = NULL, *sgf_path = NULL, *name[2] = { NULL, NULL };
    char *command[2] = { NULL, NULL };
    unsigned long long seed = 0;
    double x;
    int opt;
    while ((opt = getopt_long(argc, argv, "+n:j:q", options, NULL)) != -1) {
        switch (opt) {
        case 'n':
            if (!parse_int(optarg, 1, MAX_GAMES, &games))
                return usage_error("invalid number of games '%s'", optarg);
            break;
        case 'j':
            if (!parse_int(optarg, 1, MAX_JOBS, &m->jobs))
                return usage_error("invalid number of parallel games '%s' (1 to 64)", optarg);
            break;
        case 'q':
            m->quiet = true;
            break;
        case OPT_SIZE:
            if (!parse_int(optarg, BOARD_MIN, BOARD_MAX, &size))
                return usage_error("invalid board size '%s' (4 to 10)", optarg);
            break;
        case OPT_OPENINGS:
            openings_path = optarg;
            break;
        case OPT_MOVE_TIME:
            if (!parse_double(optarg, 0.001, 1e6, &config->tc.move_time))
                return usage_error("invalid move time '%s'", optarg);
            config->tc.kind = TC_MOVE;
            have_move_time = true;
            break;
        case OPT_TIME:
            if (!parse_time_spec(optarg, &config->tc))
                return usage_error("invalid time control '%s' (MAIN+INC or MAIN/BYO/STONES)", optarg);
            have_time = true;
            break;
        case OPT_GRACE:
            if (!parse_double(optarg, 0, 60000, &x))
                return usage_error("invalid grace '%s' (milliseconds)", optarg);
            config->grace = x / 1000;
            break;
        case OPT_HANG:
            if (!parse_double(optarg, 0, 600000, &x))
                return usage_error("invalid hang margin '%s' (milliseconds)", optarg);
            config->hang = x / 1000;
            break;
        case OPT_COMMAND_TIMEOUT:
            if (!parse_double(optarg, 0.01, 3600, &config->command_timeout))
                return usage_error("invalid command timeout '%s' (seconds)", optarg);
            break;
        case OPT_ENGINE1:
        case OPT_ENGINE2:
            if (!*optarg)
                return usage_error("%sempty engine command", "");
            free(command[opt - OPT_ENGINE1]);
            command[opt - OPT_ENGINE1] = strdup(optarg);
            break;
        case OPT_NAME1:
        case OPT_NAME2:
            if (!*optarg || strlen(optarg) >= ENGINE_NAME_MAX)
                return usage_error("invalid engine name '%s'", optarg);
            name[opt - OPT_NAME1] = optarg;
            break;
        case OPT_SGF:
            sgf_path = optarg;
            break;
        case OPT_SGF_DIR:
            m->sgf_dir = optarg;
            break;
        case OPT_SPRT:
            if (!parse_sprt(optarg, &m->sprt))
                return usage_error("invalid SPRT bounds '%s' (ELO0,ELO1 with ELO0 < ELO1)", optarg);
            break;
        case OPT_ALPHA:
        case OPT_BETA:
            if (!parse_double(optarg, 1e-9, 0.5, opt == OPT_ALPHA ? &m->sprt.alpha : &m->sprt.beta))
                return usage_error("invalid SPRT error rate '%s' (0 to 0.5)", optarg);
            break;
        case OPT_SEED: {
            char *end;
            errno = 0;
            seed = strtoull(optarg, &end, 10);
            if (errno || end == optarg || *end || *optarg == '-')
                return usage_error("invalid seed '%s'", optarg);
            have_seed = true;
            break;
        }
        case OPT_DISCARD_STDERR:
            config->discard_stderr = true;
            break;
        case OPT_HELP:
            print_help(stdout);
            return EXIT_SUCCESS;
        case OPT_VERSION:
            printf(PROGRAM " %s\n", ENGINE_VERSION);
            return EXIT_SUCCESS;
        default:
            fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
            return 2;
        }
    }
    if (have_move_time && have_time)
        return usage_error("%s--move-time and --time exclude each other", "");

    /* Engine commands from the remaining words: ENGINE1 ... -- ENGINE2 ... */
    int missing = (command[0] == NULL) + (command[1] == NULL);
    if (optind < argc) {
        int split = -1;
        for (int i = optind; i < argc; i++)
            if (strcmp(argv[i], "--") == 0) {
                split = i;
                break;
            }
        int want = missing;
        if (want == 0)
            return usage_error("unexpected argument '%s' (both engines are already given)", argv[optind]);
        if ((want == 2) != (split >= 0))
            return usage_error("%sengine commands: ENGINE1 WORDS... -- ENGINE2 WORDS...", "");
        int first = optind, stop = split >= 0 ? split : argc;
        for (int slot = 0; slot < 2; slot++) {
            if (command[slot])
                continue;
            size_t length = 0;
            if (first >= stop)
                return usage_error("%sempty engine command", "");
            for (int i = first; i < stop; i++)
                if (!append_quoted(&command[slot], &length, argv[i]))
                    return usage_error("%sout of memory", "");
            first = stop + 1;
            stop = argc;
        }
    }
    if (!command[0] || !command[1])
        return usage_error("%stwo engines are needed (see --help)", "");
    for (int e = 0; e < 2; e++) {
        config->command[e] = command[e];
        if (name[e])
            snprintf(config->name[e], sizeof config->name[e], "%s", name[e]);
        else
            default_name(command[e], config->name[e], sizeof config->name[e] - 2);
    }
    if (strcmp(config->name[0], config->name[1]) == 0 && !(name[0] && name[1])) {
        strcat(config->name[0], "-1");
        strcat(config->name[1], "-2");
    }

    if (openings_path) {
        char error[512];
        if (!openings_load(openings_path, &size, &m->openings, &m->opening_count, error, sizeof error)) {
            fprintf(stderr, PROGRAM ": %s\n", error);
            return 2;
        }
        if (have_seed) {
            uint64_t state = seed;
            for (int i = m->opening_count - 1; i > 0; i--) {
                int j = (int)(splitmix(&state) % (uint64_t)(i + 1));
                Opening t = m->openings[i];
                m->openings[i] = m->openings[j];
                m->openings[j] = t;
            }
        }
    }
    config->size = size ? size : DEFAULT_SIZE;
    game_new(&m->start.game, config->size, config->size);
    if (games == 0)
        games = m->sprt.enabled ? SPRT_DEFAULT_GAMES : m->openings ? 2 * m->opening_count : 2;
    m->total = games;

    if (m->sgf_dir && mkdir(m->sgf_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, PROGRAM ": cannot create %s: %s\n", m->sgf_dir, strerror(errno));
        return 1;
    }
    if (sgf_path) {
        m->sgf_file = fopen(sgf_path, "w");
        if (!m->sgf_file) {
            fprintf(stderr, PROGRAM ": cannot write %s: %s\n", sgf_path, strerror(errno));
            return 1;
        }
        m->results = calloc((size_t)m->total, sizeof *m->results);
        if (!m->results) {
            fprintf(stderr, PROGRAM ": out of memory\n");
            return 1;
        }
    }

    signal(SIGPIPE, SIG_IGN);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    action.sa_flags = SA_RESETHAND; /* a second ^C ends the runner at once */
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);

    if (!m->quiet) {
        char tc[64];
        time_control_text(&config->tc, tc, sizeof tc);
        fprintf(stderr, "%s vs %s: %d game%s on %dx%d, %s, %d at a time%s\n", config->name[0],
                config->name[1], m->total, m->total == 1 ? "" : "s", config->size, config->size, tc,
                m->jobs, m->sprt.enabled ? ", SPRT" : "");
    }
    pthread_mutex_init(&m->lock, NULL);
    int jobs = m->jobs < m->total ? m->jobs : m->total;
    pthread_t threads[MAX_JOBS];
    int started = 0;
    for (int i = 0; i < jobs; i++) {
        if (pthread_create(&threads[i], NULL, worker, m) != 0) {
            fprintf(stderr, PROGRAM ": cannot start a thread\n");
            break;
        }
        started++;
    }
    if (started == 0)
        return 1;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);

    if (m->sgf_file) {
        bool ok = true;
        for (int i = 0; i < m->total && ok; i++) {
            if (!m->results[i])
                continue;
            char *text = game_sgf(m, m->results[i]);
            ok = text && write_text(sgf_path, m->sgf_file, text);
            free(text);
        }
        if (fclose(m->sgf_file) != 0 || !ok) {
            fprintf(stderr, PROGRAM ": cannot write %s\n", sgf_path);
            m->io_errors++;
        }
        for (int i = 0; i < m->total; i++)
            free(m->results[i]);
        free(m->results);
    }

    if (interrupted)
        fprintf(stderr, PROGRAM ": interrupted; results of the finished games follow\n");
    if (m->aborted)
        fprintf(stderr, PROGRAM ": %d game%s in progress abandoned when the match stopped\n", m->aborted,
                m->aborted == 1 ? "" : "s");
    stats_print(stdout, &m->stats, config, &m->sprt);
    fflush(stdout);
    free(m->openings);
    free(command[0]);
    free(command[1]);
    pthread_mutex_destroy(&m->lock);
    if (interrupted)
        return 128 + interrupted;
    return m->io_errors ? EXIT_FAILURE : EXIT_SUCCESS;
}
