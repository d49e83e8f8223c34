/* results.c - game records as JSON lines: writing one, reading and checking a file of them. */
#include "match/results.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "match/json.h"
#include "protocol/numbers.h"

/* ---- writing ---- */

static void clock_json(JsonText *t, const TimeControl *tc)
{
    switch (tc->kind) {
    case TC_MOVE:
        json_raw(t, "{\"kind\":\"move\",\"seconds\":");
        json_double(t, tc->move_time);
        break;
    case TC_FISCHER:
        json_raw(t, "{\"kind\":\"fischer\",\"main\":");
        json_double(t, tc->main_time);
        json_raw(t, ",\"increment\":");
        json_double(t, tc->increment);
        break;
    case TC_CANADIAN:
        json_raw(t, "{\"kind\":\"canadian\",\"main\":");
        json_double(t, tc->main_time);
        json_raw(t, ",\"byo\":");
        json_double(t, tc->byo_time);
        json_raw(t, ",\"stones\":%d", tc->byo_stones);
        break;
    }
    json_raw(t, "}");
}

static void sprt_json(JsonText *t, const SprtConfig *sprt)
{
    if (!sprt->enabled) {
        json_raw(t, "null");
        return;
    }
    const double values[4] = { sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta };
    static const char *const keys[4] = { "elo0", "elo1", "alpha", "beta" };
    for (int i = 0; i < 4; i++) {
        json_raw(t, "%s\"%s\":", i ? "," : "{", keys[i]);
        json_double(t, values[i]);
    }
    json_raw(t, "}");
}

/* A square board as one number, as files before rectangular boards have it; else [columns, rows]. */
static void board_json(JsonText *t, BoardSize board)
{
    if (board.width == board.height)
        json_raw(t, "%d", board.width);
    else
        json_raw(t, "[%d,%d]", board.width, board.height);
}

static void settings_json(JsonText *t, const MatchSettings *m)
{
    const Schedule *s = &m->schedule;
    json_raw(t, "{\"size\":");
    board_json(t, m->config.board);
    json_raw(t, ",\"time\":");
    clock_json(t, &m->config.tc);
    json_raw(t, ",\"grace\":");
    json_double(t, m->config.grace);
    json_raw(t, ",\"schedule\":\"%s\",\"engines\":[", SCHEDULE_NAMES[s->kind]);
    for (int e = 0; e < s->engines; e++) {
        json_raw(t, e ? "," : "");
        json_string(t, s->name[e]);
    }
    json_raw(t, "],\"games_per_pairing\":%d,\"openings\":", s->games_per_pairing);
    if (s->openings)
        json_raw(t, "{\"count\":%d,\"hash\":\"%016llx\"}", s->openings, (unsigned long long)m->openings_hash);
    else
        json_raw(t, "null");
    json_raw(t, ",\"sprt\":");
    sprt_json(t, &m->sprt);
    json_raw(t, ",\"anchor\":");
    json_string(t, s->name[m->anchor]);
    json_raw(t, "}");
}

/* Seconds as whole milliseconds, the precision the tables sum. */
static void seconds_json(JsonText *t, double seconds)
{
    long long ms = seconds_to_millis(seconds);
    json_raw(t, "%lld.%03lld", ms / 1000, ms % 1000);
}

static void game_json(JsonText *t, const Game *game)
{
    char text[POSITION_TEXT_MAX];
    position_to_text(&game->start, text);
    json_raw(t, ",\"start\":");
    json_string(t, text);
    json_raw(t, ",\"moves\":[");
    for (int i = 0; i < game->length; i++) {
        char move[MOVE_TEXT_MAX];
        move_to_text(game->history[i].move, move);
        json_raw(t, "%s\"%s\"", i ? "," : "", move);
    }
    json_raw(t, "]");
}

