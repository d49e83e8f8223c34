/*
 * commands.c - the protocol commands.  Each handler parses and checks its
 * arguments completely before it changes anything, so an error leaves the
 * session as it was; the work itself is done by the session, engine, eval
 * and search modules.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "engine/movegen.h"
#include "engine/move_check.h"
#include "records/sgf.h"
#include "eval/eval.h"
#include "protocol/analysis.h"
#include "protocol/args.h"
#include "protocol/numbers.h"
#include "protocol/session.h"
#include "protocol/solving.h"
#include "protocol/version.h"

/* ---- argument parsing ---- */

/* A score as GTP writes it: "W+N" or "B+N" for the side ahead by N >= 0. */
static void format_score(Color ahead, int n, char text[16])
{
    snprintf(text, 16, "%c+%d", ahead == WHITE ? 'W' : 'B', n);
}

/* The result of a finished game (winner and the empty squares it still reaches); false while it goes on. */
static bool game_result(const Game *game, char text[16])
{
    if (!game_is_over(game))
        return false;
    Color winner = color_other(game->pos.to_move);
    format_score(winner, reachable_empty_squares(&game->pos, winner), text);
    return true;
}

/* ---- administrative commands ---- */

static bool cmd_protocol_version(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    reply_printf(reply, "2");
    return true;
}

static bool cmd_name(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    reply_printf(reply, "%s", ENGINE_NAME);
    return true;
}

static bool cmd_version(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    reply_printf(reply, "%s", ENGINE_VERSION);
    return true;
}

static bool cmd_known_command(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx;
    if (!need_args(argc, 1, reply))
        return false;
    bool known = false;
    for (const Command *c = SESSION_COMMANDS; c->name; c++)
        known |= strcmp(c->name, argv[0]) == 0;
    reply_printf(reply, "%s", known ? "true" : "false");
    return true;
}

static bool cmd_list_commands(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    for (const Command *c = SESSION_COMMANDS; c->name; c++)
        reply_printf(reply, "%s%s", c->name, c[1].name ? "\n" : "");
    return true;
}

/* The loop itself stops after a successful `quit` (see gtp.c). */
static bool cmd_quit(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    return need_args(argc, 0, reply);
}

/*
 * GoGui sends "# interrupt" to stop a command only to engines that list
 * this command; the line itself is handled by the input reader (input.h).
 */
static bool cmd_gogui_interrupt(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    return need_args(argc, 0, reply);
}

/* ---- game setup ---- */

static bool cmd_boardsize(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    long width, height;
    if (argc < 1 || argc > 2)
        return fail(reply, "syntax error: boardsize N or boardsize COLUMNS ROWS");
    if (!parse_long(argv[0], LONG_MIN, LONG_MAX, &width)
        || !parse_long(argv[argc - 1], LONG_MIN, LONG_MAX, &height))
        return fail(reply, "syntax error: boardsize needs an integer");
    if (width < BOARD_MIN || width > BOARD_MAX || height < BOARD_MIN || height > BOARD_MAX)
        return fail(reply, "unacceptable size: boards are 4 to 10 by 4 to 10");
    game_new(&s->game, (int)width, (int)height);
    session_restart(s);
    return true;
}

static bool cmd_clear_board(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    game_new(&s->game, s->game.pos.width, s->game.pos.height);
    session_restart(s);
    return true;
}

static bool cmd_komi(void *ctx, int argc, char **argv, Reply *reply)
{
    double komi;
    (void)ctx;
    if (!need_args(argc, 1, reply))
        return false;
    if (!parse_double(argv[0], -HUGE_VAL, HUGE_VAL, &komi))
        return fail(reply, "syntax error: komi needs a number");
    return true; /* Amazons has no komi: accepted for controllers, ignored */
}

