#!/usr/bin/env python3
"""Mapper time per sample kernel on cgra-8x8, cgra-4x4, cgra-8x8-hetero and
the two time-multiplexed presets (issue K), and the check that a bigger
fabric never gives a slower mapping.

Every kernel's dataflow program (`<build>/samples/<sample>.temps/*.dfg.mlir`,
written by loom-clang++ --loom-save-temps when the samples are built) is
mapped by `loom-map --totals-only` on each fabric, the fabrics alternating
kernel by kernel, with `LOOM_CACHE_DIR=off` (loom-map never reads the
mapping cache; the variable makes sure). The time is the mapper's own
(`time:` line, placement and routing of every graph of the kernel, parsing
excluded): the runtime maps every graph of a kernel before its first
launch, so a kernel's mapping time is the sum over its graphs. Target: at
most 2 s per kernel on cgra-8x8 (issue F) and on each temporal preset
(issue K).

Bigger fabric never slower: every sample also runs on the simulator on
cgra-4x4 and on cgra-8x8 (LOOM_OFFLOAD=default, so a kernel that does not
map on one of them runs on the emulator and is left out); the simulated cycles of
each kernel that ran on the simulator on both must be at most as many on
cgra-8x8 as on cgra-4x4. Every violation is listed.

Usage: bench/mapper_time.py [--build build] [--repeat 1] [--small]
                            [samples...]
"""
import argparse
import glob
import os
import re
import resource
import subprocess
import sys

import benchlib
from benchlib import fmt, median, table, verdict

FABRICS = ["cgra-8x8", "cgra-4x4", "cgra-8x8-hetero", "cgra-4x4-temporal",
           "cgra-8x8-temporal"]
TEMPORAL = ["cgra-4x4-temporal", "cgra-8x8-temporal"]
TARGET_SECONDS = 2.0
GRAPH_DEF = re.compile(
    r"dataflow\.graph (?:private |public |nested )?@([\w.$-]+)")
GRAPH_LINE = re.compile(r"^graph @(\S+) on (\S+): (\d+) actors")
TIME_LINE = re.compile(r"^time: (\S+) s")


def map_kernel(loom_map, dfg, fabric):
    """{'seconds': summed mapper time, 'graphs', 'actors', 'error'}."""
    with open(dfg) as f:
        graphs = GRAPH_DEF.findall(f.read())
    env = dict(os.environ, LOOM_CACHE_DIR="off")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([loom_map, "--totals-only", "--fabric=" + fabric,
                           dfg], env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime -
           before.ru_stime)
    seconds, actors, mapped = 0.0, 0, 0
    for line in proc.stdout.splitlines():
        if m := GRAPH_LINE.match(line):
            actors += int(m.group(3))
            mapped += 1
        elif m := TIME_LINE.match(line):
            seconds += float(m.group(1))
    error = None
    if proc.returncode != 0 or mapped != len(graphs):
        lines = [l for l in proc.stderr.splitlines() if "error" in l]
        error = (lines[0].split("error: ", 1)[-1] if lines
                 else f"exit status {proc.returncode}")
    return {"seconds": seconds, "cpu": cpu, "graphs": len(graphs),
            "actors": actors, "error": error}


def mapping_times(build, samples, repeat):
    loom_map = os.path.join(build, "bin", "loom-map")
    results = []
    for sample in samples:
        # The kernels' own programs, not their split programs
        # (<kernel>.split<k>.dfg.mlir), which only run where these do not map.
        dfgs = sorted(
            d for d in glob.glob(os.path.join(build, "samples",
                                              sample + ".temps", "*.dfg.mlir"))
            if not re.search(r"\.split\d+\.dfg\.mlir$", d))
        for dfg in dfgs:
            kernel = os.path.basename(dfg)[:-len(".dfg.mlir")]
            per_fabric = {f: [] for f in FABRICS}
            for _ in range(repeat):
                for fabric in FABRICS:
                    per_fabric[fabric].append(map_kernel(loom_map, dfg,
                                                         fabric))
            results.append((sample, kernel, {
                f: {**runs[0],
                    "seconds": median([r["seconds"] for r in runs]),
                    "cpu": median([r["cpu"] for r in runs])}
                for f, runs in per_fabric.items()}))
    return results


