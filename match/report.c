/* report.c - the match table (two engines) and the tournament table (more). */
#include "match/report.h"

#include <math.h>
#include <string.h>

#include "match/rating.h"

#define Z95 1.959964

/* Fault kinds in table order. */
static const EndKind FAULT_KINDS[] = { END_ILLEGAL, END_CRASH, END_TIMEOUT, END_REFUSED, END_OVERRUN, END_MALFORMED };
enum { FAULT_COLUMNS = sizeof FAULT_KINDS / sizeof FAULT_KINDS[0] };

static double percent(int k, int n) { return n ? 100.0 * k / n : 0.0; }

static void print_header(FILE *out, const MatchSettings *m, const Stats *s)
{
    char tc[64], board[16];
    time_control_text(&m->config.tc, tc, sizeof tc);
    board_size_text(m->config.board, board, sizeof board);
    fprintf(out, "Results: %d game%s on %s, time %s, grace %.0f ms\n", s->games, s->games == 1 ? "" : "s",
            board, tc, m->config.grace * 1000);
}

/* The name column: 24 wide, or as wide as the longest name. */
static int name_width(const Schedule *schedule)
{
    int width = 24;
    for (int e = 0; e < schedule->engines; e++)
        if ((int)strlen(schedule->name[e]) > width)
            width = (int)strlen(schedule->name[e]);
    return width;
}

static void print_records(FILE *out, const Schedule *schedule, const Stats *s, int width)
{
    fprintf(out, "%-*s %6s %6s %6s %7s %10s %10s %7s\n", width, "Engine", "Games", "Wins", "Losses", "Score",
            "White W-L", "Black W-L", "Faults");
    for (int e = 0; e < schedule->engines; e++) {
        int faults = 0, games = stats_games(s, e), wins = stats_wins(s, e);
        for (int k = 0; k < FAULT_COLUMNS; k++)
            faults += s->faults[e][FAULT_KINDS[k]];
        char white[24], black[24];
        snprintf(white, sizeof white, "%d-%d", s->white_wins[e], s->white_games[e] - s->white_wins[e]);
        snprintf(black, sizeof black, "%d-%d", s->black_wins[e], s->black_games[e] - s->black_wins[e]);
        fprintf(out, "%-*s %6d %6d %6d %6.1f%% %10s %10s %7d\n", width, schedule->name[e], games, wins,
                games - wins, percent(wins, games), white, black, faults);
    }
    fprintf(out, "White won %d, Black won %d (White %.1f%%)\n", s->white_won, s->games - s->white_won,
            percent(s->white_won, s->games));
}

static void print_endings_and_faults(FILE *out, const Schedule *schedule, const Stats *s, int width)
{
    fprintf(out, "Endings:");
    for (int k = 0; k < END_ABORTED; k++)
        fprintf(out, "%s %s %d", k ? "," : "", END_KIND_NAMES[k], s->ends[k]);
    fprintf(out, "\n%-*s", width, "Faults");
    for (int k = 0; k < FAULT_COLUMNS; k++)
        fprintf(out, " %9s", END_KIND_NAMES[FAULT_KINDS[k]]);
    fprintf(out, "\n");
    for (int e = 0; e < schedule->engines; e++) {
        fprintf(out, "%-*s", width, schedule->name[e]);
        for (int k = 0; k < FAULT_COLUMNS; k++)
            fprintf(out, " %9d", s->faults[e][FAULT_KINDS[k]]);
        fprintf(out, "\n");
    }
    fprintf(out, "Thinking time:");
    for (int e = 0; e < schedule->engines; e++)
        fprintf(out, "%s %s %.1f s", e ? "," : "", schedule->name[e], (double)s->millis[e] / 1000);
    fprintf(out, "\n");
    /* Whether engines keep to their clock with room to spare, not only within the grace. */
    fprintf(out, "Longest move:");
    for (int e = 0; e < schedule->engines; e++) {
        if (s->longest_known[e])
            fprintf(out, "%s %s %.3f s", e ? "," : "", schedule->name[e],
                    (double)s->longest_millis[e] / 1000);
        else
            fprintf(out, "%s %s unknown", e ? "," : "", schedule->name[e]);
    }
    fprintf(out, "\n");
}

/* ---- two engines ---- */

static void print_match_score(FILE *out, const Schedule *schedule, const Stats *s)
{
    const char *a = schedule->name[0], *b = schedule->name[1];
    int wins = s->beat[0][1];
    double low, high;
    wilson_interval(wins, s->games, Z95, &low, &high);
    fprintf(out, "Score of %s: %d/%d = %.1f%% [95%% CI %.1f%% .. %.1f%%]\n", a, wins, s->games,
            100 * stats_score(s), 100 * low, 100 * high);
    if (s->games == 0) {
        fprintf(out, "Elo %s - %s: n/a\n", a, b);
        return;
    }
    char elo[24], elo_low[24], elo_high[24];
    format_elo(elo_from_score(stats_score(s)), elo, sizeof elo);
    format_elo(elo_from_score(low), elo_low, sizeof elo_low);
    format_elo(elo_from_score(high), elo_high, sizeof elo_high);
    fprintf(out, "Elo %s - %s: %s [95%% CI %s .. %s]\n", a, b, elo, elo_low, elo_high);
}

static void print_sprt(FILE *out, const SprtConfig *sprt, const Stats *s)
{
    double lower, upper;
    int wins = s->beat[0][1], losses = s->beat[1][0];
    sprt_bounds(sprt, &lower, &upper);
    SprtDecision d = sprt_decide(sprt, wins, losses);
    fprintf(out, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] %s\n", sprt->elo0, sprt->elo1,
            sprt->alpha, sprt->beta, sprt_llr(sprt, wins, losses), lower, upper,
            d == SPRT_H1 ? "H1 accepted" : d == SPRT_H0 ? "H0 accepted" : "inconclusive");
}

