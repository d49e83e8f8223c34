/*
 * fuzz_numbers.c - libFuzzer target for the command-line number parsers:
 * the bytes (up to a NUL) as one word for parse_long, parse_u64 and
 * parse_double over the ranges the programs use, and for amazons-match's
 * --time, --sprt, --size and --shard values, checked against a grammar and
 * values of the harness's own (see numbers_harness.h).  Inputs over 4096
 * bytes are ignored.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/numbers_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *error = fuzz_numbers_one(data, size);
    if (error) {
        fprintf(stderr, "fuzz_numbers: property violated: %s\n", error);
        abort();
    }
    return 0;
}