def split_levels(run):
    """{kernel: the split program it ran on sim} of a run's report."""
    return {k["name"]: k["split_program"]
            for k in (run["report"] or {}).get("kernels", [])
            if "split_program" in k}


def fabric_order(runner, samples):
    """(rows, violations, compared) of the cgra-8x8 <= cgra-4x4 check."""
    rows, violations, compared = [], [], 0
    for sample in samples:
        big = runner.run(sample, "sim", "cgra-8x8")
        small = runner.run(sample, "sim", "cgra-4x4", offload="default")
        if not big["ok"] or not small["ok"]:
            rows.append([sample, "–", "–", "–", "sample failed"])
            continue
        big_totals = benchlib.kernel_totals(big["report"], "sim")
        small_totals = benchlib.kernel_totals(small["report"], "sim")
        big_split, small_split = split_levels(big), split_levels(small)
        for kernel, b in big_totals.items():
            s = small_totals.get(kernel)
            if b["logged"] == 0:
                rows.append([sample, f"`{kernel}`", "–", "–",
                             "does not map on cgra-8x8 (ran on emu)"])
                continue
            if not s or s["logged"] == 0 or s["logged"] != b["logged"]:
                rows.append([sample, f"`{kernel}`", b["cycles"], "–",
                             "does not map on cgra-4x4 (ran on emu)"])
                continue
            if big_split.get(kernel, 0) != small_split.get(kernel, 0):
                # A different program (docs/compiler.md, "Graph
                # splitting"): its cycles say nothing about the mapper.
                rows.append([sample, f"`{kernel}`", b["cycles"], s["cycles"],
                             f"runs split program {small_split.get(kernel, 0)}"
                             " on cgra-4x4; not compared"])
                continue
            compared += 1
            ok = b["cycles"] <= s["cycles"]
            if not ok:
                violations.append((sample, kernel, b["cycles"], s["cycles"]))
            rows.append([sample, f"`{kernel}`", b["cycles"], s["cycles"],
                         fmt(b["cycles"] / s["cycles"] if s["cycles"] else
                             None) + ("" if ok else " **slower**")])
    return rows, violations, compared


