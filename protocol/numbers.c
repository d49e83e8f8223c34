/* numbers.c - strict numeric parsing on top of strtol / strtod / strtoull. */
#include "protocol/numbers.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

bool parse_long(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_double(const char *text, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !isfinite(v) || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_u64(const char *text, unsigned long long max, unsigned long long *out)
{
    char *end;
    if (*text < '0' || *text > '9')
        return false;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || v > max)
        return false;
    *out = v;
    return true;
}
