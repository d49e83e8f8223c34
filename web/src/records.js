// records.js - games in and out of the page, through the engine: `printsgf`
// writes the main line as SGF; an SGF file goes into the engine's memory
// file system and `loadsgf` reads it (the engine's error message is shown as
// it is when it cannot), after which `undo` steps back through the loaded
// game to recover its positions.  The variations are the page's (sgf.js).
// Positions travel as the engine's text (`get_position` / `set_position`).

import { GameRecord } from './game.js';
import { moveBetween, moveText, parsePosition } from './rules.js';
import { addVariations, withVariations } from './sgf.js';

const SGF_PATH = '/game.sgf';

// The whole record as SGF text: the engine writes the main line, the page adds the variations.
export function saveSgf(session, record) {
  return session.run(async (engine) => {
    session.forget();
    await engine.ask(`set_position ${record.startText}`);
    let side = record.start.toMove;
    for (let node = record.root.children[0]; node; node = node.children[0]) {
      await engine.ask(`play ${side} ${node.text}`);
      side = side === 'w' ? 'b' : 'w';
    }
    const sgf = await engine.ask('printsgf');
    return withVariations(sgf.trim(), record).trim();
  });
}

// Reads SGF text into a new record (its last position shown); throws the engine's reason.
export function openSgf(session, text) {
  return session.run(async (engine) => {
    engine.writeFile(SGF_PATH, text);
    const loaded = await engine.send(`loadsgf ${SGF_PATH}`);
    if (!loaded.ok) throw new Error(loaded.text);
    session.forget();
    const positions = [parsePosition(await engine.ask('get_position'))];
    while ((await engine.send('undo')).ok) positions.unshift(parsePosition(await engine.ask('get_position')));
    const record = new GameRecord(await engine.ask('get_position'));
    for (let i = 1; i < positions.length; i++) {
      const move = moveBetween(positions[i - 1], positions[i]);
      if (!move) throw new Error(`move ${i} of the record could not be followed`);
      record.play(moveText(positions[i - 1], move));
    }
    addVariations(record, text);
    return record;
  });
}

// A new record from position text; throws the engine's reason when it refuses it.
export function usePosition(session, text) {
  return session.run(async (engine) => {
    const response = await engine.send(`set_position ${text.trim()}`);
    if (!response.ok) throw new Error(response.text);
    session.forget();
    return new GameRecord(await engine.ask('get_position'));
  });
}

// Offers text as a file download.
export function download(name, text, type = 'application/x-go-sgf') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
