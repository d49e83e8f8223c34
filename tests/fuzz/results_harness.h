/*
 * results_harness.h - the checks of the fuzz_results target:
 *
 *   fuzz_results_one(data, size)   the bytes as a results file: each line
 *                                  (its newline included, as results_read
 *                                  passes it) to results_parse_line, with one
 *                                  ResultsCheck for the whole file, so that
 *                                  the first good line's settings are the
 *                                  ones the next lines must share.
 *
 * Every message must be terminated within error_size (sizes of 1, 24 and
 * 1536 bytes, exact allocations).  An accepted line must give a consistent
 * GameResult: the moves replay legally from a start position of the
 * match's board; the game number, engines and opening are the schedule's;
 * "no legal move" holds in the final position (an amazon with no empty
 * neighbour cannot move, fuzz_can_move) and the score is the winner's
 * reachable empty squares (fuzz_reachable, a grid flood fill),
 * any other ending has score 0 (PROTOCOL.md's table); the openings hash is
 * 16 hexadecimal digits.  Written back with result_line, the line must read
 * again (under the first line's settings, and alone) as the same settings
 * and result, seconds to the millisecond the format keeps, and writing
 * that gives the same text.
 */
#ifndef AMAZONS_FUZZ_RESULTS_HARNESS_H
#define AMAZONS_FUZZ_RESULTS_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "match/json.h"
#include "match/results.h"
#include "match/stats.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"

enum { FUZZ_RESULTS_OPENINGS = 64 }; /* result_line's openings array is built up to this index */

static int fuzz_results_accepted; /* lines accepted so far, for the suite to see that checks ran */

/* ---- an accepted result ------------------------------------------------------ */

FUZZ_API const char *fuzz_results_check_ending(const GameResult *r)
{
    const Position *pos = &r->game.pos;
    if ((int)r->kind < 0 || r->kind >= END_ABORTED)
        return fuzz_fail("results: end kind %d accepted", (int)r->kind);
    if (r->winner != WHITE && r->winner != BLACK)
        return fuzz_fail("results: winner %d", (int)r->winner);
    if (r->kind != END_NO_MOVES)
        return r->score == 0 ? NULL : fuzz_fail("results: score %d for an end by %s", r->score, END_KIND_NAMES[r->kind]);
    if (fuzz_can_move(pos, pos->to_move) || r->winner == pos->to_move)
        return fuzz_fail("results: \"no legal move\", but the side to move can move or won");
    int reach = fuzz_reachable(pos, r->winner);
    return r->score == reach ? NULL : fuzz_fail("results: score %d, but the winner reaches %d squares", r->score, reach);
}

FUZZ_API const char *fuzz_results_check_game(const MatchSettings *m, const GameResult *r)
{
    const Schedule *s = &m->schedule;
    if (r->index < 0 || r->index >= s->total)
        return fuzz_fail("results: game index %d of %d", r->index, s->total);
    ScheduledGame g = schedule_game(s, r->index);
    if (g.engine[WHITE] != r->engine[WHITE] || g.engine[BLACK] != r->engine[BLACK] || g.opening != r->opening)
        return fuzz_fail("results: game %d's engines or opening are not the schedule's", r->index + 1);
    FUZZ_TRY(fuzz_check_game(&r->game));
    if (r->game.start.width != m->config.board.width || r->game.start.height != m->config.board.height)
        return fuzz_fail("results: a %dx%d game in a match of %dx%d", r->game.start.width, r->game.start.height,
                         m->config.board.width, m->config.board.height);
    if (!memchr(r->reason, '\0', sizeof r->reason) || !memchr(r->date, '\0', sizeof r->date))
        return fuzz_fail("results: reason or date not terminated");
    for (int c = 0; c < 2; c++)
        if (!(r->seconds[c] >= 0 && r->seconds[c] <= 1e9))
            return fuzz_fail("results: %g seconds", r->seconds[c]);
    return fuzz_results_check_ending(r);
}

/* The openings member of the line: a hash is 16 hexadecimal digits; its text is kept for writing back. */
FUZZ_API const char *fuzz_results_line_members(const char *line, size_t size, char **opening_text)
{
    char error[256];
    char *text = strndup(line, size - 1);
    *opening_text = NULL;
    if (!text)
        return NULL;
    JsonValue *root = json_parse(text, error, sizeof error);
    free(text);
    if (!root)
        return fuzz_fail("results: accepted a line json_parse refuses: %s", error);
    const JsonValue *openings = json_get(json_get(root, "settings"), "openings");
    const JsonValue *hash = json_get(openings, "hash"), *opening = json_get(json_get(root, "opening"), "text");
    const char *result = NULL;
    if (hash && hash->type == JSON_STRING && (strlen(hash->text) != 16 || strspn(hash->text, "0123456789abcdefABCDEF") != 16))
        result = fuzz_fail("results: accepted the openings hash \"%s\"", hash->text);
    if (opening && opening->type == JSON_STRING)
        *opening_text = strdup(opening->text);
    json_free(root);
    return result;
}

/* ---- writing back ------------------------------------------------------------- */

