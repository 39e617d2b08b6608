#!/usr/bin/env python3
"""Runs every benchmark of issues C, E, F and G and writes docs/benchmarks.md.

One command, one run: the machine description (CPU, cores, load average at
the start, date, git revision) goes at the top, then a summary of every
target with pass/miss, then one section per benchmark, each measured side
by side in this run. The sizes are chosen so that the whole run stays under
about 20 minutes on the project machine (2 cores shared with other jobs):
see the options. Nothing here is a test; tests never time anything.

Needs: scripts/build.sh (all; the samples are part of it) and
scripts/build.sh loom-bench-scheduler, or pass --build-first.

Usage: bench/run_all.py [--build build] [--out docs/benchmarks.md]
                        [--build-first] [--quick]
"""
import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
import compile_time  # noqa: E402
import ii_anchors  # noqa: E402
import iteration_rates  # noqa: E402
import physical_bound  # noqa: E402
import mapper_time  # noqa: E402
import sim_throughput  # noqa: E402
from benchlib import table, verdict  # noqa: E402

BENCH = os.path.dirname(os.path.abspath(__file__))
# Everything from this line on in docs/benchmarks.md is written by hand and
# kept by every run (analysis, before/after measurements).
NOTES = "<!-- notes: written by hand; bench/run_all.py keeps this part -->"
TOOLS = ["loom-clang++", "loom-raise", "loom-raise-check", "loom-map",
         "loom-emu", "loom-bench-scheduler", "loom-prop-check"]


def run_script(args, what):
    """Runs a bench script; its stdout, or raises with its stderr."""
    proc = subprocess.run([sys.executable if a == "python" else a
                           for a in args], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{what} failed ({proc.returncode}): "
                           f"{proc.stderr.strip()[-500:]}")
    return proc.stdout, proc.returncode


def raising_section(build, runs, summary):
    out, _ = run_script(["python", os.path.join(BENCH, "raising_time.py"),
                         "--build", build, "--runs", str(runs)],
                        "raising_time.py")
    rows, median_line = [], ""
    for line in out.splitlines()[1:]:
        if line.startswith("median"):
            median_line = line
            continue
        parts = line.split()
        if len(parts) == 3:
            rows.append([parts[0], f"`{parts[1]}`", parts[2]])
    summary.append(["C", "raising time / clang -O2 per kernel",
                    "none set", median_line.replace("median over", "median,")
                    or "–", "reported"])
    return "\n".join([
        "## Raising time over clang -O2 (issue C)", "",
        f"`bench/raising_time.py --runs {runs}`: per kernel of the raising "
        "corpus and the end-to-end programs, `loom-raise` of its device IR "
        "(process start-up included) against `clang++ -O2 -c` of the whole "
        "translation unit, alternating; the median per-run ratio.", "",
        table(["file", "kernel", "raise / clang -O2"], rows, "llr"), "",
        f"**{median_line}** (no target is set by issue C).", ""])


def emu_section(build, seconds, repeat, summary):
    out, _ = run_script(["python", os.path.join(BENCH, "emu_throughput.py"),
                         "--build", build, "--seconds", str(seconds),
                         "--repeat", str(repeat)], "emu_throughput.py")
    lines = [l for l in out.splitlines() if l.startswith("|")]
    rates = []
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        rates.append((cells[0], float(cells[5])))
    ok = bool(rates) and all(r >= 5.0 for _, r in rates)
    summary.append(["E", "emulator firings per CPU second (vecadd, gemm, "
                    "histogram)", ">= 5 M each",
                    ", ".join(f"{k} {r:.1f} M" for k, r in rates),
                    verdict(ok)])
    return "\n".join([
        "## Emulator throughput and slowdown against native (issue E)", "",
        f"`bench/emu_throughput.py --seconds {seconds} --repeat {repeat}`: "
        "in one process, side by side, the kernel as native code (ORC JIT "
        "of the -O2 IR) and its dataflow program on the emulator, each for "
        "about the given CPU seconds of the running thread; medians.", "",
        *lines, "",
        f"**Target at least 5 M firings per CPU second on one core: "
        f"{verdict(ok)}.**", ""])


