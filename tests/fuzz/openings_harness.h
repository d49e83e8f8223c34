/*
 * openings_harness.h - the checks of the fuzz_openings target:
 *
 *   fuzz_openings_one(data, size)  the bytes as an openings file, read by
 *                                  openings_parse from an exact-size copy,
 *                                  with no board chosen (the first line
 *                                  decides) and on a board the input's length
 *                                  picks, with error buffers of exact sizes
 *                                  (256 bytes, and 1 to 24).
 *
 * The harness splits the file into lines itself, as openings.h describes it
 * (LF or CR LF or the end of the data; '#' starts a comment; blanks are
 * spaces and tabs).  An accepted file must give one opening per non-blank
 * line, in order, each with that line's trimmed text; each a legal game on
 * the board reported, the side to move able to move (fuzz_can_move), from
 * the board's start position when it is a move list.  The text, and a
 * canonical text (position_to_text, or move_to_text joined by spaces), must
 * read back alone as the same opening; a file of the texts gives the same
 * openings and openings_hash.  A refused file must name a line L with the
 * lines before it reading without error and the lines up to L failing
 * alike, or say it holds no opening when no line holds one.  Messages end
 * within their buffers.
 */
#ifndef AMAZONS_FUZZ_OPENINGS_HARNESS_H
#define AMAZONS_FUZZ_OPENINGS_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/position.h"
#include "match/openings.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"

enum { FUZZ_OPENING_LINE_MAX = 4095 }; /* openings.c's longest line, in bytes */

/* ---- the file as the harness reads it ------------------------------------------ */

typedef struct {
    size_t start, length;   /* the line in the data, without its LF */
    bool unfit;             /* a NUL byte, or too long: an error whatever it holds */
    char *text;             /* NULL when blank, else the trimmed text before any '#' (malloc'ed) */
} FuzzLine;

typedef struct {
    FuzzLine *lines;
    int count;              /* lines in the file */
    int openings;           /* lines with text */
} FuzzFile;

FUZZ_API void fuzz_file_free(FuzzFile *f)
{
    for (int i = 0; i < f->count; i++)
        free(f->lines[i].text);
    free(f->lines);
}

/* The text of one line: CR LF's CR dropped, the comment cut, blanks trimmed; NULL when nothing is left. */
FUZZ_API char *fuzz_line_text(const char *p, size_t n)
{
    if (n > 0 && p[n - 1] == '\r')
        n--;
    const char *hash = memchr(p, '#', n);
    if (hash)
        n = (size_t)(hash - p);
    while (n > 0 && (*p == ' ' || *p == '\t'))
        p++, n--;
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    return n ? strndup(p, n) : NULL;
}

FUZZ_API bool fuzz_split_file(const char *data, size_t size, FuzzFile *f)
{
    memset(f, 0, sizeof *f);
    if (!(f->lines = calloc(size + 1, sizeof *f->lines)))
        return false;
    for (size_t at = 0; at < size; f->count++) {
        const char *newline = memchr(data + at, '\n', size - at);
        FuzzLine *l = &f->lines[f->count];
        l->start = at;
        l->length = newline ? (size_t)(newline - data) - at : size - at;
        l->unfit = memchr(data + at, '\0', l->length) || l->length > FUZZ_OPENING_LINE_MAX;
        l->text = l->unfit ? NULL : fuzz_line_text(data + at, l->length);
        f->openings += l->text != NULL;
        at += l->length + 1;
    }
    return true;
}

/* ---- one parse ------------------------------------------------------------------ */

typedef struct {
    bool ok;
    BoardSize board;
    Opening *list;
    int count;
    char *error;            /* exactly error_size bytes */
    size_t error_size;
} FuzzParse;

/* openings_parse of data[0..size) from an exact-size copy, on `board` ({0, 0}: not chosen). */
FUZZ_API bool fuzz_parse_openings(const char *data, size_t size, BoardSize board, size_t error_size, FuzzParse *p)
{
    char *copy = malloc(size ? size : 1);
    memset(p, 0, sizeof *p);
    p->error = malloc(error_size);
    p->error_size = error_size;
    p->board = board;
    if (!copy || !p->error) {
        free(copy);
        free(p->error);
        return false;
    }
    memcpy(copy, data, size);
    memset(p->error, 'Z', error_size);
    p->ok = openings_parse(copy, size, "o.txt", &p->board, &p->list, &p->count, p->error, error_size);
    free(copy);
    return true;
}

