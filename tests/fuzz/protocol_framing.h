/*
 * protocol_framing.h - what the dispatcher owes one input, predicted from
 * PROTOCOL.md §2 independently of gtp.c: one response per non-blank line,
 * echoing its id, each '=' or '?' and ended by an empty line; and the check
 * of an output against that prediction.
 */
#ifndef AMAZONS_FUZZ_PROTOCOL_FRAMING_H
#define AMAZONS_FUZZ_PROTOCOL_FRAMING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/harness_common.h"

/* What the dispatcher must answer to one input: one response per non-blank line, with its id. */
typedef struct {
    int count;
    int capacity;
    char **ids;    /* "" when the line has no id */
    bool searches; /* a genmove, reg_genmove or analysis command is sent */
    bool timed;    /* cputime, time_settings, time_left or solve is sent: answers depend on time */
} FuzzExpected;

FUZZ_API void fuzz_expected_free(FuzzExpected *e)
{
    for (int i = 0; i < e->count; i++)
        free(e->ids[i]);
    free(e->ids);
}

FUZZ_API bool fuzz_is_id(const char *word)
{
    for (const char *p = word; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    return *word != '\0';
}

/* Mirrors PROTOCOL.md §2 (independently of gtp.c's code) to predict the responses. */
FUZZ_API bool fuzz_expect(const uint8_t *data, size_t size, FuzzExpected *e)
{
    size_t start = 0;
    while (start < size) {
        size_t stop = start;
        while (stop < size && data[stop] != '\n')
            stop++;
        /* Control characters but HT are dropped (NUL too), HT is a space, '#' ends the line. */
        char *line = malloc(stop - start + 1);
        if (!line)
            return false;
        size_t n = 0;
        for (size_t i = start; i < stop; i++) {
            unsigned char ch = data[i];
            if (ch == '#')
                break;
            if (ch == '\t')
                line[n++] = ' ';
            else if (ch >= 32 && ch != 127)
                line[n++] = (char)ch;
        }
        line[n] = '\0';
        char *words[3];
        int count = 0;
        char *save = NULL;
        for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
            if (count < 3)
                words[count] = w;
            count++;
        }
        if (count > 0) {
            bool has_id = fuzz_is_id(words[0]);
            if (e->count == e->capacity) {
                int capacity = e->capacity ? 2 * e->capacity : 16;
                char **ids = realloc(e->ids, (size_t)capacity * sizeof *ids);
                if (!ids) {
                    free(line);
                    return false;
                }
                e->ids = ids;
                e->capacity = capacity;
            }
            e->ids[e->count] = strdup(has_id ? words[0] : "");
            if (!e->ids[e->count]) {
                free(line);
                return false;
            }
            e->count++;
            int first = has_id ? 1 : 0;
            if (count > first) {
                const char *command = words[first];
                e->searches |= !strcmp(command, "genmove") || !strcmp(command, "reg_genmove")
                             || (strstr(command, "analyze") && strcmp(command, "gogui-analyze_commands"));
                e->timed |= !strcmp(command, "cputime") || !strcmp(command, "time_settings")
                            || !strcmp(command, "time_left")
                            || !strcmp(command, "solve"); /* its answer carries its time */
            }
            bool quit = count == first + 1 && strcmp(words[first], "quit") == 0;
            if (quit) {
                free(line);
                return true; /* a successful quit ends the session */
            }
        }
        free(line);
        start = stop + 1;
    }
    return true;
}

/* Checks the framing of every response against the prediction. */
FUZZ_API const char *fuzz_check_output(const char *out, size_t length, const FuzzExpected *e)
{
    size_t pos = 0;
    int index = 0;
    while (pos < length) {
        if (out[pos] != '=' && out[pos] != '?')
            return fuzz_fail("response %d starts with byte 0x%02x, not '=' or '?'", index + 1,
                             (unsigned char)out[pos]);
        const char *end = NULL;
        for (size_t i = pos; i + 1 < length; i++)
            if (out[i] == '\n' && out[i + 1] == '\n') {
                end = out + i;
                break;
            }
        if (!end)
            return fuzz_fail("response %d is not ended by an empty line", index + 1);
        if (memchr(out + pos, '\0', (size_t)(end - (out + pos))))
            return fuzz_fail("response %d contains a NUL byte", index + 1);
        if (index >= e->count)
            return fuzz_fail("more responses than non-blank lines (%d)", e->count);
        const char *id = e->ids[index];
        size_t id_length = strlen(id);
        const char *after = out + pos + 1;
        if ((size_t)(end - after) < id_length || memcmp(after, id, id_length) != 0)
            return fuzz_fail("response %d does not echo id \"%s\": %.60s", index + 1, id, out + pos);
        after += id_length;
        if (after != end && *after != ' ' && *after != '\n')
            return fuzz_fail("response %d: id \"%s\" not followed by a space or line end: %.60s",
                             index + 1, id, out + pos);
        index++;
        pos = (size_t)(end - out) + 2;
    }
    if (index != e->count)
        return fuzz_fail("%d responses for %d non-blank lines", index, e->count);
    return NULL;
}

#endif
