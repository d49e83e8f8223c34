/* sgf.c - writing and reading Amazons SGF game records (see sgf.h). */
#include "records/sgf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/move_check.h"

/*
 * Messages that name a file or a move are composed per call, in a buffer of
 * the calling thread, valid until its next call.
 */
static _Thread_local char sgf_message[320];

static const char *sgf_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
static const char *sgf_error(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(sgf_message, sizeof sgf_message, format, args);
    va_end(args);
    return sgf_message;
}

void sgf_info_clear(SgfInfo *info)
{
    memset(info, 0, sizeof *info);
}

void sgf_default_start(Position *pos, int width, int height)
{
    Position start;
    position_start(&start, width, height);
    memset(pos, 0, sizeof *pos);
    pos->width = width;
    pos->height = height;
    pos->board = start.board;
    pos->empty = start.empty;
    pos->arrows = start.arrows;
    pos->amazons[WHITE] = start.amazons[BLACK];
    pos->amazons[BLACK] = start.amazons[WHITE];
    pos->to_move = BLACK;
    pos->hash = position_compute_hash(pos);
}

/* ---- writing ---- */

typedef struct {
    char *text;
    size_t length, capacity;
    bool failed;
} Buffer;

static void buf_append(Buffer *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->length + n + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 1024;
        while (capacity < b->length + n + 1)
            capacity *= 2;
        char *text = realloc(b->text, capacity);
        if (!text) {
            b->failed = true;
            return;
        }
        b->text = text;
        b->capacity = capacity;
    }
    memcpy(b->text + b->length, s, n);
    b->length += n;
    b->text[b->length] = '\0';
}

static void buf_puts(Buffer *b, const char *s) { buf_append(b, s, strlen(s)); }

