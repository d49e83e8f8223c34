/*
 * rating.h - Elo ratings of several engines from all their games, by
 * maximum likelihood in the Bradley-Terry (logistic) model: engine i beats
 * engine j with probability 1 / (1 + 10^((R_j - R_i) / 400)).
 *
 * The ratings are fitted by minorization-maximization (Hunter 2004), which
 * climbs the likelihood at every step, and anchored: one engine is 0.  The
 * 95% intervals are Wald intervals, R +- 1.96 standard errors, from the
 * observed information (the negative Hessian of the log-likelihood with
 * the anchor held fixed), so they describe each rating relative to the
 * anchor.
 *
 * A finite maximum exists only where wins connect the engines both ways.
 * Call i > j when a chain of wins leads from i to j (i beat k, k beat ... j).
 * Engines with i > anchor and anchor > i form the anchor's group, rated by
 * the games within it; an engine the anchor's group never beat, but that
 * beat into it, is +inf (the likelihood grows without end as it rises); one
 * that never beat into it but was beaten by it, -inf; one connected neither
 * way (say, it played no game) is undetermined: NAN.  Every such group of
 * engines joined both ways is also rated on its own, from the games inside
 * it, relative to its first engine: what the games say of engines that all
 * lost to (or all beat) the anchor's group.
 */
#ifndef AMAZONS_MATCH_RATING_H
#define AMAZONS_MATCH_RATING_H

#include "match/schedule.h"

typedef struct {
    double elo[MAX_ENGINES];   /* relative to the anchor; +-INFINITY or NAN as above */
    double low[MAX_ENGINES];   /* the 95% interval (equal to elo where it is not finite) */
    double high[MAX_ENGINES];
    int groups;
    int group[MAX_ENGINES];        /* by engine: its group, numbered in order of their first engines */
    int group_anchor[MAX_ENGINES]; /* by group: the engine rated 0 in it (the anchor in the anchor's group) */
    double within[MAX_ENGINES];    /* by engine: rating relative to its group's anchor, from the group's games */
    double within_low[MAX_ENGINES], within_high[MAX_ENGINES];
} Ratings;

/* Fits engines 0..n-1 from beat[a][b] (games a won against b). */
void ratings_fit(int n, const int beat[MAX_ENGINES][MAX_ENGINES], int anchor, Ratings *ratings);

#endif