char *result_line(const MatchSettings *m, const Opening *openings, const GameResult *r)
{
    const Schedule *s = &m->schedule;
    JsonText t = { 0 };
    json_raw(&t, "{\"game\":%d,\"white\":", r->index + 1);
    json_string(&t, s->name[r->engine[WHITE]]);
    json_raw(&t, ",\"black\":");
    json_string(&t, s->name[r->engine[BLACK]]);
    json_raw(&t, ",\"opening\":");
    if (r->opening >= 0) {
        json_raw(&t, "{\"index\":%d,\"text\":", r->opening);
        json_string(&t, openings[r->opening].text);
        json_raw(&t, "}");
    } else {
        json_raw(&t, "null");
    }
    char re[32];
    result_sgf_value(r, re, sizeof re);
    json_raw(&t, ",\"result\":\"%s\",\"winner\":\"%s\",\"winner_engine\":", re,
             r->winner == WHITE ? "white" : "black");
    json_string(&t, s->name[r->engine[r->winner]]);
    json_raw(&t, ",\"end\":\"%s\",\"reason\":", END_KIND_NAMES[r->kind]);
    json_string(&t, r->reason);
    json_raw(&t, ",\"score\":%d,\"plies\":%d,\"white_seconds\":", r->score, r->game.length);
    seconds_json(&t, r->seconds[WHITE]);
    json_raw(&t, ",\"black_seconds\":");
    seconds_json(&t, r->seconds[BLACK]);
    /* Games read from files written before moves were timed keep not saying. */
    if (r->longest[WHITE] >= 0 && r->longest[BLACK] >= 0) {
        json_raw(&t, ",\"white_longest\":");
        seconds_json(&t, r->longest[WHITE]);
        json_raw(&t, ",\"black_longest\":");
        seconds_json(&t, r->longest[BLACK]);
    }
    if (m->have_seed)
        json_raw(&t, ",\"seed\":%llu,\"date\":", m->seed);
    else
        json_raw(&t, ",\"seed\":null,\"date\":");
    json_string(&t, r->date);
    game_json(&t, &r->game);
    json_raw(&t, ",\"settings\":");
    settings_json(&t, m);
    json_raw(&t, "}\n");
    if (t.failed) {
        json_text_free(&t);
        return NULL;
    }
    return t.data;
}

/* ---- reading ---- */

typedef struct {
    char *text;
    size_t size;
} Err;

static bool bad(Err *err, const char *format, ...) __attribute__((format(printf, 2, 3)));
static bool bad(Err *err, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(err->text, err->size, format, args);
    va_end(args);
    return false;
}

static const JsonValue *member(const JsonValue *object, const char *key, JsonType type, Err *err)
{
    static const char *const TYPE_NAMES[] = { "null", "false", "true", "a number", "a string", "an array",
                                              "an object" };
    const JsonValue *v = json_get(object, key);
    if (!v) {
        bad(err, "\"%s\" is missing", key);
        return NULL;
    }
    if (v->type != type) {
        bad(err, "\"%s\" is not %s", key, TYPE_NAMES[type]);
        return NULL;
    }
    return v;
}

/* The member, or NULL when it is null; *ok false when it is neither null nor of `type`. */
static const JsonValue *optional(const JsonValue *object, const char *key, JsonType type, bool *ok, Err *err)
{
    const JsonValue *v = json_get(object, key);
    *ok = true;
    if (v && v->type == JSON_NULL)
        return NULL;
    v = member(object, key, type, err);
    *ok = v != NULL;
    return v;
}

static bool get_int(const JsonValue *object, const char *key, long min, long max, int *out, Err *err)
{
    const JsonValue *v = member(object, key, JSON_NUMBER, err);
    long x;
    if (!v)
        return false;
    if (!parse_long(v->text, min, max, &x))
        return bad(err, "\"%s\" is %s, not a whole number from %ld to %ld", key, v->text, min, max);
    *out = (int)x;
    return true;
}

static bool get_double(const JsonValue *object, const char *key, double min, double max, double *out, Err *err)
{
    const JsonValue *v = member(object, key, JSON_NUMBER, err);
    if (!v)
        return false;
    if (!(v->number >= min && v->number <= max))
        return bad(err, "\"%s\" is %s, not a number from %g to %g", key, v->text, min, max);
    *out = v->number;
    return true;
}

