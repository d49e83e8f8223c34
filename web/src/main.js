// main.js - the page: builds the board, the engine session and the
// controllers, and wires the buttons, dialogs and panels to them.

import { App } from './app.js';
import { Analysis } from './analysis.js';
import { BoardView } from './board.js';
import { MoveInput } from './input.js';
import { download, openSgf, saveSgf, usePosition } from './records.js';
import { Review } from './review.js';
import { positionText } from './rules.js';
import { EngineSession } from './session.js';
import { LEVELS, engineArgs, loadSettings, saveSettings } from './settings.js';
import { Transcript } from './transcript.js';

const $ = (id) => document.getElementById(id);

const settings = loadSettings();
applyTheme(settings.theme);

const transcript = new Transcript($('transcript'), $('transcript-panel'));
const session = new EngineSession({
  onTranscript: (direction, text) => transcript.add(direction, text),
  onCrash: (reason) => ui.crashed(reason),
});

let input = null;
const view = new BoardView($('board'), (index) => input.click(index));
input = new MoveInput(view, (move) => app.play(move));
const analysis = new Analysis(session, view, $('candidates'), () => {
  $('candidates').dataset.updates = String(analysis.updates);
});
const review = new Review(session, $('graph'), (ply) => app.goTo(ply), showReviewProgress);

const ui = {
  status(text, kind = '') {
    const status = $('status');
    status.textContent = text;
    status.className = `status ${kind}`;
  },
  moves(record) {
    renderMoves(record);
    review.draw(review.rates.length ? record : null, record.cursor);
  },
  result(text) {
    const result = $('result');
    result.textContent = text;
    result.hidden = false;
  },
  crashed(reason) {
    $('banner-text').textContent = `The engine stopped (${reason}). The game is kept.`;
    $('banner').hidden = false;
    ui.thinking(false);
  },
  thinking(on) {
    $('move-now').disabled = !on;
    document.body.classList.toggle('thinking', on);
  },
};

const app = new App({ session, view, input, analysis, ui, settings });
window.amazons = { app, session, transcript }; // for the console, and the page's tests

// ---- the move list ----

// One list item per full move: White's move, then Black's (a gap when Black moved first).
function renderMoves(record) {
  const list = $('moves');
  const items = [];
  let item = null;
  record.moves.forEach((entry, i) => {
    const side = record.positions[i].toMove;
    if (!item || side === 'w') {
      item = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'number';
      number.textContent = `${items.length + 1}.`;
      item.appendChild(number);
      items.push(item);
      if (side === 'b') {
        const gap = document.createElement('span');
        gap.className = 'skipped';
        gap.textContent = '…';
        item.appendChild(gap);
      }
    }
    item.appendChild(moveButton(record, entry, i, side));
  });
  list.replaceChildren(...items);
  list.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  if (!record.atEnd || !record.result()) $('result').hidden = true;
}

function moveButton(record, entry, i, side) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `move ${side === 'w' ? 'white' : 'black'}`;
  button.dataset.ply = String(i + 1);
  button.textContent = entry.text;
  button.setAttribute('aria-label', `${side === 'w' ? 'White' : 'Black'} ${entry.text}, move ${i + 1}`);
  button.setAttribute('aria-current', i + 1 === record.cursor ? 'true' : 'false');
  const mistake = review.mistakes.find((m) => m.ply === i + 1);
  if (mistake) {
    button.classList.add('mistake');
    button.title = `A mistake: ${Math.round(mistake.drop * 100)}% of the win rate lost`;
  }
  button.addEventListener('click', () => app.goTo(i + 1));
  return button;
}

// ---- buttons ----

$('new-game').addEventListener('click', () => {
  const form = $('new-game-form');
  for (const name of ['width', 'height', 'white', 'black', 'level', 'moveTime', 'reviewTime']) {
    form.elements[name].value = settings[name];
  }
  $('new-game-dialog').showModal();
});

$('level-select').replaceChildren(...LEVELS.map((level) => new Option(level.name, level.id)));

$('new-game-dialog').addEventListener('close', async () => {
  if ($('new-game-dialog').returnValue !== 'start') return;
  const form = $('new-game-form');
  const before = engineArgs(settings).join(' ');
  for (const name of ['width', 'height', 'moveTime', 'reviewTime']) settings[name] = Number(form.elements[name].value);
  for (const name of ['white', 'black', 'level']) settings[name] = form.elements[name].value;
  saveSettings(settings);
  review.reset();
  $('review-panel').hidden = true;
  try {
    if (engineArgs(settings).join(' ') !== before) await session.restart(engineArgs(settings));
    await app.newGame();
  } catch (error) {
    ui.status(error.message, 'error');
  }
});

