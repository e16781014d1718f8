"""The in-tree PEP 517 build backend of the dtref package (python/pyproject.toml).

It runs the checkout's CMake build for the Python that runs it (target
dtref_python, which lays the package out in DTREF_PYTHON_PACKAGE_DIR) and zips
that folder into a wheel. Standard library only, so pip needs nothing from an
index to use it.

The build tree: $DTREF_BUILD_DIR when set; else the checkout's build/ when it
was configured for this same Python (the usual case: `make build` then
`pip install ./python` rebuilds nothing); else a tree of its own under
build/, one per interpreter.
"""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # python/
ROOT = PACKAGE.parent                              # the checkout
NAME = "dtref"


def _version():
    text = (ROOT / "CMakeLists.txt").read_text()
    m = re.search(r"project\(dtref VERSION ([0-9.]+)", text)
    return m.group(1) if m else "0"


def _tag():
    if sys.implementation.name != "cpython":
        raise RuntimeError("dtref's module is built with pybind11 for CPython")
    ver = "%d%d" % sys.version_info[:2]
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "cp%s-cp%s%s-%s" % (ver, ver, getattr(sys, "abiflags", ""), plat)


def _cache_value(cache, key):
    m = re.search(r"^%s:[A-Z]+=(.*)$" % re.escape(key), cache, re.M)
    return m.group(1) if m else None


def _build_dir():
    if os.environ.get("DTREF_BUILD_DIR"):
        return Path(os.environ["DTREF_BUILD_DIR"]).resolve()
    me = os.path.realpath(sys.executable)
    default = ROOT / "build"
    cache = default / "CMakeCache.txt"
    if cache.exists():
        text = cache.read_text(errors="replace")
        py = _cache_value(text, "PYTHON_EXECUTABLE")
        if py and os.path.realpath(py) == me and not _cache_value(text, "DTREF_SANITIZE"):
            return default
    key = hashlib.sha256(me.encode()).hexdigest()[:8]
    return default / ("pip-%s-%s" % (sys.implementation.cache_tag, key))


def _run(argv):
    print("dtref_build: " + " ".join(argv), file=sys.stderr, flush=True)
    subprocess.run(argv, check=True)


def _build():
    """Builds the package for this Python and returns the folder it is laid out in."""
    if not shutil.which("cmake"):
        raise RuntimeError("dtref needs cmake and the packages of scripts/install-deps.sh to build")
    tree = _build_dir()
    if not (tree / "CMakeCache.txt").exists():
        argv = ["cmake", "-S", str(ROOT), "-B", str(tree), "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                "-DPYTHON_EXECUTABLE=" + sys.executable, "-DDTREF_BUILD_TESTS=OFF", "-DDTREF_BUILD_BENCH=OFF"]
        if shutil.which("ninja"):
            argv += ["-G", "Ninja"]
        _run(argv)
    jobs = os.environ.get("DTREF_BUILD_JOBS", "2")
    _run(["cmake", "--build", str(tree), "--target", "dtref_python", "-j", jobs])
    cache = (tree / "CMakeCache.txt").read_text(errors="replace")
    out = Path(_cache_value(cache, "DTREF_PYTHON_PACKAGE_DIR") or tree / "python" / NAME)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if not (out / ("_engine" + suffix)).exists():
        raise RuntimeError("the build made no %s in %s: is it configured for another Python? "
                           "(set DTREF_BUILD_DIR to a fresh directory)" % ("_engine" + suffix, out))
    return out


def _metadata():
    readme = (PACKAGE / "README.md").read_text()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
            "Summary: The Doomtrooper engine of dtref as a library: play, observe, clone and "
            "determinize games; run a bot; train agents\n"
            "Requires-Python: >=3.9\nDescription-Content-Type: text/markdown\n\n%s"
            % (NAME, _version(), readme))


def _wheel_text():
    return ("Wheel-Version: 1.0\nGenerator: dtref_build\nRoot-Is-Purelib: false\nTag: %s\n" % _tag())


def _dist_info():
    return "%s-%s.dist-info" % (NAME, _version())


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


# ---- PEP 517 hooks --------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = Path(metadata_directory) / _dist_info()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata())
    (info / "WHEEL").write_text(_wheel_text())
    return info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    built = _build()
    files = []
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for f in sorted(built.iterdir()):
        if f.suffix == ".py" or f.name == "_engine" + suffix:
            files.append(("%s/%s" % (NAME, f.name), f.read_bytes()))
    info = _dist_info()
    files.append((info + "/METADATA", _metadata().encode()))
    files.append((info + "/WHEEL", _wheel_text().encode()))
    files.append((info + "/top_level.txt", (NAME + "\n").encode()))
    record = "\n".join(_record_line(n, d) for n, d in files) + "\n%s/RECORD,,\n" % info
    files.append((info + "/RECORD", record.encode()))
    name = "%s-%s-%s.whl" % (NAME, _version(), _tag())
    Path(wheel_directory).mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files:
            entry = zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if n.endswith(suffix) else 0o644) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, d)
    return name


def build_sdist(sdist_directory, config_settings=None):
    raise RuntimeError("dtref's Python package builds from its checkout (the engine is C++ outside python/): "
                       "run `pip install ./python` there")
