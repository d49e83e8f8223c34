/*
 * parsers_harness.h - the checks of the fuzz_parsers target:
 *
 *   fuzz_parsers_one(data, size)   position_from_text, move_from_text (every
 *                                  size 4..10) and sgf_parse (several move
 *                                  numbers) on the same bytes, with round
 *                                  trips through the writers.
 *
 * Whatever parses must be a valid position, move or game, and must read
 * back unchanged from position_to_text / move_to_text / sgf_write.
 */
#ifndef AMAZONS_FUZZ_PARSERS_HARNESS_H
#define AMAZONS_FUZZ_PARSERS_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "records/sgf.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"

/* ---- SGF ---------------------------------------------------------------- */

FUZZ_API const char *fuzz_same_info(const SgfInfo *a, const SgfInfo *b)
{
    const struct { const char *name; const char *x, *y; } fields[] = {
        { "PW", a->white, b->white },           { "PB", a->black, b->black },
        { "RE", a->result, b->result },         { "DT", a->date, b->date },
        { "EV", a->event, b->event },           { "GN", a->game_name, b->game_name },
        { "TM", a->time_limit, b->time_limit }, { "OT", a->overtime, b->overtime },
        { "C", a->comment, b->comment },
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strcmp(fields[i].x, fields[i].y) != 0)
            return fuzz_fail("sgf info round trip: %s \"%s\" read back as \"%s\"",
                             fields[i].name, fields[i].x, fields[i].y);
    return NULL;
}

/* Every info field is a NUL-terminated string inside its array. */
FUZZ_API const char *fuzz_check_info(const SgfInfo *info)
{
    const struct { const char *name; const char *text; size_t cap; } fields[] = {
        { "PW", info->white, sizeof info->white },  { "PB", info->black, sizeof info->black },
        { "RE", info->result, sizeof info->result }, { "DT", info->date, sizeof info->date },
        { "EV", info->event, sizeof info->event },  { "GN", info->game_name, sizeof info->game_name },
        { "TM", info->time_limit, sizeof info->time_limit },
        { "OT", info->overtime, sizeof info->overtime },
        { "C", info->comment, sizeof info->comment },
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (!memchr(fields[i].text, '\0', fields[i].cap))
            return fuzz_fail("sgf info: %s not terminated", fields[i].name);
    return NULL;
}

/* sgf_write then sgf_parse gives back the same game (and info); writing is idempotent. */
FUZZ_API const char *fuzz_sgf_round_trip(const Game *game, const SgfInfo *info)
{
    static Game back;
    SgfInfo info_back;
    size_t end = 0;
    char *text = sgf_write(game, info);
    if (!text)
        return fuzz_fail("sgf_write failed");
    size_t length = strlen(text);
    const char *error = sgf_parse(text, length, 0, &back, &info_back, &end);
    if (error) {
        const char *msg = fuzz_fail("sgf round trip: own output rejected (%s): %.700s", error, text);
        free(text);
        return msg;
    }
    const char *result = fuzz_same_game("sgf round trip", game, &back);
    if (!result && info)
        result = fuzz_same_info(info, &info_back);
    if (!result && (end == 0 || end > length || text[end - 1] != ')'))
        result = fuzz_fail("sgf round trip: end offset %zu of %zu", end, length);
    if (!result) {
        char *again = sgf_write(&back, info ? &info_back : NULL);
        if (!again)
            result = fuzz_fail("sgf_write failed");
        else if (strcmp(again, text) != 0)
            result = fuzz_fail("sgf round trip: rewriting changed the text:\n%.400s\n--\n%.400s",
                               text, again);
        free(again);
    }
    free(text);
    return result;
}

/* One sgf_parse; on success the game and info are checked and round-tripped. */
FUZZ_API const char *fuzz_sgf_case(const uint8_t *data, size_t size)
{
    static Game game, prefix_game, numbered;
    SgfInfo info, prefix_info;
    size_t end = 0, prefix_end = 0;
    const char *text = (const char *)data;
    if (sgf_parse(text, size, 0, &game, &info, &end) != NULL) {
        /* Also reach the "syntax only past move_number" paths of failing records. */
        int move_number = size ? 1 + data[size - 1] % 8 : 1;
        if (sgf_parse(text, size, move_number, &numbered, NULL, NULL) == NULL) {
            FUZZ_TRY(fuzz_check_game(&numbered));
            if (numbered.length > move_number - 1)
                return fuzz_fail("sgf: move number %d gave %d moves", move_number, numbered.length);
        }
        return NULL;
    }
    FUZZ_TRY(fuzz_check_game(&game));
    FUZZ_TRY(fuzz_check_info(&info));
    if (end == 0 || end > size || text[end - 1] != ')')
        return fuzz_fail("sgf: end offset %zu of %zu", end, size);

    /* The game tree alone (text up to `end`) reads the same. */
    const char *error = sgf_parse(text, end, 0, &prefix_game, &prefix_info, &prefix_end);
    if (error)
        return fuzz_fail("sgf: the tree up to its end offset %zu is rejected: %s", end, error);
    FUZZ_TRY(fuzz_same_game("sgf prefix", &game, &prefix_game));
    FUZZ_TRY(fuzz_same_info(&info, &prefix_info));
    if (prefix_end != end)
        return fuzz_fail("sgf prefix: end offset %zu vs %zu", prefix_end, end);

    FUZZ_TRY(fuzz_sgf_round_trip(&game, &info));

    /* loadsgf semantics: move_number k stops after k - 1 moves of the same main line. */
    int length = game.length;
    const int numbers[] = { 1, 2, length / 2 + 1, length, length + 1, length + 2, MAX_GAME_MOVES + 1 };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        int k = numbers[i];
        if (k < 1)
            continue;
        error = sgf_parse(text, size, k, &numbered, NULL, NULL);
        if (error)
            return fuzz_fail("sgf: move number %d rejected (%s) though the whole record reads", k, error);
        int want = k - 1 < length ? k - 1 : length;
        if (numbered.length != want)
            return fuzz_fail("sgf: move number %d gave %d moves, want %d", k, numbered.length, want);
        FUZZ_TRY(fuzz_check_game(&numbered));
        FUZZ_TRY(fuzz_same_position("sgf move number start", &numbered.start, &game.start));
        for (int m = 0; m < want; m++)
            if (!move_equal(numbered.history[m].move, game.history[m].move)
                || numbered.history[m].mover != game.history[m].mover)
                return fuzz_fail("sgf: move number %d: move %d differs", k, m + 1);
    }
    return NULL;
}

