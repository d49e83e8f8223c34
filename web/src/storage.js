// storage.js - the game kept and shared.  The whole record (its tree, the
// node shown, whether it waits for Continue, its clock) is kept in localStorage after
// every change, so a reload carries on, and the last ten games played are
// kept as recent games to reopen; a link carries the line shown in
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

export function recordToData(record, paused, clock = null) {
  return { version: VERSION, id: record.id, start: record.startText, tree: treeOf(record.root),
    path: pathOf(record.node), paused, clock };
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
  if (typeof data.id === 'string') record.id = data.id;
  return { record, paused: Boolean(data.paused), clock: data.clock ?? null };
}

// ---- localStorage ----

const RECENT_KEY = 'amazons.recent';
const RECENT_MAX = 10;

// Keeps the game shown, and its entry among the recent games (newest first).
export function keepGame(record, paused, clock = null) {
  try {
    const data = recordToData(record, paused, clock);
    localStorage.setItem(KEY, JSON.stringify(data));
    if (record.root.children.length === 0) return; // nothing played yet
    const recent = recentGames().filter((game) => game.id !== record.id);
    const { width, height } = record.start;
    recent.unshift({ id: record.id, when: Date.now(), size: `${width}x${height}`, moves: record.length, data });
    localStorage.setItem(RECENT_KEY, JSON.stringify(recent.slice(0, RECENT_MAX)));
  } catch {
    // Storage full or refused (a private window): the game is simply not kept.
  }
}

// The recent games: [{ id, when, size, moves, data }], newest first.
export function recentGames() {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
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
