/*
 * check_proof.c - amazons-check-proof: verifies a proof file written by
 * amazons-prove (format: solver/proof_writer.h) with nothing but the rules.
 *
 * It shares no code with the engine: its own board of cells, its own move
 * generator and its own reading of position text, so a bug in the engine's
 * bitboards or in the solver's shortcuts cannot hide in it.  From the start
 * it plays every move of the loser and, for the winner, the move the file
 * gives, down to the file's leaves: positions whose contested areas (groups
 * of squares that are not arrows, holding amazons of both colours) have at
 * most `leaves` empty squares.  Those it decides by itself: the areas of
 * one colour by searching every order of their moves for the longest run,
 * the contested ones by plain negamax over their moves and those spare
 * moves.  Positions equal up to a symmetry of the board count as one.
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

enum { WHITE = 0, BLACK = 1 };
enum { MAX_SIDE = 10, MAX_LIST = 4 * 35 * 36 };
enum { KEY_WORDS = 4, KEY_EXTRA_BITS = 16 }; /* position keys: see key_of */

/*
 * A set of squares, one bit a square: square (file, rank) is bit
 * rank * stride + file, with stride = width + 1, so each rank has a spare
 * bit after its last file and a step sideways off the board lands on a bit
 * that is not on the board (at most 10 ranks of 11 bits: 110 bits).
 */
typedef unsigned __int128 Mask;

static struct {
    int width, height, stride, squares;
    Mask on_board;
    int step[8];                    /* the eight directions, as bit offsets */
    int image[8][MAX_SIDE * (MAX_SIDE + 1)]; /* where each symmetry takes each square */
    int slot_words;                 /* a table slot: a key and its value (below) */
    bool narrow;                    /* every square below bit 64 (6x5: 35 bits) */
} geo;

static Mask bit(int sq) { return (Mask)1 << sq; }

static Mask shifted(Mask m, int step) { return (step > 0 ? m << step : m >> -step) & geo.on_board; }

static int count(Mask m) { return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64)); }

