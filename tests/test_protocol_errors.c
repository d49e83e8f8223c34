/*
 * test_protocol_errors.c - every error leaves the engine's state unchanged
 * (PROTOCOL.md §2), checked by the differential harness of state_probe.h
 * over tables of failing commands (and a few harmless successes) at the
 * start, in the middle game, after a move out of turn and at the game's end.
 */
#include <stdbool.h>

#include "tests.h"
#include "protocol_client.h"
#include "state_probe.h"

/* Commands whose errors (and some harmless successes) do not depend on the position. */
static const Case GENERIC_CASES[] = {
    /* wrong argument counts */
    { "protocol_version 1", "?syntax error" },
    { "name x", "?syntax error" },
    { "version x", "?syntax error" },
    { "known_command", "?syntax error" },
    { "known_command play name", "?syntax error" },
    { "list_commands x", "?syntax error" },
    { "quit now", "?syntax error" },
    { "clear_board now", "?syntax error" },
    { "undo now", "?syntax error" },
    { "showboard x", "?syntax error" },
    { "get_position x", "?syntax error" },
    { "territory x", "?syntax error" },
    { "final_score x", "?syntax error" },
    { "cputime x", "?syntax error" },
    { "loadsgf", "?syntax error: loadsgf FILE [MOVE_NUMBER]" },
    { "loadsgf a.sgf 1 2", "?syntax error: loadsgf FILE [MOVE_NUMBER]" },
    { "loadsgf a.sgf 0", "?syntax error: move number must be an integer from 1 to 101" },
    { "loadsgf a.sgf 102", "?syntax error: move number" },
    { "printsgf a.sgf b.sgf", "?syntax error: printsgf [FILE]" },
    /* boardsize */
    { "boardsize", "?syntax error" },
    { "boardsize 8 8 8", "?syntax error" },
    { "boardsize 8 x", "?syntax error" },
    { "boardsize 8 11", "?unacceptable size: boards are 4 to 10 by 4 to 10" },
    { "boardsize 3 8", "?unacceptable size: boards are 4 to 10 by 4 to 10" },
    { "boardsize 3", "?unacceptable size: boards are 4 to 10 by 4 to 10" },
    { "boardsize 11", "?unacceptable size: boards are 4 to 10 by 4 to 10" },
    { "boardsize -1", "?unacceptable size: boards are 4 to 10 by 4 to 10" },
    { "boardsize 0", "?unacceptable size: boards are 4 to 10 by 4 to 10" },
    { "boardsize 19", "?unacceptable size: boards are 4 to 10 by 4 to 10" },
    { "boardsize abc", "?syntax error" },
    { "boardsize 8.5", "?syntax error" },
    { "boardsize 8x", "?syntax error" },
    { "boardsize 99999999999999999999999", "?" },
    /* komi: accepted and ignored, or a syntax error */
    { "komi", "?syntax error" },
    { "komi abc", "?syntax error" },
    { "komi 6.5 1", "?syntax error" },
    { "komi nan", "?syntax error" },
    { "komi inf", "?syntax error" },
    { "komi 6.5", "=" },
    { "komi -7", "=" },
    /* play: arguments, colour, notation */
    { "play", "?syntax error" },
    { "play w", "?syntax error" },
    { "play w a1-a2/a3 extra", "?syntax error" },
    { "play x a1-a2/a3", "?syntax error: invalid color" },
    { "play whit a1-a2/a3", "?syntax error: invalid color" },
    { "play 1 a1-a2/a3", "?syntax error: invalid color" },
    { "play w xyz", "?syntax error: invalid move" },
    { "play w pass", "?syntax error: invalid move" },
    { "play b resign", "?syntax error: invalid move" },
    { "play w k1-k2/k3", "?illegal move: k1-k2/k3 leaves the " },
    { "play w a0-a1/a2", "?syntax error: invalid move \"a0-a1/a2\": expected a move such as d1-d7/g7" },
    { "play w a1-a2", "?syntax error: invalid move" },
    { "play w a1-a2/", "?syntax error: invalid move" },
    { "play w a1-a2/a3x", "?syntax error: invalid move" },
    { "play w a1-a2/a3/a4", "?syntax error: invalid move" },
    { "play w -a1-a2/a3", "?syntax error: invalid move" },
    { "play w a1--a2/a3", "?syntax error: invalid move" },
    { "play w a1-a2//a3", "?syntax error: invalid move" },
    { "play w 1a-2a/3a", "?syntax error: invalid move" },
    { "play w a1-a2/a99", "?illegal move: a1-a2/a99 leaves the " },
    { "play w a1-a2/a01", "?syntax error: invalid move" },
    /* genmove / reg_genmove */
    { "genmove", "?syntax error" },
    { "genmove w b", "?syntax error" },
    { "genmove x", "?syntax error: invalid color" },
    { "genmove pass", "?syntax error: invalid color" },
    { "reg_genmove", "?syntax error" },
    { "reg_genmove x", "?syntax error: invalid color" },
    { "reg_genmove w", "=" },
    { "reg_genmove b", "=" },
    /* live analysis: every argument is checked before the analysis starts */
    { "analyze purple", "?syntax error: unknown key 'purple'" },
    { "analyze w -5", "?syntax error: unknown key '-5'" },
    { "analyze w 360001", "?syntax error: unknown key '360001'" },
    { "analyze w 10 bogus 1", "?syntax error: unknown key 'bogus'" },
    { "analyze w 10 maxmoves", "?syntax error: key 'maxmoves' needs a value" },
    { "analyze w 10 maxmoves x", "?syntax error: minmoves and maxmoves" },
    { "analyze w 10 minmoves -1", "?syntax error: minmoves and maxmoves" },
    { "analyze w 10 maxmoves 5041", "?syntax error: minmoves and maxmoves" },
    { "analyze w 10 ownership maybe", "?syntax error: ownership takes true or false" },
    { "analyze b interval 1.5", "?syntax error: interval must be" },
    { "lz-analyze w 10 avoid b", "?syntax error: unknown key 'avoid'" },
    { "kata-analyze 10 ownership", "?syntax error: key 'ownership' needs a value" },
    { "genmove_analyze", "?syntax error: expected a color" },
    { "genmove_analyze purple", "?syntax error: invalid color" },
    { "genmove_analyze 10", "?syntax error: invalid color" },
    { "genmove_analyze w 10 maxmoves -3", "?syntax error: minmoves and maxmoves" },
    { "lz-genmove_analyze b x y", "?syntax error: unknown key 'x'" },
    { "kata-genmove_analyze", "?syntax error: expected a color" },
    { "gogui-analyze_commands now", "?syntax error" },
    { "gogui-interrupt now", "?syntax error" },
    /* legal_moves */
    { "legal_moves w b", "?syntax error" },
    { "legal_moves x", "?syntax error: invalid color" },
    /* perft */
    { "perft", "?syntax error" },
    { "perft 1 2", "?syntax error" },
    { "perft -1", "?syntax error" },
    { "perft 21", "?syntax error" },
    { "perft abc", "?syntax error" },
    { "perft 1.5", "?syntax error" },
    { "perft 99999999999999999999", "?syntax error" },
    /* time_settings */
    { "time_settings", "?syntax error" },
    { "time_settings 10 0", "?syntax error" },
    { "time_settings 10 0 0 0", "?syntax error" },
    { "time_settings -1 0 0", "?syntax error" },
    { "time_settings 10 -1 0", "?syntax error" },
    { "time_settings 10 0 -1", "?syntax error" },
    { "time_settings 1e7 0 0", "?syntax error" },
    { "time_settings 10 1e7 1", "?syntax error" },
    { "time_settings 10 5 100001", "?syntax error" },
    { "time_settings 10 5 1.5", "?syntax error" },
    { "time_settings abc 0 0", "?syntax error" },
    { "time_settings nan 0 0", "?syntax error" },
    { "time_settings inf 0 0", "?syntax error" },
    { "time_settings 1e999 0 0", "?syntax error" },
    /* time_left */
    { "time_left", "?syntax error" },
    { "time_left w 10", "?syntax error" },
    { "time_left w 10 0 0", "?syntax error" },
    { "time_left x 10 0", "?syntax error: invalid color" },
    { "time_left w -1 0", "?syntax error" },
    { "time_left w 10 -1", "?syntax error" },
    { "time_left w 1e7 0", "?syntax error" },
    { "time_left b 10 100001", "?syntax error" },
    { "time_left b 10 1.5", "?syntax error" },
    { "time_left w abc 0", "?syntax error" },
    { "time_left w nan 0", "?syntax error" },
    /* set_position */
    { "set_position", "?syntax error" },
    { "set_position 1BB1/B2B/W2W/1WW1", "?syntax error" },
    { "set_position 1BB1/B2B/W2W/1WW1 w x", "?syntax error" },
    { "set_position 1BB1/B2B/W2W/1WW1 x", "?invalid position: side to move must be w or b, not \"x\"" },
    { "set_position 1BB1/B2B/W2W/1WW1 white", "?invalid position: side to move must be w or b, not \"white\"" },
    { "set_position 1BB1/B2B/W2W/1WW1 wb", "?invalid position: side to move must be w or b, not \"wb\"" },
    { "set_position 1BB1/B2B/W2W w", "?invalid position: unsupported board size 4x3 (files by ranks): boards are 4 to 10 by 4 to 10" },
    { "set_position 1BB1/B2B/W2W/1WW1/4/4/4/4/4/4/4 w", "?invalid position: too many ranks: a board has at most 10" },
    { "set_position 1BB1/B2B/W2W/1WW1/ w", "?invalid position: the 5th rank from the top is empty" },
    { "set_position 1B1/3/1W1 w", "?invalid position: unsupported board size 3x3 (files by ranks): boards are 4 to 10 by 4 to 10" },
    { "set_position 4/4/4/4 w", "?invalid position: each side needs 1 to 4 amazons; white has 0" },
    { "set_position 1BB1/B2B/4/4 w", "?invalid position: each side needs 1 to 4 amazons; white has 0" },
    { "set_position 4/4/W2W/1WW1 b", "?invalid position: each side needs 1 to 4 amazons; black has 0" },
    { "set_position BBB1/B2B/W2W/1WW1 w", "?invalid position: each side needs 1 to 4 amazons; black has 5" },
    { "set_position 1BB1/B2Q/W2W/1WW1 w", "?invalid position: unexpected character 'Q' in the 2nd rank from the top (a rank holds W, B, x and runs of empty squares 1 to 10)" },
    { "set_position 1BB1/B0B/W2W/1WW1 w", "?invalid position: bad empty-run length in the 2nd rank from the top: runs are 1 to 10, without a leading 0" },
    { "set_position 1BB1/B3B/W2W/1WW1 w", "?invalid position: the 2nd rank from the top is 5 squares wide, the 1st is 4" },
    { "set_position 5BB/B2B/W2W/1WW1 w", "?invalid position: the 2nd rank from the top is 4 squares wide, the 1st is 7" },
    { "set_position 1BB1//W2W/1WW1 w", "?invalid position: the 2nd rank from the top is empty" },
    { "set_position 1bb1/b2b/w2w/1ww1 w", "?invalid position: unexpected character 'b' in the 1st rank from the top (a rank holds W, B, x and runs of empty squares 1 to 10)" },
    { "set_position / w", "?invalid position: the 1st rank from the top is empty" },
    { "set_position 11/11/11/11/11/11/11/11/11/11/11 w", "?invalid position: the 1st rank from the top is wider than 10 squares" },
    { "set_position 3B3B3/11/11/B9B/11/11/W9W/11/11/11/3W3W3 w", "?invalid position: the 1st rank from the top is wider than 10 squares" },
    { "set_position B99999999999999999999/4/W3/4 w", "?invalid position: the 1st rank from the top is wider than 10 squares" },
    { "set_position 10/10/10/10/10/10/10/10/10/10/B9/W9 w", "?invalid position: too many ranks: a board has at most 10" },
    { "set_position 1111111111111111111111111111111111111111111111111111111111111111111111111111"
      "1111111111111111111111111111111111111111111111111111111111111111111111111111111111111"
      "1111111111111111111111111111111111111111111111111111111111111111111111111111111111111"
      "111111111111111111111111111111111111111111111111111111 w", "?invalid position" },
    /* unknown commands (names are case-sensitive) */
    { "foo", "?unknown command" },
    { "PLAY w a1-a2/a3", "?unknown command" },
    { "Name", "?unknown command" },
    { "genmove_white", "?unknown command" },
    /* successes that change nothing */
    { "protocol_version", "=2" },
    { "known_command play", "=true" },
    { "known_command foo", "=false" },
    { "list_commands", "=" },
    { "showboard", "=\n" },
    { "get_position", "=" },
    { "legal_moves", "=" },
    { "final_score", "=" },
    { "territory", "=\n" },
    { "perft 1", "=" },
    { "cputime", "=" },
    { "printsgf", "=(;FF[4]GM[18]CA[UTF-8]SZ[" },
};

