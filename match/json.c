/* json.c - writing escaped JSON text, and a strict recursive-descent parser. */
#include "match/json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ---- */

static bool reserve(JsonText *t, size_t more)
{
    if (t->failed)
        return false;
    if (t->length + more + 1 <= t->capacity)
        return true;
    size_t capacity = t->capacity ? t->capacity : 256;
    while (capacity < t->length + more + 1)
        capacity *= 2;
    char *grown = realloc(t->data, capacity);
    if (!grown) {
        t->failed = true;
        return false;
    }
    t->data = grown;
    t->capacity = capacity;
    return true;
}

void json_text_free(JsonText *t)
{
    free(t->data);
    *t = (JsonText){ 0 };
}

void json_raw(JsonText *t, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0 || !reserve(t, (size_t)n))
        return;
    va_start(args, format);
    vsnprintf(t->data + t->length, (size_t)n + 1, format, args);
    va_end(args);
    t->length += (size_t)n;
}

void json_string(JsonText *t, const char *s)
{
    json_raw(t, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            json_raw(t, "\\%c", *p);
        else if (*p == '\n')
            json_raw(t, "\\n");
        else if (*p == '\t')
            json_raw(t, "\\t");
        else if (*p < 0x20 || *p == 0x7f)
            json_raw(t, "\\u%04x", *p);
        else
            json_raw(t, "%c", *p);
    }
    json_raw(t, "\"");
}

void json_double(JsonText *t, double x)
{
    if (!isfinite(x)) {
        json_raw(t, "null");
        return;
    }
    char text[40];
    snprintf(text, sizeof text, "%.15g", x);
    if (strtod(text, NULL) != x)
        snprintf(text, sizeof text, "%.17g", x);
    json_raw(t, "%s", text);
}

/* ---- reading ---- */

enum { MAX_DEPTH = 32 };

typedef struct {
    const char *start, *p;
    char *error;
    size_t error_size;
} Parser;

static bool fail(Parser *ps, const char *message)
{
    if (ps->error[0] == '\0')
        snprintf(ps->error, ps->error_size, "%s at column %d", message, (int)(ps->p - ps->start) + 1);
    return false;
}

static void skip_space(Parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool read_hex4(Parser *ps, unsigned *code)
{
    *code = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(ps->p[i]);
        if (d < 0)
            return fail(ps, "bad \\u escape");
        *code = *code * 16 + (unsigned)d;
    }
    ps->p += 4;
    return true;
}

