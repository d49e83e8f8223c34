// play.test.mjs - playing: a whole 6x6 game against the engine by clicks,
// the engine against itself on 10x10, taking moves back, typed moves, and a
// dead engine brought back.

import { assert, clickMove, moveCount, newGame, pickMove, shownPosition, waitForTurn } from './helpers.mjs';
import { applyMove, parseMove, positionText } from '../src/rules.js';

async function wholeGame({ page, shot }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.3,
    reviewTime: 0.1 });
  let moves = 0;
  for (let turn = 0; turn < 40; turn++) {
    await waitForTurn(page);
    if (await page.locator('#result').isVisible()) break;
    const pos = await shownPosition(page);
    await clickMove(page, pos, pickMove(pos, turn));
    moves++;
    if (turn === 3) await shot('midgame');
  }
  await page.waitForSelector('#result:not([hidden])', { timeout: 20000 });
  const result = await page.textContent('#result');
  assert.match(result, /(White|Black) wins: (White|Black) has no move left — final score [WB]\+\d+/);
  assert.ok(moves >= 3, `only ${moves} moves`);
  assert.match(await page.textContent('#status'), /wins/);
  // The result stays under the move list while the person looks back.
  await page.click('#first');
  assert.ok(await page.isVisible('#result'));
  await page.click('#last');
  assert.equal(await page.textContent('#result'), result);
  // Reviewed, the finished game has a point for every position, the final one included.
  await page.click('#review');
  await page.waitForSelector('#review-panel[data-state="done"]', { timeout: 30000 });
  const points = await page.evaluate(() => document.querySelector('#graph .graph-line').getAttribute('points'));
  assert.equal(points.trim().split(/\s+/).length, await page.evaluate(() => window.amazons.app.record.length + 1));
  // Every move in the list is legal in turn from the start.
  const { start, played } = await page.evaluate(() => ({
    start: window.amazons.app.record.startText,
    played: window.amazons.app.record.moves.map((m) => m.text),
  }));
  assert.equal(await moveCount(page), played.length);
  let pos = (await import('../src/rules.js')).parsePosition(start);
  for (const text of played) {
    const move = parseMove(pos, text);
    assert.ok(move, text);
    pos = applyMove(pos, move);
  }
}

async function engineAgainstEngine({ page }) {
  await newGame(page, { width: 10, height: 10, white: 'engine', black: 'engine', level: 'casual', moveTime: 0.3 });
  await page.waitForFunction(() => window.amazons.app.record.length >= 4, null, { timeout: 30000 });
  const texts = await page.locator('#moves button.move').allTextContents();
  assert.ok(texts.length >= 4);
  for (const text of texts) assert.match(text, /^[a-j](10|[1-9])-[a-j](10|[1-9])\/[a-j](10|[1-9])$/);
  // Stepping back pauses the game: the engine plays on only at the end of the record.
  await page.click('#first');
  const paused = await page.evaluate(() => window.amazons.app.record.length);
  await page.waitForTimeout(1500);
  assert.ok(await page.evaluate(() => window.amazons.app.record.length) <= paused + 1);
}

async function takeBack({ page }) {
  await newGame(page, { width: 8, height: 8, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2 });
  const start = positionText(await shownPosition(page));
  const pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 1));
  await waitForTurn(page);
  assert.equal(await moveCount(page), 2);
  await page.click('#take-back');
  await page.waitForFunction(() => window.amazons.app.record.length === 0);
  assert.equal(positionText(await shownPosition(page)), start);
  assert.match(await page.textContent('#status'), /White to move/);
  // The engine agrees: a move after the take-back is legal from the start again.
  const again = await shownPosition(page);
  await clickMove(page, again, pickMove(again, 2));
  await waitForTurn(page);
  assert.equal(await moveCount(page), 2);
}

