#!/bin/sh
# The random UCI engine is a real chess player: its legal move tree matches
# the published perft counts (chessprogramming.org, "Perft Results") for the
# start position and four positions built to catch castling, en passant,
# promotion and pin mistakes; and a position reached by a move list it extends
# move by move is the same as the one set from its FEN.
#   perft_test.sh ENGINE
set -u
engine=$1
fail=0
check() {  # position, depth, expected count
  got=$(printf 'position %s\ngo perft %s\nquit\n' "$1" "$2" | "$engine" | sed -n 's/^nodes //p')
  if [ "$got" != "$3" ]; then
    echo "perft $2 of '$1': $got, expected $3"
    fail=1
  fi
}
check "startpos" 4 197281
check "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 3 97862
check "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" 4 43238
check "fen r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1" 3 9467
check "fen rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8" 3 62379
# A game given move by move (each command extends the last, as a match runner
# sends them) reaches the position of its FEN: 1.e4 d5 2.e5 f5 (en passant
# open) 3.Nf3 Nc6 4.Bc4 Be6, white may castle.
got=$(printf 'position startpos moves e2e4\nposition startpos moves e2e4 d7d5\nposition startpos moves e2e4 d7d5 e4e5 f7f5\nposition startpos moves e2e4 d7d5 e4e5 f7f5 g1f3 b8c6 f1c4 c8e6\ngo perft 3\nquit\n' | "$engine" | sed -n 's/^nodes //p')
want=$(printf 'position fen r2qkbnr/ppp1p1pp/2n1b3/3pPp2/2B5/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5\ngo perft 3\nquit\n' | "$engine" | sed -n 's/^nodes //p')
if [ -z "$got" ] || [ "$got" != "$want" ]; then
  echo "a position reached move by move ($got) differs from its FEN ($want)"
  fail=1
fi
# It answers the UCI handshake and a search with a legal move.
out=$(printf 'uci\nisready\nposition startpos\ngo movetime 10\nquit\n' | "$engine")
echo "$out" | grep -q '^uciok$' || { echo "no uciok"; fail=1; }
echo "$out" | grep -q '^readyok$' || { echo "no readyok"; fail=1; }
echo "$out" | grep -Eq '^bestmove ([a-h]2[a-h][34]|[bg]1[acfh]3)$' || { echo "no legal first move: $out"; fail=1; }
exit $fail
