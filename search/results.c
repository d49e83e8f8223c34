/*
 * results.c - what a search has found: the best move and its principal
 * variation, and the snapshots of live analysis (candidate moves with their
 * statistics, territory ownership).
 *
 * A move spans two tree levels (amazon, then arrow).  Before a queen node is
 * expanded, its playouts were scored with the arrow best_arrow picks, so
 * those playouts belong to that full move: a candidate's visits are its
 * arrow node's plus, for that arrow, the queen node's visits that stopped at
 * the queen node.  Both only grow, so a move's visits never decrease.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/params.h"
#include "search/ordering.h"
#include "search/search_internal.h"

/*
 * Temperatures of the prior: a softmax over sibling ordering scores.  For
 * evaluation-ordered children a score is a win probability, and the
 * selection's prior_temperature of it is a clear preference (the prior shown
 * is the one the selection uses); cheap heuristic scores move in steps of a
 * few units.
 */
#define PRIOR_TEMPERATURE_EVAL (param_value(P_PRIOR_TEMPERATURE) * ORDER_EVAL_SCALE)
#define PRIOR_TEMPERATURE_CHEAP 4.0

/* z of a two-sided 95% interval, for the lower confidence bound. */
#define LCB_Z 1.96

/* ---- best move and principal variation ---- */

int best_child(const Search *s, const Node *n)
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

/*
 * Follows the most visited children from node n, whose position is pos with
 * its side to move choosing, appending up to `room` moves to pv.  Returns the
 * number of moves appended; the first move's queen node goes to *first_queen.
 */
static int follow_best(const Search *s, Position pos, const Node *n, Move *pv, int room,
                       const Node **first_queen)
{
    int length = 0;
    while (length < room && n && n->state == NODE_EXPANDED && n->child_count > 0) {
        const Node *queen = child_of(s, n, best_child(s, n));
        Move m = { queen->a, queen->b, 0 };
        if (queen->state == NODE_EXPANDED && queen->child_count > 0) {
            n = child_of(s, queen, best_child(s, queen));
            m.arrow = n->a;
        } else {
            /* Too few visits to have arrows: take the best-ordered one. */
            m.arrow = (uint8_t)best_arrow(&pos, m.from, m.to);
            n = NULL;
        }
        if (length == 0 && first_queen)
            *first_queen = queen;
        pv[length++] = m;
        position_make(&pos, m);
    }
    return length;
}

void fill_result(Search *s, SearchResult *r)
{
    const Node *queen = NULL;
    r->pv_length = follow_best(s, s->root_pos, &s->arena.nodes[s->root], r->pv, PV_MAX, &queen);
    r->has_move = r->pv_length > 0;
    if (!r->has_move)
        return;
    r->move = r->pv[0];
    r->win_rate = queen->proof == PROOF_WIN ? 1.0 : queen->proof == PROOF_LOSS ? 0.0 : node_mean(queen);
}

/* ---- candidates ---- */

/* Statistics of one full move, gathered before the candidates are sorted. */
typedef struct {
    const Node *queen, *arrow;   /* arrow NULL: the queen node is still a leaf */
    Move move;
    uint32_t visits;
    uint64_t value_sum;
    double prior;
} Entry;

/* Softmax weights of a node's children's ordering scores, into weight[]. */
static void sibling_priors(const Search *s, const Node *n, double *weight)
{
    double temperature = n->flags & NODE_EVAL_ORDERED ? PRIOR_TEMPERATURE_EVAL : PRIOR_TEMPERATURE_CHEAP;
    double top = n->child_count ? child_of(s, n, 0)->heuristic : 0, sum = 0;
    for (int i = 0; i < n->child_count; i++)
        top = fmax(top, child_of(s, n, i)->heuristic);
    for (int i = 0; i < n->child_count; i++)
        sum += weight[i] = exp((child_of(s, n, i)->heuristic - top) / temperature);
    for (int i = 0; i < n->child_count; i++)
        weight[i] /= sum;
}

static double wilson_lower_bound(double p, double n)
{
    if (n <= 0)
        return 0;
    double z2 = LCB_Z * LCB_Z;
    double centre = p + z2 / (2 * n), spread = LCB_Z * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    return fmax(0.0, (centre - spread) / (1 + z2 / n));
}

