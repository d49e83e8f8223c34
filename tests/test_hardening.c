/*
 * test_hardening.c - drives the real `amazons` binary interactively (one
 * command at a time, through pipes, with poll() deadlines; engine_session.h)
 * to check the limits a tournament controller relies on:
 *
 *   time     every genmove answers within the time the controller said was
 *            left (absolute time and byo-yomi, 1 and 2 threads), and with no
 *            time at all (--time 0, --time 0.01, an empty clock) at once;
 *            a move hands over to the exact solver and `solve SECONDS` stay
 *            within their time (10% + 20 ms), and short moves still search
 *            (the margin scales with the move);
 *   memory   a long think under --memory stays under the cap (peak RSS).
 *
 * Every returned move is checked against the rules module (engine/game.h).
 * Under sanitizers the time limits stretch by time_factor() and the memory
 * allowance grows (below).  $AMAZONS_TEST_VERBOSE=1 prints the measured
 * times and peak RSS.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "engine/game.h"
#include "engine_session.h"
#include "tests.h"

/*
 * Memory allowance over the --memory cap.  The tree arena, its mark bits
 * included, is sized to the cap itself; everything else is the binary and
 * libc, the thread stacks actually touched, the protocol's buffers and the
 * reuse pass's temporary index arrays: an idle engine peaks at ~2 MiB RSS,
 * and `--memory 32 --time 4` peaks at ~29-33 MiB.  16 MiB covers all that
 * with room to spare, and is still far below what a tree that ignored the
 * cap would take: uncapped, the same 4 s search peaks at 135-160 MiB.
 * Under ASan+UBSan the same run peaks at ~44 MiB, and `--memory 8` with
 * three moves at 17-34 MiB (shadow memory, redzones, the runtime's own
 * ~10 MiB, per-thread allocator caches for the helper threads each search
 * starts, the quarantine of freed blocks): SANITIZED_EXTRA_MIB more is
 * allowed there.
 *
 * ThreadSanitizer keeps four bytes of shadow for each byte the program
 * touches, so its RSS is a multiple of the engine's, not a sum: the 4 s
 * search peaks at 150-181 MiB under --memory 32 (more with two threads,
 * which fill more of the tree), `--memory 8` at 66-68 MiB, and uncapped at
 * 400-440 MiB.  Its limit is (cap + MEMORY_ALLOWANCE_MIB) times
 * (1 + TSAN_SHADOW_PER_BYTE), plus TSAN_RUNTIME_MIB: 272 MiB for
 * --memory 32, still far below the uncapped search.  Sanitizer runs thus
 * only catch a cap that is far off; the release run checks it tightly.
 */
enum {
    MEMORY_ALLOWANCE_MIB = 16,
    SANITIZED_EXTRA_MIB = 128,
    TSAN_SHADOW_PER_BYTE = 4,
    TSAN_RUNTIME_MIB = 32,
};

/* ------------------------------------------------------------------------ */
/* Time safety.                                                               */

typedef enum { CLOCK_ABSOLUTE, CLOCK_BYOYOMI } ClockKind;

/*
 * A game on 10x10 from the start, `moves` genmoves with alternating colours;
 * before each the controller reports 1 s left (absolute: `time_left C 1 0`
 * after `time_settings 600 0 0`; byo-yomi: `time_left C 1 1` after
 * `time_settings 0 1 1`).  Every answer must arrive within that second.
 */
