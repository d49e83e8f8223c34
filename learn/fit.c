/*
 * fit.c - amazons-fit: fits the formula evaluation (eval/formula.h) to
 * labelled positions (amazons-label), and compares it with the other
 * evaluations on held-out positions (docs/learning.md).
 *
 *   amazons-fit --size 10 --held-out held.bin --recipe TEXT -o formula10.amzw labelled.bin
 *
 * The target is LAMBDA * the game's outcome + (1 - LAMBDA) * the label (the
 * deep search's value); the default LAMBDA is 0, the label alone.  The
 * formula is linear in its coefficients, so the fit is a logistic
 * regression with soft targets, solved by Newton's method (iteratively
 * reweighted least squares) with a small ridge: deterministic, and done in
 * seconds.  A file ending in .journal is read as a labelling run's journal
 * (the positions labelled so far).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "eval/formula.h"
#include "eval/params.h"
#include "learn/data.h"
#include "match/board_size.h"
#include "protocol/numbers.h"

enum { COLUMNS = FORMULA_FEATURES * FORMULA_TERMS, NEWTON_STEPS = 50 };

typedef struct {
    int width, height;
    double lambda, ridge, sharpen;
    bool dropped[FORMULA_FEATURES]; /* features left out (their coefficients zero) */
    const char *output, *held_out, *recipe;
} Options;

/* Positions as the fit sees them: a row of COLUMNS per position, and the targets. */
typedef struct {
    double *rows;
    double *target;     /* what the fit aims at */
    double *label;      /* the teacher's value */
    double *outcome;    /* the game's outcome for the side to move */
    Position *positions;
    size_t count, capacity;
} Table;

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: amazons-fit --size N[xM] -o FILE [OPTION]... LABELLED...\n"
        "Fits the formula evaluation to labelled positions (docs/learning.md).\n"
        "\n"
        "  --size N or CxR      the board whose positions are fitted\n"
        "  --held-out FILE      labelled positions of other games, to judge every\n"
        "                       evaluation by (without it, one in ten by key)\n"
        "  --lambda L           weight of the game's outcome in the target (default 0)\n"
        "  --ridge R            L2 penalty on the coefficients (default 1)\n"
        "  --drop FEATURE       leave a feature out (repeatable); without the constant,\n"
        "                       a position whose differences are all zero is even\n"
        "  --sharpen S          multiply the coefficients written by S (default 1): the\n"
        "                       labels are search averages, flatter than the tree\n"
        "                       plays best with (docs/learning.md)\n"
        "  --recipe TEXT        how the data was made, kept in the file's header\n"
        "  -o FILE              the formula's weights file\n");
}

static const char *read_any(TrainingSet *set, const char *path)
{
    size_t n = strlen(path);
    if (n > 8 && strcmp(path + n - 8, ".journal") == 0)
        return journal_read(set, path);
    return set_read(set, path);
}

/* The row of a position: every feature times every power of the phase. */
static void row_of(const Position *pos, double row[COLUMNS])
{
    DistanceMap queen;
    Bitboard first[2], moves[COUNT_BITS];
    queen_first_levels(pos, first, moves);
    distance_fills(pos, &queen, first, true);
    double x[FORMULA_FEATURES], phase;
    formula_features(pos, &queen, moves, x, &phase);
    for (int f = 0; f < FORMULA_FEATURES; f++)
        for (int t = 0; t < FORMULA_TERMS; t++)
            row[f * FORMULA_TERMS + t] = x[f] * pow(phase, t);
}

static bool contested(const Position *pos)
{
    DistanceMap queen;
    queen_distances(pos, &queen);
    return (queen.reached[WHITE] & queen.reached[BLACK]) != 0;
}

/* *array grown to n numbers; false without memory (the old block stays). */
static bool grow_doubles(double **array, size_t n)
{
    double *grown = realloc(*array, n * sizeof *grown);
    if (grown)
        *array = grown;
    return grown != NULL;
}

/* Twice the room; false without memory (what was there stays, freed with the table). */
static bool table_grow(Table *t)
{
    size_t n = t->capacity ? 2 * t->capacity : 4096;
    if (!grow_doubles(&t->rows, n * COLUMNS) || !grow_doubles(&t->target, n) || !grow_doubles(&t->label, n)
        || !grow_doubles(&t->outcome, n))
        return false;
    Position *positions = realloc(t->positions, n * sizeof *positions);
    if (!positions)
        return false;
    t->positions = positions;
    t->capacity = n;
    return true;
}

