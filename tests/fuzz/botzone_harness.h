/*
 * botzone_harness.h - the checks of the fuzz_botzone target:
 *
 *   fuzz_botzone_one(data, size)   the bytes as what Botzone sends a bot,
 *                                  read by the real botzone_play from a
 *                                  pipe, with the random reference player,
 *                                  a 96 KiB tree and seed 1 (Botzone's other
 *                                  defaults), answers and messages to memory.
 *
 * A form feed (\f) in the input separates what Botzone sends at each turn:
 * the part before the first one is in the pipe when the bot starts, the
 * next part is written when the bot's first answer arrives, and so on; the
 * pipe closes with the last part.  Botzone sends nothing before it has the
 * answer, so a bot that finds no more input then has reached the end of
 * it: the read end does not block, and an empty pipe reads as the end.
 *
 * The checks replay the input through a model of the protocol written from
 * PROTOCOL.md section 12 (its own line reading, integer words and
 * coordinate mapping to moves, fuzz_can_move for the end of the game),
 * in step with the bot's answers: every answer must be a legal move for
 * the bot's side in the position the model has reached (or "-1 -1 -1 -1
 * -1 -1" exactly when that side cannot move), each move followed by the
 * keep-running line; the model predicts where the bot must stop, with
 * status 0 and nothing on stderr at the end of the input between turns or
 * after "-1 ...", else status 1 and the one-line message of that error
 * naming that line.  The same input must give the same output twice.
 */
#ifndef AMAZONS_FUZZ_BOTZONE_HARNESS_H
#define AMAZONS_FUZZ_BOTZONE_HARNESS_H

#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/move.h"
#include "protocol/botzone.h"
#include "protocol/session.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"
#include "tests/fuzz/numbers_harness.h"

#define FUZZ_KEEP_RUNNING ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#define FUZZ_NO_MOVE "-1 -1 -1 -1 -1 -1"

enum {
    FUZZ_BOTZONE_MEMORY_KB = 96, /* as the protocol target: the tree stays in ASan's pooled allocator */
    FUZZ_BOTZONE_LINE_MAX = 1024,
    FUZZ_BOTZONE_TURNS = 29,
    FUZZ_BOTZONE_SEPARATOR = '\f',
};

/* ---- the input, in the parts sent turn by turn ------------------------------------ */

typedef struct {
    char *bytes;        /* the input without its separators */
    size_t *ends;       /* where each part ends in bytes */
    int parts;
} FuzzTurns;

FUZZ_API bool fuzz_split_turns(const uint8_t *data, size_t size, FuzzTurns *t)
{
    t->bytes = malloc(size + 1);
    t->ends = malloc((size + 1) * sizeof *t->ends);
    t->parts = 0;
    if (!t->bytes || !t->ends)
        return false;
    size_t n = 0;
    for (size_t i = 0; i < size; i++) {
        if (data[i] == FUZZ_BOTZONE_SEPARATOR)
            t->ends[t->parts++] = n;
        else
            t->bytes[n++] = (char)data[i];
    }
    t->ends[t->parts++] = n;
    return true;
}

FUZZ_API void fuzz_turns_free(FuzzTurns *t)
{
    free(t->bytes);
    free(t->ends);
}

/* ---- one run of the bot -------------------------------------------------------------- */

typedef struct {
    const FuzzTurns *turns;
    int fed;            /* parts written to the pipe */
    int write_fd;       /* -1 once closed */
    char *out;          /* everything the bot wrote (malloc'ed) */
    size_t length, capacity;
} FuzzBotOut;

typedef struct {
    int status;
    char *out, *err;    /* malloc'ed, NUL-terminated */
    size_t out_length, err_length;
} FuzzBotRun;

FUZZ_API void fuzz_feed(FuzzBotOut *o)
{
    const FuzzTurns *t = o->turns;
    size_t start = o->fed ? t->ends[o->fed - 1] : 0;
    ssize_t wrote = write(o->write_fd, t->bytes + start, t->ends[o->fed] - start);
    (void)wrote; /* at most 4096 bytes in a pipe that holds 64 KiB */
    if (++o->fed == t->parts) {
        close(o->write_fd);
        o->write_fd = -1;
    }
}

