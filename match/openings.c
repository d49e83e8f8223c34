/* openings.c - reading the openings file. */
#include "match/openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"

enum { LINE_MAX_LENGTH = 4096 };

/* A position text "BOARD SIDE" on the board of the match (which it chooses when none is yet). */
static bool parse_position(char *line, BoardSize *size, Opening *opening, char *error, size_t error_size)
{
    char *save = NULL;
    char *board = strtok_r(line, " \t", &save), *side = strtok_r(NULL, " \t", &save);
    char *extra = strtok_r(NULL, " \t", &save);
    char text[2 * POSITION_TEXT_MAX];
    if (!board || !side || extra || strlen(board) + strlen(side) + 2 > sizeof text) {
        snprintf(error, error_size, "a position needs a board and a side to move");
        return false;
    }
    size_t board_length = strlen(board); /* one space between, as the parser wants */
    memcpy(text, board, board_length);
    text[board_length] = ' ';
    strcpy(text + board_length + 1, side);
    Position pos;
    const char *message = position_from_text(&pos, text);
    if (message) {
        snprintf(error, error_size, "bad position: %s", message);
        return false;
    }
    if (size->width == 0)
        *size = (BoardSize){ pos.width, pos.height };
    if (pos.width != size->width || pos.height != size->height) {
        snprintf(error, error_size, "position of size %dx%d in a match of size %dx%d", pos.width, pos.height,
                 size->width, size->height);
        return false;
    }
    game_set_position(&opening->game, &pos);
    opening->set_position = true;
    return true;
}