static bool table_add(Table *t, const Options *o, const TrainingRecord *r)
{
    Position pos;
    record_position(r, &pos);
    if (!contested(&pos))
        return true;
    if (t->count == t->capacity && !table_grow(t))
        return false;
    size_t i = t->count++;
    row_of(&pos, t->rows + i * COLUMNS);
    t->label[i] = r->value / 65535.0;
    t->outcome[i] = r->result / 65535.0;
    t->target[i] = o->lambda * t->outcome[i] + (1 - o->lambda) * t->label[i];
    t->positions[i] = pos;
    return true;
}

static void table_free(Table *t)
{
    free(t->rows), free(t->target), free(t->label), free(t->outcome), free(t->positions);
    *t = (Table){ 0 };
}

static double logistic(double z) { return 1.0 / (1.0 + exp(-z)); }

/* Cross-entropy of probability q against a soft target y. */
static double loss_of(double y, double q)
{
    q = q < 1e-6 ? 1e-6 : q > 1 - 1e-6 ? 1 - 1e-6 : q;
    return -(y * log(q) + (1 - y) * log(1 - q));
}

/* Solves a x = b for a symmetric positive definite a (n x n) by Cholesky; a is overwritten. */
static bool solve_spd(double *a, double *b, int n)
{
    for (int j = 0; j < n; j++) {
        double d = a[j * n + j];
        for (int k = 0; k < j; k++)
            d -= a[j * n + k] * a[j * n + k];
        if (d <= 0)
            return false;
        a[j * n + j] = sqrt(d);
        for (int i = j + 1; i < n; i++) {
            double s = a[i * n + j];
            for (int k = 0; k < j; k++)
                s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = s / a[j * n + j];
        }
    }
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < i; k++)
            b[i] -= a[i * n + k] * b[k];
        b[i] /= a[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        for (int k = i + 1; k < n; k++)
            b[i] -= a[k * n + i] * b[k];
        b[i] /= a[i * n + i];
    }
    return true;
}

/*
 * Newton's method on the mean cross-entropy plus ridge / 2 |beta|^2 over
 * standardised columns (so one ridge suits every column); beta comes back
 * in the columns' own units.
 */
static bool fit(const Table *t, double ridge, bool uncentred, double beta[COLUMNS])
{
    double mean[COLUMNS] = { 0 }, scale[COLUMNS];
    for (int j = 0; j < COLUMNS; j++) {
        double s = 0, s2 = 0;
        for (size_t i = 0; i < t->count; i++) {
            double v = t->rows[i * COLUMNS + j];
            s += v, s2 += v * v;
        }
        double m = s / t->count, var = s2 / t->count - m * m;
        bool constant = j == F_CONSTANT * FORMULA_TERMS; /* the intercept stays as it is */
        mean[j] = constant || uncentred ? 0 : m; /* without an intercept, nothing absorbs the centring */
        scale[j] = constant || var < 1e-12 ? 1 : sqrt(var);
    }
    double b[COLUMNS] = { 0 }, z[COLUMNS];
    static double hessian[COLUMNS * COLUMNS];
    /* The intercept absorbs the centring: the constant column is column 0. */
    for (int step = 0; step < NEWTON_STEPS; step++) {
        double grad[COLUMNS] = { 0 };
        memset(hessian, 0, sizeof hessian);
        for (size_t i = 0; i < t->count; i++) {
            const double *row = t->rows + i * COLUMNS;
            double s = 0;
            for (int j = 0; j < COLUMNS; j++)
                s += b[j] * (z[j] = (row[j] - mean[j]) / scale[j]);
            double q = logistic(s), w = q * (1 - q), e = q - t->target[i];
            for (int j = 0; j < COLUMNS; j++) {
                grad[j] += e * z[j];
                for (int k = 0; k <= j; k++)
                    hessian[j * COLUMNS + k] += w * z[j] * z[k];
            }
        }
        for (int j = 0; j < COLUMNS; j++) {
            grad[j] = grad[j] / t->count + ridge / t->count * b[j];
            for (int k = 0; k <= j; k++)
                hessian[j * COLUMNS + k] = hessian[k * COLUMNS + j] = hessian[j * COLUMNS + k] / t->count;
            hessian[j * COLUMNS + j] += ridge / t->count + 1e-9;
        }
        if (!solve_spd(hessian, grad, COLUMNS))
            return false;
        double moved = 0;
        for (int j = 0; j < COLUMNS; j++) {
            b[j] -= grad[j];
            moved += fabs(grad[j]);
        }
        if (moved < 1e-9)
            break;
    }
    /* Back to the columns' units: b_j (x_j - m_j) / s_j. */
    double intercept = b[0];
    for (int j = 1; j < COLUMNS; j++) {
        beta[j] = b[j] / scale[j];
        intercept -= beta[j] * mean[j];
    }
    beta[0] = intercept;
    return true;
}

