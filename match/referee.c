/* referee.c - the game loop: engine setup, the clock, genmove / play, and fault judging. */
#include "match/referee.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "engine/movegen.h"
#include "match/launch.h"
#include "protocol/numbers.h"

const char *const END_KIND_NAMES[END_KINDS] = {
    "no legal move", "resign", "illegal", "crash", "timeout", "refused", "overrun", "malformed", "aborted",
};

/* ---- the clock ---- */

typedef struct {
    double left;      /* seconds left in main time, or in the current byo-yomi period */
    int stones_left;  /* moves left in the byo-yomi period; 0 while in main time */
} SideClock;

static void clock_start(const TimeControl *tc, SideClock *c)
{
    c->left = tc->kind == TC_MOVE ? tc->move_time : tc->main_time;
    c->stones_left = 0;
    if (tc->kind == TC_CANADIAN && tc->main_time <= 0) {
        c->left = tc->byo_time;
        c->stones_left = tc->byo_stones;
    }
}

/* The most this move may take (before the grace). */
static double clock_limit(const TimeControl *tc, const SideClock *c)
{
    switch (tc->kind) {
    case TC_MOVE:
        return tc->move_time;
    case TC_FISCHER:
        return c->left;
    case TC_CANADIAN:
        /* Main time running out mid-move flows into the first byo-yomi period. */
        return c->stones_left > 0 ? c->left : c->left + tc->byo_time;
    }
    return 0;
}

/* Charges a move that stayed within clock_limit + grace. */
static void clock_charge(const TimeControl *tc, SideClock *c, double elapsed)
{
    switch (tc->kind) {
    case TC_MOVE:
        return;
    case TC_FISCHER:
        c->left -= elapsed;
        if (c->left < 0)
            c->left = 0; /* within the grace */
        c->left += tc->increment;
        return;
    case TC_CANADIAN:
        c->left -= elapsed;
        if (c->stones_left == 0) {
            if (c->left >= 0)
                return;
            c->left += tc->byo_time; /* into byo-yomi: this move is the period's first */
            c->stones_left = tc->byo_stones;
        }
        if (--c->stones_left <= 0) {
            c->left = tc->byo_time; /* period done in time: a fresh one */
            c->stones_left = tc->byo_stones;
        }
        if (c->left < 0)
            c->left = 0;
        return;
    }
}

static void time_settings_command(const TimeControl *tc, char *line, size_t size)
{
    switch (tc->kind) {
    case TC_MOVE: /* one move per period of move_time, no main time */
        snprintf(line, size, "time_settings 0 %.10g 1", tc->move_time);
        break;
    case TC_FISCHER: /* absolute time; the increments arrive through time_left */
        snprintf(line, size, "time_settings %.10g 0 0", tc->main_time);
        break;
    case TC_CANADIAN:
        snprintf(line, size, "time_settings %.10g %.10g %d", tc->main_time, tc->byo_time, tc->byo_stones);
        break;
    }
}

static void time_left_command(const TimeControl *tc, const SideClock *c, Color color,
                              char *line, size_t size)
{
    const char *name = color == WHITE ? "white" : "black";
    if (tc->kind == TC_MOVE)
        snprintf(line, size, "time_left %s %.3f 1", name, tc->move_time);
    else
        snprintf(line, size, "time_left %s %.3f %d", name, c->left, c->stones_left);
}

/* MAIN/BYO/STONES, the text after the slashes given: no slash can be part of a number. */
static bool parse_canadian(const char *main_time, const char *byo, const char *stones, TimeControl *tc)
{
    long n;
    if (!parse_double(main_time, 0, 1e6, &tc->main_time) || !parse_double(byo, 0.001, 1e6, &tc->byo_time)
        || !parse_long(stones, 1, 100000, &n))
        return false;
    tc->kind = TC_CANADIAN;
    tc->byo_stones = (int)n;
    return true;
}

