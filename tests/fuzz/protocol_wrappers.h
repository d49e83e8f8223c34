/*
 * protocol_wrappers.h - the session's command table with every handler
 * wrapped: the real handler runs, then the checks.  A failed command must
 * leave the game, clock, options and resignation history exactly as they
 * were (PROTOCOL.md §2); a successful one must answer what the engine
 * modules say (protocol_results.h); the game must stay consistent.  The first
 * broken property is kept in fuzz_violation.
 *
 * The wrappers change the engine's behaviour in exactly three ways, all so
 * that arbitrary input stays fast and harmless:
 *   - perft with a depth whose estimated cost exceeds FUZZ_PERFT_BUDGET leaf
 *     counts (perft 3 from the 10x10 start is ~10^10 moves) is answered
 *     "? fuzz harness: perft too expensive" instead of being run;
 *   - solve runs only with at most FUZZ_SOLVE_EMPTY empty squares (a proof
 *     of a few thousand nodes); elsewhere it is answered "? fuzz harness:
 *     solve too expensive" (its time limit would make inputs slow and their
 *     answers depend on the machine);
 *   - loadsgf / printsgf FILE must be a plain name (no '/', not "." or
 *     ".."); it is resolved inside a private temporary directory that is
 *     emptied before every input, so nothing outside it is read or written
 *     and every input behaves the same however often it is replayed.
 */
#ifndef AMAZONS_FUZZ_PROTOCOL_WRAPPERS_H
#define AMAZONS_FUZZ_PROTOCOL_WRAPPERS_H

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "protocol/gtp.h"
#include "protocol/session.h"
#include "tests/fuzz/analysis_results.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"
#include "tests/fuzz/protocol_results.h"

enum {
    FUZZ_PERFT_BUDGET = 2500,    /* estimated count_moves calls one perft may cost (10x10 depth 2: 2176) */
    FUZZ_SOLVE_EMPTY = 6,        /* most empty squares of a position solve may prove */
    FUZZ_MAX_COMMANDS = 48       /* handlers the wrapper table can hold */
};

static char *fuzz_sandbox;                       /* private directory for loadsgf / printsgf */
static bool fuzz_sandbox_used;                   /* a file command ran since the last clearing */
static Command fuzz_commands[FUZZ_MAX_COMMANDS + 1];
static CommandHandler fuzz_real[FUZZ_MAX_COMMANDS];
static char fuzz_violation[1024];                /* first broken property seen by a wrapper */

/* Empties the sandbox (it only ever holds plain files written by printsgf). */
FUZZ_API void fuzz_sandbox_clear(void)
{
    /* Only a file command can have written there; reading the directory
     * for every input would cost more than most inputs. */
    if (!fuzz_sandbox_used)
        return;
    fuzz_sandbox_used = false;
    DIR *dir = opendir(fuzz_sandbox);
    if (!dir)
        return;
    size_t base = strlen(fuzz_sandbox);
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char *path = malloc(base + strlen(e->d_name) + 2);
        if (!path)
            break;
        sprintf(path, "%s/%s", fuzz_sandbox, e->d_name);
        unlink(path);
        free(path);
    }
    closedir(dir);
}

