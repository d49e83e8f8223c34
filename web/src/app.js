// app.js - the game flow: who moves (a person by clicks or typing, or the
// engine), taking moves back, moving through the record, the end of the
// game, and bringing a dead engine back.  The DOM outside the board is
// main.js's; this file asks it to show things through `ui`.

import { GameRecord } from './game.js';
import { moveText, parseMove, sideName } from './rules.js';
import { parseScore } from './protocol.js';
import { engineArgs } from './settings.js';

export class App {
  // session: EngineSession; view: BoardView; input: MoveInput; analysis: Analysis;
  // ui: { status(text, kind), moves(record), result(text), crashed(reason), thinking(on) }
  constructor({ session, view, input, analysis, ui, settings }) {
    this.session = session;
    this.view = view;
    this.input = input;
    this.analysis = analysis;
    this.ui = ui;
    this.settings = settings;
    this.record = null;
    this.thinking = false;
    this.ended = null; // the announced result of the record's end
  }

  isEngine(side) {
    return (side === 'w' ? this.settings.white : this.settings.black) === 'engine';
  }

  // A new game on the settings' board, from the engine's start position.
  async newGame() {
    this.session.interrupt();
    const { width, height, moveTime } = this.settings;
    const record = await this.session.run(async (engine) => {
      this.session.forget();
      await engine.ask(width === height ? `boardsize ${width}` : `boardsize ${width} ${height}`);
      await engine.ask(`time_settings 0 ${moveTime} 1`);
      return new GameRecord(await engine.ask('get_position'));
    });
    this.load(record);
  }

  // Shows a record (a new game, an opened SGF, a pasted position) from its end.
  load(record) {
    this.record = record;
    this.record.goTo(record.length);
    this.ended = null;
    this.analysis.clear();
    this.afterChange();
  }

  // Redraws everything for the position shown.
  show() {
    const record = this.record;
    const pos = record.position;
    const human = !this.isEngine(pos.toMove);
    this.input.setPosition(pos, human && !this.thinking && !this.gameOverShown());
    this.view.setHighlight({ lastMove: record.lastMove });
    this.ui.moves(record);
    const result = record.atEnd ? record.result() : null;
    if (result) this.ui.status(this.ended ?? result.text, 'result');
    else if (this.thinking) this.ui.status(`${sideName(pos.toMove)} (engine) is thinking…`, 'thinking');
    else this.ui.status(`${sideName(pos.toMove)} to move${this.isEngine(pos.toMove) ? ' (engine)' : ''}`);
  }

  gameOverShown() {
    return this.record.atEnd && this.record.result() !== null;
  }

  // After any change of the record or of the position shown.
  afterChange() {
    this.show();
    if (this.gameOverShown()) {
      this.announce();
    } else if (this.record.atEnd && this.isEngine(this.record.position.toMove)) {
      this.engineTurn();
      return;
    }
    this.analysis.start(this.record).catch((error) => this.ui.status(error.message, 'error'));
  }

  // The result with the engine's final score, once per game end.
  async announce() {
    if (this.ended) return;
    const record = this.record;
    const result = record.result();
    const score = await this.session.run(async (engine) => {
      await this.session.sync(engine, record);
      return engine.ask('final_score');
    }).catch(() => null);
    if (record !== this.record || !record.atEnd) return;
    const parsed = score && parseScore(score);
    this.ended = parsed ? `${result.text} — final score ${score}` : result.text;
    this.ui.result(this.ended);
    this.show();
  }

  async engineTurn() {
    if (this.thinking) return;
    const record = this.record;
    const side = record.position.toMove;
    this.thinking = true;
    this.ui.thinking(true);
    this.show();
    let answer = null;
    try {
      answer = await this.session.run(async (engine) => {
        await this.session.sync(engine, record);
        this.session.setStopper(() => engine.post('# interrupt'));
        const text = await engine.ask(`genmove ${side}`);
        this.session.setStopper(null);
        return text;
      });
    } catch (error) {
      this.ui.status(error.message, 'error');
    } finally {
      this.thinking = false;
      this.ui.thinking(false);
    }
    if (record !== this.record || answer === null) return;
    if (answer === 'resign') {
      this.ended = `${sideName(side)} resigns`;
      this.ui.result(this.ended);
      this.show();
      return;
    }
    const follow = record.atEnd;
    record.goTo(record.length);
    record.play(answer);
    this.session.advanced(record);
    if (!follow) record.goTo(record.cursor - 1);
    this.afterChange();
  }

  // A move chosen on the board ({from, to, arrow}) or typed ("d1-d7/g7").
  async play(moveOrText) {
    const record = this.record;
    const pos = record.position;
    const text = typeof moveOrText === 'string' ? moveOrText.trim() : moveText(pos, moveOrText);
    if (this.isEngine(pos.toMove) || this.thinking) {
      this.ui.status(`It is the engine's move`, 'error');
      return false;
    }
    this.session.interrupt();
    const response = await this.session.run(async (engine) => {
      await this.session.sync(engine, record);
      return engine.send(`play ${pos.toMove} ${text}`);
    });
    if (!response.ok) {
      this.show();
      this.ui.status(response.text, 'error');
      return false;
    }
    const move = parseMove(pos, text);
    record.play(moveText(pos, move));
    this.session.advanced(record);
    this.ended = null;
    this.afterChange();
    return true;
  }

  // "Move now": the engine's search stops and its best move so far is played.
  moveNow() {
    if (this.thinking) this.session.interrupt();
  }

  // Takes back the last move, and the engine's reply before it when a person plays against it.
  async takeBack() {
    this.session.interrupt();
    await this.session.run(async () => {});
    const record = this.record;
    if (!record.takeBack()) return;
    if (this.isEngine(record.position.toMove) && !this.isEngine(record.position.toMove === 'w' ? 'b' : 'w')) {
      record.takeBack();
    }
    record.goTo(record.length);
    this.ended = null;
    this.afterChange();
  }

  goTo(ply) {
    this.session.interrupt();
    this.record.goTo(ply);
    this.afterChange();
  }

  async setAnalysis(on) {
    this.analysis.on = on;
    this.session.interrupt();
    if (!on) this.analysis.clear();
    this.afterChange();
  }

  // Starts a fresh engine (a new level, or after a crash) and carries on.
  async restartEngine() {
    this.session.interrupt();
    await this.session.restart(engineArgs(this.settings));
    await this.session.run((engine) => engine.ask(`time_settings 0 ${this.settings.moveTime} 1`));
    this.afterChange();
  }
}
