/*
 * analysis_results.h - the streamed answers of the live analysis commands
 * (analyze, lz-analyze, kata-analyze and the genmove_analyze family),
 * checked against the rules: every info entry names a legal move of the
 * analysed side, its principal variation is legal move after move, the
 * numbers are in range, ownership (when asked for) has a value per square,
 * and genmove_analyze ends with "play MOVE" for a legal move that was played
 * (or "play resign" exactly when there is none).  The fuzz targets read
 * input inline, so each analysis prints one batch when its search is done.
 */
#ifndef AMAZONS_FUZZ_ANALYSIS_RESULTS_H
#define AMAZONS_FUZZ_ANALYSIS_RESULTS_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "protocol/session.h"
#include "tests/fuzz/game_checks.h"
#include "tests/fuzz/harness_common.h"
#include "tests/fuzz/protocol_results.h"

FUZZ_API bool fuzz_is_analysis(const char *name)
{
    return strstr(name, "analyze") != NULL && strcmp(name, "gogui-analyze_commands") != 0;
}

/* The colour an analysis command analyses: its first argument if that is a colour. */
FUZZ_API Color fuzz_analysed_color(const Game *before, int argc, char **argv)
{
    Color c = before->pos.to_move;
    if (argc > 0)
        fuzz_parse_color(argv[0], &c);
    return c;
}

/* A number of the info line: an integer (lz style) or a float, within [lo, hi]. */
FUZZ_API bool fuzz_number_in(const char *word, double lo, double hi)
{
    char *end;
    double v = strtod(word, &end);
    return end != word && *end == '\0' && v >= lo && v <= hi;
}

/* One info line (entries, then optionally ownership) for pos with colour c to move. */
FUZZ_API const char *fuzz_check_info_line(char *line, const Position *pos, bool leela)
{
    double top = leela ? 10000 : 1;
    char *save = NULL, *w = strtok_r(line, " ", &save);
    while (w && strcmp(w, "info") == 0) {
        static const char *const keys[] = { "move", "visits", "winrate", "prior", "lcb", "order", "pv" };
        char *values[6];
        for (int k = 0; k < 7; k++) {
            w = strtok_r(NULL, " ", &save);
            if (!w || strcmp(w, keys[k]) != 0)
                return fuzz_fail("info entry: expected \"%s\"", keys[k]);
            if (k < 6 && !(values[k] = strtok_r(NULL, " ", &save)))
                return fuzz_fail("info entry: no value for \"%s\"", keys[k]);
        }
        for (int k = 2; k <= 4; k++)
            if (!fuzz_number_in(values[k], 0, top))
                return fuzz_fail("info entry: %s \"%s\" out of range", keys[k], values[k]);
        Game game;
        game_set_position(&game, pos);
        int length = 0;
        for (w = strtok_r(NULL, " ", &save); w && strcmp(w, "info") && strcmp(w, "ownership");
             w = strtok_r(NULL, " ", &save), length++) {
            Move m;
            if (!move_from_text(w, pos->width, pos->height, &m) || !game_play(&game, game.pos.to_move, m))
                return fuzz_fail("pv move %d \"%s\" is not legal", length + 1, w);
            if (length == 0 && strcmp(w, values[0]) != 0)
                return fuzz_fail("the pv of %s starts with %s", values[0], w);
        }
        if (length == 0)
            return "info entry with an empty pv";
    }
    if (w && strcmp(w, "ownership") == 0) {
        int count = 0;
        while ((w = strtok_r(NULL, " ", &save)) != NULL) {
            if (!fuzz_number_in(w, -1, 1))
                return fuzz_fail("ownership value \"%s\" out of range", w);
            count++;
        }
        if (count != pos->width * pos->height)
            return fuzz_fail("%d ownership values on a %dx%d board", count, pos->width, pos->height);
    } else if (w) {
        return fuzz_fail("unexpected word \"%s\" in an info line", w);
    }
    return NULL;
}

/*
 * A streamed answer (everything the command wrote, from "=ID" to the empty
 * line) of a successful analysis command.
 */
FUZZ_API const char *fuzz_check_analysis(const char *name, const Game *before, const Session *s,
                                         int argc, char **argv, const char *stream)
{
    bool genmove = strstr(name, "genmove") != NULL, leela = strncmp(name, "lz-", 3) == 0;
    Color c = fuzz_analysed_color(before, argc, argv);
    Position pos = before->pos;
    if (pos.to_move != c) {
        pos.to_move = c;
        pos.hash = position_compute_hash(&pos);
    }
    char *copy = strdup(stream);
    if (!copy)
        return NULL;
    const char *error = NULL;
    char *save = NULL, *line = strtok_r(copy, "\n", &save); /* "=ID" */
    const char *play = NULL;
    for (line = strtok_r(NULL, "\n", &save); line && !error && !play; line = strtok_r(NULL, "\n", &save)) {
        if (genmove && strncmp(line, "play ", 5) == 0)
            play = line + 5;
        else if (strncmp(line, "info ", 5) != 0)
            error = fuzz_fail("unexpected line \"%.60s\"", line);
        else
            error = fuzz_check_info_line(line, &pos, leela);
    }
    if (!error && genmove) {
        if (!play || line)
            error = "genmove_analyze did not end with one play line";
        else if (strcmp(play, "resign") == 0)
            error = has_legal_move(&pos, c) && s->options.resign_below < 0
                  ? "resigned with a legal move available"
                  : fuzz_same_game("resign changed the game", before, &s->game);
        else
            error = fuzz_check_result("genmove", before, s, 1, (char *[]){ c == WHITE ? "w" : "b" }, play);
    } else if (!error) {
        error = fuzz_same_game("analysis changed the game", before, &s->game);
    }
    free(copy);
    return error;
}

#endif
