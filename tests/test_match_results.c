/*
 * test_match_results.c - amazons-match's results files: a JSON line per
 * game that agrees with the SGF record, written as each game ends (so an
 * interrupted run loses nothing), resumed, split into shards and merged
 * back into exactly the tables and SGF of one run, and every bad input on
 * the way (shard values, malformed or mismatched lines, duplicates) refused
 * with a clear message and exit status 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "match_run.h"
#include "tests.h"

enum { MAX_TEST_GAMES = 16 };

static char lines[MAX_TEST_GAMES][LINE_MAX_TEST];

static const char *greedy_engine(void)
{
    static char command[1024];
    snprintf(command, sizeof command, "%s --engine greedy --seed 1", engine_bin());
    return command;
}

/* The game numbers in a results file, each once, and how many there are. */
static int assert_games(const char *path, int total)
{
    bool seen[MAX_TEST_GAMES + 1] = { false };
    int n = file_lines(path, lines, MAX_TEST_GAMES);
    for (int i = 0; i < n; i++) {
        int g = json_int(lines[i], "game");
        ck_assert_msg(g >= 1 && g <= total && !seen[g], "%s: game %d", path, g);
        seen[g] = true;
    }
    return n;
}

static char *line_of_game(const char *path, int game)
{
    int n = file_lines(path, lines, MAX_TEST_GAMES);
    for (int i = 0; i < n; i++)
        if (json_int(lines[i], "game") == game)
            return lines[i];
    ck_abort_msg("no game %d in %s", game, path);
    return NULL;
}

static void write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "w");
    ck_assert_ptr_nonnull(file);
    fputs(text, file);
    fclose(file);
}

/* Runs and insists on success. */
static void run_ok(Run *run, const char *const *args)
{
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s\n%s", run->status, run->out, run->err);
}

static void assert_same_tables(const Run *a, const Run *b)
{
    static char x[OUTPUT_MAX], y[OUTPUT_MAX];
    strip_times(a->out, x, sizeof x);
    strip_times(b->out, y, sizeof y);
    ck_assert_msg(strcmp(x, y) == 0, "tables differ:\n%s\n----\n%s", a->out, b->out);
}

/* ---- a line per game ---- */