FUZZ_API size_t fuzz_count_keep_running(const char *text, size_t length)
{
    size_t n = 0;
    const char *end = text + length;
    for (const char *p = text; (p = memmem(p, (size_t)(end - p), FUZZ_KEEP_RUNNING "\n", 35)); p += 35)
        n++;
    return n;
}

/* The bot's stdout: kept, and each keep-running line brings the next part of the input. */
FUZZ_API ssize_t fuzz_bot_write(void *cookie, const char *buf, size_t size)
{
    FuzzBotOut *o = cookie;
    if (o->length + size + 1 > o->capacity) {
        size_t capacity = 2 * (o->length + size + 1);
        char *grown = realloc(o->out, capacity);
        if (!grown)
            return -1;
        o->out = grown;
        o->capacity = capacity;
    }
    memcpy(o->out + o->length, buf, size);
    o->length += size;
    o->out[o->length] = '\0';
    size_t answered = fuzz_count_keep_running(o->out, o->length);
    while (o->write_fd >= 0 && (size_t)o->fed <= answered)
        fuzz_feed(o);
    return (ssize_t)size;
}

FUZZ_API void fuzz_botzone_options(SessionOptions *o)
{
    session_default_options(o);
    botzone_default_options(o);
    o->player = PLAYER_RANDOM;
    o->search.memory_bytes = (size_t)FUZZ_BOTZONE_MEMORY_KB << 10;
    o->search.threads = 1;
    o->search.seed = 1;
}

/* Runs botzone_play on the input; false when the harness itself could not set up (no fault of the bot). */
FUZZ_API bool fuzz_botzone_run(const FuzzTurns *turns, FuzzBotRun *run)
{
    int fds[2];
    memset(run, 0, sizeof *run);
    if (pipe(fds) != 0)
        return false;
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    FuzzBotOut o = { .turns = turns, .write_fd = fds[1] };
    FILE *out = fopencookie(&o, "w", (cookie_io_functions_t){ .write = fuzz_bot_write });
    FILE *err = open_memstream(&run->err, &run->err_length);
    if (out && err) {
        SessionOptions options;
        fuzz_botzone_options(&options);
        fuzz_feed(&o);
        run->status = botzone_play(&options, fds[0], out, err);
    }
    if (out)
        fclose(out);
    if (err)
        fclose(err);
    close(fds[0]);
    if (o.write_fd >= 0)
        close(o.write_fd);
    run->out = o.out ? o.out : strdup("");
    run->out_length = o.length;
    if (!out || !err || !run->out || !run->err) {
        free(run->out);
        free(run->err);
        return false;
    }
    return true;
}

/* ---- the model --------------------------------------------------------------------------- */

typedef enum { FUZZ_LINE_READ, FUZZ_LINE_END, FUZZ_LINE_TOO_LONG, FUZZ_LINE_NUL } FuzzLineRead;

typedef struct {
    const FuzzTurns *turns;
    size_t written, frozen, pos;  /* bytes sent so far; all the bot will see once it met the end; read so far */
    bool at_end;                  /* the bot found no more input once: it reads no more */
    int line;                     /* lines read */
    char text[FUZZ_BOTZONE_LINE_MAX + 1];
    char *words[7];
    int count;                    /* words, 7 for more than six */
    Game game;
    Color me;
    int turn, answers;
    const FuzzBotRun *run;
    size_t out_pos;
    int want_status;
    char want_start[128], want_part[128], want_end[32]; /* the message, when want_status is 1 */
} FuzzBotModel;

/* The next line as the bot reads it: up to LF, CR LF's CR dropped; one with a NUL byte is malformed. */
FUZZ_API FuzzLineRead fuzz_model_line(FuzzBotModel *m)
{
    size_t avail = m->at_end ? m->frozen : m->written;
    const char *p = m->turns->bytes + m->pos;
    size_t n = avail - m->pos;
    const char *newline = memchr(p, '\n', n);
    size_t length = newline ? (size_t)(newline - p) : n;
    if (length > FUZZ_BOTZONE_LINE_MAX)
        return FUZZ_LINE_TOO_LONG;
    if (memchr(p, '\0', length))
        return FUZZ_LINE_NUL;
    if (!newline && !m->at_end) {
        m->at_end = true;
        m->frozen = m->written;
    }
    if (!newline && n == 0)
        return FUZZ_LINE_END;
    m->pos += newline ? length + 1 : length;
    m->line++;
    if (length > 0 && p[length - 1] == '\r')
        length--;
    memcpy(m->text, p, length);
    m->text[length] = '\0';
    m->count = 0;
    for (char *w = strtok(m->text, " \t"); w && m->count < 7; w = strtok(NULL, " \t"))
        m->words[m->count++] = w;
    return FUZZ_LINE_READ;
}

