/* gtp.c - line reading, preprocessing, tokenising, dispatch and reply framing. */
#include "gtp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void reply_printf(Reply *reply, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int needed = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (needed < 0)
        return;
    size_t want = reply->length + (size_t)needed + 1;
    if (want > reply->capacity) {
        size_t capacity = reply->capacity ? reply->capacity : 256;
        while (capacity < want)
            capacity *= 2;
        char *text = realloc(reply->text, capacity);
        if (!text)
            abort(); /* out of memory while replying: nothing sane left to do */
        reply->text = text;
        reply->capacity = capacity;
    }
    va_start(args, format);
    vsnprintf(reply->text + reply->length, (size_t)needed + 1, format, args);
    va_end(args);
    reply->length += (size_t)needed;
}

void reply_stream_begin(Reply *reply)
{
    FILE *out = reply->loop->out;
    fprintf(out, "=%s\n", reply->id);
    fflush(out);
    reply->streamed = true;
}

void reply_stream_printf(Reply *reply, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vfprintf(reply->loop->out, format, args);
    va_end(args);
    fflush(reply->loop->out);
}

void reply_clear(Reply *reply)
{
    reply->length = 0;
    if (reply->text)
        reply->text[0] = '\0';
}

const Command *gtp_find_command(const GtpLoop *loop, const char *name)
{
    for (const Command *c = loop->commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

void gtp_preprocess(char *line)
{
    char *out = line;
    for (const char *in = line; *in; in++) {
        unsigned char ch = (unsigned char)*in;
        if (ch == '#')
            break;
        if (ch == '\t')
            *out++ = ' ';
        else if (ch == '\n' || (ch >= 32 && ch != 127))
            *out++ = (char)ch;
    }
    *out = '\0';
}

/* Splits at spaces; returns the word count, or max_words + 1 when there are more. */
static int split_words(char *line, char **words, int max_words)
{
    int count = 0;
    char *save = NULL;
    for (char *word = strtok_r(line, " \n", &save); word; word = strtok_r(NULL, " \n", &save)) {
        if (count == max_words)
            return max_words + 1;
        words[count++] = word;
    }
    return count;
}

static bool is_id(const char *word)
{
    for (const char *p = word; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    return *word != '\0';
}

/* A multi-line result must not contain an empty line: it would end the response. */
static void squeeze_empty_lines(char *text)
{
    char *out = text;
    for (const char *in = text; *in; in++)
        if (!(*in == '\n' && (in[1] == '\n' || in[1] == '\0')))
            *out++ = *in;
    *out = '\0';
}

static void respond(FILE *out, bool ok, const char *id, const char *text)
{
    fputc(ok ? '=' : '?', out);
    fputs(id, out);
    if (*text && *text != '\n')
        fputc(' ', out);
    fputs(text, out);
    fputs("\n\n", out);
    fflush(out);
}

void gtp_handle_line(GtpLoop *loop, char *line, FILE *out)
{
    enum { MAX_WORDS = GTP_MAX_ARGS + 2 }; /* id, command, arguments */
    char *words[MAX_WORDS];
    gtp_preprocess(line);
    int count = split_words(line, words, MAX_WORDS);
    if (count == 0)
        return; /* blank or comment-only line: no response at all */
    const char *id = "";
    int first = 0;
    if (is_id(words[0])) {
        id = words[0];
        first = 1;
    }
    if (count > MAX_WORDS || count - first - 1 > GTP_MAX_ARGS) {
        respond(out, false, id, "too many arguments");
        return;
    }
    if (first == count) {
        respond(out, false, id, "missing command");
        return;
    }
    const Command *command = gtp_find_command(loop, words[first]);
    if (!command) {
        respond(out, false, id, "unknown command");
        return;
    }
    loop->out = out;
    if (command->exclusive && loop->exclusive)
        loop->exclusive(loop);
    Reply reply = { .loop = loop, .id = id };
    reply_printf(&reply, "%s", "");
    bool ok = command->handler(loop->context, count - first - 1, words + first + 1, &reply);
    if (reply.streamed) {
        fputc('\n', out);
        fflush(out);
    } else {
        squeeze_empty_lines(reply.text);
        respond(out, ok, id, reply.text);
    }
    free(reply.text);
    if (ok && strcmp(command->name, "quit") == 0)
        loop->quit = true; /* quit is part of the protocol, not of any engine */
}

void gtp_run(GtpLoop *loop, FILE *in, FILE *out)
{
    char *buf = malloc(GTP_MAX_LINE + 1);
    LineInput *input = buf ? input_open(in, GTP_MAX_LINE) : NULL;
    if (!input) {
        free(buf);
        return;
    }
    loop->input = input;
    loop->out = out;
    while (!loop->quit) {
        if (loop->idle && input_is_live(input)) {
            uint64_t seen = input_events(input);
            while (!input_pending(input) && !loop->idle(loop))
                seen = input_wait(input, seen, 1e12);
        }
        LineStatus status = input_next(input, buf);
        if (status == LINE_END)
            break;
        if (status == LINE_TOO_LONG)
            respond(out, false, "", "line too long");
        else
            gtp_handle_line(loop, buf, out);
    }
    if (loop->exclusive)
        loop->exclusive(loop); /* background work ends with the loop: it may wake the input */
    input_close(input);
    loop->input = NULL;
    free(buf);
}
