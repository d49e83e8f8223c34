/* timeman.c - GTP clock bookkeeping and the per-move time budget. */
#include "search/timeman.h"

/*
 * Share of a byo-yomi period's time per stone that a move may use while
 * stones of the period remain after it: what one stone leaves unused passes
 * to the next, so the cushion costs nothing, and it absorbs the scheduler's
 * delays on a busy machine, measured at up to a few hundred milliseconds
 * under heavy load.  The period's last stone (a period of one stone is a
 * fixed time per move) gets all that is left, less the margin, as `--time`
 * does: a share there would throw a fifth of every move away.
 */
#define BYO_YOMI_SHARE 0.8

void clock_init(Clock *clock)
{
    *clock = (Clock){ .limited = false };
}

static bool in_range(double seconds) { return seconds >= 0 && seconds <= CLOCK_MAX_SECONDS; }

void clock_new_game(Clock *clock)
{
    if (!clock->has_settings) {
        clock_init(clock); /* times from time_left alone belonged to the old game */
        return;
    }
    for (int c = WHITE; c <= BLACK; c++) {
        clock->known[c] = true;
        clock->left[c] = clock->main_time;
        clock->stones_left[c] = 0;
        if (clock->main_time <= 0 && clock->byo_stones > 0) {
            clock->left[c] = clock->byo_time;
            clock->stones_left[c] = clock->byo_stones;
        }
    }
}

bool clock_settings(Clock *clock, double main_time, double byo_time, int byo_stones)
{
    if (!in_range(main_time) || !in_range(byo_time) || byo_stones < 0 || byo_stones > CLOCK_MAX_STONES)
        return false;
    clock->main_time = main_time;
    clock->byo_time = byo_time;
    clock->byo_stones = byo_stones;
    /* GTP: byo-yomi time with zero stones means no time limit at all. */
    clock->limited = !(byo_time > 0 && byo_stones == 0);
    clock->has_settings = true;
    clock_new_game(clock);
    return true;
}

bool clock_time_left(Clock *clock, Color c, double seconds, int stones)
{
    if (!in_range(seconds) || stones < 0 || stones > CLOCK_MAX_STONES)
        return false;
    clock->left[c] = seconds;
    clock->stones_left[c] = stones;
    clock->known[c] = true;
    if (!clock->has_settings)
        clock->limited = true; /* a controller that only sends time_left still has a clock */
    return true;
}

void clock_spend(Clock *clock, Color c, double seconds)
{
    if (!clock->limited)
        return;
    clock->left[c] -= seconds;
    if (clock->stones_left[c] > 0) {
        if (--clock->stones_left[c] == 0) {
            clock->left[c] = clock->byo_time; /* a new byo-yomi period begins */
            clock->stones_left[c] = clock->byo_stones;
        }
    } else if (clock->left[c] < 0 && clock->byo_stones > 0) {
        clock->left[c] += clock->byo_time; /* main time ran out into byo-yomi */
        clock->stones_left[c] = clock->byo_stones;
    }
    if (clock->left[c] < 0)
        clock->left[c] = 0;
}

/* Own moves still to come: every move fills a square, and games end before the board is full. */
static double moves_to_go(const Position *pos)
{
    double empty = bb_count(pos->empty);
    double estimate = empty * 0.35;
    return estimate < 6 ? 6 : estimate;
}

/*
 * The margin for a move of about `seconds`: the one given, or by default
 * MOVE_OVERHEAD_DEFAULT, at most SHORT_MOVE_MARGIN_SHARE of the move.
 */
static double margin(double overhead, double seconds)
{
    if (overhead >= 0)
        return overhead;
    double most = SHORT_MOVE_MARGIN_SHARE * seconds;
    return most < MOVE_OVERHEAD_DEFAULT ? most : MOVE_OVERHEAD_DEFAULT;
}

double time_budget(const Clock *clock, Color c, const Position *pos, double move_time, double overhead)
{
    if (!clock->limited || !clock->known[c]) {
        double budget = move_time - margin(overhead, move_time);
        return budget > 0 ? budget : 0;
    }
    int stones = clock->stones_left[c];
    /* A game clock keeps the whole default margin; a byo-yomi period scales it per stone. */
    double left = clock->left[c] - margin(overhead, stones > 0 ? clock->left[c] / stones : 1e9);
    double budget;
    if (stones > 0) {
        /* In byo-yomi: a share of the period per stone; its last stone takes the rest. */
        budget = stones > 1 ? left / stones * BYO_YOMI_SHARE : left;
    } else {
        budget = left / moves_to_go(pos);
        /* The middle game decides Amazons: spend more while much is contested. */
        int empty = bb_count(pos->empty);
        int squares = pos->width * pos->height;
        if (empty > squares * 0.35 && empty < squares * 0.85)
            budget *= 1.5;
        if (clock->byo_stones > 0)
            budget += clock->byo_time / clock->byo_stones * 0.8;
        /* Never more than a quarter of what is left in absolute time. */
        double cap = clock->byo_stones > 0 ? left + clock->byo_time / clock->byo_stones * BYO_YOMI_SHARE
                                           : left * 0.25;
        if (budget > cap)
            budget = cap;
    }
    return budget > 0 ? budget : 0;
}
