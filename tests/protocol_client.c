/*
 * protocol_client.c - runs the engine on a whole script and reads its
 * responses (see protocol_client.h); the process itself is live_engine.c's.
 */
#define _GNU_SOURCE
#include "protocol_client.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "live_engine.h"

enum { RUN_TIMEOUT_MS = 20000 };

const char *const PC_FAST[] = { "--playouts", "200", "--seed", "1", "--memory", "16", NULL };

/* ------------------------------------------------------------------------ */
/* Tracked memory and byte buffers.                                          */

static void **tracked;
static size_t tracked_count, tracked_capacity;

void *pc_track(void *p)
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

void pc_free_tracked(void)
{
    for (size_t i = 0; i < tracked_count; i++)
        free(tracked[i]);
    free(tracked);
    tracked = NULL;
    tracked_count = tracked_capacity = 0;
}

char *pc_strndup(const char *s, size_t n) { return pc_track(strndup(s, n)); }
char *pc_strdup(const char *s) { return pc_track(strdup(s)); }

void pc_buf_add(Buf *b, const void *data, size_t n)
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

void pc_buf_puts(Buf *b, const char *s) { pc_buf_add(b, s, strlen(s)); }

void pc_buf_repeat(Buf *b, char c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        pc_buf_add(b, &c, 1);
}

void pc_buf_printf(Buf *b, const char *format, ...)
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
    pc_buf_add(b, text, (size_t)needed);
    free(text);
}

char *pc_buf_keep(Buf *b)
{
    pc_buf_add(b, "", 0);
    char *data = pc_track(b->data);
    *b = (Buf){ 0 };
    return data;
}

/* ------------------------------------------------------------------------ */
/* Running the engine.                                                        */

const char *pc_engine_path(void)
{
    const char *path = getenv("AMAZONS_BIN");
    return path && *path ? path : "./amazons";
}

/* A whole-script run: the live engine's run to end, its output kept as tracked text. */
Run *pc_run(const char *const *args, const void *input, size_t input_length)
{
    LiveEngine *e = live_start(args);
    live_run_to_end(e, input, input_length, RUN_TIMEOUT_MS);
    Run *run = pc_track(calloc(1, sizeof *run));
    run->out_length = e->stdout_text.length;
    run->err_length = e->stderr_text.length;
    run->out = pc_buf_keep(&e->stdout_text);
    run->err = pc_buf_keep(&e->stderr_text);
    run->timed_out = e->timed_out;
    run->exit_code = e->exit_code;
    run->signal = e->signal;
    live_free(e);
    return run;
}

void pc_expect_clean_exit(const Run *run)
{
    ck_assert_msg(!run->timed_out, "engine still running after %d s (killed); stderr: %.500s",
                  RUN_TIMEOUT_MS / 1000, run->err);
    ck_assert_msg(run->exit_code != 127 && run->exit_code != 126,
                  "cannot run %s (set AMAZONS_BIN)", pc_engine_path());
    ck_assert_msg(run->signal == 0, "engine killed by signal %d; stderr: %.1000s",
                  run->signal, run->err);
    ck_assert_msg(run->exit_code == 0, "engine exited with status %d; stderr: %.1000s",
                  run->exit_code, run->err);
}

/* ------------------------------------------------------------------------ */
/* Responses.                                                                 */

/* The head of one response (without its empty line), read in place. */
static Response parse_response(char *raw)
{
    ck_assert_msg(raw[0] == '=' || raw[0] == '?',
                  "stdout holds something other than a response: \"%.200s\"", raw);
    size_t id_length = strspn(raw + 1, "0123456789");
    char *body = raw + 1 + id_length;
    ck_assert_msg(*body == '\0' || *body == ' ' || *body == '\n',
                  "malformed response head: \"%.200s\"", raw);
    const char *id = id_length ? pc_strndup(raw + 1, id_length) : "";
    if (*body == ' ')
        body++;
    return (Response){ raw[0] == '=', id, body };
}

Response pc_parse_response(const char *raw) { return parse_response(pc_strdup(raw)); }

/*
 * Splits stdout into responses, asserting that it holds nothing else: each
 * response is '=' or '?', an optional numeric id, then nothing, a space or a
 * newline before its text, and ends with an empty line.
 */