START_TEST(test_results_lines)
{
    make_temp_dir();
    const char *openings = temp_path("o.txt"), *results = temp_path("r.jsonl"), *sgf = temp_path("r.sgf");
    write_text(openings, "1B2B1/B4B/2x3/6/W4W/1W2W1 b\nb1-b4/e4 e6-c4/c3\n");
    const char *args[] = { "-q", "--openings", openings, "--seed", "7", "-j", "2", "--move-time", "5", "--results",
                           results, "--sgf", sgf, "--name1", "one", "--name2", "two", "--engine1", real_engine(),
                           "--engine2", real_engine(), NULL };
    Run *run = malloc(sizeof *run);
    run_ok(run, args);
    ck_assert_int_eq(assert_games(results, 4), 4);
    static Game games[5];
    static SgfInfo infos[5];
    char *text = read_file(sgf);
    ck_assert_int_eq(parse_collection(text, games, infos, 5), 4);
    free(text);
    char opening_text[2][LINE_MAX_TEST];
    for (int g = 1; g <= 4; g++) {
        const char *line = line_of_game(results, g);
        const Game *game = &games[g - 1];
        const SgfInfo *info = &infos[g - 1];
        char value[LINE_MAX_TEST], want[LINE_MAX_TEST];
        ck_assert(json_field(line, "white", value, sizeof value));
        ck_assert_str_eq(value, g % 2 ? "one" : "two");
        ck_assert_str_eq(value, info->white);
        ck_assert(json_field(line, "black", value, sizeof value));
        ck_assert_str_eq(value, info->black);
        ck_assert(json_field(line, "result", value, sizeof value));
        ck_assert_str_eq(value, info->result);
        ck_assert(json_field(line, "winner", value, sizeof value));
        ck_assert_str_eq(value, info->result[0] == 'W' ? "white" : "black");
        ck_assert(json_field(line, "winner_engine", value, sizeof value));
        ck_assert_str_eq(value, info->result[0] == 'W' ? info->white : info->black);
        ck_assert(json_field(line, "reason", value, sizeof value));
        ck_assert_str_eq(value, info->comment);
        ck_assert(json_field(line, "end", value, sizeof value));
        ck_assert_str_eq(value, "no legal move");
        ck_assert_int_eq(json_int(line, "plies"), game->length);
        ck_assert_int_eq(json_int(line, "seed"), 7);
        ck_assert(json_field(line, "white_seconds", value, sizeof value) && atof(value) >= 0);
        ck_assert(json_field(line, "black_seconds", value, sizeof value) && atof(value) >= 0);
        /* The start and the moves rebuild the SGF's game. */
        position_to_text(&game->start, want);
        ck_assert(json_field(line, "start", value, sizeof value));
        ck_assert_str_eq(value, want);
        size_t n = (size_t)snprintf(want, sizeof want, "[");
        for (int i = 0; i < game->length; i++) {
            char move[MOVE_TEXT_MAX];
            move_to_text(game->history[i].move, move);
            n += (size_t)snprintf(want + n, sizeof want - n, "%s\"%s\"", i ? "," : "", move);
        }
        snprintf(want + n, sizeof want - n, "]");
        ck_assert(json_field(line, "moves", value, sizeof value));
        ck_assert_str_eq(value, want);
        /* Opening (g - 1) / 2, the same line for both colours. */
        ck_assert(json_field(line, "opening", value, sizeof value));
        snprintf(want, sizeof want, "{\"index\":%d,\"text\":", (g - 1) / 2);
        ck_assert_msg(strncmp(value, want, strlen(want)) == 0, "%s", value);
        const char *opening = strstr(line, "\"text\":\"") + 8;
        snprintf(value, sizeof value, "%.*s", (int)strcspn(opening, "\""), opening);
        if (g % 2)
            strcpy(opening_text[(g - 1) / 2], value);
        else
            ck_assert_str_eq(value, opening_text[(g - 1) / 2]);
        ck_assert(strcmp(value, "1B2B1/B4B/2x3/6/W4W/1W2W1 b") == 0 || strcmp(value, "b1-b4/e4 e6-c4/c3") == 0);
        ck_assert(json_field(line, "settings", value, sizeof value));
        ck_assert_msg(strstr(value, "\"size\":6,\"time\":{\"kind\":\"move\",\"seconds\":5}")
                      && strstr(value, "\"engines\":[\"one\",\"two\"]"), "%s", value);
    }
    ck_assert_str_ne(opening_text[0], opening_text[1]);
    free(run);
    remove_temp_dir();
}
END_TEST

/* ---- resuming ---- */

/* Two engines whose games depend only on their number: fixed playouts, new processes every game. */
#define REPEATABLE_MATCH(results) \
    "--size", "6", "-n", "8", "--move-time", "5", "--fresh-engines", "--seed", "1", "--results", results, \
    "--engine", mcts_spec, "--engine", greedy_spec

START_TEST(test_resume_after_cut)
{
    make_temp_dir();
    char mcts_spec[1100], greedy_spec[1100];
    snprintf(mcts_spec, sizeof mcts_spec, "mcts=%s", real_engine());
    snprintf(greedy_spec, sizeof greedy_spec, "greedy=%s", greedy_engine());
    const char *whole = temp_path("whole.jsonl"), *part = temp_path("part.jsonl");
    Run *run = malloc(sizeof *run), *resumed = malloc(sizeof *resumed);
    run_ok(run, (const char *[]){ REPEATABLE_MATCH(whole), "-q", NULL });
    ck_assert_int_eq(assert_games(whole, 8), 8);
    /* A run cut off after three games: the first three lines. */
    char *text = read_file(whole), *cut = text;
    for (int i = 0; i < 3; i++)
        cut = strchr(cut, '\n') + 1;
    *cut = '\0';
    write_text(part, text);
    free(text);
    /* Not quiet: the announcement says what is left. */
    const char *args[] = { REPEATABLE_MATCH(part), "--resume", "-j", "2", NULL };
    run_ok(resumed, args);
    ck_assert_msg(strstr(resumed->err, "playing 5 of them; 3 already in "), "%s", resumed->err);
    ck_assert_int_eq(assert_games(part, 8), 8);
    assert_same_tables(run, resumed);
    for (int g = 1; g <= 8; g++) {
        char a[LINE_MAX_TEST], b[LINE_MAX_TEST];
        ck_assert(json_field(line_of_game(whole, g), "moves", a, sizeof a));
        ck_assert(json_field(line_of_game(part, g), "moves", b, sizeof b));
        ck_assert_msg(strcmp(a, b) == 0, "game %d differs", g);
    }
    /* Nothing left: nothing played, the same table. */
    run_ok(resumed, args);
    ck_assert_msg(strstr(resumed->err, "playing 0 of them"), "%s", resumed->err);
    ck_assert_int_eq(count_lines(part), 8);
    assert_same_tables(run, resumed);
    free(run);
    free(resumed);
    remove_temp_dir();
}
END_TEST

