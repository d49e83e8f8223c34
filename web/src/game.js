// game.js - the game record as a tree, as in SGF and lichess: a start
// position, and from every position the moves tried there, the first of them
// the main line.  A cursor names the node shown.  Playing a move where a
// later move already exists starts a variation and keeps the game; playing
// one that exists already just steps into it.
//
// Most of the page sees the record through its *line*: the nodes from the
// start to the cursor, then on through first children to the end.  `moves`,
// `positions`, `length` and `cursor` (a ply index) are that line's.

import { applyMove, hasLegalMove, isLegalMove, moveText, parseMove, parsePosition, positionText, sideName }
  from './rules.js';

export class GameNode {
  constructor(parent, position, move = null, text = null) {
    this.parent = parent;
    this.position = position;
    this.move = move; // the move that led here; null at the start
    this.text = text;
    this.children = [];
  }

  get ply() {
    let ply = 0;
    for (let node = this.parent; node; node = node.parent) ply++;
    return ply;
  }

  // True when this node is on the main line (every step a first child).
  get onMainLine() {
    for (let node = this; node.parent; node = node.parent) {
      if (node.parent.children[0] !== node) return false;
    }
    return true;
  }
}

export class GameRecord {
  constructor(startText) {
    this.id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`; // names it among recent games
    this.start = parsePosition(startText);
    this.root = new GameNode(null, this.start);
    this.node = this.root;
    this.relink();
  }

  // ---- the line through the cursor ----

  relink() {
    const line = [];
    for (let node = this.node; node; node = node.parent) line.unshift(node);
    for (let node = this.node.children[0]; node; node = node.children[0]) line.push(node);
    this.line = line;
    this.cursor = this.node.ply;
  }

  get length() {
    return this.line.length - 1;
  }

  get moves() {
    return this.line.slice(1).map((node) => ({ text: node.text, move: node.move }));
  }

  get positions() {
    return this.line.map((node) => node.position);
  }

  get position() {
    return this.node.position;
  }

  get startText() {
    return positionText(this.start);
  }

  // The cursor is at the end of its line: nothing has been played from here.
  get atEnd() {
    return this.node.children.length === 0;
  }

  // The move that led to the position shown, or null at the start.
  get lastMove() {
    return this.node.move;
  }

  // The moves from the start to the position shown, as text.
  movesToCursor() {
    return this.line.slice(1, this.cursor + 1).map((node) => node.text);
  }

  // ---- changes ----

  // Plays a legal move (text) at the cursor and shows it: into the existing
  // child with that move, else into a new one (a variation when the position
  // already had a move).  Throws on an illegal move.
  play(text) {
    const pos = this.position;
    const move = parseMove(pos, text);
    if (!move || !isLegalMove(pos, move)) throw new Error(`not a legal move for ${sideName(pos.toMove)}: ${text}`);
    const canonical = moveText(pos, move);
    let child = this.node.children.find((node) => node.text === canonical);
    if (!child) {
      child = new GameNode(this.node, applyMove(pos, move), move, canonical);
      this.node.children.push(child);
    }
    this.node = child;
    this.relink();
    return child;
  }

  // Shows the position after `index` moves of the line.
  goTo(index) {
    this.goToNode(this.line[Math.max(0, Math.min(this.length, index))]);
  }

  goToNode(node) {
    this.node = node;
    this.relink();
  }

  // Takes the last move of the line back (the position shown stays, unless it
  // was that move's).
  takeBack() {
    const last = this.line[this.line.length - 1];
    if (!last.parent) return false;
    this.remove(last);
    return true;
  }

  // Deletes a node and everything played after it; the cursor leaves it.
  remove(node) {
    if (!node.parent) return;
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    for (let n = this.node; n; n = n.parent) {
      if (n === node) {
        this.node = node.parent;
        break;
      }
    }
    this.relink();
  }

  // Makes the variation through `node` the first choice at its branch point.
  promote(node) {
    let n = node;
    while (n.parent && n.parent.children[0] === n) n = n.parent;
    if (!n.parent) return false;
    const siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    siblings.unshift(n);
    this.relink();
    return true;
  }

  // Every node of the tree, depth first, the start first.
  *nodes(from = this.root) {
    yield from;
    for (const child of from.children) yield* this.nodes(child);
  }

  // The game's result at the end of the line, or null while it goes on.
  result() {
    const pos = this.line[this.line.length - 1].position;
    if (hasLegalMove(pos, pos.toMove)) return null;
    const winner = pos.toMove === 'w' ? 'b' : 'w';
    return { winner, text: `${sideName(winner)} wins: ${sideName(pos.toMove)} has no move left` };
  }
}
