/*
 * json.h - the little JSON the results files need: a growing text to write
 * objects into (strings escaped, numbers that read back exactly), and a
 * strict parser into a tree of values for reading them back.
 *
 * The parser takes one complete value (RFC 8259: objects, arrays, strings
 * with escapes, numbers, true, false, null) and nothing after it but
 * spaces.  Numbers keep their text, so 64-bit integers survive.
 */
#ifndef AMAZONS_MATCH_JSON_H
#define AMAZONS_MATCH_JSON_H

#include <stdbool.h>
#include <stddef.h>

/* ---- writing ---- */

typedef struct {
    char *data;        /* NUL-terminated; NULL until something is written */
    size_t length, capacity;
    bool failed;       /* out of memory: the text is incomplete */
} JsonText;

void json_text_free(JsonText *t);
void json_raw(JsonText *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* A string value, quoted and escaped. */
void json_string(JsonText *t, const char *s);
/* A number that parses back to exactly `x` (shortest of %.15g / %.17g). */
void json_double(JsonText *t, double x);

/* ---- reading ---- */

typedef enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonType;

typedef struct JsonValue JsonValue;
struct JsonValue {
    JsonType type;
    char *text;          /* JSON_STRING: the decoded string; JSON_NUMBER: the number as written */
    double number;       /* JSON_NUMBER */
    JsonValue *items;    /* JSON_ARRAY: the elements; JSON_OBJECT: the members' values */
    char **keys;         /* JSON_OBJECT: the members' names */
    int count;
};

/*
 * Parses `text`.  Returns a tree to free with json_free, or NULL with a
 * message (naming the column) in error[error_size].
 */
JsonValue *json_parse(const char *text, char *error, size_t error_size);
void json_free(JsonValue *value);

/* An object's member, or NULL (also when `object` is no object). */
const JsonValue *json_get(const JsonValue *object, const char *key);

#endif
