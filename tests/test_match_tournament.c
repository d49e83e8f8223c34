/*
 * test_match_tournament.c - amazons-match with more than two engines: the
 * round-robin and gauntlet schedules (colours, pairings, game count), the
 * cross table against the games' own records, the maximum-likelihood Elo
 * against closed forms and the likelihood equations, and the command-line
 * errors of tournaments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_run.h"
#include "tests.h"

enum { MAX_TEST_ENGINES = 4, MAX_TEST_GAMES = 32 };

static const char *greedy_engine(void)
{
    static char command[1024];
    snprintf(command, sizeof command, "%s --engine greedy --seed 1", engine_bin());
    return command;
}

static int engine_index(const char *const *names, int n, const char *name)
{
    for (int e = 0; e < n; e++)
        if (strcmp(names[e], name) == 0)
            return e;
    ck_abort_msg("unknown engine %s", name);
    return -1;
}

/*
 * The schedule as documented: pairing g mod P (round-robin 0-1, 0-2, ...,
 * 1-2, ...; gauntlet 0-1, 0-2, ...), its first engine White in the
 * pairing's even games k = g / P.
 */
static void expected_colours(bool gauntlet, int engines, int game, int *white, int *black)
{
    int pairs[MAX_TEST_ENGINES * MAX_TEST_ENGINES][2], count = 0;
    for (int a = 0; a < engines; a++)
        for (int b = a + 1; b < engines; b++)
            if (!gauntlet || a == 0) {
                pairs[count][0] = a;
                pairs[count][1] = b;
                count++;
            }
    int k = game / count;
    *white = pairs[game % count][k % 2];
    *black = pairs[game % count][1 - k % 2];
}

/* Reads the results file: checks every game's colours against the schedule and tallies beat[a][b]. */
static void tally_results(const char *path, bool gauntlet, const char *const *names, int n, int games,
                          int beat[MAX_TEST_ENGINES][MAX_TEST_ENGINES])
{
    static char lines[MAX_TEST_GAMES][LINE_MAX_TEST];
    bool seen[MAX_TEST_GAMES] = { false };
    ck_assert_int_eq(file_lines(path, lines, MAX_TEST_GAMES), games);
    memset(beat, 0, sizeof(int[MAX_TEST_ENGINES][MAX_TEST_ENGINES]));
    for (int i = 0; i < games; i++) {
        char white[64], black[64], winner[64];
        int number = json_int(lines[i], "game");
        ck_assert_int_ge(number, 1);
        ck_assert_int_le(number, games);
        ck_assert_msg(!seen[number - 1], "game %d twice", number);
        seen[number - 1] = true;
        ck_assert(json_field(lines[i], "white", white, sizeof white));
        ck_assert(json_field(lines[i], "black", black, sizeof black));
        ck_assert(json_field(lines[i], "winner_engine", winner, sizeof winner));
        int w, b;
        expected_colours(gauntlet, n, number - 1, &w, &b);
        ck_assert_msg(strcmp(white, names[w]) == 0 && strcmp(black, names[b]) == 0,
                      "game %d: %s-%s, want %s-%s", number, white, black, names[w], names[b]);
        int winner_index = engine_index(names, n, winner), loser = winner_index == w ? b : w;
        ck_assert_msg(winner_index == w || winner_index == b, "game %d won by %s", number, winner);
        beat[winner_index][loser]++;
    }
}

/* The printed cross table's cell of row a, column b: "W-L", "x" or ".". */
static void cross_cell(const Run *run, const char *row, int column, char *cell, size_t size)
{
    const char *table = strstr(run->out, "Cross table:");
    ck_assert_msg(table != NULL, "%s", run->out);
    size_t n = strlen(row);
    const char *line = strchr(table, '\n') + 1;
    line = strchr(line, '\n') + 1; /* past the column names */
    while (strncmp(line, row, n) != 0 || line[n] != ' ') {
        line = strchr(line, '\n');
        ck_assert_msg(line && strncmp(line + 1, "Elo", 3) != 0, "no row %s in\n%s", row, run->out);
        line++;
    }
    const char *p = line + n;
    for (int c = 0; c <= column; c++) {
        p += strspn(p, " ");
        size_t length = strcspn(p, " \n");
        snprintf(cell, size, "%.*s", (int)length, p);
        p += length;
    }
}