static size_t put_utf8(char *out, unsigned code)
{
    if (code < 0x80) {
        out[0] = (char)code;
        return 1;
    }
    if (code < 0x800) {
        out[0] = (char)(0xc0 | (code >> 6));
        out[1] = (char)(0x80 | (code & 0x3f));
        return 2;
    }
    if (code < 0x10000) {
        out[0] = (char)(0xe0 | (code >> 12));
        out[1] = (char)(0x80 | ((code >> 6) & 0x3f));
        out[2] = (char)(0x80 | (code & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (code >> 18));
    out[1] = (char)(0x80 | ((code >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((code >> 6) & 0x3f));
    out[3] = (char)(0x80 | (code & 0x3f));
    return 4;
}

/* One \u escape (ps->p just past the 'u'), a surrogate pair taken whole. */
static bool read_unicode(Parser *ps, unsigned *code)
{
    if (!read_hex4(ps, code))
        return false;
    if (*code >= 0xdc00 && *code <= 0xdfff)
        return fail(ps, "lone low surrogate");
    if (*code >= 0xd800 && *code <= 0xdbff) {
        unsigned low;
        if (ps->p[0] != '\\' || ps->p[1] != 'u')
            return fail(ps, "lone high surrogate");
        ps->p += 2;
        if (!read_hex4(ps, &low))
            return false;
        if (low < 0xdc00 || low > 0xdfff)
            return fail(ps, "bad surrogate pair");
        *code = 0x10000 + ((*code - 0xd800) << 10) + (low - 0xdc00);
    }
    if (*code == 0)
        return fail(ps, "\\u0000 in a string");
    return true;
}

/* A string (ps->p on the opening quote) into a malloc'ed text. */
static bool parse_string(Parser *ps, char **out)
{
    const char *begin = ++ps->p;
    size_t longest = 0;
    while (begin[longest] && begin[longest] != '"')
        longest += begin[longest] == '\\' && begin[longest + 1] ? 2 : 1;
    char *text = malloc(longest + 1); /* escapes never grow */
    if (!text)
        return fail(ps, "out of memory");
    size_t n = 0;
    for (;;) {
        unsigned char c = (unsigned char)*ps->p;
        if (c == '"') {
            ps->p++;
            break;
        }
        if (c == '\0' || c < 0x20) {
            free(text);
            return fail(ps, c ? "control character in a string" : "unterminated string");
        }
        ps->p++;
        if (c != '\\') {
            text[n++] = (char)c;
            continue;
        }
        char e = *ps->p++;
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            text[n++] = "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"];
        } else if (e == 'u') {
            unsigned code;
            if (!read_unicode(ps, &code)) {
                free(text);
                return false;
            }
            n += put_utf8(text + n, code);
        } else {
            free(text);
            ps->p--;
            return fail(ps, "bad escape");
        }
    }
    text[n] = '\0';
    *out = text;
    return true;
}

static bool parse_number(Parser *ps, JsonValue *v)
{
    const char *begin = ps->p, *q = ps->p;
    if (*q == '-')
        q++;
    if (*q == '0')
        q++;
    else if (*q >= '1' && *q <= '9')
        while (*q >= '0' && *q <= '9')
            q++;
    else
        return fail(ps, "bad value");
    if (*q == '.') {
        if (*++q < '0' || *q > '9')
            return fail(ps, "bad number");
        while (*q >= '0' && *q <= '9')
            q++;
    }
    if (*q == 'e' || *q == 'E') {
        q++;
        if (*q == '+' || *q == '-')
            q++;
        if (*q < '0' || *q > '9')
            return fail(ps, "bad number");
        while (*q >= '0' && *q <= '9')
            q++;
    }
    v->type = JSON_NUMBER;
    v->text = strndup(begin, (size_t)(q - begin));
    if (!v->text)
        return fail(ps, "out of memory");
    v->number = strtod(v->text, NULL);
    ps->p = q;
    return true;
}

static bool parse_value(Parser *ps, JsonValue *v, int depth);

/* Appends a zeroed slot to v->items (and v->keys for objects). */
static JsonValue *grow(Parser *ps, JsonValue *v, int *capacity)
{
    if (v->count == *capacity) {
        int more = *capacity ? *capacity * 2 : 8;
        JsonValue *items = realloc(v->items, (size_t)more * sizeof *items);
        if (items)
            v->items = items;
        if (items && v->type == JSON_OBJECT) {
            char **keys = realloc(v->keys, (size_t)more * sizeof *keys);
            if (!keys)
                items = NULL;
            else
                v->keys = keys;
        }
        if (!items) {
            fail(ps, "out of memory");
            return NULL;
        }
        *capacity = more;
    }
    JsonValue *slot = &v->items[v->count];
    memset(slot, 0, sizeof *slot);
    return slot;
}

/* The elements of an array or the members of an object; ps->p past the opening bracket. */
static bool parse_members(Parser *ps, JsonValue *v, char close, int depth)
{
    int capacity = 0;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        return true;
    }
    for (;;) {
        skip_space(ps);
        JsonValue *slot = grow(ps, v, &capacity);
        if (!slot)
            return false;
        if (v->type == JSON_OBJECT) {
            char *key;
            if (*ps->p != '"' || !parse_string(ps, &key))
                return fail(ps, "expected a member name");
            v->keys[v->count] = key;
            skip_space(ps);
            if (*ps->p++ != ':') {
                ps->p--;
                free(key);
                return fail(ps, "expected ':'");
            }
        }
        bool ok = parse_value(ps, slot, depth + 1);
        v->count++; /* freed with the rest even when incomplete */
        if (!ok)
            return false;
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            return true;
        }
        return fail(ps, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
    }
}

static bool parse_value(Parser *ps, JsonValue *v, int depth)
{
    if (depth > MAX_DEPTH)
        return fail(ps, "nested too deeply");
    skip_space(ps);
    static const struct { const char *word; JsonType type; } words[] = {
        { "null", JSON_NULL }, { "false", JSON_FALSE }, { "true", JSON_TRUE },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if (strncmp(ps->p, words[i].word, n) == 0) {
            ps->p += n;
            v->type = words[i].type;
            return true;
        }
    }
    switch (*ps->p) {
    case '"':
        v->type = JSON_STRING;
        return parse_string(ps, &v->text);
    case '[':
    case '{':
        v->type = *ps->p == '[' ? JSON_ARRAY : JSON_OBJECT;
        ps->p++;
        return parse_members(ps, v, v->type == JSON_ARRAY ? ']' : '}', depth);
    default:
        return parse_number(ps, v);
    }
}

static void free_contents(JsonValue *v)
{
    for (int i = 0; i < v->count; i++) {
        free_contents(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
}

void json_free(JsonValue *value)
{
    if (!value)
        return;
    free_contents(value);
    free(value);
}

JsonValue *json_parse(const char *text, char *error, size_t error_size)
{
    Parser ps = { .start = text, .p = text, .error = error, .error_size = error_size };
    error[0] = '\0';
    JsonValue *root = calloc(1, sizeof *root);
    if (!root) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    bool ok = parse_value(&ps, root, 0);
    if (ok) {
        skip_space(&ps);
        if (*ps.p)
            ok = fail(&ps, "text after the value");
    }
    if (!ok) {
        json_free(root);
        return NULL;
    }
    return root;
}

const JsonValue *json_get(const JsonValue *object, const char *key)
{
    if (!object || object->type != JSON_OBJECT)
        return NULL;
    for (int i = 0; i < object->count; i++)
        if (strcmp(object->keys[i], key) == 0)
            return &object->items[i];
    return NULL;
}
