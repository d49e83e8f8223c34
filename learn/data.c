/* data.c - training positions and their files (data.h). */
#include "learn/data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/zobrist.h"

static int cell_of(const Position *pos, int sq)
{
    if (bb_test(pos->amazons[WHITE], sq))
        return 1;
    if (bb_test(pos->amazons[BLACK], sq))
        return 2;
    return bb_test(pos->arrows, sq) ? 3 : 0;
}

static uint64_t record_key(const TrainingRecord *r)
{
    uint64_t h = zobrist_mix(((uint64_t)r->width << 16) | ((uint64_t)r->height << 8) | r->to_move);
    for (int i = 0; i < TRAINING_CELL_BYTES; i++)
        h = zobrist_mix(h ^ r->cells[i]);
    return h;
}

static uint16_t share(double x)
{
    return (uint16_t)(x <= 0 ? 0 : x >= 1 ? 65535 : x * 65535.0 + 0.5);
}

void record_from_position(const Position *pos, int plies, bool won, double value, TrainingRecord *r)
{
    memset(r, 0, sizeof *r);
    r->width = (uint8_t)pos->width;
    r->height = (uint8_t)pos->height;
    r->to_move = (uint8_t)pos->to_move;
    r->plies = (uint8_t)(plies < 255 ? plies : 255);
    r->result = won ? 65535 : 0;
    r->value = share(value);
    r->count = 1;
    for (int rank = 0; rank < pos->height; rank++)
        for (int file = 0; file < pos->width; file++) {
            int i = rank * pos->width + file;
            r->cells[i / 4] |= (uint8_t)(cell_of(pos, square_at(file, rank)) << (2 * (i % 4)));
        }
    r->key = record_key(r);
}

void record_position(const TrainingRecord *r, Position *pos)
{
    /* Cell codes 1, 2, 3 are the pieces 0, 1, 2 of zobrist.h. */
    position_clear(pos, r->width, r->height);
    for (int i = 0; i < r->width * r->height; i++) {
        int cell = (r->cells[i / 4] >> (2 * (i % 4))) & 3;
        if (cell)
            position_put(pos, cell - 1, square_at(i % r->width, i / r->width));
    }
    pos->to_move = (Color)r->to_move;
    pos->hash = position_compute_hash(pos);
}

bool set_add(TrainingSet *set, const TrainingRecord *r)
{
    if (set->count == set->capacity) {
        size_t capacity = set->capacity ? 2 * set->capacity : 4096;
        TrainingRecord *grown = realloc(set->records, capacity * sizeof *grown);
        if (!grown)
            return false;
        set->records = grown;
        set->capacity = capacity;
    }
    set->records[set->count++] = *r;
    return true;
}

void set_free(TrainingSet *set)
{
    free(set->records);
    *set = (TrainingSet){ 0 };
}

static bool same_position(const TrainingRecord *a, const TrainingRecord *b)
{
    return a->key == b->key && a->width == b->width && a->height == b->height && a->to_move == b->to_move
        && memcmp(a->cells, b->cells, TRAINING_CELL_BYTES) == 0;
}

static int by_key(const void *x, const void *y)
{
    const TrainingRecord *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    int cells = memcmp(a->cells, b->cells, TRAINING_CELL_BYTES);
    if (cells)
        return cells;
    return (int)a->plies - (int)b->plies; /* the earliest occurrence first, whatever the input order */
}

void set_merge_duplicates(TrainingSet *set)
{
    qsort(set->records, set->count, sizeof *set->records, by_key);
    size_t kept = 0;
    for (size_t i = 0; i < set->count;) {
        TrainingRecord merged = set->records[i];
        double count = merged.count, result = merged.result * count, value = merged.value * count;
        size_t j = i + 1;
        for (; j < set->count && same_position(&set->records[j], &merged); j++) {
            double n = set->records[j].count;
            count += n;
            result += set->records[j].result * n;
            value += set->records[j].value * n;
        }
        merged.count = (uint16_t)(count < 65535 ? count : 65535);
        merged.result = (uint16_t)(result / count + 0.5);
        merged.value = (uint16_t)(value / count + 0.5);
        set->records[kept++] = merged;
        i = j;
    }
    set->count = kept;
}

