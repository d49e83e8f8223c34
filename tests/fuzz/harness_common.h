/*
 * harness_common.h - what every fuzz harness header shares: the input limit
 * and the way a check reports a broken property.
 *
 * The harness headers (parsers_harness.h, protocol_harness.h and the ones
 * they include) are header-only on purpose: the fuzz targets
 * (tests/fuzz/fuzz_*.c, built by fuzz.mk with clang) and the regression suite
 * (tests/test_fuzz_regressions.c, built by the Makefile's plain tests/<name>.c
 * rule) include them and need no extra object.  Every check returns NULL
 * when all is well, or a message (in a static buffer) naming the broken
 * property; the fuzz targets abort() on a message, the suite asserts on it.
 */
#ifndef AMAZONS_FUZZ_HARNESS_COMMON_H
#define AMAZONS_FUZZ_HARNESS_COMMON_H

#include <stdarg.h>
#include <stdio.h>

/* Every function is static in each includer; not all includers use all of them. */
#define FUZZ_API static __attribute__((unused))

enum { FUZZ_MAX_INPUT = 4096 }; /* longer inputs are ignored (keeps every run fast) */

static char fuzz_message[1024];

FUZZ_API const char *fuzz_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
FUZZ_API const char *fuzz_fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(fuzz_message, sizeof fuzz_message, format, args);
    va_end(args);
    return fuzz_message;
}

/* Evaluates a check and returns its message from the enclosing function. */
#define FUZZ_TRY(expr)                     \
    do {                                   \
        const char *fuzz_err_ = (expr);    \
        if (fuzz_err_)                     \
            return fuzz_err_;              \
    } while (0)

#endif
