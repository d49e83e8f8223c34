/*
 * test_hardening.c - drives the real `amazons` binary interactively (one
 * command at a time, through pipes, with poll() deadlines; engine_session.h)
 * to check the limits a tournament controller relies on:
 *
 *   time     every genmove answers within the time the controller said was
 *            left (absolute time and byo-yomi, 1 and 2 threads), and with no
 *            time at all (--time 0, --time 0.01, an empty clock) at once;
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
    suite_add_tcase(s, timing);

    TCase *memory = tcase_create("memory cap");
    tcase_set_timeout(memory, 120);
    tcase_add_test(memory, test_memory_cap_1_thread);
    tcase_add_test(memory, test_memory_cap_2_threads);
    tcase_add_test(memory, test_memory_cap_full_tree);
    suite_add_tcase(s, memory);
    return s;
}
