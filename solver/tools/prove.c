/*
 * prove.c - amazons-prove: proves a position with the exact solver and
 * writes the winner's strategy as a proof file (solver/proof_writer.h),
 * which amazons-check-proof verifies with nothing but the rules.
 *
 * A proof too big for one run splits into jobs: --replies lists the moves
 * of the position, each job proves the position after one of them, and
 * --merge joins the jobs' proof files into the proof of the position
 * (docs/solver.md, "Proofs in pieces").  A job whose proof file is already
 * complete is not run again, so a killed batch resumes where it stopped;
 * with --checkpoint, a killed job resumes its solve too.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/deadline.h"
#include "engine/move_check.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "match/board_size.h"
#include "solver/portfolio.h"
#include "solver/proof_writer.h"
#include "solver/tools/proof_merge.h"
#include "solver/tools/search_guide.h"
#include "solver/solver.h"

/* Leaves of 8 contested squares take the checker milliseconds and cut proofs manyfold. */
enum { DEFAULT_LEAF_SQUARES = 8 };
/* --guide-plies: states ask the tree search after this much work, which looks this far. */
enum { DEFAULT_GUIDE_WORK = 30000, DEFAULT_GUIDE_PLAYOUTS = 2000 };

typedef struct {
    Position pos;
    size_t memory_mb;
    SolveLimits limits;
    const char *proof_path;
    const char *checkpoint_path;
    int leaf_squares;
    int threads;         /* solvers at once: 1, or a portfolio (portfolio.h) */
    double guide_seconds; /* --guide: the tree search's look before the solve; 0: none */
    int guide_plies;      /* --guide-plies: the tree search asked in hard states; 0: never */
    uint64_t guide_work, guide_playouts;
    long job;            /* prove the position after the job-th move (1-based); 0: the position */
    bool list_replies, merge, quiet;
} Options;

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: amazons-prove [OPTION]... [--proof FILE]\n"
        "       amazons-prove [OPTION]... --replies\n"
        "       amazons-prove [OPTION]... --merge --proof FILE PART...\n"
        "Proves who wins a position with the exact solver (docs/solver.md).\n"
        "\n"
        "  --size N|CxR         the start position of that board (default 10)\n"
        "  --position TEXT      this position instead (\"BOARD SIDE\", PROTOCOL.md §3)\n"
        "  --moves \"M1 M2...\"   moves played from there first\n"
        "  --job N              then the Nth move of --replies' list too (an array\n"
        "                       task's number: one job per reply)\n"
        "  --memory MB          the solver's tables (default 1024)\n"
        "  --seconds S          give up after S seconds (default: no limit)\n"
        "  --nodes N            give up after N nodes (default: no limit; per solver)\n"
        "  --threads N          N solvers at once, one thread each, searching in\n"
        "                       different orders; the first proof stops the others.\n"
        "                       They share --memory (default 1)\n"
        "  --guide S            first prove the move the tree search prefers after\n"
        "                       S seconds (with --threads threads); the position\n"
        "                       itself only if that move loses\n"
        "  --guide-plies N      in the first N plies (two a move), a state that has\n"
        "                       taken --guide-work nodes (default 30000) in one\n"
        "                       visit asks the tree search which move to try\n"
        "                       first, after --guide-playouts playouts (default\n"
        "                       2000)\n"
        "  --proof FILE         write the winner's strategy there; a complete FILE\n"
        "                       is not proved again\n"
        "  --leaves N           stop the strategy where the contested areas have at\n"
        "                       most N empty squares: the checker searches those\n"
        "                       itself (default 8)\n"
        "  --replies            list the position's moves, one a line, and stop\n"
        "  --merge              join proofs of the positions after the position's\n"
        "                       moves (PART...) into the proof of the position\n"
        "  --checkpoint FILE    save the solve's progress there every\n"
        "                       --checkpoint-every seconds (default 600) and when it\n"
        "                       stops undecided; start from FILE when it exists\n"
        "                       (with --threads, solver K>1 uses FILE.K)\n"
        "  --quiet              no progress lines on stderr\n"
        "\n"
        "Prints \"win MOVE\", \"loss\" or \"unknown\" for the side to move, with nodes\n"
        "and seconds; exit status 0 when proven, 1 when unknown, 2 on errors.\n");
}

