/* solver.c - df-pn over split moves, with closed-area races as early ends (solver.h). */
#include "solver/solver.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "eval/eval.h"
#include "eval/regions.h"
#include "solver/endgame_exact.h"
#include "solver/proof_table.h"
#include "engine/deadline.h"

enum {
    MAX_CHILDREN = 4 * 35,                   /* amazon moves, or arrows, of one state */
    MAX_PLY = 2 * BOARD_MAX * BOARD_MAX + 2, /* two states per move, a move per square */
    REGION_BUDGET = 4000,                    /* single-player nodes per area and race */
    KILLERS = 2,                             /* amazon moves remembered per ply */
    REPORT_CHECK_INTERVAL = 64,              /* nodes between looks at the progress clock */
    GUIDE_SLOTS = 4096                       /* the guide's moves remembered */
};

/*
 * Initial numbers: from 1 (looks won) to 1 + INIT_SCALE (looks lost) by the
 * evaluation, and a disproof, which must refute every move, also grows with
 * the number of moves to refute.  Both choices cut the nodes needed on the
 * small boards about fourfold (measured on 4x4 and 5x4).
 */
#define INIT_SCALE 32.0
/* Squares of territory per logistic unit in territory_estimate (solver_set_spread). */
#define DEFAULT_SPREAD 1.0
/*
 * The 1+epsilon trick: a child is searched until it is this much worse than
 * the second best.  0.1875 with a depth weight of 8 (below) needed the
 * fewest fight nodes on the whole of 6x4 (EPSILON and DEPTH_WEIGHT: 0.25 and
 * 12 3,357M, 0.25 and 8 3,244M, 0.125 and 8 3,175M, 0.1875 and 8 3,091M)
 * and 21% fewer than 0.25 and 12 on the whole of 5x5 (153M against 193M).
 */
#define EPSILON 0.1875
/*
 * Depth weights, after Deep df-pn (Zhang, Iida and van den Herik): the
 * numbers of a new child `ply` plies below the root are multiplied by
 * DEPTH_WEIGHT - ply / DEPTH_PLIES_PER_STEP while that is above 1 (8 at
 * ply 1, 7 at plies 2 and 3, ..., 2 at plies 12 and 13).  A state that has
 * been expanded then looks cheaper than its unexpanded siblings, so the
 * search goes on down one line instead of widening near the root, where
 * the races and small fights cannot yet end anything.  With EPSILON at
 * 0.25, weights of 6, 10 and 12 took more fight nodes on 5x5 than 8, and 3
 * plies per step fewer on 6x4 (3,117M) but 20% more on 5x5.
 */
enum { DEPTH_WEIGHT = 8, DEPTH_PLIES_PER_STEP = 2 };
#define REPORT_INTERVAL 5.0
#define AREA_MEMORY_MAX ((size_t)256 << 20)
#define AREA_MEMORY_MIN ((size_t)16 << 20)
/*
 * Picking the result's move may search a proven move again (its proof may
 * rest on races that the deadline then cuts short): it gets this much more
 * time, a share of the limit plus a little, so that a proof found just
 * before the deadline is not lost, while a move stays within 10% + 20 ms.
 */
#define RESULT_GRACE_SHARE 0.05
#define RESULT_GRACE_SECONDS 0.01

typedef struct {
    ProofKey key;
    uint8_t a, b;    /* amazon move: from, to; arrow: square, unused */
    bool fixed;      /* decided at expansion: nothing to look up */
    uint32_t pn, dn; /* the child's own numbers, for its side to move */
} Child;

typedef struct {
    Child children[MAX_CHILDREN];
    int count;
    bool half;       /* a half-move state: children are arrows, the other side then moves */
    int shooter;     /* half: the square of the amazon that shoots */
    bool guided;     /* whole-move state: the guide has been asked (or remembered) */
    Move guide;      /* its move, from NO_SQUARE when it named none of the children */
} Frame;

/* A guide's move for a whole-move state, by the hash of the state's key (0: empty). */
typedef struct {
    uint64_t hash;
    Move move;
} GuideSlot;

struct Solver {
    ProofTable *table;
    RegionCache *regions;
    EndgameTable *endgames;
    int width, height;   /* board of what the tables hold; 0 when they hold nothing */
    bool transposed;     /* the running solve works on the board's transpose (solve_transposed) */
    Position pos;        /* the state being searched (its hash is not kept: keys come from proof_key) */
    int pending;         /* the amazon that must shoot, or NO_SQUARE at a whole-move state */
    Frame *frames;       /* one per ply */
    uint64_t nodes, node_limit;
    Deadline deadline;   /* the time limit and solver_stop, polled by every nested search too */
    double start, next_report;
    const char *label;          /* solve limits: what progress lines begin with */
    const char *checkpoint;     /* where and how often to save progress */
    double checkpoint_seconds, next_checkpoint;
    bool verbose, aborted;
    bool stop;           /* atomic: solver_stop */
    double spread;       /* solver_set_spread */
    double win_by_score[2 * NUM_SQUARES + 1]; /* territory_estimate's, by score + NUM_SQUARES */
    uint32_t root_pn, root_dn;
    int line[2];         /* the root's amazon move and its arrow being searched, or -1 */
    bool replies_listed; /* frames[2] holds the replies to that move */
    uint64_t race_checks, race_decided;
    Move killers[MAX_PLY][KILLERS]; /* per ply: the amazon moves (from, to) that last proved
                                       a state there, newest first */
    SolverGuide guide;   /* solver_set_guide; NULL: none */
    void *guide_context;
    int guide_plies;
    uint64_t guide_work, guide_calls;
    GuideSlot *guide_memo;          /* GUIDE_SLOTS moves the guide named */
};

/* ---- making the two halves of a move ---- */