/* A real interruption: ^C after the first game; the file holds whole lines of the finished games. */
START_TEST(test_interrupt_and_resume)
{
    make_temp_dir();
    const char *results = temp_path("r.jsonl");
    char slow[2][1024];
    for (int i = 0; i < 2; i++)
        snprintf(slow[i], sizeof slow[i], "%s --playouts 10000 --memory 16 --seed %d", engine_bin(), i + 1);
    const char *args[] = { "-q", "--size", "6", "-n", "3", "--move-time", "10", "--results", results,
                           "--engine1", slow[0], "--engine2", slow[1], NULL, NULL };
    Run *run = malloc(sizeof *run);
    run_program_watched(run, args, &(Watch){ results, 1, SIGINT });
    ck_assert_msg(run->status == 128 + SIGINT, "exit %d:\n%s", run->status, run->err);
    ck_assert_msg(strstr(run->err, "interrupted; results of the finished games follow"), "%s", run->err);
    int done = assert_games(results, 3);
    ck_assert_int_ge(done, 1);
    ck_assert_int_lt(done, 3);
    char header[64];
    snprintf(header, sizeof header, "Results: %d game%s on 6x6", done, done == 1 ? "" : "s");
    ck_assert_msg(strstr(run->out, header), "want \"%s\":\n%s", header, run->out);

    args[13] = "--resume";
    run_ok(run, args);
    ck_assert_int_eq(assert_games(results, 3), 3);
    ck_assert_msg(strstr(run->out, "Results: 3 games on 6x6"), "%s", run->out);
    free(run);
    remove_temp_dir();
}
END_TEST

/* ---- shards and merging ---- */

/* Compares two SGF collections game by game. */
static void assert_same_collections(const char *path_a, const char *path_b, int count)
{
    static Game games[2][MAX_TEST_GAMES + 1];
    static SgfInfo infos[2][MAX_TEST_GAMES + 1];
    const char *paths[2] = { path_a, path_b };
    for (int i = 0; i < 2; i++) {
        char *text = read_file(paths[i]);
        ck_assert_int_eq(parse_collection(text, games[i], infos[i], MAX_TEST_GAMES + 1), count);
        free(text);
    }
    for (int g = 0; g < count; g++) {
        assert_same_game(&games[0][g], &games[1][g]);
        ck_assert_str_eq(infos[0][g].white, infos[1][g].white);
        ck_assert_str_eq(infos[0][g].black, infos[1][g].black);
        ck_assert_str_eq(infos[0][g].result, infos[1][g].result);
        ck_assert_str_eq(infos[0][g].game_name, infos[1][g].game_name);
        ck_assert_str_eq(infos[0][g].comment, infos[1][g].comment);
    }
}

