/*
 * test_state_integrity.c - a seeded random mix of legal and illegal commands
 * (moves in every accepted spelling, malformed moves, undo, valid and
 * invalid positions, board sizes, genmove, wrong argument counts) sent to
 * the real `amazons` binary one at a time (engine_session.h).  After every
 * command the engine's position must equal a model kept with the rules
 * module, every error must leave it unchanged, and every id must be echoed.
 * $AMAZONS_TEST_VERBOSE=1 prints what the mix exercised.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/move.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine_session.h"
#include "tests.h"

typedef struct {
    uint64_t state;
} Rand;

static uint64_t rand_next(Rand *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1. */
static int rand_below(Rand *r, int n) { return (int)(rand_next(r) % (uint64_t)n); }

static bool rand_chance(Rand *r, int percent) { return rand_below(r, 100) < percent; }

static const char *random_color_word(Rand *r, Color c)
{
    static const char *const words[2][4] = { { "white", "w", "WHITE", "W" },
                                              { "black", "b", "Black", "B" } };
    return words[c][rand_below(r, 4)];
}

static Color random_mover(Rand *r, const Game *model)
{
    /* Mostly the side to move; GTP lets either colour play. */
    return rand_chance(r, 80) ? model->pos.to_move : color_other(model->pos.to_move);
}

/* A move's text in one of the accepted spellings. */
static void spell_move(Rand *r, Move m, char *out, size_t size)
{
    char from[4], to[4], arrow[4];
    square_to_text(m.from, from);
    square_to_text(m.to, to);
    square_to_text(m.arrow, arrow);
    static const char *const formats[] = { "%s-%s/%s", "%s%s%s", "%s-%s-%s", "%s%s/%s", "%s-%s%s" };
    snprintf(out, size, formats[rand_below(r, 5)], from, to, arrow);
    if (rand_chance(r, 20))
        for (char *p = out; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 'a' + 'A');
}

/* Three squares anywhere on a 10x10 grid (maybe off this board), well formed. */
static void random_move_text(Rand *r, char *out, size_t size)
{
    int f[3], k[3];
    for (int i = 0; i < 3; i++) {
        f[i] = rand_below(r, 10);
        k[i] = 1 + rand_below(r, 10);
    }
    snprintf(out, size, "%c%d-%c%d/%c%d", 'a' + f[0], k[0], 'a' + f[1], k[1], 'a' + f[2], k[2]);
}

/* A random valid board of size n: 1-4 amazons a side, some arrows. */
static void random_board(Rand *r, int n, char grid[BOARD_MAX][BOARD_MAX])
{
    static const int arrow_percent[] = { 0, 10, 30, 60, 85 };
    int density = arrow_percent[rand_below(r, 5)];
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            grid[y][x] = rand_chance(r, density) ? 'x' : '.';
    for (int c = 0; c < 2; c++) {
        int count = 1 + rand_below(r, 4);
        for (int placed = 0; placed < count;) {
            int y = rand_below(r, n), x = rand_below(r, n);
            if (grid[y][x] == 'W' || grid[y][x] == 'B')
                continue;
            grid[y][x] = c == 0 ? 'W' : 'B';
            placed++;
        }
    }
}

/* Board text, rank n (grid row n-1) first. */
static void board_text(int n, char grid[BOARD_MAX][BOARD_MAX], char *out)
{
    char *p = out;
    for (int y = n - 1; y >= 0; y--) {
        int run = 0;
        for (int x = 0; x < n; x++) {
            if (grid[y][x] == '.') {
                run++;
                continue;
            }
            if (run)
                p += sprintf(p, "%d", run);
            run = 0;
            *p++ = grid[y][x];
        }
        if (run)
            p += sprintf(p, "%d", run);
        if (y)
            *p++ = '/';
    }
    *p = '\0';
}

/* The set_position arguments for a valid position (board word, side word). */
static void valid_position_words(Rand *r, char *board, char *side)
{
    char grid[BOARD_MAX][BOARD_MAX];
    int n = BOARD_MIN + rand_below(r, BOARD_MAX - BOARD_MIN + 1);
    random_board(r, n, grid);
    board_text(n, grid, board);
    static const char *const sides[] = { "w", "b", "W", "B" };
    strcpy(side, sides[rand_below(r, 4)]);
}

