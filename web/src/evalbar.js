// evalbar.js - the evaluation bar beside the board: White's share of the
// bar is White's win rate in the position shown (from the live analysis, or
// from the review for a reviewed position), with the number on it, and the
// evaluation's territory estimate under it.  Grey when nothing is known.

export class EvalBar {
  // element: the bar (role meter); fill: White's part of it; label: the number.
  constructor(element) {
    this.element = element;
    this.fill = element.querySelector('.eval-white');
    this.label = element.querySelector('.eval-label');
    this.score = element.querySelector('.eval-score');
    this.clear();
  }

  // The evaluation's estimate of the territory margin ("W+4"), under the bar.
  setScore(text) {
    this.score.textContent = text;
    this.element.dataset.score = text;
  }

  // White's win rate (0 to 1) and where it comes from ("analysis", "review").
  set(whiteRate, source) {
    const percent = Math.round(whiteRate * 1000) / 10;
    this.fill.style.height = `${percent}%`;
    this.label.textContent = `${Math.round(whiteRate * 100)}`;
    this.element.classList.remove('unknown');
    this.element.setAttribute('aria-valuenow', String(percent));
    this.element.setAttribute('aria-valuetext', `White wins ${percent}% (${source})`);
    this.element.title = `White's win rate: ${percent}% (${source})`;
  }

  clear() {
    this.fill.style.height = '50%';
    this.label.textContent = '';
    this.setScore('');
    this.element.classList.add('unknown');
    this.element.setAttribute('aria-valuenow', '50');
    this.element.setAttribute('aria-valuetext', 'unknown: turn on Analysis or review the game');
    this.element.title = 'Turn on Analysis, or review the game, to see the win rate';
  }
}