static int fail(const char *what, const char *why)
{
    fprintf(stderr, "amazons-prove: %s: %s\n", what, why);
    return 2;
}

/* Plays the moves of `text` on pos; NULL, or why one cannot be played. */
static const char *play_moves(Position *pos, const char *text, char *why, size_t why_size)
{
    char *copy = strdup(text);
    if (!copy)
        return "out of memory";
    const char *error = NULL;
    for (char *save = NULL, *word = strtok_r(copy, " \t,", &save); word && !error;
         word = strtok_r(NULL, " \t,", &save)) {
        Move m;
        char reason[128];
        if (!move_from_text(word, pos->width, pos->height, &m))
            snprintf(why, why_size, "%s is not a move on this board", word), error = why;
        else if (illegal_move_reason(pos, pos->to_move, m, reason))
            snprintf(why, why_size, "%s: %s", word, reason), error = why;
        else
            position_make(pos, m);
    }
    free(copy);
    return error;
}

static int parse_options(int argc, char **argv, Options *o)
{
    enum { OPT_SIZE = 256, OPT_POSITION, OPT_MOVES, OPT_MEMORY, OPT_SECONDS, OPT_NODES, OPT_PROOF, OPT_LEAVES, OPT_JOB,
           OPT_REPLIES, OPT_MERGE, OPT_QUIET, OPT_CHECKPOINT, OPT_CHECKPOINT_EVERY, OPT_THREADS, OPT_GUIDE,
           OPT_GUIDE_PLIES, OPT_GUIDE_WORK, OPT_GUIDE_PLAYOUTS, OPT_HELP };
    static const struct option longs[] = {
        { "size", required_argument, 0, OPT_SIZE }, { "position", required_argument, 0, OPT_POSITION },
        { "moves", required_argument, 0, OPT_MOVES }, { "memory", required_argument, 0, OPT_MEMORY },
        { "seconds", required_argument, 0, OPT_SECONDS }, { "nodes", required_argument, 0, OPT_NODES },
        { "proof", required_argument, 0, OPT_PROOF }, { "leaves", required_argument, 0, OPT_LEAVES },
        { "replies", no_argument, 0, OPT_REPLIES }, { "job", required_argument, 0, OPT_JOB },
        { "merge", no_argument, 0, OPT_MERGE }, { "quiet", no_argument, 0, OPT_QUIET },
        { "checkpoint", required_argument, 0, OPT_CHECKPOINT },
        { "checkpoint-every", required_argument, 0, OPT_CHECKPOINT_EVERY },
        { "threads", required_argument, 0, OPT_THREADS }, { "guide", required_argument, 0, OPT_GUIDE },
        { "guide-plies", required_argument, 0, OPT_GUIDE_PLIES },
        { "guide-work", required_argument, 0, OPT_GUIDE_WORK },
        { "guide-playouts", required_argument, 0, OPT_GUIDE_PLAYOUTS },
        { "help", no_argument, 0, OPT_HELP }, { 0, 0, 0, 0 }
    };
    *o = (Options){ .memory_mb = 1024, .leaf_squares = DEFAULT_LEAF_SQUARES, .threads = 1,
                    .guide_work = DEFAULT_GUIDE_WORK, .guide_playouts = DEFAULT_GUIDE_PLAYOUTS };
    position_start(&o->pos, DEFAULT_SIZE, DEFAULT_SIZE);
    const char *moves = NULL;
    int opt;
    while ((opt = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        char *end;
        errno = 0;
        switch (opt) {
        case OPT_SIZE: {
            BoardSize size;
            if (!board_size_parse(optarg, &size))
                return fail(optarg, "not a board size (N or CxR, sides 4 to 10)");
            position_start(&o->pos, size.width, size.height);
            break;
        }
        case OPT_POSITION: {
            const char *why = position_from_text(&o->pos, optarg);
            if (why)
                return fail(optarg, why);
            break;
        }
        case OPT_MOVES: moves = optarg; break;
        case OPT_MEMORY: {
            unsigned long long mb = strtoull(optarg, &end, 10);
            if (errno || *end || mb < 1 || mb > (1ull << 20))
                return fail(optarg, "--memory takes megabytes from 1 to 1048576");
            o->memory_mb = (size_t)mb;
            break;
        }
        case OPT_SECONDS:
            o->limits.seconds = strtod(optarg, &end);
            if (errno || *end || !(o->limits.seconds > 0))
                return fail(optarg, "--seconds takes a positive number");
            break;
        case OPT_NODES:
            o->limits.nodes = strtoull(optarg, &end, 10);
            if (errno || *end || !o->limits.nodes)
                return fail(optarg, "--nodes takes a positive whole number");
            break;
        case OPT_PROOF: o->proof_path = optarg; break;
        case OPT_LEAVES: {
            long n = strtol(optarg, &end, 10);
            if (errno || *end || n < 0 || n > 100)
                return fail(optarg, "--leaves takes a number of squares from 0 to 100");
            o->leaf_squares = (int)n;
            break;
        }
        case OPT_REPLIES: o->list_replies = true; break;
        case OPT_JOB:
            o->job = strtol(optarg, &end, 10);
            if (errno || *end || o->job < 1)
                return fail(optarg, "--job takes a move's number from 1 (as --replies lists them)");
            break;
        case OPT_MERGE: o->merge = true; break;
        case OPT_QUIET: o->quiet = true; break;
        case OPT_CHECKPOINT: o->limits.checkpoint = optarg; break;
        case OPT_CHECKPOINT_EVERY:
            o->limits.checkpoint_seconds = strtod(optarg, &end);
            if (errno || *end || !(o->limits.checkpoint_seconds > 0))
                return fail(optarg, "--checkpoint-every takes a positive number of seconds");
            break;
        case OPT_THREADS: {
            long n = strtol(optarg, &end, 10);
            if (errno || *end || n < 1 || n > PORTFOLIO_MAX)
                return fail(optarg, "--threads takes a number of solvers from 1 to 8");
            o->threads = (int)n;
            break;
        }
        case OPT_GUIDE:
            o->guide_seconds = strtod(optarg, &end);
            if (errno || *end || !(o->guide_seconds > 0) || o->guide_seconds > 86400)
                return fail(optarg, "--guide takes seconds, more than 0 and at most 86400");
            break;
        case OPT_GUIDE_PLIES: {
            long n = strtol(optarg, &end, 10);
            if (errno || *end || n < 1 || n > 200)
                return fail(optarg, "--guide-plies takes a number of plies from 1 to 200");
            o->guide_plies = (int)n;
            break;
        }
        case OPT_GUIDE_WORK:
        case OPT_GUIDE_PLAYOUTS: {
            unsigned long long n = strtoull(optarg, &end, 10);
            if (errno || *end || n < 1 || optarg[0] == '-')
                return fail(optarg, opt == OPT_GUIDE_WORK ? "--guide-work takes a number of nodes from 1"
                                                          : "--guide-playouts takes a number from 1");
            *(opt == OPT_GUIDE_WORK ? &o->guide_work : &o->guide_playouts) = n;
            break;
        }
        case OPT_HELP: usage(stdout); exit(0);
        default: usage(stderr); return 2;
        }
    }
    if (moves) {
        char why[256];
        const char *error = play_moves(&o->pos, moves, why, sizeof why);
        if (error)
            return fail("--moves", error);
    }
    if (o->job) {
        MoveList *list = malloc(sizeof *list);
        if (!list)
            return fail("--job", "out of memory");
        generate_moves(&o->pos, o->pos.to_move, list);
        int count = list->count;
        if (o->job <= count)
            position_make(&o->pos, list->moves[o->job - 1]);
        free(list);
        if (o->job > count) {
            char why[64];
            snprintf(why, sizeof why, "the position has only %d moves", count);
            return fail("--job", why);
        }
    }
    if (o->guide_seconds > 0 && o->limits.seconds > 0 && o->guide_seconds >= o->limits.seconds)
        return fail("--guide", "leaves no time within --seconds to prove anything");
    if (o->merge && !o->proof_path)
        return fail("--merge", "needs --proof FILE for the joined proof");
    if (!o->merge && optind < argc)
        return fail(argv[optind], "PART files go with --merge only");
    o->limits.verbose = !o->quiet;
    return -1;
}

/* The answer on stdout; a portfolio's also names the solver that proved it. */
static void print_result(const Position *pos, const SolveResult *r, int threads, int winner)
{
    char move[MOVE_TEXT_MAX] = "";
    if (r->has_move)
        move_to_text(r->move, move);
    if (r->outcome == SOLVE_WIN)
        printf("win %s", move);
    else
        printf(r->outcome == SOLVE_LOSS ? "loss" : "unknown");
    printf(" (%s to move), %llu nodes, %.2f s", color_text(pos->to_move),
           (unsigned long long)r->nodes, r->seconds);
    if (threads > 1 && winner >= 0)
        printf(", by solver %d of %d (spread %g)", winner + 1, threads, portfolio_spread(winner));
    printf("\n");
}

/* Each solver's own answer, on stderr. */
static void report_members(Portfolio *portfolio)
{
    for (int k = 0; k < portfolio_members(portfolio); k++) {
        SolveResult r = portfolio_member_result(portfolio, k);
        uint64_t asked = solver_stats(portfolio_solver(portfolio, k)).guide_calls;
        fprintf(stderr, "amazons-prove: solver %d (spread %g): %s, %llu nodes, %.2f s", k + 1,
                portfolio_spread(k),
                r.outcome == SOLVE_WIN ? "win" : r.outcome == SOLVE_LOSS ? "loss" : "unknown",
                (unsigned long long)r.nodes, r.seconds);
        if (asked)
            fprintf(stderr, ", the tree search asked %llu times", (unsigned long long)asked);
        fprintf(stderr, "\n");
    }
}

/*
 * Solver k's checkpoint file: --checkpoint's for the first, FILE.K for the
 * others.  Each solver resumes from its own when it exists.  Returns -1, or
 * an exit status when a file cannot be used.
 */
static int load_checkpoints(const Options *o, Portfolio *portfolio, char paths[][4096],
                            const char **checkpoints)
{
    if (!o->limits.checkpoint)
        return -1;
    for (int k = 0; k < portfolio_members(portfolio); k++) {
        if (k == 0)
            snprintf(paths[k], sizeof paths[k], "%s", o->limits.checkpoint);
        else
            snprintf(paths[k], sizeof paths[k], "%s.%d", o->limits.checkpoint, k + 1);
        checkpoints[k] = paths[k];
        if (access(paths[k], F_OK) != 0)
            continue;
        const char *error = solver_load(portfolio_solver(portfolio, k), &o->pos, paths[k]);
        if (error)
            return fail(paths[k], error);
        if (!o->quiet)
            fprintf(stderr, "amazons-prove: resuming from %s\n", paths[k]);
    }
    return -1;
}

/* --merge: the proof of the position from PART files. */
static int merge(const Options *o, char *const *parts, int count)
{
    unsigned long long entries;
    const char *where, *error = proof_merge(&o->pos, o->proof_path, parts, count, &entries, &where);
    if (error)
        return fail(where, error);
    printf("merged %d proofs, %llu entries\n", count, entries);
    return 0;
}

/* Writes the proof to PATH.tmp and renames it once complete, so a kill never leaves a partial PATH. */
static int write_proof(const Options *o, Solver *solver, Color winner)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", o->proof_path);
    FILE *out = fopen(tmp, "w");
    if (!out)
        return fail(tmp, strerror(errno));
    SolveLimits limits = o->limits;
    limits.verbose = false;
    limits.checkpoint = NULL; /* the position is proven: nothing left to resume */
    ProofWriteStats stats;
    const char *error = proof_write(solver, &o->pos, winner, o->leaf_squares, &limits, out, &stats);
    if (fclose(out) != 0 && !error)
        error = strerror(errno);
    if (!error && rename(tmp, o->proof_path) != 0)
        error = strerror(errno);
    if (error) {
        remove(tmp);
        return fail(o->proof_path, error);
    }
    printf("proof: %llu entries, %llu positions, %llu leaves, %llu without a move, %llu moves into a leaf, "
           "%llu solver nodes, %.2f s\n",
           (unsigned long long)stats.entries, (unsigned long long)stats.positions,
           (unsigned long long)stats.leaves, (unsigned long long)stats.stuck, (unsigned long long)stats.closed,
           (unsigned long long)stats.solver_nodes, stats.seconds);
    return 0;
}