/* The '+' between MAIN and INC: not a sign, so neither the first character nor after an exponent's e. */
static char *fischer_plus(char *spec)
{
    for (char *p = *spec ? strchr(spec + 1, '+') : NULL; p; p = strchr(p + 1, '+'))
        if (p[-1] != 'e' && p[-1] != 'E')
            return p;
    return NULL;
}

bool time_control_parse(const char *spec, TimeControl *tc)
{
    char *copy = strdup(spec), *plus, *slash, *second;
    TimeControl parsed = *tc;
    bool ok = false;
    if (!copy)
        return false;
    if ((slash = strchr(copy, '/'))) {
        if ((second = strchr(slash + 1, '/'))) {
            *slash = *second = '\0';
            ok = parse_canadian(copy, slash + 1, second + 1, &parsed);
        }
    } else if ((plus = fischer_plus(copy))) {
        *plus = '\0';
        parsed.kind = TC_FISCHER;
        ok = parse_double(copy, 0.001, 1e6, &parsed.main_time) && parse_double(plus + 1, 0, 1e6, &parsed.increment);
    }
    free(copy);
    if (ok)
        *tc = parsed;
    return ok;
}

void time_control_text(const TimeControl *tc, char *text, size_t size)
{
    switch (tc->kind) {
    case TC_MOVE:
        snprintf(text, size, "%gs/move", tc->move_time);
        break;
    case TC_FISCHER:
        snprintf(text, size, "%g+%g", tc->main_time, tc->increment);
        break;
    case TC_CANADIAN:
        snprintf(text, size, "%g/%g/%d", tc->main_time, tc->byo_time, tc->byo_stones);
        break;
    }
}

void time_control_sgf(const TimeControl *tc, char *tm, size_t tm_size, char *ot, size_t ot_size)
{
    switch (tc->kind) {
    case TC_MOVE:
        snprintf(tm, tm_size, "0");
        snprintf(ot, ot_size, "%g seconds per move", tc->move_time);
        break;
    case TC_FISCHER:
        snprintf(tm, tm_size, "%g", tc->main_time);
        snprintf(ot, ot_size, "%g fischer", tc->increment);
        break;
    case TC_CANADIAN:
        snprintf(tm, tm_size, "%g", tc->main_time);
        snprintf(ot, ot_size, "%d/%g canadian", tc->byo_stones, tc->byo_time);
        break;
    }
}

void result_sgf_value(const GameResult *r, char *text, size_t size)
{
    char winner = r->winner == WHITE ? 'W' : 'B';
    switch (r->kind) {
    case END_NO_MOVES:
        snprintf(text, size, "%c+%d", winner, r->score);
        break;
    case END_RESIGN:
        snprintf(text, size, "%c+Resign", winner);
        break;
    case END_TIMEOUT:
    case END_OVERRUN:
        snprintf(text, size, "%c+Time", winner);
        break;
    case END_ABORTED:
        snprintf(text, size, "Void");
        break;
    default:
        snprintf(text, size, "%c+Forfeit", winner);
        break;
    }
}

/* ---- a game ---- */

typedef struct {
    const MatchConfig *config;
    const Player *players;  /* by colour */
    GameResult *result;
    char answer[ENGINE_ANSWER_MAX];
} Referee;

static const char *color_name(Color c) { return c == WHITE ? "White" : "Black"; }