typedef struct {
    double loss, outcome_loss, agree, winner;
    size_t count;
} Score;

/* How well probabilities q match the teacher's labels and the games' outcomes. */
static Score score(const Table *t, const double *q)
{
    Score s = { 0 };
    size_t decided = 0;
    for (size_t i = 0; i < t->count; i++) {
        s.loss += loss_of(t->label[i], q[i]);
        s.outcome_loss += loss_of(t->outcome[i], q[i]);
        s.agree += (q[i] > 0.5) == (t->label[i] > 0.5);
        if (t->outcome[i] != 0.5) {
            decided++;
            s.winner += (q[i] > 0.5) == (t->outcome[i] > 0.5);
        }
    }
    s.count = t->count;
    s.loss /= t->count, s.outcome_loss /= t->count, s.agree /= t->count;
    s.winner = decided ? s.winner / decided : 0;
    return s;
}

static void print_score(const char *name, Score s)
{
    printf("  %-22s loss %.4f  sign agrees %.1f%%  outcome loss %.4f  winner %.1f%%\n", name, s.loss,
           100 * s.agree, s.outcome_loss, 100 * s.winner);
}

/* Every evaluation on the held-out positions. */
static void compare(const Table *held, const Formula *formula)
{
    double *q = malloc(held->count * sizeof *q);
    if (!q)
        return;
    printf("held-out positions: %zu\n", held->count);
    for (size_t i = 0; i < held->count; i++)
        q[i] = held->label[i];
    Score floor = score(held, q);
    printf("  %-22s loss %.4f (the labels' own entropy: no evaluation does better)\n", "floor", floor.loss);
    static const struct { EvalKind kind; const char *name; } OTHERS[] = {
        { EVAL_CLASSIC, "classic" }, { EVAL_NET, "network (per-square)" },
    };
    for (size_t k = 0; k < sizeof OTHERS / sizeof *OTHERS; k++) {
        eval_use(OTHERS[k].kind);
        if (!eval_net_judges(held->positions[0].width, held->positions[0].height) && OTHERS[k].kind == EVAL_NET)
            continue;
        for (size_t i = 0; i < held->count; i++)
            q[i] = eval_win_probability(&held->positions[i]);
        print_score(OTHERS[k].name, score(held, q));
    }
    for (size_t i = 0; i < held->count; i++) {
        double s = 0;
        const double *row = held->rows + i * COLUMNS;
        for (int f = 0; f < FORMULA_FEATURES; f++)
            for (int t = 0; t < FORMULA_TERMS; t++)
                s += formula->coef[f][t] * row[f * FORMULA_TERMS + t];
        q[i] = logistic(s);
    }
    print_score("formula", score(held, q));
    free(q);
}

static bool load_table(const Options *o, char **paths, int count, Table *train, Table *held)
{
    TrainingSet set = { 0 };
    for (int i = 0; i < count; i++) {
        const char *error = read_any(&set, paths[i]);
        if (error) {
            fprintf(stderr, "amazons-fit: %s: %s\n", paths[i], error);
            return false;
        }
    }
    set_merge_duplicates(&set);
    TrainingSet other = { 0 };
    if (o->held_out) {
        const char *error = read_any(&other, o->held_out);
        if (error) {
            fprintf(stderr, "amazons-fit: %s: %s\n", o->held_out, error);
            return false;
        }
    }
    bool ok = true;
    for (size_t i = 0; ok && i < set.count; i++) {
        const TrainingRecord *r = &set.records[i];
        if (r->width != o->width || r->height != o->height)
            continue;
        ok = table_add(!o->held_out && r->key % 10 == 0 ? held : train, o, r);
    }
    for (size_t i = 0; ok && i < other.count; i++)
        if (other.records[i].width == o->width && other.records[i].height == o->height)
            ok = table_add(held, o, &other.records[i]);
    set_free(&set);
    set_free(&other);
    if (!ok)
        fprintf(stderr, "amazons-fit: out of memory\n");
    return ok;
}

