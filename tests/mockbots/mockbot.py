#!/usr/bin/env python3
"""A stdio bot that misbehaves on purpose, for the referee's end-to-end tests.

usage: mockbot.py MODE [--at N] [--pidfile PATH] [--record PATH] [--seed S]
                  [--tag WORD] [--target WORD]

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
  die_on_error  plays correctly, but exits with code 5 when told an error
  no_flush      from request N on, writes its answers without flushing stdout
                (the most common stdio bug: they wait in its buffer)
  no_newline    from request N on, writes its answers without the newline
  linger        plays correctly, but never leaves after match_end (not even
                when its input ends)
  deep_json     answers with a choice nested 100,000 arrays deep (40 KB of
                brackets that once kept the referee's parsers busy for minutes)
  predict       plays correctly and tells, in every answer's comment, the
                match seed it works out from what it was told ("guess N"):
                the digits of hello's match_id, else 1 (the old default
                seed); a test replays that guess to see whether it predicts
                the opponent's hidden hand
The attacks of a hostile bot (docs/security.md). Each plays correctly and
says in every answer's comment how the attack went, unless it is the kind
that stops answering:
  kill_sibling  at request N, SIGKILLs every process whose command line holds
                --target WORD (the other seat's --tag): "killed K"
  kill_parent   at request N, SIGKILLs its parent and every process whose
                command line holds "dtref": "killed K"
  steal_token   at request N, reads /proc/*/environ for a DTREF_TOKEN that is
                not its own: "stolen: TOKEN" or "stolen: none"
  setsid_escape at start, forks a child that leaves the process group and
                session (setsid) and sleeps for ever, then plays
  memory_hog    at request N, allocates and touches memory 64 MiB at a time up
                to 3 GiB, then plays on: "held M MiB"
  fork_storm    at request N, forks without end (each child sleeps), and so
                never answers
  comment_flood answers with a 512 KiB comment every time
  burn          at request N, spins on the CPU for --burn-ms milliseconds
                (default 1200) of its own CPU time, then plays on
Between matches, for a bot that says "several_matches" (--features): it plays
on after match_end (waiting for the next hello) unless MODE is
  hang_between   after match_end, stops reading (sleeps for ever)
  exit_between   after match_end, exits cleanly (code 0)
  flood_between  after match_end, writes lines to stdout without end
  stale_between  after match_end, answers the last request of that match
                 again, then waits for the next hello as it should
--tag: a word only for the command line, so a test can find the bot's
processes (forked children keep it) with /proc/*/cmdline.
--pidfile: every pid this bot starts (itself included) is appended there,
so a test can check that nothing is left running afterwards.
--record: every line received is appended there.
--features: protocol features to ask for in ready, comma-separated (e.g. compact).
--name-bytes N: calls itself a name of N bytes in ready.
"""
import io
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
    opts = {"--at": "1", "--pidfile": "", "--record": "", "--seed": "1", "--features": "", "--tag": "", "--target": "",
            "--name-bytes": "0", "--burn-ms": "1200"}
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

    if mode == "no_flush":
        # Block-buffered whatever PYTHONUNBUFFERED says, as a pipe's stdout normally is.
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(sys.stdout.fileno(), "w", closefd=False), 65536))
    note_pid(os.getpid())
    if mode.startswith("grandchild"):
        child = subprocess.Popen(["sleep", "1000"], stdout=sys.stdout, stderr=sys.stderr)
        note_pid(child.pid)

    if mode == "setsid_escape":
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:  # and once more, so it is nobody's child the bot knows
                time.sleep(1000)
            os._exit(0)

    if mode == "flood_stderr_forever":
        def flood():
            chunk = "e" * 65536
            while True:
                sys.stderr.write(chunk)
        threading.Thread(target=flood, daemon=True).start()

    requests = 0
    last_id = None
    guess = 1
    report = None  # what an attack found, said in every comment from then on
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
            if int(opts["--name-bytes"]) > 0:  # a name far too long for a page
                ready["name"] = "N" * int(opts["--name-bytes"])
            if opts["--features"]:
                ready["features"] = opts["--features"].split(",")
            say(ready)
        elif kind == "request":
            requests += 1
            did = msg["decision_id"]
            options = msg["options"]
            choice = rng.randrange(len(options))
            if requests == at and report is None:
                report = attack(mode, opts)
            if requests >= at:
                if mode == "hang":
                    time.sleep(1000)
                elif mode == "burn" and requests == at:
                    until = time.process_time() + int(opts["--burn-ms"]) / 1000.0
                    while time.process_time() < until:
                        pass
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
                elif mode == "no_flush":
                    sys.stdout.write(json.dumps({"decision_id": did, "choice": choice}) + "\n")
                    continue
                elif mode == "no_newline":
                    sys.stdout.write(json.dumps({"decision_id": did, "choice": choice}))
                    sys.stdout.flush()
                    continue
            if mode == "flood_stderr":
                sys.stderr.write("e" * 262144)
                sys.stderr.flush()
            last_id = msg["decision_id"]
            comment = "guess %d" % guess if mode == "predict" else report or "mock %s" % mode
            if mode == "comment_flood":
                comment = "c" * (512 * 1024)
            say({"decision_id": did, "choice": choice, "comment": comment})
            if mode == "twice_once" and requests == at:
                say({"decision_id": did, "choice": choice, "comment": "mock %s again" % mode})
        elif kind == "error" and mode == "die_on_error":
            sys.exit(5)
        elif kind == "match_end":
            if mode == "linger":
                continue
            if "several_matches" in opts["--features"].split(","):
                if mode == "hang_between":
                    time.sleep(1000)
                elif mode == "exit_between":
                    break
                elif mode == "flood_between":
                    while True:
                        say({"decision_id": last_id or 1, "choice": 0, "comment": "x" * 1000})
                elif mode == "stale_between":
                    say({"decision_id": last_id or 1, "choice": 0})
                continue
            break
    if mode == "linger":
        time.sleep(1000)


