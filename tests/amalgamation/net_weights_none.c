/*
 * net_weights_none.c - no learned network: the Botzone file's stand-in for
 * eval/net_weights.c, whose weights (megabytes of source) would swell the
 * one file Botzone takes.  That bot judges positions with the classic
 * evaluation (PROTOCOL.md §12).
 */
#include "eval/net_weights.h"

const NetModel NET_BUILTIN[1] = { { 0 } };
const int NET_BUILTIN_COUNT = 0;
const uint64_t NET_BUILTIN_CHECKSUMS[1] = { 0 };
