/*
 * referee.h - one game between two engine processes, refereed move by move
 * with the project's own rules (engine/game.h), under the runner's clock.
 */
#ifndef AMAZONS_MATCH_REFEREE_H
#define AMAZONS_MATCH_REFEREE_H

#include <stdbool.h>

#include "engine/game.h"
#include "match/board_size.h"
#include "match/engine_proc.h"

typedef enum {
    TC_MOVE,      /* a fixed limit per move */
    TC_FISCHER,   /* main time plus an increment per move */
    TC_CANADIAN,  /* main time, then BYO seconds for every STONES moves */
} TimeControlKind;

typedef struct {
    TimeControlKind kind;
    double move_time;  /* TC_MOVE */
    double main_time;  /* TC_FISCHER, TC_CANADIAN */
    double increment;  /* TC_FISCHER */
    double byo_time;   /* TC_CANADIAN */
    int byo_stones;    /* TC_CANADIAN */
} TimeControl;

enum { ENGINE_NAME_MAX = 64 };

/* What every game of a match shares. */
typedef struct {
    BoardSize board;
    TimeControl tc;
    double grace;           /* seconds tolerated past the time limit */
    double hang;            /* further seconds before a silent engine counts as hung */
    double command_timeout; /* seconds for an answer to anything but genmove */
    double quit_timeout;    /* seconds for an engine to exit after quit */
    bool discard_stderr;
} MatchConfig;

/* One side of a game: an engine and the process that runs it. */
typedef struct {
    const char *name;
    const char *command;    /* /bin/sh -c command line, to start the process if needed */
    EngineProc *proc;
} Player;

/* An opening: a start position plus moves to play from it. */
typedef struct {
    Game game;
    bool set_position;      /* send set_position (else clear_board) before the moves */
    char *text;             /* the line it was read from, trimmed */
} Opening;

/* How a game ended.  Everything from END_ILLEGAL on is a fault of the loser. */
typedef enum {
    END_NO_MOVES,   /* the side to move had no legal move */
    END_RESIGN,
    END_ILLEGAL,    /* illegal or malformed move, or an error answer to genmove */
    END_CRASH,      /* the engine's process ended */
    END_TIMEOUT,    /* no answer by the deadline: the engine hung */
    END_REFUSED,    /* a legal move or a setup command was refused with '?' */
    END_OVERRUN,    /* answered, but after its time (and the grace) ran out */
    END_MALFORMED,  /* a reply that is no GTP reply at all (match/gtp_reply.h) */
    END_ABORTED,    /* the match was stopped; the game does not count */
    END_KINDS
} EndKind;

extern const char *const END_KIND_NAMES[END_KINDS];

enum { REASON_MAX = 512 };

typedef struct {
    int index;              /* game number, from 0 */
    int engine[2];          /* by colour: the engines' numbers in the schedule */
    int opening;            /* index into the openings, -1 for the start position */
    Game game;
    Color winner;
    EndKind kind;
    int score;              /* END_NO_MOVES: the winner's reachable empty squares */
    char reason[REASON_MAX];
    char date[16];          /* YYYY-MM-DD, local time at the start */
    double seconds[2];      /* thinking time used, by colour */
    double longest[2];      /* the longest genmove, by colour, as the referee timed it; -1 unknown */
    int start_failed;       /* 0, or 1 + the engine that could not start: END_ABORTED, the reason says why */
} GameResult;

static inline bool end_is_fault(EndKind kind) { return kind >= END_ILLEGAL && kind < END_ABORTED; }

/*
 * Plays one game from `opening` between players[WHITE] and players[BLACK],
 * filling in everything of *result but index, engine and opening.  Engines
 * that are not running are started first (match/launch.h); one that cannot
 * start aborts the game with start_failed set and why in the reason.  Engines that hung or died
 * are killed and left stopped (the next game starts them again).
 */
void referee_play(const MatchConfig *config, const Player players[2], const Opening *opening,
                  GameResult *result);

/* The SGF RE value for a result: "W+12", "B+Resign", "W+Time", "B+Forfeit". */
void result_sgf_value(const GameResult *r, char *text, size_t size);

/* TM and OT values describing the time control. */
void time_control_sgf(const TimeControl *tc, char *tm, size_t tm_size, char *ot, size_t ot_size);

/*
 * --time's forms: "MAIN+INC" (Fischer) or "MAIN/BYO/STONES" (Canadian), the
 * numbers as parse_double and parse_long take them (signs and exponents
 * included); false, changing nothing, for anything else.
 */
bool time_control_parse(const char *spec, TimeControl *tc);

/* A human-readable time control, e.g. "1s/move", "60+0.5", "300/30/10". */
void time_control_text(const TimeControl *tc, char *text, size_t size);

#endif
