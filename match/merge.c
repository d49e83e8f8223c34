/* merge.c - reading several results files as one match and reporting it. */
#include "match/merge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/records.h"
#include "match/report.h"
#include "match/results.h"

#define PROGRAM "amazons-match"

typedef struct {
    const ResultsCheck *check;
    char *const *paths;
    int file;                /* the file being read */
    int *read_from;          /* by game index: 1 + the file it came from, 0 when not read yet */
    GameResult **results;    /* by game index, for --sgf; NULL without */
    bool want_sgf;
    Stats stats;
} Merge;

/* Sizes the per-game arrays once the first line has given the schedule. */
static bool allocate(Merge *merge)
{
    size_t total = (size_t)merge->check->settings.schedule.total;
    merge->read_from = calloc(total, sizeof *merge->read_from);
    if (merge->want_sgf)
        merge->results = calloc(total, sizeof *merge->results);
    return merge->read_from && (!merge->want_sgf || merge->results);
}

static bool merge_game(void *context, const GameResult *r, char *error, size_t size)
{
    Merge *merge = context;
    if (!merge->read_from && !allocate(merge)) {
        snprintf(error, size, "out of memory");
        return false;
    }
    int from = merge->read_from[r->index];
    if (from) {
        snprintf(error, size, "game %d is there twice (first in %s)", r->index + 1, merge->paths[from - 1]);
        return false;
    }
    merge->read_from[r->index] = merge->file + 1;
    stats_add(&merge->stats, r);
    if (merge->results) {
        merge->results[r->index] = malloc(sizeof *r);
        if (!merge->results[r->index]) {
            snprintf(error, size, "out of memory");
            return false;
        }
        *merge->results[r->index] = *r;
    }
    return true;
}

static void release(Merge *merge, int total)
{
    if (merge->results)
        for (int i = 0; i < total; i++)
            free(merge->results[i]);
    free(merge->results);
    free(merge->read_from);
}

static int read_all(Merge *merge, ResultsCheck *check, char *const *paths, int count)
{
    char error[2048];
    for (merge->file = 0; merge->file < count; merge->file++)
        if (!results_read(paths[merge->file], false, check, merge_game, merge, error, sizeof error)) {
            fprintf(stderr, PROGRAM ": %s\n", error);
            return 2;
        }
    if (!check->known) {
        fprintf(stderr, PROGRAM ": no game in the results file%s given\n", count == 1 ? "" : "s");
        return 2;
    }
    return 0;
}

int merge_results(char *const *paths, int count, const char *anchor, const char *sgf_path)
{
    static ResultsCheck check;
    static Merge merge;
    merge = (Merge){ .check = &check, .paths = paths, .want_sgf = sgf_path != NULL };
    int status = read_all(&merge, &check, paths, count);
    MatchSettings *m = &check.settings;
    if (status == 0 && anchor && (m->anchor = schedule_find(&m->schedule, anchor)) < 0) {
        fprintf(stderr, PROGRAM ": --anchor %s names none of the engines in the files\n", anchor);
        status = 2;
    }
    if (status == 0 && sgf_path) {
        FILE *file = fopen(sgf_path, "w");
        if (!file)
            fprintf(stderr, PROGRAM ": cannot write %s: %s\n", sgf_path, strerror(errno));
        if (!file || !record_collection(sgf_path, file, m, merge.results, m->schedule.total))
            status = 1;
    }
    if (status == 0 || status == 1) {
        report_print(stdout, m, &merge.stats);
        fflush(stdout);
    }
    release(&merge, check.known ? m->schedule.total : 0);
    return status;
}
