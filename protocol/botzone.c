/*
 * botzone.c - Botzone's simple interaction, kept running between turns.
 *
 * The first input is a full history: the turn number n, then 2n-1 lines
 * alternating the opponent's moves (requests) and this bot's own earlier
 * answers (responses), each "x0 y0 x1 y1 x2 y2" (from, to, arrow), possibly
 * followed by Botzone's data and globaldata lines.  Every move is replayed
 * through the rules.  After each answer the bot asks to keep running; the
 * next turn then brings only the opponent's new move, with or without a
 * count line before it.
 *
 * Coordinates: x is the file and y the rank minus one, which makes Botzone's
 * start position this engine's 8x8 start; Botzone's Black, the first mover,
 * is this engine's White.
 */
#include "protocol/botzone.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "eval/params.h"
#include "protocol/numbers.h"

#define KEEP_RUNNING ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#define NO_MOVE "-1 -1 -1 -1 -1 -1"

enum {
    SIZE = 8,
    /* 56 empty squares take at most 28 moves a side; one more turn finds no move. */
    MAX_TURNS = (SIZE * SIZE - 2 * MAX_AMAZONS) / 2 + 1,
    LINE_MAX_BYTES = 1024, /* a move line needs about 20 */
    READ_CHUNK = 4096
};

/* Botzone's limit for a turn is 1 s, doubled for a bot's first turn of a game. */
#define DEFAULT_TURN_SECONDS 1.0
#define DEFAULT_RESERVE_SECONDS 0.15
#define DEFAULT_MEMORY_MB 256
/*
 * A fresh process has spent time before main() could read the clock (exec,
 * loading, the first page faults), while Botzone's clock was already running.
 */
#define STARTUP_RESERVE_SECONDS 0.05

void botzone_default_options(SessionOptions *o)
{
    o->move_time = DEFAULT_TURN_SECONDS;
    o->move_overhead = DEFAULT_RESERVE_SECONDS;
    o->search.memory_bytes = (size_t)DEFAULT_MEMORY_MB << 20;
}

/* ------------------------------------------------------------------------ */
/* Input: lines from a file descriptor, with the time each chunk arrived.    */

typedef struct {
    int fd;
    char buf[READ_CHUNK + 1]; /* one spare byte to terminate a last line without '\n' */
    size_t start, end;
    bool eof;
    bool read_before;         /* false until the first read */
    double process_start;
    double arrived;           /* when the bytes last read became available */
    int line;                 /* number of the last line returned, from 1 */
} Input;

typedef enum { BZ_LINE_OK, BZ_LINE_EOF, BZ_LINE_TOO_LONG, BZ_LINE_NUL } BzLineStatus;

/*
 * Reads one more chunk.  Input already waiting at the very first read was
 * written before this process could look: Botzone's clock started no later
 * than the process did, so that is when it counts as arrived.
 */
static void input_fill(Input *in)
{
    if (in->start > 0) {
        memmove(in->buf, in->buf + in->start, in->end - in->start);
        in->end -= in->start;
        in->start = 0;
    }
    struct pollfd p = { .fd = in->fd, .events = POLLIN };
    bool waiting = !in->read_before && poll(&p, 1, 0) > 0;
    ssize_t got;
    do
        got = read(in->fd, in->buf + in->end, READ_CHUNK - in->end);
    while (got < 0 && errno == EINTR);
    in->read_before = true;
    if (got <= 0) {
        in->eof = true; /* a read error ends the input like end of file */
        return;
    }
    in->end += (size_t)got;
    in->arrived = waiting ? in->process_start : monotonic_seconds();
}

