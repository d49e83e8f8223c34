/*
 * timeman.h - the clock as GTP describes it, and how long to think.
 *
 * time_settings gives main time plus Canadian byo-yomi (BYO seconds for every
 * STONES moves); time_left reports what a colour has left.  The time manager
 * turns that into a budget for one move that never overruns the clock.
 */
#ifndef AMAZONS_TIMEMAN_H
#define AMAZONS_TIMEMAN_H

#include <stdbool.h>

#include "engine/deadline.h"
#include "engine/position.h"

/* Anything above this (about 11.5 days) is rejected as absurd. */
#define CLOCK_MAX_SECONDS 1e6
#define CLOCK_MAX_STONES 100000

typedef struct {
    bool limited;         /* false: no clock set, or GTP's "no time limits" */
    bool has_settings;    /* time_settings was given */
    bool known[2];        /* a colour's time left is known (settings or time_left) */
    double main_time, byo_time;
    int byo_stones;
    double left[2];       /* seconds left in main time, or in the byo-yomi period */
    int stones_left[2];   /* 0 while in main time */
} Clock;

/* Without time_settings the engine thinks a fixed time per move. */
void clock_init(Clock *clock);

/* GTP time_settings; returns false (clock unchanged) for out-of-range values. */
bool clock_settings(Clock *clock, double main_time, double byo_time, int byo_stones);

/* A new game starts every clock afresh from the last time_settings. */
void clock_new_game(Clock *clock);

/*
 * GTP time_left; returns false (clock unchanged) for out-of-range values.
 * A controller that sends time_left without time_settings gets a clock too.
 */
bool clock_time_left(Clock *clock, Color c, double seconds, int stones);

/* Charges a finished move's thinking time to c's clock (for controllers that send no time_left). */
void clock_spend(Clock *clock, Color c, double seconds);

/*
 * The margin kept back for the controller's latency when none is given
 * (MOVE_OVERHEAD_AUTO): MOVE_OVERHEAD_DEFAULT seconds, but never more than
 * SHORT_MOVE_MARGIN_SHARE of a fixed time per move (or of a byo-yomi
 * period's time per stone), so that short moves still think: at 0.1 s a
 * move the search gets 60 ms, at 0.05 s 30 ms.
 */
#define MOVE_OVERHEAD_AUTO (-1.0)
#define MOVE_OVERHEAD_DEFAULT 0.1
#define SHORT_MOVE_MARGIN_SHARE 0.4

/*
 * Seconds to think for colour c in pos.  `move_time` applies when no clock is
 * set; `overhead` (seconds, or MOVE_OVERHEAD_AUTO) is kept in reserve for the
 * controller's latency.
 */
double time_budget(const Clock *clock, Color c, const Position *pos,
                   double move_time, double overhead);

#endif