static void time_session(int threads, ClockKind kind, int moves)
{
    char threads_text[8];
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--threads", threads_text, NULL };
    Session e;
    session_start(&e, args);
    session_ok(&e, "name"); /* the engine is up: startup is not part of any move's time */
    session_ok(&e, "boardsize 10");
    session_ok(&e, kind == CLOCK_ABSOLUTE ? "time_settings 600 0 0" : "time_settings 0 1 1");
    Game model;
    game_new(&model, 10, 10);
    const double limit = 1000.0 * time_factor();
    double slowest = 0, total = 0;
    for (int i = 0; i < moves; i++) {
        Color c = i % 2 ? BLACK : WHITE;
        session_ok(&e, "time_left %s 1 %d", color_word(c), kind == CLOCK_ABSOLUTE ? 0 : 1);
        char command[64];
        snprintf(command, sizeof command, "genmove %s", color_word(c));
        double elapsed;
        /* The read deadline is generous so that a late answer is measured, not just missed. */
        char *r = session_send(&e, command, limit + 10000, &elapsed);
        expect_generated_move(&model, c, r, command, true);
        ck_assert_msg(elapsed <= limit,
                      "%s clock, %d thread(s): move %d ('%s' -> %s) took %.0f ms with 1 s left "
                      "(limit %.0f ms)",
                      kind == CLOCK_ABSOLUTE ? "absolute" : "byo-yomi", threads, i + 1, command,
                      response_body(r), elapsed, limit);
        free(r);
        slowest = elapsed > slowest ? elapsed : slowest;
        total += elapsed;
    }
    expect_position(&e, &model, "the timed game");
    session_finish(&e);
    hardening_note("%s 1 s left, %d thread(s): %d genmoves, mean %.0f ms, slowest %.0f ms "
                   "(limit %.0f ms)",
                   kind == CLOCK_ABSOLUTE ? "absolute time" : "byo-yomi", threads, moves,
                   total / moves, slowest, limit);
}

START_TEST(test_time_absolute_1_thread) { time_session(1, CLOCK_ABSOLUTE, 30); }
END_TEST

START_TEST(test_time_absolute_2_threads) { time_session(2, CLOCK_ABSOLUTE, 30); }
END_TEST

START_TEST(test_time_byoyomi_1_thread) { time_session(1, CLOCK_BYOYOMI, 12); }
END_TEST

START_TEST(test_time_byoyomi_2_threads) { time_session(2, CLOCK_BYOYOMI, 12); }
END_TEST

/*
 * No time at all: --time 0 or --time 0.01 (less than the 50 ms overhead)
 * without a clock, or a clock that is empty or nearly so.  Each genmove must
 * be a minimal search: a legal move well within INSTANT_MS.
 */
enum { INSTANT_MS = 500 };

typedef enum { NO_TIME_FLAG, NO_TIME_EMPTY_CLOCK, NO_TIME_NEARLY_EMPTY } NoTimeKind;

static void instant_session(const char *move_time, int threads, NoTimeKind kind, int moves)
{
    char threads_text[8];
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--time", move_time, "--threads", threads_text, NULL };
    Session e;
    session_start(&e, args);
    session_ok(&e, "name");
    if (kind == NO_TIME_EMPTY_CLOCK)
        session_ok(&e, "time_settings 0 0 0");
    if (kind == NO_TIME_NEARLY_EMPTY)
        session_ok(&e, "time_settings 600 0 0");
    Game model;
    game_new(&model, 10, 10);
    const double limit = INSTANT_MS * time_factor();
    double slowest = 0;
    for (int i = 0; i < moves; i++) {
        Color c = i % 2 ? BLACK : WHITE;
        if (kind == NO_TIME_NEARLY_EMPTY)
            session_ok(&e, "time_left %s 0.02 0", color_word(c));
        char command[64];
        snprintf(command, sizeof command, "genmove %s", color_word(c));
        double elapsed;
        char *r = session_send(&e, command, limit + 10000, &elapsed);
        expect_generated_move(&model, c, r, command, true);
        ck_assert_msg(elapsed <= limit,
                      "--time %s, %d thread(s), %s: move %d took %.0f ms (limit %.0f ms)", move_time,
                      threads,
                      kind == NO_TIME_FLAG ? "no clock"
                      : kind == NO_TIME_EMPTY_CLOCK ? "time_settings 0 0 0"
                                                    : "time_left 0.02 0",
                      i + 1, elapsed, limit);
        free(r);
        slowest = elapsed > slowest ? elapsed : slowest;
    }
    expect_position(&e, &model, "the instant game");
    session_finish(&e);
    hardening_note("--time %s, %d thread(s), %s: %d genmoves, slowest %.0f ms (limit %.0f ms)",
                   move_time, threads,
                   kind == NO_TIME_FLAG          ? "no clock"
                   : kind == NO_TIME_EMPTY_CLOCK ? "clock 0 0 0"
                                                 : "0.02 s left",
                   moves, slowest, limit);
}

