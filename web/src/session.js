// session.js - the engine as the page uses it: one worker, started with the
// flags of the chosen level, kept on the position shown, and replaced by a
// fresh one (brought back to the same game) when it dies.
//
// Work with the engine is done one job at a time (run): a job that talks to
// the engine cannot interleave with another one.  A long job (a genmove, an
// analysis) registers how it is cut short (setStopper); `interrupt()` calls
// that, so that a click never waits for a search to end on its own.

import { Engine } from './engine.js';

export class EngineSession {
  // listeners: onTranscript(direction, text), onCrash(reason), onStatus(text)
  constructor(listeners) {
    this.listeners = listeners;
    this.engine = null;
    this.args = [];
    this.chain = Promise.resolve();
    this.stopper = null;
    this.synced = null; // the { start, moves } the engine holds, or null
  }

  // (Re)starts the engine with these flags; the engine's game is unknown afterwards.
  async restart(args) {
    this.args = args;
    this.engine?.terminate('restarted');
    this.synced = null;
    this.engine = new Engine(args, {
      onTranscript: this.listeners.onTranscript,
      onStderr: (text) => this.listeners.onTranscript?.('!', text),
      onCrash: (reason) => {
        this.synced = null;
        this.listeners.onCrash?.(reason);
      },
    });
    await this.engine.start();
  }

  get alive() {
    return this.engine?.alive ?? false;
  }

  // Runs job(engine) after every job queued before it; resolves with its result.
  run(job) {
    const result = this.chain.then(() => job(this.engine));
    this.chain = result.catch(() => {});
    return result;
  }

  // How the job running now is cut short (null: it ends by itself).
  setStopper(stop) {
    this.stopper = stop;
  }

  // Cuts the running job short, if it can be.
  interrupt() {
    const stop = this.stopper;
    this.stopper = null;
    stop?.();
  }

  // Puts the engine on the record's position shown (inside a job).
  async sync(engine, record) {
    const moves = record.movesToCursor();
    const key = `${record.startText}|${moves.join(' ')}`;
    if (this.synced === key) return;
    this.synced = null;
    await engine.ask(`set_position ${record.startText}`);
    let side = record.start.toMove;
    for (const move of moves) {
      await engine.ask(`play ${side} ${move}`);
      side = side === 'w' ? 'b' : 'w';
    }
    this.synced = key;
  }

  // The engine played or was told of one more move from the synced position.
  advanced(record) {
    this.synced = `${record.startText}|${record.movesToCursor().join(' ')}`;
  }

  forget() {
    this.synced = null;
  }
}
