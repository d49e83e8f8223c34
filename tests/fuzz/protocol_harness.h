/*
 * protocol_harness.h - the checks of the fuzz_protocol target:
 *
 *   fuzz_protocol_one(data, size)  the bytes as a whole protocol session on a
 *                                  fresh Session, through the real gtp_run and
 *                                  SESSION_COMMANDS (fuzz_protocol_setup first).
 *                                  The session searches 3 playouts per move in
 *                                  a 96 KiB tree, seed 1, one thread, unless the
 *                                  first line is a "# fuzz ..." comment that
 *                                  sets options (see fuzz_apply_header); either
 *                                  way the answers are deterministic, apart
 *                                  from cputime, solve and searches under a clock.
 *
 * Every non-blank line must get exactly one well-framed response echoing its
 * id (protocol_framing.h); every command is checked as it runs
 * (protocol_wrappers.h, which also names the harness's two limits: costly
 * perft and file names outside a private directory); afterwards
 * get_position and printsgf must read back as the session's game, and a
 * searching session run twice must answer the same.
 */
#ifndef AMAZONS_FUZZ_PROTOCOL_HARNESS_H
#define AMAZONS_FUZZ_PROTOCOL_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/position.h"
#include "records/sgf.h"
#include "protocol/gtp.h"
#include "protocol/session.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"
#include "tests/fuzz/protocol_framing.h"
#include "tests/fuzz/protocol_wrappers.h"

enum {
    FUZZ_PLAYOUTS = 3,           /* search iterations per genmove (see fuzz_apply_header) */
    FUZZ_MAX_PLAYOUTS = 16,      /* a few playouts exercise every part of the search */
    /*
     * Search tree memory: 96 KiB hold the ~4000 nodes a few playouts need.
     * ASan serves allocations this small from its pooled allocator; a tree
     * of 1 MiB or more is mmap'ed and unmapped for every input, which cost
     * about 40 times the rest of a simple input.
     */
    FUZZ_MEMORY_KB = 96
};

/* Sends one command line through the real dispatcher; returns the response (malloc'ed). */
FUZZ_API char *fuzz_command(GtpLoop *loop, const char *command)
{
    char *text = NULL, line[64];
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    if (!out)
        return NULL;
    snprintf(line, sizeof line, "%s", command);
    gtp_handle_line(loop, line, out);
    fclose(out);
    return text;
}

/* After a session: the position and the record read back through the protocol's own output. */
FUZZ_API const char *fuzz_check_final_state(GtpLoop *loop, const Session *s)
{
    static Game back;
    Position pos;
    FUZZ_TRY(fuzz_check_game(&s->game));

    char *reply = fuzz_command(loop, "get_position");
    if (!reply)
        return NULL; /* out of memory: nothing to check */
    size_t n = strlen(reply);
    const char *result = NULL;
    if (strncmp(reply, "= ", 2) != 0 || n < 4 || strcmp(reply + n - 2, "\n\n") != 0) {
        result = fuzz_fail("get_position answered \"%.200s\"", reply);
    } else {
        reply[n - 2] = '\0';
        const char *error = position_from_text(&pos, reply + 2);
        if (error)
            result = fuzz_fail("get_position text \"%s\" does not parse: %s", reply + 2, error);
        else
            result = fuzz_same_position("get_position", &pos, &s->game.pos);
    }
    free(reply);
    if (result)
        return result;

    reply = fuzz_command(loop, "printsgf");
    if (!reply)
        return NULL;
    n = strlen(reply);
    if (strncmp(reply, "= ", 2) != 0 || n < 4 || strcmp(reply + n - 2, "\n\n") != 0) {
        result = fuzz_fail("printsgf answered \"%.200s\"", reply);
    } else {
        const char *error = sgf_parse(reply + 2, n - 4, 0, &back, NULL, NULL);
        if (error)
            result = fuzz_fail("printsgf record does not read back (%s): %.600s", error, reply + 2);
        else
            result = fuzz_same_game("printsgf", &s->game, &back);
    }
    free(reply);
    return result;
}
/*
 * An input whose first line starts with "# fuzz" sets session options, as
 * command-line flags would: "# fuzz playouts=500 memory_kb=64 engine=greedy
 * resign=0.2 seed=7".  To the dispatcher the line is a comment.  Values are
 * clamped to ranges that keep a run fast: playouts 1..FUZZ_MAX_PLAYOUTS,
 * memory_kb 26..8192 (below 1024 the tree fills up, which the command-line
 * --memory cannot ask for), resign 0..1.
 */
