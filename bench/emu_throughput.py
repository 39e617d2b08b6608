#!/usr/bin/env python3
"""Emulator throughput (actor firings per second) and slowdown against native.

For vecadd, gemm and histogram of the raising corpus, each kernel's device IR
is saved once with `loom-clang++ --loom-save-temps`; then
`loom-raise-check --bench-seconds=S` runs, in one process and side by side,
the original kernel compiled natively (ORC JIT of the -O2 IR) and the
kernel's dataflow program on the emulator (the LOOM_BACKEND=emu
interpreter: threads interpreted, graphs emulated token by token), each for
about S seconds of CPU time on its own copy of the same inputs. Times are
the CPU time of the running thread, not wall time, so other processes on a
shared machine do not count against either side. The table gives the
emulator's actor firings per run and per second (graph actors only; host
ops of the thread bodies are not counted as firings but their time is) and
emulator time / native time.

With --baseline OTHER_LOOM_RAISE_CHECK (a copy of the tool built from
another revision), every repetition runs the baseline and the current tool
alternately on the same IR, and the table adds the baseline's throughput
and the speedup (before/after comparisons of emulator changes).

Usage: bench/emu_throughput.py [--build build] [--seconds 1] [--repeat 3]
                               [--baseline path/to/loom-raise-check]
"""
import argparse
import os
import platform
import re
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (corpus file, kernel symbol, --args of one run, what the size means)
KERNELS = [
    ("vecadd.cpp", "_Z6vecaddPKfS0_Pfi",
     "f32[4096],f32[4096],f32[4096],i32=4096", "n=4096"),
    ("gemm.cpp", "_Z4gemmPKfS0_Pfiii",
     "f32[1024],f32[1024],f32[1024],i32=32,i32=32,i32=32", "32x32x32"),
    ("histogram.cpp", "_Z9histogramPKiPii",
     "i32[4096]:range=0..15,i32[16],i32=4096", "n=4096, 16 bins"),
]

BENCH_LINE = re.compile(
    r"BENCH (\S+) firings=(\d+) emu_s=(\S+) native_s=(\S+) "
    r"firings_per_s=(\S+) slowdown=(\S+)")


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} " \
           f"{platform.release()}"


def run_one(raise_check, ll, kernel, args, seconds):
    out = subprocess.run(
        [raise_check, ll, "--kernel=" + kernel, "--args=" + args,
         "--bench-seconds=" + str(seconds)],
        check=True, capture_output=True, text=True).stdout
    match = BENCH_LINE.search(out)
    if not match:
        raise SystemExit(f"no BENCH line for {kernel}:\n{out}")
    return {"firings": int(match.group(2)), "emu": float(match.group(3)),
            "native": float(match.group(4)), "rate": float(match.group(5)),
            "slowdown": float(match.group(6))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds per side and repetition")
    parser.add_argument("--repeat", type=int, default=3,
                        help="repetitions; the median is reported")
    parser.add_argument("--baseline",
                        help="a loom-raise-check of another revision")
    args = parser.parse_args()
    loom_cxx = os.path.join(args.build, "bin", "loom-clang++")
    raise_check = os.path.join(args.build, "bin", "loom-raise-check")
    print(f"machine: {machine()}")
    extra = (" baseline M firings per CPU s | speedup |" if args.baseline
             else "")
    print("| kernel | size | firings/run | emu CPU ms/run | native CPU us/run "
          "| M firings per CPU s | slowdown (emu/native) |" + extra)
    print("|---|---|---:|---:|---:|---:|---:|" +
          ("---:|---:|" if args.baseline else ""))
    with tempfile.TemporaryDirectory() as tmp:
        for source, kernel, kernel_args, size in KERNELS:
            temps = os.path.join(tmp, source + ".d")
            subprocess.run(
                [loom_cxx, "-O2", "-c",
                 os.path.join(ROOT, "tests/lit/RaisingCorpus", source),
                 "-o", os.path.join(tmp, "out.o"),
                 "--loom-save-temps=" + temps],
                check=True, stdout=subprocess.DEVNULL)
            ll = [f for f in os.listdir(temps) if f.endswith(".ll")][0]
            runs, baseline_rates = [], []
            for _ in range(args.repeat):
                if args.baseline:
                    baseline_rates.append(run_one(
                        args.baseline, os.path.join(temps, ll), kernel,
                        kernel_args, args.seconds)["rate"])
                runs.append(run_one(raise_check, os.path.join(temps, ll),
                                    kernel, kernel_args, args.seconds))
            median = {key: statistics.median(run[key] for run in runs)
                      for key in runs[0]}
            row = (f"| {source[:-4]} | {size} | {median['firings']:.0f} "
                   f"| {median['emu'] * 1e3:.2f} "
                   f"| {median['native'] * 1e6:.2f} "
                   f"| {median['rate'] / 1e6:.2f} "
                   f"| {median['slowdown']:.0f} |")
            if args.baseline:
                baseline = statistics.median(baseline_rates)
                row += (f" {baseline / 1e6:.2f} "
                        f"| {median['rate'] / baseline:.2f} |")
            print(row)


if __name__ == "__main__":
    main()