__attribute__((format(printf, 4, 5)))
FUZZ_API bool fuzz_model_fails(FuzzBotModel *m, int line, const char *start, const char *part_format, ...)
{
    m->want_status = 1;
    if (line > 0)
        snprintf(m->want_start, sizeof m->want_start, "line %d: %s", line, start);
    else
        snprintf(m->want_start, sizeof m->want_start, "%s", start);
    va_list args;
    va_start(args, part_format);
    vsnprintf(m->want_part, sizeof m->want_part, part_format, args);
    va_end(args);
    return false;
}

/* The error of a line too long or with a NUL byte (the next line, not yet counted). */
FUZZ_API bool fuzz_model_unfit(FuzzBotModel *m, FuzzLineRead r)
{
    return fuzz_model_fails(m, m->line + 1, r == FUZZ_LINE_NUL ? "a NUL byte" : "longer than 1024 bytes", "%s", "");
}

/* A line the bot must read; at the end of the input or on an unfit line, the error it must give. */
FUZZ_API bool fuzz_model_need_line(FuzzBotModel *m)
{
    FuzzLineRead r = fuzz_model_line(m);
    if (r == FUZZ_LINE_TOO_LONG || r == FUZZ_LINE_NUL)
        return fuzz_model_unfit(m, r);
    if (r == FUZZ_LINE_END) {
        fuzz_model_fails(m, 0, "end of input in the middle of a turn: expected ", "%s", "");
        snprintf(m->want_end, sizeof m->want_end, " on line %d", m->line + 1);
        return false;
    }
    return true;
}

/* A word as the integer it must be: [+-]digits within a long. */
FUZZ_API bool fuzz_model_integer(const char *w, long min, long max, long *value)
{
    bool negative;
    unsigned __int128 magnitude;
    if (!fuzz_integer(w, true, &negative, &magnitude) || !fuzz_in_long_range(negative, magnitude, min, max))
        return false;
    *value = negative ? -(long)(magnitude - 1) - 1 : (long)magnitude;
    return true;
}

/* Botzone's x y pairs as a move, through the notation: x is the file (a = 0), y the rank - 1. */
FUZZ_API bool fuzz_botzone_move(const long v[6], Move *move)
{
    char text[128]; /* coordinates 0..7, but room for any long */
    snprintf(text, sizeof text, "%c%ld-%c%ld/%c%ld", (char)('a' + v[0]), v[1] + 1, (char)('a' + v[2]), v[3] + 1,
             (char)('a' + v[4]), v[5] + 1);
    return move_from_text(text, 8, 8, move);
}

/* The line as a move for c (or, where *none is given, Botzone's "-1 ..."), played. */
FUZZ_API bool fuzz_model_move(FuzzBotModel *m, Color c, bool *none)
{
    long v[6];
    bool all_minus_one = true;
    if (m->count != 6)
        return fuzz_model_fails(m, m->line, "", "expected six integers x0 y0 x1 y1 x2 y2, got ");
    for (int i = 0; i < 6; i++) {
        if (!fuzz_model_integer(m->words[i], LONG_MIN, LONG_MAX, &v[i]))
            return fuzz_model_fails(m, m->line, "", "'%.40s' is not an integer", m->words[i]);
        all_minus_one &= v[i] == -1;
    }
    if (all_minus_one) {
        if (!none)
            return fuzz_model_fails(m, m->line, "", "which only the first mover's first request may be");
        return *none = true;
    }
    for (int i = 0; i < 6; i++)
        if (v[i] < 0 || v[i] > 7)
            return fuzz_model_fails(m, m->line, "", "coordinate %ld is off the board (0..7)", v[i]);
    if (none)
        *none = false;
    Move move;
    if (!fuzz_botzone_move(v, &move) || !game_play(&m->game, c, move))
        return fuzz_model_fails(m, m->line, "illegal move for ", "%s", "");
    return true;
}

