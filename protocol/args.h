/*
 * args.h - argument checks shared by the command handlers: each leaves a
 * "syntax error: ..." message in the reply and returns false when the
 * argument is not acceptable.
 */
#ifndef AMAZONS_ARGS_H
#define AMAZONS_ARGS_H

#include <stdbool.h>

#include "engine/position.h"
#include "protocol/gtp.h"

/* "white", "w", "black" or "b", in any letter case. */
bool parse_color(const char *word, Color *c);

/* Puts message into the reply; returns false, for `return fail(...)`. */
bool fail(Reply *reply, const char *message);

/* Exactly `want` arguments. */
bool need_args(int argc, int want, Reply *reply);

/* A colour argument. */
bool color_arg(const char *word, Color *c, Reply *reply);

#endif
