#!/bin/sh
# `pip install ./python` as a user runs it, offline: into a fresh virtual
# environment, with no package index at all (--no-index), once through pip's
# isolated build and once without it; then the installed package is imported
# from another directory and plays a game.
# Usage: python_pip_install.sh PYTHON CHECKOUT VENV (DTREF_BUILD_DIR names the build tree to reuse)
set -eu
python=$1 checkout=$2 venv=$3
rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"  # numpy for dtref.env comes from Debian
pip="$venv/bin/python -m pip --disable-pip-version-check"
$pip install --no-index --quiet "$checkout/python"
$pip install --no-index --quiet --no-build-isolation --force-reinstall "$checkout/python"
cd /
"$venv/bin/python" - "$venv" <<'PY'
import os, sys
import dtref, dtref.bot, dtref.env
venv = os.path.realpath(sys.argv[1])
where = os.path.realpath(dtref.__file__)
assert where.startswith(venv + os.sep), "dtref imported from %s, not the environment %s" % (where, venv)
g = dtref.Game(seed=3)
assert g.options() == ["keep", "gift"], g.options()
while not g.over:
    g.apply(0)
print("installed dtref %s plays: winner s%d (%s)" % (where, g.winner, g.end_reason))
PY