Responses pc_split_responses(const Run *run)
{
    Responses rs = { .run = run };
    size_t capacity = 0;
    ck_assert_msg(strlen(run->out) == run->out_length, "NUL byte on stdout");
    char *p = pc_strndup(run->out, run->out_length), *end = p + run->out_length;
    while (p < end) {
        char *stop = p; /* not strstr: sanitizers make it quadratic on long outputs */
        while (stop + 1 < end && !(stop[0] == '\n' && stop[1] == '\n'))
            stop++;
        if (stop + 1 >= end)
            stop = NULL;
        ck_assert_msg(stop != NULL, "stdout does not end with an empty line: \"%.200s\"", p);
        *stop = '\0';
        if (rs.count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            Response *grown = realloc(rs.items, capacity * sizeof *grown);
            ck_assert_msg(grown != NULL, "out of memory");
            rs.items = grown;
        }
        rs.items[rs.count++] = parse_response(p);
        p = stop + 2;
    }
    if (rs.items)
        pc_track(rs.items);
    return rs;
}

Responses pc_gtp_bytes(const char *const *args, const char *script, size_t length)
{
    Run *run = pc_run(args, script, length);
    pc_expect_clean_exit(run);
    return pc_split_responses(run);
}

Responses pc_gtp_args(const char *const *args, const char *script)
{
    return pc_gtp_bytes(args, script, strlen(script));
}

Responses pc_gtp(const char *script) { return pc_gtp_args(PC_FAST, script); }

static const Response *response_at(int line, const Responses *rs, size_t i)
{
    ck_assert_msg(i < rs->count, "line %d: wanted response #%zu, got only %zu; stderr: %.300s",
                  line, i, rs->count, rs->run->err);
    return &rs->items[i];
}

/* Response i succeeded; with body != NULL its text is exactly body. */
const char *pc_expect_ok_at(int line, const Responses *rs, size_t i, const char *body)
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
void pc_expect_error_at(int line, const Responses *rs, size_t i, const char *prefix)
{
    const Response *r = response_at(line, rs, i);
    ck_assert_msg(!r->ok, "line %d: response #%zu succeeded (\"%.300s\"), expected an error \"%s\"",
                  line, i, r->body, prefix);
    ck_assert_msg(strncmp(r->body, prefix, strlen(prefix)) == 0,
                  "line %d: response #%zu is \"?%s\", expected a message starting \"%s\"",
                  line, i, r->body, prefix);
}

bool pc_same_response(const Response *a, const Response *b)
{
    return a->ok == b->ok && strcmp(a->id, b->id) == 0 && strcmp(a->body, b->body) == 0;
}

/* ------------------------------------------------------------------------ */
/* Words and lines.                                                          */

size_t pc_count_words(const char *text)
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
char **pc_split_words(const char *text, size_t *count)
{
    size_t n = pc_count_words(text);
    char **words = pc_track(calloc(n + 1, sizeof *words));
    char *copy = pc_strdup(text), *save = NULL;
    size_t i = 0;
    for (char *w = strtok_r(copy, " \n", &save); w; w = strtok_r(NULL, " \n", &save))
        words[i++] = w;
    *count = n;
    return words;
}

bool pc_has_word(const char *text, const char *word)
{
    size_t n;
    char **words = pc_split_words(text, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(words[i], word) == 0)
            return true;
    return false;
}

/* The body's lines; the first is "" when the body starts with a newline. */
char **pc_split_lines(const char *body, size_t *count)
{
    size_t n = 1;
    for (const char *p = body; *p; p++)
        n += *p == '\n';
    char **lines = pc_track(calloc(n + 1, sizeof *lines));
    char *copy = pc_strdup(body);
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

/* "search: N iterations ..." lines of --verbose, in order. */
size_t pc_verbose_iterations(const char *err, unsigned long long *out, size_t max)
{
    size_t n = 0;
    for (const char *p = err; (p = strstr(p, "search: ")) != NULL; p++) {
        unsigned long long v;
        if (sscanf(p, "search: %llu iterations", &v) == 1 && n < max)
            out[n++] = v;
    }
    return n;
}