/* The amazon on `from` goes to `to`; its side still has to shoot.  Undone by calling it again. */
static void toggle_amazon(Solver *s, int from, int to)
{
    Position *p = &s->pos;
    Bitboard both = bb_square(from) | bb_square(to);
    p->amazons[p->to_move] ^= both;
    p->empty ^= both;
    s->pending = s->pending == NO_SQUARE ? to : NO_SQUARE;
}

/* Adds or removes an arrow, and passes the turn. */
static void toggle_arrow(Solver *s, int arrow)
{
    Position *p = &s->pos;
    p->arrows ^= bb_square(arrow);
    p->empty ^= bb_square(arrow);
    p->to_move = color_other(p->to_move);
}

/* The pending amazon shoots; the other side is to move. */
static void shoot(Solver *s, int arrow)
{
    toggle_arrow(s, arrow);
    s->pending = NO_SQUARE;
}

/* Takes the arrow back; the amazon on `shooter` is pending again. */
static void unshoot(Solver *s, int arrow, int shooter)
{
    toggle_arrow(s, arrow);
    s->pending = shooter;
}

static void enter_child(Solver *s, const Frame *f, const Child *c)
{
    if (f->half)
        shoot(s, c->a);
    else
        toggle_amazon(s, c->a, c->b);
}

static void leave_child(Solver *s, const Frame *f, const Child *c)
{
    if (f->half)
        unshoot(s, c->a, f->shooter);
    else
        toggle_amazon(s, c->a, c->b);
}

/* ---- proof numbers ---- */

static uint32_t saturate(uint64_t n) { return n >= PN_INF ? PN_INF - 1 : (uint32_t)n; }

/* Numbers from a win estimate for the side to move: likely wins are cheap to prove. */
static void estimate(double win, uint32_t *pn, uint32_t *dn)
{
    *pn = 1 + (uint32_t)(INIT_SCALE * (1.0 - win));
    *dn = 1 + (uint32_t)(INIT_SCALE * win);
}

/* Squares the side to move reaches in fewer queen moves than the other side, less the reverse. */
static int territory_score(const Position *p)
{
    DistanceMap map;
    queen_distances(p, &map);
    Color us = p->to_move, them = color_other(us);
    Bitboard seen_us = 0, seen_them = 0;
    int score = 0;
    int depth = map.depth[us] > map.depth[them] ? map.depth[us] : map.depth[them];
    for (int d = 1; d <= depth; d++) {
        Bitboard a = d <= map.depth[us] ? map.at[us][d] : 0;
        Bitboard b = d <= map.depth[them] ? map.at[them][d] : 0;
        score += bb_count(a & ~b & ~seen_them) - bb_count(b & ~a & ~seen_us);
        seen_us |= a;
        seen_them |= b;
    }
    return score;
}

/* Fills s->win_by_score for the spread s->spread: the logistic once per score, not per child. */
static void set_win_by_score(Solver *s)
{
    for (int score = -NUM_SQUARES; score <= NUM_SQUARES; score++)
        /* Half a square for the side to move: it gets to a tied square first. */
        s->win_by_score[score + NUM_SQUARES] = 1.0 / (1.0 + exp(-(score + 0.5) / s->spread));
}

/*
 * Win estimate for the side to move from queen-distance territory alone:
 * squares each side reaches in fewer amazon moves.  Cheaper than the full
 * evaluation (eval.h) and, as initial proof numbers, better: on 5x4 it
 * halves the nodes and the time per node (measured against
 * eval_win_probability; the spread was tried from 0.5 to 3).  The spread
 * is squares of territory per logistic unit.
 */
static double territory_estimate(const Solver *s, const Position *p)
{
    return s->win_by_score[territory_score(p) + NUM_SQUARES];
}

/* Multiplies the numbers of a frame's undecided children by their depth's weight. */
static void weigh_by_depth(Frame *f, int child_ply)
{
    int weight = DEPTH_WEIGHT - child_ply / DEPTH_PLIES_PER_STEP;
    if (weight <= 1)
        return;
    for (int i = 0; i < f->count; i++) {
        Child *c = &f->children[i];
        if (!c->fixed) {
            c->pn *= (uint32_t)weight;
            c->dn *= (uint32_t)weight;
        }
    }
}

/* A child's numbers as its parent sees them: proof that the parent's side wins by it. */
static uint32_t parent_pn(const Frame *f, const Child *c) { return f->half ? c->dn : c->pn; }
static uint32_t parent_dn(const Frame *f, const Child *c) { return f->half ? c->pn : c->dn; }

static void sort_children(Frame *f)
{
    for (int i = 1; i < f->count; i++) {
        Child x = f->children[i];
        int j = i;
        while (j > 0 && parent_pn(f, &f->children[j - 1]) > parent_pn(f, &x)) {
            f->children[j] = f->children[j - 1];
            j--;
        }
        f->children[j] = x;
    }
}

/* ---- early ends ---- */

/*
 * Fights (endgame_exact.h) are searched exactly, within FIGHT_BUDGET nodes:
 * those of at most FIGHT_SQUARES_ON_ARROW empty squares for every arrow as
 * it is made, and those of at most FIGHT_SQUARES_ON_ENTRY only when df-pn
 * enters the state, which most arrows' states never see.  On 5x5, where
 * most proof nodes sit at 6 or 7 empty squares, 5 on arrows and 8 on entry
 * once needed the least time (107 s, against 119 s with 7 on entry and 131
 * s with 9); fights of 7 squares on every arrow took 150 s.  Since the fight
 * search tries killer moves, 9 on entry pays: the whole of 5x5 in 53.6 s
 * (4.3M proof nodes) against 59.9 s with 8 (11.1M) and 56.3 s with 10
 * (1.7M); 6x4 after b1-b2/c3 in 46.3 s against 53.4 s and 55.5 s.
 */
enum { FIGHT_SQUARES_ON_ARROW = 5, FIGHT_SQUARES_ON_ENTRY = 9, FIGHT_BUDGET = 20000 };