/* The answer for o->pos, its time counted from `started`; 1 when unknown, else 0. */
static int report(const Options *o, Portfolio *portfolio, SolveResult *r, int winner, double started)
{
    r->seconds = monotonic_seconds() - started;
    print_result(&o->pos, r, o->threads, winner);
    if (!o->quiet && (o->threads > 1 || o->guide_plies))
        report_members(portfolio);
    return r->outcome == SOLVE_UNKNOWN ? 1 : 0;
}

/* Proves o->pos; reports the answer and writes the proof. */
static int prove(const Options *o, Portfolio *portfolio, const char *const *checkpoints, double started)
{
    int winner;
    SolveResult r = portfolio_solve(portfolio, &o->pos, &o->limits, checkpoints, &winner);
    if (report(o, portfolio, &r, winner, started))
        return 1;
    if (!o->proof_path)
        return 0;
    Color winner_color = r.outcome == SOLVE_WIN ? o->pos.to_move : color_other(o->pos.to_move);
    return write_proof(o, portfolio_solver(portfolio, winner), winner_color);
}

/*
 * The limits left to a solve `started` seconds ago, after the nodes the
 * portfolio's members have searched; false when nothing is left.
 */
static bool limits_left(const Options *o, const Portfolio *portfolio, double started, SolveLimits *left)
{
    *left = o->limits;
    if (o->limits.seconds > 0) {
        left->seconds = o->limits.seconds - (monotonic_seconds() - started);
        if (left->seconds <= 0)
            return false;
    }
    if (o->limits.nodes) {
        uint64_t most = 0;
        for (int k = 0; k < portfolio_members(portfolio); k++) {
            uint64_t nodes = portfolio_member_result(portfolio, k).nodes;
            most = nodes > most ? nodes : most;
        }
        if (most >= o->limits.nodes)
            return false;
        left->nodes = o->limits.nodes - most;
    }
    return true;
}