static void assert_cross_table(const Run *run, const char *const *names, int n, bool gauntlet,
                               int beat[MAX_TEST_ENGINES][MAX_TEST_ENGINES])
{
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            char cell[32], want[32];
            cross_cell(run, names[a], b, cell, sizeof cell);
            if (a == b)
                snprintf(want, sizeof want, "x");
            else if (gauntlet && a != 0 && b != 0)
                snprintf(want, sizeof want, ".");
            else
                snprintf(want, sizeof want, "%d-%d", beat[a][b], beat[b][a]);
            ck_assert_msg(strcmp(cell, want) == 0, "%s vs %s: \"%s\", want \"%s\"\n%s", names[a], names[b], cell,
                          want, run->out);
        }
}

/* The Elo line of `name`: its text after the name ("+0.0   (anchor)", "-190.8   [-584.0 .. +202.4]"). */
static const char *elo_line(const Run *run, const char *name)
{
    const char *section = strstr(run->out, "Elo by maximum likelihood");
    ck_assert_msg(section != NULL, "%s", run->out);
    size_t n = strlen(name);
    for (const char *line = strchr(section, '\n') + 1; *line; line = strchr(line, '\n') + 1) {
        if (strncmp(line, name, n) == 0 && line[n] == ' ')
            return line + n + strspn(line + n, " ");
        ck_assert_msg(strncmp(line, "Endings:", 8) != 0, "no Elo for %s in\n%s", name, run->out);
    }
    ck_abort_msg("no Elo for %s", name);
    return NULL;
}

/* The rating of `name` within a group apart from the anchor's (the block after the main list). */
static void group_values(const Run *run, const char *name, double *elo, double *low, double *high)
{
    const char *block = strstr(run->out, "Rated within their group, from its games alone");
    ck_assert_msg(block != NULL, "%s", run->out);
    size_t n = strlen(name);
    const char *line = strchr(block, '\n') + 1;
    while (strncmp(line, name, n) != 0 || line[n] != ' ') {
        line = strchr(line, '\n') + 1;
        ck_assert_msg(strncmp(line, "Endings:", 8) != 0, "no group rating for %s in\n%s", name, run->out);
    }
    line += n + strspn(line + n, " ");
    ck_assert_msg(sscanf(line, "%lf [%lf .. %lf]", elo, low, high) == 3, "group Elo of %s: %s", name, line);
}

static void elo_values(const Run *run, const char *name, double *elo, double *low, double *high)
{
    const char *line = elo_line(run, name);
    ck_assert_msg(sscanf(line, "%lf [%lf .. %lf]", elo, low, high) == 3, "Elo of %s: %s", name, line);
}

static void assert_elo_word(const Run *run, const char *name, const char *word)
{
    const char *line = elo_line(run, name);
    ck_assert_msg(strncmp(line, word, strlen(word)) == 0, "Elo of %s is \"%.40s\", want %s\n%s", name, line, word,
                  run->out);
}

/* ---- played tournaments ---- */