/*
 * Keys the state just entered into *key and decides it when small fights
 * or the race of areas settle it (else RACE_UNDECIDED).  A whole-move state
 * is keyed by its fights and bank (endgame_key): states that differ only in
 * the shape of their closed areas share an entry.
 */
static RaceOutcome key_and_decide(Solver *s, ProofKey *key)
{
    EndgameView view;
    if (!endgame_examine(&s->pos, s->endgames, s->regions, FIGHT_SQUARES_ON_ARROW, FIGHT_BUDGET,
                         &view)) {
        *key = proof_key(&s->pos, NO_SQUARE);
        return race_decide(&s->pos, s->regions, REGION_BUDGET);
    }
    *key = view.key;
    if (view.outcome != RACE_UNDECIDED)
        return view.outcome;
    /*
     * The race still decides many states with larger fights (nodes x1.7
     * without it).  Run on the fights with the bank, it splits a smaller
     * board and never walks the closed areas, which the bank counts exactly.
     */
    return race_decide_banked(&view.fights, view.bank, s->regions, REGION_BUDGET);
}

/* ---- expansion ---- */

/*
 * The key of a state reached by an amazon move: its arrow is still to come.
 * Its bucket loads while the frame's other children are made, before the
 * first summary looks it up.
 */
static void set_key(Solver *s, Child *c)
{
    c->key = proof_key(&s->pos, s->pending);
    proof_table_prefetch(s->table, &c->key);
}

/*
 * The amazons of the side to move that stand in strict areas (regions.h),
 * whose moves all give way to *best, one best move among them.  0 when
 * there is none, or when an area is too large to count within the budget.
 */
static Bitboard strict_amazons(Solver *s, Move *best)
{
    const Position *p = &s->pos;
    BoardSplit split;
    board_split(p, &split);
    Bitboard settled = 0;
    bool found = false;
    for (int i = 0; i < split.count[p->to_move]; i++) {
        const Part *part = &split.parts[p->to_move][i];
        if (part->kind != PART_STRICT)
            continue;
        if (!found && !area_best_move(s->regions, &part->area, REGION_BUDGET, best))
            continue;
        found = true;
        settled |= part->area.amazons;
    }
    return settled;
}

static void add_amazon_move(Solver *s, Frame *f, int from, int to)
{
    Position *p = &s->pos;
    Child *c = &f->children[f->count++];
    c->a = (uint8_t)from;
    c->b = (uint8_t)to;
    c->fixed = false;
    toggle_amazon(s, c->a, c->b);
    set_key(s, c);
    /* The arrow is still to come: judge the board as if the other side moved now. */
    p->to_move = color_other(p->to_move);
    double theirs = territory_estimate(s, p);
    p->to_move = color_other(p->to_move);
    estimate(1.0 - theirs, &c->pn, &c->dn);
    c->dn *= (uint32_t)bb_count(queen_targets(c->b, p->empty)); /* the arrows to refute */
    toggle_amazon(s, c->a, c->b);
}

/*
 * Children of a whole-move state: every amazon move, estimated by the
 * evaluation, except that the amazons of strict areas make one best move.
 */
static void expand_amazon_moves(Solver *s, Frame *f)
{
    Position *p = &s->pos;
    f->count = 0;
    f->half = false;
    Move best;
    Bitboard settled = strict_amazons(s, &best);
    if (settled)
        add_amazon_move(s, f, best.from, best.to);
    Bitboard amazons = p->amazons[p->to_move] & ~settled;
    while (amazons) {
        int from = bb_pop(&amazons);
        for (Bitboard targets = queen_targets(from, p->empty); targets;)
            add_amazon_move(s, f, from, bb_pop(&targets));
    }
}

/*
 * Children of a half-move state: every arrow.  Returns true when an arrow
 * wins at once (the opponent is left without a move, or loses the race):
 * the frame then holds just that arrow.
 */
static bool expand_arrows(Solver *s, Frame *f)
{
    Position *p = &s->pos;
    f->count = 0;
    f->half = true;
    f->shooter = s->pending;
    Bitboard arrows = queen_targets(s->pending, p->empty);
    /* In a strict area the arrow that leaves the most moves is as good as any. */
    Area area;
    if (strict_area_of(p, s->pending, &area)) {
        int best = area_best_arrow(s->regions, &area, s->pending, REGION_BUDGET);
        if (best >= 0)
            arrows = bb_square(best);
    }
    while (arrows) {
        Child *c = &f->children[f->count++];
        c->a = (uint8_t)bb_pop(&arrows);
        c->b = 0;
        shoot(s, c->a);
        RaceOutcome race = RACE_LOSS;
        if (has_legal_move(p, p->to_move)) {
            s->race_checks++;
            race = key_and_decide(s, &c->key);
        } else {
            c->key = proof_key(p, NO_SQUARE);
        }
        c->fixed = race != RACE_UNDECIDED;
        if (race == RACE_UNDECIDED) {
            proof_table_prefetch(s->table, &c->key);
            estimate(territory_estimate(s, p), &c->pn, &c->dn);
            /* The amazon moves to refute: at least 1, since the side can move. */
            c->dn *= (uint32_t)count_amazon_steps(p->amazons[p->to_move], p->empty);
        }
        unshoot(s, c->a, f->shooter);
        if (race == RACE_LOSS) {
            s->race_decided++;
            c->pn = PN_INF;
            c->dn = 0;
            f->children[0] = *c;
            f->count = 1;
            return true;
        }
        if (race == RACE_WIN) {
            s->race_decided++;
            c->pn = 0;
            c->dn = PN_INF;
        }
    }
    return false;
}

/* ---- symmetry at the root ---- */

/* The square that `sq` maps to when the files (bit 0) and/or ranks (bit 1) are reversed. */
static int mirror_square(int sq, const Position *p, int flip)
{
    int file = square_file(sq), rank = square_rank(sq);
    if (flip & 1)
        file = p->width - 1 - file;
    if (flip & 2)
        rank = p->height - 1 - rank;
    return square_at(file, rank);
}

