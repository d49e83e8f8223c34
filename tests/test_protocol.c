/*
 * test_protocol.c - drives the real `amazons` binary through its GTP-style
 * protocol: framing, preprocessing, ids, every command's success and error
 * paths, game records (loadsgf / printsgf, with files in a private temporary
 * directory), and that no error ever changes the engine's state.
 *
 * The binary is the one named by $AMAZONS_BIN (set by `make test`), else
 * ./amazons.  Every run is a fresh process fed a whole script on stdin.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

enum { RUN_TIMEOUT_MS = 20000, MAX_LINE = 65536 };

#define START_10 "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w"
#define START_MOVES_10 2176
#define PERFT2_10 4307152

/* Fast, reproducible searches. */
static const char *const FAST[] = { "--playouts", "200", "--seed", "1", "--memory", "16", NULL };

/* Every command the protocol promises. */
static const char *const ALL_COMMANDS[] = {
    "protocol_version", "name", "version", "known_command", "list_commands", "quit",
    "boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo",
    "showboard", "time_settings", "time_left", "cputime", "legal_moves",
    "get_position", "set_position", "perft", "final_score", "territory",
    "loadsgf", "printsgf",
};
#define N_ALL_COMMANDS (sizeof ALL_COMMANDS / sizeof ALL_COMMANDS[0])

/* ------------------------------------------------------------------------ */
/* Memory: everything the helpers hand out is freed after each test.        */

static void **tracked;
static size_t tracked_count, tracked_capacity;

static void *track(void *p)
{
    ck_assert_msg(p != NULL, "out of memory");
    if (tracked_count == tracked_capacity) {
        size_t capacity = tracked_capacity ? 2 * tracked_capacity : 64;
        void **grown = realloc(tracked, capacity * sizeof *grown);
        ck_assert_msg(grown != NULL, "out of memory");
        tracked = grown;
        tracked_capacity = capacity;
    }
    tracked[tracked_count++] = p;
    return p;
}

static void free_tracked(void)
{
    for (size_t i = 0; i < tracked_count; i++)
        free(tracked[i]);
    free(tracked);
    tracked = NULL;
    tracked_count = tracked_capacity = 0;
}

static char *xstrndup(const char *s, size_t n) { return track(strndup(s, n)); }
static char *xstrdup(const char *s) { return track(strdup(s)); }

/* A growing byte buffer; buf_keep hands its data to the tracker. */
typedef struct {
    char *data;
    size_t length, capacity;
} Buf;

static void buf_add(Buf *b, const void *data, size_t n)
{
    if (b->length + n + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 256;
        while (capacity < b->length + n + 1)
            capacity *= 2;
        char *grown = realloc(b->data, capacity);
        ck_assert_msg(grown != NULL, "out of memory");
        b->data = grown;
        b->capacity = capacity;
    }
    if (n)
        memcpy(b->data + b->length, data, n);
    b->length += n;
    b->data[b->length] = '\0';
}

static void buf_puts(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static void buf_repeat(Buf *b, char c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        buf_add(b, &c, 1);
}

__attribute__((format(printf, 2, 3)))
static void buf_printf(Buf *b, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int needed = vsnprintf(NULL, 0, format, args);
    va_end(args);
    ck_assert(needed >= 0);
    char *text = malloc((size_t)needed + 1);
    ck_assert_msg(text != NULL, "out of memory");
    va_start(args, format);
    vsnprintf(text, (size_t)needed + 1, format, args);
    va_end(args);
    buf_add(b, text, (size_t)needed);
    free(text);
}

static char *buf_keep(Buf *b)
{
    buf_add(b, "", 0);
    char *data = track(b->data);
    *b = (Buf){ 0 };
    return data;
}

/* ------------------------------------------------------------------------ */
/* Running the engine.                                                        */

typedef struct {
    char *out, *err;           /* NUL-terminated copies of stdout and stderr */
    size_t out_length, err_length;
    int exit_code;             /* -1 when the process did not exit normally */
    int signal;                /* the signal that ended it, or 0 */
    bool timed_out;            /* killed after RUN_TIMEOUT_MS */
} Run;

static const char *engine_path(void)
{
    const char *path = getenv("AMAZONS_BIN");
    return path && *path ? path : "./amazons";
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/*
 * Runs the engine with the given extra arguments (NULL-terminated, may be
 * NULL), feeds it `input` and closes its stdin, collects stdout and stderr
 * to end of file with poll() so no pipe can block, and reaps it.  A run that
 * takes longer than RUN_TIMEOUT_MS is killed and marked timed_out.
 */
static Run *run_engine(const char *const *args, const void *input, size_t input_length)
{
    const char *argv[32];
    size_t argc = 0;
    argv[argc++] = engine_path();
    for (; args && *args; args++) {
        ck_assert(argc < 31);
        argv[argc++] = *args;
    }
    argv[argc] = NULL;

    int in[2], out[2], err[2];
    ck_assert_msg(pipe2(in, O_CLOEXEC) == 0 && pipe2(out, O_CLOEXEC) == 0
                  && pipe2(err, O_CLOEXEC) == 0, "pipe2: %s", strerror(errno));
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_msg(pid >= 0, "fork: %s", strerror(errno));
    if (pid == 0) {
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
            _exit(126);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);

    /* The engine may stop reading (quit): a write must then fail, not kill us. */
    struct sigaction ignore = { .sa_handler = SIG_IGN }, previous;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &previous);

    int wfd = in[1];
    int rfd[2] = { out[0], err[0] };
    Buf collected[2] = { { 0 }, { 0 } };
    const char *bytes = input;
    size_t written = 0;
    bool timed_out = false;
    double deadline = now_ms() + RUN_TIMEOUT_MS;
    if (input_length == 0) {
        close(wfd);
        wfd = -1;
    } else {
        fcntl(wfd, F_SETFL, fcntl(wfd, F_GETFL) | O_NONBLOCK);
    }
    static char chunk[65536];
    while (rfd[0] >= 0 || rfd[1] >= 0) {
        struct pollfd p[3];
        int n = 0, wi = -1, ri[2] = { -1, -1 };
        if (wfd >= 0) {
            wi = n;
            p[n++] = (struct pollfd){ .fd = wfd, .events = POLLOUT };
        }
        for (int k = 0; k < 2; k++)
            if (rfd[k] >= 0) {
                ri[k] = n;
                p[n++] = (struct pollfd){ .fd = rfd[k], .events = POLLIN };
            }
        double left = deadline - now_ms();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        int ready = poll(p, (nfds_t)n, (int)left + 1);
        if (ready < 0) {
            ck_assert_msg(errno == EINTR, "poll: %s", strerror(errno));
            continue;
        }
        if (wi >= 0 && p[wi].revents) {
            size_t size = input_length - written;
            if (size > sizeof chunk)
                size = sizeof chunk;
            ssize_t w = write(wfd, bytes + written, size);
            if (w > 0)
                written += (size_t)w;
            else if (w < 0 && errno != EAGAIN && errno != EINTR)
                written = input_length; /* EPIPE: the engine has stopped reading */
            if (written == input_length) {
                close(wfd);
                wfd = -1;
            }
        }
        for (int k = 0; k < 2; k++) {
            if (ri[k] < 0 || !p[ri[k]].revents)
                continue;
            ssize_t got = read(rfd[k], chunk, sizeof chunk);
            if (got > 0) {
                buf_add(&collected[k], chunk, (size_t)got);
            } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
                close(rfd[k]);
                rfd[k] = -1;
            }
        }
    }
    if (wfd >= 0)
        close(wfd);
    for (int k = 0; k < 2; k++)
        if (rfd[k] >= 0)
            close(rfd[k]);

    int status = 0;
    if (timed_out)
        kill(pid, SIGKILL);
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        ck_assert_msg(done == 0 || errno == EINTR, "waitpid: %s", strerror(errno));
        if (!timed_out && now_ms() > deadline) {
            timed_out = true;
            kill(pid, SIGKILL);
        }
        struct timespec pause = { 0, 1000000 };
        nanosleep(&pause, NULL);
    }
    sigaction(SIGPIPE, &previous, NULL);

    Run *run = track(calloc(1, sizeof *run));
    run->out_length = collected[0].length;
    run->err_length = collected[1].length;
    run->out = buf_keep(&collected[0]);
    run->err = buf_keep(&collected[1]);
    run->timed_out = timed_out;
    run->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return run;
}

static void expect_clean_exit(const Run *run)
{
    ck_assert_msg(!run->timed_out, "engine still running after %d s (killed); stderr: %.500s",
                  RUN_TIMEOUT_MS / 1000, run->err);
    ck_assert_msg(run->exit_code != 127 && run->exit_code != 126,
                  "cannot run %s (set AMAZONS_BIN)", engine_path());
    ck_assert_msg(run->signal == 0, "engine killed by signal %d; stderr: %.1000s",
                  run->signal, run->err);
    ck_assert_msg(run->exit_code == 0, "engine exited with status %d; stderr: %.1000s",
                  run->exit_code, run->err);
}

/* ------------------------------------------------------------------------ */
/* Responses.                                                                 */

typedef struct {
    bool ok;           /* '=' rather than '?' */
    const char *id;    /* "" without an id */
    const char *body;  /* after "=ID" and the one separating space, if any */
} Response;

typedef struct {
    Response *items;
    size_t count;
    const Run *run;
} Responses;

/*
 * Splits stdout into responses, asserting that it holds nothing else: each
 * response is '=' or '?', an optional numeric id, then nothing, a space or a
 * newline before its text, and ends with an empty line.
 */
static Responses split_responses(const Run *run)
{
    Responses rs = { .run = run };
    size_t capacity = 0;
    ck_assert_msg(strlen(run->out) == run->out_length, "NUL byte on stdout");
    char *p = xstrndup(run->out, run->out_length), *end = p + run->out_length;
    while (p < end) {
        char *stop = p; /* not strstr: sanitizers make it quadratic on long outputs */
        while (stop + 1 < end && !(stop[0] == '\n' && stop[1] == '\n'))
            stop++;
        if (stop + 1 >= end)
            stop = NULL;
        ck_assert_msg(stop != NULL, "stdout does not end with an empty line: \"%.200s\"", p);
        *stop = '\0';
        char *raw = p;
        ck_assert_msg(raw[0] == '=' || raw[0] == '?',
                      "stdout holds something other than a response: \"%.200s\"", raw);
        size_t id_length = strspn(raw + 1, "0123456789");
        char *body = raw + 1 + id_length;
        ck_assert_msg(*body == '\0' || *body == ' ' || *body == '\n',
                      "malformed response head: \"%.200s\"", raw);
        const char *id = id_length ? xstrndup(raw + 1, id_length) : "";
        if (*body == ' ')
            body++;
        if (rs.count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            Response *grown = realloc(rs.items, capacity * sizeof *grown);
            ck_assert_msg(grown != NULL, "out of memory");
            rs.items = grown;
        }
        rs.items[rs.count++] = (Response){ raw[0] == '=', id, body };
        p = stop + 2;
    }
    if (rs.items)
        track(rs.items);
    return rs;
}

static Responses gtp_bytes(const char *const *args, const char *script, size_t length)
{
    Run *run = run_engine(args, script, length);
    expect_clean_exit(run);
    return split_responses(run);
}

static Responses gtp_args(const char *const *args, const char *script)
{
    return gtp_bytes(args, script, strlen(script));
}

static Responses gtp(const char *script) { return gtp_args(FAST, script); }

static const Response *response_at(int line, const Responses *rs, size_t i)
{
    ck_assert_msg(i < rs->count, "line %d: wanted response #%zu, got only %zu; stderr: %.300s",
                  line, i, rs->count, rs->run->err);
    return &rs->items[i];
}

/* Response i succeeded; with body != NULL its text is exactly body. */
static const char *expect_ok_at(int line, const Responses *rs, size_t i, const char *body)
{
    const Response *r = response_at(line, rs, i);
    ck_assert_msg(r->ok, "line %d: response #%zu failed: \"%.300s\"", line, i, r->body);
    if (body)
        ck_assert_msg(strcmp(r->body, body) == 0,
                      "line %d: response #%zu is \"%.300s\", expected \"%.300s\"",
                      line, i, r->body, body);
    return r->body;
}

/* Response i is an error whose message starts with prefix. */
static void expect_error_at(int line, const Responses *rs, size_t i, const char *prefix)
{
    const Response *r = response_at(line, rs, i);
    ck_assert_msg(!r->ok, "line %d: response #%zu succeeded (\"%.300s\"), expected an error \"%s\"",
                  line, i, r->body, prefix);
    ck_assert_msg(strncmp(r->body, prefix, strlen(prefix)) == 0,
                  "line %d: response #%zu is \"?%s\", expected a message starting \"%s\"",
                  line, i, r->body, prefix);
}

#define EXPECT_BOARD(rs, i, board) expect_board_at(__LINE__, (rs), (i), (board))
#define EXPECT_OK(rs, i, body) expect_ok_at(__LINE__, (rs), (i), (body))
#define EXPECT_ERROR(rs, i, prefix) expect_error_at(__LINE__, (rs), (i), (prefix))
#define EXPECT_COUNT(rs, n)                                                               \
    ck_assert_msg((rs)->count == (size_t)(n), "expected %zu responses, got %zu; stdout: %.400s", \
                  (size_t)(n), (rs)->count, (rs)->run->out)

static bool same_response(const Response *a, const Response *b)
{
    return a->ok == b->ok && strcmp(a->id, b->id) == 0 && strcmp(a->body, b->body) == 0;
}

/* ------------------------------------------------------------------------ */
/* Words, moves, boards.                                                      */

static size_t count_words(const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p;) {
        p += strspn(p, " \n");
        if (!*p)
            break;
        n++;
        p += strcspn(p, " \n");
    }
    return n;
}

/* The words of text, as a tracked NULL-terminated array. */
static char **split_words(const char *text, size_t *count)
{
    size_t n = count_words(text);
    char **words = track(calloc(n + 1, sizeof *words));
    char *copy = xstrdup(text), *save = NULL;
    size_t i = 0;
    for (char *w = strtok_r(copy, " \n", &save); w; w = strtok_r(NULL, " \n", &save))
        words[i++] = w;
    *count = n;
    return words;
}

static bool has_word(const char *text, const char *word)
{
    size_t n;
    char **words = split_words(text, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(words[i], word) == 0)
            return true;
    return false;
}

/* cell[rank][file]: rank 0 is rank 1; '.', 'W', 'B' or 'x'. */
typedef struct {
    int size;
    char cell[10][10];
    char side;
} Board;

