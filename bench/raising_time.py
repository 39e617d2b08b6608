#!/usr/bin/env python3
"""Raising time per kernel as a ratio of clang -O2 compile time.

For every C++ file given (default: the raising corpus and the end-to-end
programs), the kernels' device IR is saved once with
`loom-clang++ --loom-save-temps`; then, side by side in one run and
alternating to share the machine's noise, `loom-raise` on each kernel's IR
and `clang++ -O2 -c` on the whole translation unit are timed. The report is
the median of the per-run ratios raise/clang for each kernel.

Usage: bench/raising_time.py [--build build] [--runs 5] [files.cpp ...]
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG = "/usr/lib/llvm-22/bin/clang++"


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or sorted(
        glob.glob(os.path.join(ROOT, "tests/lit/RaisingCorpus/*.cpp")) +
        glob.glob(os.path.join(ROOT, "tests/lit/EndToEnd/*.cpp")))
    loom_cxx = os.path.join(args.build, "bin", "loom-clang++")
    loom_raise = os.path.join(args.build, "bin", "loom-raise")
    include = os.path.join(args.build, "include")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for source in files:
            temps = os.path.join(tmp, os.path.basename(source) + ".d")
            obj = os.path.join(tmp, "out.o")
            result = subprocess.run(
                [loom_cxx, "-O2", "-c", source, "-o", obj,
                 "--loom-save-temps=" + temps],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if result.returncode != 0 or not os.path.isdir(temps):
                continue
            kernels = sorted(f for f in os.listdir(temps) if f.endswith(".ll"))
            for kernel in kernels:
                ratios = []
                for _ in range(args.runs):
                    clang = timed([CLANG, "-O2", "-c", source, "-o", obj,
                                   "-I" + include])
                    raise_ = timed([loom_raise, os.path.join(temps, kernel),
                                    "-o", os.devnull])
                    ratios.append(raise_ / clang)
                rows.append((os.path.basename(source), kernel[:-3],
                             statistics.median(ratios)))
    if not rows:
        print("no kernels found", file=sys.stderr)
        return 1
    print(f"{'file':32} {'kernel':28} raise/clang-O2")
    for source, kernel, ratio in rows:
        print(f"{source:32} {kernel:28} {ratio:8.3f}")
    print(f"median over {len(rows)} kernels: "
          f"{statistics.median(r for _, _, r in rows):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
