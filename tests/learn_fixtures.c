/* learn_fixtures.c - what the learned evaluations' tests share (learn_fixtures.h). */
#define _GNU_SOURCE
#include "tests/learn_fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "learn/data.h"
#include "search/playout.h"
#include "search/rng.h"

Position random_game_position(int width, int height, int moves, uint64_t seed)
{
    Position pos;
    position_start(&pos, width, height);
    Rng rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < moves; i++) {
        Move m;
        if (!random_move(&pos, &rng, &m))
            break;
        position_make(&pos, m);
    }
    return pos;
}

Position mirrored(const Position *pos)
{
    char text[POSITION_TEXT_MAX], flipped[POSITION_TEXT_MAX];
    position_to_text(pos, text);
    char *ranks[BOARD_MAX];
    int n = 0;
    char *side = strchr(text, ' ');
    *side++ = '\0';
    for (char *r = strtok(text, "/"); r; r = strtok(NULL, "/"))
        ranks[n++] = r;
    flipped[0] = '\0';
    for (int i = n - 1; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++)
            *c = *c == 'W' ? 'B' : *c == 'B' ? 'W' : *c;
        strcat(flipped, ranks[i]);
        strcat(flipped, i ? "/" : " ");
    }
    strcat(flipped, *side == 'w' ? "b" : "w");
    Position out;
    ck_assert_ptr_null(position_from_text(&out, flipped));
    return out;
}

char *temp_file(const char *contents, size_t length)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/test_weights_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, contents, length), (ssize_t)length);
    close(fd);
    return path;
}

void read_whole(const char *path, char **data, size_t *length)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s was not written", path);
    *data = NULL;
    *length = 0;
    char chunk[4096];
    for (size_t n; (n = fread(chunk, 1, sizeof chunk, f)) > 0; *length += n) {
        *data = realloc(*data, *length + n);
        memcpy(*data + *length, chunk, n);
    }
    fclose(f);
}

double win_probability_with(EvalKind kind, const Position *pos)
{
    EvalKind before = eval_in_use();
    eval_use(kind);
    double p = eval_win_probability(pos);
    eval_use(before);
    return p;
}

size_t write_game_positions(const char *path, int width, int height, int games, int plies, uint64_t seed)
{
    TrainingSet set = { 0 };
    for (int g = 0; g < games; g++)
        for (int ply = 0; ply < plies; ply++) {
            Position pos = random_game_position(width, height, ply, seed + (uint64_t)g);
            TrainingRecord r;
            record_from_position(&pos, ply, g % 2, 0.5, &r);
            ck_assert(set_add(&set, &r));
        }
    set_merge_duplicates(&set);
    ck_assert(set_write(&set, path));
    size_t count = set.count;
    set_free(&set);
    return count;
}
