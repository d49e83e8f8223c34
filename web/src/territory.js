// territory.js - the territory count on demand: the engine's `territory`
// diagram (who reaches each empty square first by queen moves) drawn as
// the ownership tint, with the squares counted, and its `final_score`
// estimate of the margin.

import { squareIndex } from './rules.js';

// The owner of each square (+1 White, -1 Black, 0 neither) in the page's
// square order, from the diagram's rows (top rank first, after a header).
export function parseTerritory(diagram, pos) {
  const rows = diagram.split('\n').map((line) => line.trim()).filter((line) => /^\d+\s/.test(line));
  const owner = new Array(pos.width * pos.height).fill(0);
  const counts = { white: 0, black: 0, shared: 0 };
  rows.forEach((line) => {
    const [rankText, ...cells] = line.split(/\s+/);
    const rank = Number(rankText) - 1;
    cells.slice(0, pos.width).forEach((cell, file) => {
      const index = squareIndex(pos, file, rank);
      if (cell === 'w') { owner[index] = 1; counts.white++; }
      else if (cell === 'b') { owner[index] = -1; counts.black++; }
      else if (cell === '=') counts.shared++;
    });
  });
  return { owner, counts };
}

// Asks the engine (inside a job) for the count of the record's position shown.
export async function countTerritory(session, engine, record) {
  await session.sync(engine, record);
  const diagram = await engine.ask('territory');
  const estimate = await engine.ask('final_score');
  return { ...parseTerritory(diagram, record.position), estimate };
}
