/* openings.c - reading the openings file. */
#include "match/openings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"

enum { LINE_MAX_LENGTH = 4096 };

/* Parses one non-blank line into *opening. */
static bool parse_line(char *line, int *size, Opening *opening, char *error, size_t error_size)
{
    memset(opening, 0, sizeof *opening);
    /* A position text is two words, the second one w or b; anything else is a move list. */
    char words[2][8];
    int count = sscanf(line, "%*s %7s %7s", words[0], words[1]);
    if (count == 1 && (!strcasecmp(words[0], "w") || !strcasecmp(words[0], "b"))) {
        /* A position text: board and side, single spaces between. */
        char *save = NULL;
        char *board = strtok_r(line, " \t", &save), *side = strtok_r(NULL, " \t", &save);
        char *extra = strtok_r(NULL, " \t", &save);
        char text[2 * POSITION_TEXT_MAX];
        if (!board || !side || extra || strlen(board) + strlen(side) + 2 > sizeof text) {
            snprintf(error, error_size, "a position needs a board and a side to move");
            return false;
        }
        size_t board_length = strlen(board);
        memcpy(text, board, board_length);
        text[board_length] = ' ';
        strcpy(text + board_length + 1, side);
        Position pos;
        const char *message = position_from_text(&pos, text);
        if (message) {
            snprintf(error, error_size, "bad position: %s", message);
            return false;
        }
        if (*size == 0 && pos.width == pos.height)
            *size = pos.width;
        if (pos.width != *size || pos.height != *size) {
            snprintf(error, error_size, "position of size %dx%d in a match of size %d",
                     pos.width, pos.height, *size);
            return false;
        }
        game_set_position(&opening->game, &pos);
        opening->set_position = true;
    } else {
        if (*size == 0)
            *size = DEFAULT_SIZE;
        game_new(&opening->game, *size, *size);
        char *save = NULL;
        for (char *word = strtok_r(line, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
            Move m;
            if (!move_from_text(word, *size, *size, &m)) {
                snprintf(error, error_size, "bad move '%.40s'", word);
                return false;
            }
            if (!game_play(&opening->game, opening->game.pos.to_move, m)) {
                snprintf(error, error_size, "illegal move '%.40s'", word);
                return false;
            }
        }
    }
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

bool openings_load(const char *path, int *size, Opening **openings, int *count,
                   char *error, size_t error_size)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(error, error_size, "cannot open %s", path);
        return false;
    }
    Opening *list = NULL;
    int n = 0, capacity = 0, line_number = 0;
    char line[LINE_MAX_LENGTH];
    bool ok = true;
    while (ok && fgets(line, sizeof line, file)) {
        line_number++;
        size_t length = strlen(line);
        if (length == sizeof line - 1 && line[length - 1] != '\n') {
            snprintf(error, error_size, "%s:%d: line too long", path, line_number);
            ok = false;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        if (strspn(line, " \t") == strlen(line))
            continue;
        if (n == capacity) {
            capacity = capacity ? capacity * 2 : 16;
            Opening *grown = realloc(list, (size_t)capacity * sizeof *grown);
            if (!grown) {
                snprintf(error, error_size, "out of memory");
                ok = false;
                break;
            }
            list = grown;
        }
        char message[128];
        char *text = trimmed_copy(line);
        if (!text) {
            snprintf(error, error_size, "out of memory");
            ok = false;
            break;
        }
        if (!parse_line(line, size, &list[n], message, sizeof message)) {
            snprintf(error, error_size, "%s:%d: %s", path, line_number, message);
            free(text);
            ok = false;
            break;
        }
        list[n++].text = text;
    }
    if (ok && ferror(file)) {
        snprintf(error, error_size, "cannot read %s", path);
        ok = false;
    }
    fclose(file);
    if (ok && n == 0) {
        snprintf(error, error_size, "%s holds no opening", path);
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