enum { OPT_SIZE = 256, OPT_HELD_OUT, OPT_LAMBDA, OPT_RIDGE, OPT_SHARPEN, OPT_DROP, OPT_RECIPE, OPT_HELP };

static bool apply(Options *o, int opt, const char *arg)
{
    switch (opt) {
    case OPT_SIZE: {
        BoardSize size;
        return board_size_parse(arg, &size) && (o->width = size.width, o->height = size.height, true);
    }
    case OPT_HELD_OUT: o->held_out = arg; return true;
    case OPT_LAMBDA: return parse_double(arg, 0, 1, &o->lambda);
    case OPT_RIDGE: return parse_double(arg, 0, 1e9, &o->ridge);
    case OPT_DROP:
        for (int f = 0; f < FORMULA_FEATURES; f++)
            if (strcmp(arg, FORMULA_FEATURE_NAMES[f]) == 0)
                return o->dropped[f] = true;
        return false;
    case OPT_SHARPEN: return parse_double(arg, 0.01, 100, &o->sharpen);
    case OPT_RECIPE: o->recipe = arg; return true;
    case 'o': o->output = arg; return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "size", required_argument, NULL, OPT_SIZE },     { "held-out", required_argument, NULL, OPT_HELD_OUT },
        { "lambda", required_argument, NULL, OPT_LAMBDA }, { "ridge", required_argument, NULL, OPT_RIDGE },
        { "sharpen", required_argument, NULL, OPT_SHARPEN }, { "drop", required_argument, NULL, OPT_DROP }, { "recipe", required_argument, NULL, OPT_RECIPE },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 },
    };
    Options o = { .ridge = 1, .sharpen = 1, .recipe = "" };
    for (int opt; (opt = getopt_long(argc, argv, "o:", options, NULL)) != -1;) {
        if (opt == OPT_HELP) {
            usage(stdout);
            return 0;
        }
        if (opt == '?' || !apply(&o, opt, optarg)) {
            if (opt != '?')
                fprintf(stderr, "amazons-fit: invalid value '%s'\n", optarg);
            usage(stderr);
            return 2;
        }
    }
    if (!o.output || !o.width || optind >= argc) {
        usage(stderr);
        return 2;
    }
    params_use_board(o.width, o.height);
    Table train = { 0 }, held = { 0 };
    if (!load_table(&o, argv + optind, argc - optind, &train, &held))
        return 1;
    if (train.count < 10 * COLUMNS || !held.count) {
        fprintf(stderr, "amazons-fit: %zu positions to fit and %zu held out: too few\n", train.count, held.count);
        return 1;
    }
    double beta[COLUMNS];
    /* A dropped feature's columns are zero, and so (by the ridge) are its coefficients. */
    for (int f = 0; f < FORMULA_FEATURES; f++)
        for (size_t i = 0; o.dropped[f] && i < train.count; i++)
            for (int t = 0; t < FORMULA_TERMS; t++)
                train.rows[i * COLUMNS + f * FORMULA_TERMS + t] = 0;
    if (!fit(&train, o.ridge, o.dropped[F_CONSTANT], beta)) {
        fprintf(stderr, "amazons-fit: the fit failed (the features are degenerate on these positions)\n");
        return 1;
    }
    Formula formula = { .width = o.width, .height = o.height };
    for (int f = 0; f < FORMULA_FEATURES; f++) {
        printf("%-16s", FORMULA_FEATURE_NAMES[f]);
        for (int t = 0; t < FORMULA_TERMS; t++)
            printf(" %+10.4f", formula.coef[f][t] = beta[f * FORMULA_TERMS + t]);
        printf("\n");
    }
    printf("fitted on %zu positions\n", train.count);
    compare(&held, &formula);
    for (int f = 0; f < FORMULA_FEATURES; f++)
        for (int t = 0; t < FORMULA_TERMS; t++)
            formula.coef[f][t] *= o.sharpen;
    int status = 0;
    if (!formula_write(o.output, o.recipe, &formula, 1)) {
        perror(o.output);
        status = 1;
    }
    table_free(&train);
    table_free(&held);
    return status;
}