FUZZ_API const char *fuzz_results_same_settings(const MatchSettings *a, const MatchSettings *b)
{
    const Schedule *x = &a->schedule, *y = &b->schedule;
    const TimeControl *s = &a->config.tc, *t = &b->config.tc;
    bool same = board_size_equal(a->config.board, b->config.board) && s->kind == t->kind
             && s->move_time == t->move_time && s->main_time == t->main_time && s->increment == t->increment
             && s->byo_time == t->byo_time && s->byo_stones == t->byo_stones && a->config.grace == b->config.grace
             && x->kind == y->kind && x->engines == y->engines && x->games_per_pairing == y->games_per_pairing
             && x->openings == y->openings && a->openings_hash == b->openings_hash && a->anchor == b->anchor
             && a->have_seed == b->have_seed && a->seed == b->seed && a->sprt.enabled == b->sprt.enabled
             && a->sprt.elo0 == b->sprt.elo0 && a->sprt.elo1 == b->sprt.elo1 && a->sprt.alpha == b->sprt.alpha
             && a->sprt.beta == b->sprt.beta;
    for (int e = 0; same && e < x->engines; e++)
        same = strcmp(x->name[e], y->name[e]) == 0;
    return same ? NULL : fuzz_fail("results: the settings read back differently");
}

FUZZ_API const char *fuzz_results_same_result(const GameResult *a, const GameResult *b)
{
    FUZZ_TRY(fuzz_same_game("results read back", &a->game, &b->game));
    bool same = a->index == b->index && a->engine[0] == b->engine[0] && a->engine[1] == b->engine[1]
             && a->opening == b->opening && a->winner == b->winner && a->kind == b->kind && a->score == b->score
             && strcmp(a->reason, b->reason) == 0 && strcmp(a->date, b->date) == 0;
    for (int c = 0; c < 2; c++)
        same = same && seconds_to_millis(a->seconds[c]) == seconds_to_millis(b->seconds[c]);
    return same ? NULL : fuzz_fail("results: game %d reads back differently", a->index + 1);
}

/* One result_line; NULL (with *text NULL) when the opening is past the array the harness builds. */
FUZZ_API char *fuzz_results_write_result(const MatchSettings *m, const GameResult *r, const char *opening_text)
{
    static Opening openings[FUZZ_RESULTS_OPENINGS];
    if (r->opening >= FUZZ_RESULTS_OPENINGS)
        return NULL;
    if (r->opening >= 0)
        openings[r->opening].text = (char *)(opening_text ? opening_text : "");
    return result_line(m, openings, r);
}

/* The line written back reads as the same result, alone and under the file's settings, and rewrites alike. */
FUZZ_API const char *fuzz_results_round_trip(const ResultsCheck *file, const GameResult *r, const char *opening_text)
{
    static ResultsCheck alone, shared;
    static GameResult back;
    char error[1536];
    char *line = fuzz_results_write_result(&file->settings, r, opening_text), *again = NULL;
    if (!line)
        return NULL;
    const char *result = NULL;
    memset(&alone, 0, sizeof alone);
    shared = *file;
    if (!results_parse_line(line, strlen(line), "back:1", &shared, &back, error, sizeof error))
        result = fuzz_fail("results: the line written back is refused under its settings (%s): %.600s", error, line);
    else if (!results_parse_line(line, strlen(line), "back:1", &alone, &back, error, sizeof error))
        result = fuzz_fail("results: the line written back is refused alone (%s): %.600s", error, line);
    if (!result)
        result = fuzz_results_same_settings(&file->settings, &alone.settings);
    if (!result)
        result = fuzz_results_same_result(r, &back);
    if (!result && (again = fuzz_results_write_result(&alone.settings, &back, opening_text)) && strcmp(line, again) != 0)
        result = fuzz_fail("results: writing back changed the line:\n%.600s\n--\n%.600s", line, again);
    free(line);
    free(again);
    return result;
}

/* ---- one file ------------------------------------------------------------------ */

/* results_parse_line on one line, with an error buffer of exactly error_size bytes. */
FUZZ_API const char *fuzz_results_line(const char *line, size_t size, int number, ResultsCheck *check,
                                       size_t error_size, bool *accepted)
{
    static GameResult r;
    char where[32], *error = malloc(error_size), *copy = malloc(size ? size : 1), *opening_text = NULL;
    const char *result = NULL;
    *accepted = false;
    if (!error || !copy)
        goto done;
    memcpy(copy, line, size);
    memset(error, 'Z', error_size);
    snprintf(where, sizeof where, "in:%d", number);
    *accepted = results_parse_line(copy, size, where, check, &r, error, error_size);
    if (!memchr(error, '\0', error_size) && !*accepted)
        result = fuzz_fail("results: line %d: message not terminated within %zu bytes", number, error_size);
    else if (!*accepted && error_size > 1 && error[0] == '\0')
        result = fuzz_fail("results: line %d refused without a message", number);
    if (result || !*accepted)
        goto done;
    fuzz_results_accepted++;
    result = fuzz_results_check_game(&check->settings, &r);
    if (!result)
        result = fuzz_results_line_members(copy, size, &opening_text);
    if (!result)
        result = fuzz_results_round_trip(check, &r, opening_text);
done:
    free(error);
    free(copy);
    free(opening_text);
    return result;
}

/* Every line of the input, as results_read reads a file. */
FUZZ_API const char *fuzz_results_one(const uint8_t *data, size_t size)
{
    static const size_t error_sizes[] = { 1536, 24, 1 };
    static ResultsCheck check;
    if (size > FUZZ_MAX_INPUT)
        return NULL;
    memset(&check, 0, sizeof check);
    const char *text = (const char *)data;
    int number = 0;
    for (size_t at = 0; at < size; number++) {
        const char *newline = memchr(text + at, '\n', size - at);
        size_t length = newline ? (size_t)(newline - (text + at)) + 1 : size - at;
        bool accepted;
        FUZZ_TRY(fuzz_results_line(text + at, length, number + 1, &check, error_sizes[number % 3], &accepted));
        at += length;
    }
    return NULL;
}

#endif