START_TEST(test_time_zero)
{
    instant_session("0", 1, NO_TIME_FLAG, 10);
    instant_session("0", 2, NO_TIME_FLAG, 10);
}
END_TEST

START_TEST(test_time_tiny)
{
    instant_session("0.01", 1, NO_TIME_FLAG, 10);
    instant_session("0.01", 2, NO_TIME_FLAG, 10);
}
END_TEST

START_TEST(test_time_empty_clock)
{
    instant_session("5", 1, NO_TIME_EMPTY_CLOCK, 8);
    instant_session("5", 2, NO_TIME_EMPTY_CLOCK, 8);
    instant_session("5", 1, NO_TIME_NEARLY_EMPTY, 8);
    instant_session("5", 2, NO_TIME_NEARLY_EMPTY, 8);
}
END_TEST

/*
 * A 10x10 endgame of 40 empty squares whose regions are all closed, so that
 * genmove hands it to the exact solver first; counting its large areas is
 * slow, and a hand-over that read the clock only between proof nodes once
 * took 4.4 s of a 0.25 s move here.  White to move loses.
 */
static const char HANDOVER_ENDGAME[] =
    "4x2x1B/7x1x/4x1x1x1/1xxxxxxxxx/1xBxxxxxxB/xxWxxxxxWx/1xx1xxxx1x/5x1xxx/xW3x2xW/xxxxxx2xB w";

/* The promise of every timed command: its time, plus 10% and 20 ms. */
static double promised_ms(double seconds) { return (1100.0 * seconds + 20.0) * time_factor(); }

/* One timed command in a fresh engine after `setup` (may be NULL); returns its time in ms. */
static double timed_command(const char *const *args, const char *setup, const char *command)
{
    Session e;
    session_start(&e, args);
    session_ok(&e, "name");
    if (setup)
        session_ok(&e, "%s", setup);
    double elapsed;
    char *r = session_send(&e, command, COMMAND_TIMEOUT_MS, &elapsed);
    ck_assert_msg(r[0] == '=', "%s: %s", command, r);
    free(r);
    session_finish(&e);
    return elapsed;
}

/* The hand-over gets a share of the move and keeps to it, with the default and a small memory. */
START_TEST(test_time_hand_over)
{
    static const char *const memory[] = { "1024", "128" }; /* hand-over solvers of 64 and 16 MiB */
    static const char *const move_time[] = { "0.25", "1" };
    char setup[160];
    snprintf(setup, sizeof setup, "set_position %s", HANDOVER_ENDGAME);
    for (int m = 0; m < 2; m++)
        for (int t = 0; t < 2; t++) {
            const char *args[] = { "--time", move_time[t], "--memory", memory[m], NULL };
            double took = timed_command(args, setup, "genmove white");
            double limit = promised_ms(atof(move_time[t]));
            ck_assert_msg(took <= limit, "--time %s --memory %s: genmove took %.0f ms (limit %.0f ms)",
                          move_time[t], memory[m], took, limit);
            hardening_note("hand-over, --time %s --memory %s: %.0f ms (limit %.0f ms)", move_time[t],
                           memory[m], took, limit);
        }
    /* Two search threads make the hand-over two solvers at once (search/handover.h). */
    const char *args[] = { "--time", "0.25", "--threads", "2", NULL };
    double took = timed_command(args, setup, "genmove white");
    double limit = promised_ms(0.25);
    ck_assert_msg(took <= limit, "--time 0.25 --threads 2: genmove took %.0f ms (limit %.0f ms)", took,
                  limit);
    hardening_note("hand-over of two solvers, --time 0.25: %.0f ms (limit %.0f ms)", took, limit);
}
END_TEST