static Bitboard mirror_set(Bitboard set, const Position *p, int flip)
{
    Bitboard image = 0;
    while (set)
        image |= bb_square(mirror_square(bb_pop(&set), p, flip));
    return image;
}

static bool mirror_fixes(const Position *p, int flip)
{
    return mirror_set(p->amazons[WHITE], p, flip) == p->amazons[WHITE]
        && mirror_set(p->amazons[BLACK], p, flip) == p->amazons[BLACK]
        && mirror_set(p->arrows, p, flip) == p->arrows;
}

/*
 * When a reflection of the board maps the position onto itself (the start
 * position always has one), a move and its mirror image lead to equivalent
 * positions: only the first of each such pair or quadruple is kept.
 */
static void drop_mirrored_moves(const Position *p, Frame *f)
{
    int kept = 0;
    for (int i = 0; i < f->count; i++) {
        const Child *c = &f->children[i];
        bool seen = false;
        for (int flip = 1; flip <= 3 && !seen; flip++) {
            if (!mirror_fixes(p, flip))
                continue;
            int from = mirror_square(c->a, p, flip), to = mirror_square(c->b, p, flip);
            for (int j = 0; j < kept && !seen; j++)
                seen = f->children[j].a == from && f->children[j].b == to;
        }
        if (!seen)
            f->children[kept++] = *c;
    }
    f->count = kept;
}

/*
 * The amazon moves that last proved a win at this ply, in a sibling or a
 * cousin, go first: one answer often refutes many of the opponent's moves.
 * The latest one's proof number drops to 1, the one before's to 2, so df-pn
 * tries them before the others unless the table already knows better.  On
 * the bench positions the first saves about a tenth of the nodes, the
 * second 1 to 4% more; doing the same for arrows costs more than it saves
 * (4x5: 1.06M nodes instead of 0.81M).
 */
static void prefer_killers(Solver *s, int ply, Frame *f)
{
    for (int k = 0; k < KILLERS; k++) {
        Move killer = s->killers[ply][k];
        for (int i = 0; i < f->count; i++) {
            Child *c = &f->children[i];
            if (c->a == killer.from && c->b == killer.to) {
                c->pn = (uint32_t)k + 1;
                break;
            }
        }
    }
}

/* Remembers the amazon move that proved the state of frame `ply`. */
static void record_killer(Solver *s, int ply, const Child *proof)
{
    Move *killers = s->killers[ply];
    if (killers[0].from == proof->a && killers[0].to == proof->b)
        return;
    for (int k = KILLERS - 1; k > 0; k--)
        killers[k] = killers[k - 1];
    killers[0] = (Move){ proof->a, proof->b, NO_SQUARE };
}

/* ---- the guide (solver_set_guide) ---- */

/* Puts child i first with its parent's proof number at 1: df-pn searches it next. */
static void put_first(Frame *f, int i)
{
    Child c = f->children[i];
    if (c.fixed)
        return; /* decided at expansion: nothing to search */
    if (f->half)
        c.dn = 1;
    else
        c.pn = 1;
    memmove(&f->children[1], &f->children[0], (size_t)i * sizeof c);
    f->children[0] = c;
}

/* Puts the guide's amazon move first in a whole-move frame (when it is one of its children). */
static void follow_guide(Frame *f, Move move)
{
    f->guided = true;
    f->guide = (Move){ NO_SQUARE, NO_SQUARE, NO_SQUARE };
    for (int i = 0; i < f->count; i++)
        if (f->children[i].a == move.from && f->children[i].b == move.to) {
            f->guide = move;
            put_first(f, i);
            return;
        }
}

/* The memo's slot for a state's key; an equal *hash says it holds that state's move. */
static GuideSlot *guide_slot(Solver *s, const ProofKey *key, uint64_t *hash)
{
    *hash = proof_key_hash(key) | 1; /* never 0, the mark of an empty slot */
    return &s->guide_memo[*hash % GUIDE_SLOTS];
}

/*
 * A whole-move state just expanded: the move the guide named for it on an
 * earlier visit goes first again.  (Keys that fold closed areas into a
 * bank may share a slot between positions: the move then fits none of the
 * children, or is just tried first.  Only the order is at stake.)
 */
static void recall_guide(Solver *s, int ply, Frame *f, const ProofKey *key)
{
    f->guided = false;
    if (!s->guide || ply > s->guide_plies)
        return;
    uint64_t hash;
    const GuideSlot *slot = guide_slot(s, key, &hash);
    if (slot->hash == hash)
        follow_guide(f, slot->move);
}

/*
 * A half-move state just expanded: the guide's arrow goes first when its
 * amazon move led here.  The parent's guided move is one of its children,
 * so its `from` held an amazon there; that square now empty and the
 * pending amazon on its `to` mean the move just played is the guide's.
 */
static void recall_guide_arrow(Solver *s, int ply, Frame *f)
{
    if (!s->guide || ply == 0)
        return;
    const Move *guide = &s->frames[ply - 1].guide;
    if (!s->frames[ply - 1].guided || guide->from == NO_SQUARE || guide->to != s->pending
        || !bb_test(s->pos.empty, guide->from))
        return;
    for (int i = 0; i < f->count; i++)
        if (f->children[i].a == guide->arrow) {
            put_first(f, i);
            return;
        }
}

/*
 * Whether to ask the guide about the whole-move state of frame `ply`: it is
 * near enough to the root and has taken guide_work nodes in this visit.
 * Easy states never ask, so the guide's cost stays a small share of the
 * work it is meant to cut.
 */
static bool guide_due(const Solver *s, int ply, const Frame *f, uint64_t first_node)
{
    return s->guide && !f->half && !f->guided && ply <= s->guide_plies
        && s->nodes - first_node >= s->guide_work;
}

