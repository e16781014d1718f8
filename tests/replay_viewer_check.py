#!/usr/bin/env python3
"""The replay viewer (dtref replay PATH --html OUT) in headless Chromium.

Plays a match with a transcript, writes the page, opens it in Chromium driven
over the DevTools protocol on a pipe (--remote-debugging-pipe: no port, no
network), then steps through it as a person would (buttons, keyboard, the turn
box, the viewer menu) and checks what the page shows against the transcript.
No screenshots are taken or kept.

usage: replay_viewer_check.py DTREF WORKDIR
exit 0 pass, 1 fail, 77 skipped (no chromium).
"""
import json
import os
import shutil
import subprocess
import sys
import time

SKIP = 77


class Browser:
    """Chromium with the DevTools protocol on fds 3 (commands in) and 4 (replies out)."""

    def __init__(self, chromium, profile):
        cmd_r, self.cmd_w = os.pipe()
        self.reply_r, reply_w = os.pipe()

        args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--remote-debugging-pipe",
                "--user-data-dir=" + profile, "about:blank"]
        # The shell puts our pipe ends on the fd numbers Chromium expects.
        self.log = open(profile + ".log", "w")
        self.proc = subprocess.Popen(
            ["/bin/sh", "-c", 'exec "$@" 3<&%d 4>&%d' % (cmd_r, reply_w), "sh"] + args,
            pass_fds=(cmd_r, reply_w), stdout=self.log, stderr=self.log)
        os.close(cmd_r)
        os.close(reply_w)
        self.next_id = 0
        self.buf = b""
        self.session = None

    def call(self, method, params=None, timeout=30):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            while b"\0" in self.buf:
                raw, self.buf = self.buf.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError("%s: %s" % (method, reply["error"]))
                    return reply.get("result", {})
            if time.time() > deadline:
                raise RuntimeError("no reply to " + method)
            chunk = os.read(self.reply_r, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buf += chunk

    def open(self, url):
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def js(self, expression):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError("page script failed: %s: %s" % (expression, r["exceptionDetails"]))
        return r["result"].get("value")

    def close(self):
        try:
            self.session = None
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def setup(what):
    """The arguments (dtref, a work directory made empty) and chromium's path; None when it is missing."""
    dtref, work = sys.argv[1], sys.argv[2]
    chromium = shutil.which("chromium")
    if not chromium:
        print(f"SKIP: chromium is not installed (Debian package 'chromium'); {what} was not rendered")
        return None
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return dtref, work, chromium


def main():
    ready = setup("the replay viewer")
    if ready is None:
        return SKIP
    dtref, work, chromium = ready
    transcript, page = os.path.join(work, "game.jsonl"), os.path.join(work, "game.html")
    subprocess.run([dtref, "match", "--bot", "builtin:random", "--bot", "builtin:random", "--seed", "5", "--transcript", transcript], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([dtref, "replay", transcript, "--html", page], check=True, stdout=subprocess.DEVNULL)
    html = open(page, encoding="utf-8").read()
    check("http://" not in html and "https://" not in html, "the page names no network address")

    # What the page must show, from the transcript: each decision and the events after it.
    decisions, events_after, result = [], [], None
    for line in open(transcript, encoding="utf-8"):
        j = json.loads(line)
        if j["type"] == "decision":
            decisions.append(j)
            events_after.append([])
        elif j["type"] == "event" and decisions:
            events_after[-1].append(j)
        elif j["type"] == "result":
            result = j
    n = len(decisions)

    b = Browser(chromium, os.path.join(work, "profile"))
    try:
        b.open("file://" + os.path.abspath(page))
        for _ in range(100):
            if b.js("!!(document.getElementById('step-label') || {}).textContent"):
                break
            time.sleep(0.1)
        label = lambda: b.js("document.getElementById('step-label').textContent")
        chosen = lambda: b.js("(document.querySelector('#options li.chosen') || {dataset: {}}).dataset.text || ''")
        click = lambda i: b.js("document.getElementById('%s').click()" % i)
        turn = lambda: int(b.js("document.getElementById('turn-label').dataset.turn"))
        view = lambda v: b.js("{ const s = document.getElementById('viewer'); s.value = '%s'; s.dispatchEvent(new Event('change')) }" % v)
        events = lambda: b.js("[...document.querySelectorAll('#events li:not(.setup)')].map(e => e.textContent)")

        check(label() == "decision 1 of %d" % n, "opens at the first decision: " + label())
        check(chosen() == decisions[0]["text"], "the first choice is highlighted: " + chosen())
        for _ in range(3):
            click("next")
        check(label() == "decision 4 of %d" % n, "forward three: " + label())
        check(chosen() == decisions[3]["text"], "decision 4's choice: " + chosen())
        check(b.js("document.getElementById('decider').dataset.seat") == str(decisions[3]["seat"]), "decision 4's seat")
        check(events() == [e["text"] for e in events_after[3]] or (not events_after[3] and events() == ["nothing"]),
              "decision 4's events, in words: %s" % events())
        click("prev")
        check(label() == "decision 3 of %d" % n, "back one: " + label())
        b.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))")
        check(label() == "decision 4 of %d" % n, "the right arrow key steps forward: " + label())

        # Jump to a turn: the first decision of turn 9.
        b.js("document.getElementById('turn').value = 9")
        click("go")
        at9 = label()
        check(turn() == 9, "jump to turn 9 shows turn %d" % turn())
        click("prev")
        check(turn() < 9, "the decision before it is in an earlier turn (%d)" % turn())
        click("next")
        check(label() == at9, "and forward again")

        # Card summaries on hover: every visible card has one.
        titles = b.js("[...document.querySelectorAll('#board .card')].map(c => c.title)")
        check(len(titles) > 5 and all(": " in t for t in titles), "every card on the board has a summary on hover")

        # The board as one seat saw it.
        omni_hand = b.js("document.querySelectorAll('#seat-1 .hand .card').length")
        view("0")
        check(omni_hand > 0 and b.js("document.querySelectorAll('#seat-1 .hand .card').length") == 0,
              "as s0 saw it, s1's hand is a count only")
        check(b.js("document.querySelectorAll('#seat-0 .hand .card').length") > 0, "as s0 saw it, s0's own hand shows")
        # An opponent's discard is named only for its owner and the omniscient view.
        k = next((i for i, evs in enumerate(events_after) if any(e["kind"] == "discard" and e["seat"] == 1 for e in evs)), None)
        if k is None:
            check(False, "the match has a discard by s1 to look at")
        else:
            b.js("document.getElementById('first').click()")
            for _ in range(k):
                click("next")
            seen = [t for t in events() if t.startswith("s1 discards")]
            check(len(seen) == 1 and seen[0].endswith(")") is False, "s0 sees s1's discard without a name: %s" % seen)
            view("-1")
            seen = [t for t in events() if t.startswith("s1 discards")]
            check(len(seen) == 1 and seen[0].endswith(")"), "the omniscient view names it: %s" % seen)

        click("last")
        check(label() == "end (%d decisions)" % n, "the end: " + label())
        end = b.js("document.querySelector('#decision .end').textContent")
        want = "s%d" % result["winner"] if result["winner"] >= 0 else "no winner"
        check(want in end and result["reason"] in end, "the end names the result: " + end)
        check(b.js("location.hash").startswith("#step=%d" % n), "the address remembers the position")
    finally:
        b.close()
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
