"""Issue F: a bigger fabric never gives a slower mapping of the same graph.

Usage: python3 compare-quality.py WORKDIR SMALL BIG INPUT...

Each INPUT is a .mlir file of dataflow graphs or a C++ kernel, which
loom-clang++ compiles first (its .dfg.mlir is kept under WORKDIR). Every
graph is mapped by loom-map on SMALL and on BIG; where both map, BIG's
quality (the interval, then recurrence latency, then pipeline latency,
then total latency; docs/mapper.md) must not
be worse. Prints one line per graph and a summary, and exits 1 on a
violation or when a C++ input does not compile.
"""
import os
import re
import subprocess
import sys

GRAPH = re.compile(r"^graph @(\S+) on \S+: (\d+) actors")
QUALITY = re.compile(r"^quality: (?:sharing interval (\d+), )?"
                     r"buffer interval (\d+), recurrence latency (\d+), "
                     r"pipeline latency (\d+), total latency (\d+)")
TIME = re.compile(r"^time: ([0-9.]+) s")


def map_file(path, fabric):
    """{graph: (actors, (interval, recurrence, pipeline, total), seconds)} of the
    graphs that map."""
    run = subprocess.run(["loom-map", path, "--fabric=" + fabric, "--totals-only"],
                         capture_output=True, text=True)
    result, name, actors, quality = {}, None, 0, None
    for line in run.stdout.splitlines():
        if m := GRAPH.match(line):
            name, actors = m.group(1), int(m.group(2))
        elif m := QUALITY.match(line):
            sharing, buffer, recurrence, pipeline, total = (
                int(g) if g else 0 for g in m.groups())
            # MappingQuality's order: the interval (the largest of the
            # sharing and buffer intervals and the recurrence latency)
            # first.
            quality = (max(sharing, buffer, recurrence), recurrence,
                       pipeline, total)
        elif m := TIME.match(line):
            result[name] = (actors, quality, float(m.group(1)))
    return result


def graphs_of(path, workdir):
    """The .mlir files holding the graphs of one input."""
    if path.endswith(".mlir"):
        return [path]
    stem = os.path.splitext(os.path.basename(path))[0]
    temps = os.path.join(workdir, stem)
    run = subprocess.run(["loom-clang++", "-O2", "-c", path, "-o",
                          os.path.join(workdir, stem + ".o"),
                          "--loom-save-temps=" + temps],
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(f"error: {path} does not compile:\n{run.stderr}")
        return None
    return sorted(os.path.join(temps, f) for f in os.listdir(temps)
                  if f.endswith(".dfg.mlir"))


def main():
    workdir, small, big, inputs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    os.makedirs(workdir, exist_ok=True)
    compared = only_big = violations = errors = 0
    for path in inputs:
        files = graphs_of(path, workdir)
        if files is None:
            errors += 1
            continue
        for mlir in files:
            on_small, on_big = map_file(mlir, small), map_file(mlir, big)
            for graph, (actors, quality_big, seconds) in sorted(on_big.items()):
                label = f"{os.path.basename(path)} @{graph} ({actors} actors)"
                if graph not in on_small:
                    only_big += 1
                    print(f"{label}: only {big} maps, {quality_big}, {seconds:.2f} s")
                    continue
                quality_small = on_small[graph][1]
                verdict = "ok" if quality_big <= quality_small else "SLOWER"
                violations += verdict != "ok"
                compared += 1
                print(f"{label}: {small} {quality_small} {big} {quality_big} "
                      f"{seconds:.2f} s {verdict}")
            for graph in sorted(set(on_small) - set(on_big)):
                violations += 1
                print(f"{os.path.basename(path)} @{graph}: maps on {small} "
                      f"but not on {big} SLOWER")
    print(f"compared {compared} graphs, {only_big} map only on {big}, "
          f"{violations} slower, {errors} inputs not compiled")
    return 1 if violations or errors else 0


if __name__ == "__main__":
    sys.exit(main())
