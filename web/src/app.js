// app.js - the game flow.  The person acts (a move by clicks or typing,
// Undo, stepping through the record, a new or opened game); the engine's
// work follows from what is shown, decided in one place (`update`):
//
//   thinking  for side S at node N: N is shown, is the end of its line, S is
//             an engine, and the game is not paused;
//   analysing node N: N is shown, Analysis is on, and the engine is not to
//             move there;
//   reviewing the whole line (until it ends or the person acts);
//   idle      otherwise.
//
// Every action changes the record or the node shown first and then calls
// update(), which interrupts a job that no longer fits (`# interrupt`, or
// the empty line that ends an analysis) and *drops its answer*: an answer is
// applied only by the job that is still current, to the node and side it
// was asked for.  "Move now" alone interrupts a search and keeps its answer.
// The view moves only when the person moves it, or when a move is played at
// the node shown.  An opened or pasted game is paused: the engine waits for
// Continue before it plays into it.
//
// The DOM outside the board is main.js's; this file asks it to show things
// through `ui`.

import { GameClock } from './clock.js';
import { GameRecord } from './game.js';
import { isLegalMove, moveText, parseMove, sideName } from './rules.js';
import { parseScore } from './protocol.js';
import { engineArgs } from './settings.js';

export class App {
  // session: EngineSession; view: BoardView; input: MoveInput; analysis: Analysis;
  // review: Review; ui: { status(text, kind), moves(record), result(text|null),
  // crashed(reason), thinking(on), paused(on), changed(record) }
  constructor({ session, view, input, analysis, review, ui, settings }) {
    this.session = session;
    this.view = view;
    this.input = input;
    this.analysis = analysis;
    this.review = review;
    this.ui = ui;
    this.settings = settings;
    this.record = null;
    this.paused = false; // an opened game waits for Continue
    this.job = null; // { kind: 'think' | 'analyse' | 'review', id, node, side }
    this.jobs = 0;
    this.ended = null; // { node, text }: the announced result of the line's end
    this.turned = false; // the Flip button's choice, on top of the automatic one
    this.clock = null; // a GameClock, or null: a fixed time per move
    this.ticker = null;
  }

  isEngine(side) {
    return (side === 'w' ? this.settings.white : this.settings.black) === 'engine';
  }

  get thinking() {
    return this.job?.kind === 'think';
  }

  // ---- what the engine does ----

  // What the engine should be doing for the node shown (null: nothing).
  wanted() {
    const record = this.record;
    if (!record) return null;
    const node = record.node;
    const side = node.position.toMove;
    if (record.atEnd && record.result()) return null;
    if (record.atEnd && this.isEngine(side) && !this.paused && !this.endedHere()) return { kind: 'think', node, side };
    if (this.analysis.on) return { kind: 'analyse', node };
    return null;
  }

  // Brings the engine's work in line with what is shown, and redraws.
  update() {
    const want = this.wanted();
    const job = this.job;
    const fits = job && want && job.kind === want.kind && job.node === want.node;
    if (job && !fits) this.cancel();
    if (!this.job && want?.kind === 'think') this.think(want.node, want.side);
    else if (!this.job && want?.kind === 'analyse') this.analyse(want.node);
    if (!want || want.kind !== 'analyse') this.analysis.clear();
    this.runClock();
    this.show();
    this.persist();
    if (this.gameOverShown()) this.announce();
  }

  // A short errand for the engine (a check, a count): the current job is
  // cancelled, the errand runs after it, and the engine's work resumes.
  async aside(errand) {
    this.cancel();
    try {
      return await this.session.run(errand);
    } finally {
      this.update();
    }
  }

  // Drops the current job: it is interrupted, and whatever it answers is ignored.
  cancel() {
    this.job = null;
    this.session.interrupt();
    this.ui.thinking(false);
  }

  isCurrent(id) {
    return this.job?.id === id;
  }

  think(node, side) {
    const id = ++this.jobs;
    const record = this.record;
    this.job = { kind: 'think', id, node, side };
    this.ui.thinking(true);
    this.session.run(async (engine) => {
      if (!this.isCurrent(id)) return null;
      await this.session.sync(engine, record);
      if (!this.isCurrent(id)) return null;
      if (this.clock) await engine.ask(this.clock.timeLeftCommand(side));
      if (!this.isCurrent(id)) return null;
      this.session.setStopper(() => engine.post('# interrupt'));
      try {
        return await engine.ask(`genmove ${side}`);
      } finally {
        this.session.setStopper(null);
        // The engine has played its answer; the record has it only once applied (answered).
        this.session.forget();
      }
    }).then((answer) => this.answered(id, record, node, side, answer), (error) => this.failed(id, error));
  }

  // The engine's answer for (node, side), applied only if its job is still current.
  answered(id, record, node, side, answer) {
    if (!this.isCurrent(id) || answer === null) return;
    this.job = null;
    this.ui.thinking(false);
    if (record !== this.record || record.node !== node || node.position.toMove !== side) {
      this.update();
      return;
    }
    if (answer === 'resign') {
      this.ended = { node, text: `${sideName(side)} resigns: ${sideName(side === 'w' ? 'b' : 'w')} wins`, final: true };
      this.update();
      return;
    }
    this.clock?.moved(side);
    record.play(answer);
    this.ui.moved?.(side);
    this.session.advanced(record);
    this.update();
  }

