#!/usr/bin/env node
// A trivial UCI chess engine: it plays a uniformly random legal move, so a
// match runner driving it (fastchess) is timed, not the engine's thinking.
// dtref bench plays it against itself under fastchess, next to dtref's own
// trivial bots, for the per-move comparison (docs/performance.md). Legal moves
// come from chessops, lichess's rules library (npm: `npm ci --prefix bench/uci`);
// chess.js was tried first and spent milliseconds per move, which would have
// timed the engine instead of fastchess.
//
// It keeps its board between `position` commands and applies only the moves
// that were added since the last one, as a real engine would.
import { createInterface } from 'node:readline';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseUci, makeUci, kingCastlesTo } from 'chessops/util';

let board = Chess.default();
let base = '';   // the "startpos" / "fen ..." part of the last position command
let played = []; // the moves applied to `board` since `base`

function setPosition(words) {
  const at = words.indexOf('moves');
  const head = (at < 0 ? words : words.slice(0, at)).join(' ');
  const moves = at < 0 ? [] : words.slice(at + 1);
  const extends_ = head === base && moves.length >= played.length && played.every((m, i) => m === moves[i]);
  if (!extends_) {
    board = head.startsWith('fen ') ? Chess.fromSetup(parseFen(head.slice(4)).unwrap()).unwrap() : Chess.default();
    base = head;
    played = [];
  }
  for (const m of moves.slice(played.length)) {
    board.play(parseUci(m));  // either castling notation is understood
    played.push(m);
  }
}

function bestMove() {
  const moves = [];
  for (const [from, dests] of board.allDests()) for (const to of dests) moves.push({ from, to });
  if (moves.length === 0) return '0000';
  const m = moves[Math.floor(Math.random() * moves.length)];
  const piece = board.board.get(m.from);
  const target = board.board.get(m.to);
  if (piece.role === 'king' && target && target.color === piece.color) {
    // chessops writes castling as the king taking its rook; UCI wants e1g1.
    m.to = kingCastlesTo(piece.color, m.to > m.from ? 'h' : 'a');
  } else if (piece.role === 'pawn' && (m.to >> 3 === 7 || m.to >> 3 === 0)) {
    m.promotion = 'queen';
  }
  return makeUci(m);
}

const out = [];
const flush = () => { if (out.length) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; } };

createInterface({ input: process.stdin, terminal: false }).on('line', (line) => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case 'uci': out.push('id name dtref-random', 'id author dtref', 'uciok'); break;
    case 'isready': out.push('readyok'); break;
    case 'ucinewgame': board = Chess.default(); base = ''; played = []; break;
    case 'position': setPosition(words.slice(1)); break;
    case 'go': out.push('bestmove ' + bestMove()); break;
    case 'quit': flush(); process.exit(0);
    default: break;  // setoption, stop, ponderhit: nothing to do
  }
  flush();
});
