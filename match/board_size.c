/* board_size.c - reading and writing a board's shape. */
#include "match/board_size.h"

#include <stdio.h>
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
    char buf[16];
    if (strlen(text) >= sizeof buf)
        return false;
    strcpy(buf, text);
    char *x = strchr(buf, 'x');
    if (x)
        *x++ = '\0';
    BoardSize parsed;
    if (!parse_side(buf, &parsed.width) || !parse_side(x ? x : buf, &parsed.height))
        return false;
    *size = parsed;
    return true;
}

void board_size_text(BoardSize size, char *text, size_t text_size)
{
    snprintf(text, text_size, "%dx%d", size.width, size.height);
}
