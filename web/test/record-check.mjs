// record-check.mjs - what must hold after anything the person does: every
// move of the record's tree is legal in its position (so the colours
// alternate) and leads to the position stored after it, and the board shows
// the node at the cursor (with the amazon of a half-made move lifted).

import { assert } from './helpers.mjs';
import { applyMove, isLegalMove, parseMove, positionText } from '../src/rules.js';

export async function checkRecord(page) {
  const state = await page.evaluate(() => {
    const { app } = window.amazons;
    const record = app.record;
    const nodes = [];
    const walk = (node, parent) => {
      const index = nodes.length;
      nodes.push({ parent, text: node.text, position: { ...node.position, cells: [...node.position.cells] } });
      for (const child of node.children) walk(child, index);
    };
    walk(record.root, -1);
    const input = app.input;
    return {
      nodes,
      cursor: (() => { let i = 0; for (const n of record.nodes()) { if (n === record.node) return i; i++; } return -1; })(),
      shown: { ...app.view.pos, cells: [...app.view.pos.cells] },
      from: input.from, to: input.to,
    };
  });
  for (const node of state.nodes) {
    if (node.parent < 0) continue;
    const before = state.nodes[node.parent].position;
    const move = parseMove(before, node.text);
    assert.ok(move && isLegalMove(before, move), `${node.text} is not legal in ${positionText(before)}`);
    assert.equal(positionText(node.position), positionText(applyMove(before, move)), `the position after ${node.text}`);
  }
  assert.ok(state.cursor >= 0, 'the cursor is a node of the record');
  const expected = state.nodes[state.cursor].position;
  const cells = [...expected.cells];
  if (state.to >= 0) {
    cells[state.to] = cells[state.from];
    cells[state.from] = '.';
  }
  assert.equal(state.shown.cells.join(''), cells.join(''), 'the board shows the node at the cursor');
  assert.equal(state.shown.toMove, expected.toMove);
  return state;
}