FUZZ_API void fuzz_apply_header(const uint8_t *data, size_t size, SessionOptions *o)
{
    static const char tag[] = "# fuzz";
    char line[256];
    size_t n = 0;
    if (size < sizeof tag - 1 || memcmp(data, tag, sizeof tag - 1) != 0)
        return;
    while (n < size && n < sizeof line - 1 && data[n] != '\n')
        line[n] = data[n] ? (char)data[n] : ' ', n++;
    line[n] = '\0';
    char *save = NULL;
    for (char *w = strtok_r(line + sizeof tag - 1, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        char *value = strchr(w, '=');
        if (!value)
            continue;
        *value++ = '\0';
        unsigned long long u = strtoull(value, NULL, 10);
        if (strcmp(w, "playouts") == 0) {
            o->playouts = u < 1 ? 1 : u > FUZZ_MAX_PLAYOUTS ? FUZZ_MAX_PLAYOUTS : u;
        } else if (strcmp(w, "memory_kb") == 0) {
            o->search.memory_bytes = (size_t)(u < 26 ? 26 : u > 8192 ? 8192 : u) << 10;
        } else if (strcmp(w, "seed") == 0) {
            o->search.seed = u;
        } else if (strcmp(w, "resign") == 0) {
            double p = strtod(value, NULL);
            o->resign_below = p >= 0 && p <= 1 ? p : p > 1 ? 1 : 0;
        } else if (strcmp(w, "engine") == 0) {
            if (strcmp(value, "mcts") == 0)
                o->player = PLAYER_MCTS;
            else if (strcmp(value, "greedy") == 0)
                o->player = PLAYER_GREEDY;
            else if (strcmp(value, "random") == 0)
                o->player = PLAYER_RANDOM;
        }
    }
}

/* One session on a fresh Session: runs the input, checks it, hands back the output. */
FUZZ_API const char *fuzz_protocol_session(const uint8_t *data, size_t size, char **output,
                                         size_t *output_length)
{
    fuzz_sandbox_clear();
    fuzz_violation[0] = '\0';
    *output = NULL;
    *output_length = 0;

    SessionOptions options;
    session_default_options(&options);
    options.playouts = FUZZ_PLAYOUTS;
    options.move_time = 0.01;
    options.move_overhead = 0;
    options.search.memory_bytes = (size_t)FUZZ_MEMORY_KB << 10;
    options.search.threads = 1;
    options.search.seed = 1;
    fuzz_apply_header(data, size, &options);

    static Session session;
    if (!session_init(&session, &options)) {
        session_free(&session);
        return "fuzz harness: session_init failed";
    }
    GtpLoop loop = { .commands = fuzz_commands, .context = &session };

    char *copy = malloc(size);
    FILE *in = copy ? fmemopen(memcpy(copy, data, size), size, "r") : NULL;
    FILE *out = open_memstream(output, output_length);
    if (!in || !out) {
        if (in)
            fclose(in);
        if (out)
            fclose(out);
        free(copy);
        session_free(&session);
        return NULL; /* out of memory: not the engine's fault */
    }
    gtp_run(&loop, in, out);
    fclose(in);
    fclose(out);
    free(copy);

    FuzzExpected expected = { 0 };
    const char *result = NULL;
    if (fuzz_violation[0])
        result = fuzz_fail("%s", fuzz_violation);
    if (!result && fuzz_expect(data, size, &expected))
        result = fuzz_check_output(*output, *output_length, &expected);
    if (!result)
        result = fuzz_check_final_state(&loop, &session);
    fuzz_expected_free(&expected);
    session_free(&session);
    return result;
}

/*
 * Runs one input as a protocol session; NULL when every property held.  An
 * input that searches (genmove, reg_genmove) and neither reads nor sets the
 * clock runs twice: with one thread and a playout cap the engine promises
 * the same moves every time, so the outputs must be byte for byte the same
 * (a difference usually means uninitialised memory steers the search).
 */
FUZZ_API const char *fuzz_protocol_one(const uint8_t *data, size_t size)
{
    if (size == 0 || size > FUZZ_MAX_INPUT)
        return NULL;
    const char *error = fuzz_protocol_setup();
    if (error)
        return error;
    char *first = NULL, *second = NULL;
    size_t first_length = 0, second_length = 0;
    const char *result = fuzz_protocol_session(data, size, &first, &first_length);
    FuzzExpected expected = { 0 };
    if (!result && fuzz_expect(data, size, &expected) && expected.searches && !expected.timed) {
        result = fuzz_protocol_session(data, size, &second, &second_length);
        if (!result && (first_length != second_length || memcmp(first, second, first_length) != 0)) {
            size_t at = 0;
            while (at < first_length && at < second_length && first[at] == second[at])
                at++;
            size_t from = at > 40 ? at - 40 : 0;
            result = fuzz_fail("not deterministic: the same input answered differently at byte %zu:\n"
                               "%.80s\n--\n%.80s", at, first + from, second + from);
        }
    }
    fuzz_expected_free(&expected);
    free(first);
    free(second);
    return result;
}

#endif
