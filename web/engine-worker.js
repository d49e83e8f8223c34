// engine-worker.js - the engine (amazons-web.js, the C engine in
// WebAssembly) in a Web Worker, so that the page stays responsive while it
// thinks.  The page talks to it in protocol lines only:
//
//   page -> worker   { type: 'start', args }       start with these flags
//                    { type: 'line', text }        one protocol line
//                    { type: 'file', path, text }  put a file in the engine's
//                                                  memory file system (loadsgf)
//   worker -> page   { type: 'ready' }             lines are being read
//                    { type: 'line', text }        one line of a response
//                    { type: 'stderr', text }      a diagnostic
//                    { type: 'crash', reason }     the engine died
import createEngine from './amazons-web.js';

let engine = null;
const early = []; // lines that came before the engine was up

function crash(reason) {
  self.postMessage({ type: 'crash', reason: String(reason) });
}

async function start(args) {
  try {
    engine = await createEngine({
      print: (text) => self.postMessage({ type: 'line', text }),
      printErr: (text) => self.postMessage({ type: 'stderr', text }),
      onAbort: (reason) => crash(reason || 'aborted'),
    });
  } catch (error) {
    crash(error && error.message ? error.message : error);
    return;
  }
  for (const text of early.splice(0)) engine.pushLine(text);
  self.postMessage({ type: 'ready' });
  try {
    engine.callMain(args);
  } catch (error) {
    if (!(error && error.name === 'ExitStatus')) crash(error && error.message ? error.message : error);
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'start') {
    start(message.args);
  } else if (message.type === 'line') {
    if (engine) engine.pushLine(message.text);
    else early.push(message.text);
  } else if (message.type === 'file') {
    try {
      engine.FS.writeFile(message.path, message.text);
    } catch (error) {
      self.postMessage({ type: 'stderr', text: `cannot write ${message.path}: ${error}` });
    }
  }
};

self.onerror = (event) => crash(event.message || 'error');
