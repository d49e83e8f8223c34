/*
 * analysis.h - live analysis commands for GUI frontends, in the conventions
 * Leela Zero and KataGo made common: analyze / lz-analyze / kata-analyze
 * (search the position until the next line arrives, printing candidate moves
 * every interval) and genmove_analyze and its aliases (the same output while
 * a normal genmove thinks, then "play MOVE").  See PROTOCOL.md, "Live analysis".
 */
#ifndef AMAZONS_ANALYSIS_H
#define AMAZONS_ANALYSIS_H

#include <stdbool.h>

#include "protocol/gtp.h"

/* Handlers; the context is a Session. */
bool cmd_analyze(void *ctx, int argc, char **argv, Reply *reply);
bool cmd_lz_analyze(void *ctx, int argc, char **argv, Reply *reply);
bool cmd_kata_analyze(void *ctx, int argc, char **argv, Reply *reply);
bool cmd_genmove_analyze(void *ctx, int argc, char **argv, Reply *reply);
bool cmd_lz_genmove_analyze(void *ctx, int argc, char **argv, Reply *reply);
bool cmd_kata_genmove_analyze(void *ctx, int argc, char **argv, Reply *reply);
bool cmd_gogui_analyze_commands(void *ctx, int argc, char **argv, Reply *reply);

#endif