/* An independent reader of the position text; false when malformed. */
static bool board_parse(const char *text, Board *b)
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
    if (nrows != width || nrows < 4 || p[0] != ' ' || (p[1] != 'w' && p[1] != 'b') || p[2])
        return false;
    b->size = nrows;
    b->side = p[1];
    for (int r = 0; r < nrows; r++)
        for (int f = 0; f < nrows; f++)
            b->cell[nrows - 1 - r][f] = rows[r][f];
    return true;
}

static Board board_of(const char *text)
{
    Board b;
    ck_assert_msg(board_parse(text, &b), "malformed position text \"%s\"", text);
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
static bool parse_move(const char *text, int sq[3][2])
{
    const char *p = text;
    return read_square(&p, &sq[0][0], &sq[0][1]) && *p++ == '-'
        && read_square(&p, &sq[1][0], &sq[1][1]) && *p++ == '/'
        && read_square(&p, &sq[2][0], &sq[2][1]) && *p == '\0';
}

/* Applies a (legal) move for colour c ('W' or 'B') to a board, as the rules say. */
static Board board_after(Board b, char c, const char *move)
{
    int sq[3][2];
    ck_assert_msg(parse_move(move, sq), "not a canonical move: \"%s\"", move);
    ck_assert_msg(b.cell[sq[0][1]][sq[0][0]] == c, "move %s does not start on a %c amazon", move, c);
    b.cell[sq[0][1]][sq[0][0]] = '.';
    ck_assert_msg(b.cell[sq[1][1]][sq[1][0]] == '.', "move %s lands on an occupied square", move);
    b.cell[sq[1][1]][sq[1][0]] = c;
    ck_assert_msg(b.cell[sq[2][1]][sq[2][0]] == '.', "move %s shoots onto an occupied square", move);
    b.cell[sq[2][1]][sq[2][0]] = 'x';
    b.side = c == 'W' ? 'b' : 'w';
    return b;
}

static bool board_equal(const Board *a, const Board *b)
{
    return a->size == b->size && a->side == b->side && memcmp(a->cell, b->cell, sizeof a->cell) == 0;
}

/* The canonical position text of a board, for messages. */
static char *board_text(const Board *b)
{
    Buf t = { 0 };
    for (int rank = b->size - 1; rank >= 0; rank--) {
        int run = 0;
        for (int f = 0; f < b->size; f++) {
            char c = b->cell[rank][f];
            if (c == '.') {
                run++;
                continue;
            }
            if (run)
                buf_printf(&t, "%d", run);
            run = 0;
            buf_add(&t, &c, 1);
        }
        if (run)
            buf_printf(&t, "%d", run);
        if (rank)
            buf_puts(&t, "/");
    }
    buf_printf(&t, " %c", b->side);
    return buf_keep(&t);
}

/* Response i succeeded with a position text equal to the board. */
static void expect_board_at(int line, const Responses *rs, size_t i, const Board *want)
{
    const char *text = expect_ok_at(line, rs, i, NULL);
    Board got;
    ck_assert_msg(board_parse(text, &got), "line %d: response #%zu is not a position: \"%s\"",
                  line, i, text);
    ck_assert_msg(board_equal(&got, want), "line %d: response #%zu is \"%s\", expected \"%s\"",
                  line, i, text, board_text(want));
}

/* The body's lines; the first is "" when the body starts with a newline. */
static char **split_lines(const char *body, size_t *count)
{
    size_t n = 1;
    for (const char *p = body; *p; p++)
        n += *p == '\n';
    char **lines = track(calloc(n + 1, sizeof *lines));
    char *copy = xstrdup(body);
    size_t i = 0;
    lines[i++] = copy;
    for (char *p = copy; *p; p++)
        if (*p == '\n') {
            *p = '\0';
            lines[i++] = p + 1;
        }
    *count = n;
    return lines;
}

static void check_file_letters(const char *line, int size, const char *what)
{
    size_t n;
    char **words = split_words(line, &n);
    ck_assert_msg(n == (size_t)size, "%s: file line \"%s\" should name %d files", what, line, size);
    for (int f = 0; f < size; f++)
        ck_assert_msg(words[f][0] == 'a' + f && words[f][1] == '\0',
                      "%s: file line \"%s\" should read a b c ...", what, line);
}

/*
 * Checks a diagram (showboard or territory) against the board: a leading
 * newline, file letters, one line per rank from the top with the rank number
 * and one one-character cell per file, file letters again, then `trailer`
 * lines.  Cells must be in `alphabet`; amazons and arrows must be where the
 * board has them, and empty squares must show one of `empty_marks`.
 */
static void check_diagram(const char *body, const Board *b, const char *alphabet,
                          const char *empty_marks, size_t trailer, const char *what)
{
    size_t n;
    char **lines = split_lines(body, &n);
    ck_assert_msg(n == (size_t)b->size + 3 + trailer, "%s: %zu lines, expected %d: \"%s\"",
                  what, n, b->size + 3 + (int)trailer, body);
    ck_assert_msg(lines[0][0] == '\0', "%s: the result should start with a newline", what);
    check_file_letters(lines[1], b->size, what);
    check_file_letters(lines[b->size + 2], b->size, what);
    for (int r = 0; r < b->size; r++) {
        int rank = b->size - 1 - r;
        size_t count;
        char **words = split_words(lines[2 + r], &count);
        ck_assert_msg(count == (size_t)b->size + 1, "%s: rank line \"%s\" has %zu words", what,
                      lines[2 + r], count);
        ck_assert_msg(atoi(words[0]) == rank + 1, "%s: rank line \"%s\" should start with %d",
                      what, lines[2 + r], rank + 1);
        for (int f = 0; f < b->size; f++) {
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

static void check_showboard(const char *body, const Board *b)
{
    check_diagram(body, b, "WBx.", ".", 1, "showboard");
    size_t n;
    char **lines = split_lines(body, &n);
    const char *want = b->side == 'w' ? "white to move" : "black to move";
    ck_assert_msg(strcmp(lines[n - 1], want) == 0, "showboard: last line \"%s\", expected \"%s\"",
                  lines[n - 1], want);
}

static void check_territory(const char *body, const Board *b)
{
    check_diagram(body, b, "WBxwb=.", "wb=.", 0, "territory");
}

/* "W+N" or "B+N". */
static void check_score_format(const char *score)
{
    ck_assert_msg((score[0] == 'W' || score[0] == 'B') && score[1] == '+' && score[2]
                  && strspn(score + 2, "0123456789") == strlen(score + 2),
                  "final_score \"%s\" is not W+N or B+N", score);
}

/* "search: N iterations ..." lines of --verbose, in order. */
static size_t verbose_iterations(const char *err, unsigned long long *out, size_t max)
{
    size_t n = 0;
    for (const char *p = err; (p = strstr(p, "search: ")) != NULL; p++) {
        unsigned long long v;
        if (sscanf(p, "search: %llu iterations", &v) == 1 && n < max)
            out[n++] = v;
    }
    return n;
}

/* ------------------------------------------------------------------------ */
/* Errors leave the state alone: a differential harness.                      */

/*
 * Looks at every piece of state a command could touch: the position and side
 * to move (get_position, showboard), both colours' moves, the score and
 * territory, perft, and the undo history (three undos with positions).
 */
static const char STATE_PROBE[] =
    "get_position\nshowboard\nlegal_moves w\nlegal_moves b\nfinal_score\nterritory\nperft 1\n"
    "undo\nget_position\nundo\nget_position\nundo\nget_position\n";
enum { STATE_PROBE_RESPONSES = 13 };

typedef struct {
    const char *command;
    const char *expect; /* "?prefix" for an error, "=" or "=body-prefix" for a success */
} Case;

/*
 * For each case runs `setup`, the command (with an id), then STATE_PROBE, all
 * in one session (setup must reset the game, e.g. start with boardsize), and
 * compares everything but the command's own response with a reference run of
 * setup + STATE_PROBE alone: the command must not have changed anything.
 */
static void check_cases_leave_state(const char *setup, const Case *cases, size_t n)
{
    Buf ref_script = { 0 };
    buf_puts(&ref_script, setup);
    buf_puts(&ref_script, STATE_PROBE);
    Responses ref = gtp(buf_keep(&ref_script));
    ck_assert_msg(ref.count >= STATE_PROBE_RESPONSES, "reference run: %zu responses", ref.count);
    size_t setup_count = ref.count - STATE_PROBE_RESPONSES;
    for (size_t i = 0; i < setup_count; i++)
        ck_assert_msg(ref.items[i].ok, "setup command #%zu failed: %s", i, ref.items[i].body);

    Buf script = { 0 };
    for (size_t c = 0; c < n; c++) {
        buf_puts(&script, setup);
        buf_printf(&script, "%zu %s\n", 1000 + c, cases[c].command);
        buf_puts(&script, STATE_PROBE);
    }
    Responses rs = gtp(buf_keep(&script));
    size_t chunk = ref.count + 1;
    ck_assert_msg(rs.count == n * chunk, "expected %zu responses, got %zu", n * chunk, rs.count);
    for (size_t c = 0; c < n; c++) {
        const Response *got = &rs.items[c * chunk + setup_count];
        const char *expect = cases[c].expect;
        char id[32];
        snprintf(id, sizeof id, "%zu", 1000 + c);
        ck_assert_msg(strcmp(got->id, id) == 0, "\"%s\": response id \"%s\", expected \"%s\"",
                      cases[c].command, got->id, id);
        ck_assert_msg(got->ok == (expect[0] == '='), "\"%s\": got %c\"%.200s\", expected %s...",
                      cases[c].command, got->ok ? '=' : '?', got->body, expect);
        ck_assert_msg(strncmp(got->body, expect + 1, strlen(expect + 1)) == 0,
                      "\"%s\": got %c\"%.200s\", expected %s...", cases[c].command,
                      got->ok ? '=' : '?', got->body, expect);
        for (size_t j = 0; j < ref.count; j++) {
            size_t k = c * chunk + (j < setup_count ? j : j + 1);
            ck_assert_msg(same_response(&rs.items[k], &ref.items[j]),
                          "after \"%s\" (setup \"%s\"): response %zu of the state probe is "
                          "%c\"%.300s\", expected %c\"%.300s\"",
                          cases[c].command, setup, j, rs.items[k].ok ? '=' : '?', rs.items[k].body,
                          ref.items[j].ok ? '=' : '?', ref.items[j].body);
        }
    }
}

#define CHECK_CASES(setup, cases) check_cases_leave_state((setup), (cases), sizeof(cases) / sizeof(cases[0]))

/* Commands whose errors (and some harmless successes) do not depend on the position. */
static const Case GENERIC_CASES[] = {
    /* wrong argument counts */
    { "protocol_version 1", "?syntax error" },
    { "name x", "?syntax error" },
    { "version x", "?syntax error" },
    { "known_command", "?syntax error" },
    { "known_command play name", "?syntax error" },
    { "list_commands x", "?syntax error" },
    { "quit now", "?syntax error" },
    { "clear_board now", "?syntax error" },
    { "undo now", "?syntax error" },
    { "showboard x", "?syntax error" },
    { "get_position x", "?syntax error" },
    { "territory x", "?syntax error" },
    { "final_score x", "?syntax error" },
    { "cputime x", "?syntax error" },
    { "loadsgf", "?syntax error: loadsgf FILE [MOVE_NUMBER]" },
    { "loadsgf a.sgf 1 2", "?syntax error: loadsgf FILE [MOVE_NUMBER]" },
    { "loadsgf a.sgf 0", "?syntax error: move number must be an integer from 1 to 101" },
    { "loadsgf a.sgf 102", "?syntax error: move number" },
    { "printsgf a.sgf b.sgf", "?syntax error: printsgf [FILE]" },
    /* boardsize */
    { "boardsize", "?syntax error" },
    { "boardsize 8 8", "?syntax error" },
    { "boardsize 3", "?unacceptable size" },
    { "boardsize 11", "?unacceptable size" },
    { "boardsize -1", "?unacceptable size" },
    { "boardsize 0", "?unacceptable size" },
    { "boardsize 19", "?unacceptable size" },
    { "boardsize abc", "?syntax error" },
    { "boardsize 8.5", "?syntax error" },
    { "boardsize 8x", "?syntax error" },
    { "boardsize 99999999999999999999999", "?" },
    /* komi: accepted and ignored, or a syntax error */
    { "komi", "?syntax error" },
    { "komi abc", "?syntax error" },
    { "komi 6.5 1", "?syntax error" },
    { "komi nan", "?syntax error" },
    { "komi inf", "?syntax error" },
    { "komi 6.5", "=" },
    { "komi -7", "=" },
    /* play: arguments, colour, notation */
    { "play", "?syntax error" },
    { "play w", "?syntax error" },
    { "play w a1-a2/a3 extra", "?syntax error" },
    { "play x a1-a2/a3", "?syntax error: invalid color" },
    { "play whit a1-a2/a3", "?syntax error: invalid color" },
    { "play 1 a1-a2/a3", "?syntax error: invalid color" },
    { "play w xyz", "?syntax error: invalid move" },
    { "play w pass", "?syntax error: invalid move" },
    { "play b resign", "?syntax error: invalid move" },
    { "play w k1-k2/k3", "?syntax error: invalid move" },
    { "play w a0-a1/a2", "?syntax error: invalid move" },
    { "play w a1-a2", "?syntax error: invalid move" },
    { "play w a1-a2/", "?syntax error: invalid move" },
    { "play w a1-a2/a3x", "?syntax error: invalid move" },
    { "play w a1-a2/a3/a4", "?syntax error: invalid move" },
    { "play w -a1-a2/a3", "?syntax error: invalid move" },
    { "play w a1--a2/a3", "?syntax error: invalid move" },
    { "play w a1-a2//a3", "?syntax error: invalid move" },
    { "play w 1a-2a/3a", "?syntax error: invalid move" },
    { "play w a1-a2/a99", "?syntax error: invalid move" },
    { "play w a1-a2/a01", "?syntax error: invalid move" },
    /* genmove / reg_genmove */
    { "genmove", "?syntax error" },
    { "genmove w b", "?syntax error" },
    { "genmove x", "?syntax error: invalid color" },
    { "genmove pass", "?syntax error: invalid color" },
    { "reg_genmove", "?syntax error" },
    { "reg_genmove x", "?syntax error: invalid color" },
    { "reg_genmove w", "=" },
    { "reg_genmove b", "=" },
    /* legal_moves */
    { "legal_moves w b", "?syntax error" },
    { "legal_moves x", "?syntax error: invalid color" },
    /* perft */
    { "perft", "?syntax error" },
    { "perft 1 2", "?syntax error" },
    { "perft -1", "?syntax error" },
    { "perft 21", "?syntax error" },
    { "perft abc", "?syntax error" },
    { "perft 1.5", "?syntax error" },
    { "perft 99999999999999999999", "?syntax error" },
    /* time_settings */
    { "time_settings", "?syntax error" },
    { "time_settings 10 0", "?syntax error" },
    { "time_settings 10 0 0 0", "?syntax error" },
    { "time_settings -1 0 0", "?syntax error" },
    { "time_settings 10 -1 0", "?syntax error" },
    { "time_settings 10 0 -1", "?syntax error" },
    { "time_settings 1e7 0 0", "?syntax error" },
    { "time_settings 10 1e7 1", "?syntax error" },
    { "time_settings 10 5 100001", "?syntax error" },
    { "time_settings 10 5 1.5", "?syntax error" },
    { "time_settings abc 0 0", "?syntax error" },
    { "time_settings nan 0 0", "?syntax error" },
    { "time_settings inf 0 0", "?syntax error" },
    { "time_settings 1e999 0 0", "?syntax error" },
    /* time_left */
    { "time_left", "?syntax error" },
    { "time_left w 10", "?syntax error" },
    { "time_left w 10 0 0", "?syntax error" },
    { "time_left x 10 0", "?syntax error: invalid color" },
    { "time_left w -1 0", "?syntax error" },
    { "time_left w 10 -1", "?syntax error" },
    { "time_left w 1e7 0", "?syntax error" },
    { "time_left b 10 100001", "?syntax error" },
    { "time_left b 10 1.5", "?syntax error" },
    { "time_left w abc 0", "?syntax error" },
    { "time_left w nan 0", "?syntax error" },
    /* set_position */
    { "set_position", "?syntax error" },
    { "set_position 1BB1/B2B/W2W/1WW1", "?syntax error" },
    { "set_position 1BB1/B2B/W2W/1WW1 w x", "?syntax error" },
    { "set_position 1BB1/B2B/W2W/1WW1 x", "?invalid position" },
    { "set_position 1BB1/B2B/W2W/1WW1 white", "?invalid position" },
    { "set_position 1BB1/B2B/W2W/1WW1 wb", "?invalid position" },
    { "set_position 1BB1/B2B/W2W w", "?invalid position" },
    { "set_position 1BB1/B2B/W2W/1WW1/4 w", "?invalid position" },
    { "set_position 1BB1/B2B/W2W/1WW1/ w", "?invalid position" },
    { "set_position 1B1/3/1W1 w", "?invalid position" },
    { "set_position 4/4/4/4 w", "?invalid position" },
    { "set_position 1BB1/B2B/4/4 w", "?invalid position" },
    { "set_position 4/4/W2W/1WW1 b", "?invalid position" },
    { "set_position BBB1/B2B/W2W/1WW1 w", "?invalid position" },
    { "set_position 1BB1/B2Q/W2W/1WW1 w", "?invalid position" },
    { "set_position 1BB1/B0B/W2W/1WW1 w", "?invalid position" },
    { "set_position 1BB1/B3B/W2W/1WW1 w", "?invalid position" },
    { "set_position 5BB/B2B/W2W/1WW1 w", "?invalid position" },
    { "set_position 1BB1//W2W/1WW1 w", "?invalid position" },
    { "set_position 1bb1/b2b/w2w/1ww1 w", "?invalid position" },
    { "set_position / w", "?invalid position" },
    { "set_position 11/11/11/11/11/11/11/11/11/11/11 w", "?invalid position" },
    { "set_position 3B3B3/11/11/B9B/11/11/W9W/11/11/11/3W3W3 w", "?invalid position" },
    { "set_position B99999999999999999999/4/W3/4 w", "?invalid position" },
    { "set_position 10/10/10/10/10/10/10/10/10/10/B9/W9 w", "?invalid position" },
    { "set_position 1111111111111111111111111111111111111111111111111111111111111111111111111111"
      "1111111111111111111111111111111111111111111111111111111111111111111111111111111111111"
      "1111111111111111111111111111111111111111111111111111111111111111111111111111111111111"
      "111111111111111111111111111111111111111111111111111111 w", "?invalid position" },
    /* unknown commands (names are case-sensitive) */
    { "foo", "?unknown command" },
    { "PLAY w a1-a2/a3", "?unknown command" },
    { "Name", "?unknown command" },
    { "genmove_white", "?unknown command" },
    /* successes that change nothing */
    { "protocol_version", "=2" },
    { "known_command play", "=true" },
    { "known_command foo", "=false" },
    { "list_commands", "=" },
    { "showboard", "=\n" },
    { "get_position", "=" },
    { "legal_moves", "=" },
    { "final_score", "=" },
    { "territory", "=\n" },
    { "perft 1", "=" },
    { "cputime", "=" },
    { "printsgf", "=(;FF[4]GM[18]CA[UTF-8]SZ[" },
};

/* Two moves into a 10x10 game: white at a4 d7 g1 j4, black at a7 d8 g10 j7, arrows g7 d9. */
#define SETUP_MIDGAME "boardsize 10\nplay w d1-d7/g7\nplay b d10-d8/d9\n"

static const Case MIDGAME_MOVE_CASES[] = {
    { "play w a7-a6/a5", "?illegal move" },   /* a black amazon */
    { "play b a4-a5/a6", "?illegal move" },   /* a white amazon */
    { "play w e1-e2/e3", "?illegal move" },   /* no amazon there */
    { "play w j10-j9/j8", "?illegal move" },  /* empty square */
    { "play w d7-d9/d10", "?illegal move" },  /* through a black amazon */
    { "play w g1-g8/g9", "?illegal move" },   /* through an arrow */
    { "play w d7-e9/e10", "?illegal move" },  /* not a queen move */
    { "play w a4-a4/a5", "?illegal move" },   /* no move at all */
    { "play w a4-a5/a7", "?illegal move" },   /* arrow onto an amazon */
    { "play w a4-b5/d7", "?illegal move" },   /* arrow onto its own amazon */
    { "play w g1-g2/g8", "?illegal move" },   /* arrow through an arrow */
    { "play w j4-j7/j8", "?illegal move" },   /* onto an occupied square */
    { "play w d7-d9/d10", "?illegal move" },  /* onto an arrow */
    { "play b d8-d6/d5", "?illegal move" },   /* through a white amazon */
    { "play w j4-j1/j4x", "?syntax error: invalid move" },
    { "play w d11-d7/g7", "?syntax error: invalid move" },
    { "play w d1-d7/g7 d10-d8/d9", "?syntax error" },
};

/* ------------------------------------------------------------------------ */
/* Process-level behaviour.                                                   */

START_TEST(test_help_and_version_flags)
{
    const char *const help[] = { "--help", NULL };
    Run *run = run_engine(help, "", 0);
    expect_clean_exit(run);
    ck_assert_msg(strstr(run->out, "--playouts") && strstr(run->out, "--help"),
                  "--help should describe the options: %.300s", run->out);
    ck_assert_msg(run->err_length == 0, "--help wrote to stderr: %s", run->err);

    const char *const version[] = { "--version", NULL };
    run = run_engine(version, "name\n", 5);
    expect_clean_exit(run);
    Responses rs = gtp("name\nversion\n");
    char want[256];
    snprintf(want, sizeof want, "%s %s\n", EXPECT_OK(&rs, 0, NULL), EXPECT_OK(&rs, 1, NULL));
    ck_assert_msg(strcmp(run->out, want) == 0, "--version printed \"%s\", expected \"%s\"",
                  run->out, want);
    ck_assert_msg(run->err_length == 0, "--version wrote to stderr: %s", run->err);
}
END_TEST

START_TEST(test_bad_flags_exit_2)
{
    static const char *const bad[][4] = {
        { "--bogus", NULL },
        { "--playouts", "abc", NULL },
        { "--playouts", "-5", NULL },
        { "--threads", "0", NULL },
        { "--time", "-1", NULL },
        { "--seed", NULL },
        { "extra", NULL },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Run *run = run_engine(bad[i], "name\nquit\n", 10);
        ck_assert_msg(!run->timed_out && run->signal == 0, "%s: did not exit", bad[i][0]);
        ck_assert_msg(run->exit_code == 2, "%s %s: exit status %d, expected 2", bad[i][0],
                      bad[i][1] ? bad[i][1] : "", run->exit_code);
        ck_assert_msg(run->err_length > 0, "%s: no message on stderr", bad[i][0]);
        ck_assert_msg(run->out_length == 0, "%s: wrote to stdout: %s", bad[i][0], run->out);
    }
}
END_TEST

START_TEST(test_eof_without_quit)
{
    /* No input at all, default options. */
    Run *run = run_engine(NULL, "", 0);
    expect_clean_exit(run);
    ck_assert_msg(run->out_length == 0, "no input, yet stdout: %s", run->out);

    /* Commands then end of input: every command answered, status 0. */
    Responses rs = gtp_args(NULL, "name\nboardsize 6\nget_position\n");
    EXPECT_COUNT(&rs, 3);
    EXPECT_OK(&rs, 2, "1B2B1/B4B/6/6/W4W/1W2W1 w");

    /* A last line without its newline is still a command. */
    rs = gtp("1 protocol_version\n2 name");
    EXPECT_COUNT(&rs, 2);
    EXPECT_OK(&rs, 0, "2");
    ck_assert_str_eq(rs.items[1].id, "2");
    EXPECT_OK(&rs, 1, NULL);
}
END_TEST

START_TEST(test_quit_stops_processing)
{
    /* quit answers, then nothing else is read, even with much input left. */
    Buf script = { 0 };
    buf_puts(&script, "1 name\n2 quit\n3 name\nboardsize 5\n");
    for (int i = 0; i < 20000; i++)
        buf_puts(&script, "protocol_version\n");
    size_t length = script.length;
    Responses rs = gtp_bytes(FAST, buf_keep(&script), length);
    EXPECT_COUNT(&rs, 2);
    ck_assert_str_eq(rs.items[0].id, "1");
    ck_assert_str_eq(rs.items[1].id, "2");
    EXPECT_OK(&rs, 1, "");

    /* Without an id the answer is a bare "=". */
    Run *run = run_engine(FAST, "quit\nname\n", 10);
    expect_clean_exit(run);
    ck_assert_str_eq(run->out, "=\n\n");

    /* quit with an argument is an error and the session goes on. */
    rs = gtp("quit now\nname\nquit\nname\n");
    EXPECT_COUNT(&rs, 3);
    EXPECT_ERROR(&rs, 0, "syntax error");
    EXPECT_OK(&rs, 1, NULL);
    EXPECT_OK(&rs, 2, "");
}
END_TEST

START_TEST(test_verbose_goes_to_stderr)
{
    const char *const verbose[] = { "--playouts", "100", "--seed", "1", "--verbose", "--memory", "16", NULL };
    const char *script = "genmove w\ngenmove b\nreg_genmove w\nname\nquit\n";
    Run *run = run_engine(verbose, script, strlen(script));
    expect_clean_exit(run);
    Responses rs = split_responses(run); /* asserts stdout is nothing but responses */
    EXPECT_COUNT(&rs, 5);
    for (size_t i = 0; i < 5; i++)
        EXPECT_OK(&rs, i, NULL);
    ck_assert_msg(run->err_length > 0, "--verbose printed no search summary on stderr");
    ck_assert_msg(strstr(run->out, "iterations") == NULL, "search summary on stdout: %s", run->out);

    /* Without --verbose nothing at all goes to stderr. */
    run = run_engine(FAST, script, strlen(script));
    expect_clean_exit(run);
    rs = split_responses(run);
    EXPECT_COUNT(&rs, 5);
    ck_assert_msg(run->err_length == 0, "stderr without --verbose: %s", run->err);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Framing: ids, preprocessing, pipelining, long lines, junk.                 */

START_TEST(test_ids)
{
    Responses rs = gtp(
        "1 name\n"
        "42 foo\n"
        "123456789012345678901234567890 protocol_version\n"
        "007 known_command name\n"
        "0 version\n"
        "5\n"
        "name\n"
        "9 play w zz\n"
        "12abc name\n"
        "-3 name\n"
        "   77    protocol_version   \n"
        "3 showboard\n"
        "4 known_command\n"
        "protocol_version\n"
        "8 quit\n");
    EXPECT_COUNT(&rs, 15);
    const char *ids[] = { "1", "42", "123456789012345678901234567890", "007", "0", "5", "",
                          "9", "", "", "77", "3", "4", "", "8" };
    for (size_t i = 0; i < 15; i++)
        ck_assert_msg(strcmp(rs.items[i].id, ids[i]) == 0, "response %zu has id \"%s\", expected \"%s\"",
                      i, rs.items[i].id, ids[i]);
    EXPECT_OK(&rs, 0, NULL);
    EXPECT_ERROR(&rs, 1, "unknown command");
    EXPECT_OK(&rs, 2, "2");
    EXPECT_OK(&rs, 3, "true");
    EXPECT_OK(&rs, 4, NULL);
    EXPECT_ERROR(&rs, 5, "");
    EXPECT_OK(&rs, 6, rs.items[0].body);
    EXPECT_ERROR(&rs, 7, "syntax error: invalid move");
    EXPECT_ERROR(&rs, 8, "unknown command");
    EXPECT_ERROR(&rs, 9, "unknown command");
    EXPECT_OK(&rs, 10, "2");
    ck_assert_msg(EXPECT_OK(&rs, 11, NULL)[0] == '\n', "showboard should start on a new line");
    EXPECT_ERROR(&rs, 12, "syntax error");
    EXPECT_OK(&rs, 13, "2");
    EXPECT_OK(&rs, 14, "");

    /* Exact bytes: "=ID result", "?ID message", no id "= result", newline results right after "=ID". */
    const char *input = "7 protocol_version\n8 nope\nprotocol_version\nnope\n9 showboard\n";
    const char *want = "=7 2\n\n?8 unknown command\n\n= 2\n\n? unknown command\n\n=9\n   a b";
    Run *run = run_engine(FAST, input, strlen(input));
    expect_clean_exit(run);
    ck_assert_msg(strncmp(run->out, want, strlen(want)) == 0, "unexpected framing: \"%.120s\"", run->out);
}
END_TEST

START_TEST(test_preprocessing)
{
    static const char script[] =
        "name\r\n"                          /* 0: CR dropped */
        "\tname\t\n"                        /* 1: tabs are spaces */
        "protocol_version # a comment\n"    /* 2 */
        "# interrupt\n"                     /* none */
        "#name\n"                           /* none */
        "1\tknown_command\tplay\n"          /* 3 */
        "na\001me\n"                        /* 4: control characters dropped */
        "\177pro\033tocol_version\b\n"      /* 5 */
        "na\0me\n"                          /* 6: NUL is a control character */
        "   \n"                             /* none */
        "\n"                                /* none */
        "\t \t\n"                           /* none */
        "\r\n"                              /* none */
        "\001\002\003\n"                    /* none */
        "\0\n"                              /* none */
        "2 name#comment\n"                  /* 7 */
        "boardsize 6 # play w a1-a2/a3\n"   /* 8: the comment is not executed */
        "get_position\n"                    /* 9 */
        "# interrupt\n"
        "known_command\tshowboard  \r\n"    /* 10 */
        "3 #\n"                             /* 11: id only */
        "\r\n\r\n"
        "# interrupt\n";
    Responses rs = gtp_bytes(FAST, script, sizeof script - 1);
    EXPECT_COUNT(&rs, 12);
    const char *name = EXPECT_OK(&rs, 0, NULL);
    ck_assert_msg(*name && !strchr(name, '\r'), "name \"%s\"", name);
    EXPECT_OK(&rs, 1, name);
    EXPECT_OK(&rs, 2, "2");
    EXPECT_OK(&rs, 3, "true");
    ck_assert_str_eq(rs.items[3].id, "1");
    EXPECT_OK(&rs, 4, name);
    EXPECT_OK(&rs, 5, "2");
    EXPECT_OK(&rs, 6, name);
    EXPECT_OK(&rs, 7, name);
    ck_assert_str_eq(rs.items[7].id, "2");
    EXPECT_OK(&rs, 8, "");
    EXPECT_OK(&rs, 9, "1B2B1/B4B/6/6/W4W/1W2W1 w");
    EXPECT_OK(&rs, 10, "true");
    EXPECT_ERROR(&rs, 11, "");
    ck_assert_str_eq(rs.items[11].id, "3");

    /* Blank and comment-only input: no response at all. */
    static const char blank[] = "\n\n   \n\t\n# interrupt\n#\n\r\n\001\n";
    Run *run = run_engine(FAST, blank, sizeof blank - 1);
    expect_clean_exit(run);
    ck_assert_msg(run->out_length == 0, "blank lines answered: \"%s\"", run->out);
}
END_TEST

START_TEST(test_pipelined_commands_in_order)
{
    static const char *const commands[][2] = {
        { "protocol_version", "2" },
        { "get_position", START_10 },
        { "known_command play", "true" },
        { "known_command pass", "false" },
        { "komi 0.5", "" },
        { "perft 0", "1" },
        { "bogus", NULL },
        { "final_score x", NULL },
    };
    enum { N = 600, KINDS = sizeof commands / sizeof commands[0] };
    Buf script = { 0 };
    for (int i = 0; i < N; i++) {
        buf_printf(&script, "%d %s\n", i + 1, commands[i % KINDS][0]);
        if (i % 7 == 0)
            buf_puts(&script, "# interrupt\n\n");
    }
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, N);
    for (int i = 0; i < N; i++) {
        char id[16];
        snprintf(id, sizeof id, "%d", i + 1);
        ck_assert_msg(strcmp(rs.items[i].id, id) == 0, "response %d has id %s", i, rs.items[i].id);
        const char *want = commands[i % KINDS][1];
        if (want)
            EXPECT_OK(&rs, (size_t)i, want);
        else
            ck_assert_msg(!rs.items[i].ok, "\"%s\" should fail", commands[i % KINDS][0]);
    }
}
END_TEST

START_TEST(test_long_lines)
{
    Buf script = { 0 };
    /* A line just too long, whose tail looks like a command: dropped whole. */
    buf_repeat(&script, 'a', MAX_LINE);
    buf_puts(&script, " name\n");
    buf_puts(&script, "1 name\n");
    /* A command padded past the limit is refused, not executed, and gets no id. */
    buf_puts(&script, "5 play w d1-d7/g7");
    buf_repeat(&script, ' ', 70000);
    buf_puts(&script, "\n2 get_position\n");
    /* Exactly at the limit: still a command. */
    buf_puts(&script, "3 name");
    buf_repeat(&script, ' ', MAX_LINE - 6);
    buf_puts(&script, "\n");
    /* One byte over. */
    buf_puts(&script, "4 name");
    buf_repeat(&script, ' ', MAX_LINE - 5);
    buf_puts(&script, "\n");
    /* A megabyte, then normal service. */
    buf_repeat(&script, 'z', 1 << 20);
    buf_puts(&script, "\n6 play w d1-d7/g7\n7 get_position\n");
    /* A too-long last line without a newline. */
    buf_repeat(&script, 'q', MAX_LINE + 10);
    size_t length = script.length;
    Responses rs = gtp_bytes(FAST, buf_keep(&script), length);
    EXPECT_COUNT(&rs, 10);
    EXPECT_ERROR(&rs, 0, "line too long");
    ck_assert_str_eq(rs.items[0].id, "");
    const char *name = EXPECT_OK(&rs, 1, NULL);
    EXPECT_ERROR(&rs, 2, "line too long");
    ck_assert_str_eq(rs.items[2].id, "");
    EXPECT_OK(&rs, 3, START_10);
    EXPECT_OK(&rs, 4, name);
    ck_assert_str_eq(rs.items[4].id, "3");
    EXPECT_ERROR(&rs, 5, "line too long");
    EXPECT_ERROR(&rs, 6, "line too long");
    EXPECT_OK(&rs, 7, "");
    EXPECT_OK(&rs, 8, "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b");
    EXPECT_ERROR(&rs, 9, "line too long");
}
END_TEST

static uint64_t junk_state = 0x9e3779b97f4a7c15ULL;

static unsigned junk_byte(void)
{
    junk_state = junk_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(junk_state >> 56);
}

/* Mostly uniform bytes, with extra newlines, NULs, 0xFF, digits and spaces. */
static char junk_char(void)
{
    unsigned b = junk_byte();
    if (b < 16)
        return '\n';
    if (b < 24)
        return '\0';
    if (b < 32)
        return (char)0xff;
    if (b < 40)
        return (char)('0' + b % 10);
    if (b < 44)
        return ' ';
    return (char)junk_byte();
}

/* How many responses the protocol owes for this input, by the GTP v2 rules. */
static size_t expected_response_count(const unsigned char *input, size_t length)
{
    size_t count = 0, start = 0;
    while (start < length) {
        size_t end = start;
        while (end < length && input[end] != '\n')
            end++;
        if (end - start > MAX_LINE) {
            count++;
        } else {
            bool word = false;
            for (size_t i = start; i < end && input[i] != '#'; i++)
                if (input[i] > ' ' && input[i] != 127)
                    word = true;
            count += word;
        }
        start = end + 1;
    }
    return count;
}

START_TEST(test_binary_junk)
{
    for (int round = 0; round < 4; round++) {
        Buf script = { 0 };
        for (int i = 0; i < 40000; i++) {
            char c = junk_char();
            buf_add(&script, &c, 1);
        }
        if (round == 1) /* an overlong junk line without newlines */
            for (int i = 0; i < MAX_LINE + 100; i++) {
                char c = (char)junk_byte();
                if (c == '\n')
                    c = 0;
                buf_add(&script, &c, 1);
            }
        buf_puts(&script, "\n");
        size_t junk_length = script.length;
        size_t expected = expected_response_count((const unsigned char *)script.data, junk_length);
        ck_assert_msg(expected > 100, "round %d: the junk should make many responses", round);
        buf_puts(&script, "999 get_position\n999 name\n");
        size_t length = script.length;
        Responses rs = gtp_bytes(FAST, buf_keep(&script), length);
        ck_assert_msg(rs.count == expected + 2, "round %d: %zu responses to junk, expected %zu",
                      round, rs.count - 2, expected);
        for (size_t i = 0; i < expected; i++)
            ck_assert_msg(!rs.items[i].ok, "round %d: junk line %zu succeeded: \"%s\"", round, i,
                          rs.items[i].body);
        EXPECT_OK(&rs, expected, START_10);
        ck_assert_str_eq(rs.items[expected + 1].id, "999");
        EXPECT_OK(&rs, expected + 1, NULL);
    }
}
END_TEST

START_TEST(test_too_many_arguments)
{
    /* At most 64 arguments, with or without an id. */
    Buf script = { 0 };
    buf_puts(&script, "1 known_command");
    for (int i = 0; i < 65; i++)
        buf_puts(&script, " x");
    buf_puts(&script, "\n2 known_command");
    for (int i = 0; i < 64; i++)
        buf_puts(&script, " x");
    buf_puts(&script, "\nknown_command");
    for (int i = 0; i < 65; i++)
        buf_puts(&script, " x");
    buf_puts(&script, "\nknown_command");
    for (int i = 0; i < 64; i++)
        buf_puts(&script, " x");
    buf_puts(&script, "\nplay w d1-d7/g7");
    for (int i = 0; i < 100; i++)
        buf_puts(&script, " d1-d7/g7");
    buf_puts(&script, "\nget_position\n");
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 6);
    EXPECT_ERROR(&rs, 0, "too many arguments");
    ck_assert_str_eq(rs.items[0].id, "1");
    EXPECT_ERROR(&rs, 1, "syntax error");
    ck_assert_str_eq(rs.items[1].id, "2");
    EXPECT_ERROR(&rs, 2, "too many arguments");
    EXPECT_ERROR(&rs, 3, "syntax error");
    EXPECT_ERROR(&rs, 4, "too many arguments");
    EXPECT_OK(&rs, 5, START_10);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Commands.                                                                  */

START_TEST(test_administrative_commands)
{
    Buf script = { 0 };
    buf_puts(&script, "protocol_version\nname\nversion\nlist_commands\n");
    for (size_t i = 0; i < N_ALL_COMMANDS; i++)
        buf_printf(&script, "known_command %s\n", ALL_COMMANDS[i]);
    buf_puts(&script, "known_command foo\nknown_command NAME\nknown_command known\n"
                      "known_command play_move\n");
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 4 + N_ALL_COMMANDS + 4);
    EXPECT_OK(&rs, 0, "2");
    const char *name = EXPECT_OK(&rs, 1, NULL);
    const char *version = EXPECT_OK(&rs, 2, NULL);
    ck_assert_msg(*name && !strchr(name, '\n'), "name \"%s\"", name);
    ck_assert_msg(*version && !strchr(version, '\n') && !strchr(version, ' '), "version \"%s\"", version);
    const char *list = EXPECT_OK(&rs, 3, NULL);
    char *padded = track(malloc(strlen(list) + 3));
    sprintf(padded, "\n%s\n", list);
    for (size_t i = 0; i < N_ALL_COMMANDS; i++) {
        EXPECT_OK(&rs, 4 + i, "true");
        char line[64];
        snprintf(line, sizeof line, "\n%s\n", ALL_COMMANDS[i]);
        ck_assert_msg(strstr(padded, line) != NULL, "list_commands lacks %s: \"%s\"", ALL_COMMANDS[i], list);
    }
    for (size_t i = 0; i < 4; i++)
        EXPECT_OK(&rs, 4 + N_ALL_COMMANDS + i, "false");

    /* Every listed command is known, listed once per line and only once. */
    size_t n;
    char **lines = split_lines(list, &n);
    ck_assert_msg(n >= N_ALL_COMMANDS, "list_commands has %zu lines", n);
    Buf check = { 0 };
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(*lines[i] && !strchr(lines[i], ' '), "list_commands line \"%s\"", lines[i]);
        for (size_t j = 0; j < i; j++)
            ck_assert_msg(strcmp(lines[i], lines[j]) != 0, "%s listed twice", lines[i]);
        buf_printf(&check, "known_command %s\n", lines[i]);
    }
    rs = gtp(buf_keep(&check));
    EXPECT_COUNT(&rs, n);
    for (size_t i = 0; i < n; i++)
        EXPECT_OK(&rs, i, "true");
}
END_TEST

static const char *const START_TEXT[11] = {
    [4] = "1BB1/B2B/W2W/1WW1 w",
    [5] = "1B1B1/B3B/5/W3W/1W1W1 w",
    [6] = "1B2B1/B4B/6/6/W4W/1W2W1 w",
    [7] = "2B1B2/7/B5B/7/W5W/7/2W1W2 w",
    [8] = "2B2B2/8/B6B/8/8/W6W/8/2W2W2 w",
    [9] = "2B3B2/9/B7B/9/9/9/W7W/9/2W3W2 w",
    [10] = START_10,
};

START_TEST(test_boardsize_every_size)
{
    Buf script = { 0 };
    for (int size = 4; size <= 10; size++) {
        /* the amazon on rank 1 nearest the a-file steps up and shoots back */
        char file = (char)('a' + (size - 1) / 3);
        buf_printf(&script, "boardsize %d\nget_position\nshowboard\nterritory\nlegal_moves\n"
                            "legal_moves b\nperft 1\nplay w %c1-%c2/%c1\nclear_board\nget_position\n"
                            "undo\n", size, file, file, file);
    }
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 7 * 11);
    for (int size = 4; size <= 10; size++) {
        size_t base = (size_t)(size - 4) * 11;
        EXPECT_OK(&rs, base, "");
        const char *text = EXPECT_OK(&rs, base + 1, START_TEXT[size]);
        Board b = board_of(text);
        ck_assert_int_eq(b.size, size);
        check_showboard(EXPECT_OK(&rs, base + 2, NULL), &b);
        check_territory(EXPECT_OK(&rs, base + 3, NULL), &b);
        size_t white = count_words(EXPECT_OK(&rs, base + 4, NULL));
        size_t black = count_words(EXPECT_OK(&rs, base + 5, NULL));
        unsigned long long perft1 = strtoull(EXPECT_OK(&rs, base + 6, NULL), NULL, 10);
        ck_assert_msg(white > 0 && white == perft1, "size %d: %zu legal moves, perft 1 = %llu",
                      size, white, perft1);
        ck_assert_msg(black == white, "size %d: black has %zu moves, white %zu (symmetric start)",
                      size, black, white);
        if (size == 10)
            ck_assert_int_eq(white, START_MOVES_10);
        /* a move, then clear_board: same size, start position, empty history */
        EXPECT_OK(&rs, base + 7, "");
        EXPECT_OK(&rs, base + 8, "");
        EXPECT_OK(&rs, base + 9, START_TEXT[size]);
        EXPECT_ERROR(&rs, base + 10, "cannot undo");
    }
}
END_TEST

START_TEST(test_boardsize_resets_game)
{
    Responses rs = gtp("play w d1-d7/g7\nboardsize 10\nget_position\nundo\n"
                       "boardsize 5\nplay w b1-b4/b1\nboardsize 5\nget_position\nundo\n"
                       "boardsize 07\nget_position\n");
    EXPECT_COUNT(&rs, 11);
    EXPECT_OK(&rs, 0, "");
    EXPECT_OK(&rs, 1, "");
    EXPECT_OK(&rs, 2, START_10);
    EXPECT_ERROR(&rs, 3, "cannot undo");
    EXPECT_OK(&rs, 5, "");
    EXPECT_OK(&rs, 7, START_TEXT[5]);
    EXPECT_ERROR(&rs, 8, "cannot undo");
    EXPECT_OK(&rs, 9, "");
    EXPECT_OK(&rs, 10, START_TEXT[7]);
}
END_TEST

START_TEST(test_showboard_and_territory_midgame)
{
    Responses rs = gtp(SETUP_MIDGAME "get_position\nshowboard\nterritory\n"
                       "set_position 3B/4/xx2/Wx2 w\nget_position\nshowboard\nterritory\n");
    EXPECT_COUNT(&rs, 3 + 3 + 4);
    Board b = board_after(board_after(board_of(START_10), 'W', "d1-d7/g7"), 'B', "d10-d8/d9");
    EXPECT_BOARD(&rs, 3, &b);
    check_showboard(EXPECT_OK(&rs, 4, NULL), &b);
    check_territory(EXPECT_OK(&rs, 5, NULL), &b);

    /* White walled in at a1: every empty square is Black's. */
    b = board_of(EXPECT_OK(&rs, 7, "3B/4/xx2/Wx2 w"));
    check_showboard(EXPECT_OK(&rs, 8, NULL), &b);
    const char *territory = EXPECT_OK(&rs, 9, NULL);
    check_diagram(territory, &b, "WBxb", "b", 0, "territory (walled-in white)");
}
END_TEST

START_TEST(test_play_notations)
{
    static const char *const notations[][2] = {
        { "w", "d1-d7/g7" }, { "W", "D1-D7/G7" }, { "white", "d1d7g7" }, { "WHITE", "d1-d7-g7" },
        { "White", "D1D7-g7" },
    };
    Buf script = { 0 };
    for (size_t i = 0; i < 5; i++)
        buf_printf(&script, "play %s %s\nget_position\nundo\nget_position\n", notations[i][0],
                   notations[i][1]);
    /* shooting back onto the square just left is legal; j10 notation */
    buf_puts(&script, "play w d1-d2/d1\nget_position\nplay b g10-j10/g10\nget_position\n");
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 5 * 4 + 4);
    Board start = board_of(START_10), after = board_after(start, 'W', "d1-d7/g7");
    for (size_t i = 0; i < 5; i++) {
        EXPECT_OK(&rs, 4 * i, "");
        EXPECT_BOARD(&rs, 4 * i + 1, &after);
        EXPECT_OK(&rs, 4 * i + 2, "");
        EXPECT_OK(&rs, 4 * i + 3, START_10);
    }
    EXPECT_OK(&rs, 20, "");
    Board back = board_after(start, 'W', "d1-d2/d1");
    EXPECT_BOARD(&rs, 21, &back);
    EXPECT_OK(&rs, 22, "");
    back = board_after(back, 'B', "g10-j10/g10");
    EXPECT_BOARD(&rs, 23, &back);
}
END_TEST

