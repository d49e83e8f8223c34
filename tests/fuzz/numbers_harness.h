/*
 * numbers_harness.h - the checks of the fuzz_numbers target:
 *
 *   fuzz_numbers_one(data, size)   the bytes (up to a NUL) as one
 *                                  command-line word, given to parse_long,
 *                                  parse_u64 and parse_double with the
 *                                  ranges the programs use, and to
 *                                  amazons-match's composite values:
 *                                  --time, --sprt, --size and --shard.
 *
 * The oracle is a grammar of its own (a transition table for decimals,
 * not numbers.c's scanner), exact integer values in 128 bits, and for short
 * decimals the exactly rounded value m * 10^k or m / 10^k (both exact
 * doubles, one IEEE rounding), independent of strtod.  A word must be
 * accepted exactly when it fits the grammar and its value is finite and in
 * range; an accepted value equals the oracle's; a refused word leaves the
 * output as it was; an accepted double printed with %.17g reads back to
 * the same bits; the composite values read back from their text forms
 * (board_size_text, time_control_text, and %.17g forms).
 */
#ifndef AMAZONS_FUZZ_NUMBERS_HARNESS_H
#define AMAZONS_FUZZ_NUMBERS_HARNESS_H

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/board_size.h"
#include "match/referee.h"
#include "match/schedule.h"
#include "match/stats.h"
#include "protocol/numbers.h"
#include "tests/fuzz/harness_common.h"

/* ---- the reference grammar and values ------------------------------------- */

/* States of the decimal grammar [+-](D+[.D*] | .D+)([eE][+-]D+). */
typedef enum { N_START, N_SIGN, N_INT, N_INT_POINT, N_POINT, N_FRACTION, N_E, N_E_SIGN, N_EXPONENT, N_DEAD } FuzzNumState;

FUZZ_API FuzzNumState fuzz_decimal_step(FuzzNumState s, char c)
{
    static const FuzzNumState on[N_DEAD][5] = {
        /*               digit       sign       point        e          other */
        [N_START]    = { N_INT,      N_SIGN,    N_POINT,     N_DEAD,    N_DEAD },
        [N_SIGN]     = { N_INT,      N_DEAD,    N_POINT,     N_DEAD,    N_DEAD },
        [N_INT]      = { N_INT,      N_DEAD,    N_INT_POINT, N_E,       N_DEAD },
        [N_INT_POINT]= { N_FRACTION, N_DEAD,    N_DEAD,      N_E,       N_DEAD },
        [N_POINT]    = { N_FRACTION, N_DEAD,    N_DEAD,      N_DEAD,    N_DEAD },
        [N_FRACTION] = { N_FRACTION, N_DEAD,    N_DEAD,      N_E,       N_DEAD },
        [N_E]        = { N_EXPONENT, N_E_SIGN,  N_DEAD,      N_DEAD,    N_DEAD },
        [N_E_SIGN]   = { N_EXPONENT, N_DEAD,    N_DEAD,      N_DEAD,    N_DEAD },
        [N_EXPONENT] = { N_EXPONENT, N_DEAD,    N_DEAD,      N_DEAD,    N_DEAD },
    };
    int column = c >= '0' && c <= '9' ? 0 : c == '+' || c == '-' ? 1 : c == '.' ? 2 : c == 'e' || c == 'E' ? 3 : 4;
    return s == N_DEAD ? N_DEAD : on[s][column];
}

FUZZ_API bool fuzz_is_decimal(const char *w)
{
    FuzzNumState s = N_START;
    for (; *w; w++)
        s = fuzz_decimal_step(s, *w);
    return s == N_INT || s == N_INT_POINT || s == N_FRACTION || s == N_EXPONENT;
}

/* Magnitudes beyond any 64-bit value are held at this cap. */
#define FUZZ_BIG ((unsigned __int128)1 << 100)

