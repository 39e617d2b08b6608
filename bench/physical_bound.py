#!/usr/bin/env python3
"""Every sample loop against the fabric's physical bound (issue L).

Every sample runs under LOOM_BACKEND=sim on cgra-8x8 (the runs of
iteration_rates.py, shared through run_all.py). Per loop, from LOOM_REPORT
summed over the kernel's logged launches: the steady rate (iterations /
cycles from the loop's first to its last iteration), the physical bound
(what the fabric itself allows the program's loop: its memory requests,
compute actors and true recurrence latency against the whole fabric, no
mapping or lowering plumbing counted; docs/simulator.md, "Metrics") and
their ratio. A loop of fewer than two iterations per launch has no steady
rate and is left out. The figure of a sample is the geometric mean of its
loops' ratios; the figure of the run the geometric mean over the samples.

Targets (issue L, on cgra-8x8): the geometric mean at least 0.7; vecadd,
saxpy and relu at 80% of the memory-interface bound.

Usage: bench/physical_bound.py [--build build] [--small] [samples...]
"""
import argparse
import math
import os
import sys

import benchlib
from benchlib import fmt, table, verdict

TARGET_GEOMEAN = 0.7
TARGET_STREAMING = 0.8


def geomean(values):
    values = [v for v in values if v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def loop_ratios(runner, samples):
    """Rows per loop, the ratios per sample, the streaming ratios."""
    rows, per_sample, streaming, failures = [], {}, {}, []
    for sample in samples:
        run = runner.run(sample, "sim")
        if not run["ok"]:
            failures.append(sample)
            continue
        for kernel, total in benchlib.kernel_totals(run["report"],
                                                    "sim").items():
            for (graph, loop), agg in total["loops"].items():
                if agg["iterations"] < 2 * agg["launches"]:
                    continue
                steady = (agg["iterations"] / agg["cycles"]
                          if agg["cycles"] else 0.0)
                bound = agg["physical_bound"]
                ratio = steady / bound if bound else None
                if ratio is not None:
                    per_sample.setdefault(sample, []).append(ratio)
                if (kernel in benchlib.STREAMING.get(sample, ())
                        and loop == "pipelined instances"):
                    streaming[sample] = (steady, bound, ratio)
                rows.append([sample, f"`{kernel}`", loop, agg["lanes"],
                             agg["iterations"], fmt(steady),
                             fmt(bound) if bound else "none",
                             fmt(ratio, 2)])
    return rows, per_sample, streaming, failures


def section(runner, samples, summary=None):
    """The Markdown section; appends its summary rows to `summary`."""
    rows, per_sample, streaming, failures = loop_ratios(runner, samples)
    sample_rows = [[sample, len(ratios), fmt(geomean(ratios), 2)]
                   for sample, ratios in per_sample.items()]
    overall = geomean([geomean(r) for r in per_sample.values()])
    geomean_ok = overall is not None and overall >= TARGET_GEOMEAN
    stream_rows, stream_ok = [], bool(streaming)
    for sample in benchlib.STREAMING:
        if sample not in samples:
            continue
        steady, bound, ratio = streaming.get(sample, (None, None, None))
        ok = ratio is not None and ratio >= TARGET_STREAMING
        stream_ok &= ok
        stream_rows.append([sample, fmt(steady), fmt(bound), fmt(ratio, 2),
                            verdict(ok)])
    out = [
        "## Loops against the fabric's physical bound (issue L)", "",
        "`bench/physical_bound.py`: every loop of every sample on cgra-8x8 "
        "with at least two iterations per launch. *Physical bound* = the "
        "most iterations per cycle the fabric allows the program's loop "
        "(memory requests, compute actors and the compute latency of its "
        "true recurrence against the whole fabric; docs/simulator.md, "
        "\"Metrics\"); *lanes* = the copies of a dense thread's graph its "
        "instances ran on (docs/runtime.md, \"Lanes\").", "",
        table(["sample", "kernel", "loop", "lanes", "iterations",
               "steady it/cycle", "physical bound", "steady / bound"],
              rows, "lllrrrrr"),
        "", "Per sample, the geometric mean of its loops' ratios:", "",
        table(["sample", "loops", "geometric mean"], sample_rows, "lrr"),
        "", f"**Geometric mean over the samples: {fmt(overall, 2)} "
        f"(target >= {TARGET_GEOMEAN}): {verdict(geomean_ok)}.**", "",
        "Streaming kernels against their memory-interface bound (target: "
        f"{int(TARGET_STREAMING * 100)}%):", "",
        table(["sample", "steady it/cycle", "physical bound", "ratio",
               f"{int(TARGET_STREAMING * 100)}%"], stream_rows, "lrrrl"),
    ]
    if failures:
        out += ["", "Samples that failed on sim (not in the tables): " +
                ", ".join(failures)]
    if summary is not None:
        summary.append(["L", "loops against the physical bound on cgra-8x8, "
                        "geometric mean over the samples", ">= 0.7",
                        fmt(overall, 2), verdict(geomean_ok)])
        summary.append(["L", "vecadd, saxpy, relu against the memory bound",
                        ">= 0.8",
                        ", ".join(f"{r[0]} {r[3]}" for r in stream_rows)
                        or "–", verdict(stream_ok)])
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(benchlib.ROOT,
                                                        "build"))
    parser.add_argument("--small", action="store_true")
    parser.add_argument("samples", nargs="*")
    args = parser.parse_args()
    samples = args.samples or benchlib.SAMPLES
    runner = benchlib.SampleRunner(args.build, small=args.small)
    runner.check_built(samples)
    sys.stdout.write(section(runner, samples))


if __name__ == "__main__":
    main()
