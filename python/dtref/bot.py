"""Run a policy as a refereed stdio bot (docs/library.md, "A bot that searches").

    import dtref.bot

    def policy(game, seat):          # a dtref.Game of the position, your seat
        return 0                     # an index into game.options(), or an option's text

    dtref.bot.run(policy)

`run` speaks the protocol of docs/protocol.md on stdin/stdout: it answers
`hello` with `ready` asking for the `state` feature, rebuilds each request's
position as a `dtref.Game` (`Game.from_state`: the cards your seat has not
seen are drawn from a guess of the other decks) and answers with the option
the policy picks. The policy may clone, determinize and roll out the game as
it likes; it gets a fresh Game every request. It says `several_matches`, so
a tournament may keep the process for its next match: after `match_end` it
waits for the next `hello` (which sets the seat and decks up anew) or the end
of its input.
"""
import json
import sys
import time

from ._engine import Game

__all__ = ["run"]


def _say(out, msg):
    out.write(json.dumps(msg, separators=(",", ":")) + "\n")
    out.flush()  # a bot's answer must leave at once: the referee's clock is running


def run(policy, name="python-bot", others=None, seed=1, stdin=None, stdout=None, log=None):
    """Plays matches for `policy(game, seat)` over stdin/stdout until the input ends.

    others: the deck guessed for the other seats (a built-in name, a deck file,
    or a list of card codes); by default the bot's own deck.
    log: a file for one line per decision (default: stderr, which the
    referee keeps; log=False stays quiet)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    log = sys.stderr if log is None else log
    seat = 0
    decks = None
    for line in stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            seat = msg.get("seat", 0)
            own = list(msg.get("deck", [])) + list(msg.get("side_board", []) or [])
            guess = others if others is not None else own
            decks = [own if k == seat else guess for k in range(msg.get("seats", 2))]
            _say(stdout, {"type": "ready", "name": name, "features": ["state", "several_matches"]})
        elif kind == "request":
            _say(stdout, _answer(policy, msg, seat, decks, seed, log))
        elif kind == "error":
            if log:
                print("dtref.bot: the referee refused an answer: %s" % msg.get("message"), file=log, flush=True)
        elif kind == "match_end":
            decks = None  # nothing of this match is kept; the next hello sets everything up again


def _answer(policy, msg, seat, decks, seed, log):
    texts = [o["text"] for o in msg.get("options", [])]
    answer = {"type": "answer", "decision_id": msg["decision_id"], "choice": 0}
    if len(texts) <= 1:
        return answer  # nothing to choose
    t0 = time.monotonic()
    try:
        game = Game.from_state(msg.get("state", ""), decks, seed + msg["decision_id"])
    except ValueError as e:
        if log:
            print("dtref.bot: cannot rebuild the position (%s); answering the first option" % e, file=log, flush=True)
        answer["comment"] = "no state: first option"
        return answer
    if game.options() != texts:  # never expected: the referee and the library are one engine
        if log:
            print("dtref.bot: the rebuilt position offers other moves; answering the first option", file=log, flush=True)
        answer["comment"] = "rebuilt position differs: first option"
        return answer
    pick = policy(game, seat)
    answer["choice"] = pick if isinstance(pick, str) else texts[int(pick)]
    if log:
        print("dtref.bot: decision %d: %s (%.0f ms)" % (msg["decision_id"], answer["choice"],
                                                        (time.monotonic() - t0) * 1000), file=log, flush=True)
    return answer