START_TEST(test_play_colour_not_on_move_and_undo)
{
    Responses rs = gtp(
        "play b d10-d8/d9\nget_position\n"     /* 0,1: black moves while white is on move */
        "play b g10-g8/g9\nget_position\n"     /* 2,3: and again */
        "play w d1-d7/g7\nget_position\n"      /* 4,5 */
        "undo\nget_position\n"                 /* 6,7 */
        "undo\nget_position\n"                 /* 8,9 */
        "undo\nget_position\n"                 /* 10,11 */
        "undo\n"                               /* 12 */
        "play w a4-a5/a6\nplay w a5-a4/a6\n"   /* 13,14: the second shoots at an arrow */
        "get_position\n"                       /* 15 */
        "play w a5-a4/a5\nget_position\n"      /* 16,17: white twice, black stays on move */
        "undo\nget_position\nundo\nget_position\n"); /* 18..21 */
    EXPECT_COUNT(&rs, 22);
    Board start = board_of(START_10);
    Board after1 = board_after(start, 'B', "d10-d8/d9");
    Board after2 = board_after(after1, 'B', "g10-g8/g9");
    Board after3 = board_after(after2, 'W', "d1-d7/g7");
    EXPECT_OK(&rs, 0, "");
    EXPECT_BOARD(&rs, 1, &after1);
    EXPECT_OK(&rs, 2, "");
    EXPECT_BOARD(&rs, 3, &after2);
    EXPECT_OK(&rs, 4, "");
    EXPECT_BOARD(&rs, 5, &after3);
    EXPECT_OK(&rs, 6, "");
    EXPECT_BOARD(&rs, 7, &after2);
    EXPECT_OK(&rs, 8, "");
    EXPECT_BOARD(&rs, 9, &after1);
    EXPECT_OK(&rs, 10, "");
    EXPECT_OK(&rs, 11, START_10);       /* white on move again, as before black's move */
    EXPECT_ERROR(&rs, 12, "cannot undo");
    EXPECT_OK(&rs, 13, "");
    EXPECT_ERROR(&rs, 14, "illegal move");
    Board w1 = board_after(start, 'W', "a4-a5/a6");
    EXPECT_BOARD(&rs, 15, &w1);
    EXPECT_OK(&rs, 16, "");
    Board w2 = board_after(w1, 'W', "a5-a4/a5");
    w2.side = 'b';
    EXPECT_BOARD(&rs, 17, &w2);
    EXPECT_OK(&rs, 18, "");
    EXPECT_BOARD(&rs, 19, &w1);          /* black still on move */
    EXPECT_OK(&rs, 20, "");
    EXPECT_OK(&rs, 21, START_10);
}
END_TEST

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(test_every_listed_move_is_playable)
{
    /* 10x10 start and a 6x6 middle game: each listed move plays, and undo restores. */
    static const char *const setups[] = { "boardsize 10\n", "boardsize 6\nplay w b1-b4/e4\n" };
    for (size_t s = 0; s < 2; s++) {
        Buf script = { 0 };
        buf_puts(&script, setups[s]);
        buf_puts(&script, "get_position\nlegal_moves\nlegal_moves w\nlegal_moves b\nperft 1\n");
        Responses rs = gtp(buf_keep(&script));
        size_t first = rs.count - 5;
        const char *position = EXPECT_OK(&rs, first, NULL);
        Board before = board_of(position);
        char mover = before.side == 'w' ? 'W' : 'B';
        size_t n, nw, nb;
        char **moves = split_words(EXPECT_OK(&rs, first + 1, NULL), &n);
        split_words(EXPECT_OK(&rs, first + 2, NULL), &nw);
        split_words(EXPECT_OK(&rs, first + 3, NULL), &nb);
        ck_assert_msg(n == strtoull(EXPECT_OK(&rs, first + 4, NULL), NULL, 10),
                      "legal_moves count %zu differs from perft 1", n);
        ck_assert_msg(n == (mover == 'W' ? nw : nb), "legal_moves without colour is not the side to move's");
        if (s == 0)
            ck_assert_int_eq(n, START_MOVES_10);
        ck_assert_msg(n > 0, "no moves");

        Buf plays = { 0 };
        buf_puts(&plays, setups[s]);
        for (size_t i = 0; i < n; i++) {
            int sq[3][2];
            ck_assert_msg(parse_move(moves[i], sq), "legal_moves gave non-canonical \"%s\"", moves[i]);
            buf_printf(&plays, "play %c %s\n%sundo\n", mover, moves[i], i % 97 == 0 ? "get_position\n" : "");
        }
        buf_puts(&plays, "get_position\n");
        char **sorted = track(malloc(n * sizeof *sorted));
        memcpy(sorted, moves, n * sizeof *sorted);
        qsort(sorted, n, sizeof *sorted, compare_strings);
        for (size_t i = 1; i < n; i++)
            ck_assert_msg(strcmp(sorted[i - 1], sorted[i]) != 0, "%s listed twice", sorted[i]);
        Responses played = gtp(buf_keep(&plays));
        size_t k = played.count - (2 * n + (n + 96) / 97 + 1);
        for (size_t i = 0; i < n; i++) {
            ck_assert_msg(played.items[k].ok, "listed move %s refused: %s", moves[i], played.items[k].body);
            k++;
            if (i % 97 == 0) {
                Board after = board_of(EXPECT_OK(&played, k, NULL));
                Board want = board_after(before, mover, moves[i]);
                ck_assert_msg(board_equal(&after, &want), "position after %s is wrong: %s", moves[i],
                              played.items[k].body);
                k++;
            }
            EXPECT_OK(&played, k, "");
            k++;
        }
        EXPECT_OK(&played, k, position);
    }
}
END_TEST

