/*
 * mcts.c - Monte-Carlo tree search over split moves (amazon move, then arrow).
 *
 * Each iteration walks down from the root by UCT over a progressively
 * widened, heuristically ordered list of children, expands the node it ends
 * on, plays a couple of random moves from there and scores the result with
 * the territory evaluation, and adds it to every node on the path.  Proven wins and losses
 * propagate up (MCTS-solver).  Threads share the tree; a visit is counted on
 * the way down, so a path in flight looks worse to the others (virtual loss).
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/params.h"
#include "search/ordering.h"
#include "search/playout.h"
#include "search/search_internal.h"

/* Tunables, chosen by matches (README, "Tuning"); see eval/params.h. */
#define EXPLORATION param_value(P_EXPLORATION)
#define EXPAND_VISITS param_int(P_EXPAND_VISITS)
#define PLAYOUT_MOVES param_int(P_PLAYOUT_MOVES)
#define WIDEN_BASE param_int(P_WIDEN_BASE)
#define WIDEN_RATE param_value(P_WIDEN_RATE)
#define EVAL_ORDER_VISITS ((uint32_t)param_int(P_EVAL_ORDER_VISITS))
#define PRIOR_WEIGHT param_value(P_PRIOR_WEIGHT)
#define PRIOR_TEMPERATURE param_value(P_PRIOR_TEMPERATURE)

/* ---- expansion ---- */

/*
 * Creates the children of a node: amazon moves at even depth (a position
 * with the side to move to choose), arrows at odd depth (amazon moved, arrow
 * pending).  Returns false when the arena is full.  A position whose side to
 * move has no amazon move is a proven win for the node's chooser.
 */
static bool expand(Search *s, Node *node, const Position *pos, int depth, int from, int to,
                   uint32_t parent_visits)
{
    ScoredChoice choices[MAX_CHOICES];
    bool important = depth == 0 || parent_visits >= EVAL_ORDER_VISITS;
    int count;
    if (depth % 2 == 0)
        count = important ? order_amazon_moves_by_eval(pos, choices) : order_amazon_moves(pos, choices);
    else
        count = important ? order_arrows_by_eval(pos, from, to, choices) : order_arrows(pos, from, to, choices);
    if (count == 0) {
        __atomic_store_n(&node->proof, PROOF_WIN, __ATOMIC_RELAXED);
        __atomic_store_n(&node->state, NODE_LEAF, __ATOMIC_RELEASE);
        return true;
    }
    uint32_t first = arena_alloc(&s->arena, (uint32_t)count);
    if (first == UINT32_MAX)
        return false;
    for (int i = 0; i < count; i++) {
        Node *c = &s->arena.nodes[first + i];
        memset(c, 0, sizeof *c);
        c->a = choices[i].a;
        c->b = choices[i].b;
        c->heuristic = choices[i].score;
    }
    node->first_child = first;
    node->child_count = (uint8_t)count;
    node->flags = important ? NODE_EVAL_ORDERED : 0;
    __atomic_store_n(&node->state, NODE_EXPANDED, __ATOMIC_RELEASE);
    return true;
}

/*
 * Visits a leaf needs before it is expanded.  It doubles as each quarter of
 * the arena fills, so a long search spends its memory more and more on the
 * nodes that matter instead of running out early.
 */
static uint32_t expand_threshold(const Arena *arena)
{
    uint64_t used = __atomic_load_n(&arena->used, __ATOMIC_RELAXED);
    return (uint32_t)EXPAND_VISITS << (4 * used / arena->capacity);
}

/* ---- selection ---- */

static int widening(uint32_t visits)
{
    return WIDEN_BASE + (int)(WIDEN_RATE * sqrt((double)visits));
}

/*
 * The UCT score costs two divisions and a square root per child, and
 * scoring children was the largest part of an iteration.  So children are
 * compared by a rough score from tables of 1 / (v * VALUE_ONE) and
 * 1 / sqrt(v), a few ulps from the exact one; only when two rough scores
 * come within SCORE_MARGIN of each other are both scored exactly.  The
 * choice is the same as scoring every child exactly: the first child with
 * the highest score.  The parent's log(visits + 1) comes from a table too
 * (filled by log itself, so it is the same number).
 */
enum { UCT_TABLE = 4096 };
#define SCORE_MARGIN 1e-9

static double inverse_value[UCT_TABLE], inverse_sqrt[UCT_TABLE], log_next[UCT_TABLE];
static pthread_once_t uct_tables_once = PTHREAD_ONCE_INIT;

static void init_uct_tables(void)
{
    for (int v = 0; v < UCT_TABLE; v++) {
        inverse_value[v] = v ? 1.0 / (v * VALUE_ONE) : 0;
        inverse_sqrt[v] = v ? 1.0 / sqrt((double)v) : 0;
        log_next[v] = log((double)v + 1.0);
    }
}