START_TEST(test_shards_merge_like_whole)
{
    make_temp_dir();
    const char *openings = temp_path("o.txt");
    write_text(openings, "b1-b4/e4\nf2-f4/d4 a5-c3/c4\n");
    char mcts_spec[1100], greedy_spec[1100];
    snprintf(mcts_spec, sizeof mcts_spec, "mcts=%s", real_engine());
    snprintf(greedy_spec, sizeof greedy_spec, "greedy=%s", greedy_engine());
#define SHARDABLE(results) \
    "-q", "--size", "6", "--openings", openings, "--seed", "3", "-n", "8", "--move-time", "5", "--fresh-engines", "--results", \
    results, "--engine", mcts_spec, "--engine", greedy_spec
    Run *whole = malloc(sizeof *whole), *run = malloc(sizeof *run);
    run_ok(whole, (const char *[]){ SHARDABLE(temp_path("w.jsonl")), "-j", "2", "--sgf", temp_path("w.sgf"), NULL });
    static const char *const shard_names[3] = { "0/3", "1/3", "2/3" };
    char paths[3][128];
    for (int i = 0; i < 3; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/s%d.jsonl", temp_dir, i);
        run_ok(run, (const char *[]){ SHARDABLE(paths[i]), "--shard", shard_names[i], NULL });
        ck_assert_msg(strstr(run->out, i < 2 ? "Results: 3 games" : "Results: 2 games"), "%s", run->out);
        int n = file_lines(paths[i], lines, MAX_TEST_GAMES);
        for (int k = 0; k < n; k++)
            ck_assert_int_eq((json_int(lines[k], "game") - 1) % 3, i);
    }
    /* The shards merged, in any order, give the whole run's table and games. */
    run_ok(run, (const char *[]){ "--merge", paths[2], paths[0], "--sgf", temp_path("m.sgf"), paths[1], NULL });
    assert_same_tables(whole, run);
    assert_same_collections(temp_path("w.sgf"), temp_path("m.sgf"), 8);
    /* The whole run's own file merges to exactly its output, thinking times and SGF bytes included. */
    run_ok(run, (const char *[]){ "--merge", temp_path("w.jsonl"), "--sgf", temp_path("m2.sgf"), NULL });
    ck_assert_str_eq(run->out, whole->out);
    char *a = read_file(temp_path("w.sgf")), *b = read_file(temp_path("m2.sgf"));
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    free(whole);
    free(run);
    remove_temp_dir();
}
END_TEST

START_TEST(test_tournament_shards_merge)
{
    make_temp_dir();
    char specs[3][1100];
    snprintf(specs[0], sizeof specs[0], "mcts=%s", real_engine());
    snprintf(specs[1], sizeof specs[1], "greedy=%s", greedy_engine());
    snprintf(specs[2], sizeof specs[2], "random=%s --engine random --seed 5", engine_bin());
#define TOURNAMENT(results) \
    "-q", "--size", "6", "-n", "2", "--move-time", "5", "--fresh-engines", "--anchor", "greedy", "--results", \
    results, "--engine", specs[0], "--engine", specs[1], "--engine", specs[2]
    Run *whole = malloc(sizeof *whole), *run = malloc(sizeof *run);
    run_ok(whole, (const char *[]){ TOURNAMENT(temp_path("w.jsonl")), NULL });
    run_ok(run, (const char *[]){ TOURNAMENT(temp_path("a.jsonl")), "--shard", "0/2", NULL });
    run_ok(run, (const char *[]){ TOURNAMENT(temp_path("b.jsonl")), "--shard", "1/2", NULL });
    run_ok(run, (const char *[]){ "--merge", temp_path("a.jsonl"), temp_path("b.jsonl"), NULL });
    ck_assert_msg(strstr(run->out, "Cross table") && strstr(run->out, "greedy = 0"), "%s", run->out);
    assert_same_tables(whole, run);
    free(whole);
    free(run);
    remove_temp_dir();
}
END_TEST

