// review.js - the game reviewed: every position of the line shown analysed for
// a fixed time (the engine's `kata-analyze`, stopped by an empty line), the
// win rate drawn as a graph over the whole game, and the moves that lost the
// most marked as mistakes.  Clicking the graph shows that position.

import { svgElement } from './board.js';
import { parseAnalysisLine } from './protocol.js';
import { hasLegalMove } from './rules.js';

const GRAPH_W = 600;
const GRAPH_H = 140;
// A move that lowers its side's win rate by this much or more is judged (as lichess does).
const JUDGMENTS = [
  { kind: 'blunder', drop: 0.2 },
  { kind: 'mistake', drop: 0.1 },
  { kind: 'inaccuracy', drop: 0.05 },
];
const MAX_JUDGED = 12;

// The judged moves of the line, given White's win rate in each of its
// positions (null where unknown) and the engine's best move in each: the
// moves that cost their side most, in game order, each with the move the
// engine preferred.
export function findMistakes(line, whiteRates, bestMoves = []) {
  const judged = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const before = whiteRates[i];
    const after = whiteRates[i + 1];
    if (before == null || after == null) continue;
    const mover = line[i].position.toMove;
    const drop = mover === 'w' ? before - after : after - before;
    const judgment = JUDGMENTS.find((j) => drop >= j.drop);
    if (!judgment) continue;
    const move = line[i + 1].text;
    const better = bestMoves[i] && bestMoves[i] !== move ? bestMoves[i] : null;
    judged.push({ ply: i + 1, node: line[i + 1], drop, mover, move, kind: judgment.kind, better });
  }
  return judged.sort((a, b) => b.drop - a.drop).slice(0, MAX_JUDGED).sort((a, b) => a.ply - b.ply);
}

// White's win rate where the game is over: the side to move has lost.
function finalRate(pos) {
  return hasLegalMove(pos, pos.toMove) ? null : pos.toMove === 'w' ? 0 : 1;
}

export class Review {
  // svg: the graph; onSelect(node): a point was clicked; onProgress(done, total);
  // describe(node, rate): the text shown while the pointer is over a position.
  constructor(session, svg, onSelect, onProgress, describe = null) {
    this.session = session;
    this.svg = svg;
    this.describe = describe;
    this.onSelect = onSelect;
    this.onProgress = onProgress;
    this.line = []; // the nodes reviewed, from the start
    this.rates = [];
    this.best = []; // the engine's best move in each position of the line
    this.mistakes = [];
    this.running = false;
    svg.addEventListener('click', (event) => this.click(event));
    svg.addEventListener('mousemove', (event) => this.hover(event));
    svg.addEventListener('mouseleave', () => this.hover(null));
  }

  reset() {
    this.line = [];
    this.rates = [];
    this.best = [];
    this.mistakes = [];
    this.running = false;
    this.draw(null);
  }

  // White's win rate at a node of the reviewed line, or null.
  rateOf(node) {
    const ply = this.line.indexOf(node);
    return ply >= 0 ? this.rates[ply] : null;
  }

  // The judged move played from this node, if the review judged it.
  judgedAfter(node) {
    return this.mistakes.find((m) => m.node.parent === node) ?? null;
  }

