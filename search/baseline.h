/*
 * baseline.h - reference opponents for measuring strength: a uniformly
 * random player and a one-ply greedy player that maximises the evaluation.
 */
#ifndef AMAZONS_BASELINE_H
#define AMAZONS_BASELINE_H

#include <stdbool.h>

#include "engine/position.h"
#include "search/rng.h"

/* A move chosen uniformly among all legal moves; false when there is none. */
bool random_player_move(const Position *pos, Rng *rng, Move *m);

/* The move whose resulting position evaluates best for the mover (ties at random). */
bool greedy_player_move(const Position *pos, Rng *rng, Move *m);

#endif