START_TEST(test_round_robin)
{
    static const char *const names[] = { "mcts", "greedy", "quitter" };
    make_temp_dir();
    const char *results = temp_path("rr.jsonl"), *sgf = temp_path("rr.sgf");
    char specs[3][1200];
    snprintf(specs[0], sizeof specs[0], "mcts=%s", real_engine());
    snprintf(specs[1], sizeof specs[1], "greedy=%s", greedy_engine());
    snprintf(specs[2], sizeof specs[2], "quitter=%s", fixture("illegal_engine.sh", "RESIGN"));
    const char *args[] = { "--size", "6", "-n", "4", "-j", "2", "--move-time", "5", "--results", results, "--sgf",
                           sgf, "--engine", specs[0], "--engine", specs[1], "--engine", specs[2], NULL };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s\n%s", run->status, run->out, run->err);
    ck_assert_msg(strstr(run->out, "Results: 12 games on 6x6") && strstr(run->out, "Round-robin of 3 engines, 4 games per pairing"),
                  "%s", run->out);

    int beat[MAX_TEST_ENGINES][MAX_TEST_ENGINES];
    tally_results(results, false, names, 3, 12, beat);
    ck_assert_int_eq(beat[2][0] + beat[2][1], 0); /* the quitter resigns every game */
    for (int e = 0; e < 3; e++) {
        int wins = 0;
        for (int o = 0; o < 3; o++)
            wins += beat[e][o];
        assert_record(run, names[e], 8, wins, 8 - wins);
    }
    assert_cross_table(run, names, 3, false, beat);
    assert_elo_word(run, "mcts", "+0.0   (anchor)");
    assert_elo_word(run, "quitter", "-inf");
    ck_assert_msg(strstr(run->out, "Endings: no legal move 4, resign 8,"), "%s", run->out);

    /* The SGF collection: the games in order, players as scheduled. */
    static Game games[13];
    static SgfInfo infos[13];
    char *text = read_file(sgf);
    ck_assert_int_eq(parse_collection(text, games, infos, 13), 12);
    free(text);
    for (int g = 0; g < 12; g++) {
        int w, b;
        expected_colours(false, 3, g, &w, &b);
        ck_assert_str_eq(infos[g].white, names[w]);
        ck_assert_str_eq(infos[g].black, names[b]);
    }
    free(run);
    remove_temp_dir();
}
END_TEST

START_TEST(test_gauntlet)
{
    static const char *const names[] = { "mcts", "resigner", "illegal", "crasher" };
    make_temp_dir();
    const char *results = temp_path("g.jsonl");
    char specs[4][1200];
    snprintf(specs[0], sizeof specs[0], "mcts=%s", real_engine());
    snprintf(specs[1], sizeof specs[1], "resigner=%s", fixture("illegal_engine.sh", "RESIGN"));
    snprintf(specs[2], sizeof specs[2], "illegal=%s", fixture("illegal_engine.sh", NULL));
    snprintf(specs[3], sizeof specs[3], "crasher=%s", fixture("crash_engine.sh", "2")); /* on boardsize */
    const char *args[] = { "-q", "--size", "6", "-n", "3", "--tournament", "gauntlet", "--anchor", "illegal",
                           "--results", results, "--engine", specs[0], "--engine", specs[1], "--engine", specs[2],
                           "--engine", specs[3], NULL };
    Run *run = malloc(sizeof *run);
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s\n%s", run->status, run->out, run->err);
    ck_assert_msg(strstr(run->out, "Results: 9 games on 6x6")
                  && strstr(run->out, "Gauntlet: mcts against 3 engines, 3 games per pairing"), "%s", run->out);
    int beat[MAX_TEST_ENGINES][MAX_TEST_ENGINES];
    tally_results(results, true, names, 4, 9, beat);
    ck_assert_int_eq(beat[0][1] + beat[0][2] + beat[0][3], 9);
    assert_record(run, "mcts", 9, 9, 0);
    assert_record(run, "crasher", 3, 0, 3);
    assert_faults(run, "crasher", F_CRASH, 3);
    assert_faults(run, "illegal", F_ILLEGAL, 3);
    assert_cross_table(run, names, 4, true, beat);
    /* Anchored on a loser: the winner is above every chain of wins, the other losers unconnected. */
    assert_elo_word(run, "illegal", "+0.0   (anchor)");
    assert_elo_word(run, "mcts", "+inf");
    assert_elo_word(run, "resigner", "?");
    assert_elo_word(run, "crasher", "?");
    free(run);
    remove_temp_dir();
}
END_TEST

