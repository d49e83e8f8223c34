/*
 * harness.h - the properties checked by the fuzz targets (tests/fuzz/fuzz_*.c)
 * and replayed by the regression suite (tests/test_fuzz_regressions.c).
 *
 * Header-only on purpose: the regression suite is built by the Makefile's
 * plain tests/<name>.c rule and needs no extra object.  Every check returns NULL
 * when all is well, or a message (in a static buffer) naming the broken
 * property; the fuzz targets abort() on a message, the suite asserts on it.
 *
 * Two entry points:
 *
 *   fuzz_parsers_one(data, size)   position_from_text, move_from_text (every
 *                                  size 4..10) and sgf_parse (several move
 *                                  numbers) on the same bytes, with round
 *                                  trips through the writers.
 *   fuzz_protocol_one(data, size)  the bytes as a whole protocol session on a
 *                                  fresh Session, through the real gtp_run and
 *                                  SESSION_COMMANDS (fuzz_protocol_setup first).
 *                                  The session searches 20 playouts per move in
 *                                  a 1 MiB tree, seed 1, one thread, unless the
 *                                  first line is a "# fuzz ..." comment that
 *                                  sets options (see fuzz_apply_header); either
 *                                  way the answers are deterministic, apart
 *                                  from cputime and searches under a clock.
 *
 * The protocol harness checks that every non-blank line gets exactly one
 * well-framed response echoing its id; it wraps every command handler to
 * check that a failed command leaves the session unchanged (PROTOCOL.md §2),
 * that the game stays consistent, and that the answers of legal_moves,
 * perft 1, genmove, reg_genmove, showboard, territory and final_score agree
 * with the engine modules; afterwards get_position and printsgf must read
 * back as the session's game, and a searching session run twice must answer
 * the same.  It changes the engine's behaviour in exactly two ways, both so
 * that arbitrary input stays fast and harmless:
 *   - perft with a depth whose estimated cost exceeds FUZZ_PERFT_BUDGET leaf
 *     counts (perft 3 from the 10x10 start is ~10^10 moves) is answered
 *     "? fuzz harness: perft too expensive" instead of being run;
 *   - loadsgf / printsgf FILE must be a plain name (no '/', not "." or
 *     ".."); it is resolved inside a private temporary directory that is
 *     emptied before every input, so nothing outside it is read or written
 *     and every input behaves the same however often it is replayed.
 */
#ifndef AMAZONS_FUZZ_HARNESS_H
#define AMAZONS_FUZZ_HARNESS_H

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/sgf.h"
#include "protocol/gtp.h"
#include "protocol/session.h"

#define FUZZ_API static __attribute__((unused))

enum {
    FUZZ_MAX_INPUT = 4096,       /* longer inputs are ignored (keeps every run fast) */
    FUZZ_PERFT_BUDGET = 20000,   /* estimated count_moves calls one perft may cost */
    FUZZ_PLAYOUTS = 20,          /* search iterations per genmove (see fuzz_apply_header) */
    FUZZ_MAX_PLAYOUTS = 3000,
    FUZZ_MEMORY_MB = 1,          /* search tree memory (8 MiB costs ~4x the time per input under ASan) */
    FUZZ_MAX_COMMANDS = 48       /* handlers the wrapper table can hold */
};

/* ------------------------------------------------------------------------ */
/* Failure messages                                                         */

static char fuzz_message[1024];

static const char *fuzz_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
static const char *fuzz_fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(fuzz_message, sizeof fuzz_message, format, args);
    va_end(args);
    return fuzz_message;
}

