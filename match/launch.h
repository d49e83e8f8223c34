/*
 * launch.h - starting an engine process and checking that it speaks GTP.
 *
 * The first command every engine process gets is `name`.  Its answer names
 * the engine in the tables (match/names.h); more to the point, an engine
 * that cannot be run (command not found), ends at once, does not answer
 * within the command timeout, or answers with no GTP reply at all, cannot
 * start, and the match stops rather than forfeit every game to it.  An
 * engine that refuses `name` with '?' has started all the same.
 */
#ifndef AMAZONS_MATCH_LAUNCH_H
#define AMAZONS_MATCH_LAUNCH_H

#include <stddef.h>

#include "match/engine_proc.h"
#include "match/referee.h"

typedef enum {
    LAUNCH_OK,       /* running, and answered `name` */
    LAUNCH_FAILED,   /* cannot start; the process is gone */
    LAUNCH_STOPPED,  /* the match is being stopped (engine_stop_requested) */
} LaunchStatus;

/*
 * Starts `command` in *e and asks it `name`.  LAUNCH_OK leaves the answer
 * in name[ENGINE_ANSWER_MAX] ("" after '?'); LAUNCH_FAILED says why in
 * why[why_size], e.g. "exited with status 127 (command not found?)" or
 * "did not answer 'name' within 10 s".
 */
LaunchStatus engine_launch(EngineProc *e, const char *command, const MatchConfig *config, char *name,
                           char *why, size_t why_size);

#endif