static void buf_printf(Buffer *b, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void buf_printf(Buffer *b, const char *format, ...)
{
    char small[256];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(small, sizeof small, format, args);
    va_end(args);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        buf_append(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->failed = true;
        return;
    }
    va_start(args, format);
    vsnprintf(big, (size_t)n + 1, format, args);
    va_end(args);
    buf_append(b, big, (size_t)n);
    free(big);
}

/* The two letters of a square: column from the left, row from the top. */
static void point_letters(int sq, int height, char out[2])
{
    out[0] = (char)('a' + square_file(sq));
    out[1] = (char)('a' + (height - 1 - square_rank(sq)));
}

/* A text property, escaped; `multiline` keeps line breaks (Text), else SimpleText. */
static void put_text_property(Buffer *b, const char *id, const char *value, bool multiline)
{
    if (!value || !*value)
        return;
    buf_puts(b, id);
    buf_puts(b, "[");
    for (const char *p = value; *p; p++) {
        char c = *p;
        if (c == ']' || c == '\\')
            buf_append(b, "\\", 1);
        if ((unsigned char)c < 32 && !(multiline && c == '\n'))
            c = ' ';
        buf_append(b, &c, 1);
    }
    buf_puts(b, "]");
}

/* AW / AB / AA with the squares of `set`, in reading order from the top left. */
static void put_point_list(Buffer *b, const char *id, Bitboard set, const Position *board)
{
    if (!set)
        return;
    buf_puts(b, id);
    for (int rank = board->height - 1; rank >= 0; rank--)
        for (int file = 0; file < board->width; file++) {
            int sq = square_at(file, rank);
            if (bb_test(set, sq)) {
                char point[5] = { '[', 0, 0, ']', 0 };
                point_letters(sq, board->height, point + 1);
                buf_puts(b, point);
            }
        }
}

char *sgf_write(const Game *game, const SgfInfo *info)
{
    const Position *start = &game->start;
    int height = start->height;
    Buffer b = { 0 };
    if (start->width == height)
        buf_printf(&b, "(;FF[4]GM[18]CA[UTF-8]SZ[%d]", height);
    else
        buf_printf(&b, "(;FF[4]GM[18]CA[UTF-8]SZ[%d:%d]", start->width, height);
    if (info) {
        put_text_property(&b, "GN", info->game_name, false);
        put_text_property(&b, "EV", info->event, false);
        put_text_property(&b, "PW", info->white, false);
        put_text_property(&b, "PB", info->black, false);
        put_text_property(&b, "DT", info->date, false);
        put_text_property(&b, "TM", info->time_limit, false);
        put_text_property(&b, "OT", info->overtime, false);
        put_text_property(&b, "RE", info->result, false);
        if (info->comment[0]) {
            buf_puts(&b, "\n");
            put_text_property(&b, "C", info->comment, true);
        }
    }
    buf_puts(&b, "\n");
    put_point_list(&b, "AW", start->amazons[WHITE], start);
    put_point_list(&b, "AB", start->amazons[BLACK], start);
    put_point_list(&b, "AA", start->arrows, start);
    buf_puts(&b, start->to_move == WHITE ? "PL[W]" : "PL[B]");
    for (int i = 0; i < game->length; i++) {
        const GameRecord *rec = &game->history[i];
        char value[7];
        point_letters(rec->move.from, height, value);
        point_letters(rec->move.to, height, value + 2);
        point_letters(rec->move.arrow, height, value + 4);
        value[6] = '\0';
        buf_printf(&b, "%s;%c[%s]", i % 6 == 0 ? "\n" : "", rec->mover == WHITE ? 'W' : 'B', value);
    }
    buf_puts(&b, ")\n");
    if (b.failed) {
        free(b.text);
        return NULL;
    }
    return b.text;
}

/* ---- reading ---- */

/* A property value as it stands in the text (escapes not yet resolved). */
typedef struct {
    char id[3];        /* upper-case identifier, "" for one this reader ignores */
    const char *value;
    size_t length;
} Prop;

typedef struct {
    Prop *props;
    size_t count, capacity;
} PropList;

enum { CELL_EMPTY, CELL_WHITE, CELL_BLACK, CELL_ARROW };

typedef struct {
    int move_number;
    Game game;
    SgfInfo info;
    int width, height;    /* SZ */
    int nodes;            /* main-line nodes processed so far */
    bool ready;           /* start position built: a move was seen */
    bool amazon_setup;    /* an AW or AB property was seen */
    int side;             /* PL: -1 when absent */
    unsigned char cells[BOARD_MAX][BOARD_MAX]; /* [row from top][column] */
    int moves_seen;       /* moves on the main line, applied or not */
    int empties;          /* empty squares of the start position */
} Reader;

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static const char *const KNOWN_IDS[] = {
    "B", "W", "AB", "AW", "AA", "PL", "SZ", "GM", "PW", "PB", "RE", "DT", "EV", "GN", "TM", "OT", "C",
};

static bool prop_is(const Prop *p, const char *id) { return strcmp(p->id, id) == 0; }

/* Resolves escapes into dst (cut to fit, never inside a UTF-8 sequence). */
static void copy_text(char *dst, size_t capacity, const char *v, size_t n, bool multiline)
{
    size_t out = 0;
    for (size_t i = 0; i < n; i++) {
        char c = v[i];
        if (c == '\\' && i + 1 < n) {
            c = v[++i];
            if (c == '\n' || c == '\r') { /* soft line break: removed */
                if (i + 1 < n && (v[i + 1] == '\n' || v[i + 1] == '\r') && v[i + 1] != c)
                    i++;
                continue;
            }
        } else if (c == '\r') {
            if (i + 1 < n && v[i + 1] == '\n')
                continue; /* CR LF: keep the LF only */
            c = '\n';
        }
        if (c == '\n' ? !multiline : (unsigned char)c < 32)
            c = ' ';
        if (out + 1 >= capacity) {
            while (out > 0 && ((unsigned char)dst[out - 1] & 0xC0) == 0x80)
                out--; /* drop a cut multi-byte sequence: continuation bytes ... */
            if (out > 0 && ((unsigned char)dst[out - 1] & 0xC0) == 0xC0)
                out--; /* ... and its lead byte */
            break;
        }
        dst[out++] = c;
    }
    dst[out] = '\0';
}

/* The value without leading and trailing white space. */
static void trim(const char **v, size_t *n)
{
    while (*n && is_space(**v))
        (*v)++, (*n)--;
    while (*n && is_space((*v)[*n - 1]))
        (*n)--;
}

static bool parse_small_int(const char *v, size_t n, int *out)
{
    int value = 0;
    if (n == 0 || n > 4)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9')
            return false;
        value = value * 10 + (v[i] - '0');
    }
    *out = value;
    return true;
}

/* A point "xy" in board coordinates: column, row from the top. */
static bool parse_point(const char *v, const Reader *r, int *col, int *row)
{
    if (v[0] < 'a' || v[0] >= 'a' + r->width || v[1] < 'a' || v[1] >= 'a' + r->height)
        return false;
    *col = v[0] - 'a';
    *row = v[1] - 'a';
    return true;
}

static int point_square(int col, int row, int height) { return square_at(col, height - 1 - row); }

