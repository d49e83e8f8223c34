// features.test.mjs - the page as a player's board: the board turns for
// Black, Resign ends the game, Count shows the territory, the evaluation
// bar follows the analysis, the review shows a judged move beside the
// engine's better one, axe-core finds nothing critical or serious in either
// theme, and once opened the page works offline.

import { createRequire } from 'node:module';
import { assert, clickMove, newGame, pickMove, shownPosition, typeMove, waitForTurn } from './helpers.mjs';

const require = createRequire(import.meta.url);

// The board turns when a person plays Black, and Flip turns it back.
async function flippedBoard({ page, shot }) {
  await newGame(page, { width: 8, height: 8, white: 'engine', black: 'human', level: 'beginner', moveTime: 0.2 });
  await waitForTurn(page);
  const y = (square) => page.locator(`[data-square="${square}"]`).evaluate((e) => Number(e.getAttribute('y')));
  assert.ok(await y('a1') < await y('a8'), 'rank 1 is at the top for Black');
  assert.match(await page.getAttribute('#board', 'aria-label'), /Black at the bottom/);
  await shot('flipped');
  await page.click('#flip');
  assert.ok(await y('a1') > await y('a8'), 'Flip puts rank 1 back at the bottom');
  // A move by clicks still lands where it is clicked.
  const pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 3));
  await waitForTurn(page);
}

// Resign: the person to move gives up; the result shows and the board is still.
async function resign({ page }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2 });
  await page.click('#resign');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result'), 'White resigns: Black wins');
  assert.equal(await page.evaluate(() => window.amazons.app.input.enabled), false);
  await page.waitForTimeout(600);
  assert.equal(await page.evaluate(() => window.amazons.app.record.length), 0, 'the engine did not move');
}

// Count: the territory by queen moves, drawn and counted; the bar follows the analysis.
async function countAndBar({ page }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  assert.ok(await page.locator('#eval-bar.unknown').count() === 1, 'no win rate before any analysis');
  await typeMove(page, 'b1-b4/d4');
  await page.click('#count');
  await page.waitForFunction(() => /^Territory by queen moves/.test(document.getElementById('status').textContent));
  const status = await page.textContent('#status');
  const [, white, black, shared] = /White (\d+), Black (\d+), (\d+) shared · estimate [WB]\+\d+$/.exec(status) ?? [];
  assert.ok(white, status);
  assert.equal(await page.locator('.layer-heat rect.heat.white-owns').count(), Number(white));
  assert.equal(await page.locator('.layer-heat rect.heat.black-owns').count(), Number(black));
  assert.ok(Number(white) + Number(black) + Number(shared) <= 36 - 8 - 1);
  await page.check('#analysis-toggle');
  await page.waitForFunction(() => !document.getElementById('eval-bar').classList.contains('unknown'));
  const now = Number(await page.getAttribute('#eval-bar', 'aria-valuenow'));
  const best = await page.evaluate(() => window.amazons.app.analysis.candidates[0].winrate);
  assert.ok(Math.abs(now - (1 - best) * 100) < 0.06, `bar ${now}, Black's best ${best}`);
  assert.match(await page.getAttribute('#eval-bar', 'data-score'), /^[WB]\+\d+$/, 'the score estimate');
}

