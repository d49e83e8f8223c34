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

/*
 * Reads one square ("d7", "J10", "k12") at *s, advancing *s past it: a file
 * letter and a rank of one or two digits, not starting with 0.  Sets *on to
 * whether it lies on a board of width x height.
 */
static bool parse_square(const char **s, int width, int height, int *sq, bool *on)
{
    const char *p = *s;
    int file = tolower((unsigned char)*p) - 'a';
    if (file < 0 || file >= 26)
        return false;
    p++;
    if (!isdigit((unsigned char)*p) || *p == '0')
        return false;
    int rank = *p++ - '0';
    if (isdigit((unsigned char)*p))
        rank = rank * 10 + (*p++ - '0');
    if (isdigit((unsigned char)*p))
        return false;
    *on = file < width && rank <= height;
    *sq = *on ? square_at(file, rank - 1) : 0;
    *s = p;
    return true;
}

MoveParse move_parse(const char *text, int width, int height, Move *m)
{
    const char *p = text;
    int from, to, arrow;
    bool on_from, on_to, on_arrow;
    if (!parse_square(&p, width, height, &from, &on_from))
        return MOVE_MALFORMED;
    if (*p == '-')
        p++;
    if (!parse_square(&p, width, height, &to, &on_to))
        return MOVE_MALFORMED;
    if (*p == '/' || *p == '-')
        p++;
    if (!parse_square(&p, width, height, &arrow, &on_arrow) || *p != '\0')
        return MOVE_MALFORMED;
    if (!on_from || !on_to || !on_arrow)
        return MOVE_OFF_BOARD;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->arrow = (uint8_t)arrow;
    return MOVE_PARSED;
}

bool move_from_text(const char *text, int width, int height, Move *m)
{
    return move_parse(text, width, height, m) == MOVE_PARSED;
}
