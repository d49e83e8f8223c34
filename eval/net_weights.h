/*
 * net_weights.h - the networks the engine carries (eval/net_weights.c,
 * written by the trainer: `make train`, docs/learning.md).
 */
#ifndef AMAZONS_NET_WEIGHTS_H
#define AMAZONS_NET_WEIGHTS_H

#include "eval/net.h"

extern const NetModel NET_BUILTIN[];
extern const int NET_BUILTIN_COUNT;
/* net_checksum of each, as the trainer wrote them: a test checks them. */
extern const uint64_t NET_BUILTIN_CHECKSUMS[];

#endif