/* After SETUP_MIDGAME: moves the rules forbid, and malformed ones. */
static const Case MIDGAME_MOVE_CASES[] = {
    { "play w a7-a6/a5", "?illegal move: no white amazon on a7" },   /* a black amazon */
    { "play b a4-a5/a6", "?illegal move: no black amazon on a4" },   /* a white amazon */
    { "play w e1-e2/e3", "?illegal move: no white amazon on e1" },   /* no amazon there */
    { "play w j10-j9/j8", "?illegal move: no white amazon on j10" },  /* empty square */
    { "play w d7-d9/d10", "?illegal move: the path from d7 to d9 is blocked at d8" },  /* through a black amazon */
    { "play w g1-g8/g9", "?illegal move: the path from g1 to g8 is blocked at g7" },   /* through an arrow */
    { "play w d7-e9/e10", "?illegal move: the amazon cannot go from d7 to e9: not on one line" },  /* not a queen move */
    { "play w a4-a4/a5", "?illegal move: the amazon must leave a4" },   /* no move at all */
    { "play w a4-a5/a7", "?illegal move: a7 is not empty" },   /* arrow onto an amazon */
    { "play w a4-b5/d7", "?illegal move: d7 is not empty" },   /* arrow onto its own amazon */
    { "play w g1-g2/g8", "?illegal move: the path from g2 to g8 is blocked at g7" },   /* arrow through an arrow */
    { "play w j4-j7/j8", "?illegal move: j7 is not empty" },   /* onto an occupied square */
    { "play w d7-d9/d10", "?illegal move: the path from d7 to d9 is blocked at d8" },  /* onto an arrow */
    { "play b d8-d6/d5", "?illegal move: the path from d8 to d6 is blocked at d7" },   /* through a white amazon */
    { "play w j4-j1/j4x", "?syntax error: invalid move \"j4-j1/j4x\": expected a move such as d1-d7/g7" },
    { "play w d11-d7/g7", "?illegal move: d11-d7/g7 leaves the 10x10 board" },
    { "play w d1-d7/g7 d10-d8/d9", "?syntax error" },
};