async function typedMoves({ page }) {
  await newGame(page, { width: 10, height: 10, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  await page.fill('#move-text', 'g1-g10/g9');
  await page.click('#typed-move button');
  await page.waitForSelector('#status.error');
  assert.equal(await page.textContent('#status'), 'illegal move: g10 is not empty');
  assert.equal(await moveCount(page), 0);
  await page.fill('#move-text', 'j4j9');
  await page.click('#typed-move button');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('j4j9'));
  assert.match(await page.textContent('#status'), /^syntax error: invalid move "j4j9"/);
  await page.fill('#move-text', 'd1-d7/g7');
  await page.click('#typed-move button');
  await page.waitForFunction(() => window.amazons.app.record.length === 1);
  assert.equal(await page.inputValue('#move-text'), '');
  assert.match(await page.textContent('#status'), /Black to move/);
}

async function restartAfterCrash({ page, shot }) {
  await newGame(page, { width: 8, height: 8, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2 });
  let pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 3));
  await waitForTurn(page);
  const before = await page.evaluate(() => window.amazons.app.record.moves.map((m) => m.text));
  // The worker dies (as on running out of memory): the page says so and keeps the game.
  await page.evaluate(() => window.amazons.session.engine.terminate('killed by the test', true));
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner-text'), /The engine stopped \(killed by the test\)\. The game is kept\./);
  await shot('crashed');
  await page.click('#restart-engine');
  await page.waitForSelector('#banner', { state: 'hidden' });
  assert.deepEqual(await page.evaluate(() => window.amazons.app.record.moves.map((m) => m.text)), before);
  // The new engine is on the same game: it answers the next move from there.
  pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 4));
  await waitForTurn(page);
  assert.equal(await moveCount(page), before.length + 2);
  const transcript = await page.evaluate(() => window.amazons.transcript.lines.join('\n'));
  assert.match(transcript, /> \d+ set_position /);
}

// On a phone's width the board fits the screen and a move is still three taps; the dark theme reads.
async function phoneAndDark({ page, shot }) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390 px screen`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= 390, JSON.stringify(board));
  await newGame(page, { width: 8, height: 8, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2 });
  const pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 6));
  await waitForTurn(page);
  // The engine's candidates come right under the board, before the move list.
  await page.check('#analysis-toggle');
  const candidates = await page.locator('#analysis-panel').boundingBox();
  const moves = await page.locator('#moves').boundingBox();
  assert.ok(candidates.y < moves.y, `candidates at ${candidates.y}, moves at ${moves.y}`);
  await page.uncheck('#analysis-toggle');
  await page.click('#theme');
  const dark = await page.evaluate(() => document.documentElement.dataset.theme);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const expected = dark === 'dark' ? 'rgb(22, 24, 28)' : 'rgb(244, 241, 234)';
  assert.equal(background, expected);
  await shot(dark);
  // The choice is remembered.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), dark);
}

// Squares are buttons with spoken labels, and the keyboard alone plays a move.
async function keyboard({ page }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  assert.equal(await page.getAttribute('[data-square="b1"]', 'aria-label'), 'b1, white amazon');
  assert.equal(await page.getAttribute('[data-square="c3"]', 'aria-label'), 'c3, empty');
  // b1-b3/b4 from the keyboard: focus a1, right to b1, select; up twice, select; up once, select.
  await page.focus('[data-square="a1"]');
  const keys = ['ArrowRight', 'Enter', 'ArrowUp', 'ArrowUp', 'Enter', 'ArrowUp', 'Enter'];
  for (const key of keys) await page.keyboard.press(key);
  await page.waitForFunction(() => window.amazons.app.record.length === 1);
  assert.equal(await page.textContent('#moves button.move'), 'b1-b3/b4');
}

export const tests = [
  { name: 'a whole 6x6 game against the engine, by clicks', run: wholeGame },
  { name: 'the engine against itself on 10x10', run: engineAgainstEngine },
  { name: 'taking a move back', run: takeBack },
  { name: 'typed moves, legal and not', run: typedMoves },
  { name: 'a dead engine is restarted on the same game', run: restartAfterCrash },
  { name: 'a phone-width screen, and the dark theme', run: phoneAndDark, viewport: { width: 390, height: 844 } },
  { name: 'the keyboard alone plays a move', run: keyboard },
];
