/*
 * fuzz_results.c - libFuzzer target for the results files that --merge and
 * --resume read: the bytes as a file, each line to results_parse_line with
 * one ResultsCheck; accepted games must be consistent and read back alike
 * when written with result_line (see results_harness.h).  Inputs over 4096
 * bytes are ignored.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/results_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *error = fuzz_results_one(data, size);
    if (error) {
        fprintf(stderr, "fuzz_results: property violated: %s\n", error);
        abort();
    }
    return 0;
}
