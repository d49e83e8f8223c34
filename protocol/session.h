/*
 * session.h - everything one protocol session holds: the game, the clock,
 * the search, and the options given on the command line.
 */
#ifndef AMAZONS_SESSION_H
#define AMAZONS_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/game.h"
#include "protocol/gtp.h"
#include "protocol/live.h"
#include "search/rng.h"
#include "search/handover.h"
#include "search/search.h"
#include "search/timeman.h"

/* Which player answers genmove: the search, or a reference opponent for matches. */
typedef enum { PLAYER_MCTS, PLAYER_GREEDY, PLAYER_RANDOM } PlayerKind;

typedef struct {
    PlayerKind player;
    double move_time;      /* seconds per move when no clock is set */
    double move_overhead;  /* seconds held back for the controller's latency, or MOVE_OVERHEAD_AUTO */
    uint64_t playouts;     /* iteration cap per move; 0 = time only */
    double resign_below;   /* resign when the win estimate stays below; < 0 = never */
    bool ponder;           /* search on between commands once the engine has moved */
    SearchConfig search;
} SessionOptions;

typedef struct {
    Game game;
    Clock clock;
    Search *search;
    SessionOptions options;
    int low_estimates[2];  /* per colour: consecutive moves with the estimate under resign_below */
    Rng rng;               /* for the reference players */
    bool ponder_armed;     /* the engine has played a genmove in this game */
    bool pondering;        /* a ponder search was started and not yet waited for */
    Position ponder_pos;   /* the position it searches */
    bool ponder_exhausted; /* it ended by itself there (memory full, result proven) */
    HandOver handover;     /* genmove's hand-over to the exact solver */
} Session;

void session_default_options(SessionOptions *options);

/* Returns false when the search cannot be created (bad options, no memory). */
bool session_init(Session *session, const SessionOptions *options);
void session_free(Session *session);

/* A new game or position: fresh tree, fresh clocks, no resign history. */
void session_restart(Session *session);

/* The game position with colour c to move (GTP lets either colour move). */
Position session_position_for(const Session *session, Color c);

/* Who chose a move: callers that report on the choice (genmove_analyze) need to know. */
typedef enum { CHOSEN_BY_SEARCH, CHOSEN_BY_SOLVER, CHOSEN_BY_PLAYER } ChoiceSource;

typedef struct {
    Move move;
    ChoiceSource source;  /* PLAYER: the greedy or random reference player */
    double win_rate;      /* for c: the search's estimate, the solver's 1 / 0 / 0.5, a player's 0.5 */
    bool proven;          /* the solver proved win_rate (1 or 0) */
    uint64_t solver_nodes; /* the proof nodes behind a CHOSEN_BY_SOLVER move */
} MoveChoice;

/*
 * Chooses a move for c with the configured player; false means c resigns
 * (no legal move, or the estimate stayed hopeless).  Only a move that will
 * be played (`commit`) is charged to the clock and counts towards
 * resigning, so reg_genmove leaves the session as it was.  While the search
 * runs, `input` (may be NULL) is watched for "# interrupt", which ends the
 * search with the best move so far, and `watch` (may be NULL) adds progress
 * output.  The exact solver may
 * choose the move first (search/handover.h); the search does not run then,
 * so its tree and candidates are not this move's.
 */
bool session_choose_move(Session *session, Color c, MoveChoice *choice, bool commit,
                         LineInput *input, const LiveWatch *watch);

/*
 * Limits of an analysis search: until stopped when the input is live;
 * inline input cannot stop it, so there it runs the playout cap (or
 * ANALYSIS_INLINE_PLAYOUTS without one).
 */
enum { ANALYSIS_INLINE_PLAYOUTS = 1000 };
SearchLimits session_analysis_limits(const Session *session, const LineInput *input, bool ownership);

/*
 * Pondering, as the command loop's background work (GtpLoop.idle and
 * .exclusive, context a Session).  With --ponder, once the engine has played
 * a move in this game, the game position is searched between commands and
 * during those that leave the search alone; when a command changes the
 * position, the search moves on to the new one (reusing the tree) without
 * delaying the reply.  It stops for good in a position once the tree memory
 * is full or the result is proven, and when the game is over.  Pondering
 * never touches the clock.
 */
bool session_ponder(GtpLoop *loop);
void session_stop_pondering(GtpLoop *loop);

/* The command table, terminated by a NULL name. */
extern const Command SESSION_COMMANDS[];

#endif