static void ask_guide(Solver *s, Frame *f, const ProofKey *key)
{
    Move move = { NO_SQUARE, NO_SQUARE, NO_SQUARE };
    Position pos = s->pos;
    pos.hash = position_compute_hash(&pos);
    if (!s->guide(&pos, &move, s->guide_context))
        move = (Move){ NO_SQUARE, NO_SQUARE, NO_SQUARE };
    s->guide_calls++;
    uint64_t hash;
    GuideSlot *slot = guide_slot(s, key, &hash);
    *slot = (GuideSlot){ hash, move };
    follow_guide(f, move);
}

/* Settles a whole-move state whose fights are small enough, with the numbers in *value. */
static bool settle_fights(Solver *s, ProofValue *value)
{
    RaceOutcome fights = endgame_decide(&s->pos, s->endgames, s->regions, FIGHT_SQUARES_ON_ENTRY,
                                        FIGHT_BUDGET);
    if (fights == RACE_UNDECIDED)
        return false;
    *value = fights == RACE_WIN ? (ProofValue){ 0, PN_INF, 1 } : (ProofValue){ PN_INF, 0, 1 };
    return true;
}

/*
 * Expands the current state into frame `ply`.  Returns true when that
 * decides the state on its own, with the numbers in *value.  A whole-move
 * state needs no race or small fights here: its parent tried them when it
 * made the arrow (expand_arrows).  Its larger fights are searched here, and
 * not at the root, which must not be cut short: a won race still needs a
 * move to play.
 */
static bool expand_frame(Solver *s, int ply, const ProofKey *key, ProofValue *value)
{
    Frame *f = &s->frames[ply];
    Position *p = &s->pos;
    if (s->pending != NO_SQUARE) {
        bool won = expand_arrows(s, f);
        weigh_by_depth(f, ply + 1);
        sort_children(f);
        if (won)
            *value = (ProofValue){ 0, PN_INF, 1 };
        else
            recall_guide_arrow(s, ply, f);
        return won;
    }
    f->count = 0;
    f->half = false;
    if (!has_legal_move(p, p->to_move)) {
        *value = (ProofValue){ PN_INF, 0, 1 };
        return true;
    }
    if (ply > 0 && settle_fights(s, value))
        return true;
    expand_amazon_moves(s, f);
    weigh_by_depth(f, ply + 1);
    prefer_killers(s, ply, f);
    sort_children(f);
    if (ply == 0)
        drop_mirrored_moves(p, f);
    recall_guide(s, ply, f, key);
    return false;
}

/* ---- limits ---- */

/* The root move under search, as " move d1-d3/d5" (empty between root moves). */
static void current_move_text(const Solver *s, char *buf, size_t size)
{
    buf[0] = '\0';
    if (s->line[0] < 0 || s->line[1] < 0)
        return;
    const Child *queen = &s->frames[0].children[s->line[0]];
    const Child *arrow = &s->frames[1].children[s->line[1]];
    Move m = { queen->a, queen->b, arrow->a };
    char move[MOVE_TEXT_MAX];
    move_to_text(s->transposed ? move_transposed(m) : m, move);
    snprintf(buf, size, " move %s", move);
}

/*
 * How far the proof of the root's current move has come: its replies' amazon
 * moves already refuted, of all of them.  The root's own numbers change only
 * when the search leaves that move, which on a board like 5x6 can take hours.
 */
static void replies_text(const Solver *s, char *buf, size_t size)
{
    buf[0] = '\0';
    if (s->line[0] < 0 || s->line[1] < 0 || !s->replies_listed)
        return;
    const Frame *f = &s->frames[2];
    int refuted = 0;
    for (int i = 0; i < f->count; i++)
        refuted += f->children[i].dn == 0;
    snprintf(buf, size, " (%d of %d replies' amazon moves refuted)", refuted, f->count);
}

static void report_progress(Solver *s, double now)
{
    ProofTableStats t = proof_table_stats(s->table);
    EndgameStats e = endgame_table_stats(s->endgames);
    double elapsed = now - s->start;
    char current[32], replies[64];
    current_move_text(s, current, sizeof current);
    replies_text(s, replies, sizeof replies);
    fprintf(stderr, "%s: %llu nodes, %.0f nodes/s, root pn %u dn %u%s%s, table %.1f%% full, "
                    "%.1f%% hits, fights %llu decided, %llu nodes, %.1fs\n",
            s->label, (unsigned long long)s->nodes, elapsed > 0 ? s->nodes / elapsed : 0.0, s->root_pn,
            s->root_dn, current, replies, 100.0 * t.used / t.entries,
            t.lookups ? 100.0 * t.hits / t.lookups : 0.0, (unsigned long long)e.decided,
            (unsigned long long)e.nodes, elapsed);
}

/*
 * A single node can hold long searches (races of large areas, fights), so
 * those poll the same deadline as they go (region_cache_watch,
 * endgame_table_watch): past it, everything gives up at once.
 */
static void check_limits(Solver *s)
{
    if (deadline_passed(&s->deadline) || (s->node_limit && s->nodes >= s->node_limit))
        s->aborted = true;
    if ((!s->verbose && !s->checkpoint) || s->nodes % REPORT_CHECK_INTERVAL)
        return;
    double now = monotonic_seconds();
    if (s->verbose && now >= s->next_report) {
        report_progress(s, now);
        s->next_report = now + REPORT_INTERVAL;
    }
    if (s->checkpoint && now >= s->next_checkpoint) {
        /* Every stored entry is sound on its own, so a table saved mid-search is a sound start. */
        const char *error = solver_save(s, s->checkpoint);
        if (error)
            fprintf(stderr, "%s: checkpoint %s: %s\n", s->label, s->checkpoint, error);
        s->next_checkpoint = monotonic_seconds() + s->checkpoint_seconds;
    }
}

/* ---- df-pn ---- */

typedef struct {
    uint32_t pn, dn, second_pn;
    int best;
} Summary;

enum { OPEN_CHILD_WEIGHT = 2 };

