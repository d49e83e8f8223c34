/* schedule.c - pairings and the colours and opening of every game number. */
#include "match/schedule.h"

#include <stdlib.h>
#include <string.h>

#include "protocol/numbers.h"

const char *const SCHEDULE_NAMES[3] = { "match", "round-robin", "gauntlet" };

bool schedule_build(Schedule *s)
{
    s->pairings = 0;
    for (int a = 0; a < s->engines; a++)
        for (int b = a + 1; b < s->engines; b++)
            if (s->kind == SCHEDULE_ROUND_ROBIN || a == 0) {
                s->pair[s->pairings][0] = a;
                s->pair[s->pairings][1] = b;
                s->pairings++;
            }
    long total = (long)s->pairings * s->games_per_pairing;
    s->total = total <= MAX_GAMES ? (int)total : 0;
    return s->pairings > 0 && total <= MAX_GAMES;
}

ScheduledGame schedule_game(const Schedule *s, int index)
{
    const int *pair = s->pair[index % s->pairings];
    int k = index / s->pairings;
    ScheduledGame g;
    g.engine[WHITE] = pair[k % 2];
    g.engine[BLACK] = pair[1 - k % 2];
    g.opening = s->openings ? (k / 2) % s->openings : -1;
    return g;
}

int schedule_find(const Schedule *s, const char *name)
{
    for (int e = 0; e < s->engines; e++)
        if (strcmp(s->name[e], name) == 0)
            return e;
    return -1;
}

bool shard_parse(const char *text, Shard *shard)
{
    const char *slash = strchr(text, '/');
    char *index = slash ? strndup(text, (size_t)(slash - text)) : NULL;
    unsigned long long i, n;
    bool ok = index && parse_u64(index, MAX_GAMES, &i) && parse_u64(slash + 1, MAX_GAMES, &n) && n > 0 && i < n;
    free(index);
    if (ok) {
        shard->index = (int)i;
        shard->count = (int)n;
    }
    return ok;
}