static const char *read_root_props(Reader *r, const PropList *list)
{
    for (size_t i = 0; i < list->count; i++) {
        const Prop *p = &list->props[i];
        const char *v = p->value;
        size_t n = p->length;
        trim(&v, &n);
        int value;
        if (prop_is(p, "GM")) {
            if (!parse_small_int(v, n, &value) || value != 18)
                return "not an Amazons record: GM must be 18";
        } else if (prop_is(p, "SZ")) {
            /* SZ[N] for N x N, or SZ[C:R]: C columns, R rows. */
            const char *colon = memchr(v, ':', n);
            int rows;
            if (colon) {
                size_t first = (size_t)(colon - v);
                if (!parse_small_int(v, first, &value)
                    || !parse_small_int(colon + 1, n - first - 1, &rows))
                    return "bad SZ: expected N or COLUMNS:ROWS";
            } else if (!parse_small_int(v, n, &value)) {
                return "bad SZ: not a number";
            } else {
                rows = value;
            }
            if (value < BOARD_MIN || value > BOARD_MAX || rows < BOARD_MIN || rows > BOARD_MAX)
                return "unsupported board size: SZ must be 4 to 10 (each side)";
            r->width = value;
            r->height = rows;
        }
    }
    return NULL;
}

/* Applies AW / AB / AA (single points or "aa:cc" rectangles) and PL. */
static const char *read_setup(Reader *r, const Prop *p)
{
    const char *v = p->value;
    size_t n = p->length;
    trim(&v, &n);
    if (prop_is(p, "PL")) {
        if (n == 0 || (v[0] != 'W' && v[0] != 'w' && v[0] != 'B' && v[0] != 'b'))
            return "bad PL: the player to move must be W or B";
        r->side = v[0] == 'W' || v[0] == 'w' ? WHITE : BLACK;
        return NULL;
    }
    int c0, r0, c1, r1;
    if (n == 2 && parse_point(v, r, &c0, &r0)) {
        c1 = c0, r1 = r0;
    } else if (n == 5 && v[2] == ':' && parse_point(v, r, &c0, &r0)
               && parse_point(v + 3, r, &c1, &r1)) {
        if (c0 > c1) { int t = c0; c0 = c1; c1 = t; }
        if (r0 > r1) { int t = r0; r0 = r1; r1 = t; }
    } else {
        return "bad point in a setup property";
    }
    unsigned char cell = prop_is(p, "AW") ? CELL_WHITE : prop_is(p, "AB") ? CELL_BLACK : CELL_ARROW;
    if (cell != CELL_ARROW)
        r->amazon_setup = true;
    for (int row = r0; row <= r1; row++)
        for (int col = c0; col <= c1; col++) {
            if (r->cells[row][col] != CELL_EMPTY && r->cells[row][col] != cell)
                return "setup puts two pieces on one point";
            r->cells[row][col] = cell;
        }
    return NULL;
}

/* Builds the start position from the setup seen; `first_mover` is -1 without a move. */
static const char *build_start(Reader *r, int first_mover)
{
    int width = r->width, height = r->height;
    if (!r->amazon_setup) {
        Position def;
        sgf_default_start(&def, width, height);
        for (int row = 0; row < height; row++)
            for (int col = 0; col < width; col++) {
                int sq = point_square(col, row, height);
                for (int c = WHITE; c <= BLACK; c++)
                    if (bb_test(def.amazons[c], sq)) {
                        if (r->cells[row][col] != CELL_EMPTY)
                            return "setup puts two pieces on one point";
                        r->cells[row][col] = c == WHITE ? CELL_WHITE : CELL_BLACK;
                    }
            }
    }
    Position pos;
    memset(&pos, 0, sizeof pos);
    pos.width = width;
    pos.height = height;
    pos.board = bb_board_mask(width, height);
    for (int row = 0; row < height; row++)
        for (int col = 0; col < width; col++) {
            Bitboard bit = bb_square(point_square(col, row, height));
            switch (r->cells[row][col]) {
            case CELL_WHITE: pos.amazons[WHITE] |= bit; break;
            case CELL_BLACK: pos.amazons[BLACK] |= bit; break;
            case CELL_ARROW: pos.arrows |= bit; break;
            default: break;
            }
        }
    pos.empty = pos.board & ~(pos.amazons[WHITE] | pos.amazons[BLACK] | pos.arrows);
    for (int c = WHITE; c <= BLACK; c++) {
        int count = bb_count(pos.amazons[c]);
        if (count < 1 || count > MAX_AMAZONS)
            return "bad setup: each side needs 1 to 4 amazons";
    }
    pos.to_move = r->side >= 0 ? (Color)r->side : first_mover >= 0 ? (Color)first_mover : BLACK;
    pos.hash = position_compute_hash(&pos);
    game_set_position(&r->game, &pos);
    r->empties = bb_count(pos.empty);
    r->ready = true;
    return NULL;
}