/*
 * --guide: the tree search looks at the position first, and the solvers
 * prove the position after its move.  A long proof's time goes mostly to
 * the winner's moves that fail, and a search that plays lines out sees
 * further than the solver's initial numbers (docs/solver.md, "Guided
 * proofs").  When the opponent loses there, that is the proof: the move,
 * and the strategy below it.  When the opponent wins, the position is
 * proved as without --guide, with what is left of the limits and the
 * tables the try filled.
 */
static int prove_guided(const Options *o, Portfolio *portfolio, const char *const *checkpoints, double started)
{
    Move move;
    int found = search_guide_move(&o->pos, o->guide_seconds, o->threads, &move);
    if (found < 0)
        return fail("--guide", "no memory for the tree search");
    if (found == 0)
        return prove(o, portfolio, checkpoints, started); /* no move: lost as it stands */
    char text[MOVE_TEXT_MAX];
    move_to_text(move, text);
    if (!o->quiet)
        fprintf(stderr, "amazons-prove: --guide: proving %s first\n", text);
    Options tried = *o;
    position_make(&tried.pos, move);
    int winner = -1;
    SolveResult r = { .outcome = SOLVE_UNKNOWN };
    if (limits_left(o, portfolio, started, &tried.limits))
        r = portfolio_solve(portfolio, &tried.pos, &tried.limits, checkpoints, &winner);
    if (r.outcome == SOLVE_WIN) {
        Options rest = *o;
        if (!o->quiet)
            fprintf(stderr, "amazons-prove: --guide: %s loses; proving the position\n", text);
        if (limits_left(o, portfolio, started, &rest.limits))
            return prove(&rest, portfolio, checkpoints, started);
        winner = -1;
    }
    /* Answers for the position: a win by the move, or unknown. */
    r.outcome = r.outcome == SOLVE_LOSS ? SOLVE_WIN : SOLVE_UNKNOWN;
    r.has_move = true;
    r.move = move;
    if (report(o, portfolio, &r, winner, started))
        return 1;
    if (!o->proof_path)
        return 0;
    /* The strategy below the move, then the move on top of it (as --merge joins a job's). */
    char part[4096];
    snprintf(part, sizeof part, "%s.guided", o->proof_path);
    tried.proof_path = part;
    int status = write_proof(&tried, portfolio_solver(portfolio, winner), o->pos.to_move);
    if (status == 0) {
        unsigned long long entries;
        const char *where, *error = proof_merge(&o->pos, o->proof_path, (char *const[]){ part }, 1,
                                                &entries, &where);
        if (error)
            status = fail(where, error);
    }
    remove(part);
    return status;
}