$('take-back').addEventListener('click', () => app.takeBack());
$('move-now').addEventListener('click', () => app.moveNow());
$('first').addEventListener('click', () => app.goTo(0));
$('back').addEventListener('click', () => app.goTo(app.record.cursor - 1));
$('forward').addEventListener('click', () => app.goTo(app.record.cursor + 1));
$('last').addEventListener('click', () => app.goTo(app.record.length));

$('analysis-toggle').addEventListener('change', (event) => {
  $('analysis-panel').hidden = !event.target.checked;
  app.setAnalysis(event.target.checked);
});

$('typed-move').addEventListener('submit', async (event) => {
  event.preventDefault();
  const field = $('move-text');
  if (await app.play(field.value)) field.value = '';
});

$('review').addEventListener('click', async () => {
  $('review-panel').hidden = false;
  session.interrupt();
  await review.run(app.record, settings.reviewTime);
  renderMoves(app.record);
  renderMistakes();
  app.afterChange();
});

function showReviewProgress(done, total) {
  const progress = $('review-progress');
  progress.max = total;
  progress.value = Math.max(0, done);
  progress.title = done < 0 ? 'stopped' : `${done} of ${total} positions`;
  $('review-panel').dataset.state = done === total ? 'done' : done < 0 ? 'stopped' : 'running';
}

function renderMistakes() {
  const items = review.mistakes.map((m) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `Move ${m.ply}, ${m.mover === 'w' ? 'White' : 'Black'} ${m.move}: −${Math.round(m.drop * 100)}%`;
    button.addEventListener('click', () => app.goTo(m.ply));
    item.appendChild(button);
    return item;
  });
  $('mistakes').replaceChildren(...items);
}

$('save-sgf').addEventListener('click', async () => {
  session.interrupt();
  try {
    download('amazons.sgf', await saveSgf(session, app.record));
    app.afterChange();
  } catch (error) {
    app.afterChange();
    ui.status(`Cannot save: ${error.message}`, 'error');
  }
});

$('open-sgf').addEventListener('click', () => $('sgf-file').click());
$('sgf-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  event.target.value = '';
  if (!file) return;
  session.interrupt();
  try {
    const record = await openSgf(session, await file.text());
    review.reset();
    $('review-panel').hidden = true;
    app.load(record);
    if (!app.gameOverShown()) ui.status(`Opened ${file.name}: ${record.length} moves`);
  } catch (error) {
    app.afterChange();
    ui.status(`Cannot open ${file.name}: ${error.message}`, 'error');
  }
});

$('position-button').addEventListener('click', () => {
  $('position-text').value = positionText(app.record.position);
  $('position-error').textContent = '';
  $('position-dialog').showModal();
});
$('copy-position').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText($('position-text').value);
    $('position-error').textContent = 'Copied.';
  } catch {
    $('position-text').select();
    $('position-error').textContent = 'Select and copy the text yourself: the browser refused the clipboard.';
  }
});
$('set-position').addEventListener('click', async () => {
  session.interrupt();
  try {
    const record = await usePosition(session, $('position-text').value);
    $('position-dialog').close();
    review.reset();
    app.load(record);
  } catch (error) {
    $('position-error').textContent = error.message;
    app.afterChange();
  }
});

$('restart-engine').addEventListener('click', async () => {
  $('banner').hidden = true;
  try {
    await app.restartEngine();
  } catch (error) {
    ui.crashed(error.message);
  }
});

$('theme').addEventListener('click', () => {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === 'dark'
    : matchMedia('(prefers-color-scheme: dark)').matches;
  settings.theme = dark ? 'light' : 'dark';
  saveSettings(settings);
  applyTheme(settings.theme);
});

function applyTheme(theme) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

// Escape cancels a half-made move; the arrow keys outside the board step through the game.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') input.cancel();
  const inBoard = event.target instanceof Element && event.target.closest('svg, input, textarea, select, dialog');
  if (inBoard || !app.record) return;
  if (event.key === 'ArrowLeft') app.goTo(app.record.cursor - 1);
  else if (event.key === 'ArrowRight') app.goTo(app.record.cursor + 1);
});

// ---- start ----

(async () => {
  try {
    await session.restart(engineArgs(settings));
    await app.newGame();
    document.body.dataset.ready = 'true';
  } catch (error) {
    ui.crashed(error.message);
  }
})();