  // Analyses every position of the record's line for `seconds` each.
  run(record, seconds) {
    // This run's arrays: a later run replaces them, and this one then writes nowhere that shows.
    const line = record.line.slice();
    const rates = new Array(line.length).fill(null);
    const best = new Array(line.length).fill(null);
    Object.assign(this, { line, rates, best, mistakes: [], running: true });
    const shown = () => this.rates === rates;
    let stopped = false;
    return this.session.run(async (engine) => {
      this.session.forget();
      await engine.ask(`set_position ${record.startText}`);
      for (let ply = 0; ply < line.length && !stopped; ply++) {
        if (shown()) this.onProgress(ply, line.length);
        const pos = line[ply].position;
        rates[ply] = finalRate(pos);
        if (rates[ply] === null) {
          let last = null;
          const timer = setTimeout(() => engine.post(''), seconds * 1000);
          this.session.setStopper(() => {
            stopped = true;
            clearTimeout(timer);
            engine.post('');
          });
          await engine.send(`kata-analyze ${pos.toMove} 10 maxmoves 1`, (text) => { last = text; });
          clearTimeout(timer);
          const top = last && parseAnalysisLine(last).candidates[0];
          if (top) {
            rates[ply] = pos.toMove === 'w' ? top.winrate : 1 - top.winrate;
            best[ply] = top.move;
          }
        }
        if (shown()) this.draw(record.node);
        if (ply + 1 < line.length) await engine.ask(`play ${pos.toMove} ${line[ply + 1].text}`);
      }
      this.session.setStopper(null);
      this.session.forget();
      if (!shown()) return;
      this.mistakes = findMistakes(line, rates, best);
      this.running = false;
      this.onProgress(stopped ? -1 : line.length, line.length);
      this.draw(record.node);
    }).finally(() => {
      if (shown()) this.running = false;
    });
  }

  x(ply, total) {
    return total <= 1 ? 0 : (ply / (total - 1)) * GRAPH_W;
  }

  // Draws the graph of the reviewed line, with a cursor on `shown` when it is on that line.
  draw(shown) {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${GRAPH_W} ${GRAPH_H}`);
    svgElement('rect', { x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, class: 'graph-back' }, svg);
    svgElement('line', { x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2, class: 'graph-mid' }, svg);
    for (const [label, y] of [['100%', 14], ['50%', GRAPH_H / 2 - 4], ['0%', GRAPH_H - 4]]) {
      svgElement('text', { x: 4, y, class: 'graph-axis' }, svg).textContent = label;
    }
    const total = this.line.length;
    this.total = total;
    if (!total) return;
    const points = [];
    this.rates.forEach((rate, ply) => {
      if (rate != null) points.push(`${this.x(ply, total).toFixed(1)},${((1 - rate) * GRAPH_H).toFixed(1)}`);
    });
    if (points.length) {
      svgElement('polygon', { points: `0,${GRAPH_H} ${points.join(' ')} ${this.x(total - 1, total)},${GRAPH_H}`,
        class: 'graph-area' }, svg);
      svgElement('polyline', { points: points.join(' '), class: 'graph-line' }, svg);
    }
    for (const mistake of this.mistakes) {
      const rate = this.rates[mistake.ply];
      svgElement('circle', { cx: this.x(mistake.ply, total), cy: (1 - rate) * GRAPH_H, r: 6,
        class: `graph-mistake ${mistake.kind}`, 'data-ply': mistake.ply }, svg);
    }
    const cursor = this.line.indexOf(shown);
    if (cursor >= 0) {
      const cx = this.x(cursor, total);
      svgElement('line', { x1: cx, y1: 0, x2: cx, y2: GRAPH_H, class: 'graph-cursor' }, svg);
    }
  }

  // The position of the line under the pointer.
  nodeAt(event) {
    const box = this.svg.getBoundingClientRect();
    const fraction = (event.clientX - box.left) / box.width;
    return Math.max(0, Math.min(this.total - 1, Math.round(fraction * (this.total - 1))));
  }

  click(event) {
    if (!this.total) return;
    this.onSelect(this.line[this.nodeAt(event)]);
  }

  // A readout of the position under the pointer, drawn in the graph.
  hover(event) {
    this.svg.querySelector('.graph-readout')?.remove();
    if (!event || !this.total || !this.describe) return;
    const ply = this.nodeAt(event);
    const x = this.x(ply, this.total);
    const text = svgElement('text', { x: Math.min(Math.max(x, 60), GRAPH_W - 60), y: 14,
      class: 'graph-readout' }, this.svg);
    text.textContent = this.describe(this.line[ply], this.rates[ply]);
  }
}
