/* position.c - position setup, make/unmake and the position text encoding. */
#include "position.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "zobrist.h"

Bitboard bb_board_mask(int width, int height)
{
    Bitboard mask = 0;
    for (int rank = 0; rank < height; rank++)
        for (int file = 0; file < width; file++)
            mask |= bb_square(square_at(file, rank));
    return mask;
}

void position_clear(Position *pos, int width, int height)
{
    memset(pos, 0, sizeof *pos);
    pos->width = width;
    pos->height = height;
    pos->board = bb_board_mask(width, height);
    pos->empty = pos->board;
    pos->to_move = WHITE;
}

void position_put(Position *pos, int piece, int sq)
{
    Bitboard bit = bb_square(sq);
    if (piece == PIECE_ARROW)
        pos->arrows |= bit;
    else
        pos->amazons[piece] |= bit;
    pos->empty &= ~bit;
}

void position_transpose(const Position *pos, Position *image)
{
    position_clear(image, pos->height, pos->width);
    static const int pieces[3] = { PIECE_WHITE_AMAZON, PIECE_BLACK_AMAZON, PIECE_ARROW };
    const Bitboard sets[3] = { pos->amazons[WHITE], pos->amazons[BLACK], pos->arrows };
    for (int k = 0; k < 3; k++)
        for (Bitboard b = sets[k]; b; )
            position_put(image, pieces[k], square_transposed(bb_pop(&b)));
    image->to_move = pos->to_move;
    image->hash = position_compute_hash(image);
}

uint64_t position_compute_hash(const Position *pos)
{
    uint64_t hash = pos->to_move == BLACK ? zobrist_black_to_move() : 0;
    for (int piece = 0; piece < 3; piece++) {
        Bitboard set = piece == PIECE_ARROW ? pos->arrows : pos->amazons[piece];
        while (set)
            hash ^= zobrist_piece(piece, bb_pop(&set));
    }
    return hash;
}

void position_start(Position *pos, int width, int height)
{
    int kc = (width - 1) / 3, kr = (height - 1) / 3, top = height - 1;
    position_clear(pos, width, height);
    const int files[4] = { 0, kc, width - 1 - kc, width - 1 };
    const int ranks[4] = { kr, 0, 0, kr };
    for (int i = 0; i < 4; i++) {
        position_put(pos, PIECE_WHITE_AMAZON, square_at(files[i], ranks[i]));
        position_put(pos, PIECE_BLACK_AMAZON, square_at(files[i], top - ranks[i]));
    }
    pos->hash = position_compute_hash(pos);
}

/* Make and unmake are the same toggles; XOR keeps arrow == from correct. */
static void toggle_move(Position *pos, Move m, Color mover)
{
    Bitboard from = bb_square(m.from), to = bb_square(m.to), arrow = bb_square(m.arrow);
    pos->amazons[mover] ^= from | to;
    pos->arrows ^= arrow;
    pos->empty ^= from ^ to ^ arrow;
    pos->hash ^= zobrist_piece(mover, m.from) ^ zobrist_piece(mover, m.to)
               ^ zobrist_piece(PIECE_ARROW, m.arrow) ^ zobrist_black_to_move();
}

void position_make(Position *pos, Move m)
{
    toggle_move(pos, m, pos->to_move);
    pos->to_move = color_other(pos->to_move);
}

void position_unmake(Position *pos, Move m)
{
    pos->to_move = color_other(pos->to_move);
    toggle_move(pos, m, pos->to_move);
}

char position_cell(const Position *pos, int sq)
{
    if (bb_test(pos->amazons[WHITE], sq))
        return 'W';
    if (bb_test(pos->amazons[BLACK], sq))
        return 'B';
    if (bb_test(pos->arrows, sq))
        return 'x';
    return '.';
}

void position_to_text(const Position *pos, char *buf)
{
    char *out = buf;
    for (int rank = pos->height - 1; rank >= 0; rank--) {
        int run = 0;
        for (int file = 0; file < pos->width; file++) {
            char c = position_cell(pos, square_at(file, rank));
            if (c == '.') {
                run++;
                continue;
            }
            if (run)
                out += sprintf(out, "%d", run);
            run = 0;
            *out++ = c;
        }
        if (run)
            out += sprintf(out, "%d", run);
        if (rank > 0)
            *out++ = '/';
    }
    sprintf(out, " %c", pos->to_move == WHITE ? 'w' : 'b');
}

/*
 * Messages name the rank and the character: they are composed per call, in
 * a buffer of the calling thread, valid until its next call.
 */
static _Thread_local char position_message[160];

static const char *bad_text(const char *format, ...) __attribute__((format(printf, 1, 2)));
static const char *bad_text(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(position_message, sizeof position_message, format, args);
    va_end(args);
    return position_message;
}