/* The first input: the turn number and 2n - 1 moves, the first a request that may be "-1 ...". */
FUZZ_API bool fuzz_model_history(FuzzBotModel *m)
{
    long n;
    FuzzLineRead r = fuzz_model_line(m);
    if (r == FUZZ_LINE_END)
        return fuzz_model_fails(m, 0, "no input: expected the turn number", "%s", "");
    if (r == FUZZ_LINE_TOO_LONG || r == FUZZ_LINE_NUL)
        return fuzz_model_unfit(m, r);
    if (m->count != 1 || !fuzz_model_integer(m->words[0], 1, FUZZ_BOTZONE_TURNS, &n))
        return fuzz_model_fails(m, 1, "expected the turn number (1..29), got '", "%s", "");
    for (long i = 1; i <= 2 * n - 1; i++) {
        bool none = false, request = i % 2 == 1;
        if (!fuzz_model_need_line(m))
            return false;
        Color mover = i == 1 ? WHITE : request ? color_other(m->me) : m->me;
        if (!fuzz_model_move(m, mover, i == 1 ? &none : NULL))
            return false;
        if (i == 1)
            m->me = none ? WHITE : BLACK;
    }
    m->turn = (int)n;
    return true;
}

/* The bot's next output line (without LF) into line[size]; false when there is none. */
FUZZ_API bool fuzz_model_output(FuzzBotModel *m, char *line, size_t size)
{
    const char *p = m->run->out + m->out_pos, *end = m->run->out + m->run->out_length;
    const char *newline = memchr(p, '\n', (size_t)(end - p));
    if (!newline || (size_t)(newline - p) >= size)
        return false;
    memcpy(line, p, (size_t)(newline - p));
    line[newline - p] = '\0';
    m->out_pos += (size_t)(newline - p) + 1;
    return true;
}

/* An answer as the bot prints one: six digits 0..7, single spaces. */
FUZZ_API bool fuzz_answer_values(const char *line, long v[6])
{
    if (strlen(line) != 11)
        return false;
    for (int i = 0; i < 11; i++)
        if (i % 2 ? line[i] != ' ' : line[i] < '0' || line[i] > '7')
            return false;
    for (int i = 0; i < 6; i++)
        v[i] = line[2 * i] - '0';
    return true;
}

/*
 * The bot's answer to a turn, checked against the model's position.  The
 * bot's first answer discards what came after the history; a move brings
 * the next part of the input.  Returns NULL when the game goes on (*on),
 * or ended with "-1 ..." (!*on), else the broken property.
 */
FUZZ_API const char *fuzz_model_answer(FuzzBotModel *m, bool *on)
{
    char line[64], keep[64];
    long v[6];
    Move move;
    if (m->answers++ == 0)
        m->pos = m->at_end ? m->frozen : m->written;
    if (!fuzz_model_output(m, line, sizeof line))
        return fuzz_fail("botzone: no answer %d (status %d, stderr \"%.200s\")", m->answers, m->run->status,
                         m->run->err);
    *on = fuzz_can_move(&m->game.pos, m->me);
    if (!*on)
        return strcmp(line, FUZZ_NO_MOVE) == 0 ? NULL
             : fuzz_fail("botzone: answer %d is \"%s\", but the bot has no legal move", m->answers, line);
    if (!fuzz_answer_values(line, v) || !fuzz_botzone_move(v, &move) || !game_play(&m->game, m->me, move))
        return fuzz_fail("botzone: answer %d \"%s\" is no legal move for %s", m->answers, line,
                         m->me == WHITE ? "the first mover" : "the second mover");
    if (!fuzz_model_output(m, keep, sizeof keep) || strcmp(keep, FUZZ_KEEP_RUNNING) != 0)
        return fuzz_fail("botzone: answer %d is not followed by the keep-running line", m->answers);
    m->written = m->turns->ends[m->answers < m->turns->parts ? m->answers : m->turns->parts - 1];
    return NULL;
}

