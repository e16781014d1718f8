"""A Python bot that searches with the dtref module plays a refereed match.

examples/python-search/bot.py (docs/library.md's twenty-line search, run by
dtref.bot) plays builtin:greedy under the default sandbox. Its package is
copied to a directory under /tmp that only the bot's PYTHONPATH names: the
sandbox gives a bot a private /tmp, so it finds the package only if the
directories its environment names are bound in.

Usage: test_search_bot_match.py DTREF PACKAGE_DIR BOT
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

dtref, package, bot = sys.argv[1:4]
where = tempfile.mkdtemp(prefix="dtref-pkg-")
try:
    os.chmod(where, 0o755)  # as root the bot runs as a user of its own: others must read it
    shutil.copytree(package, os.path.join(where, "dtref"), ignore=shutil.ignore_patterns("__pycache__"))
    transcript = os.path.join(tempfile.gettempdir(), "dtref-search-bot-%d.jsonl" % os.getpid())
    spec = "stdio:PYTHONPATH=%s %s %s 6" % (where, sys.executable, bot)
    run = subprocess.run([dtref, "match", "--bot", spec, "--bot", "builtin:greedy", "--seed", "5",
                          "--promotion-target", "12", "--transcript", transcript,
                          "--startup-ms", "30000", "--decision-ms", "5000", "--bank-ms", "120000"],
                         capture_output=True, text=True)
    print(run.stdout, run.stderr)
    assert run.returncode == 0, run.returncode
    lines = [json.loads(l) for l in open(transcript)]
    result = lines[-1]
    assert result["type"] == "result", result
    verdicts = [s["verdict"] for s in result["seats"]]
    assert verdicts == ["ok", "ok"], (verdicts, result)
    assert any(l["type"] == "ready" and l["seat"] == 0 and l["name"] == "python-search" for l in lines), lines[:3]
    searched = [l for l in lines if l["type"] == "decision" and l["seat"] == 0 and l["options"] > 1]
    assert searched, "the bot never had a choice to make"
    # dtref.bot comments only when it could not hand the policy the position.
    fallbacks = [l for l in searched if l.get("comment")]
    assert not fallbacks, fallbacks[:3]
    verify = subprocess.run([dtref, "replay", "--verify", transcript], capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    print("python-search played %d searched decisions; result %s (%s)" % (len(searched), result["winner"],
                                                                           result["reason"]))
    os.unlink(transcript)
finally:
    shutil.rmtree(where, ignore_errors=True)