START_TEST(test_legal_moves_for_either_colour)
{
    Responses rs = gtp("legal_moves w\nlegal_moves b\nlegal_moves\nlegal_moves white\nlegal_moves BLACK\n"
                       "play w d1-d7/g7\nlegal_moves\nlegal_moves b\nlegal_moves w\nperft 1\n"
                       "set_position 3B/4/xx2/Wx2 w\nlegal_moves\nlegal_moves w\nlegal_moves b\n");
    EXPECT_COUNT(&rs, 14);
    for (size_t i = 0; i < 5; i++)
        ck_assert_int_eq(count_words(EXPECT_OK(&rs, i, NULL)), START_MOVES_10);
    EXPECT_OK(&rs, 3, rs.items[0].body);
    EXPECT_OK(&rs, 4, rs.items[1].body);
    ck_assert_msg(strcmp(rs.items[0].body, rs.items[1].body) != 0, "white and black lists are identical");
    ck_assert_msg(has_word(rs.items[0].body, "d1-d7/g7") && !has_word(rs.items[0].body, "d10-d8/d9"),
                  "white's list is wrong");
    ck_assert_msg(has_word(rs.items[1].body, "d10-d8/d9") && !has_word(rs.items[1].body, "d1-d7/g7"),
                  "black's list is wrong");
    const char *black = EXPECT_OK(&rs, 6, NULL);
    EXPECT_OK(&rs, 7, black);
    ck_assert_msg(count_words(black) == strtoull(EXPECT_OK(&rs, 9, NULL), NULL, 10), "perft 1 mismatch");
    ck_assert_msg(!has_word(rs.items[8].body, "d1-d7/g7") && has_word(rs.items[8].body, "d7-d8/d7"),
                  "white's list after d1-d7/g7 is wrong");
    /* a walled-in side has no moves: an empty result */
    EXPECT_OK(&rs, 11, "");
    EXPECT_OK(&rs, 12, "");
    ck_assert_msg(count_words(EXPECT_OK(&rs, 13, NULL)) > 0, "black should have moves");
}
END_TEST

