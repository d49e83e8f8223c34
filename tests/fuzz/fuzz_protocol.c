/*
 * fuzz_protocol.c - libFuzzer target: arbitrary bytes as a whole protocol
 * session, read by the real gtp_run from an fmemopen'ed FILE and dispatched
 * through SESSION_COMMANDS on a fresh, small Session (3 playouts per
 * search, 96 KiB tree).  The properties checked are described in
 * protocol_harness.h, the two harness limits (expensive perft, file names
 * outside a private directory) in protocol_wrappers.h.  Inputs over 4096
 * bytes are ignored.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/protocol_harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *error = fuzz_protocol_setup();
    if (error) {
        fprintf(stderr, "fuzz_protocol: %s\n", error);
        exit(1);
    }
    atexit(fuzz_protocol_teardown);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *error = fuzz_protocol_one(data, size);
    if (error) {
        fprintf(stderr, "fuzz_protocol: property violated: %s\n", error);
        abort();
    }
    return 0;
}
