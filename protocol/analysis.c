/* analysis.c - live analysis commands (see analysis.h and PROTOCOL.md). */
#include "protocol/analysis.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/movegen.h"
#include "protocol/args.h"
#include "protocol/numbers.h"
#include "protocol/session.h"

enum {
    DEFAULT_INTERVAL_CS = 100,
    MAX_INTERVAL_CS = 360000,   /* an hour */
    DEFAULT_MAX_MOVES = 20,
    MAX_CANDIDATES = MAX_MOVES  /* every legal move at most */
};

/* How numbers are written: Leela Zero's integers times 10000, or floats. */
typedef enum { STYLE_PLAIN, STYLE_LEELA, STYLE_KATA } InfoStyle;

typedef struct {
    Color color;
    int interval_cs;
    int min_moves, max_moves;
    bool ownership;
} AnalysisArgs;

/* What one analysis batch needs: a running search and how to print it. */
typedef struct {
    Session *session;
    Reply *reply;
    const AnalysisArgs *args;
    InfoStyle style;
} Printer;

/* ---- arguments ---- */

static bool is_key(const char *word)
{
    static const char *const keys[] = { "interval", "minmoves", "maxmoves", "ownership" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcasecmp(word, keys[i]))
            return true;
    return false;
}

/* Applies one KEY VALUE pair; the key is one of is_key's. */
static bool parse_key(const char *key, const char *value, AnalysisArgs *a, Reply *reply)
{
    long n;
    if (!strcasecmp(key, "interval")) {
        if (!parse_long(value, 0, MAX_INTERVAL_CS, &n))
            return fail(reply, "syntax error: interval must be an integer from 0 to 360000 (centiseconds)");
        a->interval_cs = (int)n;
    } else if (!strcasecmp(key, "minmoves") || !strcasecmp(key, "maxmoves")) {
        if (!parse_long(value, 0, MAX_CANDIDATES, &n))
            return fail(reply, "syntax error: minmoves and maxmoves take an integer from 0 to 5040");
        *(tolower((unsigned char)key[1]) == 'i' ? &a->min_moves : &a->max_moves) = (int)n;
    } else {
        if (strcasecmp(value, "true") && strcasecmp(value, "false"))
            return fail(reply, "syntax error: ownership takes true or false");
        a->ownership = !strcasecmp(value, "true");
    }
    return true;
}

/*
 * [COLOR] [INTERVAL] [KEY VALUE ...]; the colour is required for the
 * genmove forms.  The colour defaults to the side to move.
 */
static bool parse_args(const Session *s, int argc, char **argv, bool need_color, AnalysisArgs *a,
                       Reply *reply)
{
    *a = (AnalysisArgs){ .color = s->game.pos.to_move, .interval_cs = DEFAULT_INTERVAL_CS,
                         .max_moves = DEFAULT_MAX_MOVES };
    int i = 0;
    if (i < argc && parse_color(argv[i], &a->color))
        i++;
    else if (need_color)
        return fail(reply, argc ? "syntax error: invalid color" : "syntax error: expected a color");
    long n;
    if (i < argc && parse_long(argv[i], 0, MAX_INTERVAL_CS, &n)) {
        a->interval_cs = (int)n;
        i++;
    }
    for (; i < argc; i += 2) {
        if (!is_key(argv[i])) {
            reply_printf(reply, "syntax error: unknown key '%s'", argv[i]);
            return false;
        }
        if (i + 1 == argc) {
            reply_printf(reply, "syntax error: key '%s' needs a value", argv[i]);
            return false;
        }
        if (!parse_key(argv[i], argv[i + 1], a, reply))
            return false;
    }
    if (a->max_moves < a->min_moves)
        a->max_moves = a->min_moves;
    return true;
}

/* ---- output ---- */

static void print_rate(Reply *reply, const char *key, double value, InfoStyle style)
{
    if (style == STYLE_LEELA)
        reply_printf(reply, " %s %d", key, (int)(value * 10000 + 0.5));
    else
        reply_printf(reply, " %s %.*f", key, style == STYLE_KATA ? 6 : 4, value);
}

static void print_candidate(Reply *line, const Candidate *c, int order, InfoStyle style)
{
    char text[MOVE_TEXT_MAX];
    move_to_text(c->move, text);
    reply_printf(line, "%sinfo move %s visits %u", order ? " " : "", text, c->visits);
    print_rate(line, "winrate", c->win_rate, style);
    print_rate(line, "prior", c->prior, style);
    print_rate(line, "lcb", c->lcb, style);
    reply_printf(line, " order %d pv", order);
    for (int i = 0; i < c->pv_length; i++) {
        move_to_text(c->pv[i], text);
        reply_printf(line, " %s", text);
    }
}

/* Rank N first, file a first: the order a board is read in. */
static void print_ownership(Reply *line, const Position *pos, const double owner[NUM_SQUARES],
                            InfoStyle style)
{
    reply_printf(line, " ownership");
    for (int rank = pos->height - 1; rank >= 0; rank--)
        for (int file = 0; file < pos->width; file++)
            reply_printf(line, " %.*f", style == STYLE_KATA ? 6 : 4, owner[square_at(file, rank)]);
}