static const char *read_move(Reader *r, const Prop *p, Color mover)
{
    char letters[6];
    int count = 0;
    for (size_t i = 0; i < p->length; i++) {
        char c = p->value[i];
        if (c == '-' || c == '/' || is_space(c))
            continue;
        if (count == 6)
            return "bad move: expected six point letters such as djddgd";
        letters[count++] = c;
    }
    if (count != 6)
        return "bad move: expected six point letters such as djddgd";
    int squares[3];
    for (int k = 0; k < 3; k++) {
        int col, row;
        if (!parse_point(letters + 2 * k, r, &col, &row))
            return "bad point in a move";
        squares[k] = point_square(col, row, r->height);
    }
    if (!r->ready) {
        const char *error = build_start(r, (int)mover);
        if (error)
            return error;
    }
    if (++r->moves_seen > r->empties)
        return "more moves than the board allows";
    if (r->move_number > 0 && r->moves_seen >= r->move_number)
        return NULL; /* past the requested position: syntax only */
    Move m = { (uint8_t)squares[0], (uint8_t)squares[1], (uint8_t)squares[2] };
    char why[MOVE_REASON_MAX];
    if (illegal_move_reason(&r->game.pos, mover, m, why)) {
        char text[MOVE_TEXT_MAX];
        move_to_text(m, text);
        return sgf_error("illegal move %d, %s %s: %s", r->moves_seen, color_text(mover), text,
                         why);
    }
    if (!game_play(&r->game, mover, m))
        return "illegal move";
    return NULL;
}

static void read_info(Reader *r, const Prop *p, bool root)
{
    static const struct { const char *id; size_t offset; } FIELDS[] = {
        { "PW", offsetof(SgfInfo, white) },      { "PB", offsetof(SgfInfo, black) },
        { "RE", offsetof(SgfInfo, result) },     { "DT", offsetof(SgfInfo, date) },
        { "EV", offsetof(SgfInfo, event) },      { "GN", offsetof(SgfInfo, game_name) },
        { "TM", offsetof(SgfInfo, time_limit) }, { "OT", offsetof(SgfInfo, overtime) },
    };
    if (prop_is(p, "C")) {
        if (root)
            copy_text(r->info.comment, sizeof r->info.comment, p->value, p->length, true);
        return;
    }
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++)
        if (prop_is(p, FIELDS[i].id))
            copy_text((char *)&r->info + FIELDS[i].offset, SGF_INFO_MAX, p->value, p->length, false);
}

/* Interprets one node of the main line. */
static const char *process_node(Reader *r, const PropList *list)
{
    bool root = r->nodes++ == 0;
    if (root) {
        const char *error = read_root_props(r, list);
        if (error)
            return error;
    }
    const Prop *move = NULL;
    Color mover = BLACK;
    for (size_t i = 0; i < list->count; i++) {
        const Prop *p = &list->props[i];
        if (prop_is(p, "B") || prop_is(p, "W")) {
            if (move)
                return "two moves in one node";
            move = p;
            mover = prop_is(p, "W") ? WHITE : BLACK;
        } else if (prop_is(p, "AW") || prop_is(p, "AB") || prop_is(p, "AA") || prop_is(p, "PL")) {
            if (r->ready)
                return "setup properties after the first move are not supported";
            const char *error = read_setup(r, p);
            if (error)
                return error;
        } else {
            read_info(r, p, root);
        }
    }
    return move ? read_move(r, move, mover) : NULL;
}

static const char *add_prop(PropList *list, const char *id, const char *value, size_t length)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        Prop *props = realloc(list->props, capacity * sizeof *props);
        if (!props)
            return "out of memory";
        list->props = props;
        list->capacity = capacity;
    }
    Prop *p = &list->props[list->count++];
    strcpy(p->id, id);
    p->value = value;
    p->length = length;
    return NULL;
}

typedef enum { TOK_NONE, TOK_OPEN, TOK_NODE, TOK_CLOSE } Token;

