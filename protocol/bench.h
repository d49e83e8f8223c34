/* bench.h - `amazons --bench`: perft and search speed figures on fixed positions. */
#ifndef AMAZONS_BENCH_H
#define AMAZONS_BENCH_H

#include "protocol/session.h"

/* Prints the figures to stdout; returns the process exit status. */
int run_bench(const SessionOptions *options);

#endif