/*
 * Sums the children up for the parent's side, first refreshing them from the
 * table when `refresh` is set.  The disproof number is the weak one, the
 * largest child's plus OPEN_CHILD_WEIGHT for every other open child, not
 * the sum: positions of Amazons are reached by many move orders, and a sum
 * counts a shared subtree once per path to it.  On the bench positions (4x5,
 * 5x4, 5x5 after two and four moves) this cut the nodes about threefold.
 * A weight of 2 rather than 1 steers the search a little more towards
 * states with few moves left to refute: on the whole of 5x5 it took 135M
 * fight nodes against 153M (1.5: 134M, 3: 160M, 4: 198M), on 6x4 2,959M
 * against 3,091M (1.5: 3,042M), for 1 to 3% more proof nodes, and on 4x7
 * 1,517M against 2,159M with 171M proof nodes against 225M.
 */
static Summary summarise(Solver *s, Frame *f, bool refresh)
{
    Summary sum = { PN_INF, 0, PN_INF, -1 };
    uint32_t largest_dn = 0;
    uint64_t open = 0;
    for (int i = 0; i < f->count; i++) {
        Child *c = &f->children[i];
        ProofValue v;
        if (refresh && !c->fixed && proof_table_lookup(s->table, &c->key, &v)) {
            c->pn = v.pn;
            c->dn = v.dn;
        }
        uint32_t cpn = parent_pn(f, c), cdn = parent_dn(f, c);
        if (cpn < sum.pn) {
            sum.second_pn = sum.pn;
            sum.pn = cpn;
            sum.best = i;
        } else if (cpn < sum.second_pn) {
            sum.second_pn = cpn;
        }
        if (cdn) {
            open++;
            if (cdn > largest_dn)
                largest_dn = cdn;
        }
    }
    uint64_t others = open ? open - 1 : 0;
    sum.dn = sum.pn == 0 ? PN_INF : saturate(largest_dn + OPEN_CHILD_WEIGHT * others);
    return sum;
}

static void mid(Solver *s, int ply, const Child *node, uint32_t th_pn, uint32_t th_dn,
                ProofValue *out)
{
    s->nodes++;
    check_limits(s);
    uint64_t first_node = s->nodes;
    if (expand_frame(s, ply, &node->key, out)) {
        proof_table_store(s->table, &node->key, out);
        return;
    }
    Frame *f = &s->frames[ply];
    if (ply == 2)
        s->replies_listed = true;
    /*
     * Only the first summary reads the table.  Siblings hold the same number
     * of arrows, so none lies below another and searching one cannot change
     * the others' entries (keys that fold closed areas into a bank could
     * meet, but a missed update costs only time: just 0 and PN_INF are
     * facts).  On 4x5 this is a tenth faster with the same nodes.
     */
    Summary sum;
    for (bool refresh = true;; refresh = false) {
        if (guide_due(s, ply, f, first_node))
            ask_guide(s, f, &node->key);
        sum = summarise(s, f, refresh);
        if (ply == 0) {
            s->root_pn = sum.pn;
            s->root_dn = sum.dn;
        }
        if (sum.pn >= th_pn || sum.dn >= th_dn || s->aborted)
            break;
        Child *c = &f->children[sum.best];
        uint32_t cdn = parent_dn(f, c);
        /* Stay below the second best child (times 1+epsilon) and within the parent's budget. */
        uint64_t second = sum.second_pn == PN_INF ? PN_INF : sum.second_pn;
        uint64_t widened = (uint64_t)(second * (1.0 + EPSILON));
        uint64_t child_pn = widened > second + 1 ? widened : second + 1;
        if (child_pn > th_pn)
            child_pn = th_pn;
        uint64_t child_dn = (uint64_t)th_dn - sum.dn + cdn;
        if (child_dn > PN_INF)
            child_dn = PN_INF;
        ProofValue v;
        if (ply < 2)
            s->line[ply] = sum.best;
        enter_child(s, f, c);
        if (f->half)
            mid(s, ply + 1, c, (uint32_t)child_dn, (uint32_t)child_pn, &v);
        else
            mid(s, ply + 1, c, (uint32_t)child_pn, (uint32_t)child_dn, &v);
        leave_child(s, f, c);
        if (ply < 2)
            s->line[ply] = -1;
        c->pn = v.pn;
        c->dn = v.dn;
    }
    if (sum.pn == 0 && !f->half)
        record_killer(s, ply, &f->children[sum.best]);
    if (ply == 2)
        s->replies_listed = false;
    *out = (ProofValue){ sum.pn, sum.dn, s->nodes - first_node + 1 };
    proof_table_store(s->table, &node->key, out);
}

/* ---- the public interface ---- */

/*
 * Most of the budget goes to proofs; an eighth (at most 256 MiB) to area
 * counts, and a quarter of that to small fights.  Counting one large area
 * takes the counts of some 300,000 sub-areas (a 10x10 endgame of 40 empty
 * squares), a working set that does not shrink with the budget: a small
 * solver (genmove's hand-over has 64 MiB) gives them a quarter, up to 16
 * MiB.  With 8 MiB that endgame took 0.77 s, with 16 MiB 0.23 s.
 */
static size_t area_memory(size_t bytes)
{
    size_t share = bytes / 8 < AREA_MEMORY_MAX ? bytes / 8 : AREA_MEMORY_MAX;
    size_t floor = bytes / 4 < AREA_MEMORY_MIN ? bytes / 4 : AREA_MEMORY_MIN;
    return share > floor ? share : floor;
}

Solver *solver_create(size_t memory_bytes)
{
    Solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t frames = MAX_PLY * sizeof(Frame);
    size_t rest = memory_bytes > frames ? memory_bytes - frames : 0;
    size_t region_bytes = area_memory(rest);
    s->frames = malloc(frames);
    s->regions = region_cache_create(region_bytes);
    s->endgames = endgame_table_create(region_bytes / 4);
    s->table = proof_table_create(rest - region_bytes - region_bytes / 4);
    if (!s->frames || !s->regions || !s->endgames || !s->table) {
        solver_destroy(s);
        return NULL;
    }
    region_cache_watch(s->regions, &s->deadline);
    endgame_table_watch(s->endgames, &s->deadline);
    s->pending = NO_SQUARE;
    s->spread = DEFAULT_SPREAD;
    set_win_by_score(s);
    return s;
}

