#!/usr/bin/env python3
"""The ladder's saved standings page (dtref ladder standings --html) in headless Chromium.

Plays a short ladder with compressed transcripts and a retention of 3
matches, registers a bot that has played nothing, saves the page, and opens
it at 1,280 and 1,400 px wide (Chromium over the DevTools protocol on a
pipe: no port, no network). Checks what a person would see: nothing runs off
the side of the page, no column is empty, the bot without games says so
(no 0.0 % score, no 50 % LOS), and every link is relative and leads to a file
that is there. A screenshot of each width is kept in WORKDIR for people.

usage: ladder_page_check.py DTREF WORKDIR
exit 0 pass, 1 fail, 77 skipped (no chromium).
"""
import base64
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from replay_viewer_check import SKIP, Browser, check, failures, setup  # noqa: E402


def main():
    ready = setup("the ladder page")
    if ready is None:
        return SKIP
    dtref, work, chromium = ready
    db, transcripts = os.path.join(work, "ladder.db"), os.path.join(work, "transcripts")
    subprocess.run([dtref, "ladder", "--db", db, "--no-http", "--transcripts", transcripts, "--keep-transcripts", "3",
                    "--matches", "6", "--concurrency", "2", "--seed", "4",
                    "--bot", "random-bot-with-a-long-name=builtin:random", "--bot", "greedy=builtin:greedy",
                    "--bot", "another=builtin:random"], check=True, stdout=subprocess.DEVNULL)
    kept = sorted(f for f in os.listdir(transcripts) if f.endswith(".jsonl.zst"))
    check(len(kept) == 3, "--keep-transcripts 3 keeps 3 compressed transcripts of 6: %s" % kept)
    check(not [f for f in os.listdir(transcripts) if f.endswith(".jsonl")], "no plain transcript is written")
    verify = subprocess.run([dtref, "replay", "--verify", os.path.join(transcripts, kept[-1])], capture_output=True,
                            text=True)
    check(verify.returncode == 0, "dtref replay --verify reads a compressed one: " + verify.stdout.strip())
    subprocess.run([dtref, "ladder", "register", "--db", db, "--bot", "newcomer=builtin:greedy"], check=True,
                   stdout=subprocess.DEVNULL)
    page = os.path.join(work, "pages", "standings.html")
    os.makedirs(os.path.dirname(page))
    subprocess.run([dtref, "ladder", "standings", "--db", db, "--html", page], check=True, stdout=subprocess.DEVNULL)
    html = open(page, encoding="utf-8").read()
    hrefs = re.findall(r'href="([^"]*)"', html)
    check(hrefs and not [h for h in hrefs if h.startswith("/") or "://" in h], "every link is relative: %s" % hrefs[:4])
    here = os.path.dirname(page)
    missing = [h for h in hrefs if not os.path.exists(os.path.join(here, h))]
    check(not missing, "every link leads to a file that is there (retention included): %s" % missing)
    check(len(hrefs) == 3, "a link for each of the 3 kept transcripts, none for the 3 removed: %d" % len(hrefs))

    b = Browser(chromium, os.path.join(work, "profile"))
    try:
        for width in (1280, 1400):
            b.open("file://" + os.path.abspath(page))
            b.call("Emulation.setDeviceMetricsOverride",
                   {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            for _ in range(100):
                if (b.js("!!document.getElementById('standings') && document.readyState === 'complete'")
                        and b.js("window.innerWidth") == width):
                    break
                time.sleep(0.1)
            page_width = b.js("document.documentElement.scrollWidth")
            check(page_width <= width, "at %d px nothing runs off the page (it is %d px wide)" % (width, page_width))
            table = b.js("(() => { const t = document.getElementById('standings'); const r = t.getBoundingClientRect();"
                         " const box = t.parentElement; return [r.right, box.clientWidth, box.scrollWidth]; })()")
            check(table[0] <= width or table[2] > table[1],
                  "at %d px the standings table fits, or scrolls inside its box: %s" % (width, table))
            heads = b.js("[...document.querySelectorAll('#standings th')].map(h => h.textContent)")
            cols = b.js("[...document.querySelectorAll('#standings th')].map((h, i) => [...document.querySelectorAll("
                        "'#standings tbody tr')].map(r => r.children[i].textContent))")
            empty = [h for h, c in zip(heads, cols) if all(x in ("", "-") for x in c)]
            check(not empty, "at %d px no column is empty: %s" % (width, heads))
            check("faults" not in heads, "the faults column is left out when no bot has a fault")
            check(page_width <= width and table[0] <= width + 1 if width >= 1280 else True,
                  "at %d px the standings table fits without scrolling: its right edge is at %d px" % (width, table[0]))
            rows = b.js("[...document.querySelectorAll('#standings tbody tr')].map(r => r.textContent)")
            new = [r for r in rows if "newcomer" in r]
            check(len(new) == 1 and "no games yet" in new[0] and "50.0%" not in new[0] and "0.0%" not in new[0],
                  "the bot without games says so, with no score or LOS: %s" % new)
            shot = b.call("Page.captureScreenshot", {"format": "png"})["data"]
            with open(os.path.join(work, "standings-%d.png" % width), "wb") as f:
                f.write(base64.b64decode(shot))
    finally:
        b.close()
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    print("screenshots: %s" % ", ".join(os.path.join(work, "standings-%d.png" % w) for w in (1280, 1400)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