/* A plain file name inside the sandbox, malloc'ed; NULL for anything else. */
FUZZ_API char *fuzz_sandbox_path(const char *name)
{
    if (strchr(name, '/') || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return NULL;
    char *path = malloc(strlen(fuzz_sandbox) + strlen(name) + 2);
    if (path)
        sprintf(path, "%s/%s", fuzz_sandbox, name);
    return path;
}

/* Runs a FILE command on its sandboxed path (argv[0] is the file). */
FUZZ_API bool fuzz_file_command(CommandHandler real, void *ctx, int argc, char **argv, Reply *reply)
{
    if (argc < 1 || argc > 2)
        return real(ctx, argc, argv, reply); /* the real syntax errors */
    char *path = fuzz_sandbox_path(argv[0]);
    if (!path) {
        reply_printf(reply, "fuzz harness: file name outside the sandbox");
        return false;
    }
    char *args[2] = { path, argc == 2 ? argv[1] : NULL };
    fuzz_sandbox_used = true;
    bool ok = real(ctx, argc, args, reply);
    free(path);
    return ok;
}

/* perft, unless its estimated cost is too high for a fuzzer. */
FUZZ_API bool fuzz_perft(CommandHandler real, void *ctx, int argc, char **argv, Reply *reply)
{
    const Session *s = ctx;
    if (argc == 1) {
        char *end;
        errno = 0;
        long depth = strtol(argv[0], &end, 10);
        if (!errno && end != argv[0] && !*end && depth >= 2 && depth <= 20) {
            uint64_t w = count_moves(&s->game.pos, WHITE), b = count_moves(&s->game.pos, BLACK);
            uint64_t branching = w > b ? w : b, cost = 1;
            for (long d = 1; d < depth && cost <= FUZZ_PERFT_BUDGET; d++)
                cost *= branching ? branching : 1;
            if (cost > FUZZ_PERFT_BUDGET) {
                reply_printf(reply, "fuzz harness: perft too expensive");
                return false;
            }
        }
    }
    return real(ctx, argc, argv, reply);
}

/* solve, on positions small enough to prove at once; its syntax errors always. */
FUZZ_API bool fuzz_solve(CommandHandler real, void *ctx, int argc, char **argv, Reply *reply)
{
    const Session *s = ctx;
    if (argc <= 1 && bb_count(s->game.pos.empty) > FUZZ_SOLVE_EMPTY) {
        char *end;
        if (argc == 0 || (strtod(argv[0], &end) >= 0 && end != argv[0] && !*end)) {
            reply_printf(reply, "fuzz harness: solve too expensive");
            return false;
        }
    }
    return real(ctx, argc, argv, reply);
}

/*
 * Runs a command that may stream its answer with the stream captured, then
 * passes the captured text on to the real output; *stream gets a copy to check.
 */
FUZZ_API bool fuzz_streamed(CommandHandler real, void *ctx, int argc, char **argv, Reply *reply,
                            char **stream)
{
    size_t length = 0;
    FILE *out = reply->loop->out, *capture = open_memstream(stream, &length);
    if (!capture)
        return real(ctx, argc, argv, reply);
    reply->loop->out = capture;
    bool ok = real(ctx, argc, argv, reply);
    reply->loop->out = out;
    fclose(capture);
    if (*stream)
        fwrite(*stream, 1, length, out);
    return ok;
}

/* The state a failed command must leave alone. */
typedef struct {
    Game game;
    Clock clock;
    SessionOptions options;
    int low_estimates[2];
} FuzzSnapshot;

FUZZ_API void fuzz_snapshot(FuzzSnapshot *snap, const Session *s)
{
    memcpy(&snap->game, &s->game, sizeof snap->game);
    memcpy(&snap->clock, &s->clock, sizeof snap->clock);
    memcpy(&snap->options, &s->options, sizeof snap->options);
    memcpy(snap->low_estimates, s->low_estimates, sizeof snap->low_estimates);
}

FUZZ_API void fuzz_violate(const char *command, const char *what)
{
    if (!fuzz_violation[0])
        snprintf(fuzz_violation, sizeof fuzz_violation, "%.60s: %.900s", command, what);
}

/* Every command goes through here: the real handler, then the checks. */
FUZZ_API bool fuzz_wrapped(int index, void *ctx, int argc, char **argv, Reply *reply)
{
    static FuzzSnapshot before;
    Session *s = ctx;
    const char *name = fuzz_commands[index].name;
    CommandHandler real = fuzz_real[index];
    fuzz_snapshot(&before, s);
    bool ok;
    char *stream = NULL;
    if (strcmp(name, "perft") == 0)
        ok = fuzz_perft(real, ctx, argc, argv, reply);
    else if (strcmp(name, "solve") == 0)
        ok = fuzz_solve(real, ctx, argc, argv, reply);
    else if (strcmp(name, "loadsgf") == 0 || strcmp(name, "printsgf") == 0)
        ok = fuzz_file_command(real, ctx, argc, argv, reply);
    else if (fuzz_is_analysis(name))
        ok = fuzz_streamed(real, ctx, argc, argv, reply, &stream);
    else
        ok = real(ctx, argc, argv, reply);
    if (stream && ok && reply->streamed) {
        const char *problem = fuzz_check_analysis(name, &before.game, s, argc, argv, stream);
        if (problem)
            fuzz_violate(name, problem);
    } else if (reply->streamed) {
        fuzz_violate(name, "a streamed answer from a failed command");
    }
    free(stream);

    const char *error = fuzz_check_game(&s->game);
    if (error)
        fuzz_violate(name, error);
    if (reply->text && strstr(reply->text, "internal error"))
        fuzz_violate(name, reply->text);
    if (ok) {
        error = fuzz_check_result(name, &before.game, s, argc, argv, reply->text ? reply->text : "");
        if (error)
            fuzz_violate(name, error);
    } else {
        /* PROTOCOL.md: a failed command leaves the engine exactly as it was. */
        error = fuzz_same_game("failed command changed the game", &before.game, &s->game);
        if (error)
            fuzz_violate(name, error);
        if (memcmp(&before.clock, &s->clock, sizeof before.clock) != 0)
            fuzz_violate(name, "failed command changed the clock");
        if (memcmp(&before.options, &s->options, sizeof before.options) != 0)
            fuzz_violate(name, "failed command changed the options");
        if (memcmp(before.low_estimates, s->low_estimates, sizeof before.low_estimates) != 0)
            fuzz_violate(name, "failed command changed the resign history");
    }
    return ok;
}

#define FUZZ_WRAPPER(i)                                                          \
    static bool fuzz_wrapper_##i(void *ctx, int argc, char **argv, Reply *reply) \
    {                                                                            \
        return fuzz_wrapped(i, ctx, argc, argv, reply);                          \
    }
/* One wrapper per command-table slot, so each knows its real handler. */
FUZZ_WRAPPER(0) FUZZ_WRAPPER(1) FUZZ_WRAPPER(2) FUZZ_WRAPPER(3) FUZZ_WRAPPER(4) FUZZ_WRAPPER(5)
FUZZ_WRAPPER(6) FUZZ_WRAPPER(7) FUZZ_WRAPPER(8) FUZZ_WRAPPER(9) FUZZ_WRAPPER(10) FUZZ_WRAPPER(11)
FUZZ_WRAPPER(12) FUZZ_WRAPPER(13) FUZZ_WRAPPER(14) FUZZ_WRAPPER(15) FUZZ_WRAPPER(16)
FUZZ_WRAPPER(17) FUZZ_WRAPPER(18) FUZZ_WRAPPER(19) FUZZ_WRAPPER(20) FUZZ_WRAPPER(21)
FUZZ_WRAPPER(22) FUZZ_WRAPPER(23) FUZZ_WRAPPER(24) FUZZ_WRAPPER(25) FUZZ_WRAPPER(26)
FUZZ_WRAPPER(27) FUZZ_WRAPPER(28) FUZZ_WRAPPER(29) FUZZ_WRAPPER(30) FUZZ_WRAPPER(31)
FUZZ_WRAPPER(32) FUZZ_WRAPPER(33) FUZZ_WRAPPER(34) FUZZ_WRAPPER(35) FUZZ_WRAPPER(36)
FUZZ_WRAPPER(37) FUZZ_WRAPPER(38) FUZZ_WRAPPER(39) FUZZ_WRAPPER(40) FUZZ_WRAPPER(41)
FUZZ_WRAPPER(42) FUZZ_WRAPPER(43) FUZZ_WRAPPER(44) FUZZ_WRAPPER(45) FUZZ_WRAPPER(46)
FUZZ_WRAPPER(47)

static const CommandHandler FUZZ_WRAPPER_TABLE[FUZZ_MAX_COMMANDS] = {
    fuzz_wrapper_0,  fuzz_wrapper_1,  fuzz_wrapper_2,  fuzz_wrapper_3,  fuzz_wrapper_4,
    fuzz_wrapper_5,  fuzz_wrapper_6,  fuzz_wrapper_7,  fuzz_wrapper_8,  fuzz_wrapper_9,
    fuzz_wrapper_10, fuzz_wrapper_11, fuzz_wrapper_12, fuzz_wrapper_13, fuzz_wrapper_14,
    fuzz_wrapper_15, fuzz_wrapper_16, fuzz_wrapper_17, fuzz_wrapper_18, fuzz_wrapper_19,
    fuzz_wrapper_20, fuzz_wrapper_21, fuzz_wrapper_22, fuzz_wrapper_23, fuzz_wrapper_24,
    fuzz_wrapper_25, fuzz_wrapper_26, fuzz_wrapper_27, fuzz_wrapper_28, fuzz_wrapper_29,
    fuzz_wrapper_30, fuzz_wrapper_31, fuzz_wrapper_32, fuzz_wrapper_33, fuzz_wrapper_34,
    fuzz_wrapper_35, fuzz_wrapper_36, fuzz_wrapper_37, fuzz_wrapper_38, fuzz_wrapper_39,
    fuzz_wrapper_40, fuzz_wrapper_41, fuzz_wrapper_42, fuzz_wrapper_43, fuzz_wrapper_44,
    fuzz_wrapper_45, fuzz_wrapper_46, fuzz_wrapper_47,
};

/* Creates the sandbox and the wrapped command table; idempotent.  NULL on success. */
FUZZ_API const char *fuzz_protocol_setup(void)
{
    if (fuzz_sandbox)
        return NULL;
    int n = 0;
    for (const Command *c = SESSION_COMMANDS; c->name; c++, n++) {
        if (n == FUZZ_MAX_COMMANDS)
            return "fuzz harness: more commands than FUZZ_MAX_COMMANDS wrappers";
        fuzz_commands[n].name = c->name;
        fuzz_commands[n].handler = FUZZ_WRAPPER_TABLE[n];
        fuzz_commands[n].exclusive = c->exclusive;
        fuzz_real[n] = c->handler;
    }
    fuzz_commands[n] = (Command){ NULL, NULL, SHARED };
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    char *dir = malloc(strlen(tmp) + sizeof "/amazons-fuzz-XXXXXX");
    if (!dir)
        return "fuzz harness: out of memory";
    sprintf(dir, "%s/amazons-fuzz-XXXXXX", tmp);
    if (!mkdtemp(dir)) {
        free(dir);
        return "fuzz harness: cannot create the sandbox directory";
    }
    fuzz_sandbox = dir;
    return NULL;
}

/* Removes the sandbox. */
FUZZ_API void fuzz_protocol_teardown(void)
{
    if (!fuzz_sandbox)
        return;
    fuzz_sandbox_clear();
    rmdir(fuzz_sandbox);
    free(fuzz_sandbox);
    fuzz_sandbox = NULL;
}

#endif
