/*
 * stats.h - tallies of a match or tournament, score and Elo with 95%
 * intervals for two engines, and the SPRT.
 *
 * Thinking time is summed in whole milliseconds, so the totals do not
 * depend on the order the games are added in (a merge of result files
 * adds them in another order than the run that played them).
 *
 * Amazons has no draws, so a match is a run of Bernoulli trials: engine 1's
 * score is its share of wins.  The score interval is Wilson's (it stays
 * sensible at 0% and 100%); the Elo figures are the logistic model's
 * transform of the score and of the interval's ends.  The SPRT tests
 * H0: elo = elo0 against H1: elo = elo1 on the win probabilities
 * p = 1 / (1 + 10^(-elo/400)), with LLR = W ln(p1/p0) + L ln((1-p1)/(1-p0)),
 * accepting H1 at LLR >= ln((1-beta)/alpha) and H0 at LLR <= ln(beta/(1-alpha)).
 */
#ifndef AMAZONS_MATCH_STATS_H
#define AMAZONS_MATCH_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "match/referee.h"
#include "match/schedule.h"

typedef struct {
    int games;
    int beat[MAX_ENGINES][MAX_ENGINES];   /* [a][b]: games engine a won against engine b */
    int white_games[MAX_ENGINES], white_wins[MAX_ENGINES];
    int black_games[MAX_ENGINES], black_wins[MAX_ENGINES];
    int white_won;                        /* games won by White, whichever engine */
    int ends[END_KINDS];                  /* games by how they ended */
    int faults[MAX_ENGINES][END_KINDS];   /* losses by fault, per engine */
    long long millis[MAX_ENGINES];        /* thinking time, per engine */
    long long longest_millis[MAX_ENGINES]; /* the longest move, per engine */
    bool longest_known[MAX_ENGINES];       /* some game of the engine timed its moves */
} Stats;

typedef struct {
    bool enabled;
    double elo0, elo1, alpha, beta;
} SprtConfig;

typedef enum { SPRT_CONTINUE, SPRT_H0, SPRT_H1 } SprtDecision;

void stats_add(Stats *stats, const GameResult *result);

static inline int stats_games(const Stats *s, int e) { return s->white_games[e] + s->black_games[e]; }
static inline int stats_wins(const Stats *s, int e) { return s->white_wins[e] + s->black_wins[e]; }

/* A thinking time as the results count it: whole milliseconds. */
long long seconds_to_millis(double seconds);

/* Engine 1's score against engine 2 (0..1); 0.5 with no games. */
double stats_score(const Stats *stats);

/* Wilson score interval at z for k successes in n trials. */
void wilson_interval(int k, int n, double z, double *low, double *high);

/* Elo difference for a score; +-INFINITY at 1 and 0. */
double elo_from_score(double score);

/* Win probability for an Elo difference. */
double score_from_elo(double elo);

/* --sprt's "ELO0,ELO1" with ELO0 < ELO1, each from -2000 to 2000: sets elo0, elo1 and enabled; else changes nothing. */
bool sprt_parse(const char *text, SprtConfig *sprt);
double sprt_llr(const SprtConfig *sprt, int wins, int losses);
void sprt_bounds(const SprtConfig *sprt, double *lower, double *upper);
SprtDecision sprt_decide(const SprtConfig *sprt, int wins, int losses);

/* "+12.3", "-inf", "+inf". */
void format_elo(double elo, char *text, size_t size);

#endif