/* Words for set_position that must be rejected; *why says which rule. */
static void invalid_position_words(Rand *r, char *board, char *side, const char **why)
{
    char grid[BOARD_MAX][BOARD_MAX];
    int n = BOARD_MIN + rand_below(r, BOARD_MAX - BOARD_MIN + 1);
    random_board(r, n, grid);
    strcpy(side, rand_chance(r, 50) ? "w" : "b");
    switch (rand_below(r, 11)) {
    case 0: /* a run length starting with 0 */
        board_text(n, grid, board + 1);
        board[0] = '0';
        *why = "empty run of 0";
        break;
    case 1: { /* the last rank one square wider (or too wide) */
        board_text(n, grid, board);
        strcat(board, "1");
        *why = "ranks of different widths";
        break;
    }
    case 2: { /* a character that is not a piece */
        board_text(n, grid, board);
        static const char bad[] = "XyY.*-+w";
        board[rand_below(r, (int)strlen(board))] = bad[rand_below(r, (int)sizeof bad - 1)];
        *why = "unexpected character";
        break;
    }
    case 3: { /* only the first three ranks: too few */
        board_text(n, grid, board);
        char *cut = board;
        for (int ranks = 0; ranks < 3; ranks++)
            cut = strchr(cut, '/') + 1;
        cut[-1] = '\0';
        *why = "too few ranks";
        break;
    }
    case 4: /* side word */
        board_text(n, grid, board);
        strcpy(side, rand_chance(r, 50) ? "white" : (rand_chance(r, 50) ? "x" : "wb"));
        *why = "bad side";
        break;
    case 5: /* a side without amazons */
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                if (grid[y][x] == 'B')
                    grid[y][x] = '.';
        board_text(n, grid, board);
        *why = "no black amazon";
        break;
    case 6: { /* five amazons of one colour */
        int count = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                count += grid[y][x] == 'W';
        for (int y = 0; y < n && count < 5; y++)
            for (int x = 0; x < n && count < 5; x++)
                if (grid[y][x] == '.' || grid[y][x] == 'x') {
                    grid[y][x] = 'W';
                    count++;
                }
        board_text(n, grid, board);
        *why = "five white amazons";
        break;
    }
    case 7: /* too small / too large / too many ranks */
        strcpy(board, rand_chance(r, 50) ? "B2/3/W2" : "B10/11/11/11/11/11/11/11/11/11/10W");
        *why = "unsupported size";
        break;
    case 8: /* a stray slash */
        board_text(n, grid, board);
        strcat(board, "/");
        *why = "stray slash";
        break;
    case 9: { /* longer than any position */
        int length = 240 + rand_below(r, 200);
        for (int i = 0; i < length; i++)
            board[i] = "B9/"[i % 3];
        board[length] = '\0';
        *why = "text too long";
        break;
    }
    default: /* eleven ranks */
        strcpy(board, "B9/10/10/10/10/10/10/10/10/10/W9");
        *why = "too many ranks";
        break;
    }
}

/* What `boardsize WORD` must do: the size, or 0 for an error. */
static int boardsize_expectation(const char *word)
{
    char *end;
    errno = 0;
    long v = strtol(word, &end, 10);
    if (errno || end == word || *end || v < BOARD_MIN || v > BOARD_MAX)
        return 0;
    return (int)v;
}

typedef struct {
    int commands;
    int ok[2]; /* [0] answered '?', [1] answered '=' */
    int resigns, genmoves, plays, undos, positions, sizes;
} Tally;

/*
 * One command: sends it with id `id`, checks the response kind (and the id
 * echo) against `expect_ok`, returns the response (malloc'd).
 */
static char *expect_kind(Session *e, int id, const char *command, bool expect_ok, Tally *t)
{
    char line[1024];
    snprintf(line, sizeof line, "%d %s", id, command);
    char *r = session_send(e, line, COMMAND_TIMEOUT_MS * time_factor(), NULL);
    char echo[32];
    snprintf(echo, sizeof echo, "%c%d", r[0], id);
    ck_assert_msg(strncmp(r, echo, strlen(echo)) == 0 && !(r[strlen(echo)] >= '0' && r[strlen(echo)] <= '9'),
                  "'%s': id not echoed: %.200s", line, r);
    ck_assert_msg((r[0] == '=') == expect_ok, "'%s': expected %s, got: %.300s", line,
                  expect_ok ? "success" : "an error", r);
    t->commands++;
    t->ok[r[0] == '=']++;
    return r;
}