void mcts_init(void)
{
    pthread_once(&uct_tables_once, init_uct_tables);
}

static double uct_score(uint64_t value_sum, uint32_t visits, double log_parent)
{
    return (double)value_sum / (visits * VALUE_ONE) + EXPLORATION * sqrt(log_parent / visits);
}

/*
 * A PUCT-style prior where the children are ordered by the evaluation: a
 * child whose evaluation is `gap` below the best child's (in heuristic
 * units) has prior exp(-gap / (temperature * ORDER_EVAL_SCALE)), and its
 * score gains weight * prior * sqrt(parent visits) / (visits + 1).  Unlike
 * a bonus that fades with the child's own visits alone, it keeps steering
 * visits towards what the evaluation prefers as the node grows busier.
 */
void mcts_prepare(Search *s)
{
    s->prior_weight = PRIOR_WEIGHT;
    if (s->prior_weight <= 0)
        return;
    double per_step = (double)(1 << PRIOR_GAP_SHIFT) / (PRIOR_TEMPERATURE * ORDER_EVAL_SCALE);
    for (int i = 0; i < PRIOR_GAPS; i++)
        s->prior_by_gap[i] = (float)exp(-i * per_step);
}

static double prior_bonus(const Search *s, int top, int heuristic, double scale, uint32_t visits)
{
    int step = top > heuristic ? (top - heuristic) >> PRIOR_GAP_SHIFT : 0;
    return scale * s->prior_by_gap[step < PRIOR_GAPS ? step : PRIOR_GAPS - 1] / (visits + 1);
}

static int select_child(Search *s, const Node *node)
{
    uint32_t parent_visits = __atomic_load_n(&node->visits, __ATOMIC_RELAXED);
    int count = node->child_count, width = widening(parent_visits);
    if (width > count)
        width = count;
    double log_parent = parent_visits < UCT_TABLE ? log_next[parent_visits] : log((double)parent_visits + 1.0);
    double explore = EXPLORATION * sqrt(log_parent);
    int best = -1;
    uint32_t best_visits = 0;
    uint64_t best_sum = 0;
    double best_rough = 0, best_exact = -1.0; /* best_exact < 0: not computed yet */
    double best_bonus = 0;
    const Node *children = child_of(s, node, 0);
    bool prior = s->prior_weight > 0 && (node->flags & NODE_EVAL_ORDERED);
    double prior_scale = prior ? s->prior_weight * sqrt((double)parent_visits) : 0;
    int top = children[0].heuristic; /* children are sorted best first */
    for (int i = 0; i < count; i++) {
        const Node *c = &children[i];
        uint8_t proof = __atomic_load_n(&c->proof, __ATOMIC_RELAXED);
        if (proof == PROOF_WIN)
            return i;
        if (proof == PROOF_LOSS)
            continue;
        if (i >= width && best >= 0)
            break; /* outside the window: only used when every child inside is lost */
        uint32_t visits = __atomic_load_n(&c->visits, __ATOMIC_RELAXED);
        if (visits == 0)
            return i;
        uint64_t sum = __atomic_load_n(&c->value_sum, __ATOMIC_RELAXED);
        double bonus = prior ? prior_bonus(s, top, c->heuristic, prior_scale, visits) : 0;
        double rough = visits < UCT_TABLE ? (double)sum * inverse_value[visits] + explore * inverse_sqrt[visits]
                                          : uct_score(sum, visits, log_parent);
        rough += bonus;
        double exact = -1.0;
        if (best >= 0) {
            if (rough < best_rough - SCORE_MARGIN)
                continue;
            if (rough <= best_rough + SCORE_MARGIN) {
                if (best_exact < 0)
                    best_exact = uct_score(best_sum, best_visits, log_parent) + best_bonus;
                exact = uct_score(sum, visits, log_parent) + bonus;
                if (!(exact > best_exact))
                    continue;
            }
        }
        best = i;
        best_visits = visits;
        best_sum = sum;
        best_rough = rough;
        best_exact = exact;
        best_bonus = bonus;
    }
    return best >= 0 ? best : 0;
}

/* ---- proof propagation ---- */