/* Evaluates a check and returns its message from the enclosing function. */
#define FUZZ_TRY(expr)                     \
    do {                                   \
        const char *fuzz_err_ = (expr);    \
        if (fuzz_err_)                     \
            return fuzz_err_;              \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Positions and games                                                      */

/* Everything a Position promises: sizes, disjoint pieces on the board, counts, hash. */
FUZZ_API const char *fuzz_check_position(const Position *pos)
{
    if (pos->size < BOARD_MIN || pos->size > BOARD_MAX)
        return fuzz_fail("position: size %d out of range", pos->size);
    if (pos->to_move != WHITE && pos->to_move != BLACK)
        return fuzz_fail("position: side to move %d", (int)pos->to_move);
    if (pos->board != bb_board_mask(pos->size))
        return fuzz_fail("position: board mask does not match size %d", pos->size);
    Bitboard w = pos->amazons[WHITE], b = pos->amazons[BLACK], x = pos->arrows;
    if ((w & b) || (w & x) || (b & x))
        return fuzz_fail("position: two pieces on one square");
    if ((w | b | x) & ~pos->board)
        return fuzz_fail("position: a piece off the board");
    if (pos->empty != (pos->board & ~(w | b | x)))
        return fuzz_fail("position: empty set inconsistent with the pieces");
    for (int c = WHITE; c <= BLACK; c++) {
        int n = bb_count(pos->amazons[c]);
        if (n < 1 || n > MAX_AMAZONS)
            return fuzz_fail("position: %s has %d amazons", c == WHITE ? "white" : "black", n);
    }
    if (pos->hash != position_compute_hash(pos))
        return fuzz_fail("position: stale hash");
    return NULL;
}

FUZZ_API const char *fuzz_same_position(const char *what, const Position *a, const Position *b)
{
    if (a->size != b->size || a->to_move != b->to_move || a->amazons[WHITE] != b->amazons[WHITE]
        || a->amazons[BLACK] != b->amazons[BLACK] || a->arrows != b->arrows
        || a->board != b->board || a->empty != b->empty || a->hash != b->hash) {
        char ta[POSITION_TEXT_MAX], tb[POSITION_TEXT_MAX];
        position_to_text(a, ta);
        position_to_text(b, tb);
        return fuzz_fail("%s: positions differ: \"%s\" vs \"%s\"", what, ta, tb);
    }
    return NULL;
}

/* Same start, same moves with the same movers, same current position. */
FUZZ_API const char *fuzz_same_game(const char *what, const Game *a, const Game *b)
{
    FUZZ_TRY(fuzz_same_position(what, &a->start, &b->start));
    if (a->length != b->length)
        return fuzz_fail("%s: %d moves vs %d", what, a->length, b->length);
    for (int i = 0; i < a->length; i++) {
        const GameRecord *ra = &a->history[i], *rb = &b->history[i];
        if (!move_equal(ra->move, rb->move) || ra->mover != rb->mover
            || ra->to_move_before != rb->to_move_before)
            return fuzz_fail("%s: move %d differs", what, i + 1);
    }
    return fuzz_same_position(what, &a->pos, &b->pos);
}

/* The game's history replays legally from its start to its current position. */
FUZZ_API const char *fuzz_check_game(const Game *game)
{
    if (game->length < 0 || game->length > MAX_GAME_MOVES)
        return fuzz_fail("game: length %d", game->length);
    FUZZ_TRY(fuzz_check_position(&game->start));
    FUZZ_TRY(fuzz_check_position(&game->pos));
    static Game replay; /* large: keep it off small stacks */
    game_set_position(&replay, &game->start);
    for (int i = 0; i < game->length; i++) {
        const GameRecord *rec = &game->history[i];
        if (rec->to_move_before != replay.pos.to_move)
            return fuzz_fail("game: move %d records the wrong side to move", i + 1);
        if (!game_play(&replay, rec->mover, rec->move))
            return fuzz_fail("game: move %d does not replay legally", i + 1);
    }
    return fuzz_same_position("game replay", &replay.pos, &game->pos);
}

/* ------------------------------------------------------------------------ */
/* SGF                                                                      */

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

/* ------------------------------------------------------------------------ */
/* Positions and moves as text                                              */

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
        if (!move_from_text(text, size, &m)) {
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
        if (!move_from_text(canonical, size, &back))
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

/* ------------------------------------------------------------------------ */
/* The protocol                                                             */

static char *fuzz_sandbox;                       /* private directory for loadsgf / printsgf */
static Command fuzz_commands[FUZZ_MAX_COMMANDS + 1];
static CommandHandler fuzz_real[FUZZ_MAX_COMMANDS];
static char fuzz_violation[1024];                /* first broken property seen by a wrapper */

/* Empties the sandbox (it only ever holds plain files written by printsgf). */
static void fuzz_sandbox_clear(void)
{
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
static char *fuzz_sandbox_path(const char *name)
{
    if (strchr(name, '/') || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return NULL;
    char *path = malloc(strlen(fuzz_sandbox) + strlen(name) + 2);
    if (path)
        sprintf(path, "%s/%s", fuzz_sandbox, name);
    return path;
}

/* Runs a FILE command on its sandboxed path (argv[0] is the file). */
static bool fuzz_file_command(CommandHandler real, void *ctx, int argc, char **argv, Reply *reply)
{
    if (argc < 1 || argc > 2)
        return real(ctx, argc, argv, reply); /* the real syntax errors */
    char *path = fuzz_sandbox_path(argv[0]);
    if (!path) {
        reply_printf(reply, "fuzz harness: file name outside the sandbox");
        return false;
    }
    char *args[2] = { path, argc == 2 ? argv[1] : NULL };
    bool ok = real(ctx, argc, args, reply);
    free(path);
    return ok;
}

/* perft, unless its estimated cost is too high for a fuzzer. */
static bool fuzz_perft(CommandHandler real, void *ctx, int argc, char **argv, Reply *reply)
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

/* The state a failed command must leave alone. */
typedef struct {
    Game game;
    Clock clock;
    SessionOptions options;
    int low_estimates[2];
} FuzzSnapshot;

static void fuzz_snapshot(FuzzSnapshot *snap, const Session *s)
{
    memcpy(&snap->game, &s->game, sizeof snap->game);
    memcpy(&snap->clock, &s->clock, sizeof snap->clock);
    memcpy(&snap->options, &s->options, sizeof snap->options);
    memcpy(snap->low_estimates, s->low_estimates, sizeof snap->low_estimates);
}

static void fuzz_violate(const char *command, const char *what)
{
    if (!fuzz_violation[0])
        snprintf(fuzz_violation, sizeof fuzz_violation, "%.60s: %.900s", command, what);
}

static bool fuzz_parse_color(const char *word, Color *c)
{
    if (!strcasecmp(word, "white") || !strcasecmp(word, "w"))
        *c = WHITE;
    else if (!strcasecmp(word, "black") || !strcasecmp(word, "b"))
        *c = BLACK;
    else
        return false;
    return true;
}

/*
 * A showboard / territory diagram: file letters, one line per rank from the
 * top, file letters; `cell` receives each square's character.
 * Returns the text after the diagram, or NULL (with fuzz_message set).
 */
static const char *fuzz_read_diagram(const char *text, int size, char cell[BOARD_MAX][BOARD_MAX])
{
    char letters[3 * BOARD_MAX + 4] = "\n  ";
    for (int f = 0; f < size; f++)
        sprintf(letters + 3 + 2 * f, " %c", 'a' + f);
    size_t n = strlen(letters);
    if (strncmp(text, letters, n) != 0) {
        fuzz_fail("diagram does not start with the file letters: %.60s", text);
        return NULL;
    }
    text += n;
    for (int rank = size; rank >= 1; rank--) {
        char label[16];
        snprintf(label, sizeof label, "\n%2d", rank);
        if (strncmp(text, label, 3) != 0) {
            fuzz_fail("diagram: rank %d line missing: %.60s", rank, text);
            return NULL;
        }
        text += 3;
        for (int f = 0; f < size; f++, text += 2) {
            if (text[0] != ' ' || !text[1] || text[1] == '\n') {
                fuzz_fail("diagram: rank %d is short", rank);
                return NULL;
            }
            cell[rank - 1][f] = text[1];
        }
    }
    if (strncmp(text, letters, n) != 0) {
        fuzz_fail("diagram does not end with the file letters: %.60s", text);
        return NULL;
    }
    return text + n;
}

/* The results of successful commands, checked against the engine modules. */
static const char *fuzz_check_result(const char *name, const Game *before, const Session *s,
                                     int argc, char **argv, const char *text)
{
    Color c;
    if (strcmp(name, "legal_moves") == 0) {
        c = before->pos.to_move;
        if (argc == 1 && !fuzz_parse_color(argv[0], &c))
            return "succeeded with a bad colour";
        uint64_t listed = 0, expected = count_moves(&before->pos, c);
        char *copy = strdup(text), *save = NULL;
        if (!copy)
            return NULL;
        const char *error = NULL;
        for (char *w = strtok_r(copy, " ", &save); w && !error; w = strtok_r(NULL, " ", &save)) {
            Move m;
            if (!move_from_text(w, before->pos.size, &m))
                error = fuzz_fail("listed \"%s\", which does not parse", w);
            else if (!is_legal_move(&before->pos, c, m))
                error = fuzz_fail("listed \"%s\", which is not legal", w);
            listed++;
        }
        free(copy);
        if (!error && listed != expected)
            error = fuzz_fail("listed %llu moves, count_moves says %llu", (unsigned long long)listed,
                              (unsigned long long)expected);
        return error;
    }
    if (strcmp(name, "perft") == 0 && argc == 1 && strcmp(argv[0], "1") == 0) {
        unsigned long long want = count_moves(&before->pos, before->pos.to_move);
        if (strtoull(text, NULL, 10) != want)
            return fuzz_fail("perft 1 answered \"%s\", count_moves says %llu", text, want);
        return NULL;
    }
    bool show = strcmp(name, "showboard") == 0;
    if (show || strcmp(name, "territory") == 0) {
        const Position *pos = &s->game.pos;
        char cell[BOARD_MAX][BOARD_MAX];
        const char *rest = fuzz_read_diagram(text, pos->size, cell);
        if (!rest)
            return fuzz_message;
        for (int rank = 0; rank < pos->size; rank++)
            for (int f = 0; f < pos->size; f++) {
                char want = position_cell(pos, square_at(f, rank)), got = cell[rank][f];
                bool ok = want != '.' || show ? got == want : strchr("wb=.", got) != NULL;
                if (!ok)
                    return fuzz_fail("%c%d shown as '%c', position has '%c'", 'a' + f, rank + 1, got, want);
            }
        const char *side = pos->to_move == WHITE ? "\nwhite to move" : "\nblack to move";
        if (strcmp(rest, show ? side : "") != 0)
            return fuzz_fail("unexpected text after the diagram: \"%.60s\"", rest);
        return NULL;
    }
    if (strcmp(name, "final_score") == 0) {
        const Position *pos = &s->game.pos;
        const char *p = text + 2;
        if ((text[0] != 'W' && text[0] != 'B') || text[1] != '+' || !*p)
            return fuzz_fail("final_score answered \"%s\"", text);
        for (; *p; p++)
            if (*p < '0' || *p > '9')
                return fuzz_fail("final_score answered \"%s\"", text);
        if (!has_legal_move(pos, pos->to_move) && text[0] != (pos->to_move == WHITE ? 'B' : 'W'))
            return fuzz_fail("final_score \"%s\" names the side that cannot move", text);
        return NULL;
    }
    bool commit = strcmp(name, "genmove") == 0;
    if (commit || strcmp(name, "reg_genmove") == 0) {
        if (argc != 1 || !fuzz_parse_color(argv[0], &c))
            return "succeeded with bad arguments";
        Position pos = before->pos;
        pos.to_move = c;
        bool can_move = has_legal_move(&pos, c);
        /* Without a resign threshold the engine resigns exactly when it cannot move. */
        if (strcmp(text, "resign") == 0) {
            if (can_move && s->options.resign_below < 0)
                return "resigned with a legal move available";
            return fuzz_same_game("resign changed the game", before, &s->game);
        }
        Move m;
        if (!can_move)
            return fuzz_fail("answered \"%s\" without a legal move", text);
        if (!move_from_text(text, pos.size, &m) || !is_legal_move(&pos, c, m))
            return fuzz_fail("answered \"%s\", not a legal move", text);
        if (!commit)
            return fuzz_same_game("reg_genmove changed the game", before, &s->game);
        const GameRecord *last = s->game.length > 0 ? &s->game.history[s->game.length - 1] : NULL;
        if (s->game.length != before->length + 1 || !last || !move_equal(last->move, m) || last->mover != c)
            return fuzz_fail("genmove answered \"%s\" but did not play it", text);
    }
    return NULL;
}

/* Every command goes through here: the real handler, then the checks. */
static bool fuzz_wrapped(int index, void *ctx, int argc, char **argv, Reply *reply)
{
    static FuzzSnapshot before;
    Session *s = ctx;
    const char *name = fuzz_commands[index].name;
    CommandHandler real = fuzz_real[index];
    fuzz_snapshot(&before, s);
    bool ok;
    if (strcmp(name, "perft") == 0)
        ok = fuzz_perft(real, ctx, argc, argv, reply);
    else if (strcmp(name, "loadsgf") == 0 || strcmp(name, "printsgf") == 0)
        ok = fuzz_file_command(real, ctx, argc, argv, reply);
    else
        ok = real(ctx, argc, argv, reply);

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
        fuzz_real[n] = c->handler;
    }
    fuzz_commands[n] = (Command){ NULL, NULL };
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

/* What the dispatcher must answer to one input: one response per non-blank line, with its id. */
typedef struct {
    int count;
    int capacity;
    char **ids;    /* "" when the line has no id */
    bool searches; /* a genmove or reg_genmove is sent */
    bool timed;    /* cputime, time_settings or time_left is sent: answers depend on time */
} FuzzExpected;

static void fuzz_expected_free(FuzzExpected *e)
{
    for (int i = 0; i < e->count; i++)
        free(e->ids[i]);
    free(e->ids);
}

static bool fuzz_is_id(const char *word)
{
    for (const char *p = word; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    return *word != '\0';
}

/* Mirrors PROTOCOL.md §2 (independently of gtp.c's code) to predict the responses. */
static bool fuzz_expect(const uint8_t *data, size_t size, FuzzExpected *e)
{
    size_t start = 0;
    while (start < size) {
        size_t stop = start;
        while (stop < size && data[stop] != '\n')
            stop++;
        /* Control characters but HT are dropped (NUL too), HT is a space, '#' ends the line. */
        char *line = malloc(stop - start + 1);
        if (!line)
            return false;
        size_t n = 0;
        for (size_t i = start; i < stop; i++) {
            unsigned char ch = data[i];
            if (ch == '#')
                break;
            if (ch == '\t')
                line[n++] = ' ';
            else if (ch >= 32 && ch != 127)
                line[n++] = (char)ch;
        }
        line[n] = '\0';
        char *words[3];
        int count = 0;
        char *save = NULL;
        for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
            if (count < 3)
                words[count] = w;
            count++;
        }
        if (count > 0) {
            bool has_id = fuzz_is_id(words[0]);
            if (e->count == e->capacity) {
                int capacity = e->capacity ? 2 * e->capacity : 16;
                char **ids = realloc(e->ids, (size_t)capacity * sizeof *ids);
                if (!ids) {
                    free(line);
                    return false;
                }
                e->ids = ids;
                e->capacity = capacity;
            }
            e->ids[e->count] = strdup(has_id ? words[0] : "");
            if (!e->ids[e->count]) {
                free(line);
                return false;
            }
            e->count++;
            int first = has_id ? 1 : 0;
            if (count > first) {
                const char *command = words[first];
                e->searches |= !strcmp(command, "genmove") || !strcmp(command, "reg_genmove");
                e->timed |= !strcmp(command, "cputime") || !strcmp(command, "time_settings")
                            || !strcmp(command, "time_left");
            }
            bool quit = count == first + 1 && strcmp(words[first], "quit") == 0;
            if (quit) {
                free(line);
                return true; /* a successful quit ends the session */
            }
        }
        free(line);
        start = stop + 1;
    }
    return true;
}

/* Checks the framing of every response against the prediction. */
static const char *fuzz_check_output(const char *out, size_t length, const FuzzExpected *e)
{
    size_t pos = 0;
    int index = 0;
    while (pos < length) {
        if (out[pos] != '=' && out[pos] != '?')
            return fuzz_fail("response %d starts with byte 0x%02x, not '=' or '?'", index + 1,
                             (unsigned char)out[pos]);
        const char *end = NULL;
        for (size_t i = pos; i + 1 < length; i++)
            if (out[i] == '\n' && out[i + 1] == '\n') {
                end = out + i;
                break;
            }
        if (!end)
            return fuzz_fail("response %d is not ended by an empty line", index + 1);
        if (memchr(out + pos, '\0', (size_t)(end - (out + pos))))
            return fuzz_fail("response %d contains a NUL byte", index + 1);
        if (index >= e->count)
            return fuzz_fail("more responses than non-blank lines (%d)", e->count);
        const char *id = e->ids[index];
        size_t id_length = strlen(id);
        const char *after = out + pos + 1;
        if ((size_t)(end - after) < id_length || memcmp(after, id, id_length) != 0)
            return fuzz_fail("response %d does not echo id \"%s\": %.60s", index + 1, id, out + pos);
        after += id_length;
        if (after != end && *after != ' ' && *after != '\n')
            return fuzz_fail("response %d: id \"%s\" not followed by a space or line end: %.60s",
                             index + 1, id, out + pos);
        index++;
        pos = (size_t)(end - out) + 2;
    }
    if (index != e->count)
        return fuzz_fail("%d responses for %d non-blank lines", index, e->count);
    return NULL;
}

/* Sends one command line through the real dispatcher; returns the response (malloc'ed). */
static char *fuzz_command(GtpLoop *loop, const char *command)
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
static const char *fuzz_check_final_state(GtpLoop *loop, const Session *s)
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

/* Runs one input as a protocol session; NULL when every property held. */
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
static const char *fuzz_protocol_session(const uint8_t *data, size_t size, char **output,
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
    options.search.memory_bytes = (size_t)FUZZ_MEMORY_MB << 20;
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
