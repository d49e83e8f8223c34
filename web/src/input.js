// input.js - a move in three clicks: an amazon of the side to move (its
// destinations light up), a destination (the amazon is shown there, and the
// squares its arrow can reach light up), an arrow square.  Clicking another
// amazon of the same side starts again from it; a click anywhere else
// cancels.  The position itself changes only when the move is played.

import { arrowTargets, colorOf, queenTargets } from './rules.js';

export class MoveInput {
  // view: the BoardView to draw on; onMove(move): a complete move was chosen.
  constructor(view, onMove) {
    this.view = view;
    this.onMove = onMove;
    this.enabled = false;
    this.pos = null;
    this.from = -1;
    this.to = -1;
    this.targets = [];
  }

  // The position shown, and whether the user may move in it.  The same
  // position shown again (the page redrawn, the engine restarted) keeps a
  // move half chosen; any other cancels it.
  setPosition(pos, enabled) {
    const same = this.pos && pos && enabled === this.enabled && pos.toMove === this.pos.toMove
      && pos.cells.join('') === this.pos.cells.join('');
    this.pos = pos;
    this.enabled = enabled;
    if (same) this.show();
    else this.cancel();
  }

  cancel() {
    this.from = -1;
    this.to = -1;
    this.targets = [];
    this.show();
  }

  get choosing() {
    return this.from >= 0;
  }

  show() {
    if (!this.pos) return;
    let shown = this.pos;
    if (this.to >= 0) {
      const cells = this.pos.cells.slice();
      cells[this.to] = cells[this.from];
      cells[this.from] = '.';
      shown = { ...this.pos, cells };
    }
    this.view.setPosition(shown);
    this.view.setHighlight({ selected: this.from, shooter: this.to, targets: this.targets });
  }

  click(index) {
    const pos = this.pos;
    if (!this.enabled || !pos) return;
    if (this.to >= 0) {
      if (this.targets.includes(index)) {
        const move = { from: this.from, to: this.to, arrow: index };
        this.from = this.to = -1;
        this.targets = [];
        this.onMove(move);
      } else {
        this.cancel();
      }
    } else if (this.from >= 0 && this.targets.includes(index)) {
      this.to = index;
      this.targets = arrowTargets(pos, this.from, index);
      this.show();
    } else if (pos.cells[index] === colorOf(pos.toMove) && index !== this.from) {
      this.from = index;
      this.targets = queenTargets(pos, index);
      this.show();
    } else {
      this.cancel();
    }
  }
}