// The review judges moves; the position before a judged move shows it and
// the better one.  On 5x4 White wins only with moves like b1-b2/d2 (the
// solver proves it); d1-c2/c1 throws the win away (Black's d4-d3/b3 wins).
async function reviewedMistake({ page, shot }) {
  await newGame(page, { width: 5, height: 4, white: 'human', black: 'human', level: 'full', moveTime: 1,
    reviewTime: 0.3 });
  for (const move of ['d1-c2/c1', 'd4-d3/b3']) await typeMove(page, move);
  await page.click('#review');
  await page.waitForSelector('#review-panel[data-state="done"]', { timeout: 30000 });
  const judged = await page.locator('#mistakes button').allTextContents();
  assert.match(judged[0] ?? '', /^1\. White d1-c2\/c1: blunder, −\d+%; better [a-e]\d-[a-e]\d\/[a-e]\d$/, judged.join(' | '));
  // The graph has a point for every position.
  const points = await page.evaluate(() => document.querySelector('#graph .graph-line').getAttribute('points'));
  assert.equal(points.trim().split(/\s+/).length, 3);
  // Hovering the graph reads out a position: its move and White's win rate.
  const box = await page.locator('#graph').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  assert.match(await page.textContent('#graph .graph-readout'), /^1\. d1-c2\/c1: White \d+%$/);
  await page.mouse.move(0, 0);
  assert.equal(await page.locator('#graph .graph-readout').count(), 0);
  await page.click('#mistakes button >> nth=0');
  assert.equal(await page.evaluate(() => window.amazons.app.record.cursor), 0, 'the position before the blunder');
  assert.equal(await page.locator('.layer-shapes .comparison.played').count(), 1);
  assert.equal(await page.locator('.layer-shapes .comparison.best').count(), 1);
  assert.ok(!(await page.getAttribute('#eval-bar', 'class')).includes('unknown'), 'the bar shows the review');
  await shot('judged');
}

// axe-core: no critical or serious finding, in the light and the dark theme.
async function accessibility({ page }) {
  await newGame(page, { width: 8, height: 8, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2 });
  const pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 2));
  await waitForTurn(page);
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => { document.documentElement.dataset.theme = t; }, theme);
    for (const dialog of [null, '#new-game']) {
      if (dialog) await page.click(dialog);
      const found = await page.evaluate(async () => {
        const result = await window.axe.run(document, { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
          .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(found, [], `${theme} theme${dialog ? ', New game dialog' : ''}`);
      if (dialog) await page.keyboard.press('Escape');
    }
  }
}

// Once opened, the page works offline: reloaded without a network, it starts and plays.
async function offline({ page, context }) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    return names.length > 0 && (await (await caches.open(names[0])).keys()).length >= 20;
  });
  await context.setOffline(true);
  const failed = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20000 })
    .catch((error) => assert.fail(`${error.message}; failed offline: ${failed.join(', ')}`));
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2 });
  const pos = await shownPosition(page);
  await clickMove(page, pos, pickMove(pos, 1));
  await waitForTurn(page);
  assert.equal(await page.evaluate(() => window.amazons.app.record.length), 2);
  await context.setOffline(false);
}

// Clocks: the engine is told its time before each move and plays on it; a
// person who lets the clock run out loses on time.
async function clocks({ page, shot }) {
  await newGame(page, { width: 8, height: 8, white: 'engine', black: 'human', level: 'full', moveTime: 1,
    clock: 'fischer', clockMain: 0.1, clockExtra: 1, clockPeriods: 1 });
  assert.ok(await page.isVisible('#clocks'));
  await waitForTurn(page);
  assert.match(await page.textContent('#clock-w .time'), /^0:0[567]\.\d$/, 'White moved and got its increment');
  const lines = await page.evaluate(() => window.amazons.transcript.lines);
  assert.ok(lines.some((line) => /^> \d+ time_settings 6 0 0$/.test(line)), 'Fischer clock: 6 s main time');
  assert.ok(lines.some((line) => /^> \d+ time_left w \d+\.\d\d 0$/.test(line)), 'the engine was told its time');
  assert.equal(await page.evaluate(() => window.amazons.app.record.length), 1);
  await shot('clocks');
  // Black, the person, does not move: its clock runs out.
  await page.waitForSelector('#result:not([hidden])', { timeout: 15000 });
  assert.equal(await page.textContent('#result'), 'Black ran out of time: White wins');
  assert.equal(await page.textContent('#clock-b .time'), '0:00.0');
  assert.equal(await page.evaluate(() => window.amazons.app.input.enabled), false);
  // Byo-yomi by the clock's own arithmetic, at set instants: 10 s main time, 3 periods of 5 s.
  const byoyomi = await page.evaluate(async () => {
    const { GameClock } = await import('./src/clock.js');
    const clock = new GameClock({ kind: 'byoyomi', main: 10, extra: 5, periods: 3 });
    const seen = [];
    clock.start('w', 0);
    seen.push(clock.text('w', 4000), clock.timeLeftCommand('w', 4000));
    clock.moved('w', 12000); // 2 s into the first period: it is kept
    clock.start('w', 20000);
    seen.push(clock.text('w', 21000), clock.timeLeftCommand('w', 21000));
    clock.moved('w', 31000); // 11 s: two periods used up, one left
    clock.start('w', 40000);
    seen.push(clock.text('w', 44000), clock.flagged('w', 44000), clock.flagged('w', 45000));
    return seen;
  });
  assert.deepEqual(byoyomi, ['0:06.0', 'time_left w 6.00 0', '0:04.0 (3)', 'time_left w 4.00 1', '0:01.0 (1)',
    false, true]);
}