static int lowest(Mask m)
{
    uint64_t low = (uint64_t)m;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static int pop(Mask *m)
{
    int sq = lowest(*m);
    *m &= *m - 1;
    return sq;
}

static int square(int file, int rank) { return rank * geo.stride + file; }

/* Symmetry s: bit 4 swaps files and ranks (square boards), 1 mirrors the files, 2 the ranks. */
static int symmetries(void) { return geo.width == geo.height ? 8 : 4; }

static void geometry_init(int width, int height)
{
    geo.width = width;
    geo.height = height;
    geo.stride = width + 1;
    geo.squares = height * geo.stride;
    geo.narrow = geo.squares <= 64;
    geo.on_board = 0;
    for (int r = 0; r < height; r++)
        for (int f = 0; f < width; f++)
            geo.on_board |= bit(square(f, r));
    const int df[8] = { 1, 1, 0, -1, -1, -1, 0, 1 }, dr[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
    for (int d = 0; d < 8; d++)
        geo.step[d] = dr[d] * geo.stride + df[d];
    for (int s = 0; s < symmetries(); s++)
        for (int r = 0; r < height; r++)
            for (int f = 0; f < width; f++) {
                int file = f, rank = r;
                if (s & 4) {
                    file = r;
                    rank = f;
                }
                if (s & 1)
                    file = width - 1 - file;
                if (s & 2)
                    rank = height - 1 - rank;
                geo.image[s][square(f, r)] = square(file, rank);
            }
    geo.slot_words = (2 * width * height + KEY_EXTRA_BITS + 32 + 63) / 64;
}

typedef struct {
    Mask amazons[2], arrows;
    int to_move;
} Board;

typedef struct {
    uint8_t from, to, arrow;
} Step;

static Mask empty_squares(const Board *b) { return geo.on_board & ~(b->amazons[0] | b->amazons[1] | b->arrows); }

/* ---- reading and writing positions and moves ---- */

/* Parses "BOARD SIDE" (PROTOCOL.md §3) into its size and pieces; false when it is not one. */
static bool board_parse(const char *text, int *width, int *height, char cells[MAX_SIDE][MAX_SIDE], int *side)
{
    int rank_cells[MAX_SIDE], ranks = 0, n = 0;
    const char *p = text;
    for (;; p++) {
        if (*p >= '0' && *p <= '9') {
            int run = 0;
            while (*p >= '0' && *p <= '9')
                run = run * 10 + (*p++ - '0');
            p--;
            if (run == 0 || n + run > MAX_SIDE)
                return false;
            while (run--)
                cells[ranks][n++] = '.';
        } else if (*p == 'W' || *p == 'B' || *p == 'x') {
            if (n == MAX_SIDE)
                return false;
            cells[ranks][n++] = *p;
        } else if (*p == '/' || *p == ' ') {
            if (ranks == MAX_SIDE || n == 0)
                return false;
            rank_cells[ranks++] = n;
            n = 0;
            if (*p == ' ')
                break;
        } else {
            return false;
        }
    }
    p++;
    if ((*p != 'w' && *p != 'b') || p[1] != '\0')
        return false;
    for (int r = 1; r < ranks; r++)
        if (rank_cells[r] != rank_cells[0])
            return false;
    *width = rank_cells[0];
    *height = ranks;
    *side = *p == 'w' ? WHITE : BLACK;
    return true;
}

/* The position of text on the board set up by geometry_init; false when it is not one of it. */
static bool board_read(const char *text, Board *b)
{
    char cells[MAX_SIDE][MAX_SIDE];
    int width, height;
    memset(b, 0, sizeof *b);
    if (!board_parse(text, &width, &height, cells, &b->to_move) || width != geo.width || height != geo.height)
        return false;
    for (int r = 0; r < height; r++)
        for (int f = 0; f < width; f++) {
            Mask sq = bit(square(f, height - 1 - r));
            char c = cells[r][f];
            if (c == 'W')
                b->amazons[WHITE] |= sq;
            else if (c == 'B')
                b->amazons[BLACK] |= sq;
            else if (c == 'x')
                b->arrows |= sq;
        }
    return true;
}

static void board_text(const Board *b, char *out)
{
    for (int r = geo.height - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < geo.width; f++) {
            Mask sq = bit(square(f, r));
            char c = b->amazons[WHITE] & sq ? 'W' : b->amazons[BLACK] & sq ? 'B' : b->arrows & sq ? 'x' : '.';
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
        *out++ = r ? '/' : ' ';
    }
    sprintf(out, "%c", b->to_move == WHITE ? 'w' : 'b');
}

/* "d1" style square; returns the characters read, 0 when malformed or off the board. */
static int square_parse(const char *s, int *sq)
{
    if (s[0] < 'a' || s[0] >= 'a' + geo.width || s[1] < '1' || s[1] > '9')
        return 0;
    int rank = s[1] - '0', n = 2;
    if (s[2] >= '0' && s[2] <= '9')
        rank = rank * 10 + s[n++] - '0';
    if (rank > geo.height)
        return 0;
    *sq = square(s[0] - 'a', rank - 1);
    return n;
}

static bool step_parse(const char *s, Step *m)
{
    int sq[3], n;
    for (int i = 0; i < 3; i++) {
        if (!(n = square_parse(s, &sq[i])))
            return false;
        s += n;
        if (i < 2 && *s++ != (i == 0 ? '-' : '/'))
            return false;
    }
    *m = (Step){ (uint8_t)sq[0], (uint8_t)sq[1], (uint8_t)sq[2] };
    return *s == '\0';
}

static void step_text(Step m, char *out)
{
    int sq[3] = { m.from, m.to, m.arrow };
    for (int i = 0; i < 3; i++)
        out += sprintf(out, "%c%d%s", 'a' + sq[i] % geo.stride, sq[i] / geo.stride + 1,
                       i == 0 ? "-" : i == 1 ? "/" : "");
}

/* ---- the rules ---- */

/*
 * The squares a queen on sq reaches through `open`, a set of board squares:
 * a step off the board lands on a padding square or beyond, never in open.
 * A third of a check's time is spent here: on a narrow board the rays run
 * in one 64-bit word, where a shift of the 128-bit mask takes several
 * instructions (a table of rays cut at their first blocked square was no
 * faster).
 */
static uint64_t queen_reach_narrow(int sq, uint64_t open)
{
    uint64_t reach = 0;
    for (int d = 0; d < 8; d++) {
        int step = geo.step[d];
        for (uint64_t x = 1ull << sq; (x = (step > 0 ? x << step : x >> -step) & open);)
            reach |= x;
    }
    return reach;
}

static Mask queen_reach(int sq, Mask open)
{
    if (geo.narrow)
        return queen_reach_narrow(sq, (uint64_t)open);
    Mask reach = 0;
    for (int d = 0; d < 8; d++) {
        int step = geo.step[d];
        for (Mask x = bit(sq); (x = (step > 0 ? x << step : x >> -step) & open);)
            reach |= x;
    }
    return reach;
}

/* Every move of `side`: an amazon's queen move, then an arrow from where it lands. */
static int moves_of(const Board *b, int side, Step *list)
{
    int n = 0;
    Mask empty = empty_squares(b);
    for (Mask amazons = b->amazons[side]; amazons; ) {
        int from = pop(&amazons);
        for (Mask to = queen_reach(from, empty); to; ) {
            int t = pop(&to);
            /* The square just left is empty for the arrow. */
            for (Mask arrows = queen_reach(t, (empty | bit(from)) & ~bit(t)); arrows; )
                list[n++] = (Step){ (uint8_t)from, (uint8_t)t, (uint8_t)pop(&arrows) };
        }
    }
    return n;
}

/* Puts m of `side` on the board or takes it back (the same toggles); the side to move stays. */
static void toggle_move(Board *b, int side, Step m)
{
    b->amazons[side] ^= bit(m.from) | bit(m.to);
    b->arrows ^= bit(m.arrow);
}

static void play(Board *b, Step m)
{
    toggle_move(b, b->to_move, m);
    b->to_move ^= 1;
}

static void take_back(Board *b, Step m)
{
    b->to_move ^= 1;
    toggle_move(b, b->to_move, m);
}

/* ---- symmetry ---- */

static Mask image_mask(Mask m, int s)
{
    Mask image = 0;
    while (m)
        image |= bit(geo.image[s][pop(&m)]);
    return image;
}

/* The square that symmetry s takes to sq. */
static int preimage_of(int s, int sq)
{
    for (int x = 0; x < geo.squares; x++)
        if ((geo.on_board & bit(x)) && geo.image[s][x] == sq)
            return x;
    return -1;
}

/*
 * Move lists, one per depth of each recursion: a move fills a square, so no
 * recursion goes deeper than the board has squares.
 */
typedef Step MoveList[MAX_LIST];
static MoveList longest_lists[MAX_SIDE * MAX_SIDE + 1], fight_lists[MAX_SIDE * MAX_SIDE + 1],
    proof_lists[MAX_SIDE * MAX_SIDE + 1];

/* ---- position keys and tables ---- */

/*
 * A position as the tables keep it: one bit a square for the squares that
 * hold a white amazon or an arrow, one for those that hold a black amazon or
 * an arrow (both: an arrow), each without the spare bits of the ranks; then
 * KEY_EXTRA_BITS of extra (the side to move, a search's spare moves) whose
 * top bit is always set, so that no key is all zeros.  Exact, so two
 * positions never share a key, and small: a 6x5 position takes 76 bits.
 * Words past the key are zero.
 */
typedef struct {
    uint64_t w[KEY_WORDS];
} Key;

/* Puts the low n bits of value (n at most 128) into k from bit `at` on. */
static void key_put(Key *k, int at, Mask value, int n)
{
    for (int done = 0; done < n; ) {
        int word = (at + done) / 64, shift = (at + done) % 64, take = 64 - shift;
        if (take > n - done)
            take = n - done;
        uint64_t chunk = (uint64_t)(value >> done) & (take == 64 ? ~0ull : (1ull << take) - 1);
        k->w[word] |= chunk << shift;
        done += take;
    }
}

/* m's squares numbered rank * width + file: the spare bit of each rank taken out. */
static Mask packed(Mask m)
{
    Mask out = 0, rank = ((Mask)1 << geo.width) - 1;
    for (int r = 0; r < geo.height; r++)
        out |= (m >> r * geo.stride & rank) << r * geo.width;
    return out;
}

/* The key of b's image under symmetry s, with `extra` (below 1 << 15). */
static Key key_of(const Board *b, int s, unsigned extra)
{
    Key k = { { 0 } };
    Mask white = b->amazons[WHITE] | b->arrows, black = b->amazons[BLACK] | b->arrows;
    if (s) {
        white = image_mask(white, s);
        black = image_mask(black, s);
    }
    int n = geo.width * geo.height;
    key_put(&k, 0, packed(white), n);
    key_put(&k, n, packed(black), n);
    key_put(&k, 2 * n, extra | 1u << (KEY_EXTRA_BITS - 1), KEY_EXTRA_BITS);
    return k;
}

static int key_compare(const Key *a, const Key *b)
{
    for (int i = 0; i < KEY_WORDS; i++)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

/* The least key of b's images, and in *sym the symmetry that gives it (the first, on a tie). */
static Key canonical_key(const Board *b, int *sym)
{
    Key best = key_of(b, 0, (unsigned)b->to_move);
    *sym = 0;
    for (int s = 1; s < symmetries(); s++) {
        Key k = key_of(b, s, (unsigned)b->to_move);
        if (key_compare(&k, &best) < 0) {
            best = k;
            *sym = s;
        }
    }
    return best;
}

/*
 * Open-addressed tables of keys and values.  A slot is geo.slot_words words:
 * the key, and the value in the high 32 bits of the last word (geometry_init
 * leaves them free of the key).  An unused slot is all zeros.
 */
typedef struct {
    uint64_t *slots;
    size_t mask, count;
    size_t limit; /* a memo forgets everything when it would hold more (0: no limit) */
} Table;

static uint64_t *slot_at(const Table *t, size_t i) { return t->slots + i * (size_t)geo.slot_words; }

static bool slot_used(const uint64_t *slot)
{
    for (int i = 0; i < geo.slot_words; i++)
        if (slot[i])
            return true;
    return false;
}

static bool slot_holds(const uint64_t *slot, const Key *k)
{
    int last = geo.slot_words - 1;
    for (int i = 0; i < last; i++)
        if (slot[i] != k->w[i])
            return false;
    return (uint32_t)slot[last] == k->w[last];
}

static int32_t slot_value(const uint64_t *slot) { return (int32_t)(slot[geo.slot_words - 1] >> 32); }

static size_t key_hash(const uint64_t *words)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < geo.slot_words; i++) {
        uint64_t w = i == geo.slot_words - 1 ? (uint32_t)words[i] : words[i];
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    }
    return (size_t)h;
}

/* The slot of k, or NULL. */
static const uint64_t *table_find(const Table *t, const Key *k)
{
    if (!t->slots)
        return NULL;
    for (size_t i = key_hash(k->w) & t->mask; slot_used(slot_at(t, i)); i = (i + 1) & t->mask)
        if (slot_holds(slot_at(t, i), k))
            return slot_at(t, i);
    return NULL;
}

static void out_of_memory(void)
{
    fprintf(stderr, "amazons-check-proof: out of memory\n");
    exit(2);
}

/* Twice the slots (or the first ones), every key moved to its place in them. */
static void table_grow(Table *t)
{
    size_t size = t->slots ? 2 * (t->mask + 1) : 1 << 12, words = (size_t)geo.slot_words;
    uint64_t *slots = calloc(size * words, sizeof *slots);
    if (!slots)
        out_of_memory();
    for (size_t i = 0; t->slots && i <= t->mask; i++) {
        const uint64_t *old = slot_at(t, i);
        if (!slot_used(old))
            continue;
        size_t j = key_hash(old) & (size - 1);
        while (slot_used(slots + j * words))
            j = (j + 1) & (size - 1);
        memcpy(slots + j * words, old, words * sizeof *old);
    }
    free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
}

/* Adds k with value v unless it is there. */
static void table_add(Table *t, const Key *k, int32_t v)
{
    if (t->limit && t->count >= t->limit) {
        memset(t->slots, 0, (t->mask + 1) * (size_t)geo.slot_words * sizeof *t->slots);
        t->count = 0;
    }
    if (!t->slots || 2 * (t->count + 1) > t->mask + 1)
        table_grow(t);
    size_t i = key_hash(k->w) & t->mask;
    for (; slot_used(slot_at(t, i)); i = (i + 1) & t->mask)
        if (slot_holds(slot_at(t, i), k))
            return;
    uint64_t *slot = slot_at(t, i);
    memcpy(slot, k->w, (size_t)geo.slot_words * sizeof *slot);
    slot[geo.slot_words - 1] |= (uint64_t)(uint32_t)v << 32;
    t->count++;
}

/* ---- areas, races and small fights ---- */

/* Memos of searches, each kept under a gigabyte: they are caches, and forgetting costs only time. */
static Table longest_memo = { .limit = 1 << 22 }, fight_memo = { .limit = 1 << 22 };
enum { FIGHT_MEMO_SQUARES = 4, ORDER_SQUARES = 5 };
static Step killers[MAX_SIDE * MAX_SIDE + 1];

/* The most moves `side` can make in a row on b (only its own amazons move). */
static int longest_run(Board *b, int side, int empties)
{
    if (empties == 0)
        return 0;
    Key k = key_of(b, 0, (unsigned)side);
    const uint64_t *hit = table_find(&longest_memo, &k);
    if (hit)
        return slot_value(hit);
    Step *list = longest_lists[empties];
    int n = moves_of(b, side, list), best = 0;
    for (int i = 0; i < n && best < empties; i++) {
        toggle_move(b, side, list[i]);
        int run = 1 + longest_run(b, side, empties - 1);
        toggle_move(b, side, list[i]);
        if (run > best)
            best = run;
    }
    table_add(&longest_memo, &k, best);
    return best;
}

/* The king-connected part of `open` around seed (in one word on a narrow board). */
static Mask area_of(Mask seed, Mask open)
{
    if (geo.narrow) {
        uint64_t area = (uint64_t)seed, within = (uint64_t)open, grown;
        for (;; area = grown) {
            /* The padding bit after each rank keeps a sideways step off the next rank. */
            uint64_t row = area | area << 1 | area >> 1;
            grown = (row | row << geo.stride | row >> geo.stride) & within;
            if (grown == area)
                return area;
        }
    }
    Mask area = seed, grown;
    for (;; area = grown) {
        /* Along the ranks first, then up and down: the eight neighbours. */
        Mask row = area | shifted(area, 1) | shifted(area, -1);
        grown = (row | row << geo.stride | row >> geo.stride) & open;
        if (grown == area)
            return area;
    }
}

/*
 * Splits b into areas: king-connected groups of squares that are not
 * arrows.  Amazons can only ever reach squares of their own area, so an area
 * holding amazons of one colour is that colour's alone: its longest run of
 * moves is added to runs[WHITE] or runs[BLACK] and the area is walled off
 * (made arrows) in *fights.  What is left in *fights are the areas with
 * amazons of both colours; returns how many empty squares they hold.  With
 * fights NULL, only that count (runs are not searched).
 */
static int split_areas(const Board *b, int runs[2], Board *fights)
{
    Mask open = geo.on_board & ~b->arrows, empty = empty_squares(b), left = open;
    int contested = 0;
    if (fights) {
        *fights = *b;
        runs[WHITE] = runs[BLACK] = 0;
    }
    while (left) {
        Mask area = area_of(bit(lowest(left)), open);
        left &= ~area;
        bool white = area & b->amazons[WHITE], black = area & b->amazons[BLACK];
        if (white && black) {
            contested += count(area & empty);
            continue;
        }
        if (!fights)
            continue;
        fights->arrows |= area;
        fights->amazons[WHITE] &= ~area;
        fights->amazons[BLACK] &= ~area;
        if (white || black) {
            int side = white ? WHITE : BLACK;
            Board only = { { b->amazons[WHITE] & area, b->amazons[BLACK] & area }, geo.on_board & ~area, side };
            runs[side] += longest_run(&only, side, count(area & empty));
        }
    }
    return contested;
}

/*
 * Whether the side to move wins b, where each side also has spare[c] moves
 * of its own to make elsewhere: plain negamax over the moves of the
 * contested areas and the spare moves, with a memo, and races counted as
 * soon as no area is contested.
 */
/*
 * Sorts moves so that those leaving the opponent the fewest amazon moves
 * come first: in a fight the move that hems the other side in is the one
 * most likely to win, and a win found first ends the node.
 */
static void order_by_replies(Board *b, Step *list, int n)
{
    int them = !b->to_move, score[MAX_LIST];
    for (int i = 0; i < n; i++) {
        play(b, list[i]);
        Mask empty = empty_squares(b);
        score[i] = 0;
        for (Mask amazons = b->amazons[them]; amazons; )
            score[i] += count(queen_reach(pop(&amazons), empty));
        take_back(b, list[i]);
    }
    for (int i = 1; i < n; i++) {
        Step m = list[i];
        int v = score[i], j = i;
        for (; j > 0 && score[j - 1] > v; j--) {
            list[j] = list[j - 1];
            score[j] = score[j - 1];
        }
        list[j] = m;
        score[j] = v;
    }
}

static bool mover_wins(Board *b, const int spare[2])
{
    int runs[2], me = b->to_move;
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
    int lead = spare[WHITE] + runs[WHITE] - spare[BLACK] - runs[BLACK];
    int bank[2] = { lead > 0 ? lead : 0, lead < 0 ? -lead : 0 };
    /* Fights of a few squares are searched again faster than a memo is kept. */
    bool memo = contested > FIGHT_MEMO_SQUARES;
    /* A bank is at most the squares of the board: 7 bits each. */
    Key k = { { 0 } };
    if (memo) {
        k = key_of(&fights, 0, (unsigned)(fights.to_move | bank[WHITE] << 1 | bank[BLACK] << 8));
        const uint64_t *hit = table_find(&fight_memo, &k);
        if (hit)
            return slot_value(hit);
    }
    Step *list = fight_lists[contested];
    int n = moves_of(&fights, fights.to_move, list);
    if (contested >= ORDER_SQUARES)
        order_by_replies(&fights, list, n);
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
        fights.to_move ^= 1;
        win = !mover_wins(&fights, bank);
        fights.to_move ^= 1;
    }
    if (memo)
        table_add(&fight_memo, &k, win);
    return win;
}

