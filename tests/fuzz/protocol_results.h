/*
 * protocol_results.h - the answers of successful commands checked against
 * the engine modules rather than against gtp.c / commands.c: legal_moves and
 * perft 1 against count_moves, showboard and territory against the position,
 * final_score against who can move, genmove / reg_genmove against the rules
 * and the game they leave behind.
 */
#ifndef AMAZONS_FUZZ_PROTOCOL_RESULTS_H
#define AMAZONS_FUZZ_PROTOCOL_RESULTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "protocol/session.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"

FUZZ_API bool fuzz_parse_color(const char *word, Color *c)
{
    if (!strcasecmp(word, "white") || !strcasecmp(word, "w"))
        *c = WHITE;
    else if (!strcasecmp(word, "black") || !strcasecmp(word, "b"))
        *c = BLACK;
    else
        return false;
    return true;
}

/*
 * A showboard / territory diagram: file letters, one line per rank from the
 * top, file letters; `cell` receives each square's character.
 * Returns the text after the diagram, or NULL (with fuzz_message set).
 */
FUZZ_API const char *fuzz_read_diagram(const char *text, int width, int height,
                                       char cell[BOARD_MAX][BOARD_MAX])
{
    char letters[3 * BOARD_MAX + 4] = "\n  ";
    for (int f = 0; f < width; f++)
        sprintf(letters + 3 + 2 * f, " %c", 'a' + f);
    size_t n = strlen(letters);
    if (strncmp(text, letters, n) != 0) {
        fuzz_fail("diagram does not start with the file letters: %.60s", text);
        return NULL;
    }
    text += n;
    for (int rank = height; rank >= 1; rank--) {
        char label[16];
        snprintf(label, sizeof label, "\n%2d", rank);
        if (strncmp(text, label, 3) != 0) {
            fuzz_fail("diagram: rank %d line missing: %.60s", rank, text);
            return NULL;
        }
        text += 3;
        for (int f = 0; f < width; f++, text += 2) {
            if (text[0] != ' ' || !text[1] || text[1] == '\n') {
                fuzz_fail("diagram: rank %d is short", rank);
                return NULL;
            }
            cell[rank - 1][f] = text[1];
        }
    }
    if (strncmp(text, letters, n) != 0) {
        fuzz_fail("diagram does not end with the file letters: %.60s", text);
        return NULL;
    }
    return text + n;
}

/* The results of successful commands, checked against the engine modules. */
FUZZ_API const char *fuzz_check_result(const char *name, const Game *before, const Session *s,
                                     int argc, char **argv, const char *text)
{
    Color c;
    if (strcmp(name, "legal_moves") == 0) {
        c = before->pos.to_move;
        if (argc == 1 && !fuzz_parse_color(argv[0], &c))
            return "succeeded with a bad colour";
        uint64_t listed = 0, expected = count_moves(&before->pos, c);
        char *copy = strdup(text), *save = NULL;
        if (!copy)
            return NULL;
        const char *error = NULL;
        for (char *w = strtok_r(copy, " ", &save); w && !error; w = strtok_r(NULL, " ", &save)) {
            Move m;
            if (!move_from_text(w, before->pos.width, before->pos.height, &m))
                error = fuzz_fail("listed \"%s\", which does not parse", w);
            else if (!is_legal_move(&before->pos, c, m))
                error = fuzz_fail("listed \"%s\", which is not legal", w);
            listed++;
        }
        free(copy);
        if (!error && listed != expected)
            error = fuzz_fail("listed %llu moves, count_moves says %llu", (unsigned long long)listed,
                              (unsigned long long)expected);
        return error;
    }
    if (strcmp(name, "perft") == 0 && argc == 1 && strcmp(argv[0], "1") == 0) {
        unsigned long long want = count_moves(&before->pos, before->pos.to_move);
        if (strtoull(text, NULL, 10) != want)
            return fuzz_fail("perft 1 answered \"%s\", count_moves says %llu", text, want);
        return NULL;
    }
    bool show = strcmp(name, "showboard") == 0;
    if (show || strcmp(name, "territory") == 0) {
        const Position *pos = &s->game.pos;
        char cell[BOARD_MAX][BOARD_MAX];
        const char *rest = fuzz_read_diagram(text, pos->width, pos->height, cell);
        if (!rest)
            return fuzz_message;
        for (int rank = 0; rank < pos->height; rank++)
            for (int f = 0; f < pos->width; f++) {
                char want = position_cell(pos, square_at(f, rank)), got = cell[rank][f];
                bool ok = want != '.' || show ? got == want : strchr("wb=.", got) != NULL;
                if (!ok)
                    return fuzz_fail("%c%d shown as '%c', position has '%c'", 'a' + f, rank + 1, got, want);
            }
        const char *side = pos->to_move == WHITE ? "\nwhite to move" : "\nblack to move";
        if (strcmp(rest, show ? side : "") != 0)
            return fuzz_fail("unexpected text after the diagram: \"%.60s\"", rest);
        return NULL;
    }
    if (strcmp(name, "final_score") == 0) {
        const Position *pos = &s->game.pos;
        const char *p = text + 2;
        if ((text[0] != 'W' && text[0] != 'B') || text[1] != '+' || !*p)
            return fuzz_fail("final_score answered \"%s\"", text);
        for (; *p; p++)
            if (*p < '0' || *p > '9')
                return fuzz_fail("final_score answered \"%s\"", text);
        if (!has_legal_move(pos, pos->to_move) && text[0] != (pos->to_move == WHITE ? 'B' : 'W'))
            return fuzz_fail("final_score \"%s\" names the side that cannot move", text);
        return NULL;
    }
    bool commit = strcmp(name, "genmove") == 0;
    if (commit || strcmp(name, "reg_genmove") == 0) {
        if (argc != 1 || !fuzz_parse_color(argv[0], &c))
            return "succeeded with bad arguments";
        Position pos = before->pos;
        pos.to_move = c;
        bool can_move = has_legal_move(&pos, c);
        /* Without a resign threshold the engine resigns exactly when it cannot move. */
        if (strcmp(text, "resign") == 0) {
            if (can_move && s->options.resign_below < 0)
                return "resigned with a legal move available";
            return fuzz_same_game("resign changed the game", before, &s->game);
        }
        Move m;
        if (!can_move)
            return fuzz_fail("answered \"%s\" without a legal move", text);
        if (!move_from_text(text, pos.width, pos.height, &m) || !is_legal_move(&pos, c, m))
            return fuzz_fail("answered \"%s\", not a legal move", text);
        if (!commit)
            return fuzz_same_game("reg_genmove changed the game", before, &s->game);
        const GameRecord *last = s->game.length > 0 ? &s->game.history[s->game.length - 1] : NULL;
        if (s->game.length != before->length + 1 || !last || !move_equal(last->move, m) || last->mover != c)
            return fuzz_fail("genmove answered \"%s\" but did not play it", text);
    }
    return NULL;
}

#endif
