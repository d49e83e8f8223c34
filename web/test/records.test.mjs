// records.test.mjs - records: an SGF written by amazons-match opens and can
// be stepped through, a corrupt one is refused with the engine's reason and
// changes nothing, the game saves as SGF, and positions go out and in as text.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, moveCount, newGame, shownPosition } from './helpers.mjs';
import { positionText } from '../src/rules.js';

// One game of the native engine against its greedy player, as amazons-match writes it.
function matchGame(root) {
  const dir = mkdtempSync(join(tmpdir(), 'amazons-web-'));
  const sgf = join(dir, 'match.sgf');
  execFileSync(join(root, 'amazons-match'), ['-q', '--size', '6', '-n', '1', '--move-time', '0.05', '--sgf', sgf,
    '--', join(root, 'amazons'), '--', join(root, 'amazons'), '--engine', 'greedy'], { stdio: 'ignore' });
  return readFileSync(sgf, 'latin1');
}

async function openMatchSgf({ page, root, shot }) {
  const text = matchGame(root);
  const plies = (text.match(/;[WB]\[/g) ?? []).length;
  assert.ok(plies > 5, `${plies} moves in the match's game`);
  await page.setInputFiles('#sgf-file', { name: 'match.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => window.amazons.app.record.length === n, plies, { timeout: 10000 });
  assert.equal(await moveCount(page), plies);
  await page.waitForSelector('#result:not([hidden])'); // the match's game was played to its end
  assert.match(await page.textContent('#result'), /wins/);
  // Step through: back to the start, forward one by one; the board follows.
  await page.click('#first');
  const seen = new Set([positionText(await shownPosition(page))]);
  for (let i = 0; i < plies; i++) {
    await page.click('#forward');
    seen.add(positionText(await shownPosition(page)));
  }
  assert.equal(seen.size, plies + 1);
  assert.equal(await page.evaluate(() => window.amazons.app.record.cursor), plies);
  await page.click('#moves button.move >> nth=2');
  assert.equal(await page.evaluate(() => window.amazons.app.record.cursor), 3);
  await shot('stepping');
}

async function corruptSgf({ page }) {
  await newGame(page, { width: 8, height: 8, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  await page.fill('#move-text', 'c1-c5/c7');
  await page.click('#typed-move button');
  await page.waitForFunction(() => window.amazons.app.record.length === 1);
  const before = positionText(await shownPosition(page));
  const bad = '(;FF[4]GM[18]SZ[8];W[cacaca])';
  await page.setInputFiles('#sgf-file', { name: 'bad.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(bad) });
  await page.waitForSelector('#status.error');
  assert.match(await page.textContent('#status'), /^Cannot open bad\.sgf: cannot load file: illegal move 1, white/);
  assert.equal(positionText(await shownPosition(page)), before);
  assert.equal(await moveCount(page), 1);
  await page.setInputFiles('#sgf-file', { name: 'go.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;GM[1]SZ[19])') });
  await page.waitForFunction(() => /go\.sgf/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), /not an Amazons record: GM must be 18/);
  // The engine still holds the game: the next move is checked against it.
  await page.fill('#move-text', 'f8-f6/f7');
  await page.click('#typed-move button');
  await page.waitForFunction(() => window.amazons.app.record.length === 2);
}

async function saveSgf({ page }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  await page.fill('#move-text', 'b1-b4/d4');
  await page.click('#typed-move button');
  await page.waitForFunction(() => window.amazons.app.record.length === 1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const text = readFileSync(await download.path(), 'latin1');
  assert.match(text, /^\(;FF\[4\]GM\[18\]/);
  assert.match(text, /SZ\[6\]/);
  assert.equal((text.match(/;[WB]\[/g) ?? []).length, 1);
  // A double click saves one file, not two, even when a slow double click lets the
  // first save finish before its second click lands.
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.dblclick('#save-sgf', { delay: 250 });
  await page.waitForTimeout(1500);
  assert.equal(downloads, 1);
}

async function positionText_({ page }) {
  await page.click('#position-button');
  const shown = await page.inputValue('#position-text');
  assert.equal(shown, positionText(await shownPosition(page)));
  await page.fill('#position-text', '4/4/4 w');
  await page.click('#set-position');
  await page.waitForFunction(() => document.getElementById('position-error').textContent !== '');
  assert.match(await page.textContent('#position-error'), /^invalid position: unsupported board size 4x3/);
  await page.fill('#position-text', '1BB1/B2B/W2W/1WW1/4 w');
  await page.click('#set-position');
  await page.waitForFunction(() => window.amazons.app.record.position.height === 5);
  assert.equal(positionText(await shownPosition(page)), '1BB1/B2B/W2W/1WW1/4 w');
}

export const tests = [
  { name: 'an SGF of amazons-match opens and steps through', run: openMatchSgf },
  { name: 'a corrupt SGF is refused and changes nothing', run: corruptSgf },
  { name: 'the game saves as SGF', run: saveSgf },
  { name: 'positions as text, refused and set up', run: positionText_ },
];
