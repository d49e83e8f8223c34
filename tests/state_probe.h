/*
 * state_probe.h - the differential harness behind "every error leaves the
 * state unchanged" (PROTOCOL.md §2): a command is run between a setup and a
 * probe of every piece of state a command could touch, and the probe must
 * answer exactly as in a reference session without the command.
 */
#ifndef AMAZONS_TESTS_STATE_PROBE_H
#define AMAZONS_TESTS_STATE_PROBE_H

#include <stddef.h>

/*
 * Looks at the position and side to move (get_position, showboard), both
 * colours' moves, the score and territory, perft, and the undo history
 * (three undos with positions).
 */
#define STATE_PROBE                                                                        \
    "get_position\nshowboard\nlegal_moves w\nlegal_moves b\nfinal_score\nterritory\nperft 1\n" \
    "undo\nget_position\nundo\nget_position\nundo\nget_position\n"
enum { STATE_PROBE_RESPONSES = 13 };

typedef struct {
    const char *command;
    const char *expect; /* "?prefix" for an error, "=" or "=body-prefix" for a success */
} Case;

/*
 * For each case runs `setup`, the command (with an id), then STATE_PROBE, all
 * in one session (setup must reset the game, e.g. start with boardsize), and
 * compares everything but the command's own response with a reference run of
 * setup + STATE_PROBE alone: the command must not have changed anything.
 */
void probe_cases_leave_state(const char *setup, const Case *cases, size_t n);

#define CHECK_CASES(setup, cases) probe_cases_leave_state((setup), (cases), sizeof(cases) / sizeof(cases[0]))

#endif
