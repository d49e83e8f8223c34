// rules.js - the board rules the page needs between two engine answers:
// positions in the engine's text form, the squares an amazon may reach, the
// squares its arrow may reach, making a move, and move text.  The engine stays
// the referee (every move is sent to it with `play`); these rules only light
// up squares as the user clicks and check clicks before they are sent.
//
// A position is { width, height, cells, toMove }: cells[rank * width + file]
// is 'W', 'B', 'x' or '.', rank 0 being rank 1 (the bottom); toMove 'w'/'b'.

const STEPS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

export const BOARD_MIN = 4;
export const BOARD_MAX = 10;

export function squareIndex(pos, file, rank) {
  return rank * pos.width + file;
}

export function squareFile(pos, index) {
  return index % pos.width;
}

export function squareRank(pos, index) {
  return Math.floor(index / pos.width);
}

export function squareName(pos, index) {
  return String.fromCharCode(97 + squareFile(pos, index)) + (squareRank(pos, index) + 1);
}

// The index of a square name such as "d7", or -1 when it is not on the board.
export function parseSquare(pos, name) {
  const match = /^([a-z])([1-9][0-9]?)$/.exec(name.toLowerCase());
  if (!match) return -1;
  const file = match[1].charCodeAt(0) - 97;
  const rank = Number(match[2]) - 1;
  if (file >= pos.width || rank >= pos.height) return -1;
  return squareIndex(pos, file, rank);
}

// Parses "3B2B3/10/.../3W2W3 w"; throws an Error saying what is wrong.
export function parsePosition(text) {
  const words = text.trim().split(/\s+/);
  if (words.length !== 2) throw new Error('expected the board and the side to move, such as "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w"');
  const ranks = words[0].split('/');
  const side = words[1].toLowerCase();
  if (side !== 'w' && side !== 'b') throw new Error(`the side to move must be w or b, not "${words[1]}"`);
  const rows = ranks.map((rank, i) => {
    const row = [];
    for (const match of rank.matchAll(/([1-9][0-9]?)|([WBx])|(.)/g)) {
      if (match[1]) row.push(...'.'.repeat(Number(match[1])));
      else if (match[2]) row.push(match[2]);
      else throw new Error(`unexpected character "${match[3]}" in rank ${i + 1} from the top`);
    }
    return row;
  });
  const height = rows.length;
  const width = rows[0].length;
  if (height < BOARD_MIN || height > BOARD_MAX || width < BOARD_MIN || width > BOARD_MAX) {
    throw new Error(`boards are ${BOARD_MIN} to ${BOARD_MAX} squares each way, not ${width}x${height}`);
  }
  rows.forEach((row, i) => {
    if (row.length !== width) throw new Error(`rank ${i + 1} from the top is ${row.length} squares wide, the first ${width}`);
  });
  const cells = [];
  for (let rank = 0; rank < height; rank++) cells.push(...rows[height - 1 - rank]);
  return { width, height, cells, toMove: side };
}

export function positionText(pos) {
  const ranks = [];
  for (let rank = pos.height - 1; rank >= 0; rank--) {
    let text = '';
    let run = 0;
    for (let file = 0; file < pos.width; file++) {
      const cell = pos.cells[squareIndex(pos, file, rank)];
      if (cell === '.') {
        run++;
        continue;
      }
      if (run) text += run;
      run = 0;
      text += cell;
    }
    if (run) text += run;
    ranks.push(text);
  }
  return `${ranks.join('/')} ${pos.toMove}`;
}

export function colorOf(side) {
  return side === 'w' ? 'W' : 'B';
}

export function otherSide(side) {
  return side === 'w' ? 'b' : 'w';
}

export function sideName(side) {
  return side === 'w' ? 'White' : 'Black';
}

// Squares a queen on `from` reaches through empty squares; `vacated` counts as empty.
export function queenTargets(pos, from, vacated = -1) {
  const targets = [];
  const f0 = squareFile(pos, from);
  const r0 = squareRank(pos, from);
  for (const [df, dr] of STEPS) {
    for (let f = f0 + df, r = r0 + dr; f >= 0 && f < pos.width && r >= 0 && r < pos.height; f += df, r += dr) {
      const index = squareIndex(pos, f, r);
      if (pos.cells[index] !== '.' && index !== vacated) break;
      targets.push(index);
    }
  }
  return targets;
}

// Squares the arrow may reach once the amazon on `from` has gone to `to`.
export function arrowTargets(pos, from, to) {
  const after = { ...pos, cells: pos.cells.slice() };
  after.cells[from] = '.';
  after.cells[to] = pos.cells[from];
  return queenTargets(after, to);
}

export function amazonsOf(pos, side) {
  const piece = colorOf(side);
  const squares = [];
  pos.cells.forEach((cell, index) => {
    if (cell === piece) squares.push(index);
  });
  return squares;
}

// An amazon that can step to a neighbour can always shoot back: a neighbour test suffices.
export function hasLegalMove(pos, side) {
  return amazonsOf(pos, side).some((from) => queenTargets(pos, from).length > 0);
}

export function isLegalMove(pos, move) {
  if (pos.cells[move.from] !== colorOf(pos.toMove)) return false;
  if (!queenTargets(pos, move.from).includes(move.to)) return false;
  return arrowTargets(pos, move.from, move.to).includes(move.arrow);
}

export function applyMove(pos, move) {
  const cells = pos.cells.slice();
  cells[move.to] = cells[move.from];
  cells[move.from] = '.';
  cells[move.arrow] = 'x';
  return { ...pos, cells, toMove: otherSide(pos.toMove) };
}

export function moveText(pos, move) {
  return `${squareName(pos, move.from)}-${squareName(pos, move.to)}/${squareName(pos, move.arrow)}`;
}

// Reads "d1-d7/g7" (also "d1d7g7"); null when the text is not a move on this board.
export function parseMove(pos, text) {
  const match = /^([a-z][0-9]{1,2})-?([a-z][0-9]{1,2})[-/]?([a-z][0-9]{1,2})$/.exec(text.trim().toLowerCase());
  if (!match) return null;
  const squares = match.slice(1).map((name) => parseSquare(pos, name));
  if (squares.includes(-1)) return null;
  return { from: squares[0], to: squares[1], arrow: squares[2] };
}

// The move that leads from one position to the next (the game record's moves), or null.
export function moveBetween(before, after) {
  const mover = colorOf(before.toMove);
  let from = -1;
  let to = -1;
  let arrow = -1;
  for (let i = 0; i < before.cells.length; i++) {
    const a = before.cells[i];
    const b = after.cells[i];
    if (a === b) continue;
    if (a === mover && b !== mover) {
      from = i;
      if (b === 'x') arrow = i; // shot back onto the square it left
    } else if (b === mover && a === '.') {
      to = i;
    } else if (b === 'x' && a === '.') {
      arrow = i;
    } else {
      return null;
    }
  }
  const move = { from, to, arrow };
  return from >= 0 && to >= 0 && arrow >= 0 && isLegalMove(before, move) ? move : null;
}