/* Moves from the start position of the match's board (10x10 when none is chosen yet). */
static bool parse_moves(char *line, BoardSize *size, Opening *opening, char *error, size_t error_size)
{
    if (size->width == 0)
        *size = (BoardSize){ DEFAULT_SIZE, DEFAULT_SIZE };
    game_new(&opening->game, size->width, size->height);
    char *save = NULL;
    for (char *word = strtok_r(line, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
        Move m;
        if (!move_from_text(word, size->width, size->height, &m)) {
            snprintf(error, error_size, "bad move '%.40s'", word);
            return false;
        }
        if (!game_play(&opening->game, opening->game.pos.to_move, m)) {
            snprintf(error, error_size, "illegal move '%.40s'", word);
            return false;
        }
    }
    return true;
}

/* Parses one non-blank line into *opening. */
static bool parse_line(char *line, BoardSize *size, Opening *opening, char *error, size_t error_size)
{
    memset(opening, 0, sizeof *opening);
    /* A position text is two words, the second one w or b; anything else is a move list. */
    char words[2][8];
    int count = sscanf(line, "%*s %7s %7s", words[0], words[1]);
    bool position = count == 1 && (!strcasecmp(words[0], "w") || !strcasecmp(words[0], "b"));
    if (!(position ? parse_position : parse_moves)(line, size, opening, error, error_size))
        return false;
    if (game_is_over(&opening->game)) {
        snprintf(error, error_size, "the side to move has no legal move");
        return false;
    }
    return true;
}

/* A copy without the leading and trailing blanks. */
static char *trimmed_copy(const char *line)
{
    line += strspn(line, " \t");
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    return strndup(line, n);
}

/* Adds the opening on one line (comments cut, not blank) to the list. */
static bool add_opening(char *line, BoardSize *size, Opening **list, int *n, int *capacity,
                        char *error, size_t error_size)
{
    if (*n == *capacity) {
        int grown_capacity = *capacity ? *capacity * 2 : 16;
        Opening *grown = realloc(*list, (size_t)grown_capacity * sizeof *grown);
        if (!grown) {
            snprintf(error, error_size, "out of memory");
            return false;
        }
        *list = grown;
        *capacity = grown_capacity;
    }
    char *text = trimmed_copy(line);
    if (!text) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    if (!parse_line(line, size, &(*list)[*n], error, error_size)) {
        free(text);
        return false;
    }
    (*list)[(*n)++].text = text;
    return true;
}

/* Copies the line at data[0..length) into line[LINE_MAX_LENGTH] without its comment and CR; false when unfit. */
static bool take_line(const char *data, size_t length, char *line, char *error, size_t error_size)
{
    if (length >= LINE_MAX_LENGTH) {
        snprintf(error, error_size, "line too long (%d bytes at most)", LINE_MAX_LENGTH - 1);
        return false;
    }
    if (memchr(data, '\0', length)) {
        snprintf(error, error_size, "a NUL byte in the line");
        return false;
    }
    memcpy(line, data, length);
    line[length] = '\0';
    if (length > 0 && line[length - 1] == '\r')
        line[length - 1] = '\0'; /* CR LF */
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    /* Any other CR would hide the rest of the line (or of a file with CR line ends). */
    if (strchr(line, '\r')) {
        snprintf(error, error_size, "a carriage return inside the line (lines end in LF or CR LF)");
        return false;
    }
    return true;
}

bool openings_parse(const char *data, size_t size, const char *name, BoardSize *board_size, Opening **openings,
                    int *count, char *error, size_t error_size)
{
    Opening *list = NULL;
    int n = 0, capacity = 0, line_number = 0;
    char line[LINE_MAX_LENGTH], message[256];
    bool ok = true;
    for (size_t at = 0; ok && at < size; line_number++) {
        const char *newline = memchr(data + at, '\n', size - at);
        size_t length = newline ? (size_t)(newline - (data + at)) : size - at;
        ok = take_line(data + at, length, line, message, sizeof message)
          && (strspn(line, " \t") == strlen(line)
              || add_opening(line, board_size, &list, &n, &capacity, message, sizeof message));
        if (!ok)
            snprintf(error, error_size, "%s:%d: %s", name, line_number + 1, message);
        at += length + 1;
    }
    if (ok && n == 0) {
        snprintf(error, error_size, "%s holds no opening", name);
        ok = false;
    }
    if (!ok) {
        openings_free(list, n);
        return false;
    }
    *openings = list;
    *count = n;
    return true;
}

/* The whole file (at most OPENINGS_FILE_MAX bytes), malloc'ed; NULL with a message. */
static char *read_whole(FILE *file, const char *path, size_t *size, char *error, size_t error_size)
{
    size_t capacity = 0;
    char *data = NULL;
    *size = 0;
    for (;;) {
        if (*size == capacity) {
            capacity = capacity ? 2 * capacity : 4096;
            char *grown = capacity <= 2 * (size_t)OPENINGS_FILE_MAX ? realloc(data, capacity) : NULL;
            if (!grown) {
                snprintf(error, error_size, "out of memory");
                break;
            }
            data = grown;
        }
        *size += fread(data + *size, 1, capacity - *size, file);
        if (*size > OPENINGS_FILE_MAX) {
            snprintf(error, error_size, "%s is larger than %d bytes", path, OPENINGS_FILE_MAX);
            break;
        }
        if (ferror(file)) {
            snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
            break;
        }
        if (feof(file))
            return data;
    }
    free(data);
    return NULL;
}

bool openings_load(const char *path, BoardSize *size, Opening **openings, int *count,
                   char *error, size_t error_size)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(error, error_size, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    size_t length;
    char *data = read_whole(file, path, &length, error, error_size);
    fclose(file);
    if (!data)
        return false;
    bool ok = openings_parse(data, length, path, size, openings, count, error, error_size);
    free(data);
    return ok;
}

void openings_free(Opening *openings, int count)
{
    for (int i = 0; i < count; i++)
        free(openings[i].text);
    free(openings);
}

uint64_t openings_hash(const Opening *openings, int count)
{
    uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */
    for (int i = 0; i < count; i++)
        for (const char *p = openings[i].text;; p++) {
            h = (h ^ (unsigned char)*p) * 0x100000001b3ULL; /* the NUL separates the lines */
            if (!*p)
                break;
        }
    return h;
}
