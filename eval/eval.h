/*
 * eval.h - territory evaluation in the style of Lieberum's Amazong.
 *
 * Both sides' queen distance (queen moves needed to reach a square) and
 * king distance (king steps) to every empty square are computed with
 * bitboard flood fills.  A square belongs to the side that reaches it
 * sooner; ties favour the side to move.  The features are blended by game
 * phase: early on, influence (2^-distance sums) and amazon mobility matter;
 * as contested space shrinks, owned squares are all that count.
 */
#ifndef AMAZONS_EVAL_H
#define AMAZONS_EVAL_H

#include <stdbool.h>

#include "engine/position.h"
#include "eval/distance.h"
#include "eval/endgame.h"

typedef struct {
    double score;       /* White's advantage, in squares (positive: White ahead) */
    bool separated;     /* no empty square is reachable by both sides */
    int owned[2];       /* squares owned by queen distance (separated: reachable) */
    MoveCount moves[2]; /* separated only: moves each side can still make */
    double contested;   /* Lieberum's w: how much contact is left (0 when separated) */
} Evaluation;

void evaluate(const Position *pos, Evaluation *e);

/*
 * Probability that the side to move wins, from the evaluation: exactly 1 or 0
 * when the regions are separated and the move counts decide the game.
 * Contested positions are judged by the evaluation in use (eval_use).
 */
double eval_win_probability(const Position *pos);

/*
 * Which evaluation judges contested positions: the classic terms above, the
 * learned per-square network (net.h) or the fitted formula (formula.h) on
 * boards that have one, or (EVAL_AUTO, the default) what won its matches on
 * each board size (eval_auto_choice): weights loaded with --weights come
 * first.  Separated positions are always counted exactly.  One setting for
 * the process.
 */
typedef enum { EVAL_AUTO, EVAL_CLASSIC, EVAL_NET, EVAL_FORMULA } EvalKind;
void eval_use(EvalKind kind);
EvalKind eval_in_use(void);

/* "auto", "classic", "net" or "formula"; and back (false for any other name). */
const char *eval_kind_name(EvalKind kind);
bool eval_kind_parse(const char *name, EvalKind *kind);

/* What EVAL_AUTO uses on boards of this size, without loaded weights. */
EvalKind eval_auto_choice(int width, int height);

/* The evaluation that judges boards of this size now (never EVAL_AUTO). */
EvalKind eval_judge(int width, int height);

/*
 * Loads a weights file (--weights): networks or formulas, which then judge
 * their sizes in place of the built-in ones.  NULL on success, else what
 * is wrong with the file.
 */
const char *eval_load_weights(const char *path);

/* Whether the evaluation in use judges boards of this size with a network. */
bool eval_net_judges(int width, int height);

/* Rounded territory margin, positive for White (final_score before the end). */
int eval_score_estimate(const Position *pos);

/*
 * Squares each side owns in pos, for territory statistics: the empty squares
 * it reaches strictly sooner by queen moves, and the squares of its amazons.
 */
void eval_owners(const Position *pos, Bitboard *white, Bitboard *black);

/*
 * Owner estimate per square index: 'W'/'B' amazons, 'x' arrows, 'w'/'b'
 * squares White/Black reach first, '=' equal distance, '.' nobody reaches.
 */
void eval_territory_map(const Position *pos, char owners[NUM_SQUARES]);

#endif