/* The full moves through one visited queen node (see the top of the file). */
static int queen_entries(const Search *s, const Node *queen, double queen_prior, Entry *out)
{
    Move leaf = { queen->a, queen->b, (uint8_t)best_arrow(&s->root_pos, queen->a, queen->b) };
    uint32_t leaf_visits = queen->visits;
    uint64_t leaf_value = queen->value_sum;
    int n = 0, leaf_index = -1;
    if (queen->state == NODE_EXPANDED) {
        double weight[MAX_CHOICES];
        sibling_priors(s, queen, weight);
        for (int i = 0; i < queen->child_count; i++) {
            const Node *arrow = child_of(s, queen, i);
            leaf_visits -= arrow->visits;
            leaf_value -= arrow->value_sum;
            Move m = { queen->a, queen->b, arrow->a };
            if (move_equal(m, leaf))
                leaf_index = n;
            if (arrow->visits > 0 || move_equal(m, leaf))
                out[n++] = (Entry){ queen, arrow, m, arrow->visits, arrow->value_sum, queen_prior * weight[i] };
        }
    }
    if (leaf_index < 0) {
        out[n++] = (Entry){ queen, NULL, leaf, 0, 0, queen_prior };
        leaf_index = n - 1;
    }
    out[leaf_index].visits += leaf_visits;
    out[leaf_index].value_sum += leaf_value;
    if (out[leaf_index].visits == 0)
        out[leaf_index] = out[--n]; /* nothing went through it */
    return n;
}

static int by_visits(const void *pa, const void *pb)
{
    const Entry *a = pa, *b = pb;
    if (a->visits != b->visits)
        return a->visits > b->visits ? -1 : 1;
    double va = a->visits ? (double)a->value_sum / a->visits : 0;
    double vb = b->visits ? (double)b->value_sum / b->visits : 0;
    return (va < vb) - (va > vb);
}

static void fill_candidate(const Search *s, const Entry *e, double unvisited_rate, Candidate *c)
{
    uint8_t proof = e->arrow ? e->arrow->proof : PROOF_NONE;
    c->move = e->move;
    c->visits = e->visits;
    c->prior = e->prior;
    c->win_rate = e->visits ? (double)e->value_sum / (e->visits * VALUE_ONE) : unvisited_rate;
    if (proof != PROOF_NONE)
        c->win_rate = proof == PROOF_WIN ? 1.0 : 0.0;
    c->lcb = proof != PROOF_NONE ? c->win_rate : wilson_lower_bound(c->win_rate, e->visits);
    c->pv[0] = e->move;
    Position after = s->root_pos;
    position_make(&after, e->move);
    c->pv_length = 1 + follow_best(s, after, e->arrow, c->pv + 1, PV_MAX - 1, NULL);
}

static int collect_candidates(const Search *s, Candidate *out, int min, int max)
{
    const Node *root = &s->arena.nodes[s->root];
    if (!s->have_tree || root->state != NODE_EXPANDED || max <= 0)
        return 0;
    size_t room = (size_t)root->child_count; /* unvisited queen moves take one entry each */
    for (int i = 0; i < root->child_count; i++) {
        const Node *queen = child_of(s, root, i);
        if (queen->visits > 0 && queen->state == NODE_EXPANDED)
            room += queen->child_count;
    }
    Entry *entries = malloc(room * sizeof *entries);
    if (!entries)
        return 0;
    double weight[MAX_CHOICES];
    sibling_priors(s, root, weight);
    int n = 0;
    for (int i = 0; i < root->child_count; i++)
        if (child_of(s, root, i)->visits > 0)
            n += queen_entries(s, child_of(s, root, i), weight[i], entries + n);
    qsort(entries, (size_t)n, sizeof *entries, by_visits);
    /* Unvisited moves, best ordered first, until there are `min`. */
    for (int i = 0; i < root->child_count && n < min; i++) {
        const Node *queen = child_of(s, root, i);
        if (queen->visits == 0) {
            Move m = { queen->a, queen->b, (uint8_t)best_arrow(&s->root_pos, queen->a, queen->b) };
            entries[n++] = (Entry){ queen, NULL, m, 0, 0, weight[i] };
        }
    }
    double root_rate = 1.0 - node_mean(root); /* the root's chooser is the other side */
    int count = n < max ? n : max;
    for (int i = 0; i < count; i++)
        fill_candidate(s, &entries[i], root_rate, &out[i]);
    free(entries);
    return count;
}

int search_candidates(Search *s, Candidate *out, int min, int max)
{
    search_pause(s);
    int count = collect_candidates(s, out, min, max);
    search_resume(s);
    return count;
}

/* ---- ownership ---- */

bool search_ownership(Search *s, double owner[NUM_SQUARES])
{
    if (!s->owners)
        return false;
    search_pause(s);
    uint64_t playouts = 0;
    for (int t = 0; t < s->config.threads; t++)
        playouts += s->owners[t].playouts;
    double sign = s->root_pos.to_move == WHITE ? 1.0 : -1.0;
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        int64_t sum = 0;
        for (int t = 0; t < s->config.threads; t++)
            sum += s->owners[t].white_minus_black[sq];
        owner[sq] = playouts ? sign * (double)sum / (double)playouts : 0.0;
    }
    search_resume(s);
    return playouts > 0;
}
