// sound.js - an optional click for every move played (off by default, as
// the Sound switch is): a short tone made with Web Audio, lower for Black,
// so nothing is fetched.

export class MoveSound {
  constructor() {
    this.on = false;
    this.context = null;
    this.played = 0; // moves sounded, for the page's tests
  }

  // A move by `side` was played.
  play(side) {
    if (!this.on) return;
    this.context ??= new AudioContext();
    const now = this.context.currentTime;
    const tone = this.context.createOscillator();
    const gain = this.context.createGain();
    tone.frequency.value = side === 'w' ? 660 : 440;
    gain.gain.setValueAtTime(0.15, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.12);
    tone.connect(gain).connect(this.context.destination);
    tone.start(now);
    tone.stop(now + 0.12);
    this.played++;
  }
}
