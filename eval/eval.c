/* eval.c - queen/king distance territory, influence and mobility. */
#include "eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/formula.h"
#include "eval/net.h"
#include "eval/params.h"
#include "eval/weights_file.h"

/*
 * The mobility penalty of colour c: an amazon with few queen moves is in
 * danger of being shut in, one with none is dead weight.
 */
static double trapped_penalty(const Position *pos, Color c, const Bitboard moves[COUNT_BITS])
{
    double trapped = param_value(P_TRAPPED_PENALTY), penalty = 0;
    for (Bitboard amazons = pos->amazons[c]; amazons;)
        penalty += trapped / (1.0 + count_at(moves, bb_pop(&amazons)));
    return penalty;
}

static double tie_value(Color to_move, int ties)
{
    /* A square both reach equally goes to whoever moves first, a little. */
    double share = param_value(P_TIE_SHARE);
    return (to_move == WHITE ? share : -share) * ties;
}

void evaluate(const Position *pos, Evaluation *e)
{
    DistanceMap queen;
    Ownership oq, ok;
    Bitboard first[2];
    Bitboard moves[COUNT_BITS];
    queen_first_levels(pos, first, moves);
    distance_fills(pos, &queen, first, true);
    e->separated = (queen.reached[WHITE] & queen.reached[BLACK]) == 0;
    if (e->separated) {
        /* Regions are fixed: the game is a race of moves left in one's own regions. */
        e->owned[WHITE] = bb_count(queen.reached[WHITE]);
        e->owned[BLACK] = bb_count(queen.reached[BLACK]);
        e->contested = 0;
        count_region_moves(pos, WHITE, &e->moves[WHITE]);
        count_region_moves(pos, BLACK, &e->moves[BLACK]);
        e->score = 0.5 * (e->moves[WHITE].guaranteed + e->moves[WHITE].most
                          - e->moves[BLACK].guaranteed - e->moves[BLACK].most);
        return;
    }
    distance_ownership(&queen, &oq);
    king_ownership(pos, &ok);
    e->owned[WHITE] = bb_count(oq.white);
    e->owned[BLACK] = bb_count(oq.black);
    double t1 = e->owned[WHITE] - e->owned[BLACK] + tie_value(pos->to_move, bb_count(oq.tie));
    double t2 = bb_count(ok.white) - bb_count(ok.black) + tie_value(pos->to_move, bb_count(ok.tie));
    double c1 = 2.0 * (distance_influence(&queen, WHITE) - distance_influence(&queen, BLACK));
    double mobility = trapped_penalty(pos, BLACK, moves) - trapped_penalty(pos, WHITE, moves);
    e->contested = distance_contact(&queen);
    /* Phase: 1 with much contact left (opening), falling to 0 as regions close. */
    double phase = e->contested / (e->contested + param_value(P_PHASE_CONTACT));
    e->score = (1.0 - param_value(P_TERRITORY_FADE) * phase) * t1
             + param_value(P_KING_WEIGHT) * phase * t2 + param_value(P_INFLUENCE_WEIGHT) * phase * c1
             + param_value(P_MOBILITY_WEIGHT) * (param_value(P_MOBILITY_FLOOR) + phase) * mobility;
}

static EvalKind eval_kind = EVAL_AUTO;

void eval_use(EvalKind kind) { eval_kind = kind; }

EvalKind eval_in_use(void) { return eval_kind; }

static const char *const EVAL_KIND_NAMES[] = {
    [EVAL_AUTO] = "auto", [EVAL_CLASSIC] = "classic", [EVAL_NET] = "net", [EVAL_FORMULA] = "formula",
};

const char *eval_kind_name(EvalKind kind) { return EVAL_KIND_NAMES[kind]; }

bool eval_kind_parse(const char *name, EvalKind *kind)
{
    for (int k = 0; k < (int)(sizeof EVAL_KIND_NAMES / sizeof *EVAL_KIND_NAMES); k++)
        if (strcmp(name, EVAL_KIND_NAMES[k]) == 0) {
            *kind = (EvalKind)k;
            return true;
        }
    return false;
}

/*
 * What won its matches on each board size (docs/learning.md): on 8x8 the
 * built-in network beat the classic evaluation at 0.2 s, 1 s and 5 s a move
 * (+110, +108 and +147 Elo); on 10x10 the fitted formula did; other sizes
 * keep the classic evaluation.
 */