START_TEST(test_sprt_results)
{
    make_temp_dir();
    Run *run = malloc(sizeof *run), *merged = malloc(sizeof *merged);
    const char *fake = fixture("illegal_engine.sh", NULL);
#define SPRT_MATCH "-q", "--size", "6", "--sprt", "0,200", "--name1", "real", "--name2", "fake", "--engine1", \
    real_engine(), "--engine2", fake
    /* Stopped by the test after 8 straight wins; the merge repeats the verdict. */
    run_ok(run, (const char *[]){ SPRT_MATCH, "-n", "50", "--results", temp_path("r.jsonl"), NULL });
    ck_assert_msg(strstr(run->out, "H1 accepted"), "%s", run->out);
    ck_assert_int_eq(count_lines(temp_path("r.jsonl")), 8);
    run_ok(merged, (const char *[]){ "--merge", temp_path("r.jsonl"), NULL });
    ck_assert_str_eq(merged->out, run->out);
    /* Shards cannot stop early: each plays its half of -n; the merge decides over all ten games. */
    run_ok(run, (const char *[]){ SPRT_MATCH, "-n", "10", "--shard", "0/2", "--results", temp_path("0.jsonl"), NULL });
    ck_assert_msg(strstr(run->out, "Results: 5 games") && strstr(run->out, "LLR 2.092 [-2.944, 2.944] inconclusive"),
                  "%s", run->out);
    run_ok(run, (const char *[]){ SPRT_MATCH, "-n", "10", "--shard", "1/2", "--results", temp_path("1.jsonl"), NULL });
    run_ok(merged, (const char *[]){ "--merge", temp_path("0.jsonl"), temp_path("1.jsonl"), NULL });
    ck_assert_msg(strstr(merged->out, "Results: 10 games") && strstr(merged->out, "LLR 4.184 [-2.944, 2.944] H1 accepted"),
                  "%s", merged->out);
    free(run);
    free(merged);
    remove_temp_dir();
}
END_TEST

START_TEST(test_sprt_then_resume_to_n)
{
    /* The test stops the match after 8 of its 12 games; resumed without it, the rest are played. */
    make_temp_dir();
    Run *run = malloc(sizeof *run), *merged = malloc(sizeof *merged);
    const char *results = temp_path("r.jsonl"), *fake = fixture("illegal_engine.sh", NULL);
#define TWELVE "-q", "--size", "6", "-n", "12", "--results", results, "--name1", "real", "--name2", "fake", \
    "--engine1", real_engine(), "--engine2", fake
    run_ok(run, (const char *[]){ TWELVE, "--sprt", "0,200", NULL });
    ck_assert_msg(strstr(run->out, "Results: 8 games") && strstr(run->out, "H1 accepted"), "%s", run->out);
    run_ok(run, (const char *[]){ TWELVE, "--resume", NULL });
    ck_assert_msg(strstr(run->out, "Results: 12 games") && strstr(run->out, "Score of real: 12/12 = 100.0%")
                  && !strstr(run->out, "SPRT"), "%s", run->out);
    ck_assert_int_eq(assert_games(results, 12), 12);
    /* The file mixes lines with the test and without; it merges, under the first line's test. */
    run_ok(merged, (const char *[]){ "--merge", results, NULL });
    ck_assert_msg(strstr(merged->out, "Results: 12 games") && strstr(merged->out, "LLR 5.021 [-2.944, 2.944] H1 accepted"),
                  "%s", merged->out);
    free(run);
    free(merged);
    remove_temp_dir();
}
END_TEST

/* ---- bad input ---- */

START_TEST(test_shard_and_resume_usage)
{
    static const char *const bad_shards[] = { "4/4", "1/0", "0/0", "x", "1/", "/4", "-1/4", "1/4x", "", "1/-4", "+1/4" };
    Run *run = malloc(sizeof *run);
    for (size_t i = 0; i < sizeof bad_shards / sizeof bad_shards[0]; i++) {
        char message[64];
        snprintf(message, sizeof message, "invalid shard '%s' (I/N with 0 <= I < N)", bad_shards[i]);
        run_refused(run, (const char *[]){ "--shard", bad_shards[i], "--", "a", "--", "b", NULL }, message);
    }
    run_refused(run, (const char *[]){ "--resume", "--", "a", "--", "b", NULL }, "--resume needs --results FILE");
    run_refused(run, (const char *[]){ "--sprt", "0,10", "--shard", "0/2", "--", "a", "--", "b", NULL },
                "--sprt with --shard needs -n");
    run_refused(run, (const char *[]){ "--merge", "r.jsonl", "--shard", "0/2", NULL },
                "--shard does not go with --merge");

    make_temp_dir();
    const char *results = temp_path("r.jsonl"), *quitter = fixture("illegal_engine.sh", "RESIGN");
#define QUICK(results) "-q", "--size", "6", "-n", "4", "--results", results, "--name1", "real", "--name2", \
    "quitter", "--engine1", real_engine(), "--engine2", quitter
    run_ok(run, (const char *[]){ QUICK(results), "--shard", "1/2", NULL });
    ck_assert_int_eq(count_lines(results), 2);
    /* Without --resume an existing file is not appended to. */
    run_refused(run, (const char *[]){ QUICK(results), "--shard", "1/2", NULL }, "already holds results");
    /* Resuming another shard's file, or under other settings, is refused. */
    run_refused(run, (const char *[]){ QUICK(results), "--shard", "0/2", "--resume", NULL },
                ":1: game 2 is not one of shard 0/2");
    run_refused(run, (const char *[]){ QUICK(results), "--shard", "1/2", "--resume", "--grace", "300", NULL },
                ":1: the settings differ from the options of this run: grace 200 ms here, 300 ms there");
    ck_assert_int_eq(count_lines(results), 2);
    free(run);
    remove_temp_dir();
}
END_TEST