/* ---- Positions and moves as text ------------------------------------------ */

FUZZ_API const char *fuzz_position_case(const char *text, const uint8_t *data, size_t size)
{
    Position pos, back;
    const char *error = position_from_text(&pos, text);
    if (error)
        return NULL;
    FUZZ_TRY(fuzz_check_position(&pos));
    char canonical[POSITION_TEXT_MAX], again[POSITION_TEXT_MAX];
    position_to_text(&pos, canonical);
    if (strlen(canonical) >= POSITION_TEXT_MAX)
        return fuzz_fail("position text overflows POSITION_TEXT_MAX");
    error = position_from_text(&back, canonical);
    if (error)
        return fuzz_fail("position \"%s\" re-serialised as \"%s\", which is rejected: %s",
                         text, canonical, error);
    FUZZ_TRY(fuzz_same_position("position text round trip", &pos, &back));
    position_to_text(&back, again);
    if (strcmp(canonical, again) != 0)
        return fuzz_fail("position text not canonical: \"%s\" then \"%s\"", canonical, again);

    /* The position as an SGF start, with a few legal moves picked by the input bytes. */
    static Game game;
    static MoveList list;
    game_set_position(&game, &pos);
    for (size_t i = 0; i < 6 && i < size; i++) {
        Color c = (data[i] & 0x80) ? color_other(game.pos.to_move) : game.pos.to_move;
        generate_moves(&game.pos, c, &list);
        if (list.count == 0)
            break;
        Move m = list.moves[(data[i] * 2654435761u + i) % (unsigned)list.count];
        if (!game_play(&game, c, m))
            return fuzz_fail("generated move %d is not legal", (int)i + 1);
    }
    FUZZ_TRY(fuzz_check_game(&game));
    return fuzz_sgf_round_trip(&game, NULL);
}

FUZZ_API const char *fuzz_move_case(const char *text)
{
    bool parsed_smaller = false;
    Move first = { 0, 0, 0 };
    for (int size = BOARD_MIN; size <= BOARD_MAX; size++) {
        Move m, back;
        if (!move_from_text(text, size, size, &m)) {
            if (parsed_smaller)
                return fuzz_fail("move \"%s\" parses on a smaller board but not on %dx%d", text, size, size);
            continue;
        }
        if (parsed_smaller && !move_equal(m, first))
            return fuzz_fail("move \"%s\" parses differently on %dx%d", text, size, size);
        if (!parsed_smaller)
            first = m;
        parsed_smaller = true;
        const int squares[3] = { m.from, m.to, m.arrow };
        for (int k = 0; k < 3; k++)
            if (square_file(squares[k]) >= size || square_rank(squares[k]) >= size)
                return fuzz_fail("move \"%s\" on %dx%d has square %d off the board", text, size, size,
                                 squares[k]);
        char canonical[MOVE_TEXT_MAX + 8], again[MOVE_TEXT_MAX + 8];
        move_to_text(m, canonical);
        if (strlen(canonical) >= MOVE_TEXT_MAX)
            return fuzz_fail("move text \"%s\" overflows MOVE_TEXT_MAX", canonical);
        if (!move_from_text(canonical, size, size, &back))
            return fuzz_fail("move \"%s\" printed as \"%s\", which is rejected on %dx%d", text,
                             canonical, size, size);
        if (!move_equal(m, back))
            return fuzz_fail("move \"%s\" printed as \"%s\" reads back differently", text, canonical);
        move_to_text(back, again);
        if (strcmp(canonical, again) != 0)
            return fuzz_fail("move text not canonical: \"%s\" then \"%s\"", canonical, again);
        /* Canonical text is lower case with '-' and '/', and means what the input meant. */
        for (const char *p = canonical; *p; p++)
            if (!((*p >= 'a' && *p <= 'j') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '/'))
                return fuzz_fail("move text \"%s\" has a stray character", canonical);
    }
    return NULL;
}

/* All parser checks on one input. */
FUZZ_API const char *fuzz_parsers_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return NULL;
    char *text = malloc(size + 1);
    if (!text)
        return NULL;
    memcpy(text, data, size);
    text[size] = '\0';
    const char *result = fuzz_position_case(text, data, size);
    if (!result)
        result = fuzz_move_case(text);
    free(text);
    if (!result)
        result = fuzz_sgf_case(data, size);
    return result;
}

#endif
