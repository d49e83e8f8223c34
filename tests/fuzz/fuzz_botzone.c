/*
 * fuzz_botzone.c - libFuzzer target for Botzone mode's reader: the bytes as
 * what Botzone sends, turn by turn (parts separated by form feeds), to the
 * real botzone_play on a pipe with the random reference player; the bot's
 * answers and its status checked against a model of the protocol (see
 * botzone_harness.h).  Inputs over 4096 bytes are ignored.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/botzone_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *error = fuzz_botzone_one(data, size);
    if (error) {
        fprintf(stderr, "fuzz_botzone: property violated: %s\n", error);
        abort();
    }
    return 0;
}