/* A number that files written before it existed lack: `missing` then. */
static bool get_optional_double(const JsonValue *object, const char *key, double min, double max,
                                double missing, double *out, Err *err)
{
    *out = missing;
    return !json_get(object, key) || get_double(object, key, min, max, out, err);
}

static bool get_text(const JsonValue *object, const char *key, size_t max_length, const char **out, Err *err)
{
    const JsonValue *v = member(object, key, JSON_STRING, err);
    if (!v)
        return false;
    if (strlen(v->text) > max_length)
        return bad(err, "\"%s\" is longer than %zu bytes", key, max_length);
    *out = v->text;
    return true;
}

/* Which of `names` the member "key" holds. */
static bool get_choice(const JsonValue *object, const char *key, const char *const *names, int count, int *out,
                       Err *err)
{
    const char *text;
    if (!get_text(object, key, 64, &text, err))
        return false;
    for (int i = 0; i < count; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = i;
            return true;
        }
    return bad(err, "\"%s\" is \"%s\", which is no known value", key, text);
}

/* "size": N for N x N, or [COLUMNS, ROWS]. */
static bool read_board(const JsonValue *v, BoardSize *board, Err *err)
{
    const JsonValue *size = json_get(v, "size");
    long sides[2];
    if (size && size->type == JSON_NUMBER) {
        if (!get_int(v, "size", BOARD_MIN, BOARD_MAX, &board->width, err))
            return false;
        board->height = board->width;
        return true;
    }
    if (!size || size->type != JSON_ARRAY)
        return bad(err, size ? "\"size\" is neither a number nor [columns, rows]" : "\"size\" is missing");
    if (size->count != 2)
        return bad(err, "\"size\" lists %d numbers, not 2 (columns, rows)", size->count);
    for (int i = 0; i < 2; i++)
        if (size->items[i].type != JSON_NUMBER || !parse_long(size->items[i].text, BOARD_MIN, BOARD_MAX, &sides[i]))
            return bad(err, "\"size\" is not two whole numbers from %d to %d", BOARD_MIN, BOARD_MAX);
    board->width = (int)sides[0];
    board->height = (int)sides[1];
    return true;
}

static bool read_clock(const JsonValue *v, TimeControl *tc, Err *err)
{
    static const char *const KINDS[] = { "move", "fischer", "canadian" };
    int kind = 0;
    if (!get_choice(v, "kind", KINDS, 3, &kind, err))
        return false;
    tc->kind = (TimeControlKind)kind;
    switch (tc->kind) {
    case TC_MOVE:
        return get_double(v, "seconds", 0.001, 1e6, &tc->move_time, err);
    case TC_FISCHER:
        return get_double(v, "main", 0.001, 1e6, &tc->main_time, err)
            && get_double(v, "increment", 0, 1e6, &tc->increment, err);
    case TC_CANADIAN:
        return get_double(v, "main", 0, 1e6, &tc->main_time, err) && get_double(v, "byo", 0.001, 1e6, &tc->byo_time, err)
            && get_int(v, "stones", 1, 100000, &tc->byo_stones, err);
    }
    return false;
}

static bool read_sprt(const JsonValue *v, SprtConfig *sprt, Err *err)
{
    sprt->enabled = true;
    return get_double(v, "elo0", -2000, 2000, &sprt->elo0, err) && get_double(v, "elo1", -2000, 2000, &sprt->elo1, err)
        && get_double(v, "alpha", 1e-9, 0.5, &sprt->alpha, err) && get_double(v, "beta", 1e-9, 0.5, &sprt->beta, err);
}

static bool read_engines(const JsonValue *v, Schedule *s, Err *err)
{
    const JsonValue *list = member(v, "engines", JSON_ARRAY, err);
    if (!list)
        return false;
    if (list->count < 2 || list->count > MAX_ENGINES)
        return bad(err, "\"engines\" lists %d engines, not 2 to %d", list->count, MAX_ENGINES);
    s->engines = list->count;
    for (int e = 0; e < s->engines; e++) {
        const JsonValue *name = &list->items[e];
        if (name->type != JSON_STRING || !*name->text || strlen(name->text) >= ENGINE_NAME_MAX)
            return bad(err, "engine %d of \"engines\" is no name", e + 1);
        if (schedule_find(s, name->text) >= 0 && schedule_find(s, name->text) < e)
            return bad(err, "\"engines\" names %s twice", name->text);
        snprintf(s->name[e], sizeof s->name[e], "%s", name->text);
    }
    return true;
}

