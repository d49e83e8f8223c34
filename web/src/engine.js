// engine.js - the page's side of the engine: a Web Worker (engine-worker.js)
// spoken to in protocol lines, exactly as a GUI speaks to ./amazons through
// pipes (PROTOCOL.md).  Every command gets an id and a promise of its
// response; responses come in order, so they are matched first in, first
// out.  Streamed responses (analysis) hand each line over as it arrives.
// Every line that goes either way is offered to a transcript listener.

export class EngineError extends Error {}

export class Engine {
  // args: the engine's command-line flags.  listeners: onTranscript(direction,
  // text), onCrash(reason), onStderr(text); all optional.
  constructor(args, listeners = {}) {
    this.args = args;
    this.listeners = listeners;
    this.worker = null;
    this.pending = []; // commands sent and not yet answered, oldest first
    this.nextId = 1;
    this.partial = null; // the response being read
    this.alive = false;
  }

  // Starts the worker; resolves once the engine reads lines.
  start() {
    this.worker = new Worker(new URL('../engine-worker.js', import.meta.url), { type: 'module' });
    this.alive = true;
    return new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === 'ready') resolve();
        else if (message.type === 'line') this.receive(message.text);
        else if (message.type === 'stderr') this.listeners.onStderr?.(message.text);
        else if (message.type === 'crash') {
          this.fail(message.reason);
          reject(new EngineError(message.reason));
        }
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        const reason = event.message || 'the engine worker failed';
        this.fail(reason);
        reject(new EngineError(reason));
      };
      this.worker.postMessage({ type: 'start', args: this.args });
    });
  }

  // Ends the worker at once; whatever is pending fails.  With `notify`, as
  // if it had died (onCrash), else as a deliberate stop.
  terminate(reason = 'the engine was stopped', notify = false) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.fail(reason, notify);
  }

  // Sends a command; resolves with { ok, text, lines } (text: the response
  // without its status and id; lines: its lines after the first).
  send(command, onLine = null) {
    if (!this.alive) return Promise.reject(new EngineError('the engine is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.push({ id, command, onLine, resolve, reject });
      this.post(`${id} ${command}`);
    });
  }

  // Sends a command that must succeed; rejects with the engine's message otherwise.
  async ask(command, onLine = null) {
    const response = await this.send(command, onLine);
    if (!response.ok) throw new EngineError(response.text);
    return response.text;
  }

  // A line that gets no response of its own: "# interrupt", or the empty
  // line that ends an analysis.
  post(text) {
    if (!this.worker) return;
    this.listeners.onTranscript?.('>', text);
    this.worker.postMessage({ type: 'line', text });
  }

  // Puts a file into the engine's memory file system (for loadsgf).
  writeFile(path, text) {
    this.worker?.postMessage({ type: 'file', path, text });
  }

  receive(text) {
    this.listeners.onTranscript?.('<', text);
    if (this.partial === null) {
      const match = /^([=?])(\d*)(?: (.*))?$/s.exec(text);
      if (!match || this.pending.length === 0) {
        this.listeners.onStderr?.(`unexpected output: ${text}`);
        return;
      }
      this.partial = { ok: match[1] === '=', id: Number(match[2]), text: match[3] ?? '', lines: [] };
      return;
    }
    if (text !== '') {
      this.partial.lines.push(text);
      this.pending[0].onLine?.(text);
      return;
    }
    const response = this.partial;
    this.partial = null;
    const request = this.pending.shift();
    if (request.id !== response.id) {
      this.fail(`response ${response.id} came for command ${request.id}`);
      return;
    }
    if (response.lines.length) response.text = [response.text, ...response.lines].join('\n');
    request.resolve(response);
  }

  fail(reason, notify = true) {
    const wasAlive = this.alive;
    this.alive = false;
    this.partial = null;
    for (const request of this.pending.splice(0)) request.reject(new EngineError(reason));
    if (notify && wasAlive) this.listeners.onCrash?.(reason);
  }
}
