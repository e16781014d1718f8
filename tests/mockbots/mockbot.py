#!/usr/bin/env python3
"""A stdio bot that misbehaves on purpose, for the referee's end-to-end tests.

usage: mockbot.py MODE [--at N] [--pidfile PATH] [--record PATH] [--seed S]

Plays correctly (a seeded random legal option) until its N-th request
(--at, default 1), then does what MODE says:
  good          never misbehaves
  hang          stops answering (sleeps for ever)
  crash         exits with code 3
  exit          exits cleanly (code 0) in the middle of the match
  kill          kills itself with SIGSEGV
  garbage       prints a line that is not JSON (at every request from N on)
  garbage_once  prints a line that is not JSON at request N only
  flood_stdout  writes to stdout endlessly without a newline
  flood_stderr  never misbehaves on stdout, but writes 256 KiB to stderr
                before every answer (more than a pipe holds)
  flood_stderr_forever  plays correctly while a thread writes to stderr
                without end
  wrong_id      answers with a decision id that was never issued
  stale_id      answers with the previous request's decision id
  twice_once    answers request N twice (the same answer on two lines)
  illegal       answers with an option index that does not exist
  bad_text      answers with an option text that is not legal
  no_ready      never says ready
  grandchild    starts `sleep 1000` holding its stdout and stderr, then plays
                correctly (the referee must still finish and kill it)
  grandchild_crash  the same, then exits with code 3 at request N
  deep_json     answers with a choice nested 100,000 arrays deep (40 KB of
                brackets that once kept the referee's parsers busy for minutes)
  predict       plays correctly and tells, in every answer's comment, the
                match seed it works out from what it was told ("guess N"):
                the digits of hello's match_id, else 1 (the old default
                seed); a test replays that guess to see whether it predicts
                the opponent's hidden hand
--pidfile: every pid this bot starts (itself included) is appended there,
so a test can check that nothing is left running afterwards.
--record: every line received is appended there.
--features: protocol features to ask for in ready, comma-separated (e.g. compact).
"""
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time


def main():
    args = sys.argv[1:]
    mode = args[0] if args else "good"
    opts = {"--at": "1", "--pidfile": "", "--record": "", "--seed": "1", "--features": ""}
    i = 1
    while i + 1 < len(args) + 1 and i < len(args):
        opts[args[i]] = args[i + 1]
        i += 2
    at = int(opts["--at"])
    rng = random.Random(int(opts["--seed"]))
    pidfile = opts["--pidfile"]
    record = open(opts["--record"], "a") if opts["--record"] else None

    def note_pid(pid):
        if pidfile:
            with open(pidfile, "a") as f:
                f.write("%d\n" % pid)

    def say(obj):
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    note_pid(os.getpid())
    if mode.startswith("grandchild"):
        child = subprocess.Popen(["sleep", "1000"], stdout=sys.stdout, stderr=sys.stderr)
        note_pid(child.pid)

    if mode == "flood_stderr_forever":
        def flood():
            chunk = "e" * 65536
            while True:
                sys.stderr.write(chunk)
        threading.Thread(target=flood, daemon=True).start()

    requests = 0
    last_id = None
    guess = 1
    for line in sys.stdin:
        if record:
            record.write(line)
            record.flush()
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            digits = "".join(c for c in str(msg.get("match_id", "")) if c.isdigit())
            if mode == "predict" and digits:
                guess = int(digits)
            if mode == "no_ready":
                time.sleep(1000)
            ready = {"type": "ready", "name": "mock-" + mode}
            if opts["--features"]:
                ready["features"] = opts["--features"].split(",")
            say(ready)
        elif kind == "request":
            requests += 1
            did = msg["decision_id"]
            options = msg["options"]
            choice = rng.randrange(len(options))
            if requests >= at:
                if mode == "hang":
                    time.sleep(1000)
                elif mode in ("crash", "grandchild_crash"):
                    sys.exit(3)
                elif mode == "exit":
                    sys.exit(0)
                elif mode == "kill":
                    os.kill(os.getpid(), signal.SIGSEGV)
                elif mode == "garbage" or (mode == "garbage_once" and requests == at):
                    sys.stdout.write("this is not json\n")
                    sys.stdout.flush()
                    continue
                elif mode == "flood_stdout":
                    chunk = "x" * 65536
                    while True:
                        sys.stdout.write(chunk)
                elif mode == "wrong_id":
                    did = did + 1000
                elif mode == "stale_id" and last_id is not None:
                    did = last_id
                elif mode == "illegal":
                    choice = len(options) + 5
                elif mode == "deep_json":
                    depth = 100000
                    sys.stdout.write('{"decision_id": %d, "choice": %s0%s}\n' % (did, "[" * depth, "]" * depth))
                    sys.stdout.flush()
                    continue
                elif mode == "bad_text":
                    choice = "attack c9999 c9998 fight"
            if mode == "flood_stderr":
                sys.stderr.write("e" * 262144)
                sys.stderr.flush()
            last_id = msg["decision_id"]
            comment = "guess %d" % guess if mode == "predict" else "mock %s" % mode
            say({"decision_id": did, "choice": choice, "comment": comment})
            if mode == "twice_once" and requests == at:
                say({"decision_id": did, "choice": choice, "comment": "mock %s again" % mode})
        elif kind == "match_end":
            break


if __name__ == "__main__":
    main()