static bool read_openings(const JsonValue *v, MatchSettings *m, Err *err)
{
    bool ok;
    const JsonValue *o = optional(v, "openings", JSON_OBJECT, &ok, err);
    if (!o)
        return ok;
    const char *hash;
    if (!get_int(o, "count", 1, MAX_GAMES, &m->schedule.openings, err) || !get_text(o, "hash", 16, &hash, err))
        return false;
    /* strtoull alone would also take blanks, a sign and "0x". */
    if (strlen(hash) != 16 || strspn(hash, "0123456789abcdefABCDEF") != 16)
        return bad(err, "the openings' \"hash\" is not 16 hexadecimal digits");
    m->openings_hash = strtoull(hash, NULL, 16);
    return true;
}

static bool read_settings(const JsonValue *line, MatchSettings *m, Err *err)
{
    memset(m, 0, sizeof *m);
    const JsonValue *v = member(line, "settings", JSON_OBJECT, err), *time, *seed, *sprt;
    const char *anchor;
    int kind = 0;
    bool ok;
    Schedule *s = &m->schedule;
    if (!v || !read_board(v, &m->config.board, err)
        || !(time = member(v, "time", JSON_OBJECT, err)) || !read_clock(time, &m->config.tc, err)
        || !get_double(v, "grace", 0, 60, &m->config.grace, err)
        || !get_choice(v, "schedule", SCHEDULE_NAMES, 3, &kind, err) || !read_engines(v, s, err)
        || !get_int(v, "games_per_pairing", 1, MAX_GAMES, &s->games_per_pairing, err)
        || !read_openings(v, m, err) || !get_text(v, "anchor", ENGINE_NAME_MAX, &anchor, err))
        return false;
    s->kind = (ScheduleKind)kind;
    if (s->kind == SCHEDULE_MATCH && s->engines != 2)
        return bad(err, "a match of %d engines", s->engines);
    if (!schedule_build(s))
        return bad(err, "the schedule has more than %d games", MAX_GAMES);
    if ((m->anchor = schedule_find(s, anchor)) < 0)
        return bad(err, "the anchor %s is none of the engines", anchor);
    if ((sprt = optional(v, "sprt", JSON_OBJECT, &ok, err)) && !read_sprt(sprt, &m->sprt, err))
        return false;
    if (!ok)
        return false;
    if ((seed = optional(line, "seed", JSON_NUMBER, &ok, err))) {
        if (!parse_u64(seed->text, ~0ULL, &m->seed))
            return bad(err, "\"seed\" is %s, not a whole number from 0 to 2^64-1", seed->text);
        m->have_seed = true;
    }
    return ok;
}

/* The opening member against the schedule. */
static bool read_opening(const JsonValue *line, const MatchSettings *m, int expected, Err *err)
{
    bool ok;
    const JsonValue *o = optional(line, "opening", JSON_OBJECT, &ok, err);
    const char *text;
    int index;
    if (!ok)
        return false;
    if (!o)
        return expected < 0 ? true : bad(err, "no opening, but the schedule has opening %d", expected);
    if (!get_int(o, "index", 0, MAX_GAMES, &index, err) || !get_text(o, "text", 4096, &text, err))
        return false;
    if (m->schedule.openings == 0)
        return bad(err, "an opening in a match without openings");
    if (index != expected)
        return bad(err, "opening %d, but the schedule has opening %d", index, expected);
    return true;
}

