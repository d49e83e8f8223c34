/*
 * numbers.c - strict numeric parsing on top of strtol / strtod / strtoull.
 *
 * strtol and strtod accept more than a number as people write one: leading
 * white space, and strtod hexadecimal floats, "inf" and "nan".  Words are
 * first checked to hold only a sign, digits, a point and an exponent.
 */
#include "protocol/numbers.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Skips a run of digits; returns how many there were. */
static int digits(const char **p)
{
    int n = 0;
    while (is_digit(**p)) {
        (*p)++;
        n++;
    }
    return n;
}

/* [+-]digits */
static bool integer_word(const char *p)
{
    if (*p == '+' || *p == '-')
        p++;
    return digits(&p) > 0 && *p == '\0';
}

/* [+-](digits[.digits] | .digits)([eE][+-]digits) */
static bool decimal_word(const char *p)
{
    if (*p == '+' || *p == '-')
        p++;
    int whole = digits(&p), fraction = 0;
    if (*p == '.') {
        p++;
        fraction = digits(&p);
    }
    if (whole + fraction == 0)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (digits(&p) == 0)
            return false;
    }
    return *p == '\0';
}

bool parse_long(const char *text, long min, long max, long *out)
{
    if (!integer_word(text))
        return false;
    errno = 0;
    long v = strtol(text, NULL, 10);
    if (errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_double(const char *text, double min, double max, double *out)
{
    if (!decimal_word(text))
        return false;
    errno = 0;
    double v = strtod(text, NULL);
    /* An underflow to 0 or a denormal is still the number meant (1e-400 is 0). */
    if ((errno && errno != ERANGE) || !isfinite(v) || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_u64(const char *text, unsigned long long max, unsigned long long *out)
{
    const char *p = text;
    if (digits(&p) == 0 || *p != '\0')
        return false;
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno || v > max)
        return false;
    *out = v;
    return true;
}