/* "[+-]D+" (or "D+" alone when !signed_ok) into a sign and an exact, capped magnitude. */
FUZZ_API bool fuzz_integer(const char *w, bool signed_ok, bool *negative, unsigned __int128 *magnitude)
{
    size_t i = 0;
    *negative = false;
    *magnitude = 0;
    if (signed_ok && (w[0] == '+' || w[0] == '-'))
        *negative = w[i++] == '-';
    size_t first = i;
    for (; w[i] >= '0' && w[i] <= '9'; i++)
        if (*magnitude < FUZZ_BIG)
            *magnitude = *magnitude * 10 + (unsigned)(w[i] - '0');
    return i > first && w[i] == '\0';
}

FUZZ_API bool fuzz_in_long_range(bool negative, unsigned __int128 magnitude, long min, long max)
{
    __int128 v = negative ? -(__int128)magnitude : (__int128)magnitude;
    return magnitude < FUZZ_BIG && v >= min && v <= max;
}

/*
 * The exactly rounded value of a short decimal (at most 15 digits, which
 * make an exact double, scaled by at most 10^22, also exact): one
 * multiplication or division, rounded once, as the word means.  False
 * when the word is longer or scaled further.
 */
FUZZ_API bool fuzz_short_decimal(const char *w, double *value)
{
    static const double tens[23] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                     1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
    bool negative = *w == '-';
    w += *w == '+' || *w == '-';
    long long m = 0, scale = 0, exponent = 0;
    int digits = 0;
    bool fraction = false;
    for (; *w && *w != 'e' && *w != 'E'; w++) {
        if (*w == '.') {
            fraction = true;
            continue;
        }
        if (m == 0 && *w == '0') {
            scale -= fraction; /* leading zeros count for the scale only */
            continue;
        }
        if (++digits > 15)
            return false;
        m = m * 10 + (*w - '0');
        scale -= fraction;
    }
    if (*w) {
        bool exponent_negative = w[1] == '-';
        for (w += 1 + (w[1] == '+' || w[1] == '-'); *w; w++)
            if ((exponent = exponent * 10 + (*w - '0')) > 1000)
                return false;
        scale += exponent_negative ? -exponent : exponent;
    }
    if (m != 0 && (scale > 22 || scale < -22))
        return false;
    double v = m == 0 ? 0.0 : scale >= 0 ? (double)m * tens[scale] : (double)m / tens[-scale];
    *value = negative ? -v : v;
    return true;
}

/* The decimal's value, when the word is a finite decimal in [min, max]. */
FUZZ_API bool fuzz_decimal_in(const char *w, double min, double max, double *value)
{
    if (!fuzz_is_decimal(w))
        return false;
    double v = strtod(w, NULL);
    if (!isfinite(v) || v < min || v > max)
        return false;
    *value = v;
    return true;
}

FUZZ_API bool fuzz_same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* ---- parse_long, parse_u64, parse_double ---------------------------------- */

FUZZ_API const char *fuzz_check_long(const char *w, long min, long max)
{
    bool negative;
    unsigned __int128 magnitude;
    bool want = fuzz_integer(w, true, &negative, &magnitude) && fuzz_in_long_range(negative, magnitude, min, max);
    const long canary = 0x5a5a5a5aL;
    long got = canary;
    bool ok = parse_long(w, min, max, &got);
    if (ok != want)
        return fuzz_fail("parse_long(\"%.80s\", %ld, %ld) %s it", w, min, max, ok ? "accepts" : "refuses");
    __int128 v = negative ? -(__int128)magnitude : (__int128)magnitude;
    if (ok && got != v)
        return fuzz_fail("parse_long(\"%.80s\") gives %ld", w, got);
    if (!ok && got != canary)
        return fuzz_fail("parse_long(\"%.80s\") refuses it but changes the output", w);
    return NULL;
}

FUZZ_API const char *fuzz_check_u64(const char *w, unsigned long long max)
{
    bool negative;
    unsigned __int128 magnitude;
    bool want = fuzz_integer(w, false, &negative, &magnitude) && magnitude <= max;
    const unsigned long long canary = 0xa5a5a5a5ULL;
    unsigned long long got = canary;
    bool ok = parse_u64(w, max, &got);
    if (ok != want)
        return fuzz_fail("parse_u64(\"%.80s\", %llu) %s it", w, max, ok ? "accepts" : "refuses");
    if (ok && got != magnitude)
        return fuzz_fail("parse_u64(\"%.80s\") gives %llu", w, got);
    if (!ok && got != canary)
        return fuzz_fail("parse_u64(\"%.80s\") refuses it but changes the output", w);
    return NULL;
}