static void random_command(Session *e, Rand *r, Game *model, int id, Tally *t)
{
    char command[1024] = "", text[600], side[16];
    int roll = rand_below(r, 100);
    if (roll < 22) { /* a legal move (or any move, when the mover has none) */
        Color c = random_mover(r, model);
        static MoveList list;
        generate_moves(&model->pos, c, &list);
        if (list.count)
            spell_move(r, list.moves[rand_below(r, list.count)], text, sizeof text);
        else
            random_move_text(r, text, sizeof text);
        snprintf(command, sizeof command, "play %s %s", random_color_word(r, c), text);
        Move m;
        bool ok = move_from_text(text, model->pos.width, model->pos.height, &m) && game_play(model, c, m);
        ck_assert_msg(ok || !list.count, "model refused a generated move: %s", command);
        free(expect_kind(e, id, command, ok, t));
        t->plays += ok;
    } else if (roll < 32) { /* a random well-formed move: mostly illegal, maybe off the board */
        Color c = random_mover(r, model);
        random_move_text(r, text, sizeof text);
        snprintf(command, sizeof command, "play %s %s", random_color_word(r, c), text);
        Move m;
        bool ok = move_from_text(text, model->pos.width, model->pos.height, &m) && game_play(model, c, m);
        free(expect_kind(e, id, command, ok, t));
        t->plays += ok;
    } else if (roll < 37) { /* malformed moves and colours */
        static const char *const bad[] = {
            "play white pass",       "play w d1/d7/g7",  "play b d1--d7/g7",   "play w d01-d7/g7",
            "play w k1-k2/k3",       "play b a0-a1/a2",  "play w a1-a2",       "play b a1a2a3a4",
            "play red d1-d7/g7",     "play w resign",    "play white z9-a1/a2", "play x a4-a5/a6",
            "play w a4-a5/a6/a7",    "play 1 a1-a2/a3",
        };
        snprintf(command, sizeof command, "%s", bad[rand_below(r, (int)(sizeof bad / sizeof bad[0]))]);
        free(expect_kind(e, id, command, false, t));
    } else if (roll < 52) { /* undo */
        bool ok = game_undo(model);
        snprintf(command, sizeof command, "undo");
        free(expect_kind(e, id, command, ok, t));
        t->undos += ok;
    } else if (roll < 59) { /* a valid position */
        valid_position_words(r, text, side);
        char full[700];
        snprintf(full, sizeof full, "%s %s", text, side);
        Position pos;
        const char *error = position_from_text(&pos, full);
        ck_assert_msg(error == NULL, "model rejects a valid position '%s': %s", full, error);
        snprintf(command, sizeof command, "set_position %s %s", text, side);
        free(expect_kind(e, id, command, true, t));
        game_set_position(model, &pos);
        t->positions++;
    } else if (roll < 65) { /* an invalid position */
        const char *why = "";
        invalid_position_words(r, text, side, &why);
        char full[700];
        snprintf(full, sizeof full, "%s %s", text, side);
        Position pos;
        bool too_long = strlen(text) + strlen(side) + 2 > 2 * POSITION_TEXT_MAX;
        ck_assert_msg(too_long || position_from_text(&pos, full) != NULL,
                      "model accepts an invalid position (%s): '%s'", why, full);
        snprintf(command, sizeof command, "set_position %s %s", text, side);
        free(expect_kind(e, id, command, false, t));
    } else if (roll < 70) { /* boardsize, valid or not */
        static const char *const words[] = { "4", "5", "6", "7", "8", "9", "10", "+6", "07",
                                             "3", "11", "0", "-5", "six", "4.5", "1e1",
                                             "99999999999999999999", "0x8" };
        int n = (int)(sizeof words / sizeof words[0]);
        const char *word = words[rand_below(r, n)];
        /* A third of the time COLUMNS ROWS: a rectangular board. */
        const char *rows = rand_chance(r, 33) ? words[rand_below(r, n)] : NULL;
        int width = boardsize_expectation(word), height = rows ? boardsize_expectation(rows) : width;
        bool valid = width != 0 && height != 0;
        if (rows)
            snprintf(command, sizeof command, "boardsize %s %s", word, rows);
        else
            snprintf(command, sizeof command, "boardsize %s", word);
        free(expect_kind(e, id, command, valid, t));
        if (valid) {
            game_new(model, width, height);
            t->sizes++;
        }
    } else if (roll < 73) { /* clear_board */
        snprintf(command, sizeof command, "clear_board");
        free(expect_kind(e, id, command, true, t));
        game_new(model, model->pos.width, model->pos.height);
    } else if (roll < 88) { /* genmove / reg_genmove */
        bool play = rand_chance(r, 70);
        Color c = random_mover(r, model);
        snprintf(command, sizeof command, "%s %s", play ? "genmove" : "reg_genmove",
                 random_color_word(r, c));
        char *response = expect_kind(e, id, command, true, t);
        expect_generated_move(model, c, response, command, play);
        t->genmoves++;
        t->resigns += strcmp(response_body(response), "resign") == 0;
        free(response);
    } else if (roll < 93) { /* wrong argument counts and unknown commands */
        static const char *const bad[] = {
            "undo 1",        "genmove",      "play w",          "set_position 4/4/4/4",
            "boardsize",     "clear_board x", "reg_genmove w b", "get_position now",
            "genmove purple", "Play w a1-a2/a3", "boardsize 6 6 6",
        };
        snprintf(command, sizeof command, "%s", bad[rand_below(r, (int)(sizeof bad / sizeof bad[0]))]);
        free(expect_kind(e, id, command, false, t));
    } else { /* legal_moves agrees with the model's move count */
        Color c = rand_chance(r, 50) ? model->pos.to_move : color_other(model->pos.to_move);
        bool named = rand_chance(r, 50);
        snprintf(command, sizeof command, "legal_moves%s%s", named ? " " : "",
                 named ? color_word(c) : "");
        if (!named)
            c = model->pos.to_move;
        char *response = expect_kind(e, id, command, true, t);
        static MoveList list;
        generate_moves(&model->pos, c, &list);
        int words = 0;
        for (const char *p = response_body(response); *p;) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            words++;
            while (*p && *p != ' ')
                p++;
        }
        ck_assert_msg(words == list.count, "'%s': %d moves, the model has %d", command, words,
                      list.count);
        free(response);
    }
    char after[1100];
    snprintf(after, sizeof after, "%d %s", id, command);
    expect_position(e, model, after);
}