/* ---- ratings from given games ---- */

/*
 * Writes a results file of games that end by resignation before any move:
 * winners[g] is the engine that wins game g of the schedule.
 */
static void write_games(const char *path, bool gauntlet, const char *const *names, int n, int per_pairing,
                        const int *winners)
{
    FILE *file = fopen(path, "w");
    ck_assert_ptr_nonnull(file);
    char settings[1024], list[256] = "";
    for (int e = 0; e < n; e++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"", e ? "," : "", names[e]);
    snprintf(settings, sizeof settings,
             "{\"size\":6,\"time\":{\"kind\":\"move\",\"seconds\":1},\"grace\":0.2,\"schedule\":\"%s\","
             "\"engines\":[%s],\"games_per_pairing\":%d,\"openings\":null,\"sprt\":null,\"anchor\":\"%s\"}",
             gauntlet ? "gauntlet" : "round-robin", list, per_pairing, names[0]);
    int pairings = gauntlet ? n - 1 : n * (n - 1) / 2;
    for (int g = 0; g < pairings * per_pairing; g++) {
        int w, b;
        expected_colours(gauntlet, n, g, &w, &b);
        bool white_wins = winners[g] == w;
        fprintf(file,
                "{\"game\":%d,\"white\":\"%s\",\"black\":\"%s\",\"opening\":null,\"result\":\"%s\","
                "\"winner\":\"%s\",\"winner_engine\":\"%s\",\"end\":\"resign\",\"reason\":\"%s resigned\","
                "\"score\":0,\"plies\":0,\"white_seconds\":0.1,\"black_seconds\":0.2,\"seed\":null,"
                "\"date\":\"2026-01-01\",\"start\":\"1B2B1/B4B/6/6/W4W/1W2W1 w\",\"moves\":[],\"settings\":%s}\n",
                g + 1, names[w], names[b], white_wins ? "W+Resign" : "B+Resign", white_wins ? "white" : "black",
                names[winners[g]], names[white_wins ? b : w], settings);
    }
    fclose(file);
}

/* Winners for games in which each pairing's results are given as wins of its first engine. */
static void fill_winners(bool gauntlet, int n, int per_pairing, const int *first_wins, int *winners)
{
    int pairings = gauntlet ? n - 1 : n * (n - 1) / 2;
    for (int p = 0; p < pairings; p++)
        for (int k = 0; k < per_pairing; k++) {
            int g = k * pairings + p, w, b;
            expected_colours(gauntlet, n, g, &w, &b);
            int first = k % 2 == 0 ? w : b, second = k % 2 == 0 ? b : w;
            winners[g] = k < first_wins[p] ? first : second;
        }
}

static void merge_file(Run *run, const char *path, const char *anchor)
{
    const char *args[] = { "--merge", path, anchor ? "--anchor" : NULL, anchor, NULL };
    run_program(run, args);
    ck_assert_msg(run->status == 0, "exit %d:\n%s\n%s", run->status, run->out, run->err);
}

#define Z95 1.959963984540054
#define ELO_PER_NAT (400.0 / M_LN10)

