// moves.js - the move list: the main line by move number, White's move then
// Black's, and each variation in brackets after the move it replaces, its
// own variations nested inside it (as lichess shows them).  Every move is a
// button that shows its position; the one shown is marked aria-current.

// "5." for White's fifth move, "5…" for Black's; `ply` counts from 1 at the
// record's start, `firstMover` is the side to move there.
export function moveNumber(ply, firstMover) {
  const index = ply - 1 + (firstMover === 'b' ? 1 : 0);
  return `${Math.floor(index / 2) + 1}${index % 2 === 0 ? '.' : '…'}`;
}

export class MoveList {
  // list: the <ol>; onSelect(node): a move was clicked; label(node): a title (mistakes), or null.
  constructor(list, onSelect, label = () => null) {
    this.list = list;
    this.onSelect = onSelect;
    this.label = label;
  }

  render(record) {
    this.record = record;
    this.firstMover = record.start.toMove;
    const items = [];
    let item = null;
    for (let node = record.root; node.children.length; node = node.children[0]) {
      const main = node.children[0];
      const side = node.position.toMove;
      if (!item || side === 'w') {
        item = this.fullMove(main, side);
        items.push(item);
      }
      item.appendChild(this.button(main));
      const variations = node.children.slice(1);
      if (variations.length) {
        const block = document.createElement('li');
        block.className = 'variations';
        for (const first of variations) block.appendChild(this.variation(first));
        items.push(block);
        item = null; // the main line goes on under a new number
      }
    }
    this.list.replaceChildren(...items);
    this.list.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  // A list item for the move number of `node`, with a gap when Black moves first in it.
  fullMove(node, side) {
    const item = document.createElement('li');
    const number = document.createElement('span');
    number.className = 'number';
    number.textContent = moveNumber(node.ply, this.firstMover).replace('…', '.');
    item.appendChild(number);
    if (side === 'b') {
      const gap = document.createElement('span');
      gap.className = 'skipped';
      gap.textContent = '…';
      item.appendChild(gap);
    }
    return item;
  }

  // One variation from `first` on, in brackets, with its own variations nested.
  variation(first) {
    const span = document.createElement('span');
    span.className = 'variation';
    span.append('(');
    let numbered = false;
    for (let node = first; node; node = node.children[0]) {
      const side = node.parent.position.toMove;
      if (!numbered || side === 'w') {
        const number = document.createElement('span');
        number.className = 'number';
        number.textContent = moveNumber(node.ply, this.firstMover);
        span.appendChild(number);
        numbered = true;
      }
      span.appendChild(this.button(node));
      for (const other of node.parent === first.parent ? [] : node.parent.children.slice(1)) {
        span.appendChild(this.variation(other));
        numbered = false;
      }
    }
    span.append(')');
    return span;
  }

  button(node) {
    const side = node.parent.position.toMove;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `move ${side === 'w' ? 'white' : 'black'}`;
    button.dataset.ply = String(node.ply);
    button.textContent = node.text;
    const where = node.onMainLine ? '' : ', variation';
    button.setAttribute('aria-label',
      `${moveNumber(node.ply, this.firstMover)} ${side === 'w' ? 'White' : 'Black'} ${node.text}${where}`);
    button.setAttribute('aria-current', node === this.record.node ? 'true' : 'false');
    const title = this.label(node);
    if (title) {
      button.classList.add('mistake');
      button.title = title;
    }
    button.addEventListener('click', () => this.onSelect(node));
    return button;
  }
}