FUZZ_API const char *fuzz_check_double(const char *w, double min, double max)
{
    double want = 0, got = -12.5, exact;
    bool expected = fuzz_decimal_in(w, min, max, &want);
    bool ok = parse_double(w, min, max, &got);
    if (ok != expected)
        return fuzz_fail("parse_double(\"%.80s\", %g, %g) %s it", w, min, max, ok ? "accepts" : "refuses");
    if (!ok)
        return got == -12.5 ? NULL : fuzz_fail("parse_double(\"%.80s\") refuses it but changes the output", w);
    if (!fuzz_same_double(got, want))
        return fuzz_fail("parse_double(\"%.80s\") gives %.17g, strtod %.17g", w, got, want);
    if (fuzz_short_decimal(w, &exact) && !fuzz_same_double(got, exact))
        return fuzz_fail("parse_double(\"%.80s\") gives %.17g, exactly rounded %.17g", w, got, exact);
    char text[64];
    double back = 0;
    snprintf(text, sizeof text, "%.17g", got);
    if (!parse_double(text, min, max, &back) || !fuzz_same_double(back, got))
        return fuzz_fail("parse_double(\"%.80s\") gives %s, which does not read back", w, text);
    return NULL;
}

FUZZ_API const char *fuzz_check_plain_numbers(const char *w)
{
    static const long long_ranges[][2] = {
        { LONG_MIN, LONG_MAX }, { 1, 29 }, { 0, 20 }, { 1, 100000 }, { 4, 10 }, { -3, 3 }, { 0, 0 },
    };
    static const unsigned long long u64_max[] = { ~0ULL, ~0ULL >> 1, 1u << 20, MAX_GAMES, 0 };
    static const double double_ranges[][2] = {
        { -HUGE_VAL, HUGE_VAL }, { 0.001, 1e6 }, { 0, 60000 }, { 1e-9, 0.5 }, { -2000, 2000 }, { 0, 1 },
    };
    for (size_t i = 0; i < sizeof long_ranges / sizeof long_ranges[0]; i++)
        FUZZ_TRY(fuzz_check_long(w, long_ranges[i][0], long_ranges[i][1]));
    for (size_t i = 0; i < sizeof u64_max / sizeof u64_max[0]; i++)
        FUZZ_TRY(fuzz_check_u64(w, u64_max[i]));
    for (size_t i = 0; i < sizeof double_ranges / sizeof double_ranges[0]; i++)
        FUZZ_TRY(fuzz_check_double(w, double_ranges[i][0], double_ranges[i][1]));
    return NULL;
}

/* ---- amazons-match's composite values -------------------------------------- */

/* The reference --time: MAIN/BYO/STONES when there is a '/', else MAIN+INC split at some '+'. */
FUZZ_API bool fuzz_reference_time(const char *w, TimeControl *tc)
{
    size_t n = strlen(w);
    char *copy = strdup(w);
    bool ok = false;
    if (!copy)
        return false;
    char *slash = strchr(copy, '/'), *second = slash ? strchr(slash + 1, '/') : NULL;
    if (slash) {
        bool negative;
        unsigned __int128 stones;
        if (second && !strchr(second + 1, '/')) {
            *slash = *second = '\0';
            ok = fuzz_decimal_in(copy, 0, 1e6, &tc->main_time) && fuzz_decimal_in(slash + 1, 0.001, 1e6, &tc->byo_time)
              && fuzz_integer(second + 1, true, &negative, &stones) && fuzz_in_long_range(negative, stones, 1, 100000);
            tc->kind = TC_CANADIAN;
            tc->byo_stones = ok ? (int)stones : 0;
        }
    } else {
        for (size_t k = 0; k < n && !ok; k++) {
            if (copy[k] != '+')
                continue;
            copy[k] = '\0';
            ok = fuzz_decimal_in(copy, 0.001, 1e6, &tc->main_time) && fuzz_decimal_in(copy + k + 1, 0, 1e6, &tc->increment);
            copy[k] = '+';
        }
        tc->kind = TC_FISCHER;
    }
    free(copy);
    return ok;
}