def scheduler_section(build, runs, nodes, summary):
    out, _ = run_script(["python",
                         os.path.join(BENCH, "scheduler_throughput.py"),
                         "--build", build, "--runs", str(runs),
                         "--nodes", str(nodes)], "scheduler_throughput.py")
    lines = out.splitlines()
    one = [l for l in lines if l.startswith("| 1 |")]
    summary.append(["E", "dynamic-work scheduler, 2^16-node tree, 1/2/4 "
                    "workers", "none set (reported)",
                    one[0].split("|")[2].strip() + " items/s, 1 worker"
                    if one else "–", "reported"])
    return "\n".join([
        "## Dynamic-work scheduler throughput (issue E)", "",
        f"`bench/scheduler_throughput.py --runs {runs} --nodes {nodes}`: a "
        "binary tree of work items (node i spawns 2i+1 and 2i+2) with 1, 2 "
        "and 4 workers, alternating; the scheduler alone, with 200 rounds "
        "of work per item, and the `loom-emu` program with one graph launch "
        "per item. Items per second (ratio to one worker). On 2 shared "
        "cores more workers measure overhead, not speed-up.", "",
        *lines, ""])


def property_section(build, count, summary):
    out, status = run_script([os.path.join(BENCH, "property_tests.sh"),
                              f"--count={count}",
                              f"--out-dir={os.path.join(build, 'prop-bench')}"],
                             "property_tests.sh")
    match = re.search(r"programs: (\d+) .*mismatches or failures: (\d+)", out)
    programs = int(match.group(1)) if match else 0
    failed = int(match.group(2)) if match else -1
    ok = status == 0 and failed == 0 and programs >= count
    summary.append(["E", "differential property tests", "0 mismatches",
                    f"{failed} in {programs} programs", verdict(ok)])
    return "\n".join([
        "## Differential property tests (issue E)", "",
        f"`bench/property_tests.sh --count={count}` (seed 1): random "
        "structured programs run as SCF through LLVM's JIT and as dataflow "
        "on the emulator in FIFO order and under three shuffled schedules, "
        "compared bit for bit.", "", "```", out.strip(), "```", "",
        f"**{programs} programs, {failed} mismatches or failures; required "
        f"0: {verdict(ok)}.**", ""])


def f_and_g_sections(runner, args, summary):
    """The sections of issues F and G; they share the runner's sample runs."""
    return {
        "sim": sim_throughput.section(runner, benchlib.SAMPLES,
                                      args.sim_repeat, summary),
        "map": mapper_time.section(runner, benchlib.SAMPLES, args.map_repeat,
                                   summary),
        "rates": iteration_rates.section(runner, benchlib.SAMPLES, summary),
        "compile": compile_time.section(runner.build, benchlib.SAMPLES,
                                        args.compile_runs, summary),
        "anchors": ii_anchors.section(runner, summary),
        "physical": physical_bound.section(runner, benchlib.SAMPLES, summary),
    }


