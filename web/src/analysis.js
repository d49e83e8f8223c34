// analysis.js - live analysis of the position shown: `kata-analyze` with
// ownership streams the engine's candidates; each update is drawn on the
// board (shapes.js) and listed; hovering a candidate previews its line.  The
// page (app.js) decides when it runs; session.interrupt sends the empty line
// that ends it.

import { ownershipForWhite, parseAnalysisLine } from './protocol.js';
import { drawCandidates, drawHeat, clearShapes } from './shapes.js';

const INTERVAL_CS = 25; // an update every quarter second
const MAX_CANDIDATES = 8;

export class Analysis {
  // view: the BoardView; list: the <ol> of candidates; onUpdate(count): after each
  // update; onScore(text): the evaluation's score estimate (`final_score`) of the position.
  constructor(session, view, list, onUpdate = () => {}, onScore = () => {}) {
    this.onScore = onScore;
    this.session = session;
    this.view = view;
    this.list = list;
    this.onUpdate = onUpdate;
    this.on = false;
    this.candidates = [];
    this.hovered = null;
    this.updates = 0;
  }

  clear() {
    this.candidates = [];
    this.hovered = null;
    clearShapes(this.view);
    this.list.replaceChildren();
  }

  // Analyses the record's position shown until it is stopped (session.interrupt);
  // nothing is drawn once isCurrent() says the page moved on.
  start(record, isCurrent) {
    const pos = record.position;
    this.clear();
    this.updates = 0;
    return this.session.run(async (engine) => {
      if (!isCurrent()) return;
      await this.session.sync(engine, record);
      if (!isCurrent()) return;
      const score = await engine.ask('final_score');
      if (!isCurrent()) return;
      this.onScore(score);
      this.session.setStopper(() => engine.post(''));
      const onLine = (line) => {
        if (line.startsWith('info') && isCurrent()) this.show(pos, parseAnalysisLine(line));
      };
      try {
        await engine.send(`kata-analyze ${pos.toMove} ${INTERVAL_CS} maxmoves ${MAX_CANDIDATES} ownership true`, onLine);
      } finally {
        this.session.setStopper(null);
      }
    });
  }

  show(pos, { candidates, ownership }) {
    this.candidates = candidates;
    this.updates++;
    if (this.view.pos.width !== pos.width || this.view.pos.height !== pos.height) return;
    drawHeat(this.view, ownershipForWhite(pos, ownership));
    drawCandidates(this.view, candidates, this.hovered && candidates.find((c) => c.move === this.hovered));
    this.renderList(pos);
    this.onUpdate(this.updates);
  }

  renderList(pos) {
    const items = this.candidates.map((candidate) => {
      const item = document.createElement('li');
      item.className = 'candidate-item';
      item.dataset.move = candidate.move;
      item.tabIndex = 0;
      const rate = `${(candidate.winrate * 100).toFixed(1)}%`;
      item.innerHTML = `<span class="move"></span><span class="rate"></span><span class="visits"></span><span class="pv"></span>`;
      item.querySelector('.move').textContent = candidate.move;
      item.querySelector('.rate').textContent = rate;
      item.querySelector('.visits').textContent = `${candidate.visits} visits`;
      item.querySelector('.pv').textContent = candidate.pv.slice(1, 5).join(' ');
      item.title = `${pos.toMove === 'w' ? 'White' : 'Black'} wins ${rate} after ${candidate.pv.join(' ')}`;
      const preview = (on) => {
        this.hovered = on ? candidate.move : null;
        drawCandidates(this.view, this.candidates, on ? candidate : null);
      };
      item.addEventListener('mouseenter', () => preview(true));
      item.addEventListener('mouseleave', () => preview(false));
      item.addEventListener('focus', () => preview(true));
      item.addEventListener('blur', () => preview(false));
      return item;
    });
    this.list.replaceChildren(...items);
  }
}
