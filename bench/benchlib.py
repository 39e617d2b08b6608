"""Shared helpers of the bench/ scripts: the machine, the samples, their runs.

Every benchmark script prints a Markdown section (a heading, what was
measured, the table with its target and pass/miss). `bench/run_all.py`
imports the scripts and calls their `section()` with one `SampleRunner`, so
a sample run on the simulator is made once and used by every benchmark that
needs its report.
"""
import json
import os
import platform
import resource
import statistics
import subprocess
import tempfile
import time
import datetime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG = "/usr/lib/llvm-22/bin/clang++"

# The samples of samples/CMakeLists.txt, in its order.
SAMPLES = [
    "vecadd", "saxpy", "dot", "gemm", "conv2d", "jacobi", "histogram",
    "spmv", "prefix_sum", "fir", "relu", "binary_search", "string_compare",
    "merge", "crc32", "softmax", "transpose", "pipeline", "candidate",
    "hint_forms", "gemv", "bicg", "fft",
]

# Streaming kernels whose loops must reach 0.5 iterations per cycle, per
# sample (relu's second kernel, countPositives, is a reduction, not one).
STREAMING = {"vecadd": ["vecadd"], "saxpy": ["saxpy"], "relu": ["leakyRelu"]}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def git_revision():
    try:
        rev = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short",
                              "HEAD"], capture_output=True, text=True,
                             check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True,
                               text=True).stdout.strip()
        branch = subprocess.run(["git", "-C", ROOT, "rev-parse",
                                 "--abbrev-ref", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        return f"{rev} ({branch}{', with uncommitted changes' if dirty else ''})"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine_lines():
    """The machine description written at the top of docs/benchmarks.md."""
    load = os.getloadavg()
    mem = ""
    try:
        with open("/proc/meminfo") as meminfo:
            kb = int(meminfo.readline().split()[1])
            mem = f", {kb / 2**20:.0f} GiB memory"
    except (OSError, ValueError, IndexError):
        pass
    now = datetime.datetime.now(datetime.timezone.utc)
    return [
        f"- CPU: {cpu_model()}, {os.cpu_count()} hardware threads{mem}",
        f"- OS: {platform.system()} {platform.release()}",
        f"- load average at start: {load[0]:.2f}, {load[1]:.2f}, "
        f"{load[2]:.2f} (1, 5, 15 min)",
        f"- date: {now:%Y-%m-%d %H:%M} UTC",
        f"- git revision: {git_revision()}",
    ]


def verdict(ok):
    return "pass" if ok else "**miss**"


def median(values):
    return statistics.median(values) if values else float("nan")


class SampleRunner:
    """Runs the samples built in <build>/samples and keeps their reports.

    A run is keyed by (sample, backend, fabric, offload, small); runs
    whose wall time matters are made with `run(..., fresh=True)`. The
    default offload policy is `default`: a kernel that cannot run on the
    backend (a graph the mapper cannot place) runs on the emulator, the
    report says why, and the benchmarks list it instead of losing the
    sample's other kernels.
    """

    def __init__(self, build, small=False, cache_dir=None):
        self.build = build
        self.small = small
        self.samples_dir = os.path.join(build, "samples")
        self.tmp = tempfile.TemporaryDirectory(prefix="loom-bench-")
        # A private mapping cache: the first run of a sample maps its
        # graphs, later runs find them (mapping time is measured by
        # mapper_time.py with the cache off).
        self.cache_dir = cache_dir or os.path.join(self.tmp.name, "cache")
        self.runs = {}

    def exe(self, sample):
        return os.path.join(self.samples_dir, sample)

    def temps(self, sample):
        return os.path.join(self.samples_dir, sample + ".temps")

    def check_built(self, samples):
        missing = [s for s in samples if not os.path.exists(self.exe(s))]
        if missing:
            raise SystemExit("samples not built: " + ", ".join(missing) +
                             " (scripts/build.sh loom-samples)")

    def run(self, sample, backend, fabric="cgra-8x8", offload="default",
            fresh=False, small=None):
        """Runs the sample; returns {'report', 'wall', 'cpu', 'stdout',
        'ok'}. `small` overrides the runner's input size."""
        small = self.small if small is None else small
        key = (sample, backend, fabric, offload, small)
        if not fresh and key in self.runs:
            return self.runs[key]
        report_path = os.path.join(self.tmp.name, "report.json")
        if os.path.exists(report_path):
            os.remove(report_path)
        env = dict(os.environ)
        for name in ("LOOM_TRACE", "LOOM_SAMPLE_SMALL", "LOOM_WORKERS"):
            env.pop(name, None)
        env.update(LOOM_BACKEND=backend, LOOM_OFFLOAD=offload,
                   LOOM_FABRIC=fabric, LOOM_REPORT=report_path,
                   LOOM_CACHE_DIR=self.cache_dir)
        # One worker: the simulator runs one graph at a time anyway, and
        # the emulator's rate is then per core, as issue E's target says.
        env["LOOM_WORKERS"] = "1"
        cmd = [self.exe(sample)] + (["--small"] if small else [])
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime +
               after.ru_stime - before.ru_stime)
        report = None
        if os.path.exists(report_path):
            with open(report_path) as f:
                try:
                    report = json.load(f)
                except json.JSONDecodeError:
                    report = None  # the process died while writing it
        ok = (proc.returncode == 0 and f"{sample}: PASS" in proc.stdout and
              report is not None)
        # The share of a core the process got: on a loaded machine the
        # launches' wall times count other processes' time too.
        share = min(1.0, cpu / wall) if wall > 0 else 1.0
        result = {"report": report, "wall": wall, "cpu": cpu,
                  "cpu_share": share, "stdout": proc.stdout,
                  "stderr": proc.stderr, "ok": ok}
        self.runs[key] = result
        return result


def launches(report, backend):
    """(kernel name, launch record) for every logged launch on `backend`."""
    for kernel in (report or {}).get("kernels", []):
        for launch in kernel.get("launch_log", []):
            if launch.get("backend") == backend:
                yield kernel["name"], launch


def kernel_totals(report, backend):
    """Per kernel: launches, omitted launches, summed cycles/firings/wall."""
    totals = {}
    for kernel in (report or {}).get("kernels", []):
        if not kernel.get("launches"):
            continue
        entry = totals.setdefault(kernel["name"], {
            "launches": kernel["launches"],
            "ran_on": kernel.get("ran_on", {}),
            "omitted": kernel.get("launch_log_omitted", 0),
            "reason": kernel.get("reason"),
            "cycles": 0, "firings": 0, "wall": 0.0, "loops": {},
            "stalls": {}, "logged": 0, "instances": 0, "graph_launches": 0})
        for launch in kernel.get("launch_log", []):
            if launch.get("backend") != backend:
                continue
            entry["logged"] += 1
            entry["wall"] += launch.get("wall_time_us", 0) / 1e6
            entry["firings"] += launch.get("firings", {}).get("total", 0)
            entry["cycles"] += launch.get("cycles", 0)
            entry["instances"] += launch.get("instances", 0)
            entry["graph_launches"] += launch.get("graph_launches", 0)
            for cause, cycles in launch.get("stalls", {}).items():
                entry["stalls"][cause] = entry["stalls"].get(cause, 0) + cycles
            for loop in launch.get("loops", []):
                key = (loop["graph"], loop["loop"])
                agg = entry["loops"].setdefault(key, {
                    "iterations": 0, "cycles": 0, "resource_bound": 1.0,
                    "recurrence_bound": 1.0, "physical_bound": None,
                    "lanes": 1, "launches": 0})
                agg["iterations"] += loop["iterations"]
                agg["cycles"] += loop["cycles"]
                agg["launches"] += 1
                agg["lanes"] = max(agg["lanes"], loop.get("lanes", 1))
                # null: nothing on the fabric limits the loop.
                physical = loop.get("physical_bound")
                if physical is not None:
                    agg["physical_bound"] = (physical
                                             if agg["physical_bound"] is None
                                             else min(agg["physical_bound"],
                                                      physical))
                # A bound is null in the report when nothing limits the rate
                # (a batch of independent instances has no recurrence).
                for bound in ("resource_bound", "recurrence_bound"):
                    if loop.get(bound) is not None:
                        agg[bound] = min(agg[bound], loop[bound])
    return totals


def not_on(report, backend):
    """(kernel, reason) of every launched kernel that did not run on
    `backend` every time."""
    for kernel in (report or {}).get("kernels", []):
        launches = kernel.get("launches", 0)
        if launches and kernel.get("ran_on", {}).get(backend, 0) != launches:
            yield kernel["name"], kernel.get("reason") or "–"


def table(header, rows, align=None):
    """A Markdown table; `align` is a string of 'l'/'r' per column."""
    align = align or "l" * len(header)
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---:" if a == "r" else "---" for a in align) +
             "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def fmt(value, digits=3):
    if value is None:
        return "–"
    if isinstance(value, float) and value != value:
        return "–"
    return f"{value:.{digits}g}"
