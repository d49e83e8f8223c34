/* game.c - game history, play for either colour, undo and game end. */
#include "game.h"

#include "movegen.h"

void game_new(Game *game, int width, int height)
{
    position_start(&game->start, width, height);
    game->pos = game->start;
    game->length = 0;
}

void game_set_position(Game *game, const Position *pos)
{
    game->start = *pos;
    game->pos = *pos;
    game->length = 0;
}

bool game_play(Game *game, Color c, Move m)
{
    if (game->length >= MAX_GAME_MOVES || !is_legal_move(&game->pos, c, m))
        return false;
    GameRecord *rec = &game->history[game->length++];
    rec->move = m;
    rec->mover = c;
    rec->to_move_before = game->pos.to_move;
    if (game->pos.to_move != c) {
        game->pos.to_move = c;
        game->pos.hash = position_compute_hash(&game->pos);
    }
    position_make(&game->pos, m);
    return true;
}

bool game_undo(Game *game)
{
    if (game->length == 0)
        return false;
    const GameRecord *rec = &game->history[--game->length];
    position_unmake(&game->pos, rec->move);
    if (game->pos.to_move != rec->to_move_before) {
        game->pos.to_move = rec->to_move_before;
        game->pos.hash = position_compute_hash(&game->pos);
    }
    return true;
}

bool game_is_over(const Game *game)
{
    return !has_legal_move(&game->pos, game->pos.to_move);
}

int reachable_empty_squares(const Position *pos, Color c)
{
    Bitboard region = 0, frontier = bb_king_reach(pos->amazons[c], pos->empty);
    while (frontier) {
        region |= frontier;
        frontier = bb_king_reach(frontier, pos->empty) & ~region;
    }
    return bb_count(region);
}
