/*
 * test_live.c - the engine as a live partner for GUIs, through the real
 * binary: analysis output (its format, its growth, its principal variations
 * and ownership), stopping an analysis with the next line, genmove_analyze,
 * "# interrupt" during a genmove, pondering (latency of commands while it
 * runs, and the tree it leaves to the next genmove), and the state these
 * leave behind.  Times are measured here, so the margins are the ones the
 * protocol promises (PROTOCOL.md, "Live analysis").
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board_model.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "live_engine.h"
#include "protocol_client.h"
#include "search/timeman.h" /* monotonic_seconds */
#include "tests.h"

enum {
    STOP_MS = 50,           /* an analysis ends this soon after the next line */
    INTERRUPT_MS = 200,     /* a genmove answers this soon after "# interrupt" */
    PONDER_P99_MS = 20,     /* commands answered this fast while pondering */
    MAX_ENTRIES = 64,
};

/*
 * The promised times hold for the release build.  Sanitizer builds run
 * several times slower: `make test SANITIZE=1` / `TSAN=1` set
 * AMAZONS_SANITIZED, which stretches the limits by SANITIZED_TIME_FACTOR
 * (AMAZONS_TIME_FACTOR overrides it), as the hardening suite does.
 */
enum { SANITIZED_TIME_FACTOR = 5 };

static double limit_ms(int ms)
{
    const char *factor = getenv("AMAZONS_TIME_FACTOR"), *sanitized = getenv("AMAZONS_SANITIZED");
    double f = factor && *factor ? atof(factor)
             : sanitized && *sanitized && strcmp(sanitized, "0") != 0 ? SANITIZED_TIME_FACTOR : 1.0;
    return ms * (f >= 1.0 ? f : 1.0);
}

static const char *const ANALYSIS_ARGS[] = { "--threads", "2", "--memory", "64", NULL };

static LiveEngine *engine; /* the test's engine, freed by the teardown */

static void free_engine(void)
{
    live_free(engine);
    engine = NULL;
    pc_free_tracked();
}

static double now_ms(void) { return monotonic_seconds() * 1e3; }