/* One batch: a single line with every candidate (and ownership); none before the first playout. */
static void print_batch(void *arg)
{
    const Printer *p = arg;
    Search *search = p->session->search;
    Candidate *candidates = malloc((size_t)p->args->max_moves * sizeof *candidates);
    if (!candidates)
        return;
    int n = search_candidates(search, candidates, p->args->min_moves, p->args->max_moves);
    double owner[NUM_SQUARES];
    bool owned = p->args->ownership && search_ownership(search, owner);
    if (n > 0) {
        Reply line = { 0 };
        for (int i = 0; i < n; i++)
            print_candidate(&line, &candidates[i], i, p->style);
        if (owned) {
            Position pos = session_position_for(p->session, p->args->color);
            print_ownership(&line, &pos, owner, p->style);
        }
        reply_stream_printf(p->reply, "%s\n", line.text);
        free(line.text);
    }
    free(candidates);
}

/*
 * The solver's move, when it chose instead of the search: the search's tree
 * belongs to an earlier position then, so the batch is this one entry.  Its
 * visits are the solver's proof nodes, its win rate the proven result, and
 * it has no prior (the solver orders moves without the search's policy).
 */
static void print_solver_choice(const Printer *p, const MoveChoice *choice)
{
    Candidate c = {
        .move = choice->move,
        .visits = choice->solver_nodes < UINT32_MAX ? (uint32_t)choice->solver_nodes : UINT32_MAX,
        .win_rate = choice->win_rate,
        .lcb = choice->proven ? choice->win_rate : 0,
        .pv_length = 1,
        .pv = { choice->move },
    };
    Reply line = { 0 };
    print_candidate(&line, &c, 0, p->style);
    reply_stream_printf(p->reply, "%s\n", line.text);
    free(line.text);
}

/*
 * Seconds between batches.  Inline input (a whole session read from memory)
 * gets no timed output, which would differ from run to run: one batch at the
 * end of the search instead.
 */
static double batch_interval(const LineInput *input, const AnalysisArgs *args)
{
    return input && input_is_live(input) ? args->interval_cs / 100.0 : 0;
}

/* ---- analyze ---- */

static bool analyze(Session *s, int argc, char **argv, Reply *reply, InfoStyle style)
{
    AnalysisArgs args;
    if (!parse_args(s, argc, argv, false, &args, reply))
        return false;
    reply_stream_begin(reply);
    LineInput *input = reply->loop->input;
    Position pos = session_position_for(s, args.color);
    SearchLimits limits = session_analysis_limits(s, input, args.ownership);
    Printer printer = { s, reply, &args, style };
    LiveWatch watch = { .stop_on_line = true, .interval = batch_interval(input, &args),
                        .progress = print_batch, .arg = &printer };
    bool stopped = false;
    search_start(s->search, &pos, &limits);
    live_watch(s->search, input, &watch, &stopped);
    if (!stopped) {
        /* The search ended by itself (root proven, or inline input): show where it stands. */
        print_batch(&printer);
        if (input && input_is_live(input))
            for (uint64_t seen = input_events(input); !input_pending(input); )
                seen = input_wait(input, seen, 1e12);
    }
    return true;
}

bool cmd_analyze(void *ctx, int argc, char **argv, Reply *reply)
{
    return analyze(ctx, argc, argv, reply, STYLE_PLAIN);
}

bool cmd_lz_analyze(void *ctx, int argc, char **argv, Reply *reply)
{
    return analyze(ctx, argc, argv, reply, STYLE_LEELA);
}

bool cmd_kata_analyze(void *ctx, int argc, char **argv, Reply *reply)
{
    return analyze(ctx, argc, argv, reply, STYLE_KATA);
}

/* ---- genmove_analyze ---- */

static bool genmove_analyze(Session *s, int argc, char **argv, Reply *reply, InfoStyle style)
{
    AnalysisArgs args;
    if (!parse_args(s, argc, argv, true, &args, reply))
        return false;
    reply_stream_begin(reply);
    LineInput *input = reply->loop->input;
    Printer printer = { s, reply, &args, style };
    LiveWatch watch = { .interval = batch_interval(input, &args), .progress = print_batch, .arg = &printer,
                        .ownership = args.ownership };
    MoveChoice choice;
    char text[MOVE_TEXT_MAX] = "resign";
    if (session_choose_move(s, args.color, &choice, true, input, &watch)) {
        if (choice.source == CHOSEN_BY_SOLVER)
            print_solver_choice(&printer, &choice);
        else if (choice.source == CHOSEN_BY_SEARCH && !input_is_live(input))
            print_batch(&printer); /* inline input: the one batch, when the search is done */
        if (game_play(&s->game, args.color, choice.move))
            move_to_text(choice.move, text);
        else
            fprintf(stderr, "amazons: internal error: the search returned an illegal move\n");
    }
    reply_stream_printf(reply, "play %s\n", text);
    return true;
}

bool cmd_genmove_analyze(void *ctx, int argc, char **argv, Reply *reply)
{
    return genmove_analyze(ctx, argc, argv, reply, STYLE_PLAIN);
}

bool cmd_lz_genmove_analyze(void *ctx, int argc, char **argv, Reply *reply)
{
    return genmove_analyze(ctx, argc, argv, reply, STYLE_LEELA);
}

bool cmd_kata_genmove_analyze(void *ctx, int argc, char **argv, Reply *reply)
{
    return genmove_analyze(ctx, argc, argv, reply, STYLE_KATA);
}

/* ---- GoGui ---- */

bool cmd_gogui_analyze_commands(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    reply_printf(reply,
                 "string/Territory/territory\n"
                 "string/Score estimate/final_score\n"
                 "string/Board/showboard\n"
                 "string/Position text/get_position\n"
                 "string/Legal moves/legal_moves %%c\n"
                 "string/Move count/perft 1");
    return true;
}
