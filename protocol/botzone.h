/*
 * botzone.h - the engine as a bot on Botzone, the Peking University bot
 * arena, in its game "Amazons": 8x8, Botzone's simple line protocol on
 * stdin/stdout, and keep-running mode, so the process (and its search tree)
 * lives from one turn to the next.  PROTOCOL.md, "Botzone mode", has the
 * details and a transcript.
 */
#ifndef AMAZONS_BOTZONE_H
#define AMAZONS_BOTZONE_H

#include <stdio.h>

#include "protocol/session.h"

/*
 * Botzone's limits call for other defaults than the GTP session's: a turn
 * allowance of 1 s (`move_time`, doubled on the bot's first turn), 150 ms
 * of it kept in reserve, and a 256 MiB tree (the limit is 512 MB).
 * Command-line flags given afterwards still override them.
 */
void botzone_default_options(SessionOptions *options);

/*
 * Plays the turns read from stdin, answering each on stdout, until end of
 * input between turns.  Returns the exit status: 0 at end of input between
 * turns or after answering "-1 -1 -1 -1 -1 -1" (no legal move: the game is
 * lost), 1 after a message on stderr for malformed or illegal input or when
 * the search cannot be set up.
 */
int botzone_run(const SessionOptions *options);

/* botzone_run reading the file descriptor `in`, answering on `out`, failing with a message on `err`. */
int botzone_play(const SessionOptions *options, int in, FILE *out, FILE *err);

#endif
