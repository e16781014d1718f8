#!/usr/bin/env node
// A trivial UCI chess engine: it plays a uniformly random legal move, so a
// match runner driving it (fastchess) is timed, not the engine's thinking.
// dtref bench plays it against itself under fastchess, next to dtref's own
// trivial bots, for the per-move comparison (docs/performance.md). Legal moves
// come from chess.js (npm: `npm ci --prefix bench/uci`).
//
// It keeps its board between `position` commands and applies only the moves
// that were added since the last one, as a real engine would.
import { createInterface } from 'node:readline';
import { Chess } from 'chess.js';

let board = new Chess();
let base = '';   // the "startpos" / "fen ..." part of the last position command
let played = []; // the moves applied to `board` since `base`

function setPosition(words) {
  const at = words.indexOf('moves');
  const head = (at < 0 ? words : words.slice(0, at)).join(' ');
  const moves = at < 0 ? [] : words.slice(at + 1);
  const extends_ = head === base && moves.length >= played.length && played.every((m, i) => m === moves[i]);
  if (!extends_) {
    board = head.startsWith('fen ') ? new Chess(head.slice(4)) : new Chess();
    base = head;
    played = [];
  }
  for (const m of moves.slice(played.length)) {
    board.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m.length > 4 ? m[4] : undefined });
    played.push(m);
  }
}

function bestMove() {
  const moves = board.moves({ verbose: true });
  if (moves.length === 0) return '0000';
  const m = moves[Math.floor(Math.random() * moves.length)];
  return m.from + m.to + (m.promotion || '');
}

const out = [];
const flush = () => { if (out.length) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; } };

createInterface({ input: process.stdin, terminal: false }).on('line', (line) => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case 'uci': out.push('id name dtref-random', 'id author dtref', 'uciok'); break;
    case 'isready': out.push('readyok'); break;
    case 'ucinewgame': board = new Chess(); base = ''; played = []; break;
    case 'position': setPosition(words.slice(1)); break;
    case 'go': out.push('bestmove ' + bestMove()); break;
    case 'quit': flush(); process.exit(0);
    default: break;  // setoption, stop, ponderhit: nothing to do
  }
  flush();
});
