/*
 * board_model.c - the protocol suites' own reading of positions, moves and
 * diagrams (see board_model.h).
 */
#include "board_model.h"

#include <stdlib.h>
#include <string.h>

static const char *const START_TEXT[11] = {
    [4] = "1BB1/B2B/W2W/1WW1 w",
    [5] = "1B1B1/B3B/5/W3W/1W1W1 w",
    [6] = "1B2B1/B4B/6/6/W4W/1W2W1 w",
    [7] = "2B1B2/7/B5B/7/W5W/7/2W1W2 w",
    [8] = "2B2B2/8/B6B/8/8/W6W/8/2W2W2 w",
    [9] = "2B3B2/9/B7B/9/9/9/W7W/9/2W3W2 w",
    [10] = START_10,
};

const char *bm_start_text(int size)
{
    ck_assert_msg(size >= 4 && size <= 10, "no start position of size %d", size);
    return START_TEXT[size];
}

/* An independent reader of the position text; false when malformed. */
bool bm_parse(const char *text, Board *b)
{
    char rows[10][10];
    int nrows = 0, width = -1;
    const char *p = text;
    memset(b, 0, sizeof *b);
    while (*p && *p != ' ') {
        if (nrows == 10)
            return false;
        int file = 0;
        while (*p && *p != '/' && *p != ' ') {
            if (*p >= '1' && *p <= '9') {
                char *end;
                long run = strtol(p, &end, 10);
                if (run < 1 || file + run > 10)
                    return false;
                for (long i = 0; i < run; i++)
                    rows[nrows][file++] = '.';
                p = end;
            } else if (*p == 'W' || *p == 'B' || *p == 'x') {
                if (file == 10)
                    return false;
                rows[nrows][file++] = *p++;
            } else {
                return false;
            }
        }
        if (width >= 0 && file != width)
            return false;
        width = file;
        nrows++;
        if (*p == '/')
            p++;
    }
    if (nrows < 4 || width < 4 || p[0] != ' ' || (p[1] != 'w' && p[1] != 'b') || p[2])
        return false;
    b->width = width;
    b->height = nrows;
    b->side = p[1];
    for (int r = 0; r < nrows; r++)
        for (int f = 0; f < width; f++)
            b->cell[nrows - 1 - r][f] = rows[r][f];
    return true;
}

Board bm_of(const char *text)
{
    Board b;
    ck_assert_msg(bm_parse(text, &b), "malformed position text \"%s\"", text);
    return b;
}

/* Reads a canonical square "d7" / "j10" at *s. */
static bool read_square(const char **s, int *file, int *rank)
{
    const char *p = *s;
    if (*p < 'a' || *p > 'j')
        return false;
    *file = *p++ - 'a';
    if (*p < '1' || *p > '9')
        return false;
    *rank = *p++ - '0';
    if (*rank == 1 && *p == '0') {
        *rank = 10;
        p++;
    }
    (*rank)--;
    *s = p;
    return true;
}

/* Parses canonical move text "d1-d7/g7". */
bool bm_parse_move(const char *text, int sq[3][2])
{
    const char *p = text;
    return read_square(&p, &sq[0][0], &sq[0][1]) && *p++ == '-'
        && read_square(&p, &sq[1][0], &sq[1][1]) && *p++ == '/'
        && read_square(&p, &sq[2][0], &sq[2][1]) && *p == '\0';
}

/* Applies a (legal) move for colour c ('W' or 'B') to a board, as the rules say. */
Board bm_after(Board b, char c, const char *move)
{
    int sq[3][2];
    ck_assert_msg(bm_parse_move(move, sq), "not a canonical move: \"%s\"", move);
    ck_assert_msg(b.cell[sq[0][1]][sq[0][0]] == c, "move %s does not start on a %c amazon", move, c);
    b.cell[sq[0][1]][sq[0][0]] = '.';
    ck_assert_msg(b.cell[sq[1][1]][sq[1][0]] == '.', "move %s lands on an occupied square", move);
    b.cell[sq[1][1]][sq[1][0]] = c;
    ck_assert_msg(b.cell[sq[2][1]][sq[2][0]] == '.', "move %s shoots onto an occupied square", move);
    b.cell[sq[2][1]][sq[2][0]] = 'x';
    b.side = c == 'W' ? 'b' : 'w';
    return b;
}