int main(int argc, char **argv)
{
    Options o;
    int status = parse_options(argc, argv, &o);
    if (status >= 0)
        return status;
    if (o.list_replies) {
        MoveList *list = malloc(sizeof *list);
        if (!list)
            return fail("--replies", "out of memory");
        generate_moves(&o.pos, o.pos.to_move, list);
        for (int i = 0; i < list->count; i++) {
            char move[MOVE_TEXT_MAX];
            move_to_text(list->moves[i], move);
            printf("%s\n", move);
        }
        free(list);
        return 0;
    }
    if (o.merge)
        return merge(&o, argv + optind, argc - optind);
    if (o.proof_path && proof_file_complete(o.proof_path)) {
        printf("proved before: %s is complete\n", o.proof_path);
        return 0;
    }
    Portfolio *portfolio = portfolio_create(o.threads, o.memory_mb << 20);
    if (!portfolio)
        return fail("--memory", "cannot have that much memory");
    char paths[PORTFOLIO_MAX][4096];
    const char *checkpoints[PORTFOLIO_MAX] = { NULL };
    status = load_checkpoints(&o, portfolio, paths, checkpoints);
    if (status >= 0) {
        portfolio_destroy(portfolio);
        return status;
    }
    StateGuides *guides = NULL;
    if (o.guide_plies
        && !(guides = state_guides_attach(portfolio, o.guide_plies, o.guide_work, o.guide_playouts)))
        status = fail("--guide-plies", "no memory for the tree search");
    else {
        double started = monotonic_seconds();
        status = o.guide_seconds > 0 ? prove_guided(&o, portfolio, checkpoints, started)
                                     : prove(&o, portfolio, checkpoints, started);
    }
    fflush(stdout);
    state_guides_destroy(guides);
    portfolio_destroy(portfolio);
    return status;
}
