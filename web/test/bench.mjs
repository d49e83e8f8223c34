// bench.mjs - the WebAssembly engine's speed against the native one, in the
// same run: `--bench` of ./amazons, of the Node build, and of the page's
// engine in a Worker in headless Chromium; then the time from opening the
// page to the engine's first move on 10x10, and the size of build/web.
//
//   node web/test/bench.mjs        (make web-bench)

import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = process.env.WEB_DIR ?? join(root, 'build/web');

// "search 1 thread: 600000 iterations, 378982 iterations/s overall" and the signature moves.
function summary(text) {
  const speed = /search 1 thread: \d+ iterations, (\d+) iterations\/s overall/.exec(text);
  const moves = [...text.matchAll(/search 1 thread, position \d: .* best (\S+)/g)].map((m) => m[1]);
  return { speed: speed ? Number(speed[1]) : NaN, moves: moves.join(' ') };
}

function folderBytes(dir) {
  return readdirSync(dir).reduce((sum, name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return sum + (stat.isDirectory() ? folderBytes(path) : stat.size);
  }, 0);
}

async function browserBench(page) {
  return page.evaluate(() => new Promise((done) => {
    const worker = new Worker('engine-worker.js', { type: 'module' });
    const lines = [];
    worker.onmessage = (event) => {
      if (event.data.type !== 'line') return;
      lines.push(event.data.text);
      if (event.data.text.startsWith('search 2 threads:')) done(lines.join('\n'));
    };
    worker.postMessage({ type: 'start', args: ['--bench'] });
  }));
}

async function firstMove(browser, url) {
  const page = await browser.newPage();
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  const ready = Date.now() - started;
  // The engine plays White on 10x10 at the default full strength, 2 s a move.
  await page.click('#new-game');
  await page.selectOption('#new-game-form [name="white"]', 'engine');
  const clicked = Date.now();
  await page.click('#start-game');
  await page.waitForFunction(() => window.amazons.app.record?.length >= 1, null, { timeout: 30000 });
  const move = Date.now() - clicked;
  await page.close();
  return { ready, move };
}

const native = summary(execFileSync(join(root, 'amazons'), ['--bench'], { encoding: 'utf8' }));
const node = summary(execFileSync('node', [join(root, 'build/web-node/amazons-node.js'), '--bench'], { encoding: 'utf8' }));
const server = await serve(webDir, 0);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'] });
const page = await browser.newPage();
await page.goto(url);
const inBrowser = summary(await browserBench(page));
const timing = await firstMove(browser, url);
await browser.close();
server.close();

const ratio = (x) => `${((100 * x.speed) / native.speed).toFixed(0)}%`;
console.log(`native:   ${native.speed} iterations/s, moves ${native.moves}`);
console.log(`node:     ${node.speed} iterations/s (${ratio(node)} of native), moves ${node.moves}`);
console.log(`chromium: ${inBrowser.speed} iterations/s (${ratio(inBrowser)} of native), moves ${inBrowser.moves}`);
console.log(`page ready in ${timing.ready} ms; the engine's first move on 10x10 ${timing.move} ms after "Start" (2 s a move)`);
console.log(`build/web: ${(folderBytes(webDir) / 1024).toFixed(0)} KiB`);
if (node.moves !== native.moves || inBrowser.moves !== native.moves) {
  console.log('the signature moves differ');
  process.exit(1);
}
