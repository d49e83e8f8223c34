/* names.c - engine names from their answers or their commands, told apart. */
#include "match/names.h"

#include <stdio.h>
#include <string.h>

/* Cuts text to at most `max` bytes, never inside a UTF-8 sequence. */
static void cut(char *text, size_t max)
{
    size_t n = strlen(text);
    if (n <= max)
        return;
    n = max;
    while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
        n--; /* text[n] continues a character: cut before that character */
    text[n] = '\0';
}

/* The first line of an answer, blanks collapsed and trimmed. */
static void first_line(const char *answer, char *out, size_t size)
{
    size_t n = 0;
    bool blank = false;
    for (const char *p = answer; *p && *p != '\n' && n + 1 < size; p++) {
        if (*p == ' ') {
            blank = n > 0;
            continue;
        }
        if (blank && n + 2 < size)
            out[n++] = ' ';
        blank = false;
        out[n++] = *p;
    }
    out[n] = '\0';
}

static bool is_wrapper(const char *base)
{
    static const char *const WRAPPERS[] = { "sh", "bash", "dash", "env", "exec", "nice", "taskset" };
    for (size_t i = 0; i < sizeof WRAPPERS / sizeof WRAPPERS[0]; i++)
        if (strcmp(base, WRAPPERS[i]) == 0)
            return true;
    return false;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The program's file name, looking through wrappers, assignments and options; "engine" when none. */
static void name_from_command(const char *command, char *name, size_t size)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", command);
    char *save = NULL, *chosen = NULL;
    for (char *word = strtok_r(buf, " \t'\"", &save); word; word = strtok_r(NULL, " \t'\"", &save)) {
        if (strchr(word, '=') || word[0] == '-')
            continue;
        chosen = word;
        if (!is_wrapper(base_name(word)))
            break;
    }
    const char *base = chosen ? base_name(chosen) : "";
    snprintf(name, size, "%s", *base ? base : "engine");
}

void engine_name_from(const char *answer, const char *command, char name[ENGINE_NAME_MAX])
{
    first_line(answer, name, ENGINE_NAME_MAX);
    if (!*name)
        name_from_command(command, name, ENGINE_NAME_MAX);
    cut(name, NAME_TAKEN_MAX);
}

void engine_names_distinct(char names[2][ENGINE_NAME_MAX], const bool given[2])
{
    if (strcmp(names[0], names[1]) != 0)
        return;
    int renamed = given[1] && !given[0] ? 0 : 1;
    char *name = names[renamed];
    cut(name, ENGINE_NAME_MAX - 6);
    size_t n = strlen(name);
    snprintf(name + n, ENGINE_NAME_MAX - n, " (%d)", renamed + 1);
}