/* `solve SECONDS` stops at its time, on a position it cannot prove and on the endgame. */
START_TEST(test_time_solve)
{
    char setup[160];
    snprintf(setup, sizeof setup, "set_position %s", HANDOVER_ENDGAME);
    static const char *const args[] = { "--memory", "64", NULL };
    static const char *const small[] = { "--memory", "16", NULL };
    const struct {
        const char *const *args;
        const char *setup, *what;
    } cases[] = { { args, NULL, "the 10x10 start" }, { args, setup, "the endgame" },
                  { small, setup, "the endgame in 16 MiB" } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double took = timed_command(cases[i].args, cases[i].setup, "solve 0.3");
        ck_assert_msg(took <= promised_ms(0.3), "solve 0.3 on %s took %.0f ms (limit %.0f ms)",
                      cases[i].what, took, promised_ms(0.3));
        hardening_note("solve 0.3 on %s: %.0f ms", cases[i].what, took);
    }
}
END_TEST

/*
 * Short moves think: the default margin is at most 40% of a fixed time per
 * move, so --time 0.1 searches at least 60 ms and --time 0.05 at least 30
 * ms (a genmove cannot answer before its search ends), and a byo-yomi
 * period of 0.1 s a stone (amazons-match --move-time 0.1) 48 ms.  Such a
 * move leaves the scheduler only its 20 to 40 ms margin: on a machine busy
 * with other jobs one took 90 ms of a 50 ms move, so the upper limit has
 * SHORT_MOVE_SLACK_MS more (the hand-over test holds the promise exactly).
 */
enum { SHORT_MOVE_SLACK_MS = 50 };
static void short_moves(const char *move_time, const char *clock, double least_ms, double move_s)
{
    const char *args[] = { "--time", move_time, NULL };
    Session e;
    session_start(&e, args);
    session_ok(&e, "name");
    if (clock)
        session_ok(&e, "%s", clock);
    Game model;
    game_new(&model, 10, 10);
    for (int i = 0; i < 6; i++) {
        Color c = i % 2 ? BLACK : WHITE;
        char command[32];
        snprintf(command, sizeof command, "genmove %s", color_word(c));
        double elapsed;
        char *r = session_send(&e, command, COMMAND_TIMEOUT_MS, &elapsed);
        expect_generated_move(&model, c, r, command, true);
        free(r);
        ck_assert_msg(elapsed >= least_ms, "--time %s%s%s: move %d took %.1f ms, less than %.0f ms",
                      move_time, clock ? ", " : "", clock ? clock : "", i + 1, elapsed, least_ms);
        double limit = promised_ms(move_s) + SHORT_MOVE_SLACK_MS * time_factor();
        ck_assert_msg(elapsed <= limit, "--time %s%s%s: move %d took %.1f ms (limit %.0f ms)",
                      move_time, clock ? ", " : "", clock ? clock : "", i + 1, elapsed, limit);
    }
    session_finish(&e);
}

