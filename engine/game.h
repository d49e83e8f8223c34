/*
 * game.h - a game: the current position plus the history that undo needs.
 *
 * Moves may be played for either colour (as GTP's `play` allows); the other
 * colour is to move afterwards.  Every change is checked first and applied
 * only when valid, so a failed call leaves the game exactly as it was.
 */
#ifndef AMAZONS_GAME_H
#define AMAZONS_GAME_H

#include <stdbool.h>

#include "position.h"

/* Every move adds an arrow, so a game never has more moves than squares. */
enum { MAX_GAME_MOVES = BOARD_MAX * BOARD_MAX };

typedef struct {
    Move move;
    Color mover;
    Color to_move_before; /* side to move before the move, restored by undo */
} GameRecord;

typedef struct {
    Position start;    /* position the history starts from */
    Position pos;      /* current position */
    GameRecord history[MAX_GAME_MOVES];
    int length;
} Game;

/* New game from the standard start position of a width x height board. */
void game_new(Game *game, int width, int height);

/* New game (empty history) from an arbitrary position. */
void game_set_position(Game *game, const Position *pos);

/* Plays m for colour c if it is legal; returns false and changes nothing otherwise. */
bool game_play(Game *game, Color c, Move m);

/* Takes back the last move; returns false when there is none. */
bool game_undo(Game *game);

/* The game is over when the side to move has no legal move; it has lost. */
bool game_is_over(const Game *game);

/*
 * Empty squares that colour c's amazons can still reach by any sequence of
 * their own moves: the empty regions touching them.  The ICGA tie-break figure.
 */
int reachable_empty_squares(const Position *pos, Color c);

#endif
