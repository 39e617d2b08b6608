#!/usr/bin/env python3
"""Compile time of loom-clang++ over clang++ -O2 per sample.

Each sample of samples/cpp, and each C++-idiom end-to-end program
(tests/lit/EndToEnd/cxx-*.cpp: helpers, templates, std containers and
algorithms, all inlined by the device compile), is compiled to an object
file by
`loom-clang++ -O2 -c` (the whole device path: plugin, raising, ownership,
dataflow lowering, artifact embedding) and by plain `clang++ -O2 -c` with
`-I hints-header/include` (the hints become nothing), alternating run by
run so both see the same machine load. Reported: the median wall time of
each and the median of the per-run ratios. Target (issue H): the median
ratio stays at most 1.5.

Usage: bench/compile_time.py [--build build] [--runs 3] [samples...]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import glob

import benchlib
from benchlib import fmt, median, table

TARGET = 1.5


def cxx_programs():
    """The C++-idiom end-to-end programs, as (name, path)."""
    pattern = os.path.join(benchlib.ROOT, "tests", "lit", "EndToEnd",
                           "cxx-*.cpp")
    return [(os.path.basename(p)[:-4], p) for p in sorted(glob.glob(pattern))]


def timed(cmd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1]
                           if proc.stderr.strip() else "failed")
    return elapsed


def measure(build, samples, runs):
    loom_cxx = os.path.join(build, "bin", "loom-clang++")
    hints = os.path.join(benchlib.ROOT, "hints-header", "include")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "out.o")
        inputs = [(sample, os.path.join(benchlib.ROOT, "samples", "cpp",
                                        sample + ".cpp"))
                  for sample in samples] + cxx_programs()
        for sample, source in inputs:
            loom, clang, ratios = [], [], []
            try:
                for _ in range(runs):
                    c = timed([benchlib.CLANG, "-std=c++20", "-O2", "-c",
                               source, "-I" + hints, "-o", obj])
                    l = timed([loom_cxx, "-std=c++20", "-O2", "-c", source,
                               "-o", obj])
                    clang.append(c)
                    loom.append(l)
                    ratios.append(l / c)
            except RuntimeError as error:
                rows.append((sample, None, None, None, str(error)))
                continue
            rows.append((sample, median(loom), median(clang), median(ratios),
                         None))
    return rows


def section(build, samples, runs, summary=None):
    """The Markdown section; appends its summary row to `summary`."""
    rows = measure(build, samples, runs)
    table_rows = []
    for sample, loom, clang, ratio, error in rows:
        if error:
            table_rows.append([sample, "–", "–", f"failed: {error}"])
        else:
            table_rows.append([sample, f"{loom:.2f}", f"{clang:.2f}",
                               fmt(ratio)])
    ratios = [r for _, _, _, r, e in rows if not e]
    met = bool(ratios) and median(ratios) <= TARGET
    out = [
        "## Compile time of loom-clang++ over clang++ -O2 (issues G, H)", "",
        "`bench/compile_time.py`: each sample and each C++-idiom program "
        "(`tests/lit/EndToEnd/cxx-*.cpp`) compiled to an object file by "
        "`loom-clang++ -std=c++20 -O2 -c` and by `clang++ -std=c++20 -O2 -c "
        f"-I hints-header/include`, alternating, {runs} run(s) each; wall "
        "seconds are medians, the ratio is the median of the per-run "
        f"ratios. Target (issue H): median at most {TARGET}.", "",
        table(["sample", "loom-clang++ s", "clang++ -O2 s",
               "loom-clang++ / clang++"], table_rows, "lrrr"),
        "",
        f"**Median ratio over {len(ratios)} samples: {fmt(median(ratios))} "
        f"(range {fmt(min(ratios)) if ratios else '–'} – "
        f"{fmt(max(ratios)) if ratios else '–'}); target at most {TARGET}: "
        f"{'met' if met else 'NOT met'}.**",
    ]
    if summary is not None:
        summary.append(["H", "compile time loom-clang++ / clang++ -O2 per "
                        "program", f"median <= {TARGET}",
                        f"median {fmt(median(ratios))}",
                        "pass" if met else "FAIL"])
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(benchlib.ROOT,
                                                        "build"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("samples", nargs="*")
    args = parser.parse_args()
    sys.stdout.write(section(args.build, args.samples or benchlib.SAMPLES,
                             args.runs))


if __name__ == "__main__":
    main()