START_TEST(test_time_short_moves)
{
    short_moves("0.1", NULL, 60, 0.1);
    short_moves("0.05", NULL, 30, 0.05);
    short_moves("5", "time_settings 0 0.1 1", 48, 0.1);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Memory cap.                                                                */

/*
 * Thinks `seconds` per move for `moves` genmoves from the 10x10 start under
 * --memory `mib`; the moves must be legal and the process's peak RSS (from
 * wait4) under the cap plus MEMORY_ALLOWANCE_MIB (plus SANITIZED_EXTRA_MIB
 * under sanitizers).
 */
static long memory_limit_mib(int mib)
{
    long engine = mib + MEMORY_ALLOWANCE_MIB;
    if (thread_sanitized())
        return engine * (1 + TSAN_SHADOW_PER_BYTE) + TSAN_RUNTIME_MIB;
    return engine + (sanitized() ? SANITIZED_EXTRA_MIB : 0);
}

static void memory_session(int mib, int threads, const char *seconds, int moves)
{
    char mib_text[16], threads_text[8];
    snprintf(mib_text, sizeof mib_text, "%d", mib);
    snprintf(threads_text, sizeof threads_text, "%d", threads);
    const char *args[] = { "--memory", mib_text, "--time", seconds, "--threads", threads_text, NULL };
    Session e;
    session_start(&e, args);
    session_ok(&e, "name");
    Game model;
    game_new(&model, 10, 10);
    for (int i = 0; i < moves; i++) {
        Color c = i % 2 ? BLACK : WHITE;
        char command[64];
        snprintf(command, sizeof command, "genmove %s", color_word(c));
        double elapsed;
        double limit = (strtod(seconds, NULL) * 1000 + 1000) * time_factor();
        char *r = session_send(&e, command, limit + 10000, &elapsed);
        expect_generated_move(&model, c, r, command, true);
        ck_assert_msg(elapsed <= limit, "--time %s: genmove took %.0f ms", seconds, elapsed);
        free(r);
    }
    expect_position(&e, &model, "the long think");
    struct rusage usage = session_finish(&e);
    long cap_kib = memory_limit_mib(mib) * 1024;
    hardening_note("--memory %d --time %s --threads %d, %d genmove(s): peak RSS %.1f MiB "
                   "(limit %.1f MiB)",
                   mib, seconds, threads, moves, usage.ru_maxrss / 1024.0, cap_kib / 1024.0);
    ck_assert_msg(usage.ru_maxrss <= cap_kib,
                  "--memory %d --threads %d: peak RSS %ld KiB exceeds %ld KiB (cap + allowance)", mib,
                  threads, usage.ru_maxrss, cap_kib);
}

START_TEST(test_memory_cap_1_thread) { memory_session(32, 1, "4", 1); }
END_TEST

START_TEST(test_memory_cap_2_threads) { memory_session(32, 2, "4", 1); }
END_TEST

/* A small cap that certainly fills, with tree reuse between the moves. */
START_TEST(test_memory_cap_full_tree) { memory_session(8, 2, "1", 3); }
END_TEST

/* ------------------------------------------------------------------------ */

Suite *hardening_suite(void)
{
    Suite *s = suite_create("hardening");
    /* Check's timeouts are scaled by CK_TIMEOUT_MULTIPLIER; these leave room for sanitizers. */
    TCase *timing = tcase_create("time safety");
    tcase_set_timeout(timing, 120);
    tcase_add_test(timing, test_time_absolute_1_thread);
    tcase_add_test(timing, test_time_absolute_2_threads);
    tcase_add_test(timing, test_time_byoyomi_1_thread);
    tcase_add_test(timing, test_time_byoyomi_2_threads);
    tcase_add_test(timing, test_time_zero);
    tcase_add_test(timing, test_time_tiny);
    tcase_add_test(timing, test_time_empty_clock);
    tcase_add_test(timing, test_time_hand_over);
    tcase_add_test(timing, test_time_solve);
    tcase_add_test(timing, test_time_short_moves);
    suite_add_tcase(s, timing);

    /* Peak RSS is the engine's own only for a native binary (tag "rss"). */
    TCase *memory = tcase_create("memory cap");
    tcase_set_tags(memory, "rss");
    tcase_set_timeout(memory, 120);
    tcase_add_test(memory, test_memory_cap_1_thread);
    tcase_add_test(memory, test_memory_cap_2_threads);
    tcase_add_test(memory, test_memory_cap_full_tree);
    suite_add_tcase(s, memory);
    return s;
}