/* The start position and the moves, replayed under the rules. */
static bool read_moves(const JsonValue *line, BoardSize board, Game *game, Err *err)
{
    const char *start;
    const JsonValue *moves = member(line, "moves", JSON_ARRAY, err);
    Position pos;
    int plies;
    if (!moves || !get_text(line, "start", POSITION_TEXT_MAX, &start, err) || !get_int(line, "plies", 0, MAX_GAME_MOVES, &plies, err))
        return false;
    const char *message = position_from_text(&pos, start);
    if (message)
        return bad(err, "bad start position: %s", message);
    if (pos.width != board.width || pos.height != board.height)
        return bad(err, "a start position of size %dx%d in a match of size %dx%d", pos.width, pos.height,
                   board.width, board.height);
    if (moves->count != plies)
        return bad(err, "\"plies\" is %d, but %d moves are listed", plies, moves->count);
    game_set_position(game, &pos);
    for (int i = 0; i < moves->count; i++) {
        const JsonValue *text = &moves->items[i];
        Move move;
        if (text->type != JSON_STRING || !move_from_text(text->text, board.width, board.height, &move))
            return bad(err, "move %d is no move", i + 1);
        if (!game_play(game, game->pos.to_move, move))
            return bad(err, "move %d (%s) is illegal", i + 1, text->text);
    }
    return true;
}

/* Whether the ending fields agree with each other and with the final position. */
static bool check_ending(const JsonValue *line, const GameResult *r, Err *err)
{
    const char *result;
    char expected[32];
    if (!get_text(line, "result", 31, &result, err))
        return false;
    result_sgf_value(r, expected, sizeof expected);
    if (strcmp(result, expected) != 0)
        return bad(err, "\"result\" is %s, but winner, end and score make %s", result, expected);
    if (r->kind != END_NO_MOVES)
        return r->score == 0 ? true : bad(err, "\"score\" is %d, but only a game without a legal move has one", r->score);
    const Position *pos = &r->game.pos;
    if (has_legal_move(pos, pos->to_move) || pos->to_move == r->winner)
        return bad(err, "the game ended with no legal move, but not for the loser");
    if (r->score != reachable_empty_squares(pos, r->winner))
        return bad(err, "\"score\" %d is not the winner's %d reachable squares", r->score,
                   reachable_empty_squares(pos, r->winner));
    return true;
}

static bool read_players(const JsonValue *line, const MatchSettings *m, GameResult *r, Err *err)
{
    static const char *const COLORS[2] = { "white", "black" };
    const Schedule *s = &m->schedule;
    const char *name;
    int winner = 0;
    for (int c = 0; c < 2; c++) {
        if (!get_text(line, COLORS[c], ENGINE_NAME_MAX, &name, err))
            return false;
        if (strcmp(name, s->name[r->engine[c]]) != 0)
            return bad(err, "%s is %s, but the schedule has %s for game %d", COLORS[c], name,
                       s->name[r->engine[c]], r->index + 1);
    }
    if (!get_choice(line, "winner", COLORS, 2, &winner, err) || !get_text(line, "winner_engine", ENGINE_NAME_MAX, &name, err))
        return false;
    r->winner = (Color)winner;
    if (strcmp(name, s->name[r->engine[winner]]) != 0)
        return bad(err, "\"winner_engine\" is %s, but %s played %s", name, s->name[r->engine[winner]], COLORS[winner]);
    return true;
}

static bool read_game(const JsonValue *line, const MatchSettings *m, GameResult *r, Err *err)
{
    int number, kind = 0;
    const char *reason, *date;
    memset(r, 0, sizeof *r);
    if (!get_int(line, "game", 1, m->schedule.total, &number, err))
        return false;
    ScheduledGame g = schedule_game(&m->schedule, number - 1);
    r->index = number - 1;
    r->engine[WHITE] = g.engine[WHITE];
    r->engine[BLACK] = g.engine[BLACK];
    r->opening = g.opening;
    if (!read_players(line, m, r, err) || !read_opening(line, m, g.opening, err)
        || !read_moves(line, m->config.board, &r->game, err)
        || !get_choice(line, "end", END_KIND_NAMES, END_ABORTED, &kind, err)
        || !get_int(line, "score", 0, BOARD_MAX * BOARD_MAX, &r->score, err)
        || !get_text(line, "reason", REASON_MAX - 1, &reason, err)
        || !get_text(line, "date", sizeof r->date - 1, &date, err)
        || !get_double(line, "white_seconds", 0, 1e9, &r->seconds[WHITE], err)
        || !get_double(line, "black_seconds", 0, 1e9, &r->seconds[BLACK], err)
        || !get_optional_double(line, "white_longest", 0, 1e9, -1, &r->longest[WHITE], err)
        || !get_optional_double(line, "black_longest", 0, 1e9, -1, &r->longest[BLACK], err))
        return false;
    r->kind = (EndKind)kind;
    snprintf(r->reason, sizeof r->reason, "%s", reason);
    snprintf(r->date, sizeof r->date, "%s", date);
    return check_ending(line, r, err);
}

