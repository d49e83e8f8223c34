/*
 * test_prior.c - the move prior's tools: amazons-prior-label (deep
 * searches' root visits) and amazons-prior-fit (the ordering's weights
 * fitted to them).  The ordering's use of the weights is tested with the
 * search (tests/test_search.c).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/move.h"
#include "engine/movegen.h"
#include "learn/data.h"
#include "tests.h"
#include "tests/learn_fixtures.h"

enum { PLAYOUTS = 300 };

static const char *tool(const char *variable, const char *fallback)
{
    const char *bin = getenv(variable);
    return bin ? bin : fallback;
}

/* Runs amazons-prior-label on IN with ARGS, appending to OUT; its exit status. */
static int prior_label(const char *args, const char *in, const char *out)
{
    char command[1024];
    snprintf(command, sizeof command, "'%s' --playouts %d %s -o '%s' '%s' 2>/dev/null",
             tool("AMAZONS_PRIOR_LABEL_BIN", "build/release/amazons-prior-label"), PLAYOUTS, args, out, in);
    return system(command);
}

/* Runs amazons-prior-fit with ARGS, its standard output to OUT and its errors to ERR. */
static int prior_fit(const char *args, const char *out, const char *err)
{
    char command[1024];
    snprintf(command, sizeof command, "'%s' %s > '%s' 2> '%s'",
             tool("AMAZONS_PRIOR_FIT_BIN", "build/release/amazons-prior-fit"), args, out, err);
    return system(command);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file's lines, sorted (the order positions finish in depends on -j); how many. */
/* A whole text file, NUL-terminated (free it). */
static char *read_text(const char *path)
{
    char *data;
    size_t length;
    read_whole(path, &data, &length);
    char *text = strndup(data ? data : "", length);
    free(data);
    return text;
}

static size_t sorted_lines(const char *path, char ***lines)
{
    char *data = read_text(path);
    size_t length = strlen(data), count = 0;
    *lines = malloc((length + 1) * sizeof **lines);
    for (char *rest = data, *line; (line = strsep(&rest, "\n")); )
        if (*line)
            (*lines)[count++] = strdup(line);
    free(data);
    qsort(*lines, count, sizeof **lines, by_text);
    return count;
}

static void free_lines(char **lines, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(lines[i]);
    free(lines);
}

/* A line names its position and the search's root moves: legal, most visited first, within the playouts. */
static void check_line(const char *text)
{
    char *line = strdup(text), *rest = line, *field[4];
    for (int i = 0; i < 4; i++)
        ck_assert_ptr_nonnull(field[i] = strsep(&rest, "\t"));
    ck_assert_ptr_null(rest);
    Position pos;
    ck_assert_ptr_null(position_from_text(&pos, field[1]));
    ck_assert_int_eq(atoi(field[2]), PLAYOUTS);
    unsigned total = 0, previous = ~0u;
    int moves = 0;
    for (char *entries = field[3], *entry; (entry = strsep(&entries, " ")); moves++) {
        char *colon = strchr(entry, ':');
        ck_assert_ptr_nonnull(colon);
        *colon = '\0';
        Move m;
        ck_assert(move_from_text(entry, pos.width, pos.height, &m));
        ck_assert(is_legal_move(&pos, pos.to_move, m));
        unsigned visits = (unsigned)atoi(colon + 1);
        ck_assert_uint_gt(visits, 0);
        ck_assert_uint_le(visits, previous);
        previous = visits;
        total += visits;
    }
    ck_assert_int_gt(moves, 1);
    ck_assert_uint_le(total, PLAYOUTS);
    ck_assert_uint_gt(total, PLAYOUTS / 2);
    free(line);
}

/*
 * The lines repeat whatever -j; a run killed part way (its file ending in
 * a partial line) goes on to the same lines; every line is sound.
 */
START_TEST(prior_labels_repeat_resume_and_name_root_moves)
{
    char dir[] = "/tmp/test_prior_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char in[128], one[128], two[128], resumed[128];
    snprintf(in, sizeof in, "%s/in.bin", dir);
    snprintf(one, sizeof one, "%s/one.txt", dir);
    snprintf(two, sizeof two, "%s/two.txt", dir);
    snprintf(resumed, sizeof resumed, "%s/resumed.txt", dir);
    size_t positions = write_game_positions(in, 6, 6, 4, 10, 70);
    ck_assert_int_eq(prior_label("-j 1", in, one), 0);
    ck_assert_int_eq(prior_label("-j 2", in, two), 0);
    char **a, **b;
    size_t na = sorted_lines(one, &a), nb = sorted_lines(two, &b);
    ck_assert_uint_eq(na, positions);
    ck_assert_uint_eq(nb, na);
    for (size_t i = 0; i < na; i++) {
        ck_assert_str_eq(a[i], b[i]);
        check_line(a[i]);
    }
    free_lines(b, nb);
    /* A run killed after 5 lines and part of a sixth. */
    FILE *f = fopen(resumed, "w");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < 5; i++)
        fprintf(f, "%s\n", a[i]);
    fprintf(f, "%.30s", a[5]);
    fclose(f);
    ck_assert_int_eq(prior_label("-j 2", in, resumed), 0);
    nb = sorted_lines(resumed, &b);
    ck_assert_uint_eq(nb, na);
    for (size_t i = 0; i < na; i++)
        ck_assert_str_eq(a[i], b[i]);
    free_lines(b, nb);
    /* --limit: that many positions. */
    unlink(two);
    ck_assert_int_eq(prior_label("--limit 7", in, two), 0);
    nb = sorted_lines(two, &b);
    ck_assert_uint_eq(nb, 7);
    free_lines(b, nb);
    free_lines(a, na);
    /* Bad input: a file that is not training data, bad option values. */
    ck_assert_int_ne(prior_label("", "/nonexistent", two), 0);
    ck_assert_int_ne(prior_label("--limit 0", in, two), 0);
    ck_assert_int_ne(prior_label("--param no_such=1", in, two), 0);
    const char *names[] = { in, one, two, resumed };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(names[i]);
    rmdir(dir);
}
END_TEST