START_TEST(test_perft)
{
    Responses rs = gtp("perft 0\nperft 1\nperft 2\nget_position\nundo\n"
                       "set_position 3B/4/xx2/Wx2 w\nperft 1\nperft 20\n"
                       "boardsize 4\nperft 1\nlegal_moves\nperft 2\n");
    EXPECT_COUNT(&rs, 12);
    EXPECT_OK(&rs, 0, "1");
    EXPECT_OK(&rs, 1, "2176");
    EXPECT_OK(&rs, 2, "4307152");
    EXPECT_OK(&rs, 3, START_10);    /* perft leaves the position alone */
    EXPECT_ERROR(&rs, 4, "cannot undo");
    EXPECT_OK(&rs, 6, "0");          /* side to move has no move */
    EXPECT_OK(&rs, 7, "0");          /* depth 20 is accepted */
    unsigned long long p1 = strtoull(EXPECT_OK(&rs, 9, NULL), NULL, 10);
    ck_assert_int_eq(p1, count_words(EXPECT_OK(&rs, 10, NULL)));
    unsigned long long p2 = strtoull(EXPECT_OK(&rs, 11, NULL), NULL, 10);
    ck_assert_msg(p2 > p1, "perft 2 (%llu) should exceed perft 1 (%llu) on 4x4", p2, p1);
}
END_TEST

START_TEST(test_genmove_plays_a_legal_move)
{
    Responses rs = gtp("legal_moves w\ngenmove w\nget_position\n"
                       "legal_moves b\ngenmove BLACK\nget_position\n"
                       "legal_moves b\ngenmove b\nget_position\n"  /* black again, white on move */
                       "undo\nundo\nundo\nget_position\nundo\n");
    EXPECT_COUNT(&rs, 14);
    Board b = board_of(START_10);
    for (int k = 0; k < 3; k++) {
        char mover = k == 0 ? 'W' : 'B';
        const char *move = EXPECT_OK(&rs, 3 * k + 1, NULL);
        ck_assert_msg(has_word(EXPECT_OK(&rs, 3 * k, NULL), move), "genmove %c gave %s, not in legal_moves",
                      mover, move);
        Board want = board_after(b, mover, move);
        Board got = board_of(EXPECT_OK(&rs, 3 * k + 2, NULL));
        ck_assert_msg(board_equal(&got, &want), "after genmove %s the position is %s", move,
                      rs.items[3 * k + 2].body);
        b = got;
    }
    for (int k = 9; k < 12; k++)
        EXPECT_OK(&rs, (size_t)k, "");
    EXPECT_OK(&rs, 12, START_10);
    EXPECT_ERROR(&rs, 13, "cannot undo");
}
END_TEST

START_TEST(test_genmove_reproducible)
{
    const char *script = "genmove w\ngenmove b\ngenmove w\nreg_genmove b\n";
    Responses a = gtp(script), b = gtp(script);
    EXPECT_COUNT(&a, 4);
    EXPECT_COUNT(&b, 4);
    for (size_t i = 0; i < 4; i++)
        EXPECT_OK(&b, i, EXPECT_OK(&a, i, NULL));
}
END_TEST

START_TEST(test_reg_genmove_changes_nothing)
{
    Responses rs = gtp(SETUP_MIDGAME "get_position\nlegal_moves w\nlegal_moves b\n"
                       "reg_genmove w\nget_position\nreg_genmove b\nget_position\nreg_genmove white\n"
                       "undo\nundo\nget_position\nundo\n");
    EXPECT_COUNT(&rs, 15);
    const char *position = EXPECT_OK(&rs, 3, NULL);
    ck_assert_msg(has_word(EXPECT_OK(&rs, 4, NULL), EXPECT_OK(&rs, 6, NULL)), "reg_genmove w not legal");
    EXPECT_OK(&rs, 7, position);
    ck_assert_msg(has_word(EXPECT_OK(&rs, 5, NULL), EXPECT_OK(&rs, 8, NULL)), "reg_genmove b not legal");
    EXPECT_OK(&rs, 9, position);
    ck_assert_msg(has_word(rs.items[4].body, EXPECT_OK(&rs, 10, NULL)), "reg_genmove white not legal");
    EXPECT_OK(&rs, 11, "");
    EXPECT_OK(&rs, 12, "");
    EXPECT_OK(&rs, 13, START_10);
    EXPECT_ERROR(&rs, 14, "cannot undo");
}
END_TEST

