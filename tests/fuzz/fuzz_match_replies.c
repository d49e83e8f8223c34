/*
 * fuzz_match_replies.c - libFuzzer target for amazons-match's reading of an
 * engine's reply (match/gtp_reply.h): the bytes as a reply, checked against
 * a reference reader, for reads past the end and for the text's bounds (see
 * replies_harness.h).  Inputs over 4096 bytes are ignored.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/replies_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *error = fuzz_replies_one(data, size);
    if (error) {
        fprintf(stderr, "fuzz_match_replies: property violated: %s\n", error);
        abort();
    }
    return 0;
}