FUZZ_API void fuzz_parse_free(FuzzParse *p)
{
    if (p->ok)
        openings_free(p->list, p->count);
    free(p->error);
}

FUZZ_API const char *fuzz_same_opening(const char *what, const Opening *a, const Opening *b)
{
    FUZZ_TRY(fuzz_same_game(what, &a->game, &b->game));
    if (a->set_position != b->set_position)
        return fuzz_fail("%s: a position and a move list", what);
    return NULL;
}

/* ---- an accepted file ------------------------------------------------------------ */

/* One opening: its game on the board, its start, and that the game goes on. */
FUZZ_API const char *fuzz_check_opening(const Opening *o, BoardSize board)
{
    FUZZ_TRY(fuzz_check_game(&o->game));
    if (o->game.start.width != board.width || o->game.start.height != board.height)
        return fuzz_fail("openings: a %dx%d opening on a %dx%d board", o->game.start.width, o->game.start.height,
                         board.width, board.height);
    if (o->set_position && o->game.length != 0)
        return fuzz_fail("openings: a position text with %d moves", o->game.length);
    if (!o->set_position) {
        Position start;
        position_start(&start, board.width, board.height);
        FUZZ_TRY(fuzz_same_position("openings: a move list's start", &start, &o->game.start));
    }
    if (!fuzz_can_move(&o->game.pos, o->game.pos.to_move))
        return fuzz_fail("openings: \"%.100s\" leaves the side to move without a move", o->text);
    return NULL;
}

/* A canonical text of the opening: the position, or the moves from the start. */
FUZZ_API char *fuzz_canonical_opening(const Opening *o)
{
    char *text = malloc(POSITION_TEXT_MAX + (size_t)o->game.length * MOVE_TEXT_MAX + 1);
    if (!text)
        return NULL;
    if (o->set_position) {
        position_to_text(&o->game.start, text);
        return text;
    }
    size_t n = 0;
    for (int i = 0; i < o->game.length; i++) {
        if (i)
            text[n++] = ' ';
        move_to_text(o->game.history[i].move, text + n);
        n += strlen(text + n);
    }
    text[n] = '\0';
    return text;
}

/* `text` alone, on `board`, reads as the opening. */
FUZZ_API const char *fuzz_opening_reads_back(const char *what, const char *text, BoardSize board, const Opening *o)
{
    FuzzParse back;
    if (!fuzz_parse_openings(text, strlen(text), board, 256, &back))
        return NULL;
    const char *result = NULL;
    if (!back.ok)
        result = fuzz_fail("openings: %s \"%.200s\" is refused: %s", what, text, back.error);
    else if (back.count != 1)
        result = fuzz_fail("openings: %s \"%.200s\" reads as %d openings", what, text, back.count);
    else
        result = fuzz_same_opening(what, o, &back.list[0]);
    fuzz_parse_free(&back);
    return result;
}

/* The texts of all openings as one file read the same openings, with the same hash. */
FUZZ_API const char *fuzz_openings_file_of_texts(const FuzzParse *p)
{
    size_t length = 0;
    for (int i = 0; i < p->count; i++)
        length += strlen(p->list[i].text) + 1;
    char *file = malloc(length + 1), *at = file;
    if (!file)
        return NULL;
    for (int i = 0; i < p->count; i++)
        at += sprintf(at, "%s\n", p->list[i].text);
    FuzzParse back;
    const char *result = NULL;
    if (fuzz_parse_openings(file, length, p->board, 256, &back)) {
        if (!back.ok || back.count != p->count)
            result = fuzz_fail("openings: the file of their texts reads differently (%s)", back.ok ? "count" : back.error);
        for (int i = 0; !result && i < p->count; i++)
            result = fuzz_same_opening("openings: file of texts", &p->list[i], &back.list[i]);
        if (!result && openings_hash(back.list, back.count) != openings_hash(p->list, p->count))
            result = fuzz_fail("openings: the same texts hash differently");
        fuzz_parse_free(&back);
    }
    free(file);
    return result;
}

