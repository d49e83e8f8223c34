// interleave.test.mjs - random interleavings of what a person does while
// the engine thinks: Undo, « ‹ › », Move now, Continue, New game (6x6 and
// 10x10, any players), Open SGF, Analysis on and off, clicks on the board
// and whole moves, each after a random pause of 0 to 300 ms.  After every
// action the record must be a legal game and the board must show its node
// (record-check.mjs); a console error fails the test as everywhere.
//
// INTERLEAVINGS (default 120) sets the number of actions; `make
// web-interleave` runs 500.  INTERLEAVE_SEED picks another sequence.

import { assert, pickMove, shownPosition } from './helpers.mjs';
import { checkRecord } from './record-check.mjs';
import { squareName } from '../src/rules.js';

const COUNT = Number(process.env.INTERLEAVINGS ?? 120);
const SEED = Number(process.env.INTERLEAVE_SEED ?? 42);

// A small deterministic generator (xorshift32), so that a failure can be replayed.
function generator(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

// Two short games, as SGF: White to move on 6x6, Black on 10x10.
const SGF_6 = '(;FF[4]GM[18]SZ[6]AW[ae][fe][bf][ef]AB[ba][ea][ab][fb]PL[W];W[bfbcdc];B[eaeceb])';
const SGF_10 = '(;FF[4]GM[18]SZ[10]AW[ag][jg][dj][gj]AB[da][ga][ad][jd]PL[W];W[djddgd];B[dadcdb];W[gjgfgg])';

async function newGameQuietly(page, random) {
  const size = random(2) ? 6 : 10;
  const players = ['human', 'engine'];
  await page.click('#new-game');
  const form = '#new-game-form';
  await page.fill(`${form} [name="width"]`, String(size));
  await page.fill(`${form} [name="height"]`, String(size));
  await page.selectOption(`${form} [name="white"]`, players[random(2)]);
  await page.selectOption(`${form} [name="black"]`, players[random(2)]);
  await page.selectOption(`${form} [name="level"]`, random(3) ? 'full' : 'beginner');
  await page.fill(`${form} [name="moveTime"]`, '0.3');
  await page.click('#start-game');
}

// One person's action, chosen at random; returns its name.
async function act(page, random) {
  // A button that may go away (Move now once the engine answered): clicked if it is there.
  const clickIfThere = async (selector) => {
    if (!(await page.locator(selector).isVisible())) return;
    await page.click(selector, { timeout: 300 }).catch((error) => {
      if (error.name !== 'TimeoutError') throw error;
    });
  };
  const kind = random(14);
  switch (kind) {
    case 0: await page.click('#take-back'); return 'undo';
    case 1: await page.click('#first'); return 'first';
    case 2: await page.click('#back'); return 'back';
    case 3: await page.click('#forward'); return 'forward';
    case 4: await page.click('#last'); return 'last';
    case 5: await clickIfThere('#move-now'); return 'move now';
    case 6: await clickIfThere('#continue'); return 'continue';
    case 7: await newGameQuietly(page, random); return 'new game';
    case 8: {
      const [name, text] = random(2) ? ['six.sgf', SGF_6] : ['ten.sgf', SGF_10];
      await page.setInputFiles('#sgf-file', { name, mimeType: 'application/x-go-sgf', buffer: Buffer.from(text) });
      return `open ${name}`;
    }
    case 9: await page.click('#analysis-toggle'); return 'analysis';
    case 10: case 11: {
      // A whole move by clicks when the person is to move, else a stray click.
      const pos = await shownPosition(page);
      const square = squareName(pos, random(pos.width * pos.height));
      const human = await page.evaluate(() => {
        const { app } = window.amazons;
        return app.input.enabled;
      });
      if (!human) {
        await clickSquare(page, square);
        return `click ${square}`;
      }
      const move = pickMove(pos, random(1000));
      for (const index of [move.from, move.to, move.arrow]) await clickSquare(page, squareName(pos, index));
      return 'a move';
    }
    default: {
      const pos = await shownPosition(page);
      const square = squareName(pos, random(pos.width * pos.height));
      await clickSquare(page, square);
      return `click ${square}`;
    }
  }
}

// A click on a square, which may have gone (the engine moved, another board came) since it was chosen.
async function clickSquare(page, square) {
  await page.click(`[data-square="${square}"]`, { timeout: 500 }).catch((error) => {
    if (error.name !== 'TimeoutError') throw error;
  });
}

async function interleavings({ page }) {
  const random = generator(SEED);
  const done = [];
  for (let i = 0; i < COUNT; i++) {
    const name = await act(page, random);
    done.push(name);
    await page.waitForTimeout(random(300));
    try {
      await checkRecord(page);
    } catch (error) {
      assert.fail(`after action ${i + 1} (${done.slice(-8).join(', ')}): ${error.message}`);
    }
  }
  // Quiet at last: the engine still answers, and its answers are legal.
  await page.evaluate(() => { window.amazons.app.paused = false; window.amazons.app.goTo(1e9); });
  await page.waitForTimeout(1500);
  await checkRecord(page);
  console.log(`     ${COUNT} actions, seed ${SEED}: ${Object.entries(done.reduce((m, n) => {
    const key = n.replace(/ [a-j]\d+$|\.sgf$/, '');
    m[key] = (m[key] ?? 0) + 1;
    return m;
  }, {})).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

export const tests = [
  { name: `${COUNT} random interleavings of actions while the engine thinks`, run: interleavings },
];
