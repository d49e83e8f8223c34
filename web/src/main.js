// main.js - the page: builds the board, the engine session and the
// controllers, and wires the buttons, dialogs and panels to them.

import { App } from './app.js';
import { GameClock } from './clock.js';
import { Analysis } from './analysis.js';
import { EvalBar } from './evalbar.js';
import { BoardView } from './board.js';
import { MoveInput } from './input.js';
import { MoveList, moveNumber } from './moves.js';
import { download, openSgf, saveSgf, usePosition } from './records.js';
import { Review } from './review.js';
import { positionText, sideName } from './rules.js';
import { clearShapes, drawComparison, drawHeat } from './shapes.js';
import { MoveSound } from './sound.js';
import { countTerritory } from './territory.js';
import { EngineSession } from './session.js';
import { LEVELS, engineArgs, loadSettings, saveSettings } from './settings.js';
import { gameFragment, keepGame, keptGame, recentGames, recordFromData, recordFromFragment } from './storage.js';
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
const evalBar = new EvalBar($('eval-bar'));
const sound = new MoveSound();
sound.on = settings.sound === true;
$('sound-toggle').checked = sound.on;
const analysis = new Analysis(session, view, $('candidates'), () => {
  $('candidates').dataset.updates = String(analysis.updates);
  const best = analysis.candidates[0];
  if (best) evalBar.set(app.record.position.toMove === 'w' ? best.winrate : 1 - best.winrate, 'analysis');
}, (score) => evalBar.setScore(score));
const review = new Review(session, $('graph'), (node) => app.goToNode(node), showReviewProgress, (node, rate) => {
  const where = node.parent ? `${moveNumber(node.ply, review.line[0].position.toMove)} ${node.text}` : 'Start';
  return `${where}: ${rate == null ? 'not analysed' : `White ${Math.round(rate * 100)}%`}`;
});
const moveList = new MoveList($('moves'), (node) => app.goToNode(node), (node) => {
  const judged = review.mistakes.find((m) => m.node === node);
  if (!judged) return null;
  const better = judged.better ? `; better ${judged.better}` : '';
  return `${judged.kind[0].toUpperCase()}${judged.kind.slice(1)}: ${Math.round(judged.drop * 100)}% of the win rate lost${better}`;
});

const ui = {
  status(text, kind = '') {
    const status = $('status');
    status.textContent = text;
    status.className = `status ${kind}`;
  },
  moves(record) {
    moveList.render(record);
    review.draw(record.node);
    showReviewOnBoard(record.node);
    $('promote').disabled = record.node.onMainLine;
    $('delete-move').disabled = record.node === record.root;
  },
  result(text) {
    const result = $('result');
    result.textContent = text ?? '';
    result.hidden = !text;
  },
  flipped(on) {
    document.querySelector('.board-row').classList.toggle('flipped', on);
  },
  // Both clocks, the running one marked; hidden without a clock.
  clock(clock) {
    $('clocks').hidden = !clock;
    if (!clock) return;
    for (const side of ['w', 'b']) {
      const element = $(`clock-${side}`);
      element.querySelector('.time').textContent = clock.text(side);
      element.classList.toggle('running', clock.running === side);
      element.classList.toggle('low', clock.running === side && clock.reading(side).left < 10000
        && clock.reading(side).period === null);
    }
  },
  moved(side) {
    sound.play(side);
  },
  paused(on) {
    $('continue').hidden = !on;
  },
  changed(record, clock) {
    keepGame(record, app.paused, clock);
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

const app = new App({ session, view, input, analysis, review, ui, settings });
window.amazons = { app, session, transcript, sound }; // for the console, and the page's tests

// ---- buttons ----

$('new-game').addEventListener('click', () => {
  const form = $('new-game-form');
  for (const name of ['width', 'height', 'white', 'black', 'level', 'moveTime', 'reviewTime', 'clock', 'clockMain',
    'clockExtra', 'clockPeriods']) {
    form.elements[name].value = settings[name];
  }
  $('new-game-dialog').showModal();
});

$('level-select').replaceChildren(...LEVELS.map((level) => new Option(level.name, level.id)));

$('new-game-dialog').addEventListener('close', async () => {
  if ($('new-game-dialog').returnValue !== 'start') return;
  const form = $('new-game-form');
  const before = engineArgs(settings).join(' ');
  for (const name of ['width', 'height', 'moveTime', 'reviewTime', 'clockMain', 'clockExtra', 'clockPeriods']) {
    settings[name] = Number(form.elements[name].value);
  }
  for (const name of ['white', 'black', 'level', 'clock']) settings[name] = form.elements[name].value;
  saveSettings(settings);
  review.reset();
  $('review-panel').hidden = true;
  try {
    if (engineArgs(settings).join(' ') !== before) {
      app.cancel();
      await session.restart(engineArgs(settings));
    }
    await app.newGame();
  } catch (error) {
    ui.status(error.message, 'error');
  }
});

$('take-back').addEventListener('click', () => app.takeBack());
$('move-now').addEventListener('click', () => app.moveNow());
$('continue').addEventListener('click', () => app.continueGame());
$('resign').addEventListener('click', () => app.resign());
$('count').addEventListener('click', async () => {
  const record = app.record;
  const node = record.node;
  try {
    const count = await app.aside((engine) => countTerritory(session, engine, record));
    if (app.record !== record || record.node !== node) return;
    if (!analysis.on) {
      clearShapes(view);
      drawHeat(view, count.owner);
    }
    const { white, black, shared } = count.counts;
    ui.status(`Territory by queen moves: White ${white}, Black ${black}, ${shared} shared · estimate ${count.estimate}`);
  } catch (error) {
    ui.status(`Cannot count: ${error.message}`, 'error');
  }
});
$('flip').addEventListener('click', () => app.flip());
$('promote').addEventListener('click', () => app.promote(app.record.node));
$('delete-move').addEventListener('click', () => app.remove(app.record.node));
$('first').addEventListener('click', () => app.goTo(0));
$('back').addEventListener('click', () => app.goTo(app.record.cursor - 1));
$('forward').addEventListener('click', () => app.goTo(app.record.cursor + 1));
$('last').addEventListener('click', () => app.goTo(app.record.length));

$('sound-toggle').addEventListener('change', (event) => {
  sound.on = event.target.checked;
  settings.sound = sound.on;
  saveSettings(settings);
});

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
  renderMistakes();
  await app.reviewLine();
  renderMistakes();
  app.show();
});

