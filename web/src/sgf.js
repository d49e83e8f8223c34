// sgf.js - the variations of a record in SGF (PROTOCOL.md §8).  The engine
// writes and reads a game's main line (`printsgf`, `loadsgf`); this module
// adds the rest of the tree: it writes every variation in SGF's own syntax
// after the engine's root node, and reads the variations of a file back
// onto the main line the engine loaded, each move checked by the page's
// rules.

import { squareFile, squareIndex, squareName, squareRank } from './rules.js';

// ---- points ----

function sgfPoint(pos, index) {
  return String.fromCharCode(97 + squareFile(pos, index)) + String.fromCharCode(97 + pos.height - 1 - squareRank(pos, index));
}

function pointIndex(pos, text, at) {
  const file = text.charCodeAt(at) - 97;
  const rank = pos.height - 1 - (text.charCodeAt(at + 1) - 97);
  if (file < 0 || file >= pos.width || rank < 0 || rank >= pos.height) return -1;
  return squareIndex(pos, file, rank);
}

// `W[djddgd]` for White's d1-d7/g7 on 10x10.
function sgfMove(node) {
  const pos = node.parent.position;
  const { from, to, arrow } = node.move;
  return `;${pos.toMove === 'w' ? 'W' : 'B'}[${sgfPoint(pos, from)}${sgfPoint(pos, to)}${sgfPoint(pos, arrow)}]`;
}

// ---- writing ----

// The engine's SGF of the main line with the record's variations put in.
export function withVariations(engineSgf, record) {
  const firstMove = engineSgf.search(/;[WB]\[/);
  const end = engineSgf.lastIndexOf(')');
  const root = (firstMove >= 0 ? engineSgf.slice(0, firstMove) : engineSgf.slice(0, end)).trimEnd();
  return `${root}\n${sequence(record.root).replace(/^\n/, '')})\n`;
}

// The moves after `node`: one line while there is one choice, a bracketed
// game tree for each choice where there are several.
function sequence(node) {
  let text = '';
  let n = node;
  while (n.children.length === 1) {
    n = n.children[0];
    text += sgfMove(n);
  }
  if (n.children.length > 1) {
    for (const child of n.children) text += `\n(${sgfMove(child)}${sequence(child)})`;
  }
  return text;
}

// ---- reading ----

// The tree of moves in SGF text: [{ color, value, children }] below the root
// node.  Only W and B values are kept; everything else is the engine's to check.
export function parseMoveTree(text) {
  let i = 0;
  const skipSpace = () => { while (i < text.length && /\s/.test(text[i])) i++; };
  const readValue = () => {
    let value = '';
    i++; // '['
    while (i < text.length && text[i] !== ']') {
      if (text[i] === '\\') i++;
      value += text[i++] ?? '';
    }
    i++; // ']'
    return value;
  };
  // A node's properties: the W or B move it holds, if any.
  const readNode = () => {
    let move = null;
    i++; // ';'
    for (;;) {
      skipSpace();
      const name = /^[A-Za-z]+/.exec(text.slice(i, i + 16));
      if (!name) return move;
      i += name[0].length;
      skipSpace();
      while (text[i] === '[') {
        const value = readValue();
        if (name[0] === 'W' || name[0] === 'B') move = { color: name[0], value };
        skipSpace();
      }
    }
  };
  // A game tree: nodes in sequence, then its variations.  Returns the
  // moves below `into` as a chain of { color, value, children }.
  const readTree = (into) => {
    i++; // '('
    let last = into;
    for (;;) {
      skipSpace();
      if (text[i] === ';') {
        const move = readNode();
        if (move) {
          const node = { ...move, children: [] };
          last.children.push(node);
          last = node;
        }
      } else if (text[i] === '(') {
        readTree(last);
      } else {
        i++; // ')' or the end
        return;
      }
    }
  };
  const top = { children: [] };
  skipSpace();
  if (text[i] === '(') readTree(top);
  return top.children;
}

// Adds the file's variations to a record holding its main line (as loadsgf
// read it); throws when a variation's move is not legal.
export function addVariations(record, sgfText) {
  const moves = parseMoveTree(sgfText);
  const shown = record.node;
  const walk = (node, children) => {
    children.forEach((child, k) => {
      const pos = node.position;
      const indices = [0, 2, 4].map((at) => pointIndex(pos, child.value, at));
      const color = pos.toMove === 'w' ? 'W' : 'B';
      if (child.color !== color || child.value.length !== 6 || indices.includes(-1)) {
        if (k === 0) return; // the main line is the engine's, already checked
        throw new Error(`variation move ${child.color}[${child.value}] cannot be played after move ${node.ply}`);
      }
      const text = `${squareName(pos, indices[0])}-${squareName(pos, indices[1])}/${squareName(pos, indices[2])}`;
      record.goToNode(node);
      let next;
      try {
        next = record.play(text);
      } catch {
        throw new Error(`variation move ${text} is not legal after move ${node.ply}`);
      }
      walk(next, child.children);
    });
  };
  walk(record.root, moves);
  record.goToNode(shown);
}
