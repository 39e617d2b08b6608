#!/usr/bin/env python3
"""Achieved iterations per cycle of every loop of every sample kernel.

Every sample runs under LOOM_BACKEND=sim (cgra-8x8, LOOM_OFFLOAD=default:
a kernel that does not map runs on the emulator and has no rates);
its LOOM_REPORT gives per launch and loop the iterations, the cycles from
the loop's first to its last iteration, and the loop's resource bound and
recurrence bound (docs/simulator.md, "Metrics"). Per loop, summed over the
kernel's logged launches:

- steady rate: iterations / loop cycles (how fast the loop runs once going);
- overall rate: iterations / all simulated cycles of the kernel (what the
  user gets, launch start-up and the other graphs included);
- bound: min(resource bound, recurrence bound), the most iterations per
  cycle the mapping allows.

The streaming kernels (vecadd, saxpy, relu) must reach 0.5 iterations per
cycle overall (issue F); their stalls by cause are listed to say why not.

Usage: bench/iteration_rates.py [--build build] [--small] [samples...]
"""
import argparse
import os
import sys

import benchlib
from benchlib import fmt, table, verdict

TARGET_STREAMING = 0.5


def loop_rows(runner, samples):
    """Rows per loop, the streaming verdicts, stalls and failures."""
    rows, streaming, stalls, failures = [], [], {}, []
    for sample in samples:
        run = runner.run(sample, "sim")
        if not run["ok"]:
            failures.append(sample)
            continue
        for kernel, total in benchlib.kernel_totals(run["report"],
                                                    "sim").items():
            streams = kernel in benchlib.STREAMING.get(sample, ())
            if streams:
                stalls[(sample, kernel)] = (total["stalls"], total["cycles"])
            if not total["loops"] and total["instances"]:
                # A LOOM_PARALLEL loop whose body is one graph launch per
                # thread instance: each instance is one iteration.
                overall = total["instances"] / max(1, total["cycles"])
                rows.append([sample, f"`{kernel}`", "–",
                             "thread instances (no loop inside the graphs)",
                             total["graph_launches"], total["instances"],
                             "–", fmt(overall), "–", "–", "–"])
                if streams:
                    streaming.append((sample, kernel, "thread instances",
                                      None, overall, None))
            for (graph, loop), agg in total["loops"].items():
                steady = (agg["iterations"] / agg["cycles"]
                          if agg["cycles"] else 0.0)
                overall = (agg["iterations"] / total["cycles"]
                           if total["cycles"] else 0.0)
                bound = min(agg["resource_bound"], agg["recurrence_bound"])
                rows.append([
                    sample, f"`{kernel}`", f"`{graph}`", loop,
                    agg["launches"], agg["iterations"], fmt(steady),
                    fmt(overall), fmt(agg["resource_bound"]),
                    fmt(agg["recurrence_bound"]),
                    fmt(steady / bound if bound else None, 2)])
                if streams:
                    streaming.append((sample, kernel, loop, steady, overall,
                                      bound))
    return rows, streaming, stalls, failures


def section(runner, samples, summary=None):
    """The Markdown section; appends its summary row to `summary`."""
    rows, streaming, stalls, failures = loop_rows(runner, samples)
    out = [
        "## Iterations per cycle against the lower bound (issue F)", "",
        "`bench/iteration_rates.py`: every loop of every sample kernel on "
        "cgra-8x8, from `LOOM_REPORT`, summed over the kernel's logged "
        "launches. *Steady* = iterations / cycles from a loop's first to "
        "its last iteration; *overall* = iterations / all simulated cycles "
        "of the kernel; the bound in iterations per cycle is "
        "min(resource bound, recurrence bound) (docs/simulator.md). "
        "A loop's location names its controlling actor. A kernel whose "
        "parallel loop became thread instances with no loop inside their "
        "graphs gets one row *thread instances*: each instance is one "
        "iteration, one graph launch (launches column: graph launches).",
        "",
        table(["sample", "kernel", "graph", "loop", "launches", "iterations",
               "steady it/cycle", "overall it/cycle", "resource bound",
               "recurrence bound", "steady / bound"],
              rows, "llllrrrrrrr"),
        "", "### Streaming kernels (target: at least 0.5 iterations per "
        "cycle)", "",
    ]
    stream_rows = []
    all_ok = bool(streaming)
    for sample, kernel, loop, steady, overall, bound in streaming:
        ok = overall >= TARGET_STREAMING
        all_ok &= ok
        stream_rows.append([sample, f"`{kernel}`", loop, fmt(steady),
                            fmt(overall), fmt(bound), verdict(ok)])
    for sample in benchlib.STREAMING:
        if sample in samples and not any(s == sample for s, *_ in streaming):
            all_ok = False
            stream_rows.append([sample, "–", "no loop reported", "–", "–",
                                "–", verdict(False)])
    out.append(table(["sample", "kernel", "loop", "steady it/cycle",
                      "overall it/cycle", "bound", "0.5 overall"],
                     stream_rows, "lllrrrl"))
    out += ["", "Stalled actor-cycles by cause (summed over the logged "
            "launches; an actor with pending work that did not fire counts "
            "once per cycle under its first failing condition):", ""]
    causes = sorted({c for s, _ in stalls.values() for c in s})
    out.append(table(["sample", "kernel", "cycles"] + causes,
                     [[s, f"`{k}`", cycles] + [st.get(c, 0) for c in causes]
                      for (s, k), (st, cycles) in stalls.items()],
                     "llr" + "r" * len(causes)))
    out += ["", f"**Streaming kernels at 0.5 iterations per cycle overall: "
            f"{verdict(all_ok)}.**"]
    if summary is not None:
        summary.append(["F", "streaming kernels (vecadd, saxpy, relu), "
                        "iterations per cycle overall", ">= 0.5",
                        ", ".join(f"{s} {fmt(o)} (steady {fmt(st)})"
                                  for s, _, _, st, o, _ in streaming) or "–",
                        verdict(all_ok)])
    if failures:
        out += ["", "Samples that failed on sim (not in the tables): " +
                ", ".join(failures)]
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
