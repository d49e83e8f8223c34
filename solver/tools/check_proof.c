/*
 * check_proof.c - amazons-check-proof: verifies a proof file written by
 * amazons-prove (format: solver/proof_writer.h) with nothing but the rules.
 *
 * It shares no code with the engine: its own board of cells, its own move
 * generator and its own reading of position text, so a bug in the engine's
 * bitboards or in the solver's shortcuts cannot hide in it.  From the start
 * it plays every move of the loser and, for the winner, the move the file
 * gives, down to positions where the side to move has no move or where no
 * empty area touches amazons of both colours.  Those races it decides by
 * itself: each side's areas are searched exhaustively for the longest run
 * of moves that side can make there, and the side to move wins when its
 * runs outlast the other side's.  Positions equal up to a symmetry of the
 * board count as one.
 *
 *   amazons-check-proof FILE      ("-" reads standard input)
 *
 * Exit status 0 when the proof holds, 1 when it does not (with the position
 * where it fails), 2 when the file cannot be read or is not a proof file.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EMPTY = 0, ARROW = 1, WHITE = 2, BLACK = 3 };
enum { MAX_SIDE = 10, MAX_CELLS = MAX_SIDE * MAX_SIDE, MAX_LIST = 4 * 35 * 36 };

typedef struct {
    int width, height, to_move; /* to_move: WHITE or BLACK */
    uint8_t cell[MAX_CELLS];    /* index rank * width + file, rank 0 at the bottom */
} Board;

typedef struct {
    uint8_t from, to, arrow;
} Step;

/* ---- reading positions and moves ---- */

/* Parses "BOARD SIDE" (PROTOCOL.md §3); false when it is not a position text. */
static bool board_parse(const char *text, Board *b)
{
    memset(b, 0, sizeof *b);
    int rank_cells[MAX_SIDE + 1], ranks = 0, cells = 0;
    uint8_t rows[MAX_SIDE][MAX_SIDE];
    const char *p = text;
    for (;; p++) {
        if (*p >= '0' && *p <= '9') {
            int run = 0;
            while (*p >= '0' && *p <= '9')
                run = run * 10 + (*p++ - '0');
            p--;
            if (run == 0 || cells + run > MAX_SIDE)
                return false;
            for (int i = 0; i < run; i++)
                rows[ranks][cells++] = EMPTY;
        } else if (*p == 'W' || *p == 'B' || *p == 'x') {
            if (cells == MAX_SIDE)
                return false;
            rows[ranks][cells++] = *p == 'W' ? WHITE : *p == 'B' ? BLACK : ARROW;
        } else if (*p == '/' || *p == ' ') {
            if (ranks == MAX_SIDE || cells == 0)
                return false;
            rank_cells[ranks++] = cells;
            cells = 0;
            if (*p == ' ')
                break;
        } else {
            return false;
        }
    }
    p++;
    if ((*p != 'w' && *p != 'b') || p[1] != '\0')
        return false;
    b->width = rank_cells[0];
    b->height = ranks;
    for (int r = 0; r < ranks; r++) {
        if (rank_cells[r] != b->width)
            return false;
        for (int f = 0; f < b->width; f++)
            b->cell[(ranks - 1 - r) * b->width + f] = rows[r][f];
    }
    b->to_move = *p == 'w' ? WHITE : BLACK;
    return b->width >= 1 && b->height >= 1;
}

static void board_text(const Board *b, char *out)
{
    for (int r = b->height - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < b->width; f++) {
            uint8_t c = b->cell[r * b->width + f];
            if (c == EMPTY) {
                run++;
                continue;
            }
            if (run)
                out += sprintf(out, "%d", run);
            run = 0;
            *out++ = c == WHITE ? 'W' : c == BLACK ? 'B' : 'x';
        }
        if (run)
            out += sprintf(out, "%d", run);
        *out++ = r ? '/' : ' ';
    }
    sprintf(out, "%c", b->to_move == WHITE ? 'w' : 'b');
}

/* "d1" style square; returns the characters read, 0 when malformed or off the board. */
static int square_parse(const char *s, const Board *b, int *sq)
{
    if (s[0] < 'a' || s[0] >= 'a' + b->width || s[1] < '1' || s[1] > '9')
        return 0;
    int rank = s[1] - '0', n = 2;
    if (s[2] >= '0' && s[2] <= '9')
        rank = rank * 10 + s[n++] - '0';
    if (rank > b->height)
        return 0;
    *sq = (rank - 1) * b->width + (s[0] - 'a');
    return n;
}

