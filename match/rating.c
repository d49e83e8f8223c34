/* rating.c - maximum-likelihood Elo (Bradley-Terry by MM) with Wald intervals. */
#include "match/rating.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

enum { MM_MAX_ITERATIONS = 100000 };
#define MM_TOLERANCE 1e-12
#define Z95 1.959963984540054
#define ELO_PER_NAT (400.0 / M_LN10) /* Elo for a factor e in strength */

/* reach[i][j]: a chain of wins leads from i to j (every engine reaches itself). */
static void win_chains(int n, const int beat[MAX_ENGINES][MAX_ENGINES], bool reach[MAX_ENGINES][MAX_ENGINES])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            reach[i][j] = i == j || beat[i][j] > 0;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                reach[i][j] = reach[i][j] || (reach[i][k] && reach[k][j]);
}

/*
 * Strengths gamma of the `k` engines in `members` (the anchor first, kept
 * at 1) by MM: gamma_i <- W_i / sum_j n_ij / (gamma_i + gamma_j).
 */
static void fit_group(const int beat[MAX_ENGINES][MAX_ENGINES], const int *members, int k, double *gamma)
{
    for (int i = 0; i < k; i++)
        gamma[i] = 1.0;
    for (int iteration = 0; iteration < MM_MAX_ITERATIONS; iteration++) {
        double change = 0;
        for (int i = 1; i < k; i++) {
            double wins = 0, denominator = 0;
            for (int j = 0; j < k; j++) {
                if (j == i)
                    continue;
                int a = members[i], b = members[j];
                wins += beat[a][b];
                denominator += (beat[a][b] + beat[b][a]) / (gamma[i] + gamma[j]);
            }
            double next = wins / denominator;
            change = fmax(change, fabs(log(next / gamma[i])));
            gamma[i] = next;
        }
        if (change < MM_TOLERANCE)
            break;
    }
}

/* Inverts the m x m matrix a in place (Gauss-Jordan, partial pivoting); false when singular. */
static bool invert(double a[MAX_ENGINES][MAX_ENGINES], int m)
{
    double inv[MAX_ENGINES][MAX_ENGINES];
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            inv[i][j] = i == j;
    for (int c = 0; c < m; c++) {
        int pivot = c;
        for (int r = c + 1; r < m; r++)
            if (fabs(a[r][c]) > fabs(a[pivot][c]))
                pivot = r;
        if (fabs(a[pivot][c]) < 1e-300)
            return false;
        for (int j = 0; j < m; j++) {
            double t = a[c][j];
            a[c][j] = a[pivot][j], a[pivot][j] = t;
            t = inv[c][j];
            inv[c][j] = inv[pivot][j], inv[pivot][j] = t;
        }
        double d = a[c][c];
        for (int j = 0; j < m; j++)
            a[c][j] /= d, inv[c][j] /= d;
        for (int r = 0; r < m; r++) {
            if (r == c || a[r][c] == 0)
                continue;
            double f = a[r][c];
            for (int j = 0; j < m; j++)
                a[r][j] -= f * a[c][j], inv[r][j] -= f * inv[c][j];
        }
    }
    memcpy(a, inv, sizeof inv);
    return true;
}

/*
 * Standard errors (in natural log-strength units) of members 1..k-1 with
 * member 0 fixed: the diagonal of the inverse observed information, where
 * I_ii = sum_j n_ij p_ij p_ji and I_ij = -n_ij p_ij p_ji.
 */
static bool standard_errors(const int beat[MAX_ENGINES][MAX_ENGINES], const int *members, int k,
                            const double *gamma, double *se)
{
    double info[MAX_ENGINES][MAX_ENGINES];
    int m = k - 1;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            info[i][j] = 0;
    for (int i = 1; i < k; i++)
        for (int j = 0; j < k; j++) {
            if (j == i)
                continue;
            int a = members[i], b = members[j];
            double p = gamma[i] / (gamma[i] + gamma[j]);
            double w = (beat[a][b] + beat[b][a]) * p * (1 - p);
            info[i - 1][i - 1] += w;
            if (j > 0)
                info[i - 1][j - 1] -= w;
        }
    if (!invert(info, m))
        return false;
    for (int i = 0; i < m; i++)
        se[i + 1] = sqrt(info[i][i]);
    return true;
}

/* Fits the group of engines `members` (members[0] rated 0) into within / within_low / within_high. */
static void rate_group(const int beat[MAX_ENGINES][MAX_ENGINES], const int *members, int k, Ratings *r)
{
    double gamma[MAX_ENGINES], se[MAX_ENGINES];
    fit_group(beat, members, k, gamma);
    bool have_se = standard_errors(beat, members, k, gamma, se);
    r->within[members[0]] = r->within_low[members[0]] = r->within_high[members[0]] = 0;
    for (int i = 1; i < k; i++) {
        int e = members[i];
        r->within[e] = ELO_PER_NAT * log(gamma[i]);
        double half = have_se ? Z95 * ELO_PER_NAT * se[i] : INFINITY;
        r->within_low[e] = r->within[e] - half;
        r->within_high[e] = r->within[e] + half;
    }
}

/* Splits the engines into groups (joined both ways by chains of wins) and rates each within itself. */
static void rate_groups(int n, const int beat[MAX_ENGINES][MAX_ENGINES], bool reach[MAX_ENGINES][MAX_ENGINES],
                        int anchor, Ratings *r)
{
    r->groups = 0;
    for (int e = 0; e < n; e++)
        r->group[e] = -1;
    for (int first = 0; first < n; first++) {
        if (r->group[first] >= 0)
            continue;
        int lead = reach[first][anchor] && reach[anchor][first] ? anchor : first;
        int members[MAX_ENGINES], k = 0;
        members[k++] = lead;
        for (int e = first; e < n; e++)
            if (e != lead && reach[e][lead] && reach[lead][e])
                members[k++] = e;
        for (int i = 0; i < k; i++)
            r->group[members[i]] = r->groups;
        r->group_anchor[r->groups++] = lead;
        rate_group(beat, members, k, r);
    }
}

void ratings_fit(int n, const int beat[MAX_ENGINES][MAX_ENGINES], int anchor, Ratings *r)
{
    bool reach[MAX_ENGINES][MAX_ENGINES];
    win_chains(n, beat, reach);
    rate_groups(n, beat, reach, anchor, r);
    for (int e = 0; e < n; e++) {
        bool up = reach[e][anchor], down = reach[anchor][e];
        if (up && down) {
            r->elo[e] = r->within[e];
            r->low[e] = r->within_low[e];
            r->high[e] = r->within_high[e];
        } else {
            r->elo[e] = r->low[e] = r->high[e] = up ? INFINITY : down ? -INFINITY : NAN;
        }
    }
}
