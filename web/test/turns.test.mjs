// turns.test.mjs - the engine's turn as the person changes their mind: Undo
// and stepping through the game while the engine thinks, an opened game that
// waits for Continue, variations, and the game kept across a reload and
// carried by a link.  Each of these once went wrong (a colour moving twice,
// an answer played onto a position the person had left).

import { readFileSync } from 'node:fs';
import { assert, clickMove, newGame, pickMove, shownPosition, typeMove, waitForTurn } from './helpers.mjs';
import { checkRecord } from './record-check.mjs';

const recordLength = (page) => page.evaluate(() => window.amazons.app.record.length);
const cursor = (page) => page.evaluate(() => window.amazons.app.record.cursor);
const thinking = (page) => page.waitForFunction(() => window.amazons.app.thinking);

// Clicks a button and reads the record's length just before and just after,
// with no engine answer in between (the page runs the click in one task).
const clickCounting = (page, id) => page.evaluate((button) => {
  const length = () => window.amazons.app.record.length;
  const before = length();
  document.getElementById(button).click();
  return { before, after: length(), cursor: window.amazons.app.record.cursor };
}, id);

// Engine against engine: Undo while it thinks takes the last move back, and
// the colours still alternate afterwards.
async function undoWhileEnginesPlay({ page }) {
  await newGame(page, { width: 8, height: 8, white: 'engine', black: 'engine', level: 'full', moveTime: 0.5 });
  await page.waitForFunction(() => window.amazons.app.record.length >= 4, null, { timeout: 20000 });
  for (let i = 0; i < 3; i++) {
    await thinking(page);
    const { before, after } = await clickCounting(page, 'take-back');
    assert.equal(after, before - 1, 'Undo took one move back at once');
    await checkRecord(page);
    await page.waitForFunction((n) => window.amazons.app.record.length >= n + 1, before, { timeout: 20000 });
    await checkRecord(page);
  }
  // No colour asked to move twice in a row without a new position in between.
  const lines = await page.evaluate(() => window.amazons.transcript.lines);
  let last = null;
  for (const line of lines) {
    const genmove = /^> \d+ genmove ([wb])$/.exec(line);
    if (/^> \d+ (set_position|play|undo|boardsize)/.test(line)) last = null;
    if (!genmove) continue;
    assert.notEqual(genmove[1], last, `genmove ${genmove[1]} twice in a row`);
    last = genmove[1];
  }
}

// A person against the engine: ‹ while the engine thinks shows the position
// before the person's move and drops the engine's answer; » takes it up again.
async function backWhileEngineThinks({ page }) {
  await newGame(page, { width: 10, height: 10, white: 'human', black: 'engine', level: 'full', moveTime: 1 });
  const pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 5));
  await thinking(page);
  const back = await clickCounting(page, 'back');
  assert.deepEqual(back, { before: 1, after: 1, cursor: 0 });
  await page.waitForTimeout(1800);
  assert.equal(await recordLength(page), 1, 'no answer was played');
  assert.equal(await cursor(page), 0, 'the view stayed where the person put it');
  assert.match(await page.textContent('#status'), /^White to move · move 0 of 1$/);
  await page.click('#last');
  await waitForTurn(page);
  assert.equal(await recordLength(page), 2);
  assert.equal(await cursor(page), 2);
  await checkRecord(page);
  // The engine holds the page's position: the dropped answer did not stay on its board.
  const [engineSays, pageSays] = await page.evaluate(async () => {
    const { app, session } = window.amazons;
    const { positionText } = await import('./src/rules.js');
    return [await session.run((engine) => engine.ask('get_position')), positionText(app.record.position)];
  });
  assert.equal(engineSays, pageSays);
}

// Engine against engine: « stops the game at the start; no move is added.
async function firstWhileEnginesPlay({ page }) {
  await newGame(page, { width: 8, height: 8, white: 'engine', black: 'engine', level: 'full', moveTime: 0.5 });
  await page.waitForFunction(() => window.amazons.app.record.length >= 4, null, { timeout: 20000 });
  await thinking(page);
  const { before, cursor: shown } = await clickCounting(page, 'first');
  assert.equal(shown, 0);
  await page.waitForTimeout(1500);
  assert.equal(await recordLength(page), before);
  assert.equal(await cursor(page), 0);
  assert.equal(await page.evaluate(() => window.amazons.app.thinking), false);
}

