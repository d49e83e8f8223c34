/*
 * mailbox_perft.c - the yardstick for perft speed: a plain move counter on a
 * padded array board, with none of the engine's code or tricks (no
 * bitboards, no line tables, no counting of the last two plies in bulk;
 * only the arrows of the last ply are counted without being placed).
 *
 *     cc -O2 -o mailbox_perft tests/bench/mailbox_perft.c
 *     ./mailbox_perft 10 3      # 8350439170, from the 10x10 start
 *
 * `make bench NAIVE_PERFT=tests/bench/mailbox_perft.c` builds it and times it
 * beside the engine's perft(3).  The last line is "perft(DEPTH) = COUNT".
 * The start is the engine's: White on a4 d1 g1 j4 (scaled to the size),
 * White moves first.
 */
#include <stdio.h>
#include <stdlib.h>

enum { EMPTY, WHITE_Q, BLACK_Q, ARROW, WALL };
enum { MAX_SIDE = 10, PAD = MAX_SIDE + 2 };

static unsigned char board[PAD * PAD];
static int size;
static const int STEPS[8] = { 1, -1, PAD, -PAD, PAD + 1, PAD - 1, -PAD + 1, -PAD - 1 };

static int at(int file, int rank) { return (rank + 1) * PAD + file + 1; }

/* Squares a queen on `from` reaches through empty squares. */
static int reach(int from)
{
    int n = 0;
    for (int d = 0; d < 8; d++)
        for (int sq = from + STEPS[d]; board[sq] == EMPTY; sq += STEPS[d])
            n++;
    return n;
}

static unsigned long long perft(int side, int depth)
{
    int queens[4], count = 0;
    for (int sq = 0; sq < PAD * PAD && count < 4; sq++)
        if (board[sq] == side)
            queens[count++] = sq;
    unsigned long long leaves = 0;
    for (int q = 0; q < count; q++) {
        int from = queens[q];
        board[from] = EMPTY;
        for (int d = 0; d < 8; d++)
            for (int to = from + STEPS[d]; board[to] == EMPTY; to += STEPS[d]) {
                board[to] = (unsigned char)side;
                if (depth == 1) {
                    leaves += (unsigned long long)reach(to);
                } else {
                    for (int e = 0; e < 8; e++)
                        for (int arrow = to + STEPS[e]; board[arrow] == EMPTY; arrow += STEPS[e]) {
                            board[arrow] = ARROW;
                            leaves += perft(side == WHITE_Q ? BLACK_Q : WHITE_Q, depth - 1);
                            board[arrow] = EMPTY;
                        }
                }
                board[to] = EMPTY;
            }
        board[from] = (unsigned char)side;
    }
    return leaves;
}

/* The engine's start on a size x size board: 10x10 has a4 d1 g1 j4 and a7 d10 g10 j7. */
static void set_start(void)
{
    for (int sq = 0; sq < PAD * PAD; sq++)
        board[sq] = WALL;
    for (int r = 0; r < size; r++)
        for (int f = 0; f < size; f++)
            board[at(f, r)] = EMPTY;
    int edge = (size - 1) / 3, far = size - 1;
    const int files[4] = { 0, edge, far - edge, far }, ranks[4] = { edge, 0, 0, edge };
    for (int i = 0; i < 4; i++) {
        board[at(files[i], ranks[i])] = WHITE_Q;
        board[at(files[i], far - ranks[i])] = BLACK_Q;
    }
}

int main(int argc, char **argv)
{
    size = argc > 1 ? atoi(argv[1]) : 10;
    int depth = argc > 2 ? atoi(argv[2]) : 2;
    if (size < 4 || size > MAX_SIDE || depth < 1 || depth > 4) {
        fprintf(stderr, "usage: mailbox_perft [SIZE 4..10] [DEPTH 1..4]\n");
        return 2;
    }
    set_start();
    printf("perft(%d) = %llu\n", depth, perft(WHITE_Q, depth));
    return 0;
}
