/* roster.c - every engine started once before the games, named, and checked to start. */
#include "match/roster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/launch.h"
#include "match/names.h"

#define PROGRAM "amazons-match"

void roster_report_failure(const Schedule *schedule, int engine, const char *command, const char *why)
{
    fprintf(stderr, PROGRAM ": %s (engine %d) cannot start: %s\n" PROGRAM ": its command: %s\n",
            schedule->name[engine], engine + 1, why, command);
}

void roster_quit(EngineProc *procs[MAX_ENGINES], double timeout)
{
    for (int e = 0; e < MAX_ENGINES; e++)
        if (procs[e]) {
            engine_quit(procs[e], timeout);
            free(procs[e]);
            procs[e] = NULL;
        }
}

RosterStatus roster_start(Schedule *schedule, const bool *name_given, const char *const *command,
                          const MatchConfig *config, EngineProc *procs[MAX_ENGINES])
{
    char answer[ENGINE_ANSWER_MAX], why[256];
    for (int e = 0; e < schedule->engines; e++) {
        if (!(procs[e] = malloc(sizeof *procs[e]))) {
            snprintf(why, sizeof why, "out of memory");
            roster_report_failure(schedule, e, command[e], why);
            roster_quit(procs, config->quit_timeout);
            return ROSTER_FAILED;
        }
        engine_init(procs[e]);
        LaunchStatus status = engine_launch(procs[e], command[e], config, answer, why, sizeof why);
        if (!name_given[e])
            engine_name_from(status == LAUNCH_OK ? answer : "", command[e], schedule->name[e]);
        if (status != LAUNCH_OK) {
            if (status == LAUNCH_FAILED)
                roster_report_failure(schedule, e, command[e], why);
            roster_quit(procs, config->quit_timeout);
            return status == LAUNCH_FAILED ? ROSTER_FAILED : ROSTER_STOPPED;
        }
    }
    if (schedule->engines == 2)
        engine_names_distinct(schedule->name, name_given);
    return ROSTER_OK;
}
