/*
 * fuzz_openings.c - libFuzzer target for amazons-match's openings files:
 * the bytes as a file for openings_parse, its openings checked line by line
 * against the harness's own reading of the file and read back from their
 * texts, its errors checked to name the line at fault (see
 * openings_harness.h).  Inputs over 4096 bytes are ignored.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/openings_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *error = fuzz_openings_one(data, size);
    if (error) {
        fprintf(stderr, "fuzz_openings: property violated: %s\n", error);
        abort();
    }
    return 0;
}
