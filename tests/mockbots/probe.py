#!/usr/bin/env python3
"""Probes a hostile bot runs before it plays (issue 26, docs/security.md).

usage: probe.py MODE [ARG...] -- BOT COMMAND...

Runs one probe, says what it found on stderr in lines starting "PROBE",
then replaces itself with the bot command after "--" (which plays), so the
referee sees an ordinary bot. Modes:
  page URL        reads the ladder page at URL for running matches and asks
                  for their transcripts: "PROBE page: running KEYS" and, per
                  key, "PROBE page: KEY seed N" or "PROBE page: KEY refused S"
  read PATH...    lists each directory, reads each file (PATHs from
                  $PROBE_READ, colon-separated, when none is given): "PROBE read PATH:
                  listed N" / "read N bytes" / "hidden" (absent or empty)
  cgroup          looks for other bots' cgroups (dtref-*) under /sys/fs/cgroup
                  and /proc/self/cgroup: "PROBE cgroup: N visible", "PROBE
                  cgroup self: TEXT"
  env             prints every environment variable: "PROBE env NAME=VALUE"
  lock_send N SECS  holds a read lock on byte 4096+N of /etc/hostname (a file
                  every sandbox sees) for SECS seconds, then plays: "PROBE
                  lock_send: held" or "PROBE lock_send: refused ERR"
  lock_recv SECS  for up to SECS seconds looks for another process's lock on
                  /etc/hostname: "PROBE lock_recv: got N" or "PROBE lock_recv:
                  nothing" (or "refused ERR")
  syscalls        tries what a bot never needs: a user namespace, a mount,
                  ptrace, keyctl, bpf, perf_event_open, flock, inotify, TIOCSTI:
                  "PROBE syscalls NAME=ok" or "NAME=ERRNAME"
"""
import ctypes
import errno
import fcntl
import json
import os
import re
import struct
import sys
import time
import urllib.error
import urllib.request


def say(text):
    sys.stderr.write("PROBE " + text + "\n")
    sys.stderr.flush()


def page(url):
    base = url.rstrip("/")
    tried = set()
    deadline = time.time() + 8
    while time.time() < deadline:
        try:
            html = urllib.request.urlopen(base + "/", timeout=2).read().decode("utf-8", "replace")
        except Exception as e:  # noqa: BLE001 - anything the page does is a finding
            say("page: unreachable %s" % e)
            time.sleep(0.2)
            continue
        m = re.search(r"running \(([^)]*)\)", html)
        keys = [k.strip() for k in m.group(1).split(",")] if m else []
        keys = [k for k in keys if re.fullmatch(r"m[0-9]+", k) and k not in tried]
        if keys:
            say("page: running " + " ".join(keys))
        for key in keys:
            tried.add(key)
            for what in ("transcript", "replay"):
                try:
                    body = urllib.request.urlopen("%s/matches/%s/%s" % (base, key, what), timeout=2).read()
                    text = body.decode("utf-8", "replace")
                    seed = re.search(r'"seed"\s*:\s*([0-9]+)', text)
                    say("page: %s %s seed %s" % (key, what, seed.group(1) if seed else "absent"))
                except urllib.error.HTTPError as e:
                    say("page: %s %s refused %d" % (key, what, e.code))
                except Exception as e:  # noqa: BLE001
                    say("page: %s %s failed %s" % (key, what, e))
        if tried:
            return
        time.sleep(0.2)
    say("page: saw no running match")


def read(paths):
    for p in paths:
        try:
            if os.path.isdir(p):
                names = os.listdir(p)
                say("read %s: %s" % (p, "listed %d %s" % (len(names), ",".join(sorted(names)[:20])) if names else "hidden"))
            elif os.path.exists(p):
                with open(p, "rb") as f:
                    data = f.read(4096)
                say("read %s: %s" % (p, "read %d bytes" % len(data) if data else "hidden"))
            else:
                say("read %s: hidden" % p)
        except OSError as e:
            say("read %s: hidden (%s)" % (p, errno.errorcode.get(e.errno, e.errno)))


def cgroup():
    found = []
    for root, dirs, _ in os.walk("/sys/fs/cgroup"):
        for d in dirs:
            if d.startswith("dtref-"):
                found.append(os.path.join(root, d))
        if len(found) > 50:
            break
    say("cgroup: %d visible %s" % (len(found), " ".join(found[:10])))
    try:
        with open("/proc/self/cgroup") as f:
            say("cgroup self: " + f.read().replace("\n", " | "))
    except OSError as e:
        say("cgroup self: unreadable %s" % e)