bool bm_equal(const Board *a, const Board *b)
{
    return a->width == b->width && a->height == b->height && a->side == b->side && memcmp(a->cell, b->cell, sizeof a->cell) == 0;
}

/* The canonical position text of a board, for messages. */
char *bm_text(const Board *b)
{
    Buf t = { 0 };
    for (int rank = b->height - 1; rank >= 0; rank--) {
        int run = 0;
        for (int f = 0; f < b->width; f++) {
            char c = b->cell[rank][f];
            if (c == '.') {
                run++;
                continue;
            }
            if (run)
                pc_buf_printf(&t, "%d", run);
            run = 0;
            pc_buf_add(&t, &c, 1);
        }
        if (run)
            pc_buf_printf(&t, "%d", run);
        if (rank)
            pc_buf_puts(&t, "/");
    }
    pc_buf_printf(&t, " %c", b->side);
    return pc_buf_keep(&t);
}

/* Response i succeeded with a position text equal to the board. */
void bm_expect_at(int line, const Responses *rs, size_t i, const Board *want)
{
    const char *text = pc_expect_ok_at(line, rs, i, NULL);
    Board got;
    ck_assert_msg(bm_parse(text, &got), "line %d: response #%zu is not a position: \"%s\"",
                  line, i, text);
    ck_assert_msg(bm_equal(&got, want), "line %d: response #%zu is \"%s\", expected \"%s\"",
                  line, i, text, bm_text(want));
}

static void check_file_letters(const char *line, int size, const char *what)
{
    size_t n;
    char **words = pc_split_words(line, &n);
    ck_assert_msg(n == (size_t)size, "%s: file line \"%s\" should name %d files", what, line, size);
    for (int f = 0; f < size; f++)
        ck_assert_msg(words[f][0] == 'a' + f && words[f][1] == '\0',
                      "%s: file line \"%s\" should read a b c ...", what, line);
}

void bm_check_diagram(const char *body, const Board *b, const char *alphabet,
                      const char *empty_marks, size_t trailer, const char *what)
{
    size_t n;
    char **lines = pc_split_lines(body, &n);
    ck_assert_msg(n == (size_t)b->height + 3 + trailer, "%s: %zu lines, expected %d: \"%s\"",
                  what, n, b->height + 3 + (int)trailer, body);
    ck_assert_msg(lines[0][0] == '\0', "%s: the result should start with a newline", what);
    check_file_letters(lines[1], b->width, what);
    check_file_letters(lines[b->height + 2], b->width, what);
    for (int r = 0; r < b->height; r++) {
        int rank = b->height - 1 - r;
        size_t count;
        char **words = pc_split_words(lines[2 + r], &count);
        ck_assert_msg(count == (size_t)b->width + 1, "%s: rank line \"%s\" has %zu words", what,
                      lines[2 + r], count);
        ck_assert_msg(atoi(words[0]) == rank + 1, "%s: rank line \"%s\" should start with %d",
                      what, lines[2 + r], rank + 1);
        for (int f = 0; f < b->width; f++) {
            const char *cell = words[1 + f];
            char want = b->cell[rank][f];
            ck_assert_msg(strlen(cell) == 1 && strchr(alphabet, cell[0]),
                          "%s: cell \"%s\" of \"%s\" is outside the alphabet \"%s\"", what, cell,
                          lines[2 + r], alphabet);
            if (want == '.')
                ck_assert_msg(strchr(empty_marks, cell[0]) != NULL,
                              "%s: empty square %c%d shown as '%c'", what, 'a' + f, rank + 1, cell[0]);
            else
                ck_assert_msg(cell[0] == want, "%s: square %c%d shows '%c', position has '%c'",
                              what, 'a' + f, rank + 1, cell[0], want);
        }
    }
}

void bm_check_showboard(const char *body, const Board *b)
{
    bm_check_diagram(body, b, "WBx.", ".", 1, "showboard");
    size_t n;
    char **lines = pc_split_lines(body, &n);
    const char *want = b->side == 'w' ? "white to move" : "black to move";
    ck_assert_msg(strcmp(lines[n - 1], want) == 0, "showboard: last line \"%s\", expected \"%s\"",
                  lines[n - 1], want);
}

void bm_check_territory(const char *body, const Board *b)
{
    bm_check_diagram(body, b, "WBxwb=.", "wb=.", 0, "territory");
}