static bool cmd_set_position(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    if (!need_args(argc, 2, reply))
        return false;
    char text[2 * POSITION_TEXT_MAX];
    size_t board_length = strlen(argv[0]), side_length = strlen(argv[1]);
    if (board_length + side_length + 2 > sizeof text)
        return fail(reply, "invalid position: text too long");
    memcpy(text, argv[0], board_length);
    text[board_length] = ' ';
    memcpy(text + board_length + 1, argv[1], side_length + 1);
    Position pos;
    const char *error = position_from_text(&pos, text);
    if (error) {
        reply_printf(reply, "invalid position: %s", error);
        return false;
    }
    game_set_position(&s->game, &pos);
    session_restart(s);
    return true;
}

static bool cmd_get_position(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    char text[POSITION_TEXT_MAX];
    position_to_text(&s->game.pos, text);
    reply_printf(reply, "%s", text);
    return true;
}

/* ---- game records ---- */

static bool cmd_loadsgf(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    long move_number = 0;
    if (argc < 1 || argc > 2)
        return fail(reply, "syntax error: loadsgf FILE [MOVE_NUMBER]");
    if (argc == 2 && !parse_long(argv[1], 1, MAX_GAME_MOVES + 1, &move_number))
        return fail(reply, "syntax error: move number must be an integer from 1 to 101");
    Game *game = malloc(sizeof *game);
    if (!game)
        return fail(reply, "cannot load file: out of memory");
    const char *error = sgf_load_file(argv[0], (int)move_number, game, NULL);
    if (error) {
        reply_printf(reply, "cannot load file: %s", error);
        free(game);
        return false;
    }
    s->game = *game;
    free(game);
    session_restart(s);
    return true;
}

static bool cmd_printsgf(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    if (argc > 1)
        return fail(reply, "syntax error: printsgf [FILE]");
    SgfInfo info;
    sgf_info_clear(&info);
    game_result(&s->game, info.result);
    char *text = sgf_write(&s->game, &info);
    if (!text)
        return fail(reply, "cannot write file: out of memory");
    bool ok = true;
    if (argc == 0) {
        reply_printf(reply, "%s", text);
    } else {
        FILE *f = fopen(argv[0], "w");
        ok = f && fputs(text, f) >= 0;
        ok = (f && fclose(f) == 0) && ok;
        if (!ok)
            reply_printf(reply, "cannot write file: %s", argv[0]);
    }
    free(text);
    return ok;
}

/* ---- moves ---- */

/*
 * Reads a move for colour c that is legal in the game position; otherwise
 * the reply says why, after the GTP words controllers match on.
 */
static bool legal_move_arg(Session *s, Color c, const char *text, Move *m, Reply *reply)
{
    int width = s->game.pos.width, height = s->game.pos.height;
    switch (move_parse(text, width, height, m)) {
    case MOVE_MALFORMED:
        reply_printf(reply, "syntax error: invalid move \"%.24s%s\": expected a move such as d1-d7/g7",
                     text, strlen(text) > 24 ? "..." : "");
        return false;
    case MOVE_OFF_BOARD:
        reply_printf(reply, "illegal move: %s leaves the %dx%d board", text, width, height);
        return false;
    case MOVE_PARSED:
        break;
    }
    char why[MOVE_REASON_MAX];
    if (illegal_move_reason(&s->game.pos, c, *m, why)) {
        reply_printf(reply, "illegal move: %s", why);
        return false;
    }
    return true;
}

static bool cmd_play(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    Color c;
    Move m;
    if (!need_args(argc, 2, reply))
        return false;
    if (!color_arg(argv[0], &c, reply))
        return false;
    if (!legal_move_arg(s, c, argv[1], &m, reply))
        return false;
    if (!game_play(&s->game, c, m))
        return fail(reply, "illegal move");
    return true;
}

static bool cmd_undo(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    if (!game_undo(&s->game))
        return fail(reply, "cannot undo");
    return true;
}