/* The syntax pass; main-line nodes go to process_node as they complete. */
static const char *parse_tree(Reader *r, const char *text, size_t length, size_t *end)
{
    const char *p = text, *limit = text + length;
    PropList node = { 0 };
    const char *error = NULL;
    Token prev = TOK_NONE;
    int depth = 0, main_depth = 0;
    bool main_done = false, in_node = false, node_is_main = false;

    if (length >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3; /* UTF-8 byte order mark */
    for (;;) {
        while (p < limit && is_space(*p))
            p++;
        if (p == limit) {
            error = prev == TOK_NONE ? "empty input: no SGF game tree"
                                     : "truncated SGF: a game tree is not closed by ')'";
            break;
        }
        char c = *p;
        if (prev == TOK_NONE && c != '(') {
            error = "not SGF: expected '(' at the start";
            break;
        }
        if (c == '(' || c == ')' || c == ';') {
            if (c == ';' ? prev == TOK_CLOSE : prev == TOK_OPEN) {
                error = c == ';' ? "bad SGF: a node follows a variation"
                                 : "bad SGF: a game tree must start with ';'";
                break;
            }
            if (in_node && node_is_main && (error = process_node(r, &node)))
                break;
            in_node = false;
            node.count = 0;
            p++;
            if (c == '(') {
                if (depth == main_depth && !main_done)
                    main_depth++;
                depth++;
                prev = TOK_OPEN;
            } else if (c == ')') {
                if (depth == main_depth)
                    main_done = true;
                prev = TOK_CLOSE;
                if (--depth == 0) {
                    *end = (size_t)(p - text);
                    break;
                }
            } else {
                in_node = true;
                node_is_main = depth == main_depth && !main_done;
                prev = TOK_NODE;
            }
            continue;
        }
        if (c == ']') {
            error = "unbalanced brackets: ']' without '['";
            break;
        }
        if (c == '[') {
            error = "bad SGF: a property value without a property name";
            break;
        }
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
            error = "bad SGF: unexpected character";
            break;
        }
        if (prev != TOK_NODE) {
            error = "bad SGF: a property outside a node";
            break;
        }
        /* Property identifier: upper-case letters count, lower-case ones are old-style decoration. */
        char id[8];
        size_t id_length = 0;
        bool long_id = false;
        while (p < limit && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z'))) {
            if (*p >= 'A' && *p <= 'Z') {
                if (id_length < 2)
                    id[id_length++] = *p;
                else
                    long_id = true;
            }
            p++;
        }
        id[id_length] = '\0';
        bool known = false;
        for (size_t i = 0; !long_id && i < sizeof KNOWN_IDS / sizeof KNOWN_IDS[0]; i++)
            known |= strcmp(id, KNOWN_IDS[i]) == 0;
        int values = 0;
        for (;;) {
            while (p < limit && is_space(*p))
                p++;
            if (p == limit || *p != '[')
                break;
            const char *value = ++p;
            while (p < limit && *p != ']') {
                if (*p == '\\' && p + 1 < limit)
                    p++;
                p++;
            }
            if (p == limit) {
                error = "truncated SGF: a property value is not closed by ']'";
                break;
            }
            if (known && node_is_main && (error = add_prop(&node, id, value, (size_t)(p - value))))
                break;
            p++;
            values++;
        }
        if (error)
            break;
        if (values == 0) {
            error = p == limit ? "truncated SGF: a property has no value"
                               : "bad SGF: a property without a value";
            break;
        }
    }
    free(node.props);
    return error;
}

const char *sgf_parse(const char *text, size_t length, int move_number,
                      Game *game, SgfInfo *info, size_t *end)
{
    if (length > SGF_MAX_INPUT)
        return "SGF input too large (over 1 MiB)";
    Reader *r = calloc(1, sizeof *r);
    if (!r)
        return "out of memory";
    r->move_number = move_number;
    r->width = r->height = DEFAULT_SIZE;
    r->side = -1;
    size_t tree_end = 0;
    const char *error = parse_tree(r, text, length, &tree_end);
    if (!error && !r->ready)
        error = build_start(r, -1);
    if (!error) {
        *game = r->game;
        if (info)
            *info = r->info;
        if (end)
            *end = tree_end;
    }
    free(r);
    return error;
}

const char *sgf_load_file(const char *path, int move_number, Game *game, SgfInfo *info)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return sgf_error("%.200s: %s", path, strerror(errno));
    char *text = malloc((size_t)SGF_MAX_INPUT + 1);
    if (!text) {
        fclose(file);
        return "out of memory";
    }
    size_t length = fread(text, 1, (size_t)SGF_MAX_INPUT + 1, file);
    int failed = ferror(file) ? errno : 0;
    fclose(file);
    const char *error = failed ? sgf_error("%.200s: %s", path, strerror(failed))
                               : sgf_parse(text, length, move_number, game, info, NULL);
    free(text);
    return error;
}
