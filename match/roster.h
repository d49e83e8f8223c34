/*
 * roster.h - the engines of a run, each started once before any game: so
 * that each has its name (match/names.h) before the first line is written
 * or read, and an engine that cannot start (match/launch.h) stops the run
 * before it forfeits a single game.  The processes are kept for the first
 * game slot to play with.
 */
#ifndef AMAZONS_MATCH_ROSTER_H
#define AMAZONS_MATCH_ROSTER_H

#include <stdbool.h>

#include "match/engine_proc.h"
#include "match/schedule.h"

enum { EXIT_ENGINE_CANNOT_START = 3 };

typedef enum { ROSTER_OK, ROSTER_FAILED, ROSTER_STOPPED } RosterStatus;

/*
 * Starts the engines 0..schedule->engines-1 into procs[] (malloc'ed; NULL
 * where none), and names those without name_given[e] in schedule->name.
 * ROSTER_FAILED has printed which engine cannot start; ROSTER_FAILED and
 * ROSTER_STOPPED leave no process running.
 */
RosterStatus roster_start(Schedule *schedule, const bool *name_given, const char *const *command,
                          const MatchConfig *config, EngineProc *procs[MAX_ENGINES]);

/* Quits (or kills) and frees the processes of procs[]. */
void roster_quit(EngineProc *procs[MAX_ENGINES], double timeout);

/* On stderr: "amazons-match: NAME (engine N) cannot start: WHY", then its command. */
void roster_report_failure(const Schedule *schedule, int engine, const char *command, const char *why);

#endif
