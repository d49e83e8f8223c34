// protocol.js - reading the engine's analysis lines (PROTOCOL.md §13):
//
//   info move d1-d7/g7 visits 120 winrate 0.61 prior 0.01 lcb 0.57 order 0 pv d1-d7/g7 ... [ownership v v ...]
//
// One line holds every candidate; win rates are for the side to move, and
// ownership is one number per square, rank by rank from the top, +1 for the
// side to move.

const NUMBER_KEYS = new Set(['visits', 'winrate', 'prior', 'lcb', 'order']);

// The candidates and ownership of one line: { candidates, ownership } (ownership may be null).
export function parseAnalysisLine(line) {
  const words = line.trim().split(/\s+/);
  const candidates = [];
  let ownership = null;
  let current = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === 'info') {
      current = { move: '', visits: 0, winrate: 0.5, prior: 0, lcb: 0, order: candidates.length, pv: [] };
      candidates.push(current);
    } else if (word === 'ownership') {
      ownership = words.slice(i + 1).map(Number);
      break;
    } else if (!current) {
      continue;
    } else if (word === 'move') {
      current.move = words[++i];
    } else if (NUMBER_KEYS.has(word)) {
      current[word] = Number(words[++i]);
    } else if (word === 'pv') {
      while (i + 1 < words.length && words[i + 1] !== 'info' && words[i + 1] !== 'ownership') current.pv.push(words[++i]);
    }
  }
  return { candidates, ownership };
}

// Ownership (rank by rank from the top, for the side to move) as White's, indexed like pos.cells.
export function ownershipForWhite(pos, ownership) {
  if (!ownership || ownership.length !== pos.width * pos.height) return null;
  const sign = pos.toMove === 'w' ? 1 : -1;
  const owner = new Array(ownership.length);
  for (let row = 0; row < pos.height; row++) {
    const rank = pos.height - 1 - row;
    for (let file = 0; file < pos.width; file++) {
      owner[rank * pos.width + file] = sign * ownership[row * pos.width + file];
    }
  }
  return owner;
}

// "W+10" / "B+3" as { winner: 'w'|'b', margin }, or null.
export function parseScore(text) {
  const match = /^([WB])\+(\d+)/.exec(text.trim());
  return match ? { winner: match[1] === 'W' ? 'w' : 'b', margin: Number(match[2]) } : null;
}