  failed(id, error) {
    if (!this.isCurrent(id)) return;
    this.job = null;
    this.ui.thinking(false);
    this.show();
    this.ui.status(error.message, 'error');
  }

  analyse(node) {
    const id = ++this.jobs;
    this.job = { kind: 'analyse', id, node };
    this.analysis.start(this.record, () => this.isCurrent(id)).then(
      () => { if (this.isCurrent(id)) this.job = null; },
      (error) => this.failed(id, error));
  }

  // Reviews the line shown; resolves when the review ends or is stopped.
  async reviewLine() {
    this.cancel();
    const id = ++this.jobs;
    this.job = { kind: 'review', id, node: null };
    this.analysis.clear();
    this.show();
    try {
      await this.review.run(this.record, this.settings.reviewTime);
    } catch (error) {
      this.failed(id, error);
      return;
    }
    if (this.isCurrent(id)) {
      this.job = null;
      this.update();
    }
  }

  // ---- the record ----

  // A new game on the settings' board, from the engine's start position.
  async newGame() {
    this.cancel();
    const { width, height, moveTime } = this.settings;
    const record = await this.session.run(async (engine) => {
      this.session.forget();
      await engine.ask(width === height ? `boardsize ${width}` : `boardsize ${width} ${height}`);
      const clock = this.makeClock();
      await engine.ask(clock ? clock.timeSettingsCommand() : `time_settings 0 ${moveTime} 1`);
      return new GameRecord(await engine.ask('get_position'));
    });
    this.load(record, { paused: false });
    this.clock = this.makeClock();
    this.runClock();
    this.show();
  }

  // ---- the clock ----

  makeClock() {
    const { clock, clockMain, clockExtra, clockPeriods } = this.settings;
    if (clock !== 'fischer' && clock !== 'byoyomi') return null;
    return new GameClock({ kind: clock, main: clockMain * 60, extra: clockExtra, periods: clockPeriods });
  }

  // The clock runs for the side to move while the game goes on at the node shown.
  clockLive() {
    const record = this.record;
    return Boolean(this.clock) && record.atEnd && !this.paused && !record.result() && !this.endedHere();
  }

