/*
 * names.h - what the tables, results files and SGF records call an engine.
 *
 * In a match the engines may be named on the command line (--name1,
 * --name2); otherwise each goes by its answer to GTP `name`, and an engine
 * that gives none (an error, or only blanks) by the file name of the
 * program its command runs.  Tournaments name every engine on the command
 * line (--engine NAME=COMMAND).
 */
#ifndef AMAZONS_MATCH_NAMES_H
#define AMAZONS_MATCH_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "match/referee.h"

/* Names taken from engines are cut to this many bytes, leaving room for " (N)". */
enum { NAME_TAKEN_MAX = 40 };

/*
 * The name for an engine not named on the command line: the first line of
 * its `name` answer, blanks collapsed, cut on a character boundary to
 * NAME_TAKEN_MAX bytes; or, when that is empty, the program's file name from
 * `command` (looking through sh, env, exec, nice and taskset).
 */
void engine_name_from(const char *answer, const char *command, char name[ENGINE_NAME_MAX]);

/*
 * Tells the two engines of a match apart when their names are equal: the
 * second one becomes "NAME (2)", or the first one "NAME (1)" when only the
 * second name was given on the command line.
 */
void engine_names_distinct(char names[2][ENGINE_NAME_MAX], const bool given[2]);

#endif