FUZZ_API const char *fuzz_same_time(const char *what, const TimeControl *a, const TimeControl *b)
{
    bool same = a->kind == b->kind && fuzz_same_double(a->main_time, b->main_time);
    if (a->kind == TC_FISCHER)
        same = same && fuzz_same_double(a->increment, b->increment);
    else
        same = same && fuzz_same_double(a->byo_time, b->byo_time) && a->byo_stones == b->byo_stones;
    char ta[96], tb[96];
    time_control_text(a, ta, sizeof ta);
    time_control_text(b, tb, sizeof tb);
    return same ? NULL : fuzz_fail("%s: time control %s (%.17g) vs %s (%.17g)", what, ta, a->main_time, tb, b->main_time);
}

/* An accepted time control reads back from its exact and its readable text. */
FUZZ_API const char *fuzz_time_round_trips(const TimeControl *tc)
{
    char exact[128], readable[96], again[96];
    TimeControl back;
    if (tc->kind == TC_FISCHER)
        snprintf(exact, sizeof exact, "%.17g+%.17g", tc->main_time, tc->increment);
    else
        snprintf(exact, sizeof exact, "%.17g/%.17g/%d", tc->main_time, tc->byo_time, tc->byo_stones);
    if (!time_control_parse(exact, &back))
        return fuzz_fail("time control: its exact text \"%s\" is refused", exact);
    FUZZ_TRY(fuzz_same_time("time control exact text", tc, &back));
    time_control_text(tc, readable, sizeof readable);
    if (!time_control_parse(readable, &back))
        return fuzz_fail("time control: its text \"%s\" is refused", readable);
    time_control_text(&back, again, sizeof again);
    if (strcmp(readable, again) != 0)
        return fuzz_fail("time control: text \"%s\" reads back as \"%s\"", readable, again);
    return NULL;
}

FUZZ_API const char *fuzz_check_time(const char *w)
{
    TimeControl want, got, canary;
    memset(&want, 0, sizeof want);
    memset(&canary, 0x5a, sizeof canary); /* bytes, not values: compared with memcmp only */
    memcpy(&got, &canary, sizeof got);
    bool expected = fuzz_reference_time(w, &want), ok = time_control_parse(w, &got);
    if (ok != expected)
        return fuzz_fail("time_control_parse(\"%.80s\") %s it", w, ok ? "accepts" : "refuses");
    if (!ok)
        return memcmp(&got, &canary, sizeof got) == 0 ? NULL
             : fuzz_fail("time_control_parse(\"%.80s\") refuses it but changes the output", w);
    FUZZ_TRY(fuzz_same_time("time_control_parse", &want, &got));
    return fuzz_time_round_trips(&got);
}

FUZZ_API const char *fuzz_check_sprt(const char *w)
{
    const char *comma = strchr(w, ',');
    SprtConfig want = { 0 }, got, canary;
    memset(&canary, 0x5a, sizeof canary); /* bytes, not values: compared with memcmp only */
    memcpy(&got, &canary, sizeof got);
    bool expected = false;
    char *left = comma ? strndup(w, (size_t)(comma - w)) : NULL;
    if (left && !strchr(comma + 1, ','))
        expected = fuzz_decimal_in(left, -2000, 2000, &want.elo0) && fuzz_decimal_in(comma + 1, -2000, 2000, &want.elo1)
                && want.elo0 < want.elo1;
    free(left);
    bool ok = sprt_parse(w, &got);
    if (ok != expected)
        return fuzz_fail("sprt_parse(\"%.80s\") %s it", w, ok ? "accepts" : "refuses");
    if (!ok)
        return memcmp(&got, &canary, sizeof got) == 0 ? NULL
             : fuzz_fail("sprt_parse(\"%.80s\") refuses it but changes the output", w);
    if (!got.enabled || !fuzz_same_double(got.elo0, want.elo0) || !fuzz_same_double(got.elo1, want.elo1))
        return fuzz_fail("sprt_parse(\"%.80s\") gives %.17g,%.17g", w, got.elo0, got.elo1);
    char text[96];
    SprtConfig back = { 0 };
    snprintf(text, sizeof text, "%.17g,%.17g", got.elo0, got.elo1);
    if (!sprt_parse(text, &back) || !fuzz_same_double(back.elo0, got.elo0) || !fuzz_same_double(back.elo1, got.elo1))
        return fuzz_fail("sprt_parse: \"%s\" does not read back", text);
    return NULL;
}

