/* move.c - move notation. */
#include "move.h"

#include <ctype.h>

#include "bitboard.h"

/* Writes a square without its terminator and returns the end. */
static char *put_square(int sq, char *out)
{
    int rank = square_rank(sq) + 1;
    *out++ = (char)('a' + square_file(sq));
    if (rank >= 10)
        *out++ = (char)('0' + rank / 10);
    *out++ = (char)('0' + rank % 10);
    return out;
}

void square_to_text(int sq, char *buf)
{
    *put_square(sq, buf) = '\0';
}

void move_to_text(Move m, char *buf)
{
    char *out = put_square(m.from, buf);
    *out++ = '-';
    out = put_square(m.to, out);
    *out++ = '/';
    *put_square(m.arrow, out) = '\0';
}

/* Reads one square ("d7", "J10") at *s, advancing *s past it. */
static bool parse_square(const char **s, int width, int height, int *sq)
{
    const char *p = *s;
    int file = tolower((unsigned char)*p) - 'a';
    if (file < 0 || file >= width)
        return false;
    p++;
    if (!isdigit((unsigned char)*p) || *p == '0')
        return false;
    int rank = 0;
    while (isdigit((unsigned char)*p) && rank <= BOARD_MAX)
        rank = rank * 10 + (*p++ - '0');
    if (rank < 1 || rank > height)
        return false;
    *sq = square_at(file, rank - 1);
    *s = p;
    return true;
}

bool move_from_text(const char *text, int width, int height, Move *m)
{
    const char *p = text;
    int from, to, arrow;
    if (!parse_square(&p, width, height, &from))
        return false;
    if (*p == '-')
        p++;
    if (!parse_square(&p, width, height, &to))
        return false;
    if (*p == '/' || *p == '-')
        p++;
    if (!parse_square(&p, width, height, &arrow) || *p != '\0')
        return false;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->arrow = (uint8_t)arrow;
    return true;
}