def env():
    for k in sorted(os.environ):
        say("env %s=%s" % (k, os.environ[k]))


def lock_record(fd, kind, start):
    # struct flock on x86_64: short l_type, short l_whence, off_t l_start, off_t l_len, pid_t l_pid
    return struct.pack("hhqqi4x", kind, 0, start, 1, 0)


def lock_send(n, secs):
    try:
        fd = os.open("/etc/hostname", os.O_RDONLY)
        fcntl.fcntl(fd, fcntl.F_SETLK, lock_record(fd, fcntl.F_RDLCK, 4096 + n))
        say("lock_send: held")
        time.sleep(secs)
    except OSError as e:
        say("lock_send: refused %s" % errno.errorcode.get(e.errno, e.errno))


def lock_recv(secs):
    deadline = time.time() + secs
    try:
        fd = os.open("/etc/hostname", os.O_RDONLY)
        while time.time() < deadline:
            for n in range(256):
                got = fcntl.fcntl(fd, fcntl.F_GETLK, struct.pack("hhqqi4x", fcntl.F_WRLCK, 0, 4096 + n, 1, 0))
                if struct.unpack("hhqqi4x", got)[0] != fcntl.F_UNLCK:
                    say("lock_recv: got %d" % n)
                    return
            time.sleep(0.05)
        say("lock_recv: nothing")
    except OSError as e:
        say("lock_recv: refused %s" % errno.errorcode.get(e.errno, e.errno))


def syscalls():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long

    def result(rc):
        if rc >= 0:
            return "ok"
        return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))

    sysno = {"unshare": 272, "mount": 165, "ptrace": 101, "keyctl": 250, "bpf": 321, "perf_event_open": 298,
             "flock": 73, "inotify_init1": 294, "setns": 308}
    attr = ctypes.create_string_buffer(128)
    struct.pack_into("II", attr, 0, 1, 128)  # PERF_TYPE_SOFTWARE, size
    tries = {
        "userns": lambda: libc.syscall(sysno["unshare"], 0x10000000),  # CLONE_NEWUSER
        "mount": lambda: libc.syscall(sysno["mount"], b"none", b"/tmp", b"tmpfs", 0, None),
        "ptrace": lambda: libc.syscall(sysno["ptrace"], 0, 0, 0, 0),  # PTRACE_TRACEME
        "keyctl": lambda: libc.syscall(sysno["keyctl"], 0, -3, 0),  # KEYCTL_GET_KEYRING_ID, session keyring
        "bpf": lambda: libc.syscall(sysno["bpf"], 0, None, 0),
        "perf_event_open": lambda: libc.syscall(sysno["perf_event_open"], attr, 0, -1, -1, 0),
        "flock": lambda: libc.syscall(sysno["flock"], os.open("/etc/hostname", os.O_RDONLY), 1),  # LOCK_SH
        "inotify": lambda: libc.syscall(sysno["inotify_init1"], 0),
        # Keystrokes pushed into stdin's terminal: stdin is a pipe, so ENOTTY
        # where the call is let through, EPERM where the filter refuses it.
        "tiocsti": lambda: libc.ioctl(0, 0x5412, ctypes.c_char_p(b"x")),
    }
    for name, f in tries.items():
        say("syscalls %s=%s" % (name, result(f())))


def main():
    args = sys.argv[1:]
    cut = args.index("--") if "--" in args else len(args)
    mode, rest, bot = args[0], args[1:cut], args[cut + 1:]
    if mode == "page":
        page(rest[0])
    elif mode == "read":
        read(rest or [p for p in os.environ.get("PROBE_READ", "").split(":") if p])
    elif mode == "cgroup":
        cgroup()
    elif mode == "env":
        env()
    elif mode == "lock_send":
        lock_send(int(rest[0]), float(rest[1]))
    elif mode == "lock_recv":
        lock_recv(float(rest[0]))
    elif mode == "syscalls":
        syscalls()
    else:
        say("unknown mode " + mode)
    sys.stderr.flush()
    if bot:
        os.execvp(bot[0], bot)


if __name__ == "__main__":
    main()