static void state_session(int threads, uint64_t seed, int count)
{
    char threads_text[8];
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--playouts", "30", "--memory", "16", "--threads", threads_text, NULL };
    Session e;
    session_start(&e, args);
    Game model;
    game_new(&model, DEFAULT_SIZE, DEFAULT_SIZE);
    expect_position(&e, &model, "startup");
    Rand r = { seed };
    Tally t = { 0 };
    for (int i = 0; i < count; i++) {
        /* random_command's messages name the command; the index finds it in a replay. */
        random_command(&e, &r, &model, i + 1, &t);
    }
    session_finish(&e);
    ck_assert_int_eq(t.commands, count);
    /* The mix must really exercise both paths. */
    ck_assert_msg(t.ok[0] > count / 10 && t.ok[1] > count / 3, "skewed mix: %d errors, %d successes",
                  t.ok[0], t.ok[1]);
    hardening_note("state, %d thread(s), seed %llu: %d commands (%d '=', %d '?'), %d moves played, "
                   "%d genmoves (%d resign), %d undos, %d positions, %d boardsizes",
                   threads, (unsigned long long)seed, t.commands, t.ok[1], t.ok[0], t.plays,
                   t.genmoves, t.resigns, t.undos, t.positions, t.sizes);
}

START_TEST(test_state_integrity_1_thread) { state_session(1, 20240601, 600); }
END_TEST

START_TEST(test_state_integrity_2_threads) { state_session(2, 77, 300); }
END_TEST

/* ------------------------------------------------------------------------ */

Suite *state_integrity_suite(void)
{
    Suite *s = suite_create("state_integrity");
    /* Check's timeouts are scaled by CK_TIMEOUT_MULTIPLIER; this leaves room for sanitizers. */
    TCase *state = tcase_create("state integrity");
    tcase_set_timeout(state, 180);
    tcase_add_test(state, test_state_integrity_1_thread);
    tcase_add_test(state, test_state_integrity_2_threads);
    suite_add_tcase(s, state);
    return s;
}
