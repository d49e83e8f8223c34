/* stats.c - tallies, Wilson interval, logistic Elo, SPRT, and the results table. */
#include "match/stats.h"

#include <math.h>

void stats_add(Stats *s, const GameResult *r)
{
    if (r->kind == END_ABORTED)
        return;
    int loser = result_loser(r), winner = 1 - loser;
    s->games++;
    s->wins[winner]++;
    for (int e = 0; e < 2; e++) {
        bool white = e == r->white_engine;
        bool won = e == winner;
        if (white) {
            s->white_games[e]++;
            s->white_wins[e] += won;
        } else {
            s->black_games[e]++;
            s->black_wins[e] += won;
        }
        s->seconds[e] += r->seconds[e];
    }
    s->white_won += r->winner == WHITE;
    s->ends[r->kind]++;
    if (end_is_fault(r->kind))
        s->faults[loser][r->kind]++;
}

double stats_score(const Stats *s)
{
    return s->games ? (double)s->wins[0] / s->games : 0.5;
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

static double percent(int k, int n) { return n ? 100.0 * k / n : 0.0; }

/* Fault kinds in table order. */
static const EndKind FAULT_KINDS[] = { END_ILLEGAL, END_CRASH, END_TIMEOUT, END_REFUSED, END_OVERRUN };
enum { FAULT_COLUMNS = sizeof FAULT_KINDS / sizeof FAULT_KINDS[0] };

void stats_print(FILE *out, const Stats *s, const MatchConfig *config, const SprtConfig *sprt)
{
    char tc[64];
    time_control_text(&config->tc, tc, sizeof tc);
    fprintf(out, "Results: %d game%s on %dx%d, time %s, grace %.0f ms\n", s->games,
            s->games == 1 ? "" : "s", config->size, config->size, tc, config->grace * 1000);
    fprintf(out, "%-24s %6s %6s %6s %7s %10s %10s %7s\n",
            "Engine", "Games", "Wins", "Losses", "Score", "White W-L", "Black W-L", "Faults");
    for (int e = 0; e < 2; e++) {
        int faults = 0;
        for (int k = 0; k < FAULT_COLUMNS; k++)
            faults += s->faults[e][FAULT_KINDS[k]];
        char white[24], black[24];
        snprintf(white, sizeof white, "%d-%d", s->white_wins[e], s->white_games[e] - s->white_wins[e]);
        snprintf(black, sizeof black, "%d-%d", s->black_wins[e], s->black_games[e] - s->black_wins[e]);
        fprintf(out, "%-24s %6d %6d %6d %6.1f%% %10s %10s %7d\n", config->name[e], s->games, s->wins[e],
                s->games - s->wins[e], percent(s->wins[e], s->games), white, black, faults);
    }
    fprintf(out, "White won %d, Black won %d (White %.1f%%)\n", s->white_won, s->games - s->white_won,
            percent(s->white_won, s->games));

    double low, high;
    wilson_interval(s->wins[0], s->games, 1.959964, &low, &high);
    fprintf(out, "Score of %s: %d/%d = %.1f%% [95%% CI %.1f%% .. %.1f%%]\n", config->name[0], s->wins[0],
            s->games, 100 * stats_score(s), 100 * low, 100 * high);
    char elo[24], elo_low[24], elo_high[24];
    if (s->games > 0) {
        format_elo(elo_from_score(stats_score(s)), elo, sizeof elo);
        format_elo(elo_from_score(low), elo_low, sizeof elo_low);
        format_elo(elo_from_score(high), elo_high, sizeof elo_high);
        fprintf(out, "Elo %s - %s: %s [95%% CI %s .. %s]\n", config->name[0], config->name[1], elo,
                elo_low, elo_high);
    } else {
        fprintf(out, "Elo %s - %s: n/a\n", config->name[0], config->name[1]);
    }

    fprintf(out, "Endings:");
    for (int k = 0; k < END_ABORTED; k++)
        fprintf(out, "%s %s %d", k ? "," : "", END_KIND_NAMES[k], s->ends[k]);
    fprintf(out, "\n%-24s", "Faults");
    for (int k = 0; k < FAULT_COLUMNS; k++)
        fprintf(out, " %8s", END_KIND_NAMES[FAULT_KINDS[k]]);
    fprintf(out, "\n");
    for (int e = 0; e < 2; e++) {
        fprintf(out, "%-24s", config->name[e]);
        for (int k = 0; k < FAULT_COLUMNS; k++)
            fprintf(out, " %8d", s->faults[e][FAULT_KINDS[k]]);
        fprintf(out, "\n");
    }
    fprintf(out, "Thinking time: %s %.1f s, %s %.1f s\n", config->name[0], s->seconds[0], config->name[1],
            s->seconds[1]);
    if (sprt->enabled) {
        double lower, upper;
        sprt_bounds(sprt, &lower, &upper);
        SprtDecision d = sprt_decide(sprt, s->wins[0], s->wins[1]);
        fprintf(out, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] %s\n", sprt->elo0,
                sprt->elo1, sprt->alpha, sprt->beta, sprt_llr(sprt, s->wins[0], s->wins[1]), lower, upper,
                d == SPRT_H1 ? "H1 accepted" : d == SPRT_H0 ? "H0 accepted" : "inconclusive");
    }
}