static bool genmove(Session *s, int argc, char **argv, Reply *reply, bool play)
{
    Color c;
    MoveChoice choice;
    if (!need_args(argc, 1, reply))
        return false;
    if (!color_arg(argv[0], &c, reply))
        return false;
    if (!session_choose_move(s, c, &choice, play, reply->loop->input, NULL)) {
        reply_printf(reply, "resign");
        return true;
    }
    if (play && !game_play(&s->game, c, choice.move))
        return fail(reply, "internal error: search returned an illegal move");
    char text[MOVE_TEXT_MAX];
    move_to_text(choice.move, text);
    reply_printf(reply, "%s", text);
    return true;
}

static bool cmd_genmove(void *ctx, int argc, char **argv, Reply *reply)
{
    return genmove(ctx, argc, argv, reply, true);
}

static bool cmd_reg_genmove(void *ctx, int argc, char **argv, Reply *reply)
{
    return genmove(ctx, argc, argv, reply, false);
}

static bool cmd_legal_moves(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    Color c = s->game.pos.to_move;
    if (argc > 1)
        return need_args(argc, 1, reply);
    if (argc == 1 && !color_arg(argv[0], &c, reply))
        return false;
    static MoveList list; /* too large for the stack of small threads; the loop is single-threaded */
    generate_moves(&s->game.pos, c, &list);
    for (int i = 0; i < list.count; i++) {
        char text[MOVE_TEXT_MAX];
        move_to_text(list.moves[i], text);
        reply_printf(reply, "%s%s", i ? " " : "", text);
    }
    return true;
}

/* ---- board display and analysis ---- */

static void print_file_letters(Reply *reply, int width)
{
    reply_printf(reply, "\n  ");
    for (int file = 0; file < width; file++)
        reply_printf(reply, " %c", 'a' + file);
}

/* A diagram: file letters, the ranks from the top with cells[square], file letters. */
static void print_diagram(Reply *reply, const Position *pos, const char cells[NUM_SQUARES])
{
    print_file_letters(reply, pos->width);
    for (int rank = pos->height - 1; rank >= 0; rank--) {
        reply_printf(reply, "\n%2d", rank + 1);
        for (int file = 0; file < pos->width; file++)
            reply_printf(reply, " %c", cells[square_at(file, rank)]);
    }
    print_file_letters(reply, pos->width);
}

