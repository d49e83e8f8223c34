// run.mjs - the page's tests in a real browser: Playwright (playwright-core,
// pinned in web/package.json) drives Debian's Chromium, headless, against
// build/web served on 127.0.0.1 by server.mjs.  Each test gets a fresh page;
// any console error or uncaught exception fails it; a screenshot of every
// test's last state (and of each state a test names) goes to build/web-test/.
//
//   node web/test/run.mjs [NAME-FILTER]
//
// Environment: CHROMIUM (default /usr/bin/chromium), WEB_DIR (build/web).

import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';
import { tests as playTests } from './play.test.mjs';
import { tests as analysisTests } from './analysis.test.mjs';
import { tests as recordTests } from './records.test.mjs';
import { tests as turnTests } from './turns.test.mjs';
import { tests as interleaveTests } from './interleave.test.mjs';
import { tests as featureTests } from './features.test.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = process.env.WEB_DIR ?? join(root, 'build/web');
const shots = join(root, 'build/web-test');
const filter = process.argv[2] ?? '';

// Chromium's own connections are refused here, and it must not look for updates.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function main() {
  await mkdir(shots, { recursive: true });
  const server = await serve(webDir, 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS,
  });
  const all = [...playTests, ...analysisTests, ...recordTests, ...turnTests, ...featureTests, ...interleaveTests].filter((t) => t.name.includes(filter));
  let failed = 0;
  for (const test of all) {
    const started = Date.now();
    const context = await browser.newContext({ viewport: test.viewport ?? { width: 1280, height: 900 },
      acceptDownloads: true });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page error: ${error.stack ?? error.message}`));
    const slug = test.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    const shot = (name) => page.screenshot({ path: join(shots, `${slug}${name ? `-${name}` : ''}.png`) });
    let problem = null;
    try {
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20000 });
      await test.run({ page, shot, root, url, browser, context });
      if (errors.length) problem = errors.join('\n');
    } catch (error) {
      problem = [error.stack ?? String(error), ...errors].join('\n');
    }
    await shot('').catch(() => {});
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (problem) {
      failed++;
      console.log(`FAIL ${test.name} (${seconds} s)\n${problem}\n`);
    } else {
      console.log(`ok   ${test.name} (${seconds} s)`);
    }
    await context.close();
  }
  await browser.close();
  server.close();
  console.log(`${all.length - failed} of ${all.length} browser tests passed; screenshots in ${shots}`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