/* A later turn: blank lines skipped, an optional count line (1 or the turn), the opponent's move. */
FUZZ_API bool fuzz_model_request(FuzzBotModel *m, bool *ended)
{
    FuzzLineRead r;
    *ended = false;
    while ((r = fuzz_model_line(m)) == FUZZ_LINE_READ && m->count == 0)
        ;
    if (r == FUZZ_LINE_END)
        return !(*ended = true);
    if (r == FUZZ_LINE_TOO_LONG || r == FUZZ_LINE_NUL)
        return fuzz_model_unfit(m, r);
    long n;
    m->turn++;
    if (m->count == 1) {
        if (!fuzz_model_integer(m->words[0], 1, FUZZ_BOTZONE_TURNS, &n) || (n != 1 && n != m->turn))
            return fuzz_model_fails(m, m->line, "expected a request, or the count 1 or ", "%d before it", m->turn);
        if (!fuzz_model_need_line(m))
            return false;
    }
    return fuzz_model_move(m, color_other(m->me), NULL);
}

/* How the run must have ended, against how it did. */
FUZZ_API const char *fuzz_model_verdict(const FuzzBotModel *m)
{
    const FuzzBotRun *run = m->run;
    if (m->out_pos != run->out_length)
        return fuzz_fail("botzone: more output than %d answers: \"%.200s\"", m->answers, run->out + m->out_pos);
    if (run->status != m->want_status)
        return fuzz_fail("botzone: status %d, want %d (stderr \"%.200s\", want \"%s...%s\")", run->status,
                         m->want_status, run->err, m->want_start, m->want_part);
    if (m->want_status == 0)
        return run->err_length == 0 ? NULL : fuzz_fail("botzone: status 0 with \"%.200s\" on stderr", run->err);
    static const char prefix[] = "amazons: botzone: ";
    const char *message = run->err + sizeof prefix - 1;
    size_t n = run->err_length, end = strlen(m->want_end);
    if (n < sizeof prefix || strncmp(run->err, prefix, sizeof prefix - 1) != 0 || run->err[n - 1] != '\n'
        || memchr(run->err, '\n', n - 1) || strlen(run->err) != n)
        return fuzz_fail("botzone: stderr is not one \"%s\" line: \"%.200s\"", prefix, run->err);
    if (strncmp(message, m->want_start, strlen(m->want_start)) != 0 || !strstr(message, m->want_part)
        || n - (sizeof prefix - 1) - 1 < end || strncmp(run->err + n - 1 - end, m->want_end, end) != 0)
        return fuzz_fail("botzone: message \"%.200s\", want \"%s...%s...%s\"", message, m->want_start, m->want_part,
                         m->want_end);
    return NULL;
}

/* The whole run against the model. */
FUZZ_API const char *fuzz_botzone_check(const FuzzTurns *turns, const FuzzBotRun *run)
{
    static FuzzBotModel m;
    memset(&m, 0, sizeof m);
    m.turns = turns;
    m.run = run;
    m.written = turns->ends[0];
    game_new(&m.game, 8, 8);
    bool on = fuzz_model_history(&m), ended = false;
    while (on) {
        FUZZ_TRY(fuzz_model_answer(&m, &on));
        if (on && !fuzz_model_request(&m, &ended))
            on = false;
    }
    return fuzz_model_verdict(&m);
}

/* Runs the input twice (the same output both times) and checks it. */
FUZZ_API const char *fuzz_botzone_one(const uint8_t *data, size_t size)
{
    FuzzTurns turns;
    FuzzBotRun first, second;
    const char *result = NULL;
    if (size > FUZZ_MAX_INPUT || !fuzz_split_turns(data, size, &turns)) {
        if (size <= FUZZ_MAX_INPUT)
            fuzz_turns_free(&turns);
        return NULL;
    }
    if (fuzz_botzone_run(&turns, &first)) {
        result = fuzz_botzone_check(&turns, &first);
        if (!result && fuzz_botzone_run(&turns, &second)) {
            if (first.status != second.status || strcmp(first.out, second.out) != 0 || strcmp(first.err, second.err) != 0)
                result = fuzz_fail("botzone: not deterministic:\n%.300s%.200s\n--\n%.300s%.200s", first.out, first.err,
                                   second.out, second.err);
            free(second.out);
            free(second.err);
        }
        free(first.out);
        free(first.err);
    }
    fuzz_turns_free(&turns);
    return result;
}

#endif