/* Writes the lines of `good` with line `number` (from 1) replaced by `text` (NULL: dropped). */
static void edit_line(const char *good, const char *path, int number, const char *text)
{
    int n = file_lines(good, lines, MAX_TEST_GAMES);
    FILE *file = fopen(path, "w");
    ck_assert_ptr_nonnull(file);
    for (int i = 0; i < n; i++)
        fputs(i + 1 == number ? (text ? text : "") : lines[i], file);
    fclose(file);
}

/* Line `number` of `good` with the first `from` replaced by `to`, as a new line text. */
static const char *replaced(const char *good, int number, const char *from, const char *to)
{
    static char text[LINE_MAX_TEST];
    file_lines(good, lines, MAX_TEST_GAMES);
    const char *line = lines[number - 1], *at = strstr(line, from);
    ck_assert_msg(at != NULL, "no \"%s\" in %s", from, line);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - line), line, to, at + strlen(from));
    return text;
}

START_TEST(test_merge_errors)
{
    make_temp_dir();
    const char *good = temp_path("good.jsonl"), *bad = temp_path("bad.jsonl"), *other = temp_path("other.jsonl");
    const char *quitter = fixture("illegal_engine.sh", "RESIGN");
    Run *run = malloc(sizeof *run);
    run_ok(run, (const char *[]){ "-q", "--size", "6", "-n", "2", "--results", good, "--name1", "real", "--name2",
                                   "quitter", "--engine1", real_engine(), "--engine2", quitter, NULL });
    run_ok(run, (const char *[]){ "-q", "--size", "5", "-n", "2", "--results", other, "--name1", "real",
                                   "--name2", "quitter", "--engine1", real_engine(), "--engine2", quitter, NULL });
    char message[512];
    static const struct {
        int line;
        const char *from, *to, *message;
    } edits[] = {
        { 2, "{", "not json {", ":2: not JSON: bad value at column 1" },
        { 2, "\"plies\":0,", "", ":2: \"plies\" is missing" },
        { 1, "\"game\":1", "\"game\":3", ":1: \"game\" is 3, not a whole number from 1 to 2" },
        { 1, "\"white\":\"real\"", "\"white\":\"quitter\"", ":1: white is quitter, but the schedule has real" },
        { 1, "\"result\":\"W+Resign\"", "\"result\":\"B+Resign\"", ":1: \"result\" is B+Resign, but winner" },
        { 1, "\"end\":\"resign\"", "\"end\":\"aborted\"", ":1: \"end\" is \"aborted\", which is no known value" },
        { 2, "\"moves\":[]", "\"moves\":[\"a1-a2/a3\"]", ":2: \"plies\" is 0, but 1 moves are listed" },
        { 2, "\"plies\":0,", "\"plies\":1,", ":2: \"plies\" is 1, but 0 moves are listed" },
        { 1, "\"moves\":[\"", "\"moves\":[\"a1-a2/a3\",\"", ":1: \"plies\" is 1, but 2 moves" },
        { 1, "\"moves\":[\"", "\"moves\":[\"a1-a2/a3\"],\"x\":[\"", ":1: move 1 (a1-a2/a3) is illegal" },
        { 1, "\"size\":6", "\"size\":11", ":1: \"size\" is 11, not a whole number from 4 to 10" },
        { 1, "\"size\":6", "\"size\":[6,6,6]", ":1: \"size\" lists 3 numbers, not 2 (columns, rows)" },
        { 1, "\"size\":6", "\"size\":[6,11]", ":1: \"size\" is not two whole numbers from 4 to 10" },
        { 1, "\"size\":6", "\"size\":\"6x6\"", ":1: \"size\" is neither a number nor [columns, rows]" },
        { 1, "\"size\":6", "\"size\":[6,5]", ":1: a start position of size 6x6 in a match of size 6x5" },
        { 1, "\"schedule\":\"match\"", "\"schedule\":\"gauntlet\"", ":2: the settings differ from " },
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        edit_line(good, bad, edits[i].line, replaced(good, edits[i].line, edits[i].from, edits[i].to));
        snprintf(message, sizeof message, "bad.jsonl%s", edits[i].message);
        run_refused(run, (const char *[]){ "--merge", bad, NULL }, message);
    }
    /* A square board as [columns, rows] is the same board as its one number. */
    edit_line(good, bad, 1, replaced(good, 1, "\"size\":6", "\"size\":[6,6]"));
    Run *same = malloc(sizeof *same);
    run_program(same, (const char *[]){ "--merge", good, NULL });
    run_program(run, (const char *[]){ "--merge", bad, NULL });
    ck_assert_msg(run->status == 0, "exit %d:\n%s", run->status, run->err);
    ck_assert_str_eq(run->out, same->out);
    free(same);
    /* A line cut short, an empty line. */
    char *text = read_file(good);
    text[strlen(text) - 20] = '\0';
    write_text(bad, text);
    free(text);
    run_refused(run, (const char *[]){ "--merge", bad, NULL }, "bad.jsonl:2: incomplete line (no newline at its end)");
    edit_line(good, bad, 2, "\n");
    run_refused(run, (const char *[]){ "--merge", bad, NULL }, "bad.jsonl:2: empty line");
    /* A game twice, in one file or in two. */
    file_lines(good, lines, MAX_TEST_GAMES);
    edit_line(good, bad, 2, lines[0]);
    run_refused(run, (const char *[]){ "--merge", bad, NULL }, "bad.jsonl:2: game 1 is there twice (first in ");
    /* Files that do not belong together. */
    run_refused(run, (const char *[]){ "--merge", good, good, NULL }, "good.jsonl:1: game 1 is there twice");
    snprintf(message, sizeof message, "other.jsonl:1: the settings differ from %s:1: board size 5x5 here, 6x6 there",
             good);
    run_refused(run, (const char *[]){ "--merge", good, other, NULL }, message);
    write_text(bad, "");
    run_refused(run, (const char *[]){ "--merge", bad, NULL }, "no game in the results file given");
    run_refused(run, (const char *[]){ "--merge", temp_path("missing.jsonl"), NULL }, "cannot open");
    run_refused(run, (const char *[]){ "--merge", good, "--anchor", "nobody", NULL }, "--anchor nobody names none");
    free(run);
    remove_temp_dir();
}
END_TEST

Suite *match_results_suite(void)
{
    Suite *s = suite_create("match_results");
    TCase *tc = tcase_create("match_results");
    tcase_set_timeout(tc, 90);
    tcase_add_test(tc, test_results_lines);
    tcase_add_test(tc, test_resume_after_cut);
    tcase_add_test(tc, test_interrupt_and_resume);
    tcase_add_test(tc, test_shards_merge_like_whole);
    tcase_add_test(tc, test_tournament_shards_merge);
    tcase_add_test(tc, test_sprt_results);
    tcase_add_test(tc, test_sprt_then_resume_to_n);
    tcase_add_test(tc, test_shard_and_resume_usage);
    tcase_add_test(tc, test_merge_errors);
    suite_add_tcase(s, tc);
    return s;
}
