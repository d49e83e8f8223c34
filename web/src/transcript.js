// transcript.js - the protocol transcript panel: every line the page sends
// to the engine (">") and every line it answers ("<"), as a GUI author would
// see them on the engine's pipes.  The newest lines are kept; the panel is
// redrawn at most once a frame, and only while it is open.

const MAX_LINES = 2000;

export class Transcript {
  constructor(pre, details) {
    this.pre = pre;
    this.details = details;
    this.lines = [];
    this.scheduled = false;
    details.addEventListener('toggle', () => this.render());
  }

  add(direction, text) {
    this.lines.push(`${direction} ${text}`);
    if (this.lines.length > MAX_LINES) this.lines.splice(0, this.lines.length - MAX_LINES);
    if (!this.details.open || this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => this.render());
  }

  render() {
    this.scheduled = false;
    if (!this.details.open) return;
    this.pre.textContent = this.lines.join('\n');
    this.pre.scrollTop = this.pre.scrollHeight;
  }
}
