/*
 * numbers.h - strict parsing of numeric words (protocol arguments, flags).
 * A word must be a number as a whole, in range; nothing is changed otherwise.
 */
#ifndef AMAZONS_NUMBERS_H
#define AMAZONS_NUMBERS_H

#include <stdbool.h>

/* A decimal integer, with an optional sign and nothing else, in [min, max]. */
bool parse_long(const char *text, long min, long max, long *out);

/* A finite number in decimal or exponent notation (no hexadecimal, inf or nan) in [min, max]. */
bool parse_double(const char *text, double min, double max, double *out);

/* An unsigned decimal integer up to max; a sign is refused. */
bool parse_u64(const char *text, unsigned long long max, unsigned long long *out);

#endif