def kept_notes(path):
    """The hand-written part of an existing benchmarks.md, from NOTES on."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return NOTES + "\n"
    index = text.find(NOTES)
    return text[index:] if index >= 0 else NOTES + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(benchlib.ROOT,
                                                        "build"))
    parser.add_argument("--out", default=os.path.join(benchlib.ROOT, "docs",
                                                      "benchmarks.md"))
    parser.add_argument("--build-first", action="store_true",
                        help="scripts/build.sh all and loom-bench-scheduler")
    parser.add_argument("--quick", action="store_true",
                        help="fewer repetitions and programs (a smoke run)")
    parser.add_argument("--small", action="store_true",
                        help="the samples' small inputs on the simulator")
    parser.add_argument("--prop-count", type=int, default=5000)
    parser.add_argument("--sim-repeat", type=int, default=2)
    parser.add_argument("--map-repeat", type=int, default=1)
    parser.add_argument("--compile-runs", type=int, default=2)
    parser.add_argument("--raising-runs", type=int, default=1)
    parser.add_argument("--emu-seconds", type=float, default=0.5)
    parser.add_argument("--emu-repeat", type=int, default=3)
    parser.add_argument("--sched-runs", type=int, default=3)
    args = parser.parse_args()
    if args.quick:
        args.prop_count, args.sim_repeat, args.compile_runs = 200, 1, 1
        args.emu_seconds, args.emu_repeat, args.sched_runs = 0.2, 1, 1
    build = os.path.abspath(args.build)
    if args.build_first:
        script = os.path.join(benchlib.ROOT, "scripts", "build.sh")
        subprocess.run([script], check=True)
        subprocess.run([script, "loom-bench-scheduler"], check=True)
    missing = [t for t in TOOLS
               if not os.path.exists(os.path.join(build, "bin", t))]
    if missing:
        sys.exit("missing tools: " + ", ".join(missing) +
                 " (scripts/build.sh and scripts/build.sh "
                 "loom-bench-scheduler, or --build-first)")
    runner = benchlib.SampleRunner(build, small=args.small)
    runner.check_built(benchlib.SAMPLES)

    machine = benchlib.machine_lines()
    start = time.perf_counter()
    summary, timings, parts = [], [], {}

    def timed(name, function, *fargs):
        begin = time.perf_counter()
        print(f"run_all: {name} ...", file=sys.stderr, flush=True)
        parts[name] = function(*fargs)
        timings.append((name, time.perf_counter() - begin))

    timed("raising", raising_section, build, args.raising_runs, summary)
    timed("emu", emu_section, build, args.emu_seconds, args.emu_repeat,
          summary)
    timed("scheduler", scheduler_section, build, args.sched_runs, 1 << 16,
          summary)
    timed("property", property_section, build, args.prop_count, summary)
    timed("F and G", f_and_g_sections, runner, args, summary)
    total = time.perf_counter() - start

    sizes = ("small" if args.small else "default (thousands of elements)")
    doc = [
        "# Benchmarks", "",
        "Generated by `bench/run_all.py` (do not edit by hand; rerun it). "
        "Every number was measured in this one run, side by side with what "
        "it is compared to; the machine is shared, so absolute times vary "
        "from run to run and ratios measured together are what to read. "
        "Tests never time anything.", "",
        "Machine:", "", *machine, "",
        f"Run: {total / 60:.1f} minutes; sample inputs: {sizes}; "
        f"repetitions: simulator/emulator {args.sim_repeat}, mapper "
        f"{args.map_repeat}, compile {args.compile_runs}, raising "
        f"{args.raising_runs}, emulator throughput {args.emu_repeat} x "
        f"{args.emu_seconds} CPU s, scheduler {args.sched_runs}; "
        f"{args.prop_count} property-test programs. "
        "Time per part: " + ", ".join(f"{n} {s:.0f} s" for n, s in timings) +
        ".", "",
        "## Summary", "",
        table(["issue", "benchmark", "target", "measured", "verdict"],
              summary, "lllll"), "",
    ]
    doc.append(parts["raising"])
    doc.append(parts["emu"])
    doc.append(parts["scheduler"])
    doc.append(parts["property"])
    fg = parts["F and G"]
    doc += [fg["sim"], fg["map"], fg["rates"], fg["compile"], fg["anchors"],
            fg["physical"]]
    notes = kept_notes(args.out)
    with open(args.out, "w") as f:
        f.write("\n".join(doc).rstrip() + "\n\n" + notes)
    print(f"run_all: wrote {args.out} in {total / 60:.1f} minutes",
          file=sys.stderr)


if __name__ == "__main__":
    main()
