// game.js - the game record: a start position and the moves played from it,
// with a cursor on the position shown.  Playing a move while an earlier
// position is shown continues the game from there (the later moves go).

import { applyMove, hasLegalMove, moveText, parseMove, parsePosition, positionText, sideName } from './rules.js';

export class GameRecord {
  constructor(startText) {
    this.start = parsePosition(startText);
    this.positions = [this.start]; // positions[i]: after i moves
    this.moves = []; // { text, move }
    this.cursor = 0;
  }

  get length() {
    return this.moves.length;
  }

  get position() {
    return this.positions[this.cursor];
  }

  get startText() {
    return positionText(this.start);
  }

  get atEnd() {
    return this.cursor === this.moves.length;
  }

  // The move that led to the position shown, or null at the start.
  get lastMove() {
    return this.cursor > 0 ? this.moves[this.cursor - 1].move : null;
  }

  // The moves from the start to the position shown, as text.
  movesToCursor() {
    return this.moves.slice(0, this.cursor).map((m) => m.text);
  }

  // Plays a legal move (text) at the cursor; later moves are dropped.
  play(text) {
    const pos = this.position;
    const move = parseMove(pos, text);
    if (!move) throw new Error(`not a move on this board: ${text}`);
    this.moves.length = this.cursor;
    this.positions.length = this.cursor + 1;
    this.moves.push({ text: moveText(pos, move), move });
    this.positions.push(applyMove(pos, move));
    this.cursor++;
  }

  goTo(index) {
    this.cursor = Math.max(0, Math.min(this.moves.length, index));
  }

  // Takes the last move of the record back (and shows the position before it).
  takeBack() {
    if (this.moves.length === 0) return false;
    this.moves.pop();
    this.positions.pop();
    this.cursor = Math.min(this.cursor, this.moves.length);
    return true;
  }

  // The game's result at the end of the record, or null while it goes on.
  result() {
    const pos = this.positions[this.moves.length];
    if (hasLegalMove(pos, pos.toMove)) return null;
    const winner = pos.toMove === 'w' ? 'b' : 'w';
    return { winner, text: `${sideName(winner)} wins: ${sideName(pos.toMove)} has no move left` };
  }
}