START_TEST(test_genmove_resigns_without_moves)
{
    Responses rs = gtp("set_position 3B/4/xx2/Wx2 w\n"
                       "genmove w\nget_position\nreg_genmove w\ngenmove white\nget_position\n"
                       "legal_moves b\ngenmove b\nget_position\n");
    EXPECT_COUNT(&rs, 9);
    EXPECT_OK(&rs, 1, "resign");
    EXPECT_OK(&rs, 2, "3B/4/xx2/Wx2 w");
    EXPECT_OK(&rs, 3, "resign");
    EXPECT_OK(&rs, 4, "resign");
    EXPECT_OK(&rs, 5, "3B/4/xx2/Wx2 w");
    const char *move = EXPECT_OK(&rs, 7, NULL);
    ck_assert_msg(has_word(EXPECT_OK(&rs, 6, NULL), move), "genmove b gave %s", move);
    Board want = board_after(board_of("3B/4/xx2/Wx2 w"), 'B', move);
    Board got = board_of(EXPECT_OK(&rs, 8, NULL));
    ck_assert_msg(board_equal(&got, &want), "after genmove b: %s", rs.items[8].body);

    /* A game played into a trap: the loser resigns, the winner still moves. */
    rs = gtp("set_position B3/xx2/4/3W w\nplay w d1-d2/b4\ngenmove b\nreg_genmove b\nget_position\n"
             "reg_genmove w\n");
    EXPECT_COUNT(&rs, 6);
    EXPECT_OK(&rs, 1, "");
    EXPECT_OK(&rs, 2, "resign");
    EXPECT_OK(&rs, 3, "resign");
    EXPECT_OK(&rs, 4, "Bx2/xx2/3W/4 b");
    ck_assert_msg(strcmp(EXPECT_OK(&rs, 5, NULL), "resign") != 0, "white has moves, yet resigns");
}
END_TEST

START_TEST(test_final_score)
{
    Responses rs = gtp("final_score\n"                                 /* 0 */
                       "set_position B3/xx2/4/3W w\nfinal_score\n"     /* 1,2 */
                       "play w d1-d2/b4\nfinal_score\nget_position\n"  /* 3,4,5: black walled in */
                       "undo\nfinal_score\n"                           /* 6,7 */
                       "set_position 3B/4/xx2/Wx2 w\nfinal_score\n"    /* 8,9: white walled in */
                       "set_position 3B/4/xx2/Wx2 b\nfinal_score\n"    /* 10,11: not over */
                       "set_position Bx2/xx2/x3/3W b\nfinal_score\n"); /* 12,13: over, 10 squares */
    EXPECT_COUNT(&rs, 14);
    check_score_format(EXPECT_OK(&rs, 0, NULL));
    check_score_format(EXPECT_OK(&rs, 2, NULL));
    EXPECT_OK(&rs, 3, "");
    EXPECT_OK(&rs, 4, "W+11");
    EXPECT_OK(&rs, 5, "Bx2/xx2/3W/4 b"); /* final_score changes nothing */
    EXPECT_OK(&rs, 6, "");
    check_score_format(EXPECT_OK(&rs, 7, NULL));
    EXPECT_OK(&rs, 9, "B+11");
    check_score_format(EXPECT_OK(&rs, 11, NULL));
    ck_assert_msg(rs.items[11].body[0] == 'B', "black owns the board, yet \"%s\"", rs.items[11].body);
    EXPECT_OK(&rs, 13, "W+10");
}
END_TEST

START_TEST(test_set_position_round_trip)
{
    static const char *const positions[] = {
        "1BB1/B2B/W2W/1WW1 b",
        "W3/4/4/3B w",
        "x3x/1W1B1/5/1B1W1/x3x b",
        "6B3/3x6/3B6/B2W2x2B/10/10/W8W/10/10/6W3 w",
        "xxxxxxxxx1/9B/10/10/10/10/10/10/W9/10 b",
        "BBBB6/10/10/10/10/10/10/10/10/6WWWW w",
        "1B6x1/1W1xxx1x2/x1xx1x1Bx1/2x2xW3/2x3xx2/7x2/2Wxx1xW2/2x1x1x1B1/x1x1Bxx3/2x6x w",
        "2B2B2/8/B6B/8/8/W6W/8/2W2W2 b",
        "2x1x2/7/B5B/7/W5W/7/2W1W2 w",
    };
    Buf script = { 0 };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++)
        buf_printf(&script, "set_position %s\nget_position\nshowboard\nundo\n", positions[i]);
    buf_puts(&script, "set_position 1BB1/B2B/W2W/1WW1 B\nget_position\n"
                      "set_position 1BB1/B2B/W2W/1WW1 w\nplay w a2-a1/a2\nundo\nget_position\nundo\n");
    Responses rs = gtp(buf_keep(&script));
    size_t n = sizeof positions / sizeof positions[0];
    EXPECT_COUNT(&rs, 4 * n + 7);
    for (size_t i = 0; i < n; i++) {
        EXPECT_OK(&rs, 4 * i, "");
        EXPECT_OK(&rs, 4 * i + 1, positions[i]);
        Board b = board_of(positions[i]);
        check_showboard(EXPECT_OK(&rs, 4 * i + 2, NULL), &b);
        EXPECT_ERROR(&rs, 4 * i + 3, "cannot undo");
    }
    EXPECT_OK(&rs, 4 * n + 1, "1BB1/B2B/W2W/1WW1 b");
    EXPECT_OK(&rs, 4 * n + 3, "");
    EXPECT_OK(&rs, 4 * n + 4, "");
    EXPECT_OK(&rs, 4 * n + 5, "1BB1/B2B/W2W/1WW1 w");
    EXPECT_ERROR(&rs, 4 * n + 6, "cannot undo");
}
END_TEST

START_TEST(test_clock_commands_succeed)
{
    Responses rs = gtp("time_settings 300 30 5\ntime_left w 120 0\ntime_left b 20 3\n"
                       "time_left white 10 0\ntime_left BLACK 10 2\ntime_settings 0 0 0\n"
                       "time_settings 0 1 0\ntime_settings 1e6 1e6 100000\ntime_left w 1e6 100000\n"
                       "time_left b 0 0\ntime_settings 600 0 0\ngenmove w\ngenmove b\n"
                       "cputime\ngenmove w\ncputime\nget_position\n");
    EXPECT_COUNT(&rs, 17);
    for (size_t i = 0; i < 11; i++)
        EXPECT_OK(&rs, i, "");
    EXPECT_OK(&rs, 11, NULL);
    EXPECT_OK(&rs, 12, NULL);
    char *end;
    double t1 = strtod(EXPECT_OK(&rs, 13, NULL), &end);
    ck_assert_msg(*end == '\0' && t1 >= 0, "cputime \"%s\"", rs.items[13].body);
    double t2 = strtod(EXPECT_OK(&rs, 15, NULL), &end);
    ck_assert_msg(*end == '\0' && t2 >= t1, "cputime went from %g to \"%s\"", t1, rs.items[15].body);
    Board b = board_of(EXPECT_OK(&rs, 16, NULL));
    ck_assert_msg(b.side == 'b', "three moves played, black should be on move");
}
END_TEST

/*
 * The clock is only visible through the search budget.  With a playout cap
 * and no clock, each search runs the full cap; with a clock of zero seconds
 * it stops almost at once.  Every refused time_settings / time_left below
 * would visibly change the budget had it been applied.
 */
START_TEST(test_clock_errors_leave_clock)
{
    const char *const args[] = { "--playouts", "300", "--seed", "1", "--verbose", "--memory", "16", NULL };
    const char *script =
        /* no clock: these would all set a zero clock */
        "time_settings -1 0 0\ntime_settings 0 -1 0\ntime_settings 0 0 -1\ntime_settings 0 0 1.5\n"
        "time_settings 0 0 100001\ntime_settings 0 0\ntime_settings 0 0 0 0\ntime_settings x 0 0\n"
        "genmove w\n"                                          /* #8: full cap */
        "time_settings 0 0 0\ngenmove b\n"                     /* #10: zero clock, cut short */
        /* zero clock: these would all give time */
        "time_settings 1000 0 -1\ntime_settings 1000 0 1.5\ntime_settings 1000 0 100001\n"
        "time_settings 1000 0\ntime_settings 1e7 0 0\ntime_settings 1000 1e7 0\n"
        "time_settings 1000 nan 0\ntime_settings 1000 0 0 0\n"
        "time_left w 1e7 0\ntime_left w 1000 -1\ntime_left w 1000 1.5\ntime_left w 1000 100001\n"
        "time_left w 1000\ntime_left w 1000 0 0\ntime_left x 1000 0\ntime_left w inf 0\n"
        "genmove w\n"                                          /* #27: still cut short */
        "time_left w 1000 0\ngenmove w\n"                      /* #29: full cap again */
        "time_settings 0 1 0\ngenmove b\n";                   /* #31: GTP "no time limit" */
    Run *run = run_engine(args, script, strlen(script));
    expect_clean_exit(run);
    Responses rs = split_responses(run);
    EXPECT_COUNT(&rs, 32);
    for (size_t i = 0; i < 8; i++)
        EXPECT_ERROR(&rs, i, "syntax error");
    EXPECT_OK(&rs, 9, "");
    for (size_t i = 11; i < 27; i++)
        EXPECT_ERROR(&rs, i, "syntax error");
    EXPECT_OK(&rs, 28, "");
    EXPECT_OK(&rs, 30, "");
    static const size_t genmoves[] = { 8, 10, 27, 29, 31 };
    for (size_t k = 0; k < 5; k++)
        ck_assert_msg(strcmp(EXPECT_OK(&rs, genmoves[k], NULL), "resign") != 0, "genmove #%zu resigned",
                      genmoves[k]);
    unsigned long long it[8];
    size_t n = verbose_iterations(run->err, it, 8);
    ck_assert_msg(n == 5, "expected 5 search summaries on stderr, got %zu: %s", n, run->err);
    ck_assert_msg(it[0] == 300, "refused time_settings changed the clock: %llu iterations", it[0]);
    ck_assert_msg(it[1] < 300, "a zero clock should cut the search short: %llu iterations", it[1]);
    ck_assert_msg(it[2] < 300, "refused time_settings/time_left changed the clock: %llu iterations", it[2]);
    ck_assert_msg(it[3] == 300, "time_left w 1000 0 should give time: %llu iterations", it[3]);
    ck_assert_msg(it[4] == 300, "time_settings 0 1 0 means no limit: %llu iterations", it[4]);
}
END_TEST

/*
 * GTP: reg_genmove has no effects.  With --resign every search counts towards
 * the resignation streak, so after three reg_genmoves a genmove must still
 * behave as the first genmove of a session (which plays a move).
 */
START_TEST(test_reg_genmove_does_not_feed_resignation)
{
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    Responses rs = gtp_args(args, "reg_genmove w\nreg_genmove w\nreg_genmove w\ngenmove w\n");
    EXPECT_COUNT(&rs, 4);
    for (size_t i = 0; i < 4; i++)
        ck_assert_msg(strcmp(EXPECT_OK(&rs, i, NULL), "resign") != 0,
                      "response %zu is resign: reg_genmove changed the resignation state "
                      "(a fresh session's first genmove plays a move)", i);
}
END_TEST

/* The resignation streak belongs to a game: a new game must not inherit it. */
START_TEST(test_new_game_resets_resignation)
{
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    static const char *const new_game[] = {
        "clear_board", ("set_position " START_10), "boardsize 10",
    };
    for (size_t i = 0; i < 3; i++) {
        Buf script = { 0 };
        buf_printf(&script, "genmove w\ngenmove w\n%s\ngenmove w\n", new_game[i]);
        Responses rs = gtp_args(args, buf_keep(&script));
        EXPECT_COUNT(&rs, 4);
        ck_assert_msg(strcmp(EXPECT_OK(&rs, 0, NULL), "resign") && strcmp(EXPECT_OK(&rs, 1, NULL), "resign"),
                      "resigned before three low estimates");
        EXPECT_OK(&rs, 2, "");
        ck_assert_msg(strcmp(EXPECT_OK(&rs, 3, NULL), "resign") != 0,
                      "first genmove after \"%s\" resigned: the previous game's low estimates "
                      "carried over", new_game[i]);
    }
}
END_TEST

/*
 * --resign P resigns once a colour's estimate has stayed below P for three of
 * its moves (P = 1: every estimate is low); a resignation plays nothing.
 */
START_TEST(test_resign_after_three_low_estimates)
{
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    Responses rs = gtp_args(args, "genmove w\ngenmove b\ngenmove w\ngenmove b\nget_position\n"
                                  "genmove w\ngenmove b\nget_position\n");
    EXPECT_COUNT(&rs, 8);
    Board b = board_of(START_10);
    for (size_t i = 0; i < 4; i++) {
        const char *move = EXPECT_OK(&rs, i, NULL);
        ck_assert_msg(strcmp(move, "resign") != 0, "genmove #%zu resigned too early", i);
        b = board_after(b, i % 2 ? 'B' : 'W', move);
    }
    EXPECT_BOARD(&rs, 4, &b);
    EXPECT_OK(&rs, 5, "resign");
    EXPECT_OK(&rs, 6, "resign");
    EXPECT_BOARD(&rs, 7, &b);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Game records: loadsgf and printsgf, with files in a private directory.     */

/*
 * The test case's files live in one directory made by mkdtemp.  It is made
 * and removed by an unchecked fixture, which runs in the runner's own
 * process, so it goes away even when a test fails; a checked fixture empties
 * it before each test.
 */
static char temp_dir[64];

/* Removes the files in the temporary directory (it holds nothing else). */
static void empty_temp_dir(void)
{
    DIR *dir = opendir(temp_dir);
    ck_assert_msg(dir != NULL, "opendir %s: %s", temp_dir, strerror(errno));
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", temp_dir, entry->d_name);
        if (unlink(path) != 0)
            rmdir(path);
    }
    closedir(dir);
}

