/*
 * match_run.h - running the amazons-match program from the match suites:
 * its output captured, the results tables and SGF collections it writes
 * read back, temporary directories.
 *
 * Binaries: AMAZONS_MATCH_BIN (default ./amazons-match) and AMAZONS_BIN
 * (default ./amazons); fixtures: AMAZONS_FIXTURES (default tests/fixtures).
 */
#ifndef AMAZONS_TESTS_MATCH_RUN_H
#define AMAZONS_TESTS_MATCH_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"
#include "records/sgf.h"

enum { OUTPUT_MAX = 1 << 16, MAX_ARGS = 64 };

typedef struct {
    int status;          /* exit status, or -1 when killed by a signal */
    double seconds;
    char out[OUTPUT_MAX];
    char err[OUTPUT_MAX];
} Run;

/* Sends `sig` to the runner once `path` holds `lines` lines (see run_program_watched). */
typedef struct {
    const char *path;
    int lines;
    int sig;
} Watch;

const char *engine_bin(void);
const char *fixtures(void);
double now(void);

/* The real engine, cheap and repeatable: --playouts 50 --memory 16 --seed 1. */
const char *real_engine(void);

/* "sh FIXTURES/script args" (four rotating buffers). */
const char *fixture(const char *script, const char *args);

/* Runs the runner with the arguments (NULL-terminated), capturing stdout and stderr; 30 s at most. */
void run_program(Run *run, const char *const *args);
void run_program_watched(Run *run, const char *const *args, const Watch *watch);

/* Runs and insists on exit status 2, nothing on stdout, and `message` on stderr. */
void run_refused(Run *run, const char *const *args, const char *message);

/* The numbers after `name` in its row of the records table (which = 0) or the faults table (which = 1). */
void table_row(const Run *run, const char *name, int which, int *values, int count);

/* Results row: games, wins, losses. */
void assert_record(const Run *run, const char *name, int games, int wins, int losses);

enum { F_ILLEGAL, F_CRASH, F_TIMEOUT, F_REFUSED, F_OVERRUN, F_MALFORMED, F_KINDS };
void assert_faults(const Run *run, const char *name, int kind, int count);

/* A file's contents (malloc'ed, at most SGF_MAX_INPUT bytes). */
char *read_file(const char *path);
int count_lines(const char *path);

/* Reads every game tree of an SGF collection; returns the count. */
int parse_collection(const char *text, Game *games, SgfInfo *infos, int max);
void assert_same_game(const Game *a, const Game *b);

/* ---- results files ---- */

enum { LINE_MAX_TEST = 16384 };

/* A top-level member of a JSON line as text (a string unquoted); false when absent. */
bool json_field(const char *line, const char *key, char *out, size_t size);
int json_int(const char *line, const char *key);

/* The lines of a file (each must end in a newline); returns the count. */
int file_lines(const char *path, char lines[][LINE_MAX_TEST], int max);

/* The output without the "Thinking time:" line (times differ from run to run). */
void strip_times(const char *out, char *stripped, size_t size);

/* A fresh directory for one test's files; temp_path names a file in it (four rotating buffers). */
extern char temp_dir[64];
void make_temp_dir(void);
const char *temp_path(const char *name);
void remove_temp_dir(void);

#endif