/* The next line, without its "\n" or "\r\n"; it stays valid until the next call. */
static BzLineStatus input_line(Input *in, char **line)
{
    for (;;) {
        char *p = in->buf + in->start;
        size_t n = in->end - in->start;
        char *newline = memchr(p, '\n', n);
        if (newline || (in->eof && n > 0)) {
            size_t length = newline ? (size_t)(newline - p) : n;
            if (length > LINE_MAX_BYTES)
                return BZ_LINE_TOO_LONG;
            if (memchr(p, '\0', length))
                return BZ_LINE_NUL; /* the words end at it: the rest of the line would go unread */
            in->start += newline ? length + 1 : length;
            p[length] = '\0';
            if (length > 0 && p[length - 1] == '\r')
                p[length - 1] = '\0';
            in->line++;
            *line = p;
            return BZ_LINE_OK;
        }
        if (n > LINE_MAX_BYTES)
            return BZ_LINE_TOO_LONG;
        if (in->eof)
            return BZ_LINE_EOF;
        input_fill(in);
    }
}

/*
 * Discards everything that has arrived so far: after a full history come
 * Botzone's data and globaldata lines, and nothing else can be on its way,
 * since Botzone sends the next request only after reading this bot's answer.
 */
static void input_discard_pending(Input *in)
{
    in->start = in->end = 0;
    char scratch[READ_CHUNK];
    struct pollfd p = { .fd = in->fd, .events = POLLIN };
    while (!in->eof && poll(&p, 1, 0) > 0) {
        ssize_t got = read(in->fd, scratch, sizeof scratch);
        if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
            in->eof = true;
    }
}

/* ------------------------------------------------------------------------ */
/* Parsing: a line's words, the count line and move lines.                  */

typedef struct {
    char text[LINE_MAX_BYTES + 1];  /* the line as read, for messages */
    char store[LINE_MAX_BYTES + 1]; /* the words, NUL-terminated */
    char *words[6];
    int count;                      /* 7 stands for "more than six" */
} Words;

static void split_numbers(Words *w, const char *line)
{
    snprintf(w->text, sizeof w->text, "%s", line);
    memcpy(w->store, w->text, sizeof w->store);
    w->count = 0;
    for (char *p = w->store;;) {
        p += strspn(p, " \t");
        if (!*p)
            return;
        if (w->count == 6) {
            w->count = 7;
            return;
        }
        w->words[w->count++] = p;
        p += strcspn(p, " \t");
        if (*p)
            *p++ = '\0';
    }
}

static bool is_count(const Words *w, long max, long *n)
{
    return w->count == 1 && parse_long(w->words[0], 1, max, n);
}

/*
 * The six integers of a move line as a move, or *none for Botzone's
 * "-1 -1 -1 -1 -1 -1".  Returns NULL, or what is wrong (written into why).
 */
static const char *parse_move(const Words *w, Move *m, bool *none, char *why, size_t size)
{
    if (w->count != 6) {
        snprintf(why, size, "expected six integers x0 y0 x1 y1 x2 y2, got %s%d word%s",
                 w->count > 6 ? "more than " : "", w->count > 6 ? 6 : w->count,
                 w->count == 1 ? "" : "s");
        return why;
    }
    long v[6];
    *none = true;
    for (int i = 0; i < 6; i++) {
        if (!parse_long(w->words[i], LONG_MIN, LONG_MAX, &v[i])) {
            snprintf(why, size, "'%.40s' is not an integer", w->words[i]);
            return why;
        }
        *none &= v[i] == -1;
    }
    for (int i = 0; i < 6 && !*none; i++)
        if (v[i] < 0 || v[i] >= SIZE) {
            snprintf(why, size, "coordinate %ld is off the board (0..%d)", v[i], SIZE - 1);
            return why;
        }
    if (!*none)
        *m = (Move){ (uint8_t)square_at((int)v[0], (int)v[1]), (uint8_t)square_at((int)v[2], (int)v[3]),
                     (uint8_t)square_at((int)v[4], (int)v[5]) };
    return NULL;
}

static void print_move(FILE *out, Move m)
{
    fprintf(out, "%d %d %d %d %d %d", square_file(m.from), square_rank(m.from), square_file(m.to),
            square_rank(m.to), square_file(m.arrow), square_rank(m.arrow));
}

/* ------------------------------------------------------------------------ */
/* The bot.                                                                  */

typedef struct {
    Session session;
    Input in;
    FILE *out, *err;    /* the answers; the message that ends a failed run */
    Words line;         /* the line being looked at */
    Color me;           /* in the engine's terms: WHITE moves first */
    int turn;           /* number of the turn being played, from 1 */
    bool fresh;         /* no answer written yet by this process */
    double turn_start;  /* when the turn's input began to arrive */
    char error[200];
} Bot;

