/*
 * sgf.h - Amazons game records in SGF (FF[4], GM[18]).
 *
 * Points are two lower-case letters: the column from the left ('a' = file a)
 * and the row from the TOP ('a' = the last rank).  SZ[N] is an N x N board,
 * SZ[C:R] one of C columns (files) and R rows (ranks).  A move is one
 * W[...] or B[...] value holding from, to and arrow: on 10x10, d1-d7/g7 is
 * "djddgd".  Setup properties in the nodes before the first move: AW / AB
 * (amazons), AA (arrows, compressed lists "aa:cc" accepted), PL[W|B].
 *
 * The SGF convention's default start (a file without AW/AB) has BLACK on
 * a4 d1 g1 j4 and White on a7 d10 g10 j7, Black first: this engine's start
 * with the colours swapped (for other sizes: position_start's squares,
 * swapped).  Every file written here therefore carries explicit AW/AB (AA
 * when there are arrows) and PL, so that the engine's start reads back as
 * itself; a file without setup is read with that default, literally.
 */
#ifndef AMAZONS_SGF_H
#define AMAZONS_SGF_H

#include <stddef.h>

#include "engine/game.h"

enum {
    SGF_MAX_INPUT = 1 << 20, /* larger inputs are refused */
    SGF_INFO_MAX = 128,      /* longer game-info values are cut (on a UTF-8 boundary) */
    SGF_COMMENT_MAX = 1024
};

/*
 * Game information.  When writing, empty strings are left out; when reading,
 * properties that are absent give empty strings.
 */
typedef struct {
    char white[SGF_INFO_MAX];      /* PW: White's player */
    char black[SGF_INFO_MAX];      /* PB: Black's player */
    char result[SGF_INFO_MAX];     /* RE: "W+12", "B+Resign", "W+Time", "B+Forfeit" */
    char date[SGF_INFO_MAX];       /* DT: "YYYY-MM-DD" */
    char event[SGF_INFO_MAX];      /* EV */
    char game_name[SGF_INFO_MAX];  /* GN */
    char time_limit[SGF_INFO_MAX]; /* TM: main time in seconds */
    char overtime[SGF_INFO_MAX];   /* OT: byo-yomi / increment description */
    char comment[SGF_COMMENT_MAX]; /* C of the root node */
} SgfInfo;

/* Empties every field. */
void sgf_info_clear(SgfInfo *info);

/* The start position of a file without setup properties (see above). */
void sgf_default_start(Position *pos, int width, int height);

/*
 * Writes the game (its start position and every move with its mover) as one
 * SGF game tree, with the game information of `info` (may be NULL).  Returns
 * a malloc'ed NUL-terminated text the caller frees, or NULL when out of memory.
 */
char *sgf_write(const Game *game, const SgfInfo *info);

/*
 * Reads the first game tree of text[0..length) into *game, following the
 * main line (the first variation at every branch).  move_number > 0 stops
 * at the position before that move, i.e. after move_number - 1 moves (GTP
 * loadsgf semantics); moves past it are checked for syntax only.  0 means
 * every move.  `info` (may be NULL) receives the game information; `end`
 * (may be NULL) the offset just past the game tree, so that a collection
 * can be read tree by tree.
 *
 * Returns NULL on success.  On failure returns a message (valid until the
 * calling thread's next call; an illegal move is named with its number and
 * the reason) and leaves *game, *info and *end untouched.
 */
const char *sgf_parse(const char *text, size_t length, int move_number,
                      Game *game, SgfInfo *info, size_t *end);

/* sgf_parse on the contents of a file; a file that cannot be read is named with the reason. */
const char *sgf_load_file(const char *path, int move_number, Game *game, SgfInfo *info);

#endif