static bool step_parse(const char *s, const Board *b, Step *m)
{
    int sq[3], n;
    for (int i = 0; i < 3; i++) {
        if (!(n = square_parse(s, b, &sq[i])))
            return false;
        s += n;
        if (i < 2 && *s++ != (i == 0 ? '-' : '/'))
            return false;
    }
    *m = (Step){ (uint8_t)sq[0], (uint8_t)sq[1], (uint8_t)sq[2] };
    return *s == '\0';
}

static void step_text(const Board *b, Step m, char *out)
{
    int sq[3] = { m.from, m.to, m.arrow };
    for (int i = 0; i < 3; i++)
        out += sprintf(out, "%c%d%s", 'a' + sq[i] % b->width, sq[i] / b->width + 1,
                       i == 0 ? "-" : i == 1 ? "/" : "");
}

/* ---- the rules ---- */

static const int DF[8] = { 1, 1, 0, -1, -1, -1, 0, 1 }, DR[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

/*
 * The board's lines, worked out once (every position of a proof is on the
 * start's board): the squares of each ray, nearest first, and each square's
 * neighbours.
 */
static struct {
    int width, height;
    uint8_t ray[MAX_CELLS][8][MAX_SIDE], ray_length[MAX_CELLS][8];
    uint8_t neighbour[MAX_CELLS][8], neighbours[MAX_CELLS];
} lines;

static void lines_init(int width, int height)
{
    lines.width = width;
    lines.height = height;
    for (int sq = 0; sq < width * height; sq++) {
        lines.neighbours[sq] = 0;
        for (int d = 0; d < 8; d++) {
            int f = sq % width + DF[d], r = sq / width + DR[d], n = 0;
            for (; f >= 0 && f < width && r >= 0 && r < height; f += DF[d], r += DR[d])
                lines.ray[sq][d][n++] = (uint8_t)(r * width + f);
            lines.ray_length[sq][d] = (uint8_t)n;
            if (n)
                lines.neighbour[sq][lines.neighbours[sq]++] = lines.ray[sq][d][0];
        }
    }
}

/* The squares a queen on sq reaches through empty cells, written to out; their count. */
static int queen_reach(const Board *b, int sq, int *out)
{
    int n = 0;
    for (int d = 0; d < 8; d++) {
        const uint8_t *ray = lines.ray[sq][d];
        for (int i = 0; i < lines.ray_length[sq][d] && b->cell[ray[i]] == EMPTY; i++)
            out[n++] = ray[i];
    }
    return n;
}

/* Every move of `side`: an amazon's queen move, then an arrow from where it lands. */
static int moves_of(Board *b, int side, Step *list)
{
    int n = 0, to[4 * 9], arrows[4 * 9];
    for (int from = 0; from < b->width * b->height; from++) {
        if (b->cell[from] != side)
            continue;
        int count = queen_reach(b, from, to);
        b->cell[from] = EMPTY; /* the square just left is empty for the arrow */
        for (int i = 0; i < count; i++) {
            b->cell[to[i]] = (uint8_t)side;
            int shots = queen_reach(b, to[i], arrows);
            for (int k = 0; k < shots; k++)
                list[n++] = (Step){ (uint8_t)from, (uint8_t)to[i], (uint8_t)arrows[k] };
            b->cell[to[i]] = EMPTY;
        }
        b->cell[from] = (uint8_t)side;
    }
    return n;
}

static void play(Board *b, Step m)
{
    b->cell[m.to] = b->cell[m.from];
    b->cell[m.from] = EMPTY;
    b->cell[m.arrow] = ARROW;
    b->to_move ^= WHITE ^ BLACK;
}

static void take_back(Board *b, Step m)
{
    b->to_move ^= WHITE ^ BLACK;
    b->cell[m.arrow] = EMPTY;
    b->cell[m.from] = b->cell[m.to];
    b->cell[m.to] = EMPTY;
}

/* ---- symmetry ---- */

static int symmetries(const Board *b) { return b->width == b->height ? 8 : 4; }

/* Where symmetry s takes square sq: bit 4 swaps files and ranks, 1 mirrors files, 2 ranks. */
static int image_of(const Board *b, int s, int sq)
{
    int f = sq % b->width, r = sq / b->width;
    if (s & 4) {
        int t = f;
        f = r;
        r = t;
    }
    if (s & 1)
        f = b->width - 1 - f;
    if (s & 2)
        r = b->height - 1 - r;
    return r * b->width + f;
}

/* The square that symmetry s takes to sq. */
static int preimage_of(const Board *b, int s, int sq)
{
    for (int x = 0; x < b->width * b->height; x++)
        if (image_of(b, s, x) == sq)
            return x;
    return -1;
}

/*
 * Move lists, one per depth of each recursion: a move fills a square, so no
 * recursion goes deeper than the board has squares.
 */
typedef Step MoveList[MAX_LIST];
static MoveList longest_lists[MAX_CELLS + 1], fight_lists[MAX_CELLS + 1], proof_lists[MAX_CELLS + 1];

/* ---- position keys and tables ---- */

typedef struct {
    uint64_t w[4]; /* 2 bits a cell, the side to move in the top bit of w[3] */
} Key;

static Key key_of(const Board *b, int s)
{
    Key k = { { 0 } };
    for (int sq = 0; sq < b->width * b->height; sq++) {
        int at = image_of(b, s, sq);
        k.w[at / 32] |= (uint64_t)b->cell[sq] << (2 * (at % 32));
    }
    k.w[3] |= (uint64_t)(b->to_move == BLACK) << 63;
    return k;
}

static int key_compare(const Key *a, const Key *b)
{
    for (int i = 3; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static Key canonical_key(const Board *b)
{
    Key best = key_of(b, 0);
    for (int s = 1; s < symmetries(b); s++) {
        Key k = key_of(b, s);
        if (key_compare(&k, &best) < 0)
            best = k;
    }
    return best;
}

typedef struct {
    Key key;
    int32_t value;
    bool used;
} Slot;

typedef struct {
    Slot *slots;
    size_t mask, count;
} Table;

static size_t key_hash(const Key *k)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 4; i++)
        h = (h ^ k->w[i]) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    return (size_t)h;
}

static Slot *table_find(Table *t, const Key *k)
{
    if (!t->slots)
        return NULL;
    for (size_t i = key_hash(k) & t->mask; t->slots[i].used; i = (i + 1) & t->mask)
        if (!key_compare(&t->slots[i].key, k))
            return &t->slots[i];
    return NULL;
}

static void out_of_memory(void)
{
    fprintf(stderr, "amazons-check-proof: out of memory\n");
    exit(2);
}

/* Adds k with value v unless it is there; the slot either way. */
static Slot *table_add(Table *t, const Key *k, int32_t v)
{
    if (!t->slots || 2 * (t->count + 1) > t->mask + 1) {
        size_t size = t->slots ? 2 * (t->mask + 1) : 1 << 12;
        Slot *slots = calloc(size, sizeof *slots);
        if (!slots)
            out_of_memory();
        for (size_t i = 0; t->slots && i <= t->mask; i++) {
            if (!t->slots[i].used)
                continue;
            size_t j = key_hash(&t->slots[i].key) & (size - 1);
            while (slots[j].used)
                j = (j + 1) & (size - 1);
            slots[j] = t->slots[i];
        }
        free(t->slots);
        t->slots = slots;
        t->mask = size - 1;
    }
    size_t i = key_hash(k) & t->mask;
    for (; t->slots[i].used; i = (i + 1) & t->mask)
        if (!key_compare(&t->slots[i].key, k))
            return &t->slots[i];
    t->slots[i] = (Slot){ *k, v, true };
    t->count++;
    return &t->slots[i];
}

/* ---- areas, races and small fights ---- */

static Table longest_memo, fight_memo;
enum { FIGHT_MEMO_SQUARES = 4 };
static Step killers[MAX_CELLS + 1];

/* The most moves `side` can make in a row on b (only its own amazons move). */
static int longest_run(Board *b, int side, int empties)
{
    if (empties == 0)
        return 0;
    Key k = key_of(b, 0);
    Slot *hit = table_find(&longest_memo, &k);
    if (hit)
        return hit->value;
    Step *list = longest_lists[empties];
    int n = moves_of(b, side, list), best = 0;
    for (int i = 0; i < n && best < empties; i++) {
        play(b, list[i]);
        int run = 1 + longest_run(b, side, empties - 1);
        take_back(b, list[i]);
        if (run > best)
            best = run;
    }
    table_add(&longest_memo, &k, best);
    return best;
}

/*
 * Splits b into areas: king-connected groups of cells that are not arrows.
 * Amazons can only ever reach cells of their own area, so an area holding
 * amazons of one colour is that colour's alone: its longest run of moves is
 * added to runs[0] (White) or runs[1] (Black) and the area is walled off
 * (made arrows) in *fights.  What is left in *fights are the areas with
 * amazons of both colours; returns how many empty cells they hold.  With
 * fights NULL, only that count (runs are not searched).
 */
static int split_areas(const Board *b, int runs[2], Board *fights)
{
    int cells = b->width * b->height, stack[MAX_CELLS], contested = 0;
    bool seen[MAX_CELLS] = { false };
    if (fights) {
        *fights = *b;
        runs[0] = runs[1] = 0;
    }
    for (int seed = 0; seed < cells; seed++) {
        if (seen[seed] || b->cell[seed] == ARROW)
            continue;
        int top = 0, members = 0, member[MAX_CELLS], colours = 0, empties = 0;
        stack[top++] = seed;
        seen[seed] = true;
        while (top) {
            int sq = stack[--top];
            member[members++] = sq;
            empties += b->cell[sq] == EMPTY;
            colours |= b->cell[sq] == WHITE ? 1 : b->cell[sq] == BLACK ? 2 : 0;
            for (int i = 0; i < lines.neighbours[sq]; i++) {
                int n = lines.neighbour[sq][i];
                if (!seen[n] && b->cell[n] != ARROW) {
                    seen[n] = true;
                    stack[top++] = n;
                }
            }
        }
        if (colours == 3) {
            contested += empties;
            continue;
        }
        if (!fights)
            continue;
        if (!colours) {
            for (int i = 0; i < members; i++)
                fights->cell[member[i]] = ARROW;
            continue;
        }
        Board only = *b;
        for (int sq = 0; sq < cells; sq++)
            only.cell[sq] = ARROW;
        for (int i = 0; i < members; i++) {
            only.cell[member[i]] = b->cell[member[i]];
            fights->cell[member[i]] = ARROW;
        }
        runs[colours == 2] += longest_run(&only, colours == 1 ? WHITE : BLACK, empties);
    }
    return contested;
}

/*
 * Whether the side to move wins b, where each side also has spare[c] moves
 * of its own to make elsewhere (0: White, 1: Black): plain negamax over the
 * moves of the contested areas and the spare moves, with a memo, and races
 * counted as soon as no area is contested.
 */
static bool mover_wins(Board *b, int spare[2])
{
    int runs[2], me = b->to_move == BLACK;
    Board fights;
    int contested = split_areas(b, runs, &fights);
    if (contested == 0)
        return spare[me] + runs[me] > spare[!me] + runs[!me];
    /*
     * Spare moves are integers in the sense of combinatorial game theory, so
     * only their difference matters: a side with n and the other with m play
     * as if the one had n - m and the other none.  Keyed that way, the memo
     * serves far more positions.
     */
    int lead = spare[0] + runs[0] - spare[1] - runs[1];
    int bank[2] = { lead > 0 ? lead : 0, lead < 0 ? -lead : 0 };
    /* Fights of a few squares are searched again faster than a memo is kept. */
    bool memo = contested > FIGHT_MEMO_SQUARES;
    Key k = { { 0 } };
    if (memo) {
        k = key_of(&fights, 0);
        k.w[3] |= (uint64_t)bank[0] << 40 | (uint64_t)bank[1] << 50;
    }
    Slot *hit = memo ? table_find(&fight_memo, &k) : NULL;
    if (hit)
        return hit->value;
    Step *list = fight_lists[contested];
    int n = moves_of(&fights, fights.to_move, list);
    /* The move that last won a fight of this size often wins again: it goes first. */
    Step *killer = &killers[contested];
    for (int i = 1; i < n; i++)
        if (list[i].from == killer->from && list[i].to == killer->to && list[i].arrow == killer->arrow) {
            list[i] = list[0];
            list[0] = *killer;
            break;
        }
    bool win = false;
    for (int i = 0; i < n && !win; i++) {
        play(&fights, list[i]);
        win = !mover_wins(&fights, bank);
        take_back(&fights, list[i]);
        if (win)
            *killer = list[i];
    }
    if (!win && bank[me] > 0) {
        /* A spare move: the other side is to move with the contested areas as they are. */
        bank[me]--;
        fights.to_move ^= WHITE ^ BLACK;
        win = !mover_wins(&fights, bank);
        fights.to_move ^= WHITE ^ BLACK;
    }
    if (memo)
        table_add(&fight_memo, &k, win);
    return win;
}

/* ---- the proof ---- */

typedef struct {
    Board start;
    int winner;
    Table moves;      /* position key -> the winner's move, packed from << 16 | to << 8 | arrow */
    Table proven;     /* canonical keys of positions proven won for the winner */
    int leaf_squares; /* positions with at most this many contested empty squares are leaves */
    uint64_t used_entries, leaves, stuck;
    char failure[512];
} Proof;

static void describe_failure(Proof *p, const Board *b, const char *why)
{
    char text[MAX_CELLS * 2 + 16];
    board_text(b, text);
    snprintf(p->failure, sizeof p->failure, "%s, at %s", why, text);
}

/* The winner's move at b from the file, mapped back from a symmetric entry if need be. */
static bool winners_move(Proof *p, const Board *b, Step *m)
{
    for (int s = 0; s < symmetries(b); s++) {
        Key k = key_of(b, s);
        Slot *hit = table_find(&p->moves, &k);
        if (!hit)
            continue;
        int v = hit->value;
        *m = (Step){ (uint8_t)preimage_of(b, s, v >> 16), (uint8_t)preimage_of(b, s, v >> 8 & 255),
                     (uint8_t)preimage_of(b, s, v & 255) };
        return true;
    }
    return false;
}

static bool move_is_legal(Board *b, Step m, Step *list)
{
    int n = moves_of(b, b->to_move, list);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = list[i].from == m.from && list[i].to == m.to && list[i].arrow == m.arrow;
    return found;
}

static int empty_cells(const Board *b)
{
    int n = 0;
    for (int sq = 0; sq < b->width * b->height; sq++)
        n += b->cell[sq] == EMPTY;
    return n;
}

/* Whether the winner wins b by the file's strategy. */
static bool verify(Proof *p, Board *b)
{
    Key canon = canonical_key(b);
    if (table_find(&p->proven, &canon))
        return true;
    int none[2] = { 0, 0 };
    bool ok;
    if (split_areas(b, NULL, NULL) <= p->leaf_squares) {
        /* Few squares left to fight over: decided here by exhaustive search. */
        ok = mover_wins(b, none) == (b->to_move == p->winner);
        p->leaves++;
        if (!ok)
            describe_failure(p, b, "exhaustive search finds the winner losing here");
    } else if (b->to_move == p->winner) {
        Step m;
        char text[16];
        if (!winners_move(p, b, &m)) {
            describe_failure(p, b, "the file has no move for the winner");
            return false;
        }
        if (!move_is_legal(b, m, proof_lists[empty_cells(b)])) {
            step_text(b, m, text);
            char why[64];
            snprintf(why, sizeof why, "the file's move %s is not legal", text);
            describe_failure(p, b, why);
            return false;
        }
        p->used_entries++;
        play(b, m);
        ok = verify(p, b);
        take_back(b, m);
    } else {
        Step *list = proof_lists[empty_cells(b)];
        int n = moves_of(b, b->to_move, list);
        p->stuck += n == 0;
        ok = true;
        for (int i = 0; i < n && ok; i++) {
            play(b, list[i]);
            ok = verify(p, b);
            take_back(b, list[i]);
        }
    }
    if (ok)
        table_add(&p->proven, &canon, 1);
    return ok;
}

/* ---- the file ---- */

static int refuse(const char *path, unsigned long line, const char *why)
{
    if (line)
        fprintf(stderr, "amazons-check-proof: %s:%lu: %s\n", path, line, why);
    else
        fprintf(stderr, "amazons-check-proof: %s: %s\n", path, why);
    return 2;
}

/* Reads the file into p; 0, or the exit status of a refusal (with its message). */
static int read_proof(const char *path, FILE *in, Proof *p)
{
    char line[1024];
    unsigned long number = 0, entries = 0, end = 0;
    bool have_start = false, have_winner = false, have_leaves = false, ended = false;
    while (fgets(line, sizeof line, in)) {
        number++;
        size_t len = strcspn(line, "\n");
        if (line[len] != '\n' && !feof(in))
            return refuse(path, number, "line too long");
        line[len] = '\0';
        if (number == 1) {
            if (strcmp(line, "amazons-proof 1"))
                return refuse(path, number, "not a proof file (the first line must be \"amazons-proof 1\")");
            continue;
        }
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (ended)
            return refuse(path, number, "text after the end line");
        if (!strncmp(line, "start ", 6)) {
            if (have_start || !board_parse(line + 6, &p->start))
                return refuse(path, number, have_start ? "a second start line" : "the start is not a position text");
            have_start = true;
        } else if (!strncmp(line, "winner ", 7)) {
            if (have_winner || (strcmp(line + 7, "white") && strcmp(line + 7, "black")))
                return refuse(path, number, "the winner must be white or black, once");
            p->winner = strcmp(line + 7, "white") ? BLACK : WHITE;
            have_winner = true;
        } else if (!strncmp(line, "leaves ", 7)) {
            char *stop;
            long n = strtol(line + 7, &stop, 10);
            if (have_leaves || *stop || n < 0 || n > MAX_CELLS)
                return refuse(path, number, "the leaves line must give a number of squares from 0 to 100, once");
            p->leaf_squares = (int)n;
            have_leaves = true;
        } else if (!strncmp(line, "end ", 4)) {
            char *stop;
            end = strtoul(line + 4, &stop, 10);
            if (*stop)
                return refuse(path, number, "the end line must give the number of entries");
            ended = true;
        } else {
            if (!have_start || !have_winner)
                return refuse(path, number, "an entry before the start and winner lines");
            char *space = strrchr(line, ' ');
            Board b;
            Step m;
            if (!space)
                return refuse(path, number, "an entry must be a position text and a move");
            *space = '\0';
            if (!board_parse(line, &b) || b.width != p->start.width || b.height != p->start.height)
                return refuse(path, number, "the entry's position is not a position text of the start's board");
            if (b.to_move != p->winner)
                return refuse(path, number, "an entry for a position with the loser to move");
            if (!step_parse(space + 1, &b, &m))
                return refuse(path, number, "the entry's move is not a move on the board");
            Key k = key_of(&b, 0);
            table_add(&p->moves, &k, m.from << 16 | m.to << 8 | m.arrow);
            entries++;
        }
    }
    if (ferror(in))
        return refuse(path, 0, strerror(errno));
    if (!have_start || !have_winner || !have_leaves)
        return refuse(path, 0, "no start, winner or leaves line");
    if (!ended || end != entries)
        return refuse(path, 0, "cut short: the end line is missing or counts other entries than the file has");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2 || !strcmp(argv[1], "--help")) {
        fprintf(argc == 2 ? stdout : stderr, "Usage: amazons-check-proof FILE   (\"-\": standard input)\n"
                "Verifies a proof file of amazons-prove with its own rules (docs/solver.md).\n");
        return argc == 2 ? 0 : 2;
    }
    const char *path = argv[1];
    FILE *in = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!in)
        return refuse(path, 0, strerror(errno));
    static Proof p;
    int status = read_proof(path, in, &p);
    if (in != stdin)
        fclose(in);
    if (status)
        return status;
    clock_t begin = clock();
    lines_init(p.start.width, p.start.height);
    Board b = p.start;
    char text[MAX_CELLS * 2 + 16];
    board_text(&b, text);
    if (!verify(&p, &b)) {
        printf("proof rejected: %s\n", p.failure);
        return 1;
    }
    printf("proof checked: %s wins %s (%dx%d), %llu of %zu entries used, %zu positions, %llu leaves "
           "searched exhaustively, %llu without a move, %.2f s\n",
           p.winner == WHITE ? "white" : "black", text, b.width, b.height,
           (unsigned long long)p.used_entries, p.moves.count, p.proven.count,
           (unsigned long long)p.leaves, (unsigned long long)p.stuck,
           (double)(clock() - begin) / CLOCKS_PER_SEC);
    return 0;
}
