/* records.c - SGF game records of the match, one file each or a collection. */
#include "match/records.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "records/sgf.h"

#define PROGRAM "amazons-match"

char *record_sgf(const MatchSettings *m, const GameResult *r)
{
    const MatchConfig *config = &m->config;
    SgfInfo info;
    sgf_info_clear(&info);
    snprintf(info.white, sizeof info.white, "%s", m->schedule.name[r->engine[WHITE]]);
    snprintf(info.black, sizeof info.black, "%s", m->schedule.name[r->engine[BLACK]]);
    result_sgf_value(r, info.result, sizeof info.result);
    snprintf(info.date, sizeof info.date, "%s", r->date);
    snprintf(info.event, sizeof info.event, "%s", PROGRAM);
    snprintf(info.game_name, sizeof info.game_name, "Game %d", r->index + 1);
    time_control_sgf(&config->tc, info.time_limit, sizeof info.time_limit, info.overtime, sizeof info.overtime);
    snprintf(info.comment, sizeof info.comment, "%s", r->reason);
    return sgf_write(&r->game, &info);
}

static bool write_text(const char *path, FILE *file, const char *text)
{
    if (fputs(text, file) == EOF) {
        fprintf(stderr, PROGRAM ": cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

bool record_save(const char *dir, const MatchSettings *m, const GameResult *r)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%04d.sgf", dir, r->index + 1);
    char *text = record_sgf(m, r);
    FILE *file = text ? fopen(path, "w") : NULL;
    bool ok = file && write_text(path, file, text);
    if (file && fclose(file) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, PROGRAM ": cannot write %s\n", path);
    free(text);
    return ok;
}

bool record_collection(const char *path, FILE *file, const MatchSettings *m, GameResult *const *results, int total)
{
    bool ok = true;
    for (int i = 0; i < total && ok; i++) {
        if (!results[i])
            continue;
        char *text = record_sgf(m, results[i]);
        ok = text && write_text(path, file, text);
        free(text);
    }
    if (fclose(file) != 0 || !ok) {
        fprintf(stderr, PROGRAM ": cannot write %s\n", path);
        return false;
    }
    return true;
}