static void make_temp_dir(void)
{
    snprintf(temp_dir, sizeof temp_dir, "/tmp/test_protocol_XXXXXX");
    ck_assert_msg(mkdtemp(temp_dir) != NULL, "mkdtemp: %s", strerror(errno));
}

static void remove_temp_dir(void)
{
    if (!temp_dir[0])
        return;
    empty_temp_dir();
    rmdir(temp_dir);
    temp_dir[0] = '\0';
}

static const char *temp_path(const char *name)
{
    Buf path = { 0 };
    buf_printf(&path, "%s/%s", temp_dir, name);
    return buf_keep(&path);
}

/* Writes text to a new file of the temporary directory; returns its path. */
static const char *write_temp_file(const char *name, const char *text)
{
    const char *path = temp_path(name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot create %s: %s", path, strerror(errno));
    ck_assert(fputs(text, f) >= 0 || !*text);
    ck_assert(fclose(f) == 0);
    return path;
}

/* The whole file as a tracked string, or NULL when it cannot be opened. */
static char *read_text_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    Buf text = { 0 };
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_add(&text, chunk, n);
    fclose(f);
    return buf_keep(&text);
}

static bool file_exists(const char *path) { return access(path, F_OK) == 0; }

/* The game of SETUP_MIDGAME as printsgf writes it (PROTOCOL.md §8), and its position. */
#define SGF_MIDGAME "(;FF[4]GM[18]CA[UTF-8]SZ[10]\nAW[ag][jg][dj][gj]AB[da][ga][ad][jd]PL[W]\n" \
                    ";W[djddgd];B[dadcdb])"
#define POSITION_MIDGAME "6B3/3x6/3B6/B2W2x2B/10/10/W8W/10/10/6W3 w"
/* The same game with a third move that is illegal (d7-c9 is no queen move). */
#define SGF_ILLEGAL_THIRD "(;FF[4]GM[18]CA[UTF-8]SZ[10]\nAW[ag][jg][dj][gj]AB[da][ga][ad][jd]PL[W]\n" \
                          ";W[djddgd];B[dadcdb];W[ddcbdb])"

START_TEST(test_printsgf_writes_the_game)
{
    const char *file = temp_path("midgame.sgf");
    Buf script = { 0 };
    buf_printf(&script, SETUP_MIDGAME "get_position\nprintsgf\nprintsgf %s\nget_position\nundo\nprintsgf\n"
                        "set_position Wx1B/xx2/4/4 w\nprintsgf\nboardsize 5\nprintsgf\n", file);
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 3 + 10);
    EXPECT_OK(&rs, 3, POSITION_MIDGAME);
    EXPECT_OK(&rs, 4, SGF_MIDGAME);
    EXPECT_OK(&rs, 5, "");
    EXPECT_OK(&rs, 6, POSITION_MIDGAME); /* printsgf changes nothing */
    const char *written = read_text_file(file);
    ck_assert_msg(written != NULL, "printsgf %s wrote no file", file);
    ck_assert_msg(strcmp(written, SGF_MIDGAME "\n") == 0, "printsgf FILE wrote \"%s\"", written);
    /* a move taken back is not recorded */
    EXPECT_OK(&rs, 7, "");
    EXPECT_OK(&rs, 8, "(;FF[4]GM[18]CA[UTF-8]SZ[10]\nAW[ag][jg][dj][gj]AB[da][ga][ad][jd]PL[W]\n"
                      ";W[djddgd])");
    /* a finished game from set_position: its start, arrows and the result */
    EXPECT_OK(&rs, 10, "(;FF[4]GM[18]CA[UTF-8]SZ[4]RE[B+11]\nAW[aa]AB[da]AA[ba][ab][bb]PL[W])");
    EXPECT_OK(&rs, 12, "(;FF[4]GM[18]CA[UTF-8]SZ[5]\nAW[ad][ed][be][de]AB[ba][da][ab][eb]PL[W])");
}
END_TEST

/*
 * Plays `colours` (one letter per genmove, w or b, not necessarily
 * alternating) on a board of `size`, then printsgf to `file`.  Fills
 * positions[0..n] (tracked) and returns printsgf's result.
 */
static const char *record_game(int size, const char *colours, const char *file, const char **positions)
{
    size_t n = strlen(colours);
    Buf script = { 0 };
    buf_printf(&script, "boardsize %d\nget_position\n", size);
    for (size_t i = 0; i < n; i++)
        buf_printf(&script, "genmove %c\nget_position\n", colours[i]);
    buf_printf(&script, "printsgf\nprintsgf %s\n", file);
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 2 + 2 * n + 2);
    positions[0] = EXPECT_OK(&rs, 1, NULL);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(strcmp(EXPECT_OK(&rs, 2 + 2 * i, NULL), "resign") != 0, "genmove #%zu resigned", i);
        positions[i + 1] = EXPECT_OK(&rs, 3 + 2 * i, NULL);
    }
    EXPECT_OK(&rs, 3 + 2 * n, "");
    return EXPECT_OK(&rs, 2 + 2 * n, NULL);
}

START_TEST(test_printsgf_loadsgf_round_trip)
{
    static const char colours[] = "wbwbbwbwwbwb"; /* two moves out of turn */
    enum { MOVES = sizeof colours - 1 };
    const char *positions[MOVES + 1];
    const char *file = temp_path("game.sgf");
    const char *sgf = record_game(8, colours, file, positions);
    static const char head[] = "(;FF[4]GM[18]CA[UTF-8]SZ[8]\nAW[";
    ck_assert_msg(strncmp(sgf, head, sizeof head - 1) == 0 && strstr(sgf, "PL[W]")
                  && sgf[strlen(sgf) - 1] == ')', "printsgf gave \"%s\"", sgf);
    const char *written = read_text_file(file);
    ck_assert_msg(written != NULL, "printsgf wrote no file");
    Buf want = { 0 };
    buf_printf(&want, "%s\n", sgf);
    const char *want_text = buf_keep(&want);
    ck_assert_msg(strcmp(written, want_text) == 0, "the file differs from the printsgf result:\n%s", written);
    /* the printsgf result, saved as it is by the controller */
    const char *copy = write_temp_file("copy.sgf", sgf);

    Buf script = { 0 };
    buf_printf(&script, "boardsize 6\nloadsgf %s\nget_position\nprintsgf\n"
                        "boardsize 6\nloadsgf %s\nget_position\nprintsgf\n", file, copy);
    for (int i = 0; i < MOVES; i++)
        buf_puts(&script, "undo\nget_position\n");
    buf_puts(&script, "undo\n");
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 8 + 2 * MOVES + 1);
    for (size_t k = 0; k < 2; k++) {
        EXPECT_OK(&rs, 4 * k + 1, "");
        EXPECT_OK(&rs, 4 * k + 2, positions[MOVES]);
        EXPECT_OK(&rs, 4 * k + 3, sgf); /* written again exactly as before */
    }
    /* the moves loaded are the history: undo walks back to the start */
    for (int i = 0; i < MOVES; i++) {
        EXPECT_OK(&rs, 8 + 2 * (size_t)i, "");
        EXPECT_OK(&rs, 9 + 2 * (size_t)i, positions[MOVES - 1 - i]);
    }
    EXPECT_ERROR(&rs, 8 + 2 * MOVES, "cannot undo");
}
END_TEST

START_TEST(test_loadsgf_move_number)
{
    static const char colours[] = "wbwbwbwb";
    enum { MOVES = sizeof colours - 1 };
    const char *positions[MOVES + 1];
    const char *file = temp_path("game.sgf");
    record_game(6, colours, file, positions);

    /* loadsgf FILE N: the position before move N */
    Buf script = { 0 };
    for (int n = 1; n <= MOVES + 1; n++)
        buf_printf(&script, "loadsgf %s %d\nget_position\n", file, n);
    buf_printf(&script, "loadsgf %s %d\nget_position\nloadsgf %s 101\nget_position\n", file, MOVES + 2, file);
    /* N - 1 moves of history, then cannot undo */
    buf_printf(&script, "loadsgf %s 4\nundo\nundo\nundo\nget_position\nundo\n", file);
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 2 * (MOVES + 1) + 4 + 6);
    for (int n = 1; n <= MOVES + 1; n++) {
        EXPECT_OK(&rs, 2 * (size_t)(n - 1), "");
        EXPECT_OK(&rs, 2 * (size_t)(n - 1) + 1, positions[n - 1]);
    }
    size_t k = 2 * (MOVES + 1);
    EXPECT_OK(&rs, k + 1, positions[MOVES]); /* past the last move: the whole game */
    EXPECT_OK(&rs, k + 3, positions[MOVES]);
    for (size_t i = 4; i < 8; i++)
        EXPECT_OK(&rs, k + i, "");
    EXPECT_OK(&rs, k + 8, positions[0]);
    EXPECT_ERROR(&rs, k + 9, "cannot undo");

    /* Moves from move N on are not played, so their legality is not checked. */
    const char *illegal = write_temp_file("illegal.sgf", SGF_ILLEGAL_THIRD "\n");
    script = (Buf){ 0 };
    buf_printf(&script, "loadsgf %s 3\nget_position\nloadsgf %s 2\nget_position\nloadsgf %s 4\n"
                        "get_position\nloadsgf %s\n", illegal, illegal, illegal, illegal);
    rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 7);
    EXPECT_OK(&rs, 0, "");
    EXPECT_OK(&rs, 1, POSITION_MIDGAME);
    EXPECT_OK(&rs, 2, "");
    Board after1 = board_after(board_of(START_10), 'W', "d1-d7/g7");
    EXPECT_BOARD(&rs, 3, &after1);
    EXPECT_ERROR(&rs, 4, "cannot load file: illegal move");
    EXPECT_BOARD(&rs, 5, &after1);
    EXPECT_ERROR(&rs, 6, "cannot load file: illegal move");
}
END_TEST

/* The engine's start position of that size with the colours swapped, Black to move. */
static const char *swapped_start(int size)
{
    char *text = xstrdup(START_TEXT[size]);
    char *p = text;
    for (; *p != ' '; p++)
        *p = *p == 'W' ? 'B' : *p == 'B' ? 'W' : *p;
    p[1] = 'b';
    return text;
}

START_TEST(test_loadsgf_default_start)
{
    /* Without AW / AB: the SGF convention's start, Black on a4 d1 g1 j4 to move. */
    const char *file = write_temp_file("default.sgf", "(;FF[4]GM[18];B[agafae])\n");
    Buf script = { 0 };
    buf_printf(&script, "loadsgf %s 1\nget_position\nloadsgf %s\nget_position\n", file, file);
    for (int size = 4; size <= 10; size++) {
        char name[32], text[64];
        snprintf(name, sizeof name, "empty%d.sgf", size);
        snprintf(text, sizeof text, "(;GM[18]SZ[%d])", size);
        buf_printf(&script, "loadsgf %s\nget_position\n", write_temp_file(name, text));
    }
    Responses rs = gtp(buf_keep(&script));
    EXPECT_COUNT(&rs, 4 + 2 * 7);
    EXPECT_OK(&rs, 0, "");
    Board start = board_of(EXPECT_OK(&rs, 1, NULL));
    static const char *const black[] = { "a4", "d1", "g1", "j4" }, *const white[] = { "a7", "d10", "g10", "j7" };
    for (int i = 0; i < 4; i++) {
        int file_b = black[i][0] - 'a', rank_b = atoi(black[i] + 1) - 1;
        int file_w = white[i][0] - 'a', rank_w = atoi(white[i] + 1) - 1;
        ck_assert_msg(start.cell[rank_b][file_b] == 'B', "no black amazon on %s: %s", black[i], rs.items[1].body);
        ck_assert_msg(start.cell[rank_w][file_w] == 'W', "no white amazon on %s: %s", white[i], rs.items[1].body);
    }
    ck_assert_msg(start.side == 'b', "Black should move first: %s", rs.items[1].body);
    EXPECT_OK(&rs, 1, swapped_start(10));
    EXPECT_OK(&rs, 2, "");
    Board after = board_after(start, 'B', "a4-a5/a6");
    EXPECT_BOARD(&rs, 3, &after);
    for (int size = 4; size <= 10; size++) {
        size_t i = 4 + 2 * (size_t)(size - 4);
        EXPECT_OK(&rs, i, "");
        EXPECT_OK(&rs, i + 1, swapped_start(size));
    }
}
END_TEST

