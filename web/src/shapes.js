// shapes.js - what the engine thinks, drawn over the board: its best
// candidate moves as arrows (the amazon's path, then a dashed line to the
// arrow's square) labelled with win rate and visits, the principal variation
// of a candidate as numbered moves (landing squares and arrows alike), the
// ownership heat map (who will own each empty square, and how sure the
// search is), and a reviewed move beside the better one.

import { svgElement, CELL } from './board.js';
import { parseMove } from './rules.js';

const MAX_ARROWS = 4;
const HEAT_INSET = 12;

function ensureMarkers(svg) {
  if (svg.querySelector('#shape-defs')) return;
  const defs = svgElement('defs', { id: 'shape-defs' });
  svg.insertBefore(defs, svg.firstChild);
  for (const kind of ['best', 'other', 'played']) {
    const marker = svgElement('marker', {
      id: `head-${kind}`, viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse',
    }, defs);
    svgElement('path', { d: 'M 0 0 L 10 5 L 0 10 Z', class: `head ${kind}` }, marker);
  }
}

// A line between two square centres, stopping short of the end so that the head shows.
function line(view, from, to, attributes, layer) {
  const a = view.centre(from);
  const b = view.centre(to);
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const shorten = Math.min(26, length / 3);
  const x2 = b.x - ((b.x - a.x) / length) * shorten;
  const y2 = b.y - ((b.y - a.y) / length) * shorten;
  return svgElement('line', { x1: a.x, y1: a.y, x2, y2, ...attributes }, layer);
}

// The ownership map, from White's point of view: +1 White's, -1 Black's.
export function drawHeat(view, ownerWhite) {
  const layer = view.layers.heat;
  layer.replaceChildren();
  if (!ownerWhite) return;
  ownerWhite.forEach((value, index) => {
    if (view.pos.cells[index] !== '.' || Math.abs(value) < 0.1) return;
    // An inset tile with an edge, so that it reads over light and dark squares alike.
    const { x, y } = view.centre(index);
    svgElement('rect', {
      x: x - CELL / 2 + HEAT_INSET, y: y - CELL / 2 + HEAT_INSET, width: CELL - 2 * HEAT_INSET,
      height: CELL - 2 * HEAT_INSET, rx: 10,
      class: `heat ${value > 0 ? 'white-owns' : 'black-owns'}`,
      'fill-opacity': (Math.min(1, Math.abs(value)) * 0.6).toFixed(3),
      'stroke-opacity': (Math.min(1, Math.abs(value)) * 0.8).toFixed(3),
      'data-owner': value.toFixed(2),
    }, layer);
  });
}

// Candidates as arrows, the best first; `preview`: a candidate whose line to show.
export function drawCandidates(view, candidates, preview = null) {
  const layer = view.layers.shapes;
  layer.replaceChildren();
  ensureMarkers(view.svg);
  if (preview) {
    drawLine(view, preview.pv, layer);
    return;
  }
  const top = candidates.slice(0, MAX_ARROWS);
  const most = Math.max(1, ...top.map((c) => c.visits));
  const labels = labelPlaces(view, top);
  top.slice().reverse().forEach((candidate) => {
    const move = parseMove(view.pos, candidate.move);
    if (!move) return;
    const best = candidate === top[0];
    const width = 6 + 12 * (candidate.visits / most);
    const group = svgElement('g', { class: `candidate ${best ? 'best' : 'other'}`, 'data-move': candidate.move }, layer);
    line(view, move.from, move.to, { 'stroke-width': width, 'marker-end': `url(#head-${best ? 'best' : 'other'})` }, group);
    line(view, move.to, move.arrow, { 'stroke-width': width / 2, 'stroke-dasharray': '10 8', class: 'shot' }, group);
    const { x, y } = labels.get(candidate);
    const label = svgElement('g', { class: 'candidate-label', transform: `translate(${x} ${y})` }, group);
    svgElement('rect', { x: -34, y: -17, width: 68, height: 30, rx: 8 }, label);
    svgElement('text', { y: 5 }, label).textContent = `${Math.round(candidate.winrate * 100)}%`;
  });
}

// Where each candidate's label goes: above its landing square, or, when an
// earlier (better) candidate's label is already near there, stepped below
// and aside until it is clear of every label placed.
const LABEL_W = 72;
const LABEL_H = 34;
function labelPlaces(view, candidates) {
  const placed = new Map();
  const steps = [[0, -30], [0, 30], [-LABEL_W, -30], [LABEL_W, -30], [-LABEL_W, 30], [LABEL_W, 30], [0, -64], [0, 64]];
  for (const candidate of candidates) {
    const move = parseMove(view.pos, candidate.move);
    if (!move) continue;
    const { x, y } = view.centre(move.to);
    const spots = steps.map(([dx, dy]) => ({ x: x + dx, y: y + dy }));
    const clear = (spot) => [...placed.values()].every((p) => Math.abs(p.x - spot.x) >= LABEL_W
      || Math.abs(p.y - spot.y) >= LABEL_H);
    placed.set(candidate, spots.find(clear) ?? spots[0]);
  }
  return placed;
}

// A principal variation: each move's landing square numbered, and its arrow.
function drawLine(view, pv, layer) {
  let pos = view.pos;
  const group = svgElement('g', { class: 'preview' }, layer);
  pv.slice(0, 8).forEach((text, i) => {
    const move = parseMove(pos, text);
    if (!move) return;
    const side = pos.toMove;
    line(view, move.from, move.to, { class: `pv-path ${side}`, 'stroke-width': 6 }, group);
    // The amazon's landing square in a disc, its arrow's square in a smaller square, both numbered.
    for (const [index, kind] of [[move.to, 'to'], [move.arrow, 'arrow']]) {
      const { x, y } = view.centre(index);
      const badge = svgElement('g', { class: `pv-badge ${side} ${kind}`, transform: `translate(${x} ${y})` }, group);
      if (kind === 'to') svgElement('circle', { r: 24 }, badge);
      else svgElement('rect', { x: -16, y: -16, width: 32, height: 32, rx: 4 }, badge);
      svgElement('text', { y: kind === 'to' ? 9 : 7, class: kind }, badge).textContent = String(i + 1);
    }
    pos = { ...pos, toMove: side === 'w' ? 'b' : 'w' };
  });
}

// A judged move of the review beside the engine's better one, from the position before it.
export function drawComparison(view, played, better) {
  const layer = view.layers.shapes;
  layer.replaceChildren();
  ensureMarkers(view.svg);
  for (const [text, kind] of [[played, 'played'], [better, 'best']]) {
    const move = text && parseMove(view.pos, text);
    if (!move) continue;
    const group = svgElement('g', { class: `comparison ${kind}`, 'data-move': text }, layer);
    line(view, move.from, move.to, { 'stroke-width': 12, 'marker-end': `url(#head-${kind})` }, group);
    line(view, move.to, move.arrow, { 'stroke-width': 6, 'stroke-dasharray': '10 8', class: 'shot' }, group);
  }
}

export function clearShapes(view) {
  if (!view.layers) return;
  view.layers.shapes.replaceChildren();
  view.layers.heat.replaceChildren();
}
