// review.js - the game reviewed: every position of the record analysed for
// a fixed time (the engine's `kata-analyze`, stopped by an empty line), the
// win rate drawn as a graph over the whole game, and the moves that lost the
// most marked as mistakes.  Clicking the graph shows that position.

import { svgElement } from './board.js';
import { parseAnalysisLine } from './protocol.js';

const GRAPH_W = 600;
const GRAPH_H = 140;
const MISTAKE_DROP = 0.1; // a move that lowers its side's win rate by this much or more
const MAX_MISTAKES = 5;

// White's win rate in each position (null where unknown) and the mistakes among the moves.
export function findMistakes(record, whiteRates) {
  const drops = [];
  for (let i = 0; i < record.length; i++) {
    const before = whiteRates[i];
    const after = whiteRates[i + 1];
    if (before == null || after == null) continue;
    const mover = record.positions[i].toMove;
    const drop = mover === 'w' ? before - after : after - before;
    if (drop >= MISTAKE_DROP) drops.push({ ply: i + 1, drop, mover, move: record.moves[i].text });
  }
  return drops.sort((a, b) => b.drop - a.drop).slice(0, MAX_MISTAKES);
}

export class Review {
  // svg: the graph; onSelect(ply): a point was clicked; onProgress(done, total).
  constructor(session, svg, onSelect, onProgress) {
    this.session = session;
    this.svg = svg;
    this.onSelect = onSelect;
    this.onProgress = onProgress;
    this.rates = [];
    this.mistakes = [];
    this.running = false;
    svg.addEventListener('click', (event) => this.click(event));
  }

  reset() {
    this.rates = [];
    this.mistakes = [];
    this.draw(null, 0);
  }

  // Analyses every position of the record for `seconds` each.
  run(record, seconds) {
    this.rates = new Array(record.length + 1).fill(null);
    this.mistakes = [];
    this.running = true;
    let stopped = false;
    return this.session.run(async (engine) => {
      this.session.forget();
      await engine.ask(`set_position ${record.startText}`);
      for (let ply = 0; ply <= record.length && !stopped; ply++) {
        this.onProgress(ply, record.length + 1);
        const pos = record.positions[ply];
        let last = null;
        const timer = setTimeout(() => engine.post(''), seconds * 1000);
        this.session.setStopper(() => {
          stopped = true;
          clearTimeout(timer);
          engine.post('');
        });
        await engine.send(`kata-analyze ${pos.toMove} 10 maxmoves 1`, (line) => { last = line; });
        clearTimeout(timer);
        const best = last && parseAnalysisLine(last).candidates[0];
        if (best) this.rates[ply] = pos.toMove === 'w' ? best.winrate : 1 - best.winrate;
        this.draw(record, record.cursor);
        if (ply < record.length) await engine.ask(`play ${pos.toMove} ${record.moves[ply].text}`);
      }
      this.session.setStopper(null);
      this.session.forget();
      this.mistakes = findMistakes(record, this.rates);
      this.running = false;
      this.onProgress(stopped ? -1 : record.length + 1, record.length + 1);
      this.draw(record, record.cursor);
    });
  }

  x(ply, total) {
    return total <= 1 ? 0 : (ply / (total - 1)) * GRAPH_W;
  }

  draw(record, cursor) {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${GRAPH_W} ${GRAPH_H}`);
    svgElement('rect', { x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, class: 'graph-back' }, svg);
    svgElement('line', { x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2, class: 'graph-mid' }, svg);
    if (!record) return;
    const total = record.length + 1;
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
      svgElement('circle', { cx: this.x(mistake.ply, total), cy: (1 - rate) * GRAPH_H, r: 6, class: 'graph-mistake',
        'data-ply': mistake.ply }, svg);
    }
    const cx = this.x(cursor, total);
    svgElement('line', { x1: cx, y1: 0, x2: cx, y2: GRAPH_H, class: 'graph-cursor' }, svg);
    this.total = total;
  }

  click(event) {
    if (!this.total) return;
    const box = this.svg.getBoundingClientRect();
    const fraction = (event.clientX - box.left) / box.width;
    this.onSelect(Math.round(fraction * (this.total - 1)));
  }
}