START_TEST(test_elo_closed_form)
{
    /* Gauntlet: a beats b 3-1, a and c 2-2.  b and c meet only a, so each is a two-player fit. */
    static const char *const names[] = { "a", "b", "c" };
    int winners[8];
    fill_winners(true, 3, 4, (const int[]){ 3, 2 }, winners);
    make_temp_dir();
    write_games(temp_path("g.jsonl"), true, names, 3, 4, winners);
    Run *run = malloc(sizeof *run);
    merge_file(run, temp_path("g.jsonl"), NULL);
    assert_record(run, "a", 8, 5, 3);
    double elo, low, high;
    elo_values(run, "b", &elo, &low, &high);
    double want = -400 * log10(3.0), half = Z95 * ELO_PER_NAT / sqrt(4 * 0.75 * 0.25);
    ck_assert_msg(fabs(elo - want) < 0.06 && fabs(low - (want - half)) < 0.06 && fabs(high - (want + half)) < 0.06,
                  "b: %.1f [%.1f .. %.1f], want %.1f [%.1f .. %.1f]", elo, low, high, want, want - half, want + half);
    elo_values(run, "c", &elo, &low, &high);
    half = Z95 * ELO_PER_NAT / sqrt(4 * 0.25);
    ck_assert_msg(fabs(elo) < 0.06 && fabs(low + half) < 0.06 && fabs(high - half) < 0.06, "c: %.1f [%.1f .. %.1f]",
                  elo, low, high);
    /* Another anchor shifts every rating by the same amount. */
    merge_file(run, temp_path("g.jsonl"), "b");
    elo_values(run, "a", &elo, &low, &high);
    ck_assert_msg(fabs(elo - 400 * log10(3.0)) < 0.06, "a over b: %.1f", elo);
    free(run);
    remove_temp_dir();
}
END_TEST

/* At the maximum, each engine's expected wins equal its wins: sum_j n_ij p_ij = W_i. */
START_TEST(test_elo_likelihood_equations)
{
    static const char *const names[] = { "a", "b", "c", "d" };
    /* Pairings a-b, a-c, a-d, b-c, b-d, c-d; wins of the first engine out of 6. */
    static const int first_wins[] = { 4, 5, 3, 2, 5, 4 };
    int winners[36], beat[4][4] = { { 0 } };
    fill_winners(false, 4, 6, first_wins, winners);
    make_temp_dir();
    write_games(temp_path("rr.jsonl"), false, names, 4, 6, winners);
    Run *run = malloc(sizeof *run);
    merge_file(run, temp_path("rr.jsonl"), NULL);
    int p = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++, p++) {
            beat[a][b] = first_wins[p];
            beat[b][a] = 6 - first_wins[p];
        }
    double elo[4], low, high;
    assert_elo_word(run, "a", "+0.0   (anchor)");
    elo[0] = 0;
    for (int e = 1; e < 4; e++) {
        elo_values(run, names[e], &elo[e], &low, &high);
        ck_assert_msg(low < elo[e] && elo[e] < high, "%s: %.1f [%.1f .. %.1f]", names[e], elo[e], low, high);
    }
    for (int e = 0; e < 4; e++) {
        double expected = 0;
        int wins = 0;
        for (int o = 0; o < 4; o++) {
            if (o == e)
                continue;
            wins += beat[e][o];
            expected += 6 / (1 + pow(10, (elo[o] - elo[e]) / 400));
        }
        ck_assert_msg(fabs(expected - wins) < 0.01, "%s: %d wins, %.4f expected\n%s", names[e], wins, expected,
                      run->out);
    }
    /* Thinking time: each engine has White in 9 games (0.1 s each) and Black in 9 (0.2 s). */
    ck_assert_msg(strstr(run->out, "Thinking time: a 2.7 s, b 2.7 s, c 2.7 s, d 2.7 s"), "%s", run->out);
    free(run);
    remove_temp_dir();
}
END_TEST