START_TEST(test_errors_leave_state_at_start)
{
    static const Case undo_case[] = { { "undo", "?cannot undo" } };
    CHECK_CASES("boardsize 10\n", undo_case);
    CHECK_CASES("boardsize 10\n", GENERIC_CASES);
}
END_TEST

START_TEST(test_errors_leave_state_midgame)
{
    CHECK_CASES(SETUP_MIDGAME, MIDGAME_MOVE_CASES);
    CHECK_CASES(SETUP_MIDGAME, GENERIC_CASES);
}
END_TEST

START_TEST(test_errors_leave_state_after_move_out_of_turn)
{
    /* Black moved while White was on move: undo must give White the move back. */
    static const Case cases[] = {
        { "play b b6-b5/b4", "?illegal move: no black amazon on b6" },   /* b6 is empty now */
        { "play b b5-b3/b2", "?illegal move: the path from b5 to b3 is blocked at b4" },   /* through the arrow */
        { "play w a2-a6/a1", "?illegal move: the path from a2 to a6 is blocked at a5" },   /* through a black amazon */
        { "play w b1-b4/b3", "?illegal move: b4 is not empty" },   /* onto the arrow */
        { "play w e1-e7/e2", "?illegal move: e1-e7/e2 leaves the 6x6 board" },
    };
    const char *setup = "boardsize 6\nplay b b6-b5/b4\n";
    CHECK_CASES(setup, cases);
    CHECK_CASES(setup, GENERIC_CASES);
}
END_TEST

