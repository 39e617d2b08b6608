#!/usr/bin/env python3
"""Compile time of loom-clang++ over clang++ -O2 per sample.

Each sample of samples/cpp is compiled to an object file by
`loom-clang++ -O2 -c` (the whole device path: plugin, raising, ownership,
dataflow lowering, artifact embedding) and by plain `clang++ -O2 -c` with
`-I hints-header/include` (the hints become nothing), alternating run by
run so both see the same machine load. Reported: the median wall time of
each and the median of the per-run ratios. No target is set by the issues;
the ratio is what a user pays for offloading.

Usage: bench/compile_time.py [--build build] [--runs 3] [samples...]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import benchlib
from benchlib import fmt, median, table


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
        for sample in samples:
            source = os.path.join(benchlib.ROOT, "samples", "cpp",
                                  sample + ".cpp")
            loom, clang, ratios = [], [], []
            try:
                for _ in range(runs):
                    c = timed([benchlib.CLANG, "-O2", "-c", source,
                               "-I" + hints, "-o", obj])
                    l = timed([loom_cxx, "-O2", "-c", source, "-o", obj])
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
    out = [
        "## Compile time of loom-clang++ over clang++ -O2 (issue G)", "",
        "`bench/compile_time.py`: each sample compiled to an object file by "
        "`loom-clang++ -O2 -c` and by `clang++ -O2 -c -I "
        f"hints-header/include`, alternating, {runs} run(s) each; wall "
        "seconds are medians, the ratio is the median of the per-run "
        "ratios. No target is set; this is the cost of the device path.", "",
        table(["sample", "loom-clang++ s", "clang++ -O2 s",
               "loom-clang++ / clang++"], table_rows, "lrrr"),
        "",
        f"**Median ratio over {len(ratios)} samples: {fmt(median(ratios))} "
        f"(range {fmt(min(ratios)) if ratios else '–'} – "
        f"{fmt(max(ratios)) if ratios else '–'}); no target.**",
    ]
    if summary is not None:
        summary.append(["G", "compile time loom-clang++ / clang++ -O2 per "
                        "sample", "none set", f"median {fmt(median(ratios))}",
                        "reported"])
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
