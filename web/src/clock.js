// clock.js - game clocks.  Fischer: main time, and an increment added after
// each move made in time.  Byo-yomi: main time, then periods of a fixed
// length; a move made within a period keeps it, one that overruns it uses it
// up, and the last one used up loses on time.  The page tells the engine its
// clock before each of its moves (`time_left`), so it manages its own time.

const MS = 1000;

export class GameClock {
  // kind: 'fischer' or 'byoyomi'; main and extra (increment or period) in seconds.
  constructor({ kind, main, extra, periods = 1 }) {
    this.kind = kind;
    this.main = main * MS;
    this.extra = extra * MS;
    this.periods = kind === 'byoyomi' ? Math.max(1, periods) : 0;
    this.left = { w: this.main, b: this.main }; // main time left
    this.periodsLeft = { w: this.periods, b: this.periods };
    this.running = null; // the side whose clock runs
    this.turn = null; // the side whose move is being timed (running, or paused)
    this.since = 0; // when the clock last started (performance.now())
    this.spent = 0; // time of this move before the last pause
  }

  // Time the side on turn has spent on its move so far.
  thinking(now) {
    return this.spent + (this.running ? now - this.since : 0);
  }

  start(side, now = performance.now()) {
    if (this.running === side) return;
    this.pause(now);
    if (this.turn !== side) this.spent = 0; // another move than the one paused
    this.turn = side;
    this.running = side;
    this.since = now;
  }

  // The clock stops without a move (the person stepped away from the game's end).
  pause(now = performance.now()) {
    if (!this.running) return;
    this.spent += now - this.since;
    this.running = null;
  }

  // `side` moved: its time is charged, its increment or period renewed, and the move's time forgotten.
  moved(side, now = performance.now()) {
    const used = this.turn === side ? this.thinking(now) : 0;
    this.running = null;
    this.turn = null;
    this.spent = 0;
    const state = this.after(side, used);
    this.left[side] = state.left;
    this.periodsLeft[side] = state.periods;
    if (this.kind === 'fischer' && state.left > 0) this.left[side] += this.extra;
  }

  // The clock of `side` once `used` ms more are charged: { left, periods, period }
  // (period: time left in the current byo-yomi period, or null in main time).
  after(side, used) {
    let left = this.left[side] - used;
    let periods = this.periodsLeft[side];
    if (left >= 0 || this.kind !== 'byoyomi') return { left, periods, period: null };
    let over = -left;
    left = 0;
    while (periods > 0 && over >= this.extra) {
      over -= this.extra;
      periods--;
    }
    return { left, periods, period: periods > 0 ? this.extra - over : 0 };
  }

  // What the clock of `side` shows now.
  reading(side, now = performance.now()) {
    const used = this.turn === side ? this.thinking(now) : 0;
    return this.after(side, used);
  }

  flagged(side, now = performance.now()) {
    const r = this.reading(side, now);
    return this.kind === 'byoyomi' ? r.left <= 0 && r.periods === 0 : r.left <= 0;
  }

  // The clock as plain data (kept with the game across a reload), the running move paused.
  toData(now = performance.now()) {
    const spent = this.turn ? this.thinking(now) : 0;
    return { kind: this.kind, main: this.main / MS, extra: this.extra / MS, periods: this.periods,
      left: this.left, periodsLeft: this.periodsLeft, turn: this.turn, spent };
  }

  static fromData(data) {
    const clock = new GameClock(data);
    clock.left = { w: Number(data.left.w), b: Number(data.left.b) };
    clock.periodsLeft = { w: Number(data.periodsLeft.w), b: Number(data.periodsLeft.b) };
    clock.turn = data.turn === 'w' || data.turn === 'b' ? data.turn : null;
    clock.spent = Number(data.spent) || 0;
    return clock;
  }

  // The protocol's view of the clock before `side` moves.
  timeSettingsCommand() {
    return this.kind === 'byoyomi'
      ? `time_settings ${this.main / MS} ${this.extra / MS} 1`
      : `time_settings ${this.main / MS} 0 0`;
  }

  timeLeftCommand(side, now = performance.now()) {
    const r = this.reading(side, now);
    if (r.period !== null) return `time_left ${side} ${(r.period / MS).toFixed(2)} 1`;
    return `time_left ${side} ${(Math.max(0, r.left) / MS).toFixed(2)} 0`;
  }

  // "4:59.3", "0:04.2 (2)" for a byo-yomi period with 2 periods left.
  text(side, now = performance.now()) {
    const r = this.reading(side, now);
    const ms = Math.max(0, r.period ?? r.left);
    const periods = r.period !== null ? ` (${r.periods})` : '';
    if (ms < 10000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}${periods}`; // tenths, rounded down
    const total = Math.floor(ms / MS);
    return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}${periods}`;
  }
}