/* One line: its settings against the check, then the game. */
static bool read_line(const char *text, const char *where, ResultsCheck *check, GameResult *r, Err *err)
{
    char parse_error[256], diff[1024];
    JsonValue *line = json_parse(text, parse_error, sizeof parse_error);
    if (!line)
        return bad(err, "not JSON: %s", parse_error);
    MatchSettings *settings = malloc(sizeof *settings);
    bool ok = settings != NULL;
    if (!ok)
        bad(err, "out of memory");
    else if (line->type != JSON_OBJECT)
        ok = bad(err, "not a JSON object");
    else
        ok = read_settings(line, settings, err);
    if (ok && check->known && settings_differ(settings, &check->settings, diff, sizeof diff))
        ok = bad(err, "the settings differ from %s: %s", check->origin, diff);
    if (ok && !check->known) {
        check->settings = *settings;
        check->known = true;
        snprintf(check->origin, sizeof check->origin, "%s", where);
    }
    if (ok)
        ok = read_game(line, &check->settings, r, err);
    free(settings);
    json_free(line);
    return ok;
}

/* Whether data[0..size) is one whole line to parse: its newline at the end, and nothing else odd. */
static bool whole_line(const char *data, size_t size, Err *err)
{
    if (size == 0 || data[size - 1] != '\n')
        return bad(err, "incomplete line (no newline at its end): a run writing it was cut off? "
                        "Remove the line to go on");
    if (memchr(data, '\0', size - 1))
        return bad(err, "a NUL byte in the line");
    if (memchr(data, '\n', size - 1))
        return bad(err, "more than one line");
    if (size == 1)
        return bad(err, "empty line");
    return true;
}

bool results_parse_line(const char *data, size_t size, const char *where, ResultsCheck *check,
                        GameResult *result, char *error, size_t error_size)
{
    Err err = { error, error_size };
    if (!whole_line(data, size, &err))
        return false;
    char *text = strndup(data, size - 1);
    if (!text)
        return bad(&err, "out of memory");
    bool ok = read_line(text, where, check, result, &err);
    free(text);
    return ok;
}

bool results_read(const char *path, bool missing_ok, ResultsCheck *check, ResultFn fn, void *context,
                  char *error, size_t error_size)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        if (missing_ok && errno == ENOENT)
            return true;
        snprintf(error, error_size, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    GameResult *r = malloc(sizeof *r);
    char *text = NULL, message[1536], where[512];
    size_t capacity = 0;
    Err err = { message, sizeof message };
    bool ok = r != NULL;
    if (!ok) {
        snprintf(where, sizeof where, "%s", path);
        bad(&err, "out of memory");
    }
    ssize_t length;
    for (int number = 1; ok && (length = getline(&text, &capacity, file)) >= 0; number++) {
        snprintf(where, sizeof where, "%s:%d", path, number);
        ok = results_parse_line(text, (size_t)length, where, check, r, message, sizeof message)
          && fn(context, r, message, sizeof message);
    }
    if (ok && ferror(file)) {
        snprintf(where, sizeof where, "%s", path);
        ok = bad(&err, "cannot read it: %s", strerror(errno));
    }
    if (!ok)
        snprintf(error, error_size, "%s: %s", where, message);
    free(text);
    free(r);
    fclose(file);
    return ok;
}
