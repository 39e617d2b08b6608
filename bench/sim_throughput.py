#!/usr/bin/env python3
"""Cycle-simulator speed (simulated cycles per second) per sample kernel.

Every sample of samples/ runs under LOOM_BACKEND=sim (fabric cgra-8x8) and,
right after, under LOOM_BACKEND=emu, both with one worker (and
LOOM_OFFLOAD=default: a kernel that does not map runs on the emulator and
is listed with the reason instead of in the table), alternating repetition by repetition so that both see the same
machine load. From each run's LOOM_REPORT, per kernel: the simulated
cycles and the launches' wall time (the runtime's `wall_time_us`: the
host part interpreted plus every graph launch simulated or emulated; the
mapping is done before the first launch and comes from a warm mapping
cache, so it is not counted), and the actor firings. On a loaded machine
a launch's wall time also counts the time other processes held the core,
so each launch's CPU time is estimated as its wall time times the share of
a core the whole process got (its user + system time over its wall time,
from getrusage; the sample is one process with one worker). Reported per
kernel: simulated cycles per second (wall and CPU estimate), the
simulator's and the emulator's firings per CPU second on the same kernel,
and their ratio (what cycle accounting costs over the token-level
emulator). The target is a median of at least 1 million simulated cycles
per CPU second (issue F), one core's speed.

Usage: bench/sim_throughput.py [--build build] [--repeat 3] [--small]
                               [samples...]
"""
import argparse
import os
import sys

import benchlib
from benchlib import fmt, median, table, verdict

TARGET_CYCLES_PER_S = 1e6


def measure(runner, samples, repeat):
    """{(sample, kernel): {'cycles', 'sim_rate', 'sim_firing_rate',
    'emu_firing_rate'}} with medians over the repetitions, and failures."""
    per_kernel, failures, unmapped = {}, [], []
    for sample in samples:
        # Fills the mapping cache (the graphs do not depend on the sizes).
        warm = runner.run(sample, "sim", small=True)
        if not warm["ok"]:
            failures.append((sample, "sim", warm["stderr"].strip()[-300:]))
            continue
        samples_of = {}
        for _ in range(repeat):
            sim = runner.run(sample, "sim", fresh=True)
            emu = runner.run(sample, "emu", fresh=True)
            for backend, run in (("sim", sim), ("emu", emu)):
                if not run["ok"]:
                    failures.append((sample, backend,
                                     run["stderr"].strip()[-300:]))
            if not (sim["ok"] and emu["ok"]):
                break
            for kernel, reason in benchlib.not_on(sim["report"], "sim"):
                if (sample, kernel, reason) not in unmapped:
                    unmapped.append((sample, kernel, reason))
            sim_totals = benchlib.kernel_totals(sim["report"], "sim")
            emu_totals = benchlib.kernel_totals(emu["report"], "emu")
            for kernel, s in sim_totals.items():
                e = emu_totals.get(kernel)
                if not s["wall"] or not e or not e["wall"]:
                    continue
                acc = samples_of.setdefault(kernel, {
                    "cycles": s["cycles"], "launches": s["launches"],
                    "logged": s["logged"], "sim_wall_rate": [],
                    "sim_rate": [], "sim_firing_rate": [],
                    "emu_firing_rate": [], "share": []})
                sim_cpu = s["wall"] * sim["cpu_share"]
                emu_cpu = e["wall"] * emu["cpu_share"]
                acc["sim_wall_rate"].append(s["cycles"] / s["wall"])
                acc["sim_rate"].append(s["cycles"] / sim_cpu)
                acc["sim_firing_rate"].append(s["firings"] / sim_cpu)
                acc["emu_firing_rate"].append(e["firings"] / emu_cpu)
                acc["share"].append(sim["cpu_share"])
        for kernel, acc in samples_of.items():
            per_kernel[(sample, kernel)] = {
                "cycles": acc["cycles"], "launches": acc["launches"],
                "logged": acc["logged"],
                **{key: median(acc[key]) for key in
                   ("sim_wall_rate", "sim_rate", "sim_firing_rate",
                    "emu_firing_rate", "share")}}
    return per_kernel, failures, unmapped


def section(runner, samples, repeat, summary=None):
    """The Markdown section; appends its summary row to `summary`."""
    per_kernel, failures, unmapped = measure(runner, samples, repeat)
    rows = []
    for (sample, kernel), m in per_kernel.items():
        launches = str(m["launches"])
        if m["logged"] < m["launches"]:
            launches += f" ({m['logged']} logged)"
        rows.append([
            sample, f"`{kernel}`", launches, m["cycles"],
            fmt(m["sim_wall_rate"] / 1e6), f"{m['share']:.2f}",
            fmt(m["sim_rate"] / 1e6), fmt(m["sim_firing_rate"] / 1e6),
            fmt(m["emu_firing_rate"] / 1e6),
            fmt(m["emu_firing_rate"] / m["sim_firing_rate"]
                if m["sim_firing_rate"] else None)])
    rates = [m["sim_rate"] for m in per_kernel.values()]
    med = median(rates)
    ok = bool(rates) and med >= TARGET_CYCLES_PER_S and not failures
    out = [
        "## Simulation speed (issue F)", "",
        "`bench/sim_throughput.py` runs every sample on `LOOM_BACKEND=sim` "
        "(cgra-8x8) and on `LOOM_BACKEND=emu`, alternating, "
        f"{repeat} time(s) each (medians), one worker, "
        "`LOOM_OFFLOAD=default` (kernels that do not map run on the "
        "emulator and are listed below the table), and divides each kernel's simulated cycles and firings by "
        "the wall time of its launches (the runtime's `wall_time_us`: "
        "host part interpreted plus graphs simulated; mappings come from a "
        "warm cache). The machine is shared, so CPU seconds are estimated: "
        "launch wall time x the share of a core the sample's process got "
        "(its user + system time over its wall time, the *CPU share* "
        "column). Cycles are per run, summed over the kernel's logged "
        "launches (the report keeps a bounded launch log; rates use the "
        "logged launches).", "",
        table(["sample", "kernel", "launches", "sim cycles/run",
               "sim M cycles per wall s", "CPU share",
               "sim M cycles per CPU s", "sim M firings per CPU s",
               "emu M firings per CPU s", "emu/sim firing rate"],
              rows, "llrrrrrrrr"),
        "",
        f"**Median over {len(rates)} kernels: {fmt(med / 1e6)} M simulated "
        f"cycles per CPU second (estimated); target at least 1 M: "
        f"{verdict(ok)}.**",
    ]
    if summary is not None:
        summary.append(["F", "simulated cycles per second, median over "
                        "sample kernels (cgra-8x8), per CPU s", ">= 1 M",
                        f"{fmt(med / 1e6)} M ({len(rates)} kernels)",
                        verdict(ok)])
    if unmapped:
        out += ["", "Kernels that did not run on the simulator (the "
                "runtime's reason):", ""]
        out += [f"- {s} `{k}`: {r}" for s, k, r in unmapped]
    if failures:
        out += ["", "Runs that failed (not in the table):", ""]
        out += [f"- {s} on {b}: `{msg.splitlines()[-1] if msg else '?'}`"
                for s, b, msg in failures]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(benchlib.ROOT,
                                                        "build"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--small", action="store_true",
                        help="the samples' small inputs")
    parser.add_argument("samples", nargs="*")
    args = parser.parse_args()
    samples = args.samples or benchlib.SAMPLES
    runner = benchlib.SampleRunner(args.build, small=args.small)
    runner.check_built(samples)
    sys.stdout.write(section(runner, samples, args.repeat))


if __name__ == "__main__":
    main()
