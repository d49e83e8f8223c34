// storage.js - the game kept and shared.  The whole record (its tree, the
// node shown, whether it waits for Continue) is kept in localStorage after
// every change, so a reload carries on; a link carries the line shown in
// its fragment (#start=…&moves=…&at=…), so it opens the same game and
// position in any browser.  Both are read back with the page's own rules:
// anything that does not replay legally is ignored, never half-loaded.

import { GameRecord } from './game.js';

const KEY = 'amazons.game';
const VERSION = 1;

// ---- the record as plain data ----

function treeOf(node) {
  return node.children.map((child) => [child.text, treeOf(child)]);
}

function pathOf(node) {
  const path = [];
  for (let n = node; n.parent; n = n.parent) path.unshift(n.parent.children.indexOf(n));
  return path;
}

export function recordToData(record, paused) {
  return { version: VERSION, start: record.startText, tree: treeOf(record.root), path: pathOf(record.node), paused };
}

// { record, paused } from recordToData's output; throws when it does not replay.
export function recordFromData(data) {
  if (!data || data.version !== VERSION || typeof data.start !== 'string') throw new Error('not a kept game');
  const record = new GameRecord(data.start);
  const grow = (node, children) => {
    for (const [text, grandchildren] of children) {
      record.goToNode(node);
      grow(record.play(String(text)), grandchildren);
    }
  };
  grow(record.root, data.tree ?? []);
  let node = record.root;
  for (const index of data.path ?? []) {
    node = node.children[index];
    if (!node) throw new Error('the kept cursor is not in the game');
  }
  record.goToNode(node);
  return { record, paused: Boolean(data.paused) };
}

// ---- localStorage ----

export function keepGame(record, paused) {
  try {
    localStorage.setItem(KEY, JSON.stringify(recordToData(record, paused)));
  } catch {
    // Storage full or refused (a private window): the game is simply not kept.
  }
}

export function keptGame() {
  try {
    const text = localStorage.getItem(KEY);
    return text ? recordFromData(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

// ---- links ----

// The fragment of a link to the line shown and its position: moves as d1-d7-g7, dot-separated.
export function gameFragment(record) {
  const moves = record.moves.map((m) => m.text.replace('/', '-')).join('.');
  const params = new URLSearchParams({ start: record.startText, moves, at: String(record.cursor) });
  return `#${params.toString()}`;
}

// The record a fragment carries (its position shown), or null when it carries none or a broken one.
export function recordFromFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const start = params.get('start');
  if (!start) return null;
  try {
    const record = new GameRecord(start);
    for (const text of (params.get('moves') ?? '').split('.').filter(Boolean)) {
      const [from, to, arrow] = text.split('-');
      record.play(`${from}-${to}/${arrow}`);
    }
    const at = Number(params.get('at') ?? record.length);
    record.goTo(Number.isInteger(at) ? at : record.length);
    return record;
  } catch {
    return null;
  }
}