/* ---- more engines ---- */

static void print_schedule(FILE *out, const Schedule *schedule)
{
    if (schedule->kind == SCHEDULE_GAUNTLET)
        fprintf(out, "Gauntlet: %s against %d engines, %d game%s per pairing\n", schedule->name[0],
                schedule->engines - 1, schedule->games_per_pairing, schedule->games_per_pairing == 1 ? "" : "s");
    else
        fprintf(out, "Round-robin of %d engines, %d game%s per pairing\n", schedule->engines,
                schedule->games_per_pairing, schedule->games_per_pairing == 1 ? "" : "s");
}

static bool scheduled(const Schedule *schedule, int a, int b)
{
    return a != b && (schedule->kind == SCHEDULE_ROUND_ROBIN || a == 0 || b == 0);
}

static void print_cross_table(FILE *out, const Schedule *schedule, const Stats *s, int width)
{
    int cell = 7;
    for (int e = 0; e < schedule->engines; e++)
        if ((int)strlen(schedule->name[e]) + 1 > cell)
            cell = (int)strlen(schedule->name[e]) + 1;
    fprintf(out, "Cross table: wins-losses of the row's engine against the column's\n%-*s", width, "");
    for (int b = 0; b < schedule->engines; b++)
        fprintf(out, " %*s", cell, schedule->name[b]);
    fprintf(out, "\n");
    for (int a = 0; a < schedule->engines; a++) {
        fprintf(out, "%-*s", width, schedule->name[a]);
        for (int b = 0; b < schedule->engines; b++) {
            char text[32];
            if (scheduled(schedule, a, b))
                snprintf(text, sizeof text, "%d-%d", s->beat[a][b], s->beat[b][a]);
            else
                snprintf(text, sizeof text, a == b ? "x" : ".");
            fprintf(out, " %*s", cell, text);
        }
        fprintf(out, "\n");
    }
}

static void print_interval(FILE *out, double elo, double low, double high)
{
    char text[3][24];
    format_elo(elo, text[0], sizeof text[0]);
    format_elo(low, text[1], sizeof text[1]);
    format_elo(high, text[2], sizeof text[2]);
    fprintf(out, " %8s   [%s .. %s]\n", text[0], text[1], text[2]);
}

static void print_rating(FILE *out, const Schedule *schedule, const Ratings *r, int anchor, int e)
{
    char elo[24];
    const char *anchor_name = schedule->name[anchor];
    format_elo(r->elo[e], elo, sizeof elo);
    if (e == anchor)
        fprintf(out, " %8s   (anchor)\n", elo);
    else if (isnan(r->elo[e]))
        fprintf(out, " %8s   (no games connect it to %s)\n", "?", anchor_name);
    else if (r->elo[e] == INFINITY)
        fprintf(out, " %8s   (no chain of wins leads from %s to it)\n", elo, anchor_name);
    else if (r->elo[e] == -INFINITY)
        fprintf(out, " %8s   (no chain of wins leads from it to %s)\n", elo, anchor_name);
    else
        print_interval(out, r->elo[e], r->low[e], r->high[e]);
}

/* Groups of two or more engines apart from the anchor's, each rated on its own games. */
static void print_groups(FILE *out, const Schedule *schedule, const Ratings *r, int anchor, int width)
{
    for (int g = 0; g < r->groups; g++) {
        int lead = r->group_anchor[g], size = 0;
        for (int e = 0; e < schedule->engines; e++)
            size += r->group[e] == g;
        if (g == r->group[anchor] || size < 2)
            continue;
        fprintf(out, "Rated within their group, from its games alone, %s = 0:\n", schedule->name[lead]);
        for (int e = 0; e < schedule->engines; e++) {
            if (r->group[e] != g)
                continue;
            fprintf(out, "%-*s", width, schedule->name[e]);
            if (e == lead)
                fprintf(out, " %8s   (anchor)\n", "+0.0");
            else
                print_interval(out, r->within[e], r->within_low[e], r->within_high[e]);
        }
    }
}

static void print_ratings(FILE *out, const MatchSettings *m, const Stats *s, int width)
{
    const Schedule *schedule = &m->schedule;
    Ratings r;
    ratings_fit(schedule->engines, s->beat, m->anchor, &r);
    fprintf(out, "Elo by maximum likelihood, %s = 0, 95%% intervals:\n", schedule->name[m->anchor]);
    for (int e = 0; e < schedule->engines; e++) {
        fprintf(out, "%-*s", width, schedule->name[e]);
        print_rating(out, schedule, &r, m->anchor, e);
    }
    print_groups(out, schedule, &r, m->anchor, width);
}

void report_print(FILE *out, const MatchSettings *m, const Stats *s)
{
    const Schedule *schedule = &m->schedule;
    int width = name_width(schedule);
    print_header(out, m, s);
    if (schedule->engines == 2) {
        print_records(out, schedule, s, width);
        print_match_score(out, schedule, s);
        print_endings_and_faults(out, schedule, s, width);
        if (m->sprt.enabled)
            print_sprt(out, &m->sprt, s);
        return;
    }
    print_schedule(out, schedule);
    print_records(out, schedule, s, width);
    print_cross_table(out, schedule, s, width);
    print_ratings(out, m, s, width);
    print_endings_and_faults(out, schedule, s, width);
}