// A clock survives a reload: the side to move goes on from what it had left.
async function clockKept({ page }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'human', level: 'full', moveTime: 1,
    clock: 'fischer', clockMain: 1, clockExtra: 0, clockPeriods: 1 });
  await typeMove(page, 'b1-b4/d4');
  await page.waitForTimeout(2200);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.ok(await page.isVisible('#clocks'));
  const black = await page.textContent('#clock-b .time');
  const seconds = Number(black.split(':')[1]);
  assert.ok(black.startsWith('0:') && seconds >= 55 && seconds <= 58, `Black's clock after a reload: ${black}`);
  assert.match(await page.textContent('#clock-w .time'), /^0:59$/);
  assert.ok(await page.locator('#clock-b.running').count() === 1, "Black's clock runs on");
}

// Recent games reopen where they were left; Sound, off by default, sounds each move once on.
async function recentAndSound({ page }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  assert.equal(await page.isChecked('#sound-toggle'), false);
  await typeMove(page, 'b1-b4/d4');
  assert.equal(await page.evaluate(() => window.amazons.sound.played), 0, 'silent by default');
  await page.check('#sound-toggle');
  await typeMove(page, 'e6-e4/e5');
  assert.equal(await page.evaluate(() => window.amazons.sound.played), 1);
  await page.click('#back');
  await newGame(page, { width: 8, height: 8, white: 'human', black: 'human', level: 'full', moveTime: 1 });
  await typeMove(page, 'c1-c5/c7');
  await page.click('#recent');
  const entries = await page.locator('#recent-list button').allTextContents();
  assert.equal(entries.length, 2);
  assert.match(entries[0], /^8x8, 1 moves · /);
  assert.match(entries[1], /^6x6, 2 moves · /);
  await page.click('#recent-list button >> nth=1');
  await page.waitForFunction(() => window.amazons.app.record.position.width === 6);
  assert.deepEqual(await page.evaluate(() => window.amazons.app.record.moves.map((m) => m.text)),
    ['b1-b4/d4', 'e6-e4/e5']);
  assert.equal(await page.evaluate(() => window.amazons.app.record.cursor), 1, 'where it was left');
}

export const tests = [
  { name: 'recent games, and Sound', run: recentAndSound },
  { name: 'a clock survives a reload', run: clockKept },
  { name: 'clocks: the engine plays on its time, a flag falls', run: clocks },
  { name: 'the board turns for Black, and on Flip', run: flippedBoard },
  { name: 'Resign', run: resign },
  { name: 'Count, and the evaluation bar', run: countAndBar },
  { name: 'a reviewed mistake and the better move', run: reviewedMistake },
  { name: 'axe-core: nothing critical or serious, light and dark', run: accessibility },
  { name: 'offline once opened', run: offline },
];
