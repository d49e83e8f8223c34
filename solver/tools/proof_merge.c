/* proof_merge.c - proofs of a position's moves joined into its proof (proof_merge.h). */
#include "solver/tools/proof_merge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"

typedef struct {
    char start[POSITION_TEXT_MAX];
    char winner[8];
    int leaf_squares;
    char **entries;
    size_t count, capacity;
} ProofText;

static void proof_text_free(ProofText *p)
{
    for (size_t i = 0; i < p->count; i++)
        free(p->entries[i]);
    free(p->entries);
    memset(p, 0, sizeof *p);
}

/* Reads a proof file made by proof_write; NULL, or why it is not one (incomplete included). */
static const char *proof_text_read(const char *path, ProofText *p)
{
    memset(p, 0, sizeof *p);
    p->leaf_squares = -1;
    FILE *in = fopen(path, "r");
    if (!in)
        return strerror(errno);
    char line[512];
    const char *error = "not a proof file (amazons-proof 1)";
    unsigned long long end = 0;
    bool ended = false;
    if (fgets(line, sizeof line, in) && !strcmp(line, "amazons-proof 1\n")) {
        error = NULL;
        while (!error && !ended && fgets(line, sizeof line, in)) {
            line[strcspn(line, "\n")] = '\0';
            if (line[0] == '#')
                continue;
            if (!strncmp(line, "start ", 6) && strlen(line + 6) < sizeof p->start)
                memcpy(p->start, line + 6, strlen(line + 6) + 1);
            else if (!strcmp(line, "winner white") || !strcmp(line, "winner black"))
                memcpy(p->winner, line + 7, 6);
            else if (!strncmp(line, "start ", 6) || !strncmp(line, "winner ", 7))
                error = "a start or winner line that is not one";
            else if (sscanf(line, "leaves %d", &p->leaf_squares) == 1)
                continue;
            else if (sscanf(line, "end %llu", &end) == 1)
                ended = true;
            else if (p->count == p->capacity
                     && !(p->entries = realloc(p->entries, (p->capacity = p->capacity * 2 + 1024) * sizeof *p->entries)))
                error = "out of memory";
            else if (!(p->entries[p->count++] = strdup(line)))
                error = "out of memory";
        }
    }
    fclose(in);
    if (!error && (!ended || end != p->count || !p->start[0] || !p->winner[0] || p->leaf_squares < 0))
        error = "incomplete (no end line, or not as many entries as it says)";
    if (error)
        proof_text_free(p);
    return error;
}

bool proof_file_complete(const char *path)
{
    ProofText p;
    if (proof_text_read(path, &p))
        return false;
    proof_text_free(&p);
    return true;
}

/* Which of the moves in list leads from pos to the position text `after`; -1 when none. */
static int move_leading_to(const Position *pos, const MoveList *list, const char *after)
{
    for (int k = 0; k < list->count; k++) {
        Position child = *pos;
        char text[POSITION_TEXT_MAX];
        position_make(&child, list->moves[k]);
        position_to_text(&child, text);
        if (!strcmp(text, after))
            return k;
    }
    return -1;
}

typedef struct {
    FILE *out;
    char winner[8];      /* the first part's; every part must name it */
    int leaf_squares;    /* the first part's; every part must have it */
    unsigned long long entries;
} Merged;

/* Appends the part at path to the merged proof of pos; NULL, or why it cannot be. */
static const char *merge_part(Merged *m, const Position *pos, const MoveList *list, const char *path)
{
    ProofText part;
    const char *error = proof_text_read(path, &part);
    if (error)
        return error;
    if (!m->winner[0]) {
        memcpy(m->winner, part.winner, sizeof m->winner);
        m->leaf_squares = part.leaf_squares;
        fprintf(m->out, "winner %s\nleaves %d\n", m->winner, m->leaf_squares);
    }
    int after = move_leading_to(pos, list, part.start);
    if (strcmp(m->winner, part.winner))
        error = "names another winner than the parts before it";
    else if (part.leaf_squares != m->leaf_squares)
        error = "has other leaves than the parts before it (prove all with the same --leaves)";
    else if (after < 0)
        error = "does not start one move after the position";
    if (!error && !strcmp(color_text(pos->to_move), m->winner)) {
        /* The winner is to move here: the part's start is where its move goes. */
        char start[POSITION_TEXT_MAX], move[MOVE_TEXT_MAX];
        position_to_text(pos, start);
        move_to_text(list->moves[after], move);
        fprintf(m->out, "%s %s\n", start, move);
        m->entries++;
    }
    for (size_t e = 0; !error && e < part.count; e++)
        fprintf(m->out, "%s\n", part.entries[e]);
    if (!error)
        m->entries += part.count;
    proof_text_free(&part);
    return error;
}

const char *proof_merge(const Position *pos, const char *out_path, char *const *parts, int count,
                        unsigned long long *entries, const char **where)
{
    *where = "--merge";
    if (count == 0)
        return "no PART files given";
    MoveList *list = malloc(sizeof *list);
    if (!list)
        return "out of memory";
    generate_moves(pos, pos->to_move, list);
    char tmp[4096], start[POSITION_TEXT_MAX];
    snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
    position_to_text(pos, start);
    Merged m = { .out = fopen(tmp, "w") };
    if (!m.out) {
        free(list);
        *where = tmp;
        return strerror(errno);
    }
    fprintf(m.out, "amazons-proof 1\nstart %s\n", start);
    const char *error = NULL;
    for (int i = 0; i < count && !error; i++)
        error = merge_part(&m, pos, list, *where = parts[i]);
    fprintf(m.out, "end %llu\n", m.entries);
    free(list);
    if (fclose(m.out) != 0 && !error)
        error = strerror(errno), *where = tmp;
    if (!error && rename(tmp, out_path) != 0)
        error = strerror(errno), *where = out_path;
    if (error)
        remove(tmp);
    *entries = m.entries;
    return error;
}