/* The cross entropy a fit's output reports on the line naming `what`, for the half `half`. */
static double reported_loss(const char *output, const char *half, const char *what)
{
    char key[96];
    snprintf(key, sizeof key, "%s %s", half, what);
    for (const char *line = output; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        const char *rest = line;
        if (strncmp(rest, half, strlen(half)) != 0)
            continue;
        rest += strlen(half);
        rest += strspn(rest, " ");
        if (strncmp(rest, what, strlen(what)) != 0 || rest[strlen(what)] != ' ')
            continue;
        const char *loss = strstr(rest, "cross entropy ");
        ck_assert_ptr_nonnull(loss);
        return atof(loss + strlen("cross entropy "));
    }
    ck_abort_msg("no line for %s", key);
    return 0;
}

/*
 * The fit learns: on its own positions it predicts the visits at least as
 * well as the weights in use, and prints every weight as an option.  Bad
 * files and missing arguments are refused with a reason.
 */
START_TEST(prior_fit_learns_and_refuses_bad_files)
{
    char dir[] = "/tmp/test_prior_fit_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char in[128], visits[128], out[128], err[128], bad[128], args[512];
    snprintf(in, sizeof in, "%s/in.bin", dir);
    snprintf(visits, sizeof visits, "%s/visits.txt", dir);
    snprintf(out, sizeof out, "%s/out.txt", dir);
    snprintf(err, sizeof err, "%s/err.txt", dir);
    snprintf(bad, sizeof bad, "%s/bad.txt", dir);
    write_game_positions(in, 6, 6, 4, 10, 70);
    ck_assert_int_eq(prior_label("-j 2", in, visits), 0);
    snprintf(args, sizeof args, "--held-out '%s' '%s'", visits, visits);
    ck_assert_int_eq(prior_fit(args, out, err), 0);
    char *output = read_text(out);
    ck_assert_double_le(reported_loss(output, "amazon moves", "fitted"),
                        reported_loss(output, "amazon moves", "weights in use") + 1e-3);
    ck_assert_double_le(reported_loss(output, "arrows", "fitted"),
                        reported_loss(output, "arrows", "weights in use") + 1e-3);
    const char *weights[] = { "order_mobility=", "order_next_to_enemy=", "order_edge_distance=",
                              "arrow_their_neighbour=", "arrow_only_our_reach=" };
    for (size_t i = 0; i < sizeof weights / sizeof *weights; i++)
        ck_assert_msg(strstr(output, weights[i]), "no %s in:\n%s", weights[i], output);
    free(output);
    /* A malformed line is named. */
    FILE *f = fopen(bad, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "0123\tnot a position\t300\ta1-a2/a3:5\n");
    fclose(f);
    snprintf(args, sizeof args, "--held-out '%s' '%s'", visits, bad);
    ck_assert_int_ne(prior_fit(args, out, err), 0);
    output = read_text(err);
    ck_assert_msg(strstr(output, "line 1: bad position"), "%s", output);
    free(output);
    snprintf(args, sizeof args, "--held-out /nonexistent '%s'", visits);
    ck_assert_int_ne(prior_fit(args, out, err), 0);
    snprintf(args, sizeof args, "'%s'", visits); /* no held-out file */
    ck_assert_int_eq(prior_fit(args, out, err), 2 << 8);
    const char *names[] = { in, visits, out, err, bad };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(names[i]);
    rmdir(dir);
}
END_TEST

Suite *prior_suite(void)
{
    Suite *s = suite_create("prior");
    TCase *tc = tcase_create("move prior tools");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, prior_labels_repeat_resume_and_name_root_moves);
    tcase_add_test(tc, prior_fit_learns_and_refuses_bad_files);
    suite_add_tcase(s, tc);
    return s;
}
