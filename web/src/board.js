// board.js - draws a position as SVG: squares, coordinates, amazons and
// arrows, the last move, the selection and the squares a click may reach.
// Every square is a focusable button with a spoken label, so the board can be
// played with a keyboard and a screen reader.  Analysis shapes (shapes.js)
// go in a layer of their own between the squares and the pieces.

import { squareFile, squareRank, squareIndex, squareName } from './rules.js';

const SVG = 'http://www.w3.org/2000/svg';
export const CELL = 100;
const MARGIN = 34; // room for the coordinates, left and bottom

// An element of the board's SVG with the given attributes.
export function svgElement(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

const PIECE_NAMES = { W: 'white amazon', B: 'black amazon', x: 'arrow', '.': 'empty' };

export class BoardView {
  // svg: the <svg> to draw into; onSquare(index): a square was clicked or activated.
  constructor(svg, onSquare) {
    this.svg = svg;
    this.onSquare = onSquare;
    this.pos = null;
    this.flipped = false; // Black's side at the bottom
    this.highlight = { selected: -1, targets: [], lastMove: null, shooter: -1 };
    this.focusIndex = -1;
    svg.addEventListener('keydown', (event) => this.keydown(event));
  }

  // Where a file and a rank are drawn: columns from the left, rows from the top.
  column(file) {
    return this.flipped ? this.pos.width - 1 - file : file;
  }

  row(rank) {
    return this.flipped ? rank : this.pos.height - 1 - rank;
  }

  // The centre of a square in SVG coordinates.
  centre(index) {
    const x = MARGIN + this.column(squareFile(this.pos, index)) * CELL + CELL / 2;
    return { x, y: this.row(squareRank(this.pos, index)) * CELL + CELL / 2 };
  }

  // Turns the board (White's side at the top when on).
  setFlipped(on) {
    if (on === this.flipped) return;
    this.flipped = on;
    if (this.pos) {
      this.build();
      this.render();
    }
  }

  // The overlay layer for analysis shapes, cleared when the board is redrawn.
  get shapeLayer() {
    return this.layers.shapes;
  }

  setPosition(pos) {
    const reshaped = !this.pos || this.pos.width !== pos.width || this.pos.height !== pos.height;
    this.pos = pos;
    if (reshaped) {
      // Squares lit on another board would name squares this one lacks.
      this.highlight = { selected: -1, targets: [], lastMove: null, shooter: -1 };
      this.build();
    }
    this.render();
  }

  setHighlight(highlight) {
    this.highlight = { ...this.highlight, ...highlight };
    if (this.pos) this.render();
  }

  // Lays out the squares and coordinates of a board of this shape.
  build() {
    const { width, height } = this.pos;
    this.svg.replaceChildren();
    this.svg.setAttribute('viewBox', `0 0 ${MARGIN + width * CELL} ${height * CELL + MARGIN}`);
    this.svg.setAttribute('role', 'grid');
    this.svg.setAttribute('aria-label', `Amazons board, ${width} by ${height}${this.flipped ? ', Black at the bottom' : ''}`);
    const layers = {};
    for (const name of ['squares', 'marks', 'heat', 'shapes', 'pieces', 'targets', 'coordinates']) {
      layers[name] = svgElement('g', { class: `layer-${name}` }, this.svg);
    }
    layers.heat.setAttribute('pointer-events', 'none');
    layers.shapes.setAttribute('pointer-events', 'none');
    this.layers = layers;
    // A grid of rows, top row first, each of its cells left to right as drawn.
    this.squares = new Array(width * height);
    for (let row = 0; row < height; row++) {
      const rowGroup = svgElement('g', { role: 'row' }, layers.squares);
      for (let column = 0; column < width; column++) {
        const file = this.column(column); // the mapping is its own inverse
        const rank = this.flipped ? row : height - 1 - row;
        const index = squareIndex(this.pos, file, rank);
        const rect = svgElement('rect', {
          x: MARGIN + column * CELL, y: row * CELL, width: CELL, height: CELL,
          class: `square ${(file + rank) % 2 ? 'light' : 'dark'}`, tabindex: index === 0 ? 0 : -1,
          role: 'gridcell', 'data-square': squareName(this.pos, index),
        }, rowGroup);
        rect.addEventListener('click', () => this.onSquare(index));
        rect.addEventListener('focus', () => { this.focusIndex = index; });
        this.squares[index] = rect;
      }
    }
    for (let file = 0; file < width; file++) {
      svgElement('text', { x: MARGIN + this.column(file) * CELL + CELL / 2, y: height * CELL + MARGIN - 8,
        class: 'coordinate' }, layers.coordinates).textContent = String.fromCharCode(97 + file);
    }
    for (let rank = 0; rank < height; rank++) {
      svgElement('text', { x: MARGIN / 2, y: this.row(rank) * CELL + CELL / 2 + 9, class: 'coordinate' },
        layers.coordinates).textContent = String(rank + 1);
    }
  }

  render() {
    const { marks, pieces, targets } = this.layers;
    marks.replaceChildren();
    pieces.replaceChildren();
    targets.replaceChildren();
    const { selected, lastMove } = this.highlight;
    if (lastMove) {
      for (const [index, kind] of [[lastMove.from, 'from'], [lastMove.to, 'to'], [lastMove.arrow, 'arrow']]) {
        this.squareMark(index, `last-${kind}`, marks);
      }
    }
    if (selected >= 0) this.squareMark(selected, 'selected', marks);
    if (this.highlight.shooter >= 0) this.squareMark(this.highlight.shooter, 'shooter', marks);
    this.pos.cells.forEach((cell, index) => {
      if (cell === 'W' || cell === 'B') drawAmazon(this, index, cell, pieces);
      else if (cell === 'x') drawArrow(this, index, pieces);
      const label = `${squareName(this.pos, index)}, ${PIECE_NAMES[cell]}`;
      this.squares[index].setAttribute('aria-label', label);
    });
    for (const index of this.highlight.targets) {
      const { x, y } = this.centre(index);
      svgElement('circle', { cx: x, cy: y, r: 14, class: 'target' }, targets);
      this.squares[index].setAttribute('aria-label', `${squareName(this.pos, index)}, reachable`);
    }
  }

  squareMark(index, kind, layer) {
    const { x, y } = this.centre(index);
    svgElement('rect', { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: `mark ${kind}` }, layer);
  }

  focusSquare(index) {
    if (index < 0 || index >= this.squares.length) return;
    for (const square of this.squares) square.setAttribute('tabindex', -1);
    this.squares[index].setAttribute('tabindex', 0);
    this.squares[index].focus();
  }

  // Arrow keys move between squares; Enter and Space act as a click.
  keydown(event) {
    if (!this.pos || this.focusIndex < 0) return;
    const file = squareFile(this.pos, this.focusIndex);
    const rank = squareRank(this.pos, this.focusIndex);
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[event.key]) {
      const turn = this.flipped ? -1 : 1; // the keys follow the board as drawn
      const [df, dr] = moves[event.key].map((d) => d * turn);
      const f = Math.min(this.pos.width - 1, Math.max(0, file + df));
      const r = Math.min(this.pos.height - 1, Math.max(0, rank + dr));
      this.focusSquare(squareIndex(this.pos, f, r));
      event.preventDefault();
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.onSquare(this.focusIndex);
      event.preventDefault();
    }
  }
}

// An amazon: a disc with a crown, white or black.
export function drawAmazon(view, index, piece, layer, extraClass = '') {
  const { x, y } = view.centre(index);
  const group = svgElement('g', { class: `amazon ${piece === 'W' ? 'white' : 'black'} ${extraClass}`,
    transform: `translate(${x} ${y})` }, layer);
  svgElement('circle', { r: 38, class: 'amazon-body' }, group);
  svgElement('path', { d: 'M -22 12 L -26 -14 L -12 -2 L 0 -22 L 12 -2 L 26 -14 L 22 12 Z', class: 'amazon-crown' }, group);
  return group;
}

// An arrow: the square burnt.
function drawArrow(view, index, layer) {
  const { x, y } = view.centre(index);
  svgElement('rect', { x: x - 34, y: y - 34, width: 68, height: 68, rx: 10, class: 'burnt' }, layer);
}
