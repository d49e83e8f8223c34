/*
 * fuzz_parsers.c - libFuzzer target for the text parsers: the same bytes go
 * to position_from_text, move_from_text (every board size 4..10) and
 * sgf_parse (whole record and several move numbers).  Whatever parses must
 * survive a round trip through position_to_text / move_to_text / sgf_write
 * unchanged (see parsers_harness.h for the full list of properties).
 * Inputs over 4096 bytes are ignored.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/parsers_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *error = fuzz_parsers_one(data, size);
    if (error) {
        fprintf(stderr, "fuzz_parsers: property violated: %s\n", error);
        abort();
    }
    return 0;
}
