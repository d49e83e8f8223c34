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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "search/ordering.h"
#include "search/playout.h"
#include "search/rng.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/tree.h"

/*
 * Tunables, chosen by matches (README, "Tuning"); -D overrides them for
 * tuning builds.
 */
#ifndef EXPLORATION
#define EXPLORATION 0.35   /* UCT exploration constant */
#endif
#ifndef EXPAND_VISITS
#define EXPAND_VISITS 2    /* a leaf is expanded on its second visit */
#endif
#ifndef PLAYOUT_MOVES
#define PLAYOUT_MOVES 2    /* random moves before the evaluation */
#endif
#ifndef WIDEN_BASE
#define WIDEN_BASE 3       /* children considered at first ... */
#endif
#ifndef WIDEN_RATE
#define WIDEN_RATE 0.5     /* ... plus this times sqrt(visits) */
#endif
#ifndef EVAL_ORDER_VISITS
#define EVAL_ORDER_VISITS 500 /* children of a node this visited are ordered by evaluation */
#endif

/* Two tree levels per move, plus the root. */
enum { MAX_PATH = 2 * MAX_GAME_MOVES + 1 };

struct Search {
    SearchConfig config;
    Arena arena;
    uint32_t root;
    Position root_pos;
    bool have_tree;
    /* State of the running search, shared by its threads. */
    const SearchLimits *limits;
    double start, deadline;
    uint64_t iterations;
    bool stop;
    Rng rngs[MAX_THREADS];
};

/* Who chooses the node at a depth: depth 1-2 the side to move at the root, 3-4 the other... */
static Color chooser(Color root_side, int depth)
{
    if (depth == 0)
        return color_other(root_side);
    return ((depth - 1) / 2) % 2 == 0 ? root_side : color_other(root_side);
}

static Node *child_of(Search *s, const Node *n, int i) { return &s->arena.nodes[n->first_child + i]; }

static double node_mean(const Node *n)
{
    uint32_t v = __atomic_load_n(&n->visits, __ATOMIC_RELAXED);
    return v ? (double)__atomic_load_n(&n->value_sum, __ATOMIC_RELAXED) / (v * VALUE_ONE) : 0.5;
}

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
    node->child_count = (uint16_t)count;
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