def section(runner, samples, repeat, summary=None):
    """The Markdown section; appends its summary rows to `summary`."""
    times = mapping_times(runner.build, samples, repeat)
    rows, worst, ok = [], 0.0, True
    worst_temporal, ok_temporal = 0.0, True
    for sample, kernel, per in times:
        cells = [sample, f"`{kernel}`", per["cgra-8x8"]["graphs"],
                 per["cgra-8x8"]["actors"] or "–"]
        for fabric in FABRICS:
            r = per[fabric]
            cells.append(f"{r['seconds']:.2f}" if not r["error"]
                         else f"does not map ({r['cpu']:.1f} CPU s)")
        big = per["cgra-8x8"]
        cells.append(f"{big['cpu']:.2f}")
        kernel_ok = not big["error"] and big["cpu"] <= TARGET_SECONDS
        ok &= kernel_ok
        worst = max(worst, big["cpu"])
        cells.append(verdict(kernel_ok))
        # Issue K: every kernel maps on the temporal presets within 2 s.
        temporal_ok = all(not per[f]["error"] and per[f]["cpu"] <=
                          TARGET_SECONDS for f in TEMPORAL)
        ok_temporal &= temporal_ok
        worst_temporal = max([worst_temporal] +
                             [per[f]["cpu"] for f in TEMPORAL])
        cells.append(verdict(temporal_ok))
        rows.append(cells)
    unmapped = [(s, k, f, per[f]["error"]) for s, k, per in times
                for f in FABRICS if per[f]["error"]]
    out = [
        "## Mapper time (issue F)", "",
        "`bench/mapper_time.py`: `loom-map --totals-only` on every kernel's "
        "`.dfg.mlir` (all its graphs), the five presets alternating kernel "
        f"by kernel, mapping cache off, median of {repeat} run(s); the "
        "mapper's own time (placement and routing, summed over the kernel's "
        "graphs; parsing excluded), in wall seconds, which on this loaded "
        "machine count other processes' time too; and the CPU seconds "
        "(user + system) of the whole `loom-map` process on cgra-8x8 "
        "(parsing and start-up included), on which the target is judged "
        "(on the temporal presets also by CPU seconds, not shown). "
        "A kernel that does not map shows the seconds spent failing.", "",
        table(["sample", "kernel", "graphs", "actors (8x8)",
               "cgra-8x8 wall s", "cgra-4x4 wall s",
               "cgra-8x8-hetero wall s", "cgra-4x4-temporal wall s",
               "cgra-8x8-temporal wall s", "cgra-8x8 CPU s",
               "8x8 <= 2 CPU s", "temporal <= 2 CPU s"], rows,
              "llrrrrrrrrll"),
        "",
        f"**Slowest kernel on cgra-8x8: {worst:.2f} CPU s; target at most "
        f"2 s each (and every kernel mapped): {verdict(ok)}.**",
        "",
        f"**Slowest kernel on a temporal preset: {worst_temporal:.2f} CPU "
        f"s; target at most 2 s each (and every kernel mapped): "
        f"{verdict(ok_temporal)}.**",
    ]
    if unmapped:
        out += ["", "Kernels that do not map (the mapper's message):", ""]
        out += [f"- {s} `{k}` on {f}: {e}" for s, k, f, e in unmapped]
    order_rows, violations, compared = fabric_order(runner, samples)
    out += [
        "", "### A bigger fabric never gives a slower mapping", "",
        "Simulated cycles of each sample kernel (one run, summed over its "
        "logged launches) on cgra-8x8 and on cgra-4x4, where both map "
        "(also a CTest on the small inputs: `sample-<name>-fabrics`).", "",
        table(["sample", "kernel", "cgra-8x8 cycles", "cgra-4x4 cycles",
               "8x8 / 4x4"], order_rows, "llrrl"),
        "",
        f"**{compared} kernels compared, {len(violations)} slower on "
        f"cgra-8x8: {verdict(compared > 0 and not violations)}.**",
    ]
    if summary is not None:
        summary.append(["F", "mapper time per kernel (cgra-8x8, cache off)",
                        "<= 2 s each", f"slowest {worst:.2f} CPU s",
                        verdict(ok)])
        summary.append(["K", "mapper time per kernel (temporal presets, "
                        "cache off)", "<= 2 s each",
                        f"slowest {worst_temporal:.2f} CPU s",
                        verdict(ok_temporal)])
        summary.append(["F", "bigger fabric never slower (sim cycles, "
                        "cgra-8x8 <= cgra-4x4)", "0 violations",
                        f"{len(violations)} of {compared} kernels",
                        verdict(compared > 0 and not violations)])
    for sample, kernel, b, s in violations:
        out.append(f"- violation: {sample} `{kernel}`: {b} cycles on "
                   f"cgra-8x8 > {s} on cgra-4x4")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(benchlib.ROOT,
                                                        "build"))
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--small", action="store_true")
    parser.add_argument("samples", nargs="*")
    args = parser.parse_args()
    samples = args.samples or benchlib.SAMPLES
    runner = benchlib.SampleRunner(args.build, small=args.small)
    runner.check_built(samples)
    sys.stdout.write(section(runner, samples, args.repeat))


if __name__ == "__main__":
    main()