/* How a step of the game went: on to the next, the end of the game or input, or an error. */
typedef enum { STEP_ON, STEP_END, STEP_ERROR } Step;

__attribute__((format(printf, 2, 3)))
static bool bot_fail(Bot *b, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(b->error, sizeof b->error, format, args);
    va_end(args);
    return false;
}

/* Botzone's colour names, which the input speaks. */
static const char *side_name(Color c)
{
    return c == WHITE ? "black (the first mover)" : "white (the second mover)";
}

/* The message for the line after the last one read: too long, or with a NUL byte. */
static void unfit_line(Bot *b, BzLineStatus status)
{
    if (status == BZ_LINE_NUL)
        bot_fail(b, "line %d: a NUL byte", b->in.line + 1);
    else
        bot_fail(b, "line %d: longer than %d bytes", b->in.line + 1, LINE_MAX_BYTES);
}

/* Reads the next line into b->line; at end of input `what` says what was missing. */
static BzLineStatus next_line(Bot *b, const char *what)
{
    char *text;
    BzLineStatus status = input_line(&b->in, &text);
    if (status == BZ_LINE_OK)
        split_numbers(&b->line, text);
    else if (status != BZ_LINE_EOF)
        unfit_line(b, status);
    else
        bot_fail(b, "end of input in the middle of a turn: expected %s on line %d", what,
             b->in.line + 1);
    return status;
}

/* Parses b->line as a move, which may be Botzone's "no move" only where *none is non-NULL. */
static bool line_move(Bot *b, const char *what, Move *m, bool *none)
{
    char why[96];
    bool no_move = false;
    if (parse_move(&b->line, m, &no_move, why, sizeof why))
        return bot_fail(b, "line %d: %s: %s", b->in.line, what, why);
    if (no_move && !none)
        return bot_fail(b, "line %d: %s is \"" NO_MOVE "\", which only the first mover's first "
                       "request may be", b->in.line, what);
    if (none)
        *none = no_move;
    return true;
}

static bool play(Bot *b, Color c, Move m)
{
    if (game_play(&b->session.game, c, m))
        return true;
    return bot_fail(b, "line %d: illegal move for %s: %.40s", b->in.line, side_name(c), b->line.text);
}

/*
 * The first input: the turn number and the whole history.  The first request
 * says who this bot is: "-1 ..." when it moves first, else the first mover's move.
 */
static bool read_history(Bot *b)
{
    BzLineStatus status = next_line(b, "the turn number");
    if (status != BZ_LINE_OK)
        return status == BZ_LINE_EOF && b->in.line == 0 ? bot_fail(b, "no input: expected the turn number") : false;
    b->turn_start = b->in.arrived;
    long n;
    if (!is_count(&b->line, MAX_TURNS, &n))
        return bot_fail(b, "line 1: expected the turn number (1..%d), got '%.40s'%s", MAX_TURNS,
                    b->line.text, b->line.text[0] == '{' ? " (JSON interaction is not supported: "
                                                           "choose simple interaction)" : "");
    for (long i = 1; i <= 2 * n - 1; i++) {
        bool request = i % 2 == 1;
        const char *what = request ? "request" : "this bot's earlier response";
        Move m;
        bool none = false;
        if (next_line(b, request ? "a request" : "a response") != BZ_LINE_OK
            || !line_move(b, what, &m, i == 1 ? &none : NULL))
            return false;
        if (i == 1)
            b->me = none ? WHITE : BLACK;
        if (!none && !play(b, request ? color_other(b->me) : b->me, m))
            return false;
    }
    b->turn = (int)n;
    return true;
}

/*
 * A later turn in keep-running mode: the opponent's move, optionally after a
 * count line (1, or this turn's number).  Empty lines before it are skipped:
 * Botzone's data and globaldata lines of the first input may be empty.
 */
