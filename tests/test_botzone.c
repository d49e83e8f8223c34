/*
 * test_botzone.c - drives `amazons --botzone` through pipes the way Botzone
 * does: simple interaction (a whole history in one input) for either colour,
 * keep-running mode over several turns with and without count lines, a whole
 * game against the engine's own GTP mode through a coordinate converter,
 * Botzone's time and memory limits under the default settings, and every kind
 * of bad input, which must end the bot with a message on stderr, a non-zero
 * status and nothing more on stdout.  Every answer is checked with the rules
 * module.
 *
 * Binary: $AMAZONS_BIN (set by `make test`), else ./amazons.  Time limits are
 * doubled for a sanitized binary (a path containing "sanitize"), or
 * multiplied by $AMAZONS_TIME_FACTOR.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "protocol_client.h"
#include "test_process.h"
#include "tests.h"

#define MARKER ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#define NO_MOVE "-1 -1 -1 -1 -1 -1"

enum { SIZE = 8, WAIT_MS = 30000, LINE_TEXT = 64 };

/* Fast searches: a playout cap well inside Botzone's time limit, a small tree. */
#define FAST "--botzone", "--playouts", "150", "--memory", "16"

/* How much slower than a release build the binary may run. */
static double slowdown(void)
{
    const char *text = getenv("AMAZONS_TIME_FACTOR");
    if (text && atof(text) >= 1)
        return atof(text);
    /* Sanitized builds (ASan, TSan: make test sets AMAZONS_SANITIZED) run slower. */
    return getenv("AMAZONS_SANITIZED") || strstr(pc_engine_path(), "sanitize") ? 2.0 : 1.0;
}

static double clock_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* ------------------------------------------------------------------------ */
/* A child process with its three standard streams on pipes.                 */

typedef struct {
    char *data;
    size_t length, used; /* `used`: bytes already returned as lines */
    bool closed;
} Stream;

typedef struct {
    pid_t pid;
    int in;            /* its stdin, -1 once closed */
    int fd[2];         /* its stdout and stderr, -1 at end of file */
    Stream stream[2];  /* everything read from them */
} Proc;

static void proc_start(Proc *p, const char *const *args)
{
    signal(SIGPIPE, SIG_IGN); /* a bot that exited must give EPIPE, not kill the test */
    *p = (Proc){ 0 };
    p->pid = spawn_engine_piped(pc_engine_path(), args, &p->in, &p->fd[0], &p->fd[1]);
}