EvalKind eval_auto_choice(int width, int height)
{
    if (width == 8 && height == 8 && net_for(8, 8))
        return EVAL_NET;
    if (width == 10 && height == 10 && formula_for(10, 10))
        return EVAL_FORMULA;
    return EVAL_CLASSIC;
}

EvalKind eval_judge(int width, int height)
{
    switch (eval_kind) {
    case EVAL_NET:
        return net_for(width, height) ? EVAL_NET : EVAL_CLASSIC;
    case EVAL_FORMULA:
        return formula_for(width, height) ? EVAL_FORMULA : EVAL_CLASSIC;
    case EVAL_AUTO:
        if (net_loaded_for(width, height))
            return EVAL_NET;
        if (formula_loaded_for(width, height))
            return EVAL_FORMULA;
        return eval_auto_choice(width, height);
    default:
        return EVAL_CLASSIC;
    }
}

bool eval_net_judges(int width, int height) { return eval_judge(width, height) == EVAL_NET; }

const char *eval_load_weights(const char *path)
{
    uint8_t *bytes;
    size_t n;
    const char *error = weights_read_file(path, &bytes, &n);
    if (error)
        return error;
    /* A container says its kind; anything else is left to the network reader (bare AMZNET1). */
    bool formula = n >= 16 && memcmp(bytes, WEIGHTS_MAGIC, 8) == 0 && strcmp((const char *)bytes + 8, "formula") == 0;
    error = formula ? formula_load_memory(bytes, n) : net_load_memory(bytes, n);
    free(bytes);
    return error;
}

static double classic_win_probability(const Position *pos)
{
    Evaluation e;
    evaluate(pos, &e);
    double score = pos->to_move == WHITE ? e.score : -e.score;
    if (e.separated) {
        /* The side to move must have strictly more moves left than the opponent. */
        const MoveCount *us = &e.moves[pos->to_move], *them = &e.moves[color_other(pos->to_move)];
        if (us->guaranteed > them->most)
            return 1.0;
        if (us->most <= them->guaranteed)
            return 0.0;
        return 1.0 / (1.0 + exp(-(score - 0.5) * param_value(P_RACE_SLOPE)));
    }
    return 1.0 / (1.0 + exp(-score / param_value(P_EVAL_SCALE)));
}

/* The fitted formula's probability; separated positions are the exact race. */
static double formula_win_probability(const Position *pos)
{
    DistanceMap queen;
    Bitboard first[2], moves[COUNT_BITS];
    queen_first_levels(pos, first, moves);
    distance_fills(pos, &queen, first, true);
    if (!(queen.reached[WHITE] & queen.reached[BLACK]))
        return classic_win_probability(pos);
    const Formula *f = formula_for(pos->width, pos->height);
    return 1.0 / (1.0 + exp(-param_value(P_FORMULA_SCALE) * formula_logit(f, pos, &queen, moves)));
}

static double net_win_probability(const Position *pos)
{
    DistanceMap queen;
    queen_distances(pos, &queen);
    if (!(queen.reached[WHITE] & queen.reached[BLACK]))
        return classic_win_probability(pos); /* separated: the exact race */
    const NetModel *net = net_for(pos->width, pos->height);
    return 1.0 / (1.0 + exp(-param_value(P_NET_SCALE) * net_logit(net, pos, &queen)));
}

double eval_win_probability(const Position *pos)
{
    switch (eval_judge(pos->width, pos->height)) {
    case EVAL_NET:
        return net_win_probability(pos);
    case EVAL_FORMULA:
        return formula_win_probability(pos);
    default:
        return classic_win_probability(pos);
    }
}

int eval_score_estimate(const Position *pos)
{
    Evaluation e;
    evaluate(pos, &e);
    return (int)lround(e.score);
}

void eval_owners(const Position *pos, Bitboard *white, Bitboard *black)
{
    DistanceMap queen;
    Ownership o;
    queen_distances(pos, &queen);
    distance_ownership(&queen, &o);
    *white = o.white | pos->amazons[WHITE];
    *black = o.black | pos->amazons[BLACK];
}

void eval_territory_map(const Position *pos, char owners[NUM_SQUARES])
{
    DistanceMap queen;
    Ownership o;
    queen_distances(pos, &queen);
    distance_ownership(&queen, &o);
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        char cell = position_cell(pos, sq);
        if (cell == '.')
            cell = bb_test(o.white, sq) ? 'w' : bb_test(o.black, sq) ? 'b'
                 : bb_test(o.tie, sq) ? '=' : '.';
        owners[sq] = cell;
    }
}