static Step read_request(Bot *b)
{
    char *text;
    BzLineStatus status;
    while ((status = input_line(&b->in, &text)) == BZ_LINE_OK && strspn(text, " \t") == strlen(text))
        ;
    if (status == BZ_LINE_EOF)
        return STEP_END;
    if (status != BZ_LINE_OK) {
        unfit_line(b, status);
        return STEP_ERROR;
    }
    split_numbers(&b->line, text);
    b->turn_start = b->in.arrived;
    b->turn++;
    long n;
    if (b->line.count == 1) {
        if (!is_count(&b->line, MAX_TURNS, &n) || (n != 1 && n != b->turn)) {
            bot_fail(b, "line %d: expected a request, or the count 1 or %d before it, got '%.40s'",
                 b->in.line, b->turn, b->line.text);
            return STEP_ERROR;
        }
        if (next_line(b, "a request") != BZ_LINE_OK)
            return STEP_ERROR;
    }
    Move m;
    return line_move(b, "request", &m, NULL) && play(b, color_other(b->me), m) ? STEP_ON : STEP_ERROR;
}

/* The move to play: the search within the budget, or a reference player. */
static bool choose_move(Bot *b, double budget, Move *m)
{
    Session *s = &b->session;
    if (s->options.player != PLAYER_MCTS) {
        MoveChoice choice;
        if (!session_choose_move(s, b->me, &choice, false, NULL, NULL))
            return false;
        *m = choice.move;
        return true;
    }
    Position pos = session_position_for(s, b->me);
    /* Botzone's clock always runs: a playout cap, if any, comes on top of it. */
    SearchLimits limits = { .seconds = budget, .iterations = s->options.playouts };
    SearchResult result = search_run(s->search, &pos, &limits);
    *m = result.move;
    return result.has_move;
}

/* Seconds left for this turn's search, from Botzone's limit and the time already gone. */
static double turn_budget(const Bot *b)
{
    const SessionOptions *o = &b->session.options;
    double allowance = b->turn == 1 ? 2 * o->move_time : o->move_time;
    double reserve = o->move_overhead + (b->fresh ? STARTUP_RESERVE_SECONDS : 0);
    return allowance - reserve - (monotonic_seconds() - b->turn_start);
}

/* Answers the turn; STEP_END when this bot has no legal move: the game is lost. */
static Step answer(Bot *b)
{
    Move m;
    bool has_move = choose_move(b, turn_budget(b), &m);
    if (b->fresh)
        input_discard_pending(&b->in);
    b->fresh = false;
    if (has_move && !game_play(&b->session.game, b->me, m)) {
        bot_fail(b, "internal error: the search returned an illegal move");
        return STEP_ERROR;
    }
    if (has_move) {
        print_move(b->out, m);
        fprintf(b->out, "\n" KEEP_RUNNING "\n");
    } else {
        fprintf(b->out, NO_MOVE "\n");
    }
    if (fflush(b->out) != 0) {
        bot_fail(b, "cannot write the answer: %s", strerror(errno));
        return STEP_ERROR;
    }
    return has_move ? STEP_ON : STEP_END;
}

static int play_turns(Bot *b)
{
    if (!read_history(b))
        return 1;
    Step step;
    while ((step = answer(b)) == STEP_ON && (step = read_request(b)) == STEP_ON)
        ;
    return step == STEP_END ? 0 : 1;
}

int botzone_run(const SessionOptions *options)
{
    return botzone_play(options, STDIN_FILENO, stdout, stderr);
}

int botzone_play(const SessionOptions *options, int in, FILE *out, FILE *err)
{
    Bot bot = { .fresh = true, .out = out, .err = err }, *b = &bot;
    b->in.fd = in;
    b->in.process_start = monotonic_seconds();
    int status;
    if (!session_init(&b->session, options)) {
        status = 1;
        bot_fail(b, "cannot allocate %zu MiB for the search tree (see --memory)",
             options->search.memory_bytes >> 20);
    } else {
        game_new(&b->session.game, SIZE, SIZE);
        params_use_board(SIZE, SIZE);
        status = play_turns(b);
    }
    if (status != 0)
        fprintf(b->err, "amazons: botzone: %s\n", b->error);
    session_free(&b->session);
    return status;
}