/* Every failing loadsgf / printsgf leaves the state as it was; so does a printsgf that works. */
static void check_record_errors_leave_state(const char *setup)
{
    const char *good = write_temp_file("good.sgf", SGF_MIDGAME "\n");
    const char *garbage = write_temp_file("garbage.sgf", "this is not SGF\n");
    const char *empty = write_temp_file("empty.sgf", "");
    const char *cut = write_temp_file("cut.sgf", "(;FF[4]GM[18]SZ[10]AW[aa]AB[jj];W[aaabac]\n");
    const char *cut_value = write_temp_file("cut_value.sgf", "(;FF[4]GM[18]SZ[10];W[djdd");
    const char *go = write_temp_file("go.sgf", "(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n");
    const char *size11 = write_temp_file("size11.sgf", "(;FF[4]GM[18]SZ[11])\n");
    const char *one_side = write_temp_file("one_side.sgf", "(;FF[4]GM[18]AW[aa])\n");
    const char *illegal = write_temp_file("illegal.sgf", SGF_ILLEGAL_THIRD "\n");
    const char *bad_move = write_temp_file("bad_move.sgf", "(;FF[4]GM[18];B[agaf])\n");
    const char *late_setup = write_temp_file("late_setup.sgf", "(;FF[4]GM[18];B[agafae];AW[aa])\n");
    const char *missing = temp_path("missing.sgf");
    const char *no_dir = temp_path("no/such/dir.sgf");
    Buf many = { 0 }, too_many = { 0 };
    buf_printf(&many, "loadsgf %s", good);
    for (int i = 0; i < 63; i++)
        buf_puts(&many, " 1");
    buf_printf(&too_many, "%s 1", many.data);
    Buf many_printsgf = { 0 };
    buf_puts(&many_printsgf, "printsgf");
    for (int i = 0; i < 65; i++)
        buf_printf(&many_printsgf, " %s", no_dir);

    struct { const char *format, *arg, *expect; } specs[] = {
        { "loadsgf %s", missing, "?cannot load file: cannot open the SGF file" },
        { "loadsgf %s", temp_dir, "?cannot load file: cannot read the SGF file" },
        { "loadsgf %s", garbage, "?cannot load file: not SGF: expected '(' at the start" },
        { "loadsgf %s", empty, "?cannot load file: empty input: no SGF game tree" },
        { "loadsgf %s", cut, "?cannot load file: truncated SGF: a game tree is not closed by ')'" },
        { "loadsgf %s", cut_value, "?cannot load file: truncated SGF: a property value is not closed" },
        { "loadsgf %s", go, "?cannot load file: not an Amazons record: GM must be 18" },
        { "loadsgf %s", size11, "?cannot load file: unsupported board size" },
        { "loadsgf %s", one_side, "?cannot load file: bad setup: each side needs 1 to 4 amazons" },
        { "loadsgf %s", illegal, "?cannot load file: illegal move" },
        { "loadsgf %s 4", illegal, "?cannot load file: illegal move" },
        { "loadsgf %s 101", illegal, "?cannot load file: illegal move" },
        { "loadsgf %s", bad_move, "?cannot load file: bad move" },
        { "loadsgf %s", late_setup, "?cannot load file: setup properties after the first move" },
        { "loadsgf %s 0", good, "?syntax error: move number must be an integer from 1 to 101" },
        { "loadsgf %s 102", good, "?syntax error: move number" },
        { "loadsgf %s -1", good, "?syntax error: move number" },
        { "loadsgf %s 1.5", good, "?syntax error: move number" },
        { "loadsgf %s two", good, "?syntax error: move number" },
        { "loadsgf %s 0", missing, "?syntax error: move number" }, /* checked before the file */
        { "loadsgf %s 1 2", good, "?syntax error: loadsgf FILE [MOVE_NUMBER]" },
        { "%s", many.data, "?syntax error: loadsgf FILE [MOVE_NUMBER]" }, /* 64 arguments */
        { "%s", too_many.data, "?too many arguments" },                 /* 65 */
        { "printsgf %s", no_dir, "?cannot write file: " },
        { "printsgf %s", temp_dir, "?cannot write file: " },
        { "printsgf %s two.sgf", temp_path("one.sgf"), "?syntax error: printsgf [FILE]" },
        { "%s", many_printsgf.data, "?too many arguments" },
        /* successes that change nothing */
        { "printsgf%s", "", "=(;FF[4]GM[18]CA[UTF-8]SZ[" },
        { "printsgf %s", temp_path("written.sgf"), "=" },
    };
    enum { N = sizeof specs / sizeof specs[0] };
    Case cases[N];
    for (size_t i = 0; i < N; i++) {
        Buf command = { 0 };
        buf_printf(&command, specs[i].format, specs[i].arg);
        cases[i] = (Case){ buf_keep(&command), specs[i].expect };
    }
    free(many.data);
    free(too_many.data);
    free(many_printsgf.data);
    check_cases_leave_state(setup, cases, N);
    ck_assert_msg(!file_exists(temp_path("one.sgf")) && !file_exists(temp_path("two.sgf")),
                  "a refused printsgf wrote a file");
    ck_assert_msg(file_exists(temp_path("written.sgf")), "printsgf FILE wrote nothing");
    ck_assert_msg(!file_exists(temp_path("no")), "printsgf created a directory");
}

START_TEST(test_record_errors_leave_state)
{
    check_record_errors_leave_state(SETUP_MIDGAME);
    check_record_errors_leave_state("boardsize 6\nplay b b6-b5/b4\n");
}
END_TEST

/*
 * A successful loadsgf is a new game: both clocks restart from the last
 * time_settings, as for boardsize, clear_board and set_position.  A failed
 * one leaves the clocks alone.  The clock shows in the search budget (see
 * test_clock_errors_leave_clock): the full 300 iterations with time on the
 * clock, fewer with an empty one.
 */
START_TEST(test_new_game_restarts_clocks)
{
    const char *good = write_temp_file("good.sgf", SGF_MIDGAME "\n");
    const char *garbage = write_temp_file("garbage.sgf", "garbage\n");
    const char *missing = temp_path("missing.sgf");
    const char *const args[] = { "--playouts", "300", "--seed", "1", "--verbose", "--memory", "16", NULL };
    Buf script = { 0 };
    buf_puts(&script, "time_settings 1000 0 0\n");
    /* searches #0..#3: White's clock emptied by time_left, then refilled by a new game */
    static const char *const new_games[] = { "boardsize 10", "clear_board", "set_position " START_10 };
    for (size_t i = 0; i < 3; i++)
        buf_printf(&script, "time_left w 0 0\n%s\ngenmove w\n", new_games[i]);
    buf_printf(&script, "time_left w 0 0\nloadsgf %s\ngenmove w\n", good);
    /* #4: without a new game the empty clock stays empty */
    buf_puts(&script, "time_left w 0 0\ngenmove w\n");
    /* #5: failed loadsgfs do not refill it */
    buf_printf(&script, "time_left w 0 0\nloadsgf %s\nloadsgf %s 0\nloadsgf %s\ngenmove w\n", garbage, good, missing);
    /* #6: nor do they restart a clock that time_left filled (time_settings would empty it) */
    buf_printf(&script, "time_settings 0 0 0\ntime_left w 1000 0\nloadsgf %s\nloadsgf %s 102\nloadsgf\ngenmove w\n",
               garbage, good);
    /* #7: a successful loadsgf does */
    buf_printf(&script, "loadsgf %s\ngenmove w\n", good);
    size_t length = script.length;
    Run *run = run_engine(args, buf_keep(&script), length);
    expect_clean_exit(run);
    Responses rs = split_responses(run);
    EXPECT_COUNT(&rs, 1 + 4 * 3 + 2 + 5 + 6 + 2);
    unsigned long long it[10];
    size_t n = verbose_iterations(run->err, it, 10);
    ck_assert_msg(n == 8, "expected 8 search summaries on stderr, got %zu: %s", n, run->err);
    static const char *const what[] = {
        "boardsize", "clear_board", "set_position", "loadsgf", "no new game", "failed loadsgf",
        "failed loadsgf after time_left", "loadsgf after time_settings 0 0 0",
    };
    static const bool full[] = { true, true, true, true, false, false, true, false };
    for (size_t i = 0; i < 8; i++)
        ck_assert_msg(full[i] ? it[i] == 300 : it[i] < 300, "search #%zu (%s): %llu iterations, expected %s",
                      i, what[i], it[i], full[i] ? "300 (time on the clock)" : "fewer (empty clock)");
    for (size_t i = 0; i < rs.count; i++)
        if (!rs.items[i].ok)
            ck_assert_msg(strncmp(rs.items[i].body, "cannot load file", 16) == 0
                          || strncmp(rs.items[i].body, "syntax error", 12) == 0,
                          "response #%zu: \"%s\"", i, rs.items[i].body);
}
END_TEST

/* The --resign count: a successful loadsgf clears it, a failed one does not. */
START_TEST(test_loadsgf_and_resign_count)
{
    const char *good = write_temp_file("good.sgf", SGF_MIDGAME "\n");
    const char *garbage = write_temp_file("garbage.sgf", "(;GM[18]");
    const char *const args[] = { "--playouts", "100", "--seed", "1", "--resign", "1", "--memory", "16", NULL };
    Buf script = { 0 };
    buf_printf(&script, "genmove w\ngenmove w\nloadsgf %s\nloadsgf %s\nloadsgf %s 0\ngenmove w\n", garbage,
               temp_path("missing.sgf"), good);
    Responses failed = gtp_args(args, buf_keep(&script));
    EXPECT_COUNT(&failed, 6);
    for (size_t i = 2; i < 5; i++)
        ck_assert_msg(!failed.items[i].ok, "loadsgf #%zu should fail", i - 2);
    EXPECT_OK(&failed, 5, "resign"); /* the third low estimate in a row */

    script = (Buf){ 0 };
    buf_printf(&script, "genmove w\ngenmove w\nloadsgf %s\ngenmove w\nget_position\n", good);
    Responses loaded = gtp_args(args, buf_keep(&script));
    EXPECT_COUNT(&loaded, 5);
    EXPECT_OK(&loaded, 2, "");
    const char *move = EXPECT_OK(&loaded, 3, NULL);
    ck_assert_msg(strcmp(move, "resign") != 0, "the count survived loadsgf: resigned");
    Board want = board_after(board_of(POSITION_MIDGAME), 'W', move);
    EXPECT_BOARD(&loaded, 4, &want);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Every error leaves the state unchanged.                                    */

START_TEST(test_errors_leave_state_at_start)
{
    static const Case undo_case[] = { { "undo", "?cannot undo" } };
    CHECK_CASES("boardsize 10\n", undo_case);
    CHECK_CASES("boardsize 10\n", GENERIC_CASES);
}
END_TEST

START_TEST(test_errors_leave_state_midgame)
{
    CHECK_CASES(SETUP_MIDGAME, MIDGAME_MOVE_CASES);
    CHECK_CASES(SETUP_MIDGAME, GENERIC_CASES);
}
END_TEST

START_TEST(test_errors_leave_state_after_move_out_of_turn)
{
    /* Black moved while White was on move: undo must give White the move back. */
    static const Case cases[] = {
        { "play b b6-b5/b4", "?illegal move" },   /* b6 is empty now */
        { "play b b5-b3/b2", "?illegal move" },   /* through the arrow */
        { "play w a2-a6/a1", "?illegal move" },   /* through a black amazon */
        { "play w b1-b4/b3", "?illegal move" },   /* onto the arrow */
        { "play w e1-e7/e2", "?syntax error: invalid move" },
    };
    const char *setup = "boardsize 6\nplay b b6-b5/b4\n";
    CHECK_CASES(setup, cases);
    CHECK_CASES(setup, GENERIC_CASES);
}
END_TEST

START_TEST(test_errors_leave_state_game_over)
{
    static const Case cases[] = {
        { "play b a4-b4/c4", "?illegal move" },
        { "play b a4-a3/a2", "?illegal move" },
        { "play w d2-d2/d1", "?illegal move" },
        { "genmove b", "=resign" },
        { "undo", "=" }, /* a success that does change state: sanity check of the harness below */
    };
    const char *setup = "set_position B3/xx2/4/3W w\nplay w d1-d2/b4\n";
    /* all but the last case must leave the state alone */
    check_cases_leave_state(setup, cases, 4);
    CHECK_CASES(setup, GENERIC_CASES);
    CHECK_CASES("set_position 1BB1/B2B/W2W/1WW1 b\n", GENERIC_CASES);

    /* The harness does notice a change: the undo case must make the probe differ. */
    Buf ref = { 0 }, changed = { 0 };
    buf_puts(&ref, setup);
    buf_puts(&ref, STATE_PROBE);
    buf_puts(&changed, setup);
    buf_puts(&changed, "undo\n");
    buf_puts(&changed, STATE_PROBE);
    Responses a = gtp(buf_keep(&ref)), b = gtp(buf_keep(&changed));
    ck_assert_int_eq(b.count, a.count + 1);
    bool differs = false;
    for (size_t j = 2; j < a.count; j++)
        differs |= !same_response(&a.items[j], &b.items[j + 1]);
    ck_assert_msg(differs, "the state probe cannot see an undo");
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *protocol_suite(void)
{
    Suite *s = suite_create("protocol");

    TCase *process = tcase_create("process");
    tcase_add_checked_fixture(process, NULL, free_tracked);
    tcase_set_timeout(process, 60);
    tcase_add_test(process, test_help_and_version_flags);
    tcase_add_test(process, test_bad_flags_exit_2);
    tcase_add_test(process, test_eof_without_quit);
    tcase_add_test(process, test_quit_stops_processing);
    tcase_add_test(process, test_verbose_goes_to_stderr);
    suite_add_tcase(s, process);

    TCase *framing = tcase_create("framing");
    tcase_add_checked_fixture(framing, NULL, free_tracked);
    tcase_set_timeout(framing, 60);
    tcase_add_test(framing, test_ids);
    tcase_add_test(framing, test_preprocessing);
    tcase_add_test(framing, test_pipelined_commands_in_order);
    tcase_add_test(framing, test_long_lines);
    tcase_add_test(framing, test_binary_junk);
    tcase_add_test(framing, test_too_many_arguments);
    suite_add_tcase(s, framing);

    TCase *commands = tcase_create("commands");
    tcase_add_checked_fixture(commands, NULL, free_tracked);
    tcase_set_timeout(commands, 60);
    tcase_add_test(commands, test_administrative_commands);
    tcase_add_test(commands, test_boardsize_every_size);
    tcase_add_test(commands, test_boardsize_resets_game);
    tcase_add_test(commands, test_showboard_and_territory_midgame);
    tcase_add_test(commands, test_play_notations);
    tcase_add_test(commands, test_play_colour_not_on_move_and_undo);
    tcase_add_test(commands, test_every_listed_move_is_playable);
    tcase_add_test(commands, test_legal_moves_for_either_colour);
    tcase_add_test(commands, test_perft);
    tcase_add_test(commands, test_genmove_plays_a_legal_move);
    tcase_add_test(commands, test_genmove_reproducible);
    tcase_add_test(commands, test_reg_genmove_changes_nothing);
    tcase_add_test(commands, test_genmove_resigns_without_moves);
    tcase_add_test(commands, test_final_score);
    tcase_add_test(commands, test_set_position_round_trip);
    tcase_add_test(commands, test_clock_commands_succeed);
    tcase_add_test(commands, test_clock_errors_leave_clock);
    tcase_add_test(commands, test_reg_genmove_does_not_feed_resignation);
    tcase_add_test(commands, test_new_game_resets_resignation);
    tcase_add_test(commands, test_resign_after_three_low_estimates);
    suite_add_tcase(s, commands);

    TCase *records = tcase_create("game records");
    tcase_add_unchecked_fixture(records, make_temp_dir, remove_temp_dir);
    tcase_add_checked_fixture(records, empty_temp_dir, free_tracked);
    tcase_set_timeout(records, 60);
    tcase_add_test(records, test_printsgf_writes_the_game);
    tcase_add_test(records, test_printsgf_loadsgf_round_trip);
    tcase_add_test(records, test_loadsgf_move_number);
    tcase_add_test(records, test_loadsgf_default_start);
    tcase_add_test(records, test_record_errors_leave_state);
    tcase_add_test(records, test_new_game_restarts_clocks);
    tcase_add_test(records, test_loadsgf_and_resign_count);
    suite_add_tcase(s, records);

    TCase *errors = tcase_create("errors leave state");
    tcase_add_checked_fixture(errors, NULL, free_tracked);
    tcase_set_timeout(errors, 60);
    tcase_add_test(errors, test_errors_leave_state_at_start);
    tcase_add_test(errors, test_errors_leave_state_midgame);
    tcase_add_test(errors, test_errors_leave_state_after_move_out_of_turn);
    tcase_add_test(errors, test_errors_leave_state_game_over);
    suite_add_tcase(s, errors);

    return s;
}