/* Settles a node from its children's proofs; true if it became proven. */
static bool update_proof(Search *s, Node *node, int depth, Color root_side)
{
    if (__atomic_load_n(&node->state, __ATOMIC_ACQUIRE) != NODE_EXPANDED)
        return false;
    bool same_player = chooser(root_side, depth) == chooser(root_side, depth + 1);
    bool all_lost = true;
    for (int i = 0; i < node->child_count; i++) {
        uint8_t proof = __atomic_load_n(&child_of(s, node, i)->proof, __ATOMIC_RELAXED);
        if (proof == PROOF_WIN) {
            __atomic_store_n(&node->proof, same_player ? PROOF_WIN : PROOF_LOSS, __ATOMIC_RELAXED);
            return true;
        }
        all_lost &= proof == PROOF_LOSS;
    }
    if (all_lost)
        __atomic_store_n(&node->proof, same_player ? PROOF_LOSS : PROOF_WIN, __ATOMIC_RELAXED);
    return all_lost;
}

/* ---- one iteration ---- */

/* Adds the territory of an evaluated playout position to the worker's tally. */
static void tally_owners(OwnerTally *tally, const Position *pos)
{
    Bitboard white, black;
    eval_owners(pos, &white, &black);
    while (white)
        tally->white_minus_black[bb_pop(&white)]++;
    while (black)
        tally->white_minus_black[bb_pop(&black)]--;
    tally->playouts++;
}

void mcts_iterate(Search *s, int worker)
{
    Rng *rng = &s->rngs[worker];
    Node *path[MAX_PATH];
    Position pos = s->root_pos;
    Color root_side = pos.to_move;
    int from = NO_SQUARE, to = NO_SQUARE, depth = 0;
    Node *node = &s->arena.nodes[s->root];
    __atomic_fetch_add(&node->visits, 1, __ATOMIC_RELAXED);
    path[0] = node;
    double white_value = -1; /* set once the outcome is known */

    for (;;) {
        uint8_t proof = __atomic_load_n(&node->proof, __ATOMIC_RELAXED);
        if (depth > 0 && proof != PROOF_NONE) {
            bool chooser_wins = proof == PROOF_WIN;
            white_value = (chooser(root_side, depth) == WHITE) == chooser_wins ? 1.0 : 0.0;
            break;
        }
        uint8_t state = __atomic_load_n(&node->state, __ATOMIC_ACQUIRE);
        if (state == NODE_LEAF
            && (depth == 0 || __atomic_load_n(&node->visits, __ATOMIC_RELAXED) >= expand_threshold(&s->arena))
            && !__atomic_load_n(&s->arena.full, __ATOMIC_RELAXED)) {
            uint8_t expected = NODE_LEAF;
            if (__atomic_compare_exchange_n(&node->state, &expected, NODE_EXPANDING, false,
                                            __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
                uint32_t parent_visits = depth ? __atomic_load_n(&path[depth - 1]->visits, __ATOMIC_RELAXED) : 0;
                if (!expand(s, node, &pos, depth, from, to, parent_visits)) {
                    /* Memory cap reached: this node stays a leaf for good. */
                    __atomic_store_n(&node->state, NODE_LEAF, __ATOMIC_RELEASE);
                    break;
                }
                continue; /* re-examine: proven or expanded */
            }
            state = __atomic_load_n(&node->state, __ATOMIC_ACQUIRE);
        }
        if (state != NODE_EXPANDED || depth + 1 >= MAX_PATH)
            break;
        Node *child = child_of(s, node, select_child(s, node));
        __atomic_fetch_add(&child->visits, 1, __ATOMIC_RELAXED);
        depth++;
        if (depth % 2 == 1) {
            from = child->a;
            to = child->b;
        } else {
            Move m = { (uint8_t)from, (uint8_t)to, child->a };
            position_make(&pos, m);
            from = to = NO_SQUARE;
        }
        path[depth] = node = child;
    }

    if (white_value < 0) {
        /*
         * A leaf with its amazon moved: shoot the arrow the ordering likes
         * best rather than a random one, so the leaf is scored by a sensible
         * full move (part of the tuned set in README, "Tuning").
         */
        if (from != NO_SQUARE) {
            Move m = { (uint8_t)from, (uint8_t)to, (uint8_t)best_arrow(&pos, from, to) };
            position_make(&pos, m);
        }
        white_value = playout(&pos, PLAYOUT_MOVES, WHITE, rng);
        if (s->limits.track_ownership)
            tally_owners(&s->owners[worker], &pos);
    }

    for (int d = depth; d >= 0; d--) {
        double v = chooser(root_side, d) == WHITE ? white_value : 1.0 - white_value;
        __atomic_fetch_add(&path[d]->value_sum, (uint64_t)(v * VALUE_ONE), __ATOMIC_RELAXED);
    }
    /* A proof found at the bottom may settle the nodes above it. */
    for (int d = depth - 1; d >= 0; d--)
        if (__atomic_load_n(&path[d + 1]->proof, __ATOMIC_RELAXED) == PROOF_NONE
            || !update_proof(s, path[d], d, root_side))
            break;
}