/* "1st", "2nd", ...: ranks are counted from the top, as the text lists them. */
static const char *ordinal(int n, char buf[16])
{
    const char *suffix = n == 1 ? "st" : n == 2 ? "nd" : n == 3 ? "rd" : "th";
    snprintf(buf, 16, "%d%s", n, suffix);
    return buf;
}

/* A character as a message shows it: 'q', or a byte value when it does not print. */
static const char *shown(char c, char buf[16])
{
    if (isprint((unsigned char)c))
        snprintf(buf, 16, "'%c'", c);
    else
        snprintf(buf, 16, "byte %u", (unsigned char)c);
    return buf;
}

/* Reads the board part: ranks separated by '/', up to the first space. */
static const char *parse_ranks(Position *pos, const char *text, const char **end)
{
    int cells[BOARD_MAX][BOARD_MAX]; /* [row from top][file]: 0 empty, 1 W, 2 B, 3 x */
    int rows = 0, width = -1, file = 0;
    char a[16], b[16];
    const char *p = text;
    for (;; p++) {
        if (*p == '/' || *p == ' ' || *p == '\0') {
            if (rows == BOARD_MAX)
                return bad_text("too many ranks: a board has at most %d", BOARD_MAX);
            if (file == 0)
                return bad_text("the %s rank from the top is empty", ordinal(rows + 1, a));
            if (width >= 0 && file != width)
                return bad_text("the %s rank from the top is %d squares wide, the 1st is %d",
                                ordinal(rows + 1, a), file, width);
            width = file;
            rows++;
            file = 0;
            if (*p != '/')
                break;
            continue;
        }
        if (rows >= BOARD_MAX)
            return bad_text("too many ranks: a board has at most %d", BOARD_MAX);
        if (isdigit((unsigned char)*p)) {
            if (*p == '0')
                return bad_text("bad empty-run length in the %s rank from the top: runs are 1 to"
                                " %d, without a leading 0", ordinal(rows + 1, a), BOARD_MAX);
            int run = 0;
            while (isdigit((unsigned char)*p) && run <= BOARD_MAX)
                run = run * 10 + (*p++ - '0');
            p--;
            if (file + run > BOARD_MAX)
                return bad_text("the %s rank from the top is wider than %d squares",
                                ordinal(rows + 1, a), BOARD_MAX);
            for (int i = 0; i < run; i++)
                cells[rows][file++] = 0;
            continue;
        }
        const char *pieces = "WBx";
        const char *hit = strchr(pieces, *p);
        if (!hit)
            return bad_text("unexpected character %s in the %s rank from the top (a rank holds W,"
                            " B, x and runs of empty squares 1 to %d)", shown(*p, b),
                            ordinal(rows + 1, a), BOARD_MAX);
        if (file >= BOARD_MAX)
            return bad_text("the %s rank from the top is wider than %d squares",
                            ordinal(rows + 1, a), BOARD_MAX);
        cells[rows][file++] = (int)(hit - pieces) + 1;
    }
    if (rows < BOARD_MIN || rows > BOARD_MAX || width < BOARD_MIN || width > BOARD_MAX)
        return bad_text("unsupported board size %dx%d (files by ranks): boards are %d to %d by"
                        " %d to %d", width, rows, BOARD_MIN, BOARD_MAX, BOARD_MIN, BOARD_MAX);
    position_clear(pos, width, rows);
    for (int r = 0; r < rows; r++)
        for (int f = 0; f < width; f++)
            if (cells[r][f])
                position_put(pos, cells[r][f] - 1, square_at(f, rows - 1 - r));
    *end = p;
    return NULL;
}

const char *position_from_text(Position *out, const char *text)
{
    Position pos;
    const char *p = text;
    const char *error = parse_ranks(&pos, text, &p);
    if (error)
        return error;
    if (p[0] != ' ')
        return "missing side to move: w or b after the board";
    char side = (char)tolower((unsigned char)p[1]);
    if ((side != 'w' && side != 'b') || p[2] != '\0')
        return bad_text("side to move must be w or b, not \"%.16s%s\"", p + 1,
                        strlen(p + 1) > 16 ? "..." : "");
    pos.to_move = side == 'w' ? WHITE : BLACK;
    for (int c = WHITE; c <= BLACK; c++) {
        int n = bb_count(pos.amazons[c]);
        if (n < 1 || n > MAX_AMAZONS)
            return bad_text("each side needs 1 to %d amazons; %s has %d", MAX_AMAZONS,
                            color_text((Color)c), n);
    }
    pos.hash = position_compute_hash(&pos);
    *out = pos;
    return NULL;
}
