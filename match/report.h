/*
 * report.h - the results tables at the end of a run or a merge.
 *
 * Two engines get the match table: each side's record by colour, the
 * score with its Wilson interval and the Elo difference, faults, and the
 * SPRT verdict.  More engines get the tournament table: records, a cross
 * table of every engine's wins and losses against every other, and
 * maximum-likelihood Elo ratings with 95% intervals (match/rating.h).
 * Both depend on nothing but the settings and the tallies, so a merge of
 * result files prints what the run of the same games printed.
 */
#ifndef AMAZONS_MATCH_REPORT_H
#define AMAZONS_MATCH_REPORT_H

#include <stdio.h>

#include "match/settings.h"
#include "match/stats.h"

void report_print(FILE *out, const MatchSettings *settings, const Stats *stats);

#endif