// A reviewed position: its win rate on the bar, and before a judged move
// that move and the engine's better one as arrows (unless Analysis draws).
function showReviewOnBoard(node) {
  const rate = review.rateOf(node);
  if (rate != null) evalBar.set(rate, 'review');
  else evalBar.clear();
  if (analysis.on) return;
  const judged = review.judgedAfter(node);
  if (judged) drawComparison(view, judged.move, judged.better);
  else if (view.layers) view.layers.shapes.replaceChildren();
}

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
    const number = moveNumber(m.ply, review.line[0].position.toMove);
    const better = m.better ? `; better ${m.better}` : '';
    button.textContent = `${number} ${sideName(m.mover)} ${m.move}: ${m.kind}, −${Math.round(m.drop * 100)}%${better}`;
    button.className = m.kind;
    // The position before the move, with the move and the better one drawn.
    button.addEventListener('click', () => app.goToNode(m.node.parent));
    item.appendChild(button);
    return item;
  });
  $('mistakes').replaceChildren(...items);
}

// One file per click, however fast the clicks come: the button waits for the engine,
// and the second click of a double click (detail 2) is not a new request, even when
// the first save has already finished.
$('save-sgf').addEventListener('click', async (event) => {
  const button = $('save-sgf');
  if (button.disabled || event.detail > 1) return;
  button.disabled = true;
  app.cancel();
  try {
    download('amazons.sgf', await saveSgf(session, app.record));
    app.update();
  } catch (error) {
    app.update();
    ui.status(`Cannot save: ${error.message}`, 'error');
  } finally {
    button.disabled = false;
  }
});

$('recent').addEventListener('click', () => {
  const items = recentGames().map((game) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    const when = new Date(game.when).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
    button.textContent = `${game.size}, ${game.moves} moves · ${when}`;
    button.addEventListener('click', () => {
      $('recent-dialog').close();
      try {
        const { record } = recordFromData(game.data);
        review.reset();
        $('review-panel').hidden = true;
        app.load(record, { node: record.node });
      } catch (error) {
        ui.status(`Cannot reopen that game: ${error.message}`, 'error');
      }
    });
    item.appendChild(button);
    return item;
  });
  if (!items.length) items.push(Object.assign(document.createElement('li'), { textContent: 'No games yet.' }));
  $('recent-list').replaceChildren(...items);
  $('recent-dialog').showModal();
});

$('copy-link').addEventListener('click', async () => {
  const link = `${location.href.split('#')[0]}${gameFragment(app.record)}`;
  history.replaceState(null, '', link);
  try {
    await navigator.clipboard.writeText(link);
    ui.status('Link copied: it opens this game at this position.');
  } catch {
    ui.status('The link is in the address bar: the browser refused the clipboard.');
  }
});

$('open-sgf').addEventListener('click', () => $('sgf-file').click());
$('sgf-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  event.target.value = '';
  if (!file) return;
  app.cancel();
  try {
    const record = await openSgf(session, await file.text());
    review.reset();
    $('review-panel').hidden = true;
    app.load(record);
    const waiting = app.waitingForContinue() ? '; press Continue to let the engine play' : '';
    if (!app.gameOverShown()) ui.status(`Opened ${file.name}: ${record.length} moves${waiting}`);
  } catch (error) {
    app.update();
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
  app.cancel();
  try {
    const record = await usePosition(session, $('position-text').value);
    $('position-dialog').close();
    review.reset();
    app.load(record);
  } catch (error) {
    $('position-error').textContent = error.message;
    app.update();
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

// Offline and installable: the service worker keeps the page's files
// (sw.js).  It is registered once the page is ready, so that its download
// of the page's files does not slow the start.
function keepForOffline() {
  if (!('serviceWorker' in navigator) || location.protocol === 'file:') return;
  navigator.serviceWorker.register('sw.js').catch((error) => {
    transcript.add('!', `offline use unavailable: ${error.message}`);
  });
}

// The clock as it stands when the page goes, not as it stood at the last move.
addEventListener('pagehide', () => app.record && app.persist());

// A link's game first, then the game kept from the last visit, else a new one.
(async () => {
  try {
    await session.restart(engineArgs(settings));
    const linked = recordFromFragment(location.hash);
    const kept = linked ? null : keptGame();
    if (linked || kept) {
      await session.run((engine) => engine.ask(`time_settings 0 ${settings.moveTime} 1`));
      const clock = kept?.clock ? GameClock.fromData(kept.clock) : null;
      if (clock) await session.run((engine) => engine.ask(clock.timeSettingsCommand()));
      app.load(linked ?? kept.record, { paused: linked ? true : kept.paused, node: (linked ?? kept.record).node, clock });
    } else {
      await app.newGame();
    }
    document.body.dataset.ready = 'true';
    keepForOffline();
  } catch (error) {
    ui.crashed(error.message);
  }
})();
