#!/usr/bin/env python3
"""Loop II on the time-multiplexed presets against the published anchors.

Issue K compares Loom's loop rates with the CGRA literature: the anchors
are the initiation intervals (II, cycles per loop iteration) that Neura /
CGRA-Flow's heuristic mapper reports on a 4x4 array for nine kernels
(axpy 5, fir 5, relu 5, histogram 6, gemv 11, bicg 12, gemm 17, spmv 15,
fft 19; mean II/MII 1.22, 1.13 with their exact CP-SAT mapper).

Each kernel is a sample (samples/cpp); it runs under LOOM_BACKEND=sim on
cgra-4x4-temporal and cgra-8x8-temporal with LOOM_OFFLOAD=mandatory. Per
kernel the row is its innermost loop: the loop of the kernel with the most
iterations (a LOOM_PARALLEL loop whose iterations became the pipelined
instances of a dense launch is the row "pipelined instances"). From the
run report (docs/simulator.md, "Metrics"), summed over the logged
launches:

- II = loop cycles / (iterations - spans): the steady cycles per
  iteration, 1 / the achieved rate;
- ResMII = 1 / resource bound: the busiest unit's, shared link's or
  memory interface's cycles per iteration as mapped (actors sharing a unit
  add up, and so do values sharing a link's channels);
- RecMII = 1 / recurrence bound: the longest dependence cycle, in cycles
  (1 for independent instances);
- MII = max(ResMII, RecMII).

Targets (issue K): II <= the anchor on every kernel, mean II/MII <= 1.10
on cgra-4x4-temporal, and II on cgra-8x8-temporal never above II on
cgra-4x4-temporal.

Usage: bench/ii_anchors.py [--build build] [--small]
"""
import argparse
import os
import sys

import benchlib
from benchlib import fmt, table, verdict

SMALL_FABRIC = "cgra-4x4-temporal"
BIG_FABRIC = "cgra-8x8-temporal"
TARGET_MEAN_RATIO = 1.10

# (anchor kernel, sample, Loom kernel name, anchor II on a 4x4 array).
ANCHORS = [
    ("axpy", "saxpy", "saxpy", 5),
    ("fir", "fir", "fir", 5),
    ("relu", "relu", "leakyRelu", 5),
    ("histogram", "histogram", "histogram", 6),
    ("gemv", "gemv", "gemv", 11),
    ("bicg", "bicg", "bicg", 12),
    ("gemm", "gemm", "gemm", 17),
    ("spmv", "spmv", "spmv", 15),
    ("fft", "fft", "fftStage", 19),
]


def innermost_loop(report, kernel):
    """(loop name, II, ResMII, RecMII) of the kernel's loop with the most
    iterations, or None when the kernel did not run on sim."""
    totals = benchlib.kernel_totals(report, "sim").get(kernel)
    if not totals or not totals["loops"]:
        return None
    (graph, loop), agg = max(totals["loops"].items(),
                             key=lambda item: item[1]["iterations"])
    if not agg["cycles"] or agg["iterations"] < 2:
        return None
    spans = agg["launches"]
    ii = agg["cycles"] / max(1, agg["iterations"] - spans)
    res = 1.0 / agg["resource_bound"] if agg["resource_bound"] else None
    rec = (1.0 / agg["recurrence_bound"]
           if agg["recurrence_bound"] not in (None, 0) else 1.0)
    return loop, ii, res, rec