/* "D+" with a value from lo to hi (any number of leading zeros). */
FUZZ_API bool fuzz_digits_in(const char *w, size_t n, unsigned long long lo, unsigned long long hi, int *value)
{
    unsigned __int128 v = 0;
    if (n == 0 || strspn(w, "0123456789") < n)
        return false;
    for (size_t i = 0; i < n; i++)
        v = v < FUZZ_BIG ? v * 10 + (unsigned)(w[i] - '0') : v;
    *value = (int)v;
    return v >= lo && v <= hi;
}

FUZZ_API const char *fuzz_check_board_size(const char *w)
{
    const char *x = strchr(w, 'x');
    size_t n = strlen(w), first = x ? (size_t)(x - w) : n;
    BoardSize want = { 0, 0 }, got = { -7, -7 }, back = { 0, 0 };
    bool expected = fuzz_digits_in(w, first, BOARD_MIN, BOARD_MAX, &want.width);
    if (x)
        expected = expected && fuzz_digits_in(x + 1, n - first - 1, BOARD_MIN, BOARD_MAX, &want.height);
    else
        want.height = want.width;
    bool ok = board_size_parse(w, &got);
    if (ok != expected)
        return fuzz_fail("board_size_parse(\"%.80s\") %s it", w, ok ? "accepts" : "refuses");
    if (!ok)
        return got.width == -7 && got.height == -7 ? NULL
             : fuzz_fail("board_size_parse(\"%.80s\") refuses it but changes the output", w);
    if (!board_size_equal(got, want))
        return fuzz_fail("board_size_parse(\"%.80s\") gives %dx%d", w, got.width, got.height);
    char text[32];
    board_size_text(got, text, sizeof text);
    if (!board_size_parse(text, &back) || !board_size_equal(back, got))
        return fuzz_fail("board size text \"%s\" does not read back", text);
    return NULL;
}

FUZZ_API const char *fuzz_check_shard(const char *w)
{
    const char *slash = strchr(w, '/');
    Shard want = { 0, 0 }, got = { -7, -7 }, back = { 0, 0 };
    bool expected = slash && fuzz_digits_in(w, (size_t)(slash - w), 0, MAX_GAMES, &want.index)
                 && fuzz_digits_in(slash + 1, strlen(slash + 1), 1, MAX_GAMES, &want.count) && want.index < want.count;
    bool ok = shard_parse(w, &got);
    if (ok != expected)
        return fuzz_fail("shard_parse(\"%.80s\") %s it", w, ok ? "accepts" : "refuses");
    if (!ok)
        return got.index == -7 && got.count == -7 ? NULL
             : fuzz_fail("shard_parse(\"%.80s\") refuses it but changes the output", w);
    if (got.index != want.index || got.count != want.count)
        return fuzz_fail("shard_parse(\"%.80s\") gives %d/%d", w, got.index, got.count);
    char text[32];
    snprintf(text, sizeof text, "%d/%d", got.index, got.count);
    if (!shard_parse(text, &back) || back.index != got.index || back.count != got.count)
        return fuzz_fail("shard \"%s\" does not read back", text);
    return NULL;
}

/* All checks on one word: the input up to its first NUL (command-line words have none). */
FUZZ_API const char *fuzz_numbers_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return NULL;
    char *w = strndup((const char *)data, size);
    if (!w)
        return NULL;
    const char *result = fuzz_check_plain_numbers(w);
    if (!result)
        result = fuzz_check_time(w);
    if (!result)
        result = fuzz_check_sprt(w);
    if (!result)
        result = fuzz_check_board_size(w);
    if (!result)
        result = fuzz_check_shard(w);
    free(w);
    return result;
}

#endif