/* Ends the game, lost by the side `loser`. */
static void end_game(Referee *ref, Color loser, EndKind kind, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void end_game(Referee *ref, Color loser, EndKind kind, const char *format, ...)
{
    GameResult *r = ref->result;
    r->kind = kind;
    r->winner = color_other(loser);
    int n = snprintf(r->reason, sizeof r->reason, "%s (%s) ", ref->players[loser].name, color_name(loser));
    if (n < 0 || (size_t)n >= sizeof r->reason)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(r->reason + n, sizeof r->reason - (size_t)n, format, args);
    va_end(args);
}

/* Makes a printable copy of an answer for a reason text. */
static const char *shown(const char *answer)
{
    return *answer ? answer : "(empty)";
}

/*
 * Judges a failed exchange with the engine playing `side` that was answering
 * `what`.  Returns false (game over) unless the status is GTP_OK.  `ERROR`
 * answers count as `error_kind`.
 */
static bool judge(Referee *ref, Color side, GtpStatus status, const char *what, EndKind error_kind)
{
    EngineProc *e = ref->players[side].proc;
    char how[128];
    switch (status) {
    case GTP_OK:
        return true;
    case GTP_ERROR:
        end_game(ref, side, error_kind, "refused %s: ? %s", what, shown(ref->answer));
        return false;
    case GTP_EOF:
        engine_describe_end(e, how, sizeof how);
        end_game(ref, side, END_CRASH, "crashed during %s: %s", what, how);
        engine_kill(e);
        return false;
    case GTP_TIMEOUT:
        end_game(ref, side, END_TIMEOUT, "did not answer %s in time (hung)", what);
        engine_kill(e);
        return false;
    case GTP_MALFORMED: /* its output cannot be framed any more: the process is no use */
        end_game(ref, side, END_MALFORMED, "sent a malformed reply to %s: %s", what, ref->answer);
        engine_kill(e);
        return false;
    case GTP_STOPPED:
        ref->result->kind = END_ABORTED;
        snprintf(ref->result->reason, sizeof ref->result->reason, "match stopped");
        return false;
    }
    return false;
}

static bool command(Referee *ref, Color side, const char *line)
{
    GtpStatus status = engine_command(ref->players[side].proc, line,
                                      monotonic_seconds() + ref->config->command_timeout, ref->answer, NULL);
    char what[96];
    snprintf(what, sizeof what, "'%.80s'", line);
    return judge(ref, side, status, what, END_REFUSED);
}

/* Starts the engine anew (its last process died or was killed); false when the game cannot go on. */
static bool restart(Referee *ref, Color side)
{
    const Player *player = &ref->players[side];
    GameResult *r = ref->result;
    char name[ENGINE_ANSWER_MAX], why[256];
    engine_kill(player->proc); /* reaps a dead one */
    LaunchStatus status = engine_launch(player->proc, player->command, ref->config, name, why, sizeof why);
    if (status == LAUNCH_OK)
        return true;
    r->kind = END_ABORTED;
    r->start_failed = status == LAUNCH_FAILED ? 1 + r->engine[side] : 0;
    snprintf(r->reason, sizeof r->reason, "%s", status == LAUNCH_FAILED ? why : "match stopped");
    return false;
}

/* Starts the engine if needed and sets it up for the game. */
static bool setup_engine(Referee *ref, Color side, const Opening *opening)
{
    const MatchConfig *config = ref->config;
    EngineProc *e = ref->players[side].proc;
    if (!engine_alive(e) && !restart(ref, side))
        return false;
    char line[256];
    if (config->board.width == config->board.height) /* the one-number form every GTP engine knows */
        snprintf(line, sizeof line, "boardsize %d", config->board.width);
    else
        snprintf(line, sizeof line, "boardsize %d %d", config->board.width, config->board.height);
    if (!command(ref, side, line) || !command(ref, side, "clear_board"))
        return false;
    if (opening->set_position) {
        char text[POSITION_TEXT_MAX];
        position_to_text(&opening->game.start, text);
        snprintf(line, sizeof line, "set_position %s", text);
        if (!command(ref, side, line))
            return false;
    }
    for (int i = 0; i < opening->game.length; i++) {
        const GameRecord *rec = &opening->game.history[i];
        char move[MOVE_TEXT_MAX];
        move_to_text(rec->move, move);
        snprintf(line, sizeof line, "play %s %s", rec->mover == WHITE ? "white" : "black", move);
        if (!command(ref, side, line))
            return false;
    }
    time_settings_command(&config->tc, line, sizeof line);
    return command(ref, side, line);
}

/* Lower-cases and trims an answer in place. */
static char *normalize(char *answer)
{
    while (*answer == ' ')
        answer++;
    for (char *p = answer; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return answer;
}

/* One move by the side to move; false when the game is over. */
static bool play_move(Referee *ref, SideClock clocks[2])
{
    const MatchConfig *config = ref->config;
    GameResult *r = ref->result;
    Game *game = &r->game;
    Color c = game->pos.to_move, other = color_other(c);
    if (!has_legal_move(&game->pos, c)) {
        r->kind = END_NO_MOVES;
        r->winner = other;
        r->score = reachable_empty_squares(&game->pos, r->winner);
        snprintf(r->reason, sizeof r->reason, "%s (%s) has no legal move", ref->players[c].name, color_name(c));
        return false;
    }
    char line[128];
    time_left_command(&config->tc, &clocks[c], c, line, sizeof line);
    if (!command(ref, c, line))
        return false;

    double limit = clock_limit(&config->tc, &clocks[c]);
    double sent_at = monotonic_seconds();
    snprintf(line, sizeof line, "genmove %s", c == WHITE ? "white" : "black");
    GtpStatus status = engine_command(ref->players[c].proc, line,
                                      sent_at + limit + config->grace + config->hang, ref->answer, &sent_at);
    double elapsed = monotonic_seconds() - sent_at;
    r->seconds[c] += elapsed;
    if (elapsed > r->longest[c])
        r->longest[c] = elapsed;
    if (status == GTP_ERROR) {
        end_game(ref, c, END_ILLEGAL, "answered genmove with an error: ? %s", shown(ref->answer));
        return false;
    }
    if (!judge(ref, c, status, "genmove", END_ILLEGAL))
        return false;
    if (elapsed > limit + config->grace) {
        end_game(ref, c, END_OVERRUN, "overran its time: %.3f s for a move with %.3f s left (grace %.3f s)",
                 elapsed, limit, config->grace);
        return false;
    }
    char *answer = normalize(ref->answer);
    if (strcmp(answer, "resign") == 0) {
        r->kind = END_RESIGN;
        r->winner = other;
        snprintf(r->reason, sizeof r->reason, "%s (%s) resigned", ref->players[c].name, color_name(c));
        return false;
    }
    Move m;
    if (!move_from_text(answer, game->pos.width, game->pos.height, &m)) {
        end_game(ref, c, END_ILLEGAL, "answered genmove with a malformed move: '%.100s'", answer);
        return false;
    }
    char move[MOVE_TEXT_MAX];
    move_to_text(m, move);
    if (!game_play(game, c, m)) {
        end_game(ref, c, END_ILLEGAL, "played an illegal move: %s", move);
        return false;
    }
    clock_charge(&config->tc, &clocks[c], elapsed);

    snprintf(line, sizeof line, "play %s %s", c == WHITE ? "white" : "black", move);
    status = engine_command(ref->players[other].proc, line, monotonic_seconds() + config->command_timeout,
                            ref->answer, NULL);
    char what[64];
    snprintf(what, sizeof what, "the legal move %s", move);
    return judge(ref, other, status, what, END_REFUSED);
}

void referee_play(const MatchConfig *config, const Player players[2], const Opening *opening,
                  GameResult *result)
{
    int index = result->index, engine[2] = { result->engine[WHITE], result->engine[BLACK] };
    int opening_index = result->opening;
    memset(result, 0, sizeof *result);
    result->index = index;
    result->engine[WHITE] = engine[WHITE];
    result->engine[BLACK] = engine[BLACK];
    result->opening = opening_index;
    result->game = opening->game;
    time_t now = time(NULL);
    struct tm local;
    localtime_r(&now, &local);
    strftime(result->date, sizeof result->date, "%Y-%m-%d", &local);

    Referee ref = { .config = config, .players = players, .result = result };
    SideClock clocks[2];
    clock_start(&config->tc, &clocks[WHITE]);
    clock_start(&config->tc, &clocks[BLACK]);
    if (setup_engine(&ref, WHITE, opening) && setup_engine(&ref, BLACK, opening))
        while (play_move(&ref, clocks))
            ;
    if (result->kind == END_ABORTED) {
        engine_kill(players[WHITE].proc); /* mid-command: neither can be trusted */
        engine_kill(players[BLACK].proc);
    }
}
