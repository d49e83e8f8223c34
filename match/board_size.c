/* board_size.c - reading and writing a board's shape. */
#include "match/board_size.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/bitboard.h"
#include "protocol/numbers.h"

/* A side: digits only (strtol would also take blanks and signs), 4 to 10. */
static bool parse_side(const char *text, int *side)
{
    long value;
    if (strspn(text, "0123456789") != strlen(text) || !parse_long(text, BOARD_MIN, BOARD_MAX, &value))
        return false;
    *side = (int)value;
    return true;
}

bool board_size_parse(const char *text, BoardSize *size)
{
    const char *x = strchr(text, 'x');
    char *width = strndup(text, x ? (size_t)(x - text) : strlen(text));
    BoardSize parsed;
    bool ok = width && parse_side(width, &parsed.width) && parse_side(x ? x + 1 : width, &parsed.height);
    free(width);
    if (ok)
        *size = parsed;
    return ok;
}

void board_size_text(BoardSize size, char *text, size_t text_size)
{
    snprintf(text, text_size, "%dx%d", size.width, size.height);
}