  runClock() {
    if (!this.clock) {
      this.ui.clock?.(null);
      return;
    }
    if (this.clockLive()) this.clock.start(this.record.position.toMove);
    else this.clock.pause();
    if (this.clock.running && !this.ticker) this.ticker = setInterval(() => this.tick(), 100);
    if (!this.clock.running && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
    this.ui.clock?.(this.clock);
  }

  // Every tenth of a second while a clock runs: the display, and a flag fall.
  tick() {
    const clock = this.clock;
    if (!clock?.running) return;
    const side = clock.running;
    if (clock.flagged(side)) {
      clock.pause();
      const other = side === 'w' ? 'b' : 'w';
      this.ended = { node: this.record.node, text: `${sideName(side)} ran out of time: ${sideName(other)} wins`,
        final: true };
      this.update();
      return;
    }
    this.ui.clock?.(clock);
  }

  // Shows a record (a new game, an opened SGF, a pasted position) from the
  // end of its main line.  An opened game waits for Continue (paused).
  load(record, { paused = true, node = null, clock = null } = {}) {
    this.cancel();
    this.record = record;
    record.goToNode(node ?? record.line[record.length]);
    this.paused = paused;
    this.ended = null;
    this.clock = clock; // an opened game has none; a new game sets its own, a kept one brings its own
    this.update();
  }

  // Redraws everything for the node shown.
  show() {
    const record = this.record;
    if (!record) return;
    const pos = record.position;
    const human = !this.isEngine(pos.toMove);
    this.view.setFlipped(this.flipped());
    this.ui.flipped?.(this.flipped());
    this.input.setPosition(pos, human && !this.thinking && !this.gameOverShown() && !this.endedHere());
    this.view.setHighlight({ lastMove: record.lastMove });
    this.ui.moves(record);
    this.ui.result(this.resultText());
    this.ui.paused(this.waitingForContinue());
    this.ui.status(...this.statusText());
  }

  statusText() {
    const record = this.record;
    const side = record.position.toMove;
    if (this.gameOverShown() || (this.endedHere() && record.atEnd)) return [this.resultText(), 'result'];
    if (this.thinking) return [`${sideName(side)} (engine) is thinking…`, 'thinking'];
    if (this.job?.kind === 'review') return ['Reviewing the game…', ''];
    if (!record.atEnd) return [`${sideName(side)} to move · move ${record.cursor} of ${record.length}`, ''];
    if (this.waitingForContinue()) return [`${sideName(side)} to move (engine): press Continue to let it play`, ''];
    return [`${sideName(side)} to move${this.isEngine(side) ? ' (engine)' : ''}`, ''];
  }

  // The result of the line's end, whichever node is shown; null while it goes on.
  resultText() {
    const end = this.record.line[this.record.length];
    if (this.ended && this.ended.node === end) return this.ended.text;
    return this.record.result()?.text ?? null;
  }

  // The game ended at the node shown by resignation or on time.
  endedHere() {
    return this.ended?.node === this.record.node && this.ended.final === true;
  }

  gameOverShown() {
    return this.record.atEnd && this.record.result() !== null;
  }

  waitingForContinue() {
    const record = this.record;
    return this.paused && record.atEnd && !record.result() && !this.endedHere()
      && this.isEngine(record.position.toMove);
  }

  // The result with the engine's final score, once per game end.
  async announce() {
    const record = this.record;
    const end = record.node;
    if (this.ended?.node === end) return;
    const result = record.result();
    this.ended = { node: end, text: result.text };
    const score = await this.session.run(async (engine) => {
      await this.session.sync(engine, record);
      return engine.ask('final_score');
    }).catch(() => null);
    if (record !== this.record || this.ended?.node !== end) return;
    if (score && parseScore(score)) this.ended = { node: end, text: `${result.text} — final score ${score}` };
    this.show();
  }

  // ---- the person's actions ----

  // A move chosen on the board ({from, to, arrow}) or typed ("d1-d7/g7").
  async play(moveOrText) {
    const record = this.record;
    const node = record.node;
    const pos = record.position;
    if (this.isEngine(pos.toMove) || this.thinking) {
      this.ui.status(`It is the engine's move`, 'error');
      return false;
    }
    if (this.gameOverShown() || this.endedHere()) {
      this.ui.status('The game is over', 'error');
      return false;
    }
    const move = typeof moveOrText === 'string' ? parseMove(pos, moveOrText.trim()) : moveOrText;
    if (move && isLegalMove(pos, move)) {
      if (this.clockLive()) this.clock.moved(pos.toMove);
      record.play(moveText(pos, move));
      this.ui.moved?.(pos.toMove);
      this.paused = false;
      this.update();
      return true;
    }
    // Not a legal move: the engine's rules say why, in its own words.
    const text = typeof moveOrText === 'string' ? moveOrText.trim() : moveText(pos, moveOrText);
    const response = await this.aside(async (engine) => {
      await this.session.sync(engine, record);
      const reply = await engine.send(`play ${pos.toMove} ${text}`);
      if (reply.ok) this.session.forget(); // the page's rules refused it: believe them
      return reply;
    }).catch((error) => ({ ok: false, text: error.message }));
    if (record === this.record && record.node === node) {
      this.show();
      this.ui.status(response.ok ? `illegal move: ${text}` : response.text, 'error');
    }
    return false;
  }

  // "Move now": the engine's search stops and its best move so far is played.
  moveNow() {
    if (this.thinking) this.session.interrupt();
  }

  // Black at the bottom when a person plays Black against the engine, unless Flip says otherwise.
  flipped() {
    return this.turned !== (this.isEngine('w') && !this.isEngine('b'));
  }

  flip() {
    this.turned = !this.turned;
    this.show();
  }

  // The person to move gives the game up (at the end of the line, with the game on).
  resign() {
    const record = this.record;
    const side = record.position.toMove;
    if (!record.atEnd || this.gameOverShown() || this.endedHere() || this.isEngine(side)) {
      this.ui.status('Only the person to move, at the end of the game, can resign', 'error');
      return;
    }
    this.ended = { node: record.node, text: `${sideName(side)} resigns: ${sideName(side === 'w' ? 'b' : 'w')} wins`, final: true };
    this.update();
  }

  // Continue: an opened game's engine plays on.
  continueGame() {
    this.paused = false;
    this.update();
  }

  // Takes back the last move of the line, and the engine's reply before it
  // when a person plays against it.
  takeBack() {
    const record = this.record;
    if (!record.takeBack()) return;
    const side = record.line[record.length].position.toMove;
    if (this.isEngine(side) && !this.isEngine(side === 'w' ? 'b' : 'w')) record.takeBack();
    record.goTo(record.length);
    this.update();
  }

  goTo(ply) {
    const record = this.record;
    const target = record.line[Math.max(0, Math.min(record.length, ply))];
    this.goToNode(target);
  }

  goToNode(node) {
    if (node === this.record.node) return;
    this.record.goToNode(node);
    this.update();
  }

  // Makes a variation the main line at its branch point, or deletes it.
  promote(node) {
    if (this.record.promote(node)) this.update();
  }

  remove(node) {
    this.record.remove(node);
    this.update();
  }

  setAnalysis(on) {
    this.analysis.on = on;
    this.update();
  }

  // Starts a fresh engine (a new level, or after a crash) and carries on.
  async restartEngine() {
    this.cancel();
    await this.session.restart(engineArgs(this.settings));
    await this.session.run((engine) => engine.ask(`time_settings 0 ${this.settings.moveTime} 1`));
    this.update();
  }

  // The game as it is kept across reloads (saved by main.js's `ui.changed`).
  persist() {
    this.ui.changed?.(this.record, this.clock?.toData() ?? null);
  }
}
