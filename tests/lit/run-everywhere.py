#!/usr/bin/env python3
"""Run a Loom program on every backend and check that the outputs agree.

Lit substitutes this script for %run-everywhere (tests/lit/lit.cfg.py):

  RUN: %run-everywhere %t.exe | FileCheck %s

The program runs first natively (LOOM_BACKEND=host), then on emu and on sim
with LOOM_OFFLOAD=mandatory, each under LOOM_WORKERS=1, 2 and 4. Every run
must exit with 0 and print, on stdout, exactly what the host run printed.
The script then prints the host run's stdout, so the test checks the
numbers once, and exits with 0; at the first run that exits with another
code or prints something else it names the backend and worker count, shows
the first differing line and exits with 1. The rest of the environment (the
test's LOOM_REPORT aside, which every run would overwrite) is passed on.

Python 3, standard library only.
"""

import argparse
import os
import subprocess
import sys

RUNS = [("host", None)] + [(backend, workers) for backend in ("emu", "sim")
                           for workers in (1, 2, 4)]


def describe(backend, workers):
    if backend == "host":
        return "LOOM_BACKEND=host"
    return "LOOM_BACKEND=%s LOOM_OFFLOAD=mandatory LOOM_WORKERS=%d" % (
        backend, workers)


def first_difference(want, got):
    a, b = want.splitlines(), got.splitlines()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<end of output>"
        y = b[i] if i < len(b) else "<end of output>"
        if x != y:
            return "line %d: host printed '%s', got '%s'" % (i + 1, x, y)
    return "the outputs differ in their line endings"


def run(cmd, backend, workers, timeout):
    env = dict(os.environ)
    env.pop("LOOM_REPORT", None)
    env["LOOM_BACKEND"] = backend
    if backend == "host":
        env.pop("LOOM_OFFLOAD", None)
        env.pop("LOOM_WORKERS", None)
    else:
        env["LOOM_OFFLOAD"] = "mandatory"
        env["LOOM_WORKERS"] = str(workers)
    try:
        p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", "", ""
    except OSError as e:
        return "error", "", "cannot run %s: %s" % (cmd[0], e)
    return (p.returncode, p.stdout.decode(errors="replace"),
            p.stderr.decode(errors="replace"))


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        usage="%(prog)s [--timeout=S] EXE [ARG...]")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds per run (default 600)")
    ap.add_argument("cmd", nargs=argparse.REMAINDER,
                    help="the program and its arguments")
    args = ap.parse_args()
    if not args.cmd:
        ap.error("no program to run")
    host = None
    for backend, workers in RUNS:
        what = describe(backend, workers)
        rc, out, err = run(args.cmd, backend, workers, args.timeout)
        if rc != 0:
            how = ("timed out after %g s" % args.timeout if rc == "timeout"
                   else err.strip() if rc == "error"
                   else "killed by signal %d" % -rc if rc < 0
                   else "exit code %d" % rc)
            sys.stderr.write("run-everywhere: %s %s: %s\n" % (what,
                                                              args.cmd[0],
                                                              how))
            if out:
                sys.stderr.write("--- its stdout ---\n%s" % out)
            if err and rc != "error":
                sys.stderr.write("--- its stderr ---\n%s" % err)
            return 1
        if host is None:
            host = out
            continue
        if out != host:
            sys.stderr.write(
                "run-everywhere: %s %s: output differs from the host run's, "
                "%s\n--- host stdout ---\n%s--- %s stdout ---\n%s" % (
                    what, args.cmd[0], first_difference(host, out), host,
                    what, out))
            return 1
    sys.stdout.write(host)
    return 0


if __name__ == "__main__":
    sys.exit(main())
