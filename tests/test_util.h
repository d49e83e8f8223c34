/* test_util.h - small helpers shared by the unit suites. */
#ifndef AMAZONS_TEST_UTIL_H
#define AMAZONS_TEST_UTIL_H

#include <check.h>

#include "engine/move.h"
#include "engine/position.h"

/* A position from its text; the test fails if the text is not valid. */
static inline Position parse(const char *text)
{
    Position pos;
    const char *error = position_from_text(&pos, text);
    ck_assert_msg(error == NULL, "\"%s\": %s", text, error);
    return pos;
}

/* A move from its text on a width x height board; the test fails if it is malformed. */
static inline Move move_of(const char *text, int width, int height)
{
    Move m;
    ck_assert_msg(move_from_text(text, width, height, &m), "bad move text \"%s\"", text);
    return m;
}

#endif
