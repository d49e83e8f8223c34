/* match_run.c - running amazons-match from the tests and reading what it writes. */
#include "match_run.h"

#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *env_or(const char *name, const char *fallback)
{
    const char *value = getenv(name);
    return value && *value ? value : fallback;
}

static const char *runner(void) { return env_or("AMAZONS_MATCH_BIN", "./amazons-match"); }
const char *engine_bin(void) { return env_or("AMAZONS_BIN", "./amazons"); }
const char *fixtures(void) { return env_or("AMAZONS_FIXTURES", "tests/fixtures"); }

const char *real_engine(void)
{
    static char command[1024];
    snprintf(command, sizeof command, "%s --playouts 50 --memory 16 --seed 1", engine_bin());
    return command;
}

const char *fixture(const char *script, const char *args)
{
    static char command[4][1024];
    static int next;
    char *out = command[next++ % 4];
    snprintf(out, sizeof command[0], "sh %s/%s %s", fixtures(), script, args ? args : "");
    return out;
}

double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int count_lines(const char *path)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return 0;
    int lines = 0, c;
    while ((c = getc(file)) != EOF)
        lines += c == '\n';
    fclose(file);
    return lines;
}

static pid_t spawn(const char *const *args, int out[2], int err[2])
{
    const char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = runner();
    for (const char *const *a = args; *a && argc < MAX_ARGS; a++)
        argv[argc++] = *a;
    argv[argc] = NULL;
    ck_assert_int_eq(pipe(out), 0);
    ck_assert_int_eq(pipe(err), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        dup2(err[1], STDERR_FILENO);
        close(out[0]), close(out[1]), close(err[0]), close(err[1]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    return pid;
}

/* Reads what is there from fd into buf (capacity OUTPUT_MAX); false at its end. */
static bool drain(int fd, char *buf, size_t *length)
{
    char scratch[4096];
    ssize_t n = read(fd, scratch, sizeof scratch);
    if (n <= 0)
        return false;
    size_t room = OUTPUT_MAX - 1 - *length, take = (size_t)n < room ? (size_t)n : room;
    memcpy(buf + *length, scratch, take);
    *length += take;
    return true;
}

void run_program_watched(Run *run, const char *const *args, const Watch *watch)
{
    int out[2], err[2];
    double start = now(), deadline = start + 30;
    pid_t pid = spawn(args, out, err);
    size_t lengths[2] = { 0, 0 };
    bool open[2] = { true, true }, killed = false, signalled = false;
    while (open[0] || open[1]) {
        if (watch && !signalled && count_lines(watch->path) >= watch->lines) {
            kill(pid, watch->sig);
            signalled = true;
        }
        int left = (int)((deadline - now()) * 1000);
        if (left <= 0) {
            kill(pid, SIGKILL);
            killed = true;
            break;
        }
        struct pollfd p[2] = { { .fd = open[0] ? out[0] : -1, .events = POLLIN },
                               { .fd = open[1] ? err[0] : -1, .events = POLLIN } };
        if (poll(p, 2, watch ? 20 : left) <= 0)
            continue;
        if (p[0].revents && !drain(out[0], run->out, &lengths[0]))
            open[0] = false;
        if (p[1].revents && !drain(err[0], run->err, &lengths[1]))
            open[1] = false;
    }
    run->out[lengths[0]] = '\0';
    run->err[lengths[1]] = '\0';
    close(out[0]);
    close(err[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    run->seconds = now() - start;
    ck_assert_msg(!killed, "the runner did not finish in 30 s:\n%s", run->out);
    ck_assert_msg(!watch || signalled, "the runner ended before %s had %d lines", watch ? watch->path : "",
                  watch ? watch->lines : 0);
    run->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (getenv("MATCH_TEST_VERBOSE"))
        fprintf(stderr, "%s", run->err);
}

void run_program(Run *run, const char *const *args)
{
    run_program_watched(run, args, NULL);
}

void run_refused(Run *run, const char *const *args, const char *message)
{
    run_program(run, args);
    ck_assert_msg(run->status == 2, "exit %d, want 2 (\"%s\"):\n%s", run->status, message, run->err);
    ck_assert_msg(strstr(run->err, message), "want \"%s\" in:\n%s", message, run->err);
    ck_assert_str_eq(run->out, "");
}

void table_row(const Run *run, const char *name, int which, int *values, int count)
{
    const char *section = which == 0 ? "\nEngine " : "\nFaults ";
    const char *p = strstr(run->out, section);
    size_t n = strlen(name);
    ck_assert_msg(p != NULL, "no table in:\n%s", run->out);
    for (p++;;) {
        p = strchr(p, '\n');
        ck_assert_msg(p && p[1], "no row %d for %s in:\n%s", which, name, run->out);
        p++;
        /* The name, then only blanks up to the numbers: "Amazons" is not the row of "Amazons (2)". */
        if (strncmp(p, name, n) == 0 && p[n] == ' ' && isdigit((unsigned char)p[n + strspn(p + n, " ")]))
            break;
    }
    p += n;
    for (int i = 0; i < count; i++) {
        char *end;
        values[i] = (int)strtol(p, &end, 10);
        ck_assert_msg(end != p, "row for %s too short in:\n%s", name, run->out);
        p = end;
        while (*p == '%' || *p == '.' || (*p >= '0' && *p <= '9'))
            p++; /* skip the decimals of a percentage */
        if (*p == '-' && i + 1 < count) /* "W-L" pairs */
            p++;
    }
}

void assert_record(const Run *run, const char *name, int games, int wins, int losses)
{
    int v[3];
    table_row(run, name, 0, v, 3);
    ck_assert_msg(v[0] == games && v[1] == wins && v[2] == losses,
                  "%s: %d games %d-%d, want %d games %d-%d\n%s", name, v[0], v[1], v[2], games, wins,
                  losses, run->out);
}

void assert_faults(const Run *run, const char *name, int kind, int count)
{
    int v[F_KINDS];
    table_row(run, name, 1, v, F_KINDS);
    for (int k = 0; k < F_KINDS; k++)
        ck_assert_msg(v[k] == (k == kind ? count : 0), "%s: fault column %d is %d\n%s", name, k, v[k],
                      run->out);
}

char *read_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    ck_assert_msg(file != NULL, "cannot open %s", path);
    char *text = malloc(SGF_MAX_INPUT + 1);
    size_t n = fread(text, 1, SGF_MAX_INPUT, file);
    fclose(file);
    text[n] = '\0';
    return text;
}

int parse_collection(const char *text, Game *games, SgfInfo *infos, int max)
{
    size_t offset = 0, length = strlen(text);
    int count = 0;
    for (;;) {
        while (offset < length && (text[offset] == ' ' || text[offset] == '\n'))
            offset++;
        if (offset == length)
            return count;
        ck_assert_int_lt(count, max);
        size_t end;
        const char *error = sgf_parse(text + offset, length - offset, 0, &games[count], &infos[count], &end);
        ck_assert_msg(error == NULL, "game %d: %s", count + 1, error);
        offset += end;
        count++;
    }
}

void assert_same_game(const Game *a, const Game *b)
{
    ck_assert_int_eq(a->length, b->length);
    ck_assert(a->start.amazons[WHITE] == b->start.amazons[WHITE]);
    ck_assert(a->start.amazons[BLACK] == b->start.amazons[BLACK]);
    ck_assert(a->start.arrows == b->start.arrows);
    ck_assert_int_eq(a->start.to_move, b->start.to_move);
    for (int i = 0; i < a->length; i++) {
        ck_assert(move_equal(a->history[i].move, b->history[i].move));
        ck_assert_int_eq(a->history[i].mover, b->history[i].mover);
    }
}

char temp_dir[64];

void make_temp_dir(void)
{
    snprintf(temp_dir, sizeof temp_dir, "/tmp/test_match_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(temp_dir));
}

const char *temp_path(const char *name)
{
    static char paths[4][128];
    static int next;
    char *out = paths[next++ % 4];
    snprintf(out, sizeof paths[0], "%s/%s", temp_dir, name);
    return out;
}

void remove_temp_dir(void)
{
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", temp_dir);
    ck_assert_int_eq(system(command), 0);
}

bool json_field(const char *line, const char *key, char *out, size_t size)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(line, pattern);
    if (!p || size == 0)
        return false;
    p += strlen(pattern);
    size_t n = 0;
    if (*p == '"') {
        for (p++; *p && *p != '"' && n + 1 < size; p++) {
            if (*p == '\\' && p[1])
                p++;
            out[n++] = *p;
        }
    } else {
        int depth = 0;
        for (; *p && n + 1 < size; p++) {
            if ((*p == ',' || *p == '}' || *p == ']') && depth == 0)
                break;
            depth += (*p == '[' || *p == '{') - (*p == ']' || *p == '}');
            out[n++] = *p;
        }
    }
    out[n] = '\0';
    return true;
}

int json_int(const char *line, const char *key)
{
    char text[64];
    ck_assert_msg(json_field(line, key, text, sizeof text), "no \"%s\" in %s", key, line);
    return atoi(text);
}

int file_lines(const char *path, char lines[][LINE_MAX_TEST], int max)
{
    FILE *file = fopen(path, "r");
    ck_assert_msg(file != NULL, "cannot open %s", path);
    int n = 0;
    while (n < max && fgets(lines[n], LINE_MAX_TEST, file)) {
        ck_assert_msg(strchr(lines[n], '\n'), "%s: line %d is incomplete or too long", path, n + 1);
        n++;
    }
    ck_assert_msg(n < max || fgetc(file) == EOF, "%s has more than %d lines", path, max);
    fclose(file);
    return n;
}

/* The output without the lines of times, which differ from run to run. */
void strip_times(const char *out, char *stripped, size_t size)
{
    static const char *const timed[] = { "Thinking time:", "Longest move:" };
    size_t n = 0;
    for (const char *line = out; *line && n + 1 < size;) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) + 1 : strlen(line);
        bool skip = false;
        for (size_t i = 0; i < sizeof timed / sizeof timed[0]; i++)
            skip |= strncmp(line, timed[i], strlen(timed[i])) == 0;
        if (!skip) {
            size_t room = size - 1 - n;
            size_t take = length < room ? length : room;
            memcpy(stripped + n, line, take);
            n += take;
        }
        line += length;
    }
    stripped[n] = '\0';
}
