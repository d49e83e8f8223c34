// analysis.test.mjs - live analysis: candidates and the heat map stream in,
// a candidate's line previews on hover, a move stops it and the engine then
// answers at once; the game review fills its graph.

import { assert, clickMove, moveCount, newGame, pickMove, shownPosition, waitForTurn } from './helpers.mjs';

async function liveAnalysis({ page, shot }) {
  await newGame(page, { width: 10, height: 10, white: 'human', black: 'engine', level: 'full', moveTime: 0.5 });
  await page.check('#analysis-toggle');
  await page.waitForFunction(() => Number(document.getElementById('candidates').dataset.updates) >= 2,
    null, { timeout: 15000 });
  assert.ok(await page.locator('#candidates li').count() >= 2, 'candidates listed');
  assert.ok(await page.locator('.layer-shapes .candidate').count() >= 2, 'candidate arrows drawn');
  assert.ok(await page.locator('.layer-heat rect.heat').count() > 10, 'heat map drawn');
  // The candidates' labels do not cover one another.
  const boxes = await page.locator('.candidate-label rect').evaluateAll((rects) => rects.map((r) => {
    const b = r.getBoundingClientRect();
    return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
  }));
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    assert.ok(!overlap, `labels overlap: ${JSON.stringify([a, b])}`);
  }));
  const first = await page.locator('#candidates li').first().getAttribute('data-move');
  assert.match(first, /^[a-j]\d+-[a-j]\d+\/[a-j]\d+$/);
  await page.hover('#candidates li >> nth=0');
  await page.waitForSelector('.layer-shapes .preview .pv-badge');
  // The line's moves are numbered on their landing squares and on their arrows alike.
  const landing = await page.locator('.preview .pv-badge.to text').allTextContents();
  const arrows = await page.locator('.preview .pv-badge.arrow text').allTextContents();
  assert.deepEqual(arrows, landing);
  assert.deepEqual(landing, landing.map((_, i) => String(i + 1)));
  await shot('preview');
  await page.mouse.move(0, 0);

  // A move ends the analysis; the engine's answer comes within its move time and a second.
  const pos = await shownPosition(page);
  const started = Date.now();
  await clickMove(page, pos, pickMove(pos, 5));
  await page.waitForFunction(() => window.amazons.app.record.length === 2, null, { timeout: 1500 });
  const took = Date.now() - started;
  assert.ok(took < 1500, `the engine answered after ${took} ms`);
  const transcript = await page.evaluate(() => window.amazons.transcript.lines);
  const analyse = transcript.findIndex((line) => /^> \d+ kata-analyze w 25 maxmoves 8 ownership true$/.test(line));
  assert.ok(analyse >= 0, 'kata-analyze sent');
  assert.ok(transcript.slice(analyse).includes('> '), 'an empty line ended the analysis');
  // The analysis goes on with the position after the engine's answer.
  await page.waitForFunction(() => Number(document.getElementById('candidates').dataset.updates) >= 1,
    null, { timeout: 15000 });
  await shot('analysis');
}

async function gameReview({ page, shot }) {
  await newGame(page, { width: 6, height: 6, white: 'human', black: 'engine', level: 'beginner', moveTime: 0.2,
    reviewTime: 0.2 });
  for (let turn = 0; turn < 3; turn++) {
    await waitForTurn(page);
    const pos = await shownPosition(page);
    await clickMove(page, pos, pickMove(pos, turn + 11));
  }
  await waitForTurn(page);
  const plies = await moveCount(page);
  await page.click('#review');
  await page.waitForSelector('#review-panel[data-state="running"]');
  await page.waitForSelector('#review-panel[data-state="done"]', { timeout: 30000 });
  const rates = await page.evaluate(() => document.querySelector('#graph .graph-line').getAttribute('points'));
  assert.equal(rates.trim().split(/\s+/).length, plies + 1, 'a point per position');
  // Clicking the graph's start shows the first position.
  const box = await page.locator('#graph').boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await page.waitForFunction(() => window.amazons.app.record.cursor === 0);
  await shot('review');
}

export const tests = [
  { name: 'live analysis, stopped by a move', run: liveAnalysis },
  { name: 'the game review graph', run: gameReview },
];
