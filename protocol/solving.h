/*
 * solving.h - the `solve` command: proves the game position for the side to
 * move with the exact solver (search/solver.h).  See PROTOCOL.md, "solve".
 */
#ifndef AMAZONS_SOLVING_H
#define AMAZONS_SOLVING_H

#include <stdbool.h>

#include "protocol/gtp.h"

/* Seconds a `solve` without an argument may take. */
#define SOLVE_DEFAULT_SECONDS 10.0

/* Handler; the context is a Session. */
bool cmd_solve(void *ctx, int argc, char **argv, Reply *reply);

#endif