START_TEST(test_errors_leave_state_game_over)
{
    static const Case cases[] = {
        { "play b a4-b4/c4", "?illegal move" },
        { "play b a4-a3/a2", "?illegal move" },
        { "play w d2-d2/d1", "?illegal move" },
        { "genmove b", "=resign" },
        { "undo", "=" }, /* a success that does change state: sanity check of the harness below */
    };
    const char *setup = "set_position B3/xx2/4/3W w\nplay w d1-d2/b4\n";
    /* all but the last case must leave the state alone */
    probe_cases_leave_state(setup, cases, 4);
    CHECK_CASES(setup, GENERIC_CASES);
    CHECK_CASES("set_position 1BB1/B2B/W2W/1WW1 b\n", GENERIC_CASES);

    /* The harness does notice a change: the undo case must make the probe differ. */
    Buf ref = { 0 }, changed = { 0 };
    pc_buf_puts(&ref, setup);
    pc_buf_puts(&ref, STATE_PROBE);
    pc_buf_puts(&changed, setup);
    pc_buf_puts(&changed, "undo\n");
    pc_buf_puts(&changed, STATE_PROBE);
    Responses a = pc_gtp(pc_buf_keep(&ref)), b = pc_gtp(pc_buf_keep(&changed));
    ck_assert_int_eq(b.count, a.count + 1);
    bool differs = false;
    for (size_t j = 2; j < a.count; j++)
        differs |= !pc_same_response(&a.items[j], &b.items[j + 1]);
    ck_assert_msg(differs, "the state probe cannot see an undo");
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *protocol_errors_suite(void)
{
    Suite *s = suite_create("protocol_errors");
    TCase *errors = tcase_create("errors leave state");
    tcase_add_checked_fixture(errors, NULL, pc_free_tracked);
    tcase_set_timeout(errors, 60);
    tcase_add_test(errors, test_errors_leave_state_at_start);
    tcase_add_test(errors, test_errors_leave_state_midgame);
    tcase_add_test(errors, test_errors_leave_state_after_move_out_of_turn);
    tcase_add_test(errors, test_errors_leave_state_game_over);
    suite_add_tcase(s, errors);

    return s;
}