// An unfinished game opened with the engine to move waits for Continue.
async function openedGameWaits({ page }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.3 });
  const sgf = '(;FF[4]GM[18]SZ[6]AW[ae][fe][bf][ef]AB[ba][ea][ab][fb]PL[W];W[bfbcdc])';
  await page.setInputFiles('#sgf-file', { name: 'one.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
  await page.waitForFunction(() => window.amazons.app.record.length === 1);
  await page.waitForTimeout(1000);
  assert.equal(await recordLength(page), 1, 'the engine did not play unasked');
  assert.ok(await page.isVisible('#continue'));
  assert.match(await page.textContent('#status'), /press Continue/);
  await page.click('#continue');
  await waitForTurn(page);
  assert.equal(await recordLength(page), 2);
  assert.ok(!(await page.isVisible('#continue')));
}

// Playing from a past position starts a variation; the game is kept, the
// variation can be promoted and deleted.
async function variations({ page, shot }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  for (const move of ['b1-b4/d4', 'e6-e4/e5', 'e1-d2/d3']) await typeMove(page, move);
  assert.equal(await recordLength(page), 3);
  await page.click('#back');
  await page.click('#back');
  await typeMove(page, 'b6-b5/c6');
  assert.equal(await cursor(page), 2);
  const main = await page.evaluate(() => window.amazons.app.record.root.children[0].children.map((n) => n.text));
  assert.deepEqual(main, ['e6-e4/e5', 'b6-b5/c6'], 'the main line is kept, the new move is a variation');
  assert.equal(await page.locator('#moves .variation button.move').count(), 1);
  assert.equal(await page.textContent('#moves .variation button.move'), 'b6-b5/c6');
  await shot('variation');
  await page.click('#promote');
  assert.deepEqual(await page.evaluate(() => window.amazons.app.record.root.children[0].children.map((n) => n.text)),
    ['b6-b5/c6', 'e6-e4/e5']);
  assert.equal(await page.textContent('#moves .variation button.move >> nth=0'), 'e6-e4/e5');
  // Saved and opened again, the variation is still there, in its place.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const text = readFileSync(await download.path(), 'latin1');
  assert.match(text, /\(;B\[babbca\]/, text);
  const tree = () => page.evaluate(() => {
    const walk = (node) => [node.text, node.children.map(walk)];
    return walk(window.amazons.app.record.root);
  });
  const saved = await tree();
  await newGame(page, { width: 8, height: 8, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  await page.setInputFiles('#sgf-file', { name: 'tree.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(text) });
  await page.waitForFunction(() => window.amazons.app.record.position.width === 6);
  assert.deepEqual(await tree(), saved);
  await page.click('#moves .variation button.move');
  await page.click('#delete-move');
  assert.deepEqual(await page.evaluate(() => window.amazons.app.record.root.children[0].children.map((n) => n.text)),
    ['b6-b5/c6']);
  assert.equal(await cursor(page), 1);
  await checkRecord(page);
}

// The line shown, the cursor and the position on the board.
const shownGame = (page) => page.evaluate(() => {
  const record = window.amazons.app.record;
  return { moves: record.moves.map((m) => m.text), cursor: record.cursor, shown: record.position.cells.join('') };
});

// A reload keeps the game, its variations and the position shown; a copied
// link opens the same position in a fresh browser profile, paused.
async function keptAndShared({ page, url, browser }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2 });
  let pos = await shownPosition(page);
  pos = await clickMove(page, pos, pickMove(pos, 1));
  await waitForTurn(page);
  pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 2));
  await waitForTurn(page);
  await page.click('#back');
  const before = await shownGame(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  const after = await shownGame(page);
  assert.deepEqual(after, before);
  await page.click('#copy-link');
  const link = page.url();
  assert.match(link, /#start=/);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await other.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  const opened = await shownGame(other);
  assert.deepEqual(opened, before);
  await fresh.close();
}

export const tests = [
  { name: 'Undo while the engines play', run: undoWhileEnginesPlay },
  { name: '‹ while the engine thinks drops its answer', run: backWhileEngineThinks },
  { name: '« while the engines play stops the game', run: firstWhileEnginesPlay },
  { name: 'an opened game waits for Continue', run: openedGameWaits },
  { name: 'variations: kept, promoted, deleted', run: variations },
  { name: 'a reload keeps the game, a link shares it', run: keptAndShared },
];
