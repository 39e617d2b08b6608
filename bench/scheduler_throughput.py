#!/usr/bin/env python3
"""Dynamic-work scheduler throughput on a 2^16-node tree, 1/2/4 workers.

Three measurements, each side by side in one run (worker counts alternate
run by run so they share the machine's noise), each a median:

1. `loom-bench-scheduler`: the WorkScheduler alone, items that only store
   into their slot and spawn (scheduling overhead);
2. the same with 200 mixing rounds of work per item;
3. `loom-emu --entry=tree bench/scheduler/tree.mlir`: the interpreted
   dynamic-work program, one graph launch on the emulator per item
   (process start-up and parsing included).

Every run's results are checked (the benchmark binary checks each slot;
the loom-emu outputs must be identical for every worker count).

Usage: bench/scheduler_throughput.py [--build build] [--runs 5]
       [--nodes 65536]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKERS = [1, 2, 4]


def bench_table(binary, nodes, runs, work):
    out = subprocess.run(
        [binary, f"--nodes={nodes}", f"--runs={runs}", f"--work={work}",
         "--workers=" + ",".join(map(str, WORKERS))],
        check=True, capture_output=True, text=True).stdout
    rates = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells and cells[0].isdigit():
            rates[int(cells[0])] = float(cells[1])
    return rates


def emu_rates(emu, nodes, runs):
    program = os.path.join(ROOT, "bench/scheduler/tree.mlir")
    times = {w: [] for w in WORKERS}
    reference = None
    for run in range(runs + 1):
        for workers in WORKERS:
            cmd = [emu, program, "--entry=tree", f"--values={nodes}",
                   f"--memory=i64[{nodes}]", f"--workers={workers}",
                   "--format=flat"]
            start = time.perf_counter()
            out = subprocess.run(cmd, check=True, capture_output=True).stdout
            elapsed = time.perf_counter() - start
            if reference is None:
                reference = out
            elif out != reference:
                sys.exit(f"loom-emu with {workers} workers printed different "
                         "memory")
            if run > 0:
                times[workers].append(elapsed)
    return {w: nodes / statistics.median(t) for w, t in times.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--nodes", type=int, default=1 << 16)
    args = parser.parse_args()
    bindir = os.path.join(args.build, "bin")
    binary = os.path.join(bindir, "loom-bench-scheduler")
    if not os.path.exists(binary):
        sys.exit(f"{binary} is missing: scripts/build.sh loom-bench-scheduler")
    columns = [
        ("scheduler only", bench_table(binary, args.nodes, args.runs, 0)),
        ("scheduler, 200 rounds/item",
         bench_table(binary, args.nodes, args.runs, 200)),
        ("loom-emu program, 1 graph/item",
         emu_rates(os.path.join(bindir, "loom-emu"), args.nodes, args.runs)),
    ]
    print(f"{args.nodes} items, median of {args.runs} runs, "
          f"{os.cpu_count()} hardware threads, load average "
          f"{os.getloadavg()[0]:.1f}")
    print("| workers | " + " | ".join(f"{name}: items/s (vs 1)"
                                       for name, _ in columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for workers in WORKERS:
        cells = []
        for _, rates in columns:
            cells.append(f"{rates[workers]:.3g} ({rates[workers] / rates[1]:.2f})")
        print(f"| {workers} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