void solver_set_spread(Solver *s, double spread)
{
    s->spread = spread > 0 ? spread : DEFAULT_SPREAD;
    set_win_by_score(s);
}

void solver_set_guide(Solver *s, SolverGuide guide, void *context, int plies, uint64_t work)
{
    if (guide && !s->guide_memo && !(s->guide_memo = calloc(GUIDE_SLOTS, sizeof *s->guide_memo)))
        guide = NULL; /* no memory for it: unguided, which only costs time */
    s->guide = guide;
    s->guide_context = context;
    s->guide_plies = plies;
    s->guide_work = work;
}

void solver_destroy(Solver *s)
{
    if (!s)
        return;
    free(s->guide_memo);
    proof_table_destroy(s->table);
    region_cache_destroy(s->regions);
    endgame_table_destroy(s->endgames);
    free(s->frames);
    free(s);
}

void solver_clear(Solver *s)
{
    proof_table_clear(s->table);
    region_cache_clear(s->regions);
    endgame_table_clear(s->endgames);
    if (s->guide_memo)
        memset(s->guide_memo, 0, GUIDE_SLOTS * sizeof *s->guide_memo);
    s->width = s->height = 0;
}

void solver_stop(Solver *s) { __atomic_store_n(&s->stop, true, __ATOMIC_RELAXED); }

void solver_clear_stop(Solver *s) { __atomic_store_n(&s->stop, false, __ATOMIC_RELAXED); }

SolverStats solver_stats(const Solver *s)
{
    ProofTableStats t = proof_table_stats(s->table);
    RegionStats r = region_cache_stats(s->regions);
    EndgameStats e = endgame_table_stats(s->endgames);
    return (SolverStats){ t.lookups, t.hits, t.entries, t.used, s->race_checks, s->race_decided,
                          r.searches, r.nodes, r.hits, e.searches, e.decided, e.nodes, s->guide_calls };
}

/* Searches the child of frame `ply` to the end, so that its own frame is complete. */
static void settle_child(Solver *s, int ply, const Child *c)
{
    ProofValue v;
    bool aborted = s->aborted;
    s->aborted = false;
    mid(s, ply + 1, c, PN_INF, PN_INF, &v);
    s->aborted = aborted;
}

/* The child of a proven frame that proves it (parent's proof number 0), or -1. */
static int proving_child(const Frame *f)
{
    for (int i = 0; i < f->count; i++)
        if (parent_pn(f, &f->children[i]) == 0)
            return i;
    return -1;
}

/* The child whose refutation took the most search: the one that resists longest. */
static int toughest_child(Solver *s, const Frame *f)
{
    int best = 0;
    uint64_t most = 0;
    for (int i = 0; i < f->count; i++) {
        const Child *c = &f->children[i];
        ProofValue v;
        uint64_t work = !c->fixed && proof_table_lookup(s->table, &c->key, &v) ? v.work : 0;
        if (work > most) {
            most = work;
            best = i;
        }
    }
    return best;
}

/* The most promising child of an unproven frame (the first when none is). */
static int likeliest_child(Solver *s, Frame *f)
{
    int best = summarise(s, f, true).best;
    return best < 0 ? 0 : best;
}

/*
 * Picks the amazon move at ply 0 and the arrow at ply 1 for the result.  The
 * arrow of a won amazon move is found by searching that move again; when a
 * limit or a stop cuts that short (its proof may have left the table), the
 * answer falls back to UNKNOWN: a `win` always comes with a proven move.
 */
static void choose_result_move(Solver *s, SolveResult *r)
{
    Frame *root = &s->frames[0];
    if (root->count == 0)
        return;
    int i;
    if (r->outcome == SOLVE_WIN)
        i = proving_child(root);
    else if (r->outcome == SOLVE_LOSS)
        i = toughest_child(s, root);
    else
        i = likeliest_child(s, root);
    if (i < 0) { /* cannot happen for a proven root; stay sound if it does */
        r->outcome = SOLVE_UNKNOWN;
        i = likeliest_child(s, root);
    }
    Child *queen = &root->children[i];
    enter_child(s, root, queen);
    Frame *arrows = &s->frames[1];
    if (r->outcome == SOLVE_UNKNOWN) {
        ProofValue v;
        expand_frame(s, 1, NULL, &v); /* sorts the arrows; one that wins at once is all there is */
    } else {
        settle_child(s, 0, queen);
    }
    int j = -1;
    if (r->outcome == SOLVE_WIN) {
        j = proving_child(arrows);
        if (j < 0)
            r->outcome = SOLVE_UNKNOWN;
    }
    if (r->outcome == SOLVE_LOSS)
        j = toughest_child(s, arrows);
    else if (r->outcome == SOLVE_UNKNOWN)
        j = likeliest_child(s, arrows);
    r->move = (Move){ queen->a, queen->b, arrows->children[j].a };
    r->has_move = true;
    leave_child(s, root, queen);
}

/*
 * Decides the root as a state below it would be: no move, the race of
 * areas, the small fights, then fights up to FIGHT_SQUARES_ON_ENTRY.
 */
static bool decide_at_once(Solver *s, ProofValue *value)
{
    s->nodes++;
    if (!has_legal_move(&s->pos, s->pos.to_move)) {
        *value = (ProofValue){ PN_INF, 0, 1 };
        return true;
    }
    ProofKey key;
    s->race_checks++;
    RaceOutcome race = key_and_decide(s, &key);
    if (race != RACE_UNDECIDED) {
        s->race_decided++;
        *value = race == RACE_WIN ? (ProofValue){ 0, PN_INF, 1 } : (ProofValue){ PN_INF, 0, 1 };
        return true;
    }
    return settle_fights(s, value);
}