/* Writes all of text; false when the process no longer reads. */
static bool proc_write(Proc *p, const char *text)
{
    for (size_t done = 0, n = strlen(text); done < n;) {
        ssize_t w = write(p->in, text + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        done += (size_t)w;
    }
    return true;
}

static void proc_close_input(Proc *p)
{
    if (p->in >= 0)
        close(p->in);
    p->in = -1;
}

/* Waits for output until the deadline; false when there is nothing more to read. */
static bool proc_pump(Proc *p, double deadline)
{
    struct pollfd poll_fds[2];
    int which[2], n = 0;
    for (int k = 0; k < 2; k++)
        if (p->fd[k] >= 0) {
            which[n] = k;
            poll_fds[n++] = (struct pollfd){ .fd = p->fd[k], .events = POLLIN };
        }
    double left = deadline - clock_ms();
    if (n == 0 || left <= 0)
        return false;
    if (poll(poll_fds, (nfds_t)n, (int)left + 1) <= 0)
        return errno == EINTR || clock_ms() < deadline;
    for (int i = 0; i < n; i++) {
        if (!poll_fds[i].revents)
            continue;
        Stream *s = &p->stream[which[i]];
        char chunk[4096];
        ssize_t got = read(p->fd[which[i]], chunk, sizeof chunk);
        if (got <= 0) {
            close(p->fd[which[i]]);
            p->fd[which[i]] = -1;
            s->closed = true;
            continue;
        }
        s->data = realloc(s->data, s->length + (size_t)got + 1);
        ck_assert(s->data != NULL);
        memcpy(s->data + s->length, chunk, (size_t)got);
        s->length += (size_t)got;
        s->data[s->length] = '\0';
    }
    return true;
}

/* The next line of stdout (without "\n") into buf, or false at end of output or timeout. */
static bool proc_line(Proc *p, char *buf, size_t size, double timeout_ms)
{
    Stream *s = &p->stream[0];
    double deadline = clock_ms() + timeout_ms;
    for (;;) {
        char *start = s->data ? s->data + s->used : NULL;
        char *newline = start ? strchr(start, '\n') : NULL;
        if (newline) {
            size_t n = (size_t)(newline - start);
            ck_assert_msg(n < size, "overlong output line: %.80s", start);
            memcpy(buf, start, n);
            buf[n] = '\0';
            s->used += n + 1;
            return true;
        }
        if (s->closed || !proc_pump(p, deadline))
            return false;
    }
}

/* Closes stdin, reads both streams to the end and reaps the process. */
static int proc_finish(Proc *p, struct rusage *usage)
{
    proc_close_input(p);
    double deadline = clock_ms() + WAIT_MS * slowdown();
    while ((p->fd[0] >= 0 || p->fd[1] >= 0) && proc_pump(p, deadline))
        ;
    int status;
    struct rusage ignored;
    if (p->fd[0] >= 0 || p->fd[1] >= 0)
        kill(p->pid, SIGKILL);
    ck_assert(wait4(p->pid, &status, 0, usage ? usage : &ignored) == p->pid);
    for (int k = 0; k < 2; k++)
        if (p->fd[k] >= 0)
            close(p->fd[k]);
    ck_assert_msg(WIFEXITED(status), "bot killed by signal %d; stderr: %.500s",
                  WIFSIGNALED(status) ? WTERMSIG(status) : 0, p->stream[1].data);
    ck_assert_msg(WEXITSTATUS(status) != 126 && WEXITSTATUS(status) != 127,
                  "cannot run %s (set AMAZONS_BIN)", pc_engine_path());
    return WEXITSTATUS(status);
}

/* What the bot wrote on stdout after the lines already read (never NULL). */
static const char *proc_unread(const Proc *p)
{
    return p->stream[0].data ? p->stream[0].data + p->stream[0].used : "";
}

static const char *proc_stderr(const Proc *p) { return p->stream[1].data ? p->stream[1].data : ""; }

static void proc_free(Proc *p)
{
    free(p->stream[0].data);
    free(p->stream[1].data);
}

/* ------------------------------------------------------------------------ */
/* Botzone's move lines, and the converter to and from GTP move text.        */

static void bz_text(Move m, char *buf)
{
    sprintf(buf, "%d %d %d %d %d %d", square_file(m.from), square_rank(m.from), square_file(m.to),
            square_rank(m.to), square_file(m.arrow), square_rank(m.arrow));
}

/* Reads exactly six integers 0..7 into v. */
static bool bz_numbers(const char *line, int v[6])
{
    char extra;
    return sscanf(line, "%d %d %d %d %d %d %c", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &extra) == 6
           && v[0] >= 0 && v[0] < SIZE && v[1] >= 0 && v[1] < SIZE && v[2] >= 0 && v[2] < SIZE
           && v[3] >= 0 && v[3] < SIZE && v[4] >= 0 && v[4] < SIZE && v[5] >= 0 && v[5] < SIZE;
}

/* "x0 y0 x1 y1 x2 y2" -> "c1-c7/d8": x is the file letter, y + 1 the rank. */
static void bz_to_gtp(const char *line, char *gtp)
{
    int v[6];
    ck_assert_msg(bz_numbers(line, v), "not a Botzone move: '%s'", line);
    sprintf(gtp, "%c%d-%c%d/%c%d", 'a' + v[0], v[1] + 1, 'a' + v[2], v[3] + 1, 'a' + v[4], v[5] + 1);
}

/* "c1-c7/d8" -> "2 0 2 6 3 7". */
static void gtp_to_bz(const char *gtp, char *line)
{
    char f[3];
    int r[3];
    ck_assert_msg(sscanf(gtp, "%c%d-%c%d/%c%d", &f[0], &r[0], &f[1], &r[1], &f[2], &r[2]) == 6,
                  "not a GTP move: '%s'", gtp);
    sprintf(line, "%d %d %d %d %d %d", f[0] - 'a', r[0] - 1, f[1] - 'a', r[1] - 1, f[2] - 'a', r[2] - 1);
}

/* The converter is checked once by hand against the engine's own notation. */
static void check_converter(void)
{
    char gtp[LINE_TEXT], back[LINE_TEXT];
    bz_to_gtp("0 2 0 3 7 3", gtp);
    ck_assert_str_eq(gtp, "a3-a4/h4");
    gtp_to_bz(gtp, back);
    ck_assert_str_eq(back, "0 2 0 3 7 3");
    Move m;
    ck_assert(move_from_text(gtp, SIZE, SIZE, &m));
    bz_text(m, back);
    ck_assert_str_eq(back, "0 2 0 3 7 3");
}

/* Plays a Botzone move line for colour c in the model: it must be legal. */
static void model_play(Game *model, Color c, const char *line)
{
    char gtp[LINE_TEXT];
    bz_to_gtp(line, gtp);
    Move m;
    ck_assert(move_from_text(gtp, SIZE, SIZE, &m));
    ck_assert_msg(game_play(model, c, m), "illegal move for %s: '%s' (%s)",
                  c == WHITE ? "the first mover" : "the second mover", line, gtp);
}

/* ------------------------------------------------------------------------ */
/* Games and histories.                                                      */

static uint64_t rand_state;

static unsigned rand_below(unsigned n)
{
    rand_state ^= rand_state << 13;
    rand_state ^= rand_state >> 7;
    rand_state ^= rand_state << 17;
    return (unsigned)(rand_state % n);
}

/* A uniformly random legal move for the side to move; false when it has none. */
static bool random_move(const Game *g, Move *m)
{
    static MoveList list;
    generate_moves(&g->pos, g->pos.to_move, &list);
    if (list.count == 0)
        return false;
    *m = list.moves[rand_below((unsigned)list.count)];
    return true;
}

static void new_game(Game *g)
{
    memset(g, 0, sizeof *g);
    game_new(g, SIZE, SIZE);
}

/* Plays up to max random moves from the start; returns how many were played. */
static int random_game(Game *g, uint64_t seed, int max)
{
    rand_state = seed;
    new_game(g);
    Move m;
    while (g->length < max && random_move(g, &m))
        ck_assert(game_play(g, g->pos.to_move, m));
    return g->length;
}

/*
 * Botzone's first input for the side to move after the game's moves: the
 * turn number, then the requests and responses alternating, starting with
 * the "-1 ..." request when that side moves first.
 */
static char *history_input(const Game *g)
{
    static char text[8192];
    bool first_mover = g->length % 2 == 0;
    int n = g->length / 2 + 1;
    int at = sprintf(text, "%d\n%s", n, first_mover ? NO_MOVE "\n" : "");
    for (int i = 0; i < g->length; i++) {
        char line[LINE_TEXT];
        bz_text(g->history[i].move, line);
        at += sprintf(text + at, "%s\n", line);
    }
    return text;
}

/* ------------------------------------------------------------------------ */
/* Running the bot.                                                          */

/* Reads one answer: a legal move for c (played in the model), then the marker line. */
static void expect_answer(Proc *p, Game *model, Color c, char *answer)
{
    char marker[LINE_TEXT];
    ck_assert_msg(proc_line(p, answer, LINE_TEXT, WAIT_MS * slowdown()),
                  "no answer; stderr: %.500s", proc_stderr(p));
    model_play(model, c, answer);
    ck_assert_msg(proc_line(p, marker, sizeof marker, WAIT_MS * slowdown()), "no marker after '%s'", answer);
    ck_assert_str_eq(marker, MARKER);
}

/* Runs a whole first input through a fresh bot, which must answer for the side to move. */
static void expect_simple_answer(const Game *history, const char *input)
{
    static const char *const args[] = { FAST, NULL };
    Game model = *history;
    Proc p;
    proc_start(&p, args);
    ck_assert(proc_write(&p, input));
    proc_close_input(&p); /* a last line may lack its newline */
    char answer[LINE_TEXT];
    expect_answer(&p, &model, history->pos.to_move, answer);
    ck_assert_int_eq(proc_finish(&p, NULL), 0);
    ck_assert_str_eq(proc_unread(&p), "");
    ck_assert_msg(strcmp(proc_stderr(&p), "") == 0, "stderr: %s", proc_stderr(&p));
    proc_free(&p);
}

START_TEST(test_simple_first_turn)
{
    Game g;
    new_game(&g);
    expect_simple_answer(&g, "1\n" NO_MOVE "\n"); /* first mover */
    random_game(&g, 7, 1);
    expect_simple_answer(&g, history_input(&g)); /* second mover */
}
END_TEST

START_TEST(test_simple_later_turn)
{
    for (int moves = 12; moves <= 13; moves++) {
        Game g;
        ck_assert_int_eq(random_game(&g, 100 + (uint64_t)moves, moves), moves);
        expect_simple_answer(&g, history_input(&g));
    }
}
END_TEST

START_TEST(test_simple_extra_lines_and_crlf)
{
    Game g;
    random_game(&g, 5, 6);
    /* Botzone's data and globaldata lines follow the history. */
    char input[8192];
    snprintf(input, sizeof input, "%sdata saved last turn\n{\"global\": [1, 2]}\nmore\n", history_input(&g));
    expect_simple_answer(&g, input);
    /* Line ends "\r\n", extra blanks between numbers, no newline at the very end. */
    char crlf[8192];
    size_t n = 0;
    for (const char *s = history_input(&g); *s; s++) {
        if (*s == '\n')
            n += (size_t)sprintf(crlf + n, "\r\n");
        else if (*s == ' ')
            n += (size_t)sprintf(crlf + n, " \t ");
        else
            crlf[n++] = *s;
    }
    crlf[n - 2] = '\0';
    expect_simple_answer(&g, crlf);
}
END_TEST

START_TEST(test_no_legal_move)
{
    Game g;
    random_game(&g, 11, MAX_GAME_MOVES);
    ck_assert(!has_legal_move(&g.pos, g.pos.to_move));
    static const char *const args[] = { FAST, NULL };
    Proc p;
    proc_start(&p, args);
    ck_assert(proc_write(&p, history_input(&g)));
    ck_assert_int_eq(proc_finish(&p, NULL), 0);
    ck_assert_str_eq(proc_unread(&p), NO_MOVE "\n");
    ck_assert_str_eq(proc_stderr(&p), "");
    proc_free(&p);
}
END_TEST

/*
 * Keep-running mode: the bot (first or second mover) plays `turns` turns
 * against random moves, each later turn carrying only the new request:
 * alone, after the count 1, or after the turn's number, by turns.
 */
static void keep_running(Color me, int turns)
{
    static const char *const args[] = { FAST, "--seed", "3", NULL };
    rand_state = 77 + (uint64_t)me;
    Game model;
    new_game(&model);
    Proc p;
    proc_start(&p, args);
    char request[LINE_TEXT] = NO_MOVE, answer[LINE_TEXT], input[3 * LINE_TEXT];
    for (int turn = 1; turn <= turns; turn++) {
        Move m;
        if (model.pos.to_move != me) {
            if (!random_move(&model, &m))
                break; /* the opponent has lost */
            ck_assert(game_play(&model, model.pos.to_move, m));
            bz_text(m, request);
        }
        if (!has_legal_move(&model.pos, me))
            break;
        const char *count[3] = { "", "1\n", "" };
        char number[16];
        sprintf(number, "%d\n", turn);
        count[2] = number;
        snprintf(input, sizeof input, "%s%s\n", turn == 1 ? "1\n" : count[turn % 3], request);
        ck_assert(proc_write(&p, input));
        expect_answer(&p, &model, me, answer);
    }
    ck_assert_int_eq(proc_finish(&p, NULL), 0); /* end of input between turns */
    ck_assert_str_eq(proc_unread(&p), "");
    ck_assert_str_eq(proc_stderr(&p), "");
    proc_free(&p);
}

START_TEST(test_keep_running_first_mover) { keep_running(WHITE, 9); }
END_TEST

START_TEST(test_keep_running_second_mover) { keep_running(BLACK, 9); }
END_TEST

/*
 * The default settings hold Botzone's limits: 2 s for the first turn, 1 s
 * for the others (timed from the write of the turn's input to the end of the
 * marker line), and well under 512 MB.  Three turns take about 3.5 s.
 */
START_TEST(test_default_limits)
{
    static const char *const args[] = { "--botzone", NULL };
    rand_state = 2024;
    Game model;
    new_game(&model);
    Proc p;
    proc_start(&p, args);
    char request[LINE_TEXT] = NO_MOVE, answer[LINE_TEXT], input[2 * LINE_TEXT];
    for (int turn = 1; turn <= 3; turn++) {
        if (turn > 1) {
            Move m;
            ck_assert(random_move(&model, &m));
            ck_assert(game_play(&model, BLACK, m));
            bz_text(m, request);
        }
        snprintf(input, sizeof input, "%s%s\n", turn == 1 ? "1\n" : "", request);
        double start = clock_ms();
        ck_assert(proc_write(&p, input));
        expect_answer(&p, &model, WHITE, answer);
        double elapsed = clock_ms() - start, limit = (turn == 1 ? 2000 : 1000) * slowdown();
        ck_assert_msg(elapsed < limit, "turn %d took %.0f ms (limit %.0f ms)", turn, elapsed, limit);
    }
    struct rusage usage;
    ck_assert_int_eq(proc_finish(&p, &usage), 0);
    ck_assert_msg(usage.ru_maxrss < 512 * 1024, "peak RSS %ld KiB", usage.ru_maxrss);
    proc_free(&p);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* A whole game against the engine's GTP mode.                               */

/* Sends one GTP command and returns the text of its one-line success response. */
static const char *gtp(Proc *p, const char *command)
{
    static char response[LINE_TEXT];
    char line[LINE_TEXT], text[LINE_TEXT + 2];
    snprintf(text, sizeof text, "%s\n", command);
    ck_assert(proc_write(p, text));
    ck_assert_msg(proc_line(p, response, sizeof response, WAIT_MS * slowdown()), "no answer to %s", command);
    ck_assert_msg(proc_line(p, line, sizeof line, WAIT_MS * slowdown()) && line[0] == '\0',
                  "'%s': answer not ended by an empty line", command);
    ck_assert_msg(strncmp(response, "= ", 2) == 0 || strcmp(response, "=") == 0, "'%s' failed: %s",
                  command, response);
    return response[1] ? response + 2 : "";
}

static void game_against_gtp(Color bz_color, const char *seed)
{
    check_converter();
    static const char *const bz_args[] = { FAST, NULL };
    const char *gtp_args[] = { "--playouts", "150", "--memory", "16", "--seed", seed, NULL };
    Proc bot, engine;
    proc_start(&bot, bz_args);
    proc_start(&engine, gtp_args);
    gtp(&engine, "boardsize 8");
    Game model;
    new_game(&model);
    char request[LINE_TEXT] = NO_MOVE, answer[LINE_TEXT], move[LINE_TEXT], command[2 * LINE_TEXT];
    const char *gtp_color = bz_color == WHITE ? "black" : "white";
    int bz_turns = 0;
    while (has_legal_move(&model.pos, model.pos.to_move)) {
        if (model.pos.to_move == bz_color) {
            snprintf(command, sizeof command, "%s%s\n", bz_turns++ == 0 ? "1\n" : "", request);
            ck_assert(proc_write(&bot, command));
            expect_answer(&bot, &model, bz_color, answer);
            bz_to_gtp(answer, move);
            snprintf(command, sizeof command, "play %s %s", bz_color == WHITE ? "white" : "black", move);
            gtp(&engine, command);
        } else {
            snprintf(command, sizeof command, "genmove %s", gtp_color);
            snprintf(move, sizeof move, "%s", gtp(&engine, command));
            gtp_to_bz(move, request);
            model_play(&model, color_other(bz_color), request);
        }
    }
    /* A legal finish: the side to move has none, as both programs agree. */
    Color loser = model.pos.to_move;
    ck_assert_msg(model.length >= 20, "a game of only %d moves", model.length);
    const char *score = gtp(&engine, "final_score");
    ck_assert_msg(score[0] == (loser == WHITE ? 'B' : 'W'), "final_score %s, but %s cannot move", score,
                  loser == WHITE ? "white" : "black");
    if (loser == bz_color) {
        snprintf(command, sizeof command, "%s\n", request);
        ck_assert(proc_write(&bot, command));
        ck_assert(proc_line(&bot, answer, sizeof answer, WAIT_MS * slowdown()));
        ck_assert_str_eq(answer, NO_MOVE);
    } else {
        snprintf(command, sizeof command, "genmove %s", gtp_color);
        ck_assert_str_eq(gtp(&engine, command), "resign");
    }
    ck_assert_int_eq(proc_finish(&bot, NULL), 0);
    ck_assert_str_eq(proc_unread(&bot), "");
    ck_assert_str_eq(proc_stderr(&bot), "");
    gtp(&engine, "quit");
    ck_assert_int_eq(proc_finish(&engine, NULL), 0);
    proc_free(&bot);
    proc_free(&engine);
}

START_TEST(test_game_against_gtp_first) { game_against_gtp(WHITE, "5"); }
END_TEST

START_TEST(test_game_against_gtp_second) { game_against_gtp(BLACK, "6"); }
END_TEST

/* ------------------------------------------------------------------------ */
/* Bad input.                                                                */

typedef struct {
    const char *input;
    const char *message; /* a part of the expected message on stderr */
} BadCase;

/* The bot must exit with status 1, a message on stderr, and nothing more on stdout. */
static void expect_failure(Proc *p, const BadCase *c, int index)
{
    int status = proc_finish(p, NULL);
    const char *err = proc_stderr(p);
    ck_assert_msg(status == 1, "case %d: exit status %d; stderr: %s", index, status, err);
    ck_assert_msg(strcmp(proc_unread(p), "") == 0, "case %d: stdout got '%s'", index, proc_unread(p));
    ck_assert_msg(strncmp(err, "amazons: botzone: ", 18) == 0 && strstr(err, c->message)
                  && strchr(err, '\n') == err + strlen(err) - 1,
                  "case %d: stderr is '%s', expected one line with '%s'", index, err, c->message);
}

static const BadCase FIRST_INPUT_CASES[] = {
    { "", "no input" },
    { "\n", "expected the turn number" },
    { "abc\n", "expected the turn number" },
    { "0\n", "expected the turn number" },
    { "-2\n", "expected the turn number" },
    { "30\n", "expected the turn number (1..29)" },
    { "1 1\n", "expected the turn number" },
    { "1.0\n", "expected the turn number" },
    { "{\"requests\":[\"-1 -1 -1 -1 -1 -1\"],\"responses\":[]}\n", "JSON" },
    { "1\n", "end of input in the middle of a turn" },
    { "2\n" NO_MOVE "\n2 0 2 6 3 7\n", "end of input in the middle of a turn" },
    { "3\n0 2 0 3 0 4\n0 5 1 4 1 5\n", "end of input in the middle of a turn" },
    { "1\n-1 -1 -1 -1 -1\n", "expected six integers" },
    { "1\n0 2 0 3 0 4 5\n", "expected six integers" },
    { "1\n0 2 0 3 0 x\n", "'x' is not an integer" },
    { "1\n0 2 0 3 0 4.0\n", "'4.0' is not an integer" },
    { "1\n0 2 0 3 0 99999999999999999999\n", "is not an integer" },
    { "1\n0 2 0 3 0 8\n", "coordinate 8 is off the board" },
    { "1\n0 2 0 3 -2 4\n", "coordinate -2 is off the board" },
    { "1\n-1 -1 0 3 0 4\n", "coordinate -1 is off the board" },
    { "1\n0 5 0 4 0 3\n", "illegal move for black (the first mover)" },
    { "1\n0 2 0 2 0 3\n", "illegal move" },
    { "1\n0 2 1 4 1 5\n", "illegal move" },
    { "2\n" NO_MOVE "\n" NO_MOVE "\n" NO_MOVE "\n", "response is \"-1 -1 -1 -1 -1 -1\"" },
    { "2\n" NO_MOVE "\n0 2 0 3 0 4\n" NO_MOVE "\n", "request is \"-1 -1 -1 -1 -1 -1\"" },
    { "2\n0 2 0 3 0 4\n" NO_MOVE "\n0 3 0 2 0 3\n", "response is \"-1 -1 -1 -1 -1 -1\"" },
    { "2\n" NO_MOVE "\n0 5 0 4 0 3\n0 5 0 4 0 3\n", "line 3: illegal move for black" },
    { "2\n0 2 0 3 0 4\n7 5 7 4 6 4\n0 5 0 4 0 3\n", "line 4: illegal move for black" },
};

START_TEST(test_bad_first_input)
{
    static const char *const args[] = { FAST, NULL };
    for (size_t i = 0; i < sizeof FIRST_INPUT_CASES / sizeof FIRST_INPUT_CASES[0]; i++) {
        Proc p;
        proc_start(&p, args);
        proc_write(&p, FIRST_INPUT_CASES[i].input);
        expect_failure(&p, &FIRST_INPUT_CASES[i], (int)i);
        proc_free(&p);
    }
}
END_TEST

START_TEST(test_overlong_line)
{
    static const char *const args[] = { FAST, NULL };
    static char input[8192];
    memset(input, '7', sizeof input - 1);
    const BadCase cases[] = { { input, "line 1: longer than 1024 bytes" } };
    Proc p;
    proc_start(&p, args);
    proc_write(&p, input);
    expect_failure(&p, &cases[0], 0);
    proc_free(&p);
}
END_TEST

/* Turn 2 in keep-running mode, after a good first turn as the first mover. */
static const BadCase LATER_INPUT_CASES[] = {
    { NO_MOVE "\n", "request is \"-1 -1 -1 -1 -1 -1\"" },
    { "1\n" NO_MOVE "\n", "request is \"-1 -1 -1 -1 -1 -1\"" },
    { "3 3 3 4 3 5\n", "line 3: illegal move for white (the second mover)" },
    { "0 2 0 3 0 4\n", "illegal move for white" },
    { "abc\n", "expected a request, or the count 1 or 2" },
    { "7\n0 5 0 4 0 3\n", "expected a request, or the count 1 or 2" },
    { "0 5 0 4\n", "expected six integers" },
    { "0 5 0 4 0 3 1\n", "expected six integers" },
    { "0 5 0 4 0 9\n", "coordinate 9 is off the board" },
    { "0 5 0 4 0 three\n", "'three' is not an integer" },
    { "1\n", "end of input in the middle of a turn" },
    { "2\n\n", "line 4: request: expected six integers x0 y0 x1 y1 x2 y2, got 0 words" },
};

START_TEST(test_bad_later_input)
{
    static const char *const args[] = { FAST, NULL };
    for (size_t i = 0; i < sizeof LATER_INPUT_CASES / sizeof LATER_INPUT_CASES[0]; i++) {
        Game model;
        new_game(&model);
        Proc p;
        proc_start(&p, args);
        ck_assert(proc_write(&p, "1\n" NO_MOVE "\n"));
        char answer[LINE_TEXT];
        expect_answer(&p, &model, WHITE, answer);
        proc_write(&p, LATER_INPUT_CASES[i].input);
        expect_failure(&p, &LATER_INPUT_CASES[i], (int)i);
        proc_free(&p);
    }
}
END_TEST

Suite *botzone_suite(void)
{
    Suite *s = suite_create("botzone");
    TCase *simple = tcase_create("simple interaction");
    tcase_set_timeout(simple, 60);
    tcase_add_test(simple, test_simple_first_turn);
    tcase_add_test(simple, test_simple_later_turn);
    tcase_add_test(simple, test_simple_extra_lines_and_crlf);
    tcase_add_test(simple, test_no_legal_move);
    suite_add_tcase(s, simple);

    TCase *running = tcase_create("keep running");
    tcase_set_timeout(running, 60);
    tcase_add_test(running, test_keep_running_first_mover);
    tcase_add_test(running, test_keep_running_second_mover);
    tcase_add_test(running, test_default_limits);
    tcase_add_test(running, test_game_against_gtp_first);
    tcase_add_test(running, test_game_against_gtp_second);
    suite_add_tcase(s, running);

    TCase *bad = tcase_create("bad input");
    tcase_set_timeout(bad, 60);
    tcase_add_test(bad, test_bad_first_input);
    tcase_add_test(bad, test_overlong_line);
    tcase_add_test(bad, test_bad_later_input);
    suite_add_tcase(s, bad);
    return s;
}