def measure(runner):
    rows, ratios, misses = [], [], []
    for name, sample, kernel, anchor in ANCHORS:
        if not os.path.exists(runner.exe(sample)):
            rows.append([name, "–", "sample not built"] + ["–"] * 8)
            misses.append(f"{name}: sample not built")
            continue
        small = runner.run(sample, "sim", fabric=SMALL_FABRIC,
                           offload="mandatory")
        big = runner.run(sample, "sim", fabric=BIG_FABRIC,
                         offload="mandatory")
        on_small = innermost_loop(small["report"], kernel) if small["ok"] \
            else None
        on_big = innermost_loop(big["report"], kernel) if big["ok"] else None
        if on_small is None:
            rows.append([name, f"`{kernel}`", "did not run on "
                         f"{SMALL_FABRIC}"] + ["–"] * 8)
            misses.append(f"{name}: no loop rate on {SMALL_FABRIC}")
            continue
        loop, ii, res, rec = on_small
        mii = max(res or 1.0, rec or 1.0)
        ratios.append(ii / mii)
        big_ii = on_big[1] if on_big else None
        anchor_ok = ii <= anchor
        bigger_ok = big_ii is not None and big_ii <= ii * 1.0001
        if not anchor_ok:
            # Which bound holds the loop: a miss the mapping could not
            # avoid (its own recurrence or resources are above the anchor)
            # reads differently from one where the loop runs below them.
            held = ("its recurrence" if (rec or 0) >= (res or 0)
                    else "its resources")
            cause = (f"held by {held} (MII {fmt(mii)} > {anchor})"
                     if mii > anchor else
                     f"below its MII {fmt(mii)}")
            misses.append(f"{name}: II {fmt(ii)} above the anchor {anchor}, "
                          f"{cause}")
        if not bigger_ok:
            misses.append(f"{name}: II on {BIG_FABRIC} {fmt(big_ii)} "
                          f"above {fmt(ii)}")
        rows.append([name, f"`{kernel}`", loop, fmt(ii), fmt(res), fmt(rec),
                     fmt(ii / mii, 3), anchor, verdict(anchor_ok),
                     fmt(big_ii), verdict(bigger_ok)])
    return rows, ratios, misses


def section(runner, summary=None):
    rows, ratios, misses = measure(runner)
    mean = sum(ratios) / len(ratios) if ratios else None
    mean_ok = mean is not None and mean <= TARGET_MEAN_RATIO
    all_ok = mean_ok and not misses and len(ratios) == len(ANCHORS)
    out = [
        "## Loop II against the published anchors (issue K)", "",
        "`bench/ii_anchors.py`: each kernel's innermost loop on "
        f"{SMALL_FABRIC} and {BIG_FABRIC} (LOOM_BACKEND=sim, "
        "LOOM_OFFLOAD=mandatory). II = steady cycles per iteration; "
        "ResMII = the busiest unit's, shared link's or memory "
        "interface's cycles per iteration as mapped, actors sharing a unit "
        "and values sharing a channel added up; RecMII = the longest "
        "dependence cycle in cycles; II/MII with MII = max(ResMII, RecMII) "
        "(docs/simulator.md, \"Metrics\"). Anchor: the II that Neura / "
        "CGRA-Flow's heuristic mapper reports on a 4x4 array "
        "(docs/fabric.md, \"Presets that mirror the literature\").", "",
        table(["kernel", "Loom kernel", "loop", f"II {SMALL_FABRIC}",
               "ResMII", "RecMII", "II/MII", "anchor II", "II <= anchor",
               f"II {BIG_FABRIC}", "8x8 <= 4x4"],
              rows, "lllrrrrrlrl"),
        "",
        f"Mean II/MII on {SMALL_FABRIC}: {fmt(mean)} (target <= "
        f"{TARGET_MEAN_RATIO}; the anchors' heuristic mapper 1.22, their "
        f"exact mapper 1.13): {verdict(mean_ok)}.",
    ]
    if misses:
        out += ["", "Misses: " + "; ".join(misses) + "."]
    out += ["", f"**II against the anchors: {verdict(all_ok)}.**"]
    if summary is not None:
        summary.append(["K", "loop II on cgra-4x4-temporal against the "
                        "anchors; mean II/MII",
                        f"II <= anchor, mean <= {TARGET_MEAN_RATIO}",
                        f"mean II/MII {fmt(mean)}, {len(misses)} misses",
                        verdict(all_ok)])
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(benchlib.ROOT,
                                                        "build"))
    parser.add_argument("--small", action="store_true")
    args = parser.parse_args()
    runner = benchlib.SampleRunner(args.build, small=args.small)
    sys.stdout.write(section(runner))


if __name__ == "__main__":
    main()
