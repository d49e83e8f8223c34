// helpers.mjs - what the browser tests do as a person would: fill in the new
// game dialog, click a move square by square, wait for the engine.  The
// page's own rules module (pure JavaScript) picks legal moves and checks the
// squares the page lights up.

import assert from 'node:assert/strict';
import { amazonsOf, applyMove, arrowTargets, parsePosition, positionText, queenTargets, squareName } from '../src/rules.js';

export { assert };

// Starts a new game through the dialog; options as the dialog's fields.
export async function newGame(page, options) {
  await page.click('#new-game');
  for (const [name, value] of Object.entries(options)) {
    const field = page.locator(`#new-game-form [name="${name}"]`);
    if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(String(value));
    else await field.fill(String(value));
  }
  // The new game is a new record; an engine that plays first may have moved in it already.
  const previous = await page.evaluateHandle(() => window.amazons.app.record);
  await page.click('#start-game');
  await page.waitForFunction(({ previous, width, height }) => {
    const record = window.amazons.app.record;
    return record && record !== previous && record.position.width === width && record.position.height === height;
  }, { previous, width: Number(options.width), height: Number(options.height) });
  await previous.dispose();
}

// The position the page shows, as the engine's text.
export async function shownPosition(page) {
  return page.evaluate(() => {
    const pos = window.amazons.app.record.position;
    return { ...pos, cells: [...pos.cells] };
  });
}

export async function moveCount(page) {
  return page.locator('#moves button.move').count();
}

// A legal move for the side to move: the amazon with the fewest targets first
// (so that games end), a pseudo-random choice among the rest by `seed`.
export function pickMove(pos, seed = 0) {
  const moves = [];
  for (const from of amazonsOf(pos, pos.toMove)) {
    for (const to of queenTargets(pos, from)) {
      for (const arrow of arrowTargets(pos, from, to)) moves.push({ from, to, arrow });
    }
  }
  assert.ok(moves.length > 0, `no legal move in ${positionText(pos)}`);
  return moves[(seed * 7919) % moves.length];
}

async function litSquares(page) {
  return page.evaluate(() => {
    const view = window.amazons.app.view;
    return view.highlight.targets.slice().sort((a, b) => a - b);
  });
}

// Plays a move by clicking its three squares, checking what lights up after
// each click; returns once the page has played it.
export async function clickMove(page, pos, move) {
  const name = (index) => squareName(pos, index);
  const before = await page.evaluate(() => window.amazons.app.record.cursor);
  await page.click(`[data-square="${name(move.from)}"]`);
  assert.deepEqual(await litSquares(page), queenTargets(pos, move.from).sort((a, b) => a - b),
    `destinations of ${name(move.from)}`);
  assert.equal(await page.locator('.layer-targets circle').count(), queenTargets(pos, move.from).length);
  await page.click(`[data-square="${name(move.to)}"]`);
  assert.deepEqual(await litSquares(page), arrowTargets(pos, move.from, move.to).sort((a, b) => a - b),
    `arrows from ${name(move.to)}`);
  await page.click(`[data-square="${name(move.arrow)}"]`);
  await page.waitForFunction((n) => window.amazons.app.record.cursor > n, before);
  return applyMove(pos, move);
}

// Types a move into the move field and plays it; returns once the page shows it.
export async function typeMove(page, move) {
  await page.fill('#move-text', move);
  await page.click('#typed-move button');
  await page.waitForFunction((m) => window.amazons.app.record.node.text === m, move);
}

// Waits until the side to move is a person's (the engine answered) or the game ended.
export async function waitForTurn(page, timeout = 20000) {
  await page.waitForFunction(() => {
    const { app } = window.amazons;
    return !app.thinking && (app.gameOverShown() || !app.isEngine(app.record.position.toMove));
  }, null, { timeout });
}

export { parsePosition, positionText };