START_TEST(test_elo_unbounded)
{
    static const char *const names[] = { "a", "b", "c" };
    int winners[8];
    make_temp_dir();
    Run *run = malloc(sizeof *run);
    /* a beats b 4-0 and loses to c 0-4: b below a, c above. */
    fill_winners(true, 3, 4, (const int[]){ 4, 0 }, winners);
    write_games(temp_path("1.jsonl"), true, names, 3, 4, winners);
    merge_file(run, temp_path("1.jsonl"), NULL);
    assert_elo_word(run, "b", "-inf");
    assert_elo_word(run, "c", "+inf");
    /* From b: a and c (c beat a, a beat b) are both above. */
    merge_file(run, temp_path("1.jsonl"), "b");
    assert_elo_word(run, "a", "+inf");
    assert_elo_word(run, "c", "+inf");
    /* a beats both: from b, c is connected to b by no chain either way. */
    fill_winners(true, 3, 4, (const int[]){ 4, 4 }, winners);
    write_games(temp_path("2.jsonl"), true, names, 3, 4, winners);
    merge_file(run, temp_path("2.jsonl"), "b");
    assert_elo_word(run, "a", "+inf");
    assert_elo_word(run, "c", "?");
    ck_assert_ptr_null(strstr(run->out, "Rated within their group"));
    /* Round-robin: a beats b and c 4-0, b beats c 3-1.  b and c are -inf, and rated among themselves. */
    int rr_winners[12];
    fill_winners(false, 3, 4, (const int[]){ 4, 4, 3 }, rr_winners);
    write_games(temp_path("3.jsonl"), false, names, 3, 4, rr_winners);
    merge_file(run, temp_path("3.jsonl"), NULL);
    assert_elo_word(run, "b", "-inf");
    assert_elo_word(run, "c", "-inf");
    ck_assert_msg(strstr(run->out, "Rated within their group, from its games alone, b = 0:\nb "), "%s", run->out);
    double elo, low, high, want = -400 * log10(3.0), half = Z95 * ELO_PER_NAT / sqrt(4 * 0.75 * 0.25);
    group_values(run, "c", &elo, &low, &high);
    ck_assert_msg(fabs(elo - want) < 0.06 && fabs(low - (want - half)) < 0.06 && fabs(high - (want + half)) < 0.06,
                  "c within b's group: %.1f [%.1f .. %.1f]", elo, low, high);
    free(run);
    remove_temp_dir();
}
END_TEST

/* ---- bad command lines ---- */

START_TEST(test_tournament_usage)
{
    static const struct {
        const char *args[10];
        const char *message;
    } cases[] = {
        { { "--engine", "a", "--engine", "b=x" }, "invalid --engine 'a' (NAME=COMMAND)" },
        { { "--engine", "=x", "--engine", "b=x" }, "invalid engine name ''" },
        { { "--engine", "a b=x", "--engine", "b=x" }, "invalid engine name 'a b'" },
        { { "--engine", "a=", "--engine", "b=x" }, "empty command for engine 'a'" },
        { { "--engine", "a=x", "--engine", "a=y" }, "two engines are named 'a'" },
        { { "--engine", "a=x" }, "at least two --engine" },
        { { "--name1", "a", "--name2", "a", "--", "x", "--", "y" }, "both named 'a'" },
        { { "--engine", "a=x", "--engine", "b=y", "--engine1", "z" }, "does not mix" },
        { { "--engine", "a=x", "--engine", "b=y", "--", "z" }, "does not mix" },
        { { "--engine", "a=x", "--engine", "b=y", "--engine", "c=z", "--sprt", "0,10" },
          "--sprt tests one engine against one other" },
        { { "--engine", "a=x", "--engine", "b=y", "--anchor", "c" }, "--anchor 'c' names none of the engines" },
        { { "--engine", "a=x", "--engine", "b=y", "--tournament", "swiss" }, "invalid tournament 'swiss'" },
        { { "--merge", "x.jsonl", "--engine", "a=b" }, "--engine does not go with --merge" },
        { { "--merge" }, "--merge needs results files" },
    };
    Run *run = malloc(sizeof *run);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_refused(run, cases[i].args, cases[i].message);
    free(run);
}
END_TEST

Suite *match_tournament_suite(void)
{
    Suite *s = suite_create("match_tournament");
    TCase *tc = tcase_create("match_tournament");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_round_robin);
    tcase_add_test(tc, test_gauntlet);
    tcase_add_test(tc, test_elo_closed_form);
    tcase_add_test(tc, test_elo_likelihood_equations);
    tcase_add_test(tc, test_elo_unbounded);
    tcase_add_test(tc, test_tournament_usage);
    suite_add_tcase(s, tc);
    return s;
}
