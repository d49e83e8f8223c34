// settings.js - what the page remembers between visits (local storage), and
// the engine's strength levels.

const KEY = 'amazons-settings';

// Playouts per move (0: the time per move alone decides) and the tree memory.
export const LEVELS = [
  { id: 'beginner', name: 'Beginner', playouts: 100 },
  { id: 'casual', name: 'Casual', playouts: 1000 },
  { id: 'club', name: 'Club', playouts: 8000 },
  { id: 'expert', name: 'Expert', playouts: 40000 },
  { id: 'full', name: 'Full strength', playouts: 0 },
];

export const DEFAULTS = {
  width: 10,
  height: 10,
  white: 'human',
  black: 'engine',
  level: 'full',
  moveTime: 2,
  clock: 'move', // 'move': moveTime a move; 'fischer' or 'byoyomi': a game clock
  clockMain: 5, // minutes
  clockExtra: 3, // seconds: Fischer's increment, or a byo-yomi period
  clockPeriods: 3,
  sound: false, // a tone for every move
  reviewTime: 0.4,
  theme: 'auto',
};

export function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { ...DEFAULTS, ...saved };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private browsing may refuse storage: the settings then last for the visit.
  }
}

// The engine's flags for a level.
export function engineArgs(settings) {
  const level = LEVELS.find((l) => l.id === settings.level) ?? LEVELS[LEVELS.length - 1];
  const args = ['--memory', '256'];
  if (level.playouts) args.push('--playouts', String(level.playouts));
  return args;
}