/* ---- the proof ---- */

typedef struct {
    Board start;
    int winner;
    Table moves;      /* canonical key -> the winner's move turned likewise, from << 16 | to << 8 | arrow */
    Table proven;     /* canonical keys of positions proven won for the winner */
    int leaf_squares; /* positions with at most this many contested empty squares are leaves */
    uint64_t used_entries, leaves, stuck;
    char failure[512];
} Proof;

static void describe_failure(Proof *p, const Board *b, const char *why)
{
    char text[MAX_SIDE * (MAX_SIDE + 1) + 8];
    board_text(b, text);
    snprintf(p->failure, sizeof p->failure, "%s, at %s", why, text);
}

/*
 * The winner's move at b from the file.  The file's moves are kept under
 * their position's canonical key, turned by the symmetry that takes the
 * position there (read_proof); `canon` and `sym` are b's, so the move is
 * turned back by sym.  One lookup, where trying b's images in turn took up
 * to four in a table of millions.
 */
static bool winners_move(Proof *p, const Key *canon, int sym, Step *m)
{
    const uint64_t *hit = table_find(&p->moves, canon);
    if (!hit)
        return false;
    int v = slot_value(hit);
    *m = (Step){ (uint8_t)preimage_of(sym, v >> 16), (uint8_t)preimage_of(sym, v >> 8 & 255),
                 (uint8_t)preimage_of(sym, v & 255) };
    return true;
}

