/* net_weights.c - no network yet: every board size uses the classic evaluation. */
#include "eval/net_weights.h"

const NetModel NET_BUILTIN[1] = { { 0 } };
const int NET_BUILTIN_COUNT = 0;
const uint64_t NET_BUILTIN_CHECKSUMS[1] = { 0 };