static bool cmd_showboard(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    const Position *pos = &s->game.pos;
    (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    char cells[NUM_SQUARES];
    for (int sq = 0; sq < NUM_SQUARES; sq++)
        cells[sq] = position_cell(pos, sq);
    print_diagram(reply, pos, cells);
    reply_printf(reply, "\n%s to move", color_text(pos->to_move));
    return true;
}

static bool cmd_perft(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    long depth;
    if (!need_args(argc, 1, reply))
        return false;
    if (!parse_long(argv[0], 0, 20, &depth))
        return fail(reply, "syntax error: perft depth must be an integer from 0 to 20");
    Position pos = s->game.pos;
    reply_printf(reply, "%llu", (unsigned long long)perft(&pos, (int)depth));
    return true;
}

static bool cmd_final_score(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    char score[16];
    (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    /* Before the end, the evaluation's estimate of the territory margin. */
    if (!game_result(&s->game, score)) {
        int margin = eval_score_estimate(&s->game.pos);
        format_score(margin >= 0 ? WHITE : BLACK, abs(margin), score);
    }
    reply_printf(reply, "%s", score);
    return true;
}

static bool cmd_territory(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    const Position *pos = &s->game.pos;
    (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    char owners[NUM_SQUARES];
    eval_territory_map(pos, owners);
    print_diagram(reply, pos, owners);
    return true;
}

/* ---- clock ---- */

static bool cmd_time_settings(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    double main_time, byo_time;
    long stones;
    if (!need_args(argc, 3, reply))
        return false;
    if (!parse_double(argv[0], -HUGE_VAL, HUGE_VAL, &main_time) || !parse_double(argv[1], -HUGE_VAL, HUGE_VAL, &byo_time)
        || !parse_long(argv[2], 0, CLOCK_MAX_STONES, &stones))
        return fail(reply, "syntax error: time_settings MAIN BYO STONES (seconds, seconds, count)");
    if (!clock_settings(&s->clock, main_time, byo_time, (int)stones))
        return fail(reply, "syntax error: time out of range");
    return true;
}

static bool cmd_time_left(void *ctx, int argc, char **argv, Reply *reply)
{
    Session *s = ctx;
    Color c;
    double seconds;
    long stones;
    if (!need_args(argc, 3, reply))
        return false;
    if (!color_arg(argv[0], &c, reply))
        return false;
    if (!parse_double(argv[1], -HUGE_VAL, HUGE_VAL, &seconds) || !parse_long(argv[2], 0, CLOCK_MAX_STONES, &stones))
        return fail(reply, "syntax error: time_left COLOR SECONDS STONES");
    if (!clock_time_left(&s->clock, c, seconds, (int)stones))
        return fail(reply, "syntax error: time out of range");
    return true;
}

static bool cmd_cputime(void *ctx, int argc, char **argv, Reply *reply)
{
    (void)ctx, (void)argv;
    if (!need_args(argc, 0, reply))
        return false;
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    reply_printf(reply, "%.3f", (double)t.tv_sec + (double)t.tv_nsec * 1e-9);
    return true;
}

/*
 * Exclusive commands use the search (or replace the game it searches):
 * pondering stops before they run.  The others run while it goes on.
 */
const Command SESSION_COMMANDS[] = {
    { "protocol_version", cmd_protocol_version, SHARED },
    { "name", cmd_name, SHARED },
    { "version", cmd_version, SHARED },
    { "known_command", cmd_known_command, SHARED },
    { "list_commands", cmd_list_commands, SHARED },
    { "quit", cmd_quit, SHARED },
    { "boardsize", cmd_boardsize, EXCLUSIVE },
    { "clear_board", cmd_clear_board, EXCLUSIVE },
    { "komi", cmd_komi, SHARED },
    { "play", cmd_play, SHARED },
    { "genmove", cmd_genmove, EXCLUSIVE },
    { "reg_genmove", cmd_reg_genmove, EXCLUSIVE },
    { "undo", cmd_undo, SHARED },
    { "showboard", cmd_showboard, SHARED },
    { "time_settings", cmd_time_settings, SHARED },
    { "time_left", cmd_time_left, SHARED },
    { "cputime", cmd_cputime, SHARED },
    { "legal_moves", cmd_legal_moves, SHARED },
    { "get_position", cmd_get_position, SHARED },
    { "set_position", cmd_set_position, EXCLUSIVE },
    { "perft", cmd_perft, SHARED },
    { "final_score", cmd_final_score, SHARED },
    { "territory", cmd_territory, SHARED },
    { "solve", cmd_solve, EXCLUSIVE },
    { "loadsgf", cmd_loadsgf, EXCLUSIVE },
    { "printsgf", cmd_printsgf, SHARED },
    { "analyze", cmd_analyze, EXCLUSIVE },
    { "lz-analyze", cmd_lz_analyze, EXCLUSIVE },
    { "kata-analyze", cmd_kata_analyze, EXCLUSIVE },
    { "genmove_analyze", cmd_genmove_analyze, EXCLUSIVE },
    { "lz-genmove_analyze", cmd_lz_genmove_analyze, EXCLUSIVE },
    { "kata-genmove_analyze", cmd_kata_genmove_analyze, EXCLUSIVE },
    { "gogui-analyze_commands", cmd_gogui_analyze_commands, SHARED },
    { "gogui-interrupt", cmd_gogui_interrupt, SHARED },
    { NULL, NULL, SHARED },
};