static bool move_is_legal(const Board *b, Step m, Step *list)
{
    int n = moves_of(b, b->to_move, list);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = list[i].from == m.from && list[i].to == m.to && list[i].arrow == m.arrow;
    return found;
}

static int empty_cells(const Board *b) { return count(empty_squares(b)); }

/* Whether the winner wins b by the file's strategy. */
static bool verify(Proof *p, Board *b)
{
    int sym;
    Key canon = canonical_key(b, &sym);
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
        if (!winners_move(p, &canon, sym, &m)) {
            describe_failure(p, b, "the file has no move for the winner");
            return false;
        }
        if (!move_is_legal(b, m, proof_lists[empty_cells(b)])) {
            step_text(m, text);
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
            char cells[MAX_SIDE][MAX_SIDE];
            int width, height, side;
            if (have_start)
                return refuse(path, number, "a second start line");
            if (!board_parse(line + 6, &width, &height, cells, &side))
                return refuse(path, number, "the start is not a position text");
            geometry_init(width, height);
            board_read(line + 6, &p->start);
            have_start = true;
        } else if (!strncmp(line, "winner ", 7)) {
            if (have_winner || (strcmp(line + 7, "white") && strcmp(line + 7, "black")))
                return refuse(path, number, "the winner must be white or black, once");
            p->winner = strcmp(line + 7, "white") ? BLACK : WHITE;
            have_winner = true;
        } else if (!strncmp(line, "leaves ", 7)) {
            char *stop;
            long n = strtol(line + 7, &stop, 10);
            if (have_leaves || *stop || n < 0 || n > MAX_SIDE * MAX_SIDE)
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
            if (!board_read(line, &b))
                return refuse(path, number, "the entry's position is not a position text of the start's board");
            if (b.to_move != p->winner)
                return refuse(path, number, "an entry for a position with the loser to move");
            if (!step_parse(space + 1, &m))
                return refuse(path, number, "the entry's move is not a move on the board");
            int sym;
            Key k = canonical_key(&b, &sym);
            int *image = geo.image[sym];
            table_add(&p->moves, &k, image[m.from] << 16 | image[m.to] << 8 | image[m.arrow]);
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
    Board b = p.start;
    char text[MAX_SIDE * (MAX_SIDE + 1) + 8];
    board_text(&b, text);
    if (!verify(&p, &b)) {
        printf("proof rejected: %s\n", p.failure);
        return 1;
    }
    printf("proof checked: %s wins %s (%dx%d), %llu of %zu entries used, %zu positions, %llu leaves "
           "searched exhaustively, %llu without a move, %.2f s\n",
           p.winner == WHITE ? "white" : "black", text, geo.width, geo.height,
           (unsigned long long)p.used_entries, p.moves.count, p.proven.count,
           (unsigned long long)p.leaves, (unsigned long long)p.stuck,
           (double)(clock() - begin) / CLOCKS_PER_SEC);
    return 0;
}