def processes():
    """(pid, command line) of every process this bot can see."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/cmdline" % d, "rb") as f:
                    out.append((int(d), f.read().replace(b"\0", b" ").decode("utf-8", "replace")))
            except OSError:
                pass
    return out


def attack(mode, opts):
    me = os.getpid()
    if mode == "kill_sibling" or mode == "kill_parent":
        victims = set()
        if mode == "kill_parent":
            victims.add(os.getppid())
        word = opts["--target"] if mode == "kill_sibling" else "dtref"
        for pid, cmd in processes():
            if word and word in cmd and pid != me:
                victims.add(pid)
        killed = 0
        for pid in victims:
            if pid > 1:
                try:
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
                except OSError:
                    pass
        return "killed %d" % killed
    if mode == "steal_token":
        mine = os.environ.get("DTREF_TOKEN", "")
        for pid, _ in processes():
            try:
                with open("/proc/%d/environ" % pid, "rb") as f:
                    for kv in f.read().split(b"\0"):
                        if kv.startswith(b"DTREF_TOKEN=") and kv[12:].decode() != mine:
                            return "stolen: " + kv[12:].decode()
            except OSError:
                pass
        return "stolen: none"
    if mode == "memory_hog":
        held = []
        try:
            while len(held) < 48:
                block = bytearray(64 << 20)
                for i in range(0, len(block), 4096):
                    block[i] = 1
                held.append(block)
        except MemoryError:
            pass
        attack.held = held  # keep it
        return "held %d MiB" % (64 * len(held))
    if mode == "fork_storm":
        while True:
            try:
                if os.fork() == 0:
                    time.sleep(1000)
                    os._exit(0)
            except OSError:
                time.sleep(0.001)
    return None


if __name__ == "__main__":
    main()
