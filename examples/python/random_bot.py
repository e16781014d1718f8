#!/usr/bin/env python3
"""A Doomtrooper bot for dtref that picks a random legal option.

This is a teaching example of the stdio protocol (docs/protocol.md). It needs
nothing but the Python standard library and runs on any Python 3. Try it:

    dtref match --bot stdio:"python3 examples/python/random_bot.py" --bot builtin:greedy

How the conversation goes:
  * The referee starts this program and talks to it through stdin/stdout,
    one JSON object per line in each direction.
  * First comes {"type": "hello", ...} with our seat and deck; we answer
    {"type": "ready", "name": ...} before the startup window closes.
  * Then, whenever it is our turn to decide, a {"type": "request", ...} with
    a decision_id and the list of legal options. We answer with the same
    decision_id and the index of the option we choose.
  * {"type": "error", ...} means an answer was refused; under the dev policy
    the same request follows, so we just note it and wait for the next line.
  * {"type": "match_end", ...} carries the result. We said "several_matches"
    in ready, so a tournament may keep this process for its next match: a
    new hello follows, or our stdin closes and we leave.

Anything we print to stdout must be protocol, so diagnostics go to stderr
(the referee keeps the tail of it for the transcript).
"""
import json
import random
import sys

NAME = "python-random"


def send(message):
    # One object per line, and flush: the referee waits for the newline, and
    # Python buffers stdout when it is a pipe.
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def log(text):
    sys.stderr.write(NAME + ": " + text + "\n")
    sys.stderr.flush()


def choose(request):
    """Pick one legal option. A real bot would look at request["observation"]
    (what this seat may see of the game) and request["events"] (what happened
    since its last decision) here."""
    options = request["options"]
    option = random.choice(options)
    # Answering with the index is simplest; the option's text (for example
    # "attack c12 c31 fight") is accepted too.
    return option["index"]


def main():
    for line in sys.stdin:  # ends when the referee closes our stdin
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        kind = message.get("type")  # ignore fields (and types) we do not know
        if kind == "hello":
            random.seed(message.get("match_id", "") + str(message.get("seat")))
            log("playing seat {} with {} card kinds".format(message["seat"], len(message.get("deck", []))))
            send({"type": "ready", "name": NAME, "features": ["several_matches"]})
        elif kind == "request":
            send({"decision_id": message["decision_id"], "choice": choose(message)})
        elif kind == "error":
            log("answer refused: {} ({})".format(message.get("message"), message.get("kind")))
        elif kind == "match_end":
            # Nothing more to say until the next hello (or the end of our input).
            log("match over, winner seat {}, {}".format(message.get("winner"), message.get("reason")))


if __name__ == "__main__":
    main()
