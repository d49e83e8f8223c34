/*
 * learn_fixtures.h - what the tests of the learned evaluations share:
 * positions to judge, files to read and write, and an evaluation asked for
 * by kind.
 */
#ifndef AMAZONS_TESTS_LEARN_FIXTURES_H
#define AMAZONS_TESTS_LEARN_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "eval/eval.h"

/* A position some random moves into a game on width x height. */
Position random_game_position(int width, int height, int moves, uint64_t seed);

/*
 * Writes the positions of `games` random width x height games, each after
 * 0 .. plies - 1 moves (game g seeded seed + g), as amazons-selfplay would;
 * how many distinct positions.
 */
size_t write_game_positions(const char *path, int width, int height, int games, int plies, uint64_t seed);

/* The same board mirrored top to bottom, colours swapped, the other side to move. */
Position mirrored(const Position *pos);

/* A new temporary file holding contents; its path (static storage, until the next call). */
char *temp_file(const char *contents, size_t length);

/* A whole file in memory of its own (free it); fails the test when it cannot be read. */
void read_whole(const char *path, char **data, size_t *length);

/* The win probability of pos by the evaluation of this kind; the one in use stays. */
double win_probability_with(EvalKind kind, const Position *pos);

#endif
