/* settings.c - telling whether two runs belong to the same match, and how they differ. */
#include "match/settings.h"

#include <stdio.h>
#include <string.h>

static bool same_clock(const TimeControl *a, const TimeControl *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case TC_MOVE:
        return a->move_time == b->move_time;
    case TC_FISCHER:
        return a->main_time == b->main_time && a->increment == b->increment;
    case TC_CANADIAN:
        return a->main_time == b->main_time && a->byo_time == b->byo_time && a->byo_stones == b->byo_stones;
    }
    return false;
}

static void engine_list(const Schedule *s, char *text, size_t size)
{
    size_t n = 0;
    text[0] = '\0';
    for (int e = 0; e < s->engines && n < size; e++) {
        int w = snprintf(text + n, size - n, "%s%s", e ? "," : "", s->name[e]);
        n += w > 0 ? (size_t)w : 0;
    }
}

static bool same_engines(const Schedule *a, const Schedule *b)
{
    if (a->engines != b->engines)
        return false;
    for (int e = 0; e < a->engines; e++)
        if (strcmp(a->name[e], b->name[e]) != 0)
            return false;
    return true;
}

static void seed_text(const MatchSettings *m, char *text, size_t size)
{
    if (m->have_seed)
        snprintf(text, size, "seed %llu", m->seed);
    else
        snprintf(text, size, "no seed");
}

const char *settings_differ(const MatchSettings *a, const MatchSettings *b, char *diff, size_t size)
{
    const Schedule *sa = &a->schedule, *sb = &b->schedule;
    char x[1024], y[1024];
    if (!board_size_equal(a->config.board, b->config.board)) {
        board_size_text(a->config.board, x, sizeof x);
        board_size_text(b->config.board, y, sizeof y);
        snprintf(diff, size, "board size %s here, %s there", x, y);
    } else if (!same_clock(&a->config.tc, &b->config.tc)) {
        time_control_text(&a->config.tc, x, sizeof x);
        time_control_text(&b->config.tc, y, sizeof y);
        snprintf(diff, size, "time %s here, %s there", x, y);
    } else if (a->config.grace != b->config.grace) {
        snprintf(diff, size, "grace %g ms here, %g ms there", a->config.grace * 1000, b->config.grace * 1000);
    } else if (sa->kind != sb->kind) {
        snprintf(diff, size, "%s here, %s there", SCHEDULE_NAMES[sa->kind], SCHEDULE_NAMES[sb->kind]);
    } else if (!same_engines(sa, sb)) {
        engine_list(sa, x, sizeof x);
        engine_list(sb, y, sizeof y);
        snprintf(diff, size, "engines %s here, %s there", x, y);
    } else if (sa->games_per_pairing != sb->games_per_pairing) {
        snprintf(diff, size, "%d games per pairing here, %d there", sa->games_per_pairing, sb->games_per_pairing);
    } else if (sa->openings != sb->openings || a->openings_hash != b->openings_hash) {
        snprintf(diff, size, "other openings (%d here, %d there, or other lines)", sa->openings, sb->openings);
    } else if (a->have_seed != b->have_seed || (a->have_seed && a->seed != b->seed)) {
        seed_text(a, x, sizeof x);
        seed_text(b, y, sizeof y);
        snprintf(diff, size, "%s here, %s there", x, y);
    } else if (a->anchor != b->anchor) {
        snprintf(diff, size, "anchor %s here, %s there", sa->name[a->anchor], sb->name[b->anchor]);
    } else {
        return NULL;
    }
    return diff;
}