FUZZ_API const char *fuzz_check_accepted(const FuzzParse *p, const FuzzFile *f, BoardSize asked)
{
    if (p->count != f->openings)
        return fuzz_fail("openings: %d openings from %d lines with one", p->count, f->openings);
    if (asked.width && !board_size_equal(asked, p->board))
        return fuzz_fail("openings: the board %dx%d became %dx%d", asked.width, asked.height, p->board.width,
                         p->board.height);
    for (int i = 0, k = 0; i < f->count; i++) {
        if (f->lines[i].unfit)
            return fuzz_fail("openings: line %d (a NUL byte or too long) accepted", i + 1);
        if (!f->lines[i].text)
            continue;
        const Opening *o = &p->list[k++];
        if (strcmp(o->text, f->lines[i].text) != 0)
            return fuzz_fail("openings: line %d reads as \"%.100s\", its text is \"%.100s\"", i + 1, o->text,
                             f->lines[i].text);
        FUZZ_TRY(fuzz_check_opening(o, p->board));
        FUZZ_TRY(fuzz_opening_reads_back("its text", o->text, p->board, o));
        char *canonical = fuzz_canonical_opening(o);
        const char *result = canonical ? fuzz_opening_reads_back("its canonical text", canonical, p->board, o) : NULL;
        free(canonical);
        FUZZ_TRY(result);
    }
    return fuzz_openings_file_of_texts(p);
}

/* ---- a refused file ---------------------------------------------------------------- */

/* The file's first `lines` lines (each with its LF) as openings_parse reads them. */
FUZZ_API bool fuzz_parse_lines(const char *data, const FuzzFile *f, int lines, BoardSize board, FuzzParse *p)
{
    size_t end = lines == 0 ? 0 : f->lines[lines - 1].start + f->lines[lines - 1].length;
    return fuzz_parse_openings(data, end, board, 256, p);
}

FUZZ_API const char *fuzz_check_refused(const char *data, const FuzzParse *p, const FuzzFile *f, BoardSize asked)
{
    if (!memchr(p->error, '\0', p->error_size))
        return fuzz_fail("openings: message not terminated within %zu bytes", p->error_size);
    if (p->error_size < 256)
        return NULL; /* a cut message cannot be read */
    if (strcmp(p->error, "o.txt holds no opening") == 0)
        return f->openings == 0 ? NULL : fuzz_fail("openings: \"holds no opening\" with %d lines of text", f->openings);
    int line = 0, at = 0;
    if (sscanf(p->error, "o.txt:%d: %n", &line, &at) != 1 || at == 0 || line < 1 || line > f->count)
        return fuzz_fail("openings: the message \"%s\" names no line of %d", p->error, f->count);
    FuzzParse before, through;
    const char *result = NULL;
    if (fuzz_parse_lines(data, f, line - 1, asked, &before)) {
        if (!before.ok && strcmp(before.error, "o.txt holds no opening") != 0)
            result = fuzz_fail("openings: \"%s\", but the lines before fail: %s", p->error, before.error);
        fuzz_parse_free(&before);
    }
    if (!result && fuzz_parse_lines(data, f, line, asked, &through)) {
        if (through.ok || strcmp(through.error, p->error) != 0)
            result = fuzz_fail("openings: \"%s\", but the lines up to it give \"%s\"", p->error,
                               through.ok ? "no error" : through.error);
        fuzz_parse_free(&through);
    }
    return result;
}

/* ---- one input -------------------------------------------------------------------- */

FUZZ_API const char *fuzz_openings_on(const char *data, size_t size, const FuzzFile *f, BoardSize board,
                                      size_t error_size)
{
    FuzzParse p;
    if (!fuzz_parse_openings(data, size, board, error_size, &p))
        return NULL;
    const char *result = p.ok ? fuzz_check_accepted(&p, f, board) : fuzz_check_refused(data, &p, f, board);
    fuzz_parse_free(&p);
    return result;
}

/* A board for the second reading, from 4x4 to 10x10 as the input's length picks it. */
FUZZ_API BoardSize fuzz_openings_board(size_t size)
{
    return (BoardSize){ BOARD_MIN + (int)(size % 7), BOARD_MIN + (int)(size / 7 % 7) };
}

FUZZ_API const char *fuzz_openings_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return NULL;
    const char *text = (const char *)data;
    FuzzFile f;
    if (!fuzz_split_file(text, size, &f))
        return NULL;
    const char *result = fuzz_openings_on(text, size, &f, (BoardSize){ 0, 0 }, 256);
    if (!result)
        result = fuzz_openings_on(text, size, &f, fuzz_openings_board(size), 256);
    if (!result) /* a message cut to a small buffer */
        result = fuzz_openings_on(text, size, &f, (BoardSize){ 0, 0 }, 1 + size % 24);
    fuzz_file_free(&f);
    return result;
}

#endif