static SolveResult solve_oriented(Solver *s, const Position *pos, const SolveLimits *limits)
{
    if (s->width != pos->width || s->height != pos->height) {
        /* Entries do not name their board.  Fresh tables need no clearing (a costly memset). */
        if (s->width)
            solver_clear(s);
        s->width = pos->width;
        s->height = pos->height;
    }
    s->pos = *pos;
    s->pending = NO_SQUARE;
    s->nodes = 0;
    s->node_limit = limits->nodes;
    s->start = monotonic_seconds();
    deadline_start(&s->deadline, limits->seconds, &s->stop);
    s->next_report = s->start + REPORT_INTERVAL;
    s->verbose = limits->verbose;
    s->label = limits->label ? limits->label : "solve";
    s->checkpoint = limits->checkpoint;
    s->checkpoint_seconds = limits->checkpoint_seconds > 0 ? limits->checkpoint_seconds : 600;
    s->next_checkpoint = s->start + s->checkpoint_seconds;
    s->aborted = false;
    s->race_checks = s->race_decided = 0;
    s->guide_calls = 0;
    s->frames[0].count = 0;
    s->line[0] = s->line[1] = -1;
    s->replies_listed = false;

    ProofValue v;
    bool decided = limits->outcome_only && decide_at_once(s, &v);
    if (!decided) {
        /* Keyed as it was as a child of an earlier solve, so that its entry is found again. */
        Child root = { 0 };
        if (!endgame_key(pos, s->regions, REGION_BUDGET, &root.key))
            root.key = proof_key(pos, NO_SQUARE);
        mid(s, 0, &root, PN_INF, PN_INF, &v);
    }
    SolveResult r = { .outcome = v.pn == 0 ? SOLVE_WIN : v.dn == 0 ? SOLVE_LOSS : SOLVE_UNKNOWN,
                      .pn = v.pn, .dn = v.dn };
    /* A guess needs no more search; a proof may (RESULT_GRACE_SHARE). */
    if (r.outcome != SOLVE_UNKNOWN && limits->seconds > 0)
        deadline_extend(&s->deadline, RESULT_GRACE_SHARE * limits->seconds + RESULT_GRACE_SECONDS);
    if (!decided)
        choose_result_move(s, &r);
    r.nodes = s->nodes;
    r.seconds = monotonic_seconds() - s->start;
    if (s->verbose)
        report_progress(s, monotonic_seconds());
    if (s->checkpoint && r.outcome == SOLVE_UNKNOWN) {
        const char *error = solver_save(s, s->checkpoint);
        if (error)
            fprintf(stderr, "%s: checkpoint %s: %s\n", s->label, s->checkpoint, error);
    }
    s->checkpoint = NULL;
    __atomic_store_n(&s->stop, false, __ATOMIC_RELAXED);
    return r;
}

/*
 * With STRIDE 11, a board of 7 ranks or more reaches past bit 63, and its
 * fills, walks and fights take the two-word paths; turned a quarter, 4x7
 * becomes 7x4, whose every square lies below bit 40.  The game is the same
 * with files and ranks swapped, so such a board is solved transposed.
 */
static bool solve_transposed(int width, int height)
{
    return square_at(width - 1, height - 1) >= 64 && square_at(height - 1, width - 1) < 64;
}

SolveResult solver_solve(Solver *s, const Position *pos, const SolveLimits *limits)
{
    if (!solve_transposed(pos->width, pos->height))
        return solve_oriented(s, pos, limits);
    Position image;
    position_transpose(pos, &image);
    s->transposed = true;
    SolveResult r = solve_oriented(s, &image, limits);
    s->transposed = false;
    if (r.has_move)
        r.move = move_transposed(r.move);
    return r;
}

/* ---- checkpoints ---- */

/*
 * The file: CHECKPOINT_MAGIC, the width and height of the board the tables
 * hold (a byte each; a transposed board's, solve_transposed), then the
 * table's entries.
 */
#define CHECKPOINT_MAGIC "AMZSOLV1"
enum { CHECKPOINT_MAGIC_BYTES = 8 };

const char *solver_save(Solver *s, const char *path)
{
    if (!s->width)
        return "nothing to save: the solver has not solved anything";
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return "path too long";
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return strerror(errno);
    uint8_t shape[2] = { (uint8_t)s->width, (uint8_t)s->height };
    bool ok = fwrite(CHECKPOINT_MAGIC, 1, CHECKPOINT_MAGIC_BYTES, f) == CHECKPOINT_MAGIC_BYTES
           && fwrite(shape, 1, 2, f) == 2 && proof_table_save(s->table, f);
    ok &= fclose(f) == 0;
    const char *error = ok ? NULL : "cannot write it (disk full?)";
    if (!error && rename(tmp, path) != 0)
        error = strerror(errno);
    if (error)
        remove(tmp);
    return error;
}

const char *solver_load(Solver *s, const Position *board, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return strerror(errno);
    char magic[CHECKPOINT_MAGIC_BYTES];
    uint8_t shape[2];
    const char *error = NULL;
    bool transposed = solve_transposed(board->width, board->height); /* the shape its tables hold */
    if (fread(magic, 1, CHECKPOINT_MAGIC_BYTES, f) != CHECKPOINT_MAGIC_BYTES
        || memcmp(magic, CHECKPOINT_MAGIC, CHECKPOINT_MAGIC_BYTES) != 0 || fread(shape, 1, 2, f) != 2)
        error = "not a solver checkpoint";
    else if (shape[0] != (transposed ? board->height : board->width)
             || shape[1] != (transposed ? board->width : board->height))
        error = "saved for another board size";
    solver_clear(s);
    if (!error)
        error = proof_table_load(s->table, f);
    fclose(f);
    if (error) {
        solver_clear(s);
        return error;
    }
    s->width = shape[0];
    s->height = shape[1];
    return NULL;
}