static void sleep_ms(int ms)
{
    struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

/* ---- Reading analysis output ---------------------------------------------- */

typedef struct {
    char move[MOVE_TEXT_MAX];
    unsigned long visits;
    double winrate, prior, lcb;
    int order;
    int pv_length;
    char pv[32][MOVE_TEXT_MAX];
} Entry;

typedef struct {
    Entry entries[MAX_ENTRIES];
    int count;
    int ownership_count;     /* numbers after "ownership", -1 without it */
    double ownership[100];
} Batch;

/* A rate as the style writes it: a float in [0, 1], or Leela Zero's integer x 10000. */
static double read_rate(const char *word, bool leela, const char *line)
{
    char *end;
    double v = leela ? (double)strtol(word, &end, 10) / 10000.0 : strtod(word, &end);
    ck_assert_msg(*end == '\0' && word != end, "bad number \"%s\" in: %.200s", word, line);
    if (!leela)
        ck_assert_msg(strchr(word, '.') != NULL, "\"%s\" should be a float: %.200s", word, line);
    ck_assert_msg(v >= 0 && v <= 1, "rate %s out of range: %.200s", word, line);
    return v;
}

static void expect_word(char **words, size_t *i, size_t n, const char *want, const char *line)
{
    ck_assert_msg(*i < n && strcmp(words[*i], want) == 0, "expected \"%s\" at word %zu of: %.300s",
                  want, *i, line);
    (*i)++;
}

static const char *take_word(char **words, size_t *i, size_t n, const char *line)
{
    ck_assert_msg(*i < n, "line ends early: %.300s", line);
    return words[(*i)++];
}

/* Parses one info line: every entry in order, then ownership if present. */
static Batch parse_batch(const char *line, bool leela)
{
    Batch b = { .count = 0, .ownership_count = -1 };
    size_t n, i = 0;
    char **words = pc_split_words(line, &n);
    while (i < n && strcmp(words[i], "ownership") != 0) {
        ck_assert_msg(b.count < MAX_ENTRIES, "too many entries: %.200s", line);
        Entry *e = &b.entries[b.count++];
        expect_word(words, &i, n, "info", line);
        expect_word(words, &i, n, "move", line);
        snprintf(e->move, sizeof e->move, "%s", take_word(words, &i, n, line));
        expect_word(words, &i, n, "visits", line);
        e->visits = strtoul(take_word(words, &i, n, line), NULL, 10);
        expect_word(words, &i, n, "winrate", line);
        e->winrate = read_rate(take_word(words, &i, n, line), leela, line);
        expect_word(words, &i, n, "prior", line);
        e->prior = read_rate(take_word(words, &i, n, line), leela, line);
        expect_word(words, &i, n, "lcb", line);
        e->lcb = read_rate(take_word(words, &i, n, line), leela, line);
        expect_word(words, &i, n, "order", line);
        e->order = atoi(take_word(words, &i, n, line));
        expect_word(words, &i, n, "pv", line);
        while (i < n && strcmp(words[i], "info") != 0 && strcmp(words[i], "ownership") != 0) {
            ck_assert_msg(e->pv_length < 32, "pv too long: %.200s", line);
            snprintf(e->pv[e->pv_length++], MOVE_TEXT_MAX, "%s", words[i++]);
        }
        ck_assert_msg(e->pv_length >= 1 && strcmp(e->pv[0], e->move) == 0,
                      "the pv of %s must start with it: %.300s", e->move, line);
        ck_assert_msg(e->order == b.count - 1, "orders must count up from 0: %.300s", line);
        ck_assert_msg(e->lcb <= e->winrate + 1e-9, "lcb above winrate: %.300s", line);
        if (b.count > 1)
            ck_assert_msg(e->visits <= b.entries[b.count - 2].visits, "entries not ranked by visits: %.300s",
                          line);
    }
    if (i < n) {
        i++;
        b.ownership_count = 0;
        for (; i < n; i++) {
            ck_assert_msg(b.ownership_count < 100, "too many ownership values: %.100s", line);
            char *end;
            double v = strtod(words[i], &end);
            ck_assert_msg(*end == '\0' && v >= -1 && v <= 1, "bad ownership value \"%s\"", words[i]);
            b.ownership[b.ownership_count++] = v;
        }
    }
    ck_assert_msg(b.count > 0, "a batch without entries: %.200s", line);
    return b;
}

/* Every pv is a sequence of legal moves from the position. */
static void check_pvs(const Batch *b, const char *position_text)
{
    for (int k = 0; k < b->count; k++) {
        Game game;
        Position pos;
        ck_assert_ptr_null(position_from_text(&pos, position_text));
        game_set_position(&game, &pos);
        for (int j = 0; j < b->entries[k].pv_length; j++) {
            Move m;
            const char *text = b->entries[k].pv[j];
            ck_assert_msg(move_from_text(text, pos.width, pos.height, &m), "pv move \"%s\" malformed", text);
            ck_assert_msg(game_play(&game, game.pos.to_move, m), "pv of %s: move %d (%s) is illegal",
                          b->entries[k].move, j + 1, text);
        }
    }
}

/* Reads the rest of a streamed response up to its empty line; returns the info lines seen. */
static int finish_stream(void)
{
    int lines = 0;
    for (const char *line = live_next_line(engine); *line; line = live_next_line(engine)) {
        ck_assert_msg(strncmp(line, "info ", 5) == 0, "unexpected line in an analysis: %.200s", line);
        lines++;
    }
    return lines;
}

static void start_analysis(const char *command, const char *id)
{
    live_send_ok(engine, command);
    const char *head = live_next_line(engine);
    ck_assert_msg(strcmp(head, id) == 0, "\"%s\" answered \"%s\"", command, head);
}

/* ---- Tests ---------------------------------------------------------------------- */

START_TEST(test_analyze_batches)
{
    engine = live_start(ANALYSIS_ARGS);
    const char *position = pc_strdup(live_ask(engine, "get_position"));
    start_analysis("1 analyze 20", "=1");
    /* Three intervals (0.6 s) bring at least two batches. */
    double start = now_ms();
    int batches = 0;
    Batch seen[8];
    while (batches < 8) {
        const char *line = live_read_line(engine, batches < 2 ? (int)(start + 600 - now_ms()) : LIVE_ANSWER_MS);
        if (batches < 2)
            ck_assert_msg(line != NULL, "only %d batch(es) within 3 intervals", batches);
        seen[batches] = parse_batch(line, false);
        check_pvs(&seen[batches], position);
        ck_assert_int_eq(seen[batches].ownership_count, -1);
        batches++;
    }
    /* A move's visits never go down from one batch to the next. */
    for (int k = 1; k < batches; k++)
        for (int a = 0; a < seen[k - 1].count; a++)
            for (int b = 0; b < seen[k].count; b++)
                if (strcmp(seen[k - 1].entries[a].move, seen[k].entries[b].move) == 0)
                    ck_assert_msg(seen[k].entries[b].visits >= seen[k - 1].entries[a].visits,
                                  "%s: %lu visits, then %lu", seen[k].entries[b].move,
                                  seen[k - 1].entries[a].visits, seen[k].entries[b].visits);
    live_send_ok(engine, "2 name");
    finish_stream();
    ck_assert_str_eq(live_next_line(engine), "=2 Amazons");
}
END_TEST

/* An empty line, a command, and quit: each ends the analysis within STOP_MS and gets its reply. */
START_TEST(test_analysis_stops_on_next_line)
{
    static const char *const stoppers[] = { "", "7 name", "8 quit" };
    const char *stopper = stoppers[_i];
    engine = live_start(ANALYSIS_ARGS);
    start_analysis("1 analyze 5", "=1");
    parse_batch(live_next_line(engine), false); /* the search is running */
    double sent = now_ms();
    live_send_ok(engine, stopper);
    finish_stream();
    double took = now_ms() - sent;
    ck_assert_msg(took <= limit_ms(STOP_MS), "\"%s\" took %.1f ms to end the analysis", stopper, took);
    if (_i == 0) {
        ck_assert_str_eq(live_ask(engine, "protocol_version"), "2");
    } else if (_i == 1) {
        ck_assert_str_eq(live_next_line(engine), "=7 Amazons");
    } else {
        ck_assert_str_eq(live_next_line(engine), "=8");
        ck_assert_int_eq(live_wait(engine, LIVE_ANSWER_MS), 0);
    }
}
END_TEST

/* ownership: N*N values in [-1, 1], rank N first; on a rectangular board width*height. */
START_TEST(test_analysis_ownership)
{
    engine = live_start(ANALYSIS_ARGS);
    start_analysis("1 kata-analyze w 5 maxmoves 3 ownership true", "=1");
    Batch b = parse_batch(live_next_line(engine), false);
    ck_assert_int_eq(b.ownership_count, 100);
    ck_assert_int_le(b.count, 3);
    /* Gathered from playouts: not all zero, and the start is nearly symmetric. */
    double sum = 0, magnitude = 0;
    for (int i = 0; i < 100; i++) {
        sum += b.ownership[i];
        magnitude += fabs(b.ownership[i]);
    }
    ck_assert_msg(magnitude > 10, "ownership close to zero everywhere: %.2f", magnitude);
    ck_assert_msg(fabs(sum) < 50, "ownership far from balanced at the start: %.2f", sum);
    live_send_ok(engine, "");
    finish_stream();
    live_ask(engine, "boardsize 6 5");
    start_analysis("2 analyze b 5 ownership true", "=2");
    b = parse_batch(live_next_line(engine), false);
    ck_assert_int_eq(b.ownership_count, 30);
    live_send_ok(engine, "");
    finish_stream();
}
END_TEST

/* lz-analyze writes Leela Zero's integers; minmoves adds unvisited moves. */
START_TEST(test_analysis_styles_and_keys)
{
    engine = live_start(ANALYSIS_ARGS);
    start_analysis("1 lz-analyze 5 minmoves 40 maxmoves 40", "=1");
    Batch b = parse_batch(live_next_line(engine), true);
    ck_assert_int_eq(b.count, 40);
    live_send_ok(engine, "");
    finish_stream();
    start_analysis("2 analyze interval 5 maxmoves 1", "=2");
    b = parse_batch(live_next_line(engine), false);
    ck_assert_int_eq(b.count, 1);
    live_send_ok(engine, "");
    finish_stream();
}
END_TEST

/* Analysis changes neither the board nor the history that undo walks back. */
START_TEST(test_analysis_leaves_state)
{
    engine = live_start(ANALYSIS_ARGS);
    live_ask(engine, "play w d1-d7/g7");
    const char *first = pc_strdup(live_ask(engine, "get_position"));
    live_ask(engine, "play b d10-d8/d9");
    const char *before = pc_strdup(live_ask(engine, "get_position"));
    start_analysis("1 analyze 5", "=1");
    parse_batch(live_next_line(engine), false);
    live_send_ok(engine, "");
    finish_stream();
    start_analysis("2 analyze b 5 ownership true", "=2");
    parse_batch(live_next_line(engine), false);
    live_send_ok(engine, "");
    finish_stream();
    ck_assert_str_eq(live_ask(engine, "get_position"), before);
    live_ask(engine, "undo");
    ck_assert_str_eq(live_ask(engine, "get_position"), first);
    live_ask(engine, "undo");
    ck_assert_str_eq(live_ask(engine, "get_position"), START_10);
    live_send_ok(engine, "undo");
    Response r = pc_parse_response(live_read_response(engine, LIVE_ANSWER_MS));
    ck_assert(!r.ok);
}
END_TEST

/* genmove_analyze: info lines while a normal genmove thinks, then "play MOVE", played. */
START_TEST(test_genmove_analyze)
{
    static const char *const args[] = { "--time", "0.6", "--memory", "64", NULL };
    engine = live_start(args);
    const char *position = pc_strdup(live_ask(engine, "get_position"));
    start_analysis("1 genmove_analyze w 10 maxmoves 2", "=1");
    int infos = 0;
    const char *line;
    while (strncmp(line = live_next_line(engine), "info ", 5) == 0) {
        Batch b = parse_batch(line, false);
        check_pvs(&b, position);
        infos++;
    }
    ck_assert_msg(infos >= 1, "no info line during a 0.5 s think");
    ck_assert_msg(strncmp(line, "play ", 5) == 0, "expected play MOVE, got \"%s\"", line);
    const char *move = pc_strdup(line + 5);
    ck_assert_str_eq(live_next_line(engine), "");
    Board board = bm_after(bm_of(position), 'W', move);
    ck_assert_str_eq(live_ask(engine, "get_position"), bm_text(&board));
    /* The Leela Zero form, for Black. */
    start_analysis("2 lz-genmove_analyze b 10", "=2");
    while (strncmp(line = live_next_line(engine), "info ", 5) == 0)
        parse_batch(line, true);
    ck_assert_msg(strncmp(line, "play ", 5) == 0, "expected play MOVE, got \"%s\"", line);
    ck_assert_str_eq(live_next_line(engine), "");
    /* A side without moves resigns. */
    live_ask(engine, "set_position Wx1B/xx2/4/4 w");
    start_analysis("3 kata-genmove_analyze w", "=3");
    ck_assert_str_eq(live_next_line(engine), "play resign");
    ck_assert_str_eq(live_next_line(engine), "");
}
END_TEST

/*
 * When the exact solver proves the move, the search does not run: the one
 * entry is the move played, with the proven result, not the candidates of
 * the tree an earlier analysis left (they belong to another position).
 */
START_TEST(test_genmove_analyze_proven)
{
    static const char *const args[] = { "--time", "0.6", "--memory", "64", NULL };
    engine = live_start(args);
    live_ask(engine, "boardsize 4 4");
    live_ask(engine, "play w b1-b2/c3");
    live_ask(engine, "play b b4-b3/a4");
    const char *position = pc_strdup(live_ask(engine, "get_position"));
    /* A tree for Black, who is not to move: stopped by the next line. */
    start_analysis("1 analyze b 5", "=1");
    sleep_ms((int)limit_ms(200)); /* time for a batch every 50 ms */
    live_send_ok(engine, "2 genmove_analyze w 5");
    ck_assert_int_ge(finish_stream(), 1);
    ck_assert_str_eq(live_next_line(engine), "=2");
    const char *line = live_next_line(engine);
    Batch b = parse_batch(line, false);
    ck_assert_int_eq(b.count, 1);
    check_pvs(&b, position);
    ck_assert_int_eq(b.entries[0].pv_length, 1);
    ck_assert_double_eq(b.entries[0].winrate, 1.0); /* `solve` here: "= win c1-c2/b1" */
    ck_assert_double_eq(b.entries[0].lcb, 1.0);
    ck_assert_uint_ge(b.entries[0].visits, 1);
    line = live_next_line(engine);
    ck_assert_msg(strncmp(line, "play ", 5) == 0, "expected play MOVE, got \"%s\"", line);
    ck_assert_str_eq(line + 5, b.entries[0].move);
    ck_assert_str_eq(live_next_line(engine), "");
    Board board = bm_after(bm_of(position), 'W', b.entries[0].move);
    ck_assert_str_eq(live_ask(engine, "get_position"), bm_text(&board));
}
END_TEST

/*
 * Sends "1 genmove w" from `position`, interrupts it after 300 ms, and checks
 * that a legal move came within INTERRUPT_MS and was played.
 */
static void check_interrupted_genmove(const char *position, const char *what)
{
    live_send_ok(engine, "1 genmove w");
    sleep_ms(300);
    double sent = now_ms();
    live_send_ok(engine, "# interrupt");
    const char *raw = live_read_response(engine, LIVE_ANSWER_MS);
    double took = now_ms() - sent;
    ck_assert_ptr_nonnull(raw);
    ck_assert_msg(took <= limit_ms(INTERRUPT_MS), "the interrupted %s took %.1f ms to answer", what, took);
    Response r = pc_parse_response(raw);
    ck_assert(r.ok);
    Board board = bm_after(bm_of(position), 'W', r.body);
    ck_assert_str_eq(live_ask(engine, "get_position"), bm_text(&board));
}

/* "# interrupt" stops a 60-second genmove (or reg_genmove) at once with a legal move. */
START_TEST(test_interrupt_genmove)
{
    static const char *const args[] = { "--time", "60", "--memory", "64", NULL };
    engine = live_start(args);
    check_interrupted_genmove(pc_strdup(live_ask(engine, "get_position")), "genmove");
    /* Commands sent before the interrupt wait their turn; the interrupt is for the genmove. */
    const char *middle = pc_strdup(live_ask(engine, "get_position"));
    live_send_ok(engine, "2 reg_genmove b\n3 name");
    sleep_ms(300);
    double sent = now_ms();
    live_send_ok(engine, "# interrupt");
    const char *raw = live_read_response(engine, LIVE_ANSWER_MS);
    double took = now_ms() - sent;
    ck_assert_msg(took <= limit_ms(INTERRUPT_MS), "the interrupted reg_genmove took %.1f ms to answer", took);
    Response r = pc_parse_response(raw);
    ck_assert_str_eq(r.id, "2");
    bm_after(bm_of(middle), 'B', r.body); /* a legal-looking move of Black's */
    ck_assert_str_eq(live_next_line(engine), "=3 Amazons");
    ck_assert_str_eq(live_next_line(engine), "");
    ck_assert_str_eq(live_ask(engine, "get_position"), middle);
}
END_TEST

/*
 * "# interrupt" stops a genmove's hand-over to the exact solver as promptly:
 * a 10x10 endgame whose regions are closed, which the hand-over's 16 MiB
 * (--memory 128; one solver, or two of 8 MiB) cannot prove within its 15 s
 * share of a 60 s move.
 */
static void check_interrupted_hand_over(const char *const *args, const char *what)
{
    static const char endgame[] =
        "4x2x1B/7x1x/4x1x1x1/1xxxxxxxxx/1xBxxxxxxB/xxWxxxxxWx/1xx1xxxx1x/5x1xxx/xW3x2xW/xxxxxx2xB w";
    engine = live_start(args);
    char command[160];
    snprintf(command, sizeof command, "set_position %s", endgame);
    live_ask(engine, command);
    check_interrupted_genmove(endgame, what);
}

START_TEST(test_interrupt_hand_over)
{
    static const char *const args[] = { "--time", "60", "--memory", "128", NULL };
    check_interrupted_hand_over(args, "hand-over");
}
END_TEST

/* With two search threads the hand-over is two solvers at once: the interrupt stops both. */
START_TEST(test_interrupt_hand_over_of_two_solvers)
{
    static const char *const args[] = { "--time", "60", "--memory", "128", "--threads", "2", NULL };
    check_interrupted_hand_over(args, "hand-over of two solvers");
}
END_TEST

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile_99(double *ms, int n)
{
    qsort(ms, (size_t)n, sizeof ms[0], compare_doubles);
    return ms[(int)ceil(0.99 * n) - 1];
}

/*
 * While the engine ponders with two threads, play (and undo) and
 * protocol_version are answered within PONDER_P99_MS at the 99th percentile.
 */
START_TEST(test_ponder_latency)
{
    static const char *const args[] = { "--ponder", "--threads", "2", "--time", "0.3", "--memory", "256",
                                         NULL };
    enum { ROUNDS = 200 };
    engine = live_start(args);
    live_ask(engine, "genmove w");
    /* Black's replies come from the position: White's move may block any fixed one. */
    size_t count;
    char **moves = pc_split_words(live_ask(engine, "legal_moves b"), &count);
    ck_assert_msg(count >= 2, "Black has %zu legal moves", count);
    char play_first[32], play_last[32];
    snprintf(play_first, sizeof play_first, "play b %s", moves[0]);
    snprintf(play_last, sizeof play_last, "play b %s", moves[count - 1]);
    double version_ms[ROUNDS], play_ms[2 * ROUNDS];
    for (int i = 0; i < ROUNDS; i++) {
        sleep_ms(15); /* let the ponder search run between commands */
        double t = now_ms();
        ck_assert_str_eq(live_ask(engine, "protocol_version"), "2");
        version_ms[i] = now_ms() - t;
        sleep_ms(15);
        t = now_ms();
        live_ask(engine, i % 2 ? play_last : play_first);
        play_ms[2 * i] = now_ms() - t;
        sleep_ms(15);
        t = now_ms();
        live_ask(engine, "undo");
        play_ms[2 * i + 1] = now_ms() - t;
    }
    double v = percentile_99(version_ms, ROUNDS), p = percentile_99(play_ms, 2 * ROUNDS);
    ck_assert_msg(v <= limit_ms(PONDER_P99_MS), "protocol_version: 99th percentile %.1f ms while pondering", v);
    ck_assert_msg(p <= limit_ms(PONDER_P99_MS), "play/undo: 99th percentile %.1f ms while pondering", p);
    if (getenv("AMAZONS_TEST_VERBOSE"))
        fprintf(stderr, "ponder latency p99: protocol_version %.2f ms, play/undo %.2f ms\n", v, p);
}
END_TEST

/* The verbose line of the last search: "search: N iterations ... reused R, pv M ...". */
static const char *last_search_line(void)
{
    const char *err = live_stderr(engine), *last = NULL;
    for (const char *p = strstr(err, "search: "); p; p = strstr(p + 1, "search: "))
        last = p;
    ck_assert_msg(last != NULL, "no search line on stderr");
    return last;
}

static unsigned long long reused_visits(const char *search_line)
{
    const char *reused = strstr(search_line, "reused ");
    ck_assert_msg(reused != NULL, "no reused count: %.200s", search_line);
    return strtoull(reused + 7, NULL, 10);
}

/* What pondering found stays for the next genmove: the reply it expected is in the tree. */
START_TEST(test_ponder_tree_reuse)
{
    static const char *const args[] = { "--ponder", "--time", "0.3", "--memory", "256", "--verbose", NULL };
    engine = live_start(args);
    live_ask(engine, "genmove w");
    sleep_ms(1000);
    live_ask(engine, "protocol_version"); /* shared: answered while pondering goes on */
    /* An analysis needs the search: the ponder search stops (and reports on stderr) first. */
    start_analysis("1 analyze b 5 maxmoves 1", "=1");
    const char *ponder = last_search_line();
    unsigned long long iterations = strtoull(ponder + 8, NULL, 10);
    ck_assert_msg(iterations >= 100, "pondering ran only %llu iterations: %.200s", iterations, ponder);
    /* The analysis goes on from the ponder tree; then play Black's most visited reply. */
    Batch b = parse_batch(live_next_line(engine), false);
    live_send_ok(engine, "");
    finish_stream();
    const char *analysis = last_search_line();
    ck_assert_msg(reused_visits(analysis) >= iterations, "the analysis did not start from the ponder "
                  "tree (%llu iterations): %.300s", iterations, analysis);
    char command[64];
    snprintf(command, sizeof command, "play b %s", b.entries[0].move);
    live_ask(engine, command);
    live_ask(engine, "genmove w");
    const char *search = last_search_line();
    ck_assert_msg(reused_visits(search) > 0, "genmove after pondering reused nothing: %.300s", search);
}
END_TEST

/* GoGui's conventions: gogui-interrupt is known, the analysis commands are listed. */
START_TEST(test_gui_command_lists)
{
    Responses rs = pc_gtp("known_command gogui-interrupt\ngogui-interrupt\nlist_commands\n"
                          "gogui-analyze_commands\nknown_command lz-analyze\n");
    EXPECT_COUNT(&rs, 5);
    EXPECT_OK(&rs, 0, "true");
    EXPECT_OK(&rs, 1, "");
    const char *list = EXPECT_OK(&rs, 2, NULL);
    static const char *const names[] = { "analyze", "lz-analyze", "kata-analyze", "genmove_analyze",
                                         "lz-genmove_analyze", "kata-genmove_analyze",
                                         "gogui-analyze_commands", "gogui-interrupt" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        ck_assert_msg(pc_has_word(list, names[i]), "list_commands lacks %s", names[i]);
    const char *analyze = EXPECT_OK(&rs, 3, NULL);
    ck_assert_ptr_nonnull(strstr(analyze, "string/Territory/territory"));
    size_t lines;
    char **each = pc_split_lines(analyze, &lines);
    for (size_t i = 0; i < lines; i++)
        ck_assert_msg(strchr(each[i], '/') && strchr(strchr(each[i], '/') + 1, '/'),
                      "not type/label/command: \"%s\"", each[i]);
    EXPECT_OK(&rs, 4, "true");
}
END_TEST

Suite *live_suite(void)
{
    Suite *s = suite_create("live");
    TCase *analysis = tcase_create("analysis");
    tcase_add_checked_fixture(analysis, NULL, free_engine);
    tcase_set_timeout(analysis, 60);
    tcase_add_test(analysis, test_analyze_batches);
    tcase_add_loop_test(analysis, test_analysis_stops_on_next_line, 0, 3);
    tcase_add_test(analysis, test_analysis_ownership);
    tcase_add_test(analysis, test_analysis_styles_and_keys);
    tcase_add_test(analysis, test_analysis_leaves_state);
    tcase_add_test(analysis, test_genmove_analyze);
    tcase_add_test(analysis, test_genmove_analyze_proven);
    tcase_add_test(analysis, test_gui_command_lists);
    suite_add_tcase(s, analysis);

    TCase *control = tcase_create("interrupt and ponder");
    tcase_add_checked_fixture(control, NULL, free_engine);
    tcase_set_timeout(control, 60);
    tcase_add_test(control, test_interrupt_genmove);
    tcase_add_test(control, test_ponder_latency);
    tcase_add_test(control, test_ponder_tree_reuse);
    suite_add_tcase(s, control);

    /* The hand-over's solve is watched on a thread of its own (see solve_command's "threads"). */
    TCase *hand_over = tcase_create("interrupted hand-over");
    tcase_set_tags(hand_over, "threads");
    tcase_add_checked_fixture(hand_over, NULL, free_engine);
    tcase_set_timeout(hand_over, 60);
    tcase_add_test(hand_over, test_interrupt_hand_over);
    tcase_add_test(hand_over, test_interrupt_hand_over_of_two_solvers);
    suite_add_tcase(s, hand_over);
    return s;
}