static int select_child(Search *s, const Node *node)
{
    uint32_t parent_visits = __atomic_load_n(&node->visits, __ATOMIC_RELAXED);
    int width = widening(parent_visits);
    if (width > node->child_count)
        width = node->child_count;
    double log_parent = log((double)parent_visits + 1.0);
    int best = -1;
    double best_score = -1.0;
    for (int i = 0; i < node->child_count; i++) {
        const Node *c = child_of(s, node, i);
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
        double score = node_mean(c) + EXPLORATION * sqrt(log_parent / visits);
        if (score > best_score) {
            best_score = score;
            best = i;
        }
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

static void iterate(Search *s, Rng *rng)
{
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
        if (state == NODE_LEAF && (depth == 0 || node->visits >= expand_threshold(&s->arena))
            && !__atomic_load_n(&s->arena.full, __ATOMIC_RELAXED)) {
            uint8_t expected = NODE_LEAF;
            if (__atomic_compare_exchange_n(&node->state, &expected, NODE_EXPANDING, false,
                                            __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
                uint32_t parent_visits = depth ? path[depth - 1]->visits : 0;
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

/* ---- threads and limits ---- */

static bool root_decided(Search *s)
{
    const Node *root = &s->arena.nodes[s->root];
    return __atomic_load_n(&root->proof, __ATOMIC_RELAXED) != PROOF_NONE;
}

static bool should_stop(Search *s, uint64_t done)
{
    if (__atomic_load_n(&s->stop, __ATOMIC_RELAXED))
        return true;
    bool stop = (s->limits->iterations && done >= s->limits->iterations)
             || (done % 8 == 0 && monotonic_seconds() >= s->deadline)
             || root_decided(s);
    if (stop)
        __atomic_store_n(&s->stop, true, __ATOMIC_RELAXED);
    return stop;
}

typedef struct {
    Search *search;
    int index;
} Worker;

static void *work(void *arg)
{
    Worker *w = arg;
    Search *s = w->search;
    for (;;) {
        /* Claim an iteration first, so an iteration cap is exact with any thread count. */
        uint64_t done = __atomic_fetch_add(&s->iterations, 1, __ATOMIC_RELAXED);
        if (s->limits->iterations && done >= s->limits->iterations)
            break;
        iterate(s, &s->rngs[w->index]);
        if (should_stop(s, done + 1))
            break;
    }
    return NULL;
}

static void run_threads(Search *s)
{
    pthread_t threads[MAX_THREADS];
    Worker workers[MAX_THREADS];
    int started = 1;
    for (int i = 0; i < s->config.threads; i++)
        workers[i] = (Worker){ s, i };
    for (int i = 1; i < s->config.threads; i++)
        if (pthread_create(&threads[i], NULL, work, &workers[i]) == 0)
            started = i + 1;
        else
            break;
    work(&workers[0]);
    for (int i = 1; i < started; i++)
        pthread_join(threads[i], NULL);
    if (s->iterations > 0 && s->limits->iterations && s->iterations > s->limits->iterations)
        s->iterations = s->limits->iterations;
}

/* ---- tree reuse ---- */

/* Looks for pos among the expanded nodes up to `max_depth` below node (depth kept even). */
static uint32_t find_position(Search *s, uint32_t index, Position *at, int depth, int max_depth,
                              int from, int to, const Position *target)
{
    if (depth % 2 == 0 && at->hash == target->hash
        && memcmp(at->amazons, target->amazons, sizeof at->amazons) == 0
        && at->arrows == target->arrows && at->to_move == target->to_move)
        return index;
    const Node *n = &s->arena.nodes[index];
    if (depth == max_depth || n->state != NODE_EXPANDED)
        return UINT32_MAX;
    for (int i = 0; i < n->child_count; i++) {
        const Node *c = child_of(s, n, i);
        if (c->visits == 0)
            continue;
        uint32_t found;
        if (depth % 2 == 0) {
            found = find_position(s, n->first_child + i, at, depth + 1, max_depth, c->a, c->b, target);
        } else {
            Move m = { (uint8_t)from, (uint8_t)to, c->a };
            position_make(at, m);
            found = find_position(s, n->first_child + i, at, depth + 1, max_depth, NO_SQUARE, NO_SQUARE, target);
            position_unmake(at, m);
        }
        if (found != UINT32_MAX)
            return found;
    }
    return UINT32_MAX;
}

static void prepare_root(Search *s, const Position *pos)
{
    uint32_t found = UINT32_MAX;
    if (s->have_tree && s->root_pos.size == pos->size) {
        Position at = s->root_pos;
        found = find_position(s, s->root, &at, 0, 4, NO_SQUARE, NO_SQUARE, pos);
    }
    s->root = found == UINT32_MAX ? arena_reset(&s->arena) : arena_keep_subtree(&s->arena, found);
    s->root_pos = *pos;
    s->have_tree = true;
}

/* ---- result ---- */

/* The most visited child, preferring a proven win and avoiding proven losses. */
static int best_child(Search *s, const Node *n)
{
    int best = -1;
    for (int i = 0; i < n->child_count; i++) {
        const Node *c = child_of(s, n, i);
        if (c->proof == PROOF_WIN)
            return i;
        if (best < 0)
            best = i;
        const Node *b = child_of(s, n, best);
        bool c_lost = c->proof == PROOF_LOSS, b_lost = b->proof == PROOF_LOSS;
        if ((b_lost && !c_lost) || (b_lost == c_lost && c->visits > b->visits))
            best = i;
    }
    return best;
}

static void fill_result(Search *s, SearchResult *r)
{
    Position pos = s->root_pos;
    const Node *n = &s->arena.nodes[s->root];
    r->pv_length = 0;
    r->has_move = false;
    while (r->pv_length < PV_MAX && n->state == NODE_EXPANDED && n->child_count > 0) {
        const Node *queen = child_of(s, n, best_child(s, n));
        Move m = { queen->a, queen->b, 0 };
        double mean = node_mean(queen);
        if (queen->state == NODE_EXPANDED && queen->child_count > 0) {
            n = child_of(s, queen, best_child(s, queen));
            m.arrow = n->a;
        } else {
            /* Too few visits to have arrows: take the best-ordered one. */
            m.arrow = (uint8_t)best_arrow(&pos, m.from, m.to);
            n = NULL;
        }
        if (r->pv_length == 0) {
            r->move = m;
            r->has_move = true;
            r->win_rate = queen->proof == PROOF_WIN ? 1.0 : queen->proof == PROOF_LOSS ? 0.0 : mean;
        }
        r->pv[r->pv_length++] = m;
        position_make(&pos, m);
        if (!n)
            break;
    }
}

static void report(const Search *s, const SearchResult *r)
{
    char line[PV_MAX * (MOVE_TEXT_MAX + 1) + 1] = "";
    for (int i = 0; i < r->pv_length; i++) {
        char text[MOVE_TEXT_MAX];
        move_to_text(r->pv[i], text);
        strcat(line, i ? " " : "");
        strcat(line, text);
    }
    fprintf(stderr, "search: %llu iterations in %.3f s (%.0f/s), win %.1f%%, nodes %u%s, pv %s\n",
            (unsigned long long)r->iterations, r->seconds,
            r->seconds > 0 ? r->iterations / r->seconds : 0.0, 100.0 * r->win_rate,
            s->arena.used, s->arena.full ? " (memory full)" : "", line);
}

/* ---- public interface ---- */

void search_default_config(SearchConfig *config)
{
    config->threads = 1;
    config->memory_bytes = (size_t)SEARCH_DEFAULT_MEMORY_MB << 20;
    config->seed = 1;
    config->verbose = false;
}

Search *search_create(const SearchConfig *config)
{
    if (config->threads < 1 || config->threads > MAX_THREADS)
        return NULL;
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->config = *config;
    if (!arena_init(&s->arena, config->memory_bytes)) {
        arena_free(&s->arena);
        free(s);
        return NULL;
    }
    for (int i = 0; i < MAX_THREADS; i++)
        rng_seed(&s->rngs[i], config->seed * MAX_THREADS + (uint64_t)i);
    return s;
}

void search_destroy(Search *s)
{
    if (!s)
        return;
    arena_free(&s->arena);
    free(s);
}

void search_clear(Search *s)
{
    s->have_tree = false;
}

SearchResult search_run(Search *s, const Position *pos, const SearchLimits *limits)
{
    SearchResult r;
    memset(&r, 0, sizeof r);
    if (!has_legal_move(pos, pos->to_move))
        return r;
    s->start = monotonic_seconds(); /* before the tree is pruned for reuse: that takes time too */
    prepare_root(s, pos);
    s->limits = limits;
    s->deadline = s->start + (limits->seconds > 0 ? limits->seconds : 0);
    s->iterations = 0;
    s->stop = false;
    run_threads(s);
    r.iterations = s->iterations;
    r.seconds = monotonic_seconds() - s->start;
    fill_result(s, &r);
    if (s->config.verbose)
        report(s, &r);
    return r;
}