/* ---- files: little-endian, whatever the host ---- */

static void put_u16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static uint16_t get_u16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void pack(const TrainingRecord *r, uint8_t *p)
{
    put_u64(p, r->key);
    p[8] = r->width, p[9] = r->height, p[10] = r->to_move, p[11] = r->plies;
    put_u16(p + 12, r->result);
    put_u16(p + 14, r->value);
    put_u16(p + 16, r->count);
    memcpy(p + 18, r->cells, TRAINING_CELL_BYTES);
    p[43] = 0;
}

static void unpack(const uint8_t *p, TrainingRecord *r)
{
    memset(r, 0, sizeof *r); /* the padding too: equal records are equal bytes */
    r->key = get_u64(p);
    r->width = p[8], r->height = p[9], r->to_move = p[10], r->plies = p[11];
    r->result = get_u16(p + 12);
    r->value = get_u16(p + 14);
    r->count = get_u16(p + 16);
    memcpy(r->cells, p + 18, TRAINING_CELL_BYTES);
}

static bool valid(const TrainingRecord *r)
{
    return r->width >= BOARD_MIN && r->width <= BOARD_MAX && r->height >= BOARD_MIN
        && r->height <= BOARD_MAX && r->to_move <= 1 && r->count >= 1 && record_key(r) == r->key;
}

const char *set_read(TrainingSet *set, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return "cannot open the file";
    uint8_t header[16], p[TRAINING_RECORD_BYTES];
    const char *error = NULL;
    if (fread(header, 1, 16, f) != 16 || memcmp(header, TRAINING_FILE_MAGIC, 8) != 0)
        error = "not a training file (no AMZDATA1 header)";
    uint64_t count = error ? 0 : get_u64(header + 8);
    for (uint64_t i = 0; !error && i < count; i++) {
        TrainingRecord r;
        if (fread(p, 1, sizeof p, f) != sizeof p)
            error = "truncated: fewer records than the header says";
        else if (unpack(p, &r), !valid(&r))
            error = "a record that is not a position (its key does not match)";
        else if (!set_add(set, &r))
            error = "out of memory";
    }
    if (!error && fgetc(f) != EOF)
        error = "bytes after the last record";
    fclose(f);
    return error;
}

bool set_write(const TrainingSet *set, const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    uint8_t header[16], p[TRAINING_RECORD_BYTES];
    memcpy(header, TRAINING_FILE_MAGIC, 8);
    put_u64(header + 8, set->count);
    bool ok = fwrite(header, 1, 16, f) == 16;
    for (size_t i = 0; ok && i < set->count; i++) {
        pack(&set->records[i], p);
        ok = fwrite(p, 1, sizeof p, f) == sizeof p;
    }
    return fclose(f) == 0 && ok;
}

bool journal_append(void *file, const TrainingRecord *r)
{
    uint8_t p[TRAINING_RECORD_BYTES];
    pack(r, p);
    return fwrite(p, 1, sizeof p, file) == sizeof p && fflush(file) == 0;
}

const char *journal_read(TrainingSet *set, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL; /* nothing done yet */
    uint8_t p[TRAINING_RECORD_BYTES];
    const char *error = NULL;
    while (!error && fread(p, 1, sizeof p, f) == sizeof p) {
        TrainingRecord r;
        unpack(p, &r);
        if (!valid(&r))
            error = "a journal record that is not a position (its key does not match)";
        else if (!set_add(set, &r))
            error = "out of memory";
    }
    fclose(f);
    return error;
}

const char *set_read_files(TrainingSet *set, char *const *paths, int count, const char **bad)
{
    for (int i = 0; i < count; i++) {
        const char *error = set_read(set, paths[i]);
        if (error) {
            *bad = paths[i];
            return error;
        }
    }
    return NULL;
}

bool set_one_board(const TrainingSet *set)
{
    for (size_t i = 1; i < set->count; i++)
        if (set->records[i].width != set->records[0].width || set->records[i].height != set->records[0].height)
            return false;
    return true;
}
