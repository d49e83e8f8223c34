/*
 * protocol_client.h - drives the real `amazons` binary through pipes for the
 * protocol suites (tests/test_protocol_*.c).
 *
 * The binary is the one named by $AMAZONS_BIN (set by `make test`), else
 * ./amazons.  pc_run starts a fresh process, feeds it a whole script on
 * stdin and collects everything it writes; pc_gtp and friends then split
 * stdout into responses, asserting that it holds nothing else.  Tests that
 * must choose when each line is written use live_engine.h instead.
 *
 * Memory: everything these helpers hand out (runs, responses, words, kept
 * buffers) is tracked and freed at once by pc_free_tracked, which each test
 * case installs as its checked teardown, so tests never free anything.
 */
#ifndef AMAZONS_TESTS_PROTOCOL_CLIENT_H
#define AMAZONS_TESTS_PROTOCOL_CLIENT_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

/* ---- Fixtures shared by the protocol suites ---------------------------- */

/* The 10x10 start position and its number of moves. */
#define START_10 "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w"
#define START_MOVES_10 2176

/* Two moves into a 10x10 game: white at a4 d7 g1 j4, black at a7 d8 g10 j7, arrows g7 d9. */
#define SETUP_MIDGAME "boardsize 10\nplay w d1-d7/g7\nplay b d10-d8/d9\n"

/* Options for fast, reproducible searches (a NULL-terminated argument list). */
extern const char *const PC_FAST[];

/* ---- Tracked memory ------------------------------------------------------ */

/* Records p to be freed by pc_free_tracked; the test fails when p is NULL. */
void *pc_track(void *p);
void pc_free_tracked(void);
char *pc_strdup(const char *s);
char *pc_strndup(const char *s, size_t n);

/* A growing, NUL-terminated byte buffer; start from (Buf){ 0 }. */
typedef struct {
    char *data;
    size_t length, capacity;
} Buf;

void pc_buf_add(Buf *b, const void *data, size_t n);
void pc_buf_puts(Buf *b, const char *s);
void pc_buf_repeat(Buf *b, char c, size_t n);
void pc_buf_printf(Buf *b, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Hands the data to the tracker, empties the buffer and returns the text. */
char *pc_buf_keep(Buf *b);

/* ---- Running the engine -------------------------------------------------- */

typedef struct {
    char *out, *err;           /* NUL-terminated copies of stdout and stderr */
    size_t out_length, err_length;
    int exit_code;             /* -1 when the process did not exit normally */
    int signal;                /* the signal that ended it, or 0 */
    bool timed_out;            /* killed after 20 s */
} Run;

const char *pc_engine_path(void);

/*
 * Runs the engine with the given extra arguments (NULL-terminated, may be
 * NULL), feeds it `input` and closes its stdin, collects stdout and stderr
 * to end of file, and reaps it.  A run that takes longer than 20 s is killed
 * and marked timed_out.
 */
Run *pc_run(const char *const *args, const void *input, size_t input_length);

/* The run ended by itself with status 0. */
void pc_expect_clean_exit(const Run *run);

/* The iteration counts of the "search: N iterations ..." lines --verbose writes, in order. */
size_t pc_verbose_iterations(const char *err, unsigned long long *out, size_t max);

/* ---- Responses ----------------------------------------------------------- */

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
Responses pc_split_responses(const Run *run);
/* One response's text without its empty line, as live_read_response gives it. */
Response pc_parse_response(const char *raw);

/* Runs a script that must end cleanly and returns its responses. */
Responses pc_gtp_bytes(const char *const *args, const char *script, size_t length);
Responses pc_gtp_args(const char *const *args, const char *script);
Responses pc_gtp(const char *script); /* with PC_FAST */

/* Response i succeeded; with body != NULL its text is exactly body.  Returns the text. */
const char *pc_expect_ok_at(int line, const Responses *rs, size_t i, const char *body);
/* Response i is an error whose message starts with prefix. */
void pc_expect_error_at(int line, const Responses *rs, size_t i, const char *prefix);
bool pc_same_response(const Response *a, const Response *b);

#define EXPECT_OK(rs, i, body) pc_expect_ok_at(__LINE__, (rs), (i), (body))
#define EXPECT_ERROR(rs, i, prefix) pc_expect_error_at(__LINE__, (rs), (i), (prefix))
#define EXPECT_COUNT(rs, n)                                                               \
    ck_assert_msg((rs)->count == (size_t)(n), "expected %zu responses, got %zu; stdout: %.400s", \
                  (size_t)(n), (rs)->count, (rs)->run->out)

/* ---- Words and lines of a response --------------------------------------- */

size_t pc_count_words(const char *text);
/* The words of text, as a tracked NULL-terminated array. */
char **pc_split_words(const char *text, size_t *count);
bool pc_has_word(const char *text, const char *word);
/* The body's lines, tracked; the first is "" when the body starts with a newline. */
char **pc_split_lines(const char *body, size_t *count);

#endif
