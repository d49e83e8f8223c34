/* stats.c - tallies, Wilson interval, logistic Elo, SPRT. */
#include "match/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/numbers.h"

long long seconds_to_millis(double seconds)
{
    return llround(seconds * 1000);
}

void stats_add(Stats *s, const GameResult *r)
{
    if (r->kind == END_ABORTED)
        return;
    int white = r->engine[WHITE], black = r->engine[BLACK];
    int winner = r->engine[r->winner], loser = r->engine[color_other(r->winner)];
    s->games++;
    s->beat[winner][loser]++;
    s->white_games[white]++;
    s->white_wins[white] += r->winner == WHITE;
    s->black_games[black]++;
    s->black_wins[black] += r->winner == BLACK;
    s->millis[white] += seconds_to_millis(r->seconds[WHITE]);
    s->millis[black] += seconds_to_millis(r->seconds[BLACK]);
    for (int c = WHITE; c <= BLACK; c++) {
        int e = r->engine[c];
        if (r->longest[c] < 0)
            continue; /* a results file from before moves were timed */
        long long ms = seconds_to_millis(r->longest[c]);
        s->longest_known[e] = true;
        if (ms > s->longest_millis[e])
            s->longest_millis[e] = ms;
    }
    s->white_won += r->winner == WHITE;
    s->ends[r->kind]++;
    if (end_is_fault(r->kind))
        s->faults[loser][r->kind]++;
}

double stats_score(const Stats *s)
{
    int games = s->beat[0][1] + s->beat[1][0];
    return games ? (double)s->beat[0][1] / games : 0.5;
}

void wilson_interval(int k, int n, double z, double *low, double *high)
{
    if (n <= 0) {
        *low = 0;
        *high = 1;
        return;
    }
    double p = (double)k / n, z2n = z * z / n;
    double center = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
    *low = fmax(0.0, center - half);
    *high = fmin(1.0, center + half);
    if (k == 0)
        *low = 0;
    if (k == n)
        *high = 1;
}

double elo_from_score(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

double score_from_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double sprt_llr(const SprtConfig *sprt, int wins, int losses)
{
    double p0 = score_from_elo(sprt->elo0), p1 = score_from_elo(sprt->elo1);
    return wins * log(p1 / p0) + losses * log((1 - p1) / (1 - p0));
}

void sprt_bounds(const SprtConfig *sprt, double *lower, double *upper)
{
    *lower = log(sprt->beta / (1 - sprt->alpha));
    *upper = log((1 - sprt->beta) / sprt->alpha);
}

SprtDecision sprt_decide(const SprtConfig *sprt, int wins, int losses)
{
    double lower, upper, llr = sprt_llr(sprt, wins, losses);
    sprt_bounds(sprt, &lower, &upper);
    return llr >= upper ? SPRT_H1 : llr <= lower ? SPRT_H0 : SPRT_CONTINUE;
}

void format_elo(double elo, char *text, size_t size)
{
    if (isinf(elo))
        snprintf(text, size, "%sinf", elo > 0 ? "+" : "-");
    else
        snprintf(text, size, "%+.1f", fabs(elo) < 0.05 ? 0.0 : elo);
}


bool sprt_parse(const char *text, SprtConfig *sprt)
{
    char *copy = strdup(text), *comma = copy ? strchr(copy, ',') : NULL;
    double elo0, elo1;
    bool ok = false;
    if (comma) {
        *comma = '\0';
        ok = parse_double(copy, -2000, 2000, &elo0) && parse_double(comma + 1, -2000, 2000, &elo1) && elo0 < elo1;
    }
    free(copy);
    if (ok) {
        sprt->elo0 = elo0;
        sprt->elo1 = elo1;
        sprt->enabled = true;
    }
    return ok;
}
