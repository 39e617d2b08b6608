#!/usr/bin/env python3
# ===- loom-fuzz.py - mutation fuzzing of Loom's input boundaries ---------=== #
#
# Part of the Loom project.
#
# ===----------------------------------------------------------------------=== #
"""Generator-mutator fuzzing of the inputs Loom's tools and runtime accept.

Each target mutates seed inputs of one input boundary and runs the tool on
every mutant. An input must give a diagnostic or a clean rejection (exit code
0 or 1, a message with 1), never a crash (a signal, an exit code >= 128 or
other than 0/1, a crash banner on stderr), never a hang (--timeout), and never
a silent acceptance of an input that is known to be broken. Targets:

  pragma    `#pragma loom ...`, `_Pragma("loom ...")` and LOOM_* macro
            argument lists in small C++ programs, through
            `loom-clang++ -fsyntax-only` (sometimes a full -c compile)
  dataflow  mutated dataflow MLIR through `loom-opt --loom-validate-dataflow`
            (an accepted program must re-validate from its printed form)
            and `loom-emu` (small firing and step budgets)
  fabric    mutated fabric JSON through `loom-fabric --validate` and
            `--summary`
  mapping   mutated mapping JSON through `loom-fabric --check-mapping`, and
            mutated mapping-cache entries under a compiled program run with
            LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory (the output must equal
            the native run's, or the run must fail with a message)
  artifact  tampered embedded dataflow artifacts in a compiled program, run
            under emu and sim (mandatory: a clean error naming the kernel;
            default: the native output), and forged ones (the digest
            recomputed) that reach the runtime's parser

Inputs are deterministic per --seed: input I of a target is drawn from a
generator seeded by (seed, target, I), so `--first=I --count=1` regenerates
it. Every failing input is saved under --crash-dir/<target>/<kind>-<hash>/
(case.json says how to replay it) and `--replay` reruns every stored input.
See docs/testing.md, "Fuzzing".
"""

import argparse
import copy
import hashlib
import json
import os
import random
import re
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
SRC_ROOT = os.path.dirname(os.path.dirname(SCRIPT_DIR))
DEFAULT_CRASH_DIR = os.path.join(SCRIPT_DIR, "crashes")
TARGETS = ["pragma", "dataflow", "fabric", "mapping", "artifact"]
FAIL_KINDS = ("crash", "hang", "silent", "badreject")
KIND_WORDS = {
    "crash": "CRASH",
    "hang": "HANG",
    "silent": "SILENT ACCEPTANCE",
    "badreject": "BAD REJECTION",
}

# What marks a crash on stderr, whatever the exit code (clang's driver exits
# with 1 after its frontend crashed).
CRASH_MARKERS = [
    ("Stack dump:", re.compile(r"Stack dump:")),
    ("PLEASE submit a bug report", re.compile(r"PLEASE submit a bug report")),
    ("Assertion", re.compile(r"Assertion [`'].*failed|Assertion failed")),
    ("UNREACHABLE", re.compile(r"UNREACHABLE")),
    ("AddressSanitizer", re.compile(r"AddressSanitizer")),
    ("runtime error:", re.compile(r"runtime error:")),
    ("LLVM ERROR:", re.compile(r"LLVM ERROR:")),
    ("terminate called", re.compile(r"terminate called")),
]


# ----------------------------------------------------------------------------
# Running tools
# ----------------------------------------------------------------------------


class Run:
    def __init__(self, argv, rc, out, err, seconds, timed_out, timeout):
        self.argv = argv
        self.rc = rc
        self.stdout = out
        self.stderr = err
        self.seconds = seconds
        self.timed_out = timed_out
        self.timeout = timeout


def _limits(memory_mb):
    def apply():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if memory_mb:
            limit = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        big = 512 * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_FSIZE, (big, big))

    return apply


def run_tool(ctx, argv, env=None, cwd=None, timeout=None):
    """Runs argv in a session of its own; a run past the timeout is killed
    (its process group only)."""
    timeout = timeout or ctx.timeout
    full_env = dict(os.environ)
    full_env.setdefault("LOOM_CACHE_DIR", "off")
    for key in ("LOOM_BACKEND", "LOOM_OFFLOAD", "LOOM_REPORT", "LOOM_FABRIC",
                "LOOM_TRACE", "LOOM_MAPPING_DIR"):
        full_env.pop(key, None)
    if env:
        full_env.update(env)
    # AddressSanitizer reserves terabytes of shadow address space at start,
    # so an address-space limit kills a sanitized tool before main: those
    # get ASan's own RSS limit instead.
    address_space_mb = ctx.memory_mb
    if ctx.sanitized and ctx.memory_mb:
        address_space_mb = 0
        options = full_env.get("ASAN_OPTIONS", "")
        full_env["ASAN_OPTIONS"] = (options + ":" if options else "") + \
            "hard_rss_limit_mb=%d" % ctx.memory_mb
    start = time.time()
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=full_env,
        cwd=cwd,
        preexec_fn=_limits(address_space_mb),
        start_new_session=True,
    )
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
    ctx.tool_runs += 1
    run = Run(argv, proc.returncode, out.decode("utf-8", "replace"),
              err.decode("utf-8", "replace"), time.time() - start, timed_out,
              timeout)
    run.env, run.cwd = env or {}, cwd
    return run


def gdb_backtrace(ctx, run, timeout=90):
    """The backtrace of a crash that printed none (a program without LLVM's
    signal handler), from a rerun under gdb: its top and bottom frames."""
    gdb = shutil.which("gdb")
    if not gdb:
        return ""
    argv = [gdb, "-batch", "-ex", "run", "-ex", "bt 10", "-ex", "bt -10", "--args"] + run.argv
    again = run_tool(ctx, argv, env=run.env, cwd=run.cwd, timeout=timeout)
    frames = [l for l in again.stdout.splitlines() if re.match(r"#\d+ ", l)]
    return "\n".join(frames)


class Outcome:
    """What one input did. kind: accepted, rejected (cleanly), or one of
    FAIL_KINDS."""

    def __init__(self, kind, run=None, detail="", signature=None):
        self.kind = kind
        self.run = run
        self.detail = detail
        self.signature = signature or ""

    @property
    def failed(self):
        return self.kind in FAIL_KINDS

    @property
    def tool(self):
        return os.path.basename(self.run.argv[0]) if self.run else "?"


_SKIP_FRAME = re.compile(
    r"llvm::sys::|SignalHandler|__restore_rt|\braise\b|\babort\b|"
    r"__assert_fail|__pthread_kill|pthread_kill|libc\.so|"
    r"CrashRecoveryContext|PrintStackTrace|RunSignalHandlers|"
    r"^\(/|^0x|_start$|__libc_start")


def stack_frames(stderr):
    return re.findall(r"^\s*#\d+ 0x[0-9a-fA-F]+ (.*)$", stderr, re.M)


def crash_signature(tool, stderr, detail):
    m = re.search(r"Assertion [`'](.*?)' failed", stderr)
    if m:
        return "%s: assertion %s" % (tool, m.group(1))
    m = re.search(r"UNREACHABLE executed at ([^!\n]*)", stderr)
    if m:
        return "%s: unreachable at %s" % (tool, m.group(1).strip())
    m = re.search(r"LLVM ERROR: (.*)", stderr)
    if m:
        return "%s: LLVM ERROR: %s" % (tool, re.sub(r"\d+", "N", m.group(1))[:120])
    frames = stack_frames(stderr)
    if len(frames) >= 100:
        # A deep recursion (stack overflow): name the most repeated frame.
        counts = {}
        for frame in frames:
            counts[frame] = counts.get(frame, 0) + 1
        frame, n = max(counts.items(), key=lambda kv: kv[1])
        if n >= 50:
            where = re.sub(r"\(.*", "", re.sub(r" \(/[^)]*\)$", "", frame)).strip()
            if not where:
                where = re.sub(r".*/", "", frame).rstrip(")")
            return "%s: stack overflow, recursion in %s" % (tool, where)
    names = []
    for frame in frames:
        if _SKIP_FRAME.search(frame):
            continue
        name = re.sub(r" \(/[^)]*\)$", "", frame).strip()
        name = re.sub(r" [^ ]+:\d+:\d+$", "", name)
        name = re.sub(r"\(.*", "", name)
        names.append(name)
        if len(names) == 2:
            break
    if names:
        return "%s: %s" % (tool, " <- ".join(names))
    return "%s: %s" % (tool, detail)


def classify(run, expect_message=True):
    tool = os.path.basename(run.argv[0])
    if run.timed_out:
        detail = "no exit within %g s" % run.timeout
        return Outcome("hang", run, detail, "%s: hang" % tool)
    for word, pattern in CRASH_MARKERS:
        if pattern.search(run.stderr):
            detail = "'%s' on stderr (exit code %s)" % (word, run.rc)
            return Outcome("crash", run, detail,
                           crash_signature(tool, run.stderr, detail))
    if run.rc < 0:
        try:
            name = signal.Signals(-run.rc).name
        except ValueError:
            name = "signal %d" % -run.rc
        detail = "killed by %s" % name
        return Outcome("crash", run, detail,
                       crash_signature(tool, run.stderr, detail))
    if run.rc not in (0, 1):
        detail = "exit code %d" % run.rc
        return Outcome("crash", run, detail,
                       crash_signature(tool, run.stderr, detail))
    if run.rc == 1 and expect_message and not (run.stderr.strip() or
                                               run.stdout.strip()):
        return Outcome("badreject", run, "exit code 1 without a message",
                       "%s: exit 1 without a message" % tool)
    return Outcome("accepted" if run.rc == 0 else "rejected", run)


def worst(outcomes):
    order = ["crash", "hang", "silent", "badreject", "rejected", "accepted"]
    return min(outcomes, key=lambda o: order.index(o.kind))


def first_lines(text, n):
    return "\n".join(text.splitlines()[:n])


def stack_top(stderr, frames=8):
    """The lines that say what crashed: the assertion or error banner and the
    first frames after the signal handler (repeated frames collapsed)."""
    lines = []
    for line in stderr.splitlines():
        if any(p.search(line) for _, p in CRASH_MARKERS[2:]):
            lines.append(line.strip())
    gdb_at = stderr.find("(gdb backtrace")
    raw = [f.strip() for f in stack_frames(stderr[:gdb_at] if gdb_at >= 0 else stderr)]
    begin = 0
    for i, frame in enumerate(raw[:8]):
        # The handler's frames end at the signal trampoline in libc (and,
        # after an assertion, at abort/__assert_fail).
        if re.match(r"\(/\S*libc\.so", frame) or re.search(
                r"__assert_fail|\babort\b|raise|pthread_kill", frame):
            begin = i + 1
    collapsed = []
    for frame in raw[begin:]:
        if collapsed and collapsed[-1][0] == frame:
            collapsed[-1][1] += 1
        else:
            collapsed.append([frame, 1])
    for frame, n in collapsed[:frames]:
        lines.append("  " + frame + (" (x%d)" % n if n > 1 else ""))
    if gdb_at >= 0:
        gdb_lines = stderr[gdb_at:].splitlines()
        lines += gdb_lines[:4] + ["  ..."] + gdb_lines[-frames:]
    if not lines:
        lines = stderr.strip().splitlines()[-frames:]
    return "\n".join(lines)


# ----------------------------------------------------------------------------
# Context, saving failing inputs
# ----------------------------------------------------------------------------


class Context:
    def __init__(self, args):
        self.build = os.path.abspath(args.build)
        self.bin_dir = os.path.join(self.build, "bin")
        self.timeout = args.timeout
        self.memory_mb = args.memory_mb
        self.sanitized = args.sanitized
        self.crash_dir = os.path.abspath(args.crash_dir)
        self.seed = args.seed
        self.verbose = args.verbose
        self.keep = os.path.abspath(args.keep) if args.keep else None
        self.tool_runs = 0
        self.minimize = not args.no_minimize
        self.known_dir = os.path.abspath(args.known_dir) if args.known_dir else None
        if self.keep:
            os.makedirs(self.keep, exist_ok=True)
            self.work_root = self.keep
        else:
            self.work_root = tempfile.mkdtemp(prefix="loom-fuzz-")
        self.cache = {}

    def tool(self, name):
        return os.path.join(self.bin_dir, name)

    def work(self, *parts):
        path = os.path.join(self.work_root, *parts)
        os.makedirs(path, exist_ok=True)
        return path

    def cleanup(self):
        if not self.keep:
            shutil.rmtree(self.work_root, ignore_errors=True)


def save_case(ctx, target, check, files, params, outcome, origin):
    """Saves a failing input once per (kind, signature). Returns (dir, new)."""
    digest = hashlib.sha1(
        ("%s\n%s\n%s" % (check, outcome.kind, outcome.signature)).encode()
    ).hexdigest()[:10]
    case_dir = os.path.join(ctx.crash_dir, target, "%s-%s" % (outcome.kind, digest))
    if os.path.exists(os.path.join(case_dir, "case.json")):
        return case_dir, False
    os.makedirs(case_dir, exist_ok=True)
    for name, data in files.items():
        mode = "wb" if isinstance(data, (bytes, bytearray)) else "w"
        with open(os.path.join(case_dir, name), mode) as f:
            f.write(data)
    run = outcome.run
    case = {
        "target": target,
        "check": check,
        "kind": outcome.kind,
        "signature": outcome.signature,
        "detail": outcome.detail,
        "tool": outcome.tool,
        "command": [a.replace(ctx.work_root, "<work>") for a in run.argv]
        if run else [],
        "files": sorted(files),
        "params": params,
        "found": origin,
    }
    with open(os.path.join(case_dir, "case.json"), "w") as f:
        json.dump(case, f, indent=2)
        f.write("\n")
    if run:
        with open(os.path.join(case_dir, "stderr.txt"), "w") as f:
            f.write(run.stderr)
    return case_dir, True


def minimize_lines(ctx, text, still_fails, deadline, max_runs=120):
    """A small ddmin over lines: drops chunks of lines while the input still
    fails the same way. Bounded by deadline and max_runs."""
    lines = text.split("\n")
    runs = 0
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and runs < max_runs and time.time() < deadline:
        i = 0
        changed = False
        while i < len(lines) and runs < max_runs and time.time() < deadline:
            candidate = lines[:i] + lines[i + chunk:]
            runs += 1
            if candidate and still_fails("\n".join(candidate)):
                lines = candidate
                changed = True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    return "\n".join(lines)


# ----------------------------------------------------------------------------
# Generic mutations
# ----------------------------------------------------------------------------

EXTREME_INTS = [0, 1, -1, 2, 7, 31, 32, 63, 64, 127, 128, 255, 256, 1023,
                65535, 65536, 2147483647, 2147483648, -2147483648,
                -2147483649, 4294967295, 4294967296, 9223372036854775807,
                -9223372036854775808, 9223372036854775808,
                18446744073709551615, 18446744073709551616,
                99999999999999999999999999999]
EXTREME_NUMBER_TEXT = [str(v) for v in EXTREME_INTS] + [
    "1e308", "-1e308", "1e309", "4.9e-324", "-0.0", "0.5", "1.5", "-2.5",
    "3.4028235e38", "nan", "inf", "0x7FC00000", "0xFFFFFFFFFFFFFFFF", "1e-45"]


def mutate_bytes(rng, data):
    """One byte-level mutation of bytes data."""
    data = bytearray(data)
    if not data:
        return bytes(rng.choice([b"{", b"\x00", b"module"]))
    op = rng.randrange(7)
    pos = rng.randrange(len(data))
    if op == 0:
        data[pos] ^= 1 << rng.randrange(8)
    elif op == 1:
        data[pos] = rng.choice(b"{}[]()<>,:;%@#\"'\\ \n\t0123456789-xX.\x00\xff")
    elif op == 2:
        end = min(len(data), pos + rng.randint(1, 64))
        del data[pos:end]
    elif op == 3:
        end = min(len(data), pos + rng.randint(1, 64))
        data[pos:pos] = data[pos:end] * rng.randint(1, 4)
    elif op == 4:
        del data[pos:]
    elif op == 5:
        data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    else:
        other = rng.randrange(len(data))
        n = rng.randint(1, 16)
        a, b = bytes(data[pos:pos + n]), bytes(data[other:other + n])
        data[pos:pos + n] = b
        data[other:other + len(a)] = a
    return bytes(data)


def strict_json(text):
    """Python's parser, without NaN and Infinity. Raises ValueError."""

    def reject(name):
        raise ValueError("not JSON: " + name)

    return json.loads(text, parse_constant=reject)


def json_kind(v):
    if isinstance(v, bool):
        return "bool"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def json_nodes(node, path=()):
    """Every (path, value) under node; path elements are keys and indices."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from json_nodes(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from json_nodes(v, path + (i,))


def json_get(node, path):
    for p in path:
        node = node[p]
    return node


def json_set(node, path, value):
    json_get(node, path[:-1])[path[-1]] = value


def key_kinds(doc):
    """For each key (or 'key[]' for array elements), the JSON kinds its
    values have anywhere in doc: a field seen with two kinds takes both."""
    kinds = {}
    for path, value in json_nodes(doc):
        if not path:
            continue
        name = path[-1]
        if isinstance(name, int):
            parents = [p for p in path if not isinstance(p, int)]
            name = (parents[-1] if parents else "") + "[]"
        kinds.setdefault(name, set()).add(json_kind(value))
    return kinds


def path_key(path):
    name = path[-1]
    if isinstance(name, int):
        parents = [p for p in path if not isinstance(p, int)]
        name = (parents[-1] if parents else "") + "[]"
    return name


def random_json_value(rng, kind=None):
    kind = kind or rng.choice(["bool", "null", "number", "string", "array", "object"])
    if kind == "bool":
        return rng.choice([True, False])
    if kind == "null":
        return None
    if kind == "number":
        return rng.choice(EXTREME_INTS + [1.5, -0.0, 1e308, 0.25])
    if kind == "string":
        return rng.choice(["", "x", "alu", "mem0", "cgra-4x4", "mesh",
                           "unbounded", "\u00e9", "a" * 300, "0", "-1"])
    if kind == "array":
        return rng.choice([[], [0], [1, 2], ["x"], [[]], [{}]])
    return rng.choice([{}, {"name": "x"}, {"rows": 1, "cols": 1}])


class JsonMutant:
    """A JSON document being mutated. must_reject names the mutation that
    makes it certainly invalid (or None); text-level mutations (duplicate
    keys, deep nesting) are applied when it is serialized."""

    def __init__(self, doc):
        self.doc = copy.deepcopy(doc)
        self.kinds = key_kinds(doc)
        self.must_reject = None
        self.text_ops = []
        self.log = []

    def nodes(self):
        return [(p, v) for p, v in json_nodes(self.doc) if p]

    def mutate(self, rng):
        nodes = self.nodes()
        if not nodes:
            self.doc = random_json_value(rng, "object")
            self.log.append("root replaced")
            return
        op = rng.choice(["extreme", "extreme", "retype", "delete", "dupelem",
                         "delelem", "swap", "copy", "huge", "nest", "dupkey",
                         "negate"])
        path, value = rng.choice(nodes)
        if op == "extreme" or (op == "negate" and not isinstance(value, (int, float))):
            numbers = [(p, v) for p, v in nodes if json_kind(v) == "number"]
            if numbers:
                path, value = rng.choice(numbers)
            json_set(self.doc, path, rng.choice(EXTREME_INTS + [1.5, -0.5, 1e308, -1e308, 1e-320]))
            self.log.append("extreme number at %s" % fmt_path(path))
        elif op == "negate":
            json_set(self.doc, path, -value if value else -1)
            self.log.append("negated %s" % fmt_path(path))
        elif op == "retype":
            old = json_kind(value)
            kind = rng.choice([k for k in ["bool", "null", "number", "string",
                                           "array", "object"] if k != old])
            json_set(self.doc, path, random_json_value(rng, kind))
            self.log.append("%s -> %s at %s" % (old, kind, fmt_path(path)))
        elif op == "delete":
            parent = json_get(self.doc, path[:-1])
            if isinstance(parent, dict):
                del parent[path[-1]]
            else:
                del parent[path[-1]]
            self.log.append("deleted %s" % fmt_path(path))
        elif op in ("dupelem", "delelem", "swap", "huge"):
            arrays = [(p, v) for p, v in nodes if isinstance(v, list) and v]
            if not arrays:
                return
            path, arr = rng.choice(arrays)
            i = rng.randrange(len(arr))
            if op == "dupelem":
                arr.insert(i, copy.deepcopy(arr[rng.randrange(len(arr))]))
            elif op == "delelem":
                del arr[i]
            elif op == "swap":
                j = rng.randrange(len(arr))
                arr[i], arr[j] = arr[j], arr[i]
            else:
                n = rng.choice([100, 1000, 10000, 100000])
                n = min(n, max(1, 400000 // max(1, len(json.dumps(arr[i])))))
                arr.extend(copy.deepcopy(arr[i]) for _ in range(n))
            self.log.append("%s at %s" % (op, fmt_path(path)))
        elif op == "copy":
            src_path, src = rng.choice(nodes)
            json_set(self.doc, path, copy.deepcopy(src))
            self.log.append("copied %s to %s" % (fmt_path(src_path), fmt_path(path)))
        elif op == "nest":
            depth = rng.choice([2, 16, 200, 5000, 100000])
            self.text_ops.append(("nest", path, depth))
            self.log.append("nested %s %d deep" % (fmt_path(path), depth))
        elif op == "dupkey":
            objects = [(p, v) for p, v in nodes if isinstance(v, dict) and v]
            if objects:
                path, obj = rng.choice(objects)
                key = rng.choice(list(obj))
                self.text_ops.append(("dupkey", path, key,
                                      random_json_value(rng)))
                self.log.append("duplicate key %s" % fmt_path(path + (key,)))

    def mutate_certain(self, rng):
        """A mutation that makes the document certainly invalid for a strict
        reader: an unknown key, or a field given a JSON kind it never has."""
        nodes = self.nodes()
        objects = [(p, v) for p, v in [((), self.doc)] + nodes if isinstance(v, dict)]
        if rng.random() < 0.5 and objects:
            path, obj = rng.choice(objects)
            if obj:
                key = rng.choice(list(obj))
                if rng.random() < 0.5:
                    obj["%s_" % key] = obj.pop(key)
                    self.must_reject = "renamed key %s" % fmt_path(path + (key,))
                    return
            obj["zz_unknown"] = random_json_value(rng)
            self.must_reject = "unknown key %s" % fmt_path(path + ("zz_unknown",))
            return
        candidates = [(p, v) for p, v in nodes]
        rng.shuffle(candidates)
        for path, value in candidates:
            allowed = self.kinds.get(path_key(path), {json_kind(value)})
            others = [k for k in ["bool", "null", "number", "string", "array",
                                  "object"] if k not in allowed]
            if not others:
                continue
            kind = rng.choice(others)
            json_set(self.doc, path, random_json_value(rng, kind))
            self.must_reject = "%s -> %s at %s" % (json_kind(value), kind, fmt_path(path))
            return

    def serialize(self, rng):
        marks = {}
        doc = copy.deepcopy(self.doc)
        for i, op in enumerate(self.text_ops):
            try:
                target = json_get(doc, op[1])
            except (KeyError, IndexError, TypeError):
                continue
            mark = "@@LOOMFUZZ%d@@" % i
            if op[0] == "nest":
                if not op[1]:
                    continue
                json_set(doc, op[1], mark)
                marks[mark] = ("[" * op[2], json.dumps(target), "]" * op[2])
            elif op[0] == "dupkey" and isinstance(target, dict) and op[2] in target:
                target[mark] = None
                marks[mark] = (json.dumps(op[2]), json.dumps(op[3]))
        style = rng.randrange(3)
        if style == 0:
            text = json.dumps(doc, indent=2)
        elif style == 1:
            text = json.dumps(doc, separators=(",", ":"))
        else:
            text = json.dumps(doc)
        for mark, parts in marks.items():
            if len(parts) == 3:
                text = text.replace(json.dumps(mark), "".join(parts))
            else:
                text = re.sub(re.escape(json.dumps(mark)) + r"\s*:\s*null",
                              lambda m: "%s: %s" % parts, text)
        return text


def fmt_path(path):
    out = "$"
    for p in path:
        out += "[%d]" % p if isinstance(p, int) else "." + str(p)
    return out


def mutate_json_text(rng, doc, certain_rate=0.3, byte_rate=0.25):
    """Returns (text, must_reject reason or None, log)."""
    m = JsonMutant(doc)
    for _ in range(rng.randint(1, 3)):
        m.mutate(rng)
    if rng.random() < certain_rate:
        m.mutate_certain(rng)
    text = m.serialize(rng)
    log = list(m.log) + ([m.must_reject] if m.must_reject else [])
    must_reject = m.must_reject
    if rng.random() < byte_rate:
        must_reject = None
        data = text.encode()
        for _ in range(rng.randint(1, 3)):
            data = mutate_bytes(rng, data)
        text = data.decode("utf-8", "replace")
        log.append("byte mutations")
    try:
        strict_json(text)
    except ValueError:
        must_reject = must_reject or "not valid JSON"
    except RecursionError:
        # Valid JSON, nested deeper than Python parses: an array in place of
        # a value no field nests that deep.
        must_reject = must_reject or "arrays nested thousands deep"
    return text, must_reject, log


def silent_if(outcome, must_reject, what):
    """An accepted input that must be rejected is a silent acceptance."""
    if outcome.kind == "accepted" and must_reject:
        return Outcome("silent", outcome.run,
                       "%s accepted an input with %s" % (what, must_reject),
                       "%s: accepted (%s)" % (outcome.tool,
                                              re.sub(r"\$[^ ]*", "$", must_reject)))
    return outcome


# ----------------------------------------------------------------------------
# Target: pragma
# ----------------------------------------------------------------------------

PRAGMA_TEMPLATE = """#include <loom/loom.h>
@function
void k0(@param int *a, @param const int *b, int n) {
  @decl
  int acc = 0;
  @loop
  for (int i = 0; i < n; ++i) {
    @decl
    int t = b[i];
    @loop
    for (int j = 0; j < 2; ++j)
      t += j;
    a[i] = t;
    @end
  }
  @loop
  while (acc < n) {
    acc += 2;
  }
  @decl
  float w[4] = {0, 1, 2, 3};
  @stmt
  a[0] += (int)w[1] + acc;
  @end
}
@function
template <typename T> T k1(T x) { return x + 1; }
struct S {
  @member
  int m;
  @function
  int get() const { return m; }
};
namespace ns {
@function
int k2(@param int x) { return x * 2; }
}
@function
int main() {
  int a[8] = {0}, b[8] = {1, 2, 3};
  k0(a, b, 8);
  return k1(a[0]) + ns::k2(1) - S{3}.get();
}
@eof"""

SLOT_PLACEMENTS = {
    "function": ("Function", "Candidate"),
    "loop": ("Loop",),
    "decl": ("Variable",),
    "param": ("Variable",),
    "stmt": (),
    "end": (),
    "eof": (),
    "member": None,  # not claimed either way
}

PRAGMA_WORDS = ["contiguous", "interleaved", "Interleaved", "cyclic", "block",
                "spatial", "temporal", "rom", "extmemory", "min", "max",
                "pe", "loom", "LOOM_PARALLEL", "__LINE__", "__COUNTER__",
                "i", "n", "a", "x", "foo", "k0", "S", "sizeof", "int",
                "for", "while", "return", "template", "class", "true",
                "nullptr", "unsigned", "long", "auto", "const", "if"]
PRAGMA_PUNCT = ["(", ")", ",", "(", ")", ",", "+", "*", "&", "|", "^", "-",
                ";", "{", "}", "[", "]", "::", "#", "...", "=", "<", ">",
                "?", ":", "!", "~", "%", "/", ".", "->", "&&", "<<"]
PRAGMA_NUMBERS = ["0", "1", "2", "4", "8", "16", "3", "-1", "-0", "007",
                  "0x10", "0b101", "1'000", "4u", "4ull", "1.5", "1e3", "'a'",
                  "2147483647", "2147483648", "4294967296",
                  "9223372036854775807", "9223372036854775808",
                  "18446744073709551615", "18446744073709551616",
                  "99999999999999999999999999999", "0xffffffffffffffffffff"]
PRAGMA_STRINGS = ['"k"', '""', '"spatial"', '"temporal"', '"rom"',
                  '"extmemory"', '"pe[1,2]"', '"pe[99999999999,0]"', '"pe["',
                  '"\\n"', '"a b"', 'u8"x"', 'L"w"', '"' + "x" * 300 + '"']
RESERVED_TOKENS = {"for", "while", "return", "template", "class", ";", "{",
                   "}", "#", "if"}


def load_hints(src_root):
    """The hint vocabulary from clang-plugin/Hints.cpp and the macros of
    <loom/loom.h>."""
    hints = []
    try:
        with open(os.path.join(src_root, "clang-plugin", "Hints.cpp")) as f:
            text = f.read()
        arrays = {}
        for m in re.finditer(r"static constexpr HintArg (\w+)\[\]\s*=\s*\{([^}]*)\}", text):
            arrays[m.group(1)] = re.findall(r"HintArg::(\w+)", m.group(2))
        for m in re.finditer(
                r'\{"(\w+)",\s*"([^"]*)",\s*HintPlacement::(\w+),\s*(\d+),\s*(\{\}|\w+),\s*"(\w*)"\s*\}',
                text, re.S):
            hints.append({"name": m.group(1), "placement": m.group(3),
                          "min": int(m.group(4)),
                          "args": arrays.get(m.group(5), []),
                          "conflicts": m.group(6)})
    except OSError:
        pass
    if not hints:
        hints = [{"name": n, "placement": p, "min": mn, "args": a, "conflicts": ""}
                 for n, p, mn, a in [
                     ("accel", "Function", 0, ["Name"]),
                     ("no_accel", "Function", 0, []),
                     ("target", "Function", 1, ["Target"]),
                     ("candidate", "Candidate", 0, []),
                     ("stream", "Variable", 0, []),
                     ("memory_bank", "Variable", 1, ["Count", "BankLayout"]),
                     ("reduce", "Variable", 1, ["ReduceOp"]),
                     ("parallel", "Loop", 0, ["Count", "Schedule"]),
                     ("no_parallel", "Loop", 0, []),
                     ("unroll", "Loop", 0, ["Count"]),
                     ("no_unroll", "Loop", 0, []),
                     ("tripcount", "Loop", 1, ["Count"]),
                     ("tripcount_range", "Loop", 2, ["MinCount", "Count"]),
                     ("tripcount_typical", "Loop", 3, ["Count", "MinCount", "Count"]),
                     ("tripcount_full", "Loop", 4, ["Count", "Count", "MinCount", "Count"])]]
    macros = {}
    try:
        with open(os.path.join(src_root, "hints-header", "include", "loom", "loom.h")) as f:
            for m in re.finditer(r"#define (LOOM_\w+)(\(\.\.\.\))? LOOM_PRAGMA_\((\w+)", f.read()):
                macros[m.group(1)] = (m.group(3), bool(m.group(2)))
    except OSError:
        pass
    if not macros:
        for h in hints:
            if h["placement"] != "Candidate":
                macros["LOOM_" + h["name"].upper()] = (h["name"], bool(h["args"]))
    return hints, macros


def valid_arg(rng, kind):
    if kind == "Count":
        if rng.random() < 0.2:
            return [rng.choice(["1000", "65536", "1000000", "2147483647", "4294967296",
                                "9223372036854775807", "(1 << 40)", "sizeof(int)"])]
        return [rng.choice(["1", "2", "4", "8", "16", "3", "64"])]
    if kind == "MinCount":
        return [rng.choice(["0", "1", "2"])]
    if kind == "Schedule":
        return [rng.choice(["contiguous", "interleaved"])]
    if kind == "BankLayout":
        return [rng.choice(["cyclic", "block"])]
    if kind == "ReduceOp":
        return [rng.choice(["+", "*", "min", "max", "&", "|", "^"])]
    if kind == "Target":
        return [rng.choice(['"spatial"', '"temporal"', '"rom"', '"pe[1,2]"'])]
    return ['"k%d"' % rng.randrange(4)]


def random_token(rng):
    r = rng.random()
    if r < 0.3:
        return rng.choice(PRAGMA_PUNCT)
    if r < 0.55:
        return rng.choice(PRAGMA_NUMBERS)
    if r < 0.7:
        return rng.choice(PRAGMA_STRINGS)
    return rng.choice(PRAGMA_WORDS)


def split_args(tokens):
    """tokens after the hint name: None when they are not one balanced
    parenthesized list, else the list of arguments (token lists)."""
    if not tokens:
        return []
    if tokens[0] != "(" or tokens[-1] != ")":
        return None
    depth = 0
    args, cur = [], []
    for i, tok in enumerate(tokens):
        if tok == "(":
            depth += 1
            if depth == 1:
                continue
        elif tok == ")":
            depth -= 1
            if depth == 0:
                if i != len(tokens) - 1:
                    return None
                break
        if depth == 1 and tok == ",":
            args.append(cur)
            cur = []
        else:
            cur.append(tok)
    if depth != 0:
        return None
    if cur or args:
        args.append(cur)
    return args


def int_value(tok):
    try:
        if re.fullmatch(r"[1-9][0-9]*|0", tok):
            return int(tok)
    except ValueError:
        pass
    return None


def certainly_invalid(hints, tokens, slot):
    """Why the hint tokens (the pragma's, name first) are certainly wrong at
    slot, or None when they may be right."""
    by_name = {h["name"]: h for h in hints}
    if not tokens:
        return "no hint name"
    hint = by_name.get(tokens[0])
    if hint is None:
        return "unknown hint '%s'" % tokens[0]
    allowed = SLOT_PLACEMENTS.get(slot)
    if allowed is not None and hint["placement"] not in allowed:
        return "%s hint '%s' at a %s slot" % (hint["placement"].lower(), hint["name"], slot)
    args = split_args(tokens[1:])
    if args is None:
        return "tokens after '%s' are not one parenthesized list" % hint["name"]
    if len(args) > len(hint["args"]):
        return "%d arguments, at most %d" % (len(args), len(hint["args"]))
    if len(args) < hint["min"]:
        return "%d arguments, at least %d" % (len(args), hint["min"])
    for arg, kind in zip(args, hint["args"]):
        strings = [t for t in arg if t.startswith(('"', 'u8"', 'L"'))]
        if any(t in RESERVED_TOKENS for t in arg):
            return "a statement token in an argument"
        if not arg:
            return "an empty argument"
        if kind in ("Name", "Target"):
            if len(arg) != 1 or not strings:
                return "argument of kind %s is not one string literal" % kind
            if kind == "Target":
                inner = arg[0][1:-1] if arg[0].startswith('"') else None
                if inner not in ("spatial", "temporal", "rom", "extmemory") and \
                        not re.fullmatch(r"pe\[\s*\d+\s*,\s*\d+\s*\]", inner or ""):
                    return "target %s" % arg[0]
                m = re.fullmatch(r"pe\[\s*(\d+)\s*,\s*(\d+)\s*\]", inner or "")
                if m and max(int(m.group(1)), int(m.group(2))) >= 2 ** 32:
                    return None  # out of range is for the checker to say
            continue
        if strings:
            return "a string literal where a %s goes" % kind
        if kind in ("Schedule", "BankLayout", "ReduceOp"):
            words = {"Schedule": None, "BankLayout": {"cyclic", "block"},
                     "ReduceOp": {"+", "*", "min", "max", "&", "|", "^"}}[kind]
            if len(arg) != 1:
                return "%s argument of %d tokens" % (kind, len(arg))
            if words is None:
                if arg[0].lower() not in ("contiguous", "interleaved"):
                    return "schedule %s" % arg[0]
            elif arg[0] not in words:
                return "%s %s" % (kind, arg[0])
            continue
        if len(arg) == 1:
            v = int_value(arg[0])
            if v is not None:
                if kind == "Count" and v == 0:
                    return "count 0"
                if v > 9223372036854775807:
                    return "count %s above 2^63-1" % arg[0]
        if len(arg) == 2 and arg[0] == "-" and int_value(arg[1]) and int_value(arg[1]) > 0:
            return "a negative count"
    return None


def gen_hint(rng, hints, macros, slot):
    """One hint for slot: (text, pragma tokens or None, form)."""
    matching = [h for h in hints
                if SLOT_PLACEMENTS.get(slot) and h["placement"] in SLOT_PLACEMENTS[slot]]
    hint = rng.choice(matching) if matching and rng.random() < 0.75 else rng.choice(hints)
    mode = rng.choices(["valid", "mutated", "random"], [45, 42, 13])[0]
    tokens = [hint["name"]]
    nargs = rng.randint(hint["min"], len(hint["args"]))
    if nargs or (hint["args"] and rng.random() < 0.5):
        tokens.append("(")
        for i in range(nargs):
            if i:
                tokens.append(",")
            tokens += valid_arg(rng, hint["args"][i])
        tokens.append(")")
    if mode == "mutated":
        for _ in range(rng.randint(1, 3)):
            op = rng.randrange(8)
            pos = rng.randrange(len(tokens) + 1)
            if op == 0:
                tokens.insert(pos, random_token(rng))
            elif op == 1 and len(tokens) > 1:
                del tokens[rng.randrange(1, len(tokens))]
            elif op == 2 and len(tokens) > 1:
                tokens[rng.randrange(1, len(tokens))] = random_token(rng)
            elif op == 3:
                tokens[0] = rng.choice([
                    tokens[0].upper(), tokens[0] + "_", "no_" + tokens[0],
                    tokens[0][:-1], rng.choice(hints)["name"], "LOOM",
                    rng.choice(PRAGMA_WORDS)])
            elif op == 4:
                nums = [i for i, t in enumerate(tokens) if re.match(r"-?\d", t)]
                if nums:
                    tokens[rng.choice(nums)] = rng.choice(PRAGMA_NUMBERS)
                else:
                    tokens.insert(max(1, pos), rng.choice(PRAGMA_NUMBERS))
            elif op == 5:
                tokens = tokens[:rng.randint(1, len(tokens))]
            elif op == 6:
                tokens.insert(max(1, pos), rng.choice(["(", ")", ",", "((", "))"]))
            else:
                tokens += [","] + valid_arg(rng, rng.choice(
                    ["Count", "MinCount", "Schedule", "BankLayout", "ReduceOp", "Target", "Name"]))
                if ")" in tokens:
                    tokens.remove(")")
                    tokens.append(")")
    elif mode == "random":
        tokens = [random_token(rng) for _ in range(rng.randint(0, 8))]
        if rng.random() < 0.6:
            tokens.insert(0, rng.choice(hints)["name"])
    tokens = [t for t in tokens if t]
    forms = ["pragma", "pragma", "_Pragma", "macro", "macro"]
    form = rng.choice(forms)
    macro = None
    if form == "macro":
        names = [m for m, (sp, _) in macros.items() if tokens and sp == tokens[0]]
        if names:
            macro = rng.choice(names)
            rest = tokens[1:]
            glue = "" if rest and rest[0] == "(" and rng.random() < 0.7 else " "
            return (macro + glue + " ".join(rest)).rstrip(), tokens, "macro"
        if rng.random() < 0.3 and tokens:
            name = re.sub(r"\W", "", tokens[0].upper()) or "X"
            return ("LOOM_%s %s" % (name, " ".join(tokens[1:]))).rstrip(), None, "macro-unknown"
        form = "pragma"
    if form == "_Pragma":
        body = "loom " + " ".join(tokens)
        body = body.replace("\\", "\\\\").replace('"', '\\"')
        return '_Pragma("%s")' % body, tokens, "_Pragma"
    return "#pragma loom " + " ".join(tokens), tokens, "pragma"


def gen_pragma_program(rng, hints, macros):
    """A program with 1-3 hints: (source, [(line, text, reason or None)])."""
    slots = [m.start() for m in re.finditer(r"@\w+", PRAGMA_TEMPLATE)]
    chosen = set(rng.sample(range(len(slots)), rng.choice([1, 1, 2, 2, 3])))
    out = []
    filled = []
    pos = 0
    for idx, m in enumerate(re.finditer(r"@(\w+)", PRAGMA_TEMPLATE)):
        out.append(PRAGMA_TEMPLATE[pos:m.start()])
        pos = m.end()
        slot = m.group(1)
        if idx in chosen:
            for _ in range(rng.choice([1, 1, 1, 1, 2])):
                text, tokens, form = gen_hint(rng, hints, macros, slot)
                if form == "macro-unknown":
                    reason = "unknown macro"
                else:
                    reason = certainly_invalid(hints, tokens, slot)
                if slot == "param" and form == "pragma":
                    text = "\n" + text + "\n"
                elif slot == "param":
                    text = text + " "
                else:
                    text = text + "\n"
                out.append(text)
                filled.append((slot, text.strip(), reason))
    out.append(PRAGMA_TEMPLATE[pos:])
    source = "".join(out)
    # Remove the empty slot lines, then find each hint's line.
    source = "\n".join(l for l in source.split("\n") if l.strip() != "")
    lines = source.split("\n")
    located = []
    search_from = 0
    for slot, text, reason in filled:
        for i in range(search_from, len(lines)):
            if text in lines[i]:
                located.append((i + 1, text, reason))
                search_from = i
                break
    return source + "\n", located


def check_pragma(ctx, workdir, source, hints_meta, full_compile=False):
    path = os.path.join(workdir, "fuzz.cpp")
    with open(path, "w") as f:
        f.write(source)
    argv = [ctx.tool("loom-clang++"), "-fsyntax-only", "-ferror-limit=0",
            "-fno-crash-diagnostics", path]
    outcome = classify(run_tool(ctx, argv, cwd=workdir))
    if outcome.kind == "accepted":
        for line, text, reason in hints_meta:
            if not reason:
                continue
            pattern = re.compile(r"fuzz\.cpp:%d:\d+: (error|warning):" % line)
            if not pattern.search(outcome.run.stderr):
                return Outcome("silent", outcome.run,
                               "line %d: '%s' accepted without a diagnostic (%s)" % (line, text, reason),
                               "loom-clang++: accepted (%s)" % re.sub(r"'[^']*'|\d+", "_", reason))
    if outcome.kind == "accepted" and full_compile:
        argv = [ctx.tool("loom-clang++"), "-O1", "-c", "-fno-crash-diagnostics",
                path, "-o", os.path.join(workdir, "fuzz.o")]
        full = classify(run_tool(ctx, argv, cwd=workdir))
        if full.failed:
            return full
    return outcome


def target_pragma(ctx, fz):
    hints, macros = load_hints(SRC_ROOT)
    workdir = ctx.work("pragma")
    while fz.more():
        rng = fz.rng()
        source, meta = gen_pragma_program(rng, hints, macros)
        full = rng.random() < 0.3
        outcome = check_pragma(ctx, workdir, source, meta, full)
        fz.record(outcome, "pragma", {"fuzz.cpp": source},
                  {"hints": meta, "full_compile": full},
                  minimize_text=("fuzz.cpp", lambda s: check_pragma(
                      ctx, workdir, s, [], full)) if outcome.kind == "crash" else None)


def replay_pragma(ctx, case_dir, case):
    workdir = ctx.work("replay-pragma")
    with open(os.path.join(case_dir, "fuzz.cpp")) as f:
        source = f.read()
    params = case["params"]
    return check_pragma(ctx, workdir, source, [tuple(h) for h in params["hints"]],
                        params.get("full_compile", False))


# ----------------------------------------------------------------------------
# Target: dataflow
# ----------------------------------------------------------------------------

def strip_comments(text):
    return "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("//"))


def split_chunks(text):
    return [c for c in re.split(r"^// -----.*$", text, flags=re.M) if c.strip()]


def run_lines(text):
    """The RUN lines of a lit test, continuations joined."""
    lines, cur = [], ""
    for l in text.split("\n"):
        m = re.match(r"\s*(?://|#)\s*RUN:\s?(.*)$", l)
        if not m:
            if cur:
                lines.append(cur)
                cur = ""
            continue
        part = m.group(1)
        if part.rstrip().endswith("\\"):
            cur += part.rstrip()[:-1] + " "
        else:
            lines.append(cur + part)
            cur = ""
    if cur:
        lines.append(cur)
    return lines


def command_words(cmd):
    """The words of the first command of a pipeline, and where it writes."""
    try:
        words = shlex.split(cmd, posix=True)
    except ValueError:
        return None, None
    out = []
    redirect = None
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("|", "&&", "||", ";"):
            break
        if w == ">" and i + 1 < len(words):
            redirect = words[i + 1]
            i += 2
            continue
        if w.startswith("2>") or w == "2>&1":
            i += 1 if w != "2>" else 2
            continue
        if w.startswith(">"):
            redirect = w[1:]
            i += 1
            continue
        out.append(w)
        i += 1
    return out, redirect


def graph_signatures(text):
    """name -> (values, memories, streams) type lists of every graph, and of
    every func.func (as an --entry)."""
    sigs = {}
    for m in re.finditer(r"dataflow\.graph\s+(?:private\s+)?@([\w.$-]+)\s*\(", text):
        groups = {"values": [], "memories": [], "streams": []}
        header_end = text.find("{\n", m.end())
        header = text[m.end():header_end if header_end > 0 else len(text)]
        header = header.split("->")[0]
        for g in groups:
            gm = re.search(r"\b%s\(" % g, header)
            if gm:
                groups[g] = param_types(balanced(header, gm.end() - 1))
        sigs[("graph", m.group(1))] = groups
    for m in re.finditer(r"func\.func\s+(?:private\s+)?@([\w.$-]+)\s*\(", text):
        params = param_types(balanced(text, m.end() - 1))
        groups = {"values": [t for t in params if not t.startswith(("memref", "!llvm.ptr"))],
                  "memories": [t for t in params if t.startswith(("memref", "!llvm.ptr"))],
                  "streams": []}
        sigs[("entry", m.group(1))] = groups
    return sigs


def balanced(text, open_pos):
    depth = 0
    for i in range(open_pos, min(len(text), open_pos + 4000)):
        c = text[i]
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
            if depth == 0:
                return text[open_pos + 1:i]
    return ""


def param_types(params):
    types = []
    depth = 0
    cur = ""
    for c in params + ",":
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        if c == "," and depth == 0:
            m = re.search(r":\s*([^{]*)", cur)
            if m:
                types.append(m.group(1).strip())
            cur = ""
        else:
            cur += c
    return types


def emu_value(rng, t):
    if t == "i1":
        return rng.choice(["0", "1"])
    if t.startswith("f"):
        return rng.choice(["1.5", "-2", "0", "3", "1e30", "nan"])
    if t == "none":
        return "none"
    if rng.random() < 0.1:
        return rng.choice(["-1", "127", "-128", "2147483647", "-9223372036854775808"])
    return rng.choice(["0", "1", "2", "3"])


def emu_memory(rng, t):
    m = re.match(r"memref<((?:[\d?]+x)*)(\w+)", t)
    if not m:
        return "i8[64]"
    dims = [d for d in m.group(1).split("x") if d]
    dims = [("%d" % rng.choice([1, 4, 8])) if d == "?" else d for d in dims]
    return "%s[%s]" % (m.group(2), "x".join(dims) if dims else "1")


def signature_args(rng, kind, name, groups):
    args = ["--%s=%s" % ("graph" if kind == "graph" else "entry", name)]
    if groups["values"]:
        args.append("--values=" + ",".join(emu_value(rng, t) for t in groups["values"]))
    for t in groups["memories"]:
        args.append("--memory=" + emu_memory(rng, t))
    for t in groups["streams"]:
        args.append("--stream=" + ",".join(emu_value(rng, t) for _ in range(rng.randint(0, 4))))
    return args


EMU_DROP = ("--split-input-file", "--budget", "--max-steps", "--trace-value",
            "--stats", "--print-work-items")


def emu_seed_args(words):
    """loom-emu's arguments of a RUN line, without the input and the
    options the fuzzer sets itself."""
    out = []
    for w in words[1:]:
        if w == "%s" or w.startswith("%t") or w.startswith("%S"):
            continue
        if w.startswith(EMU_DROP):
            continue
        out.append(w)
    return out


def dataflow_seeds(ctx, rng_seed, deadline):
    """Seed chunks (text) and emu seeds (text, args). Lowered programs come
    from the kernel-to-dfg and loom-opt RUN lines of a few tests, chosen by
    the seed."""
    files = []
    for sub in ["tests/lit/Dialect/Dataflow", "tests/lit/Dialect/Loom",
                "tests/lit/Emulator", "tests/lit/Emulator/Inputs",
                "tests/lit/Malformed/Inputs", "tests/lit/Transforms",
                "tests/lit/Conversion", "samples/ir"]:
        d = os.path.join(SRC_ROOT, sub)
        if os.path.isdir(d):
            files += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".mlir")]
    chunks, invalid, emu = [], [], []
    derivable = []
    for path in files:
        with open(path, errors="replace") as f:
            text = f.read()
        runs = run_lines(text)
        body = text
        for c in split_chunks(text):
            # Chunks that expect diagnostics are seeds too, drawn less often.
            if "expected-error" in c or "/Malformed/" in path:
                invalid.append(strip_comments(c))
            else:
                chunks.append(strip_comments(c))
        for cmd in runs:
            words, redirect = command_words(cmd)
            if not words:
                continue
            if words[0] == "not":
                words = words[1:]
            if words and words[0] == "loom-emu" and "%s" in words:
                add_emu_seed(emu, body, emu_seed_args(words))
            if words and words[0] in ("loom-opt", "%kernel-to-dfg") and "%s" in words:
                derivable.append((path, words, text))
    # A few derived programs (each costs a loom-opt run).
    drng = random.Random("%s/dataflow-seeds" % rng_seed)
    drng.shuffle(derivable)
    for path, words, text in derivable[:6]:
        if time.time() > deadline:
            break
        if words[0] == "%kernel-to-dfg":
            words = ["loom-opt", "--loom-form-threads", "--loom-form-spatial-regions",
                     "--loom-dataflow-pipeline"] + words[1:]
        argv = [ctx.tool("loom-opt")] + [path if w == "%s" else w for w in words[1:]
                                         if not w.startswith("%") or w == "%s"]
        if any(w.startswith("-verify-diagnostics") for w in argv):
            continue
        run = run_tool(ctx, argv, timeout=10)
        if run.rc != 0 or not run.stdout.strip():
            continue
        out_chunks = [strip_comments(c) for c in split_chunks(run.stdout)]
        chunks += out_chunks
        for cmd in run_lines(text):
            w2, _ = command_words(cmd)
            if w2 and w2[0] == "not":
                w2 = w2[1:]
            if w2 and w2[0] == "loom-emu" and any(w.startswith("%t") for w in w2[1:2]):
                add_emu_seed(emu, run.stdout, emu_seed_args(w2))
        for chunk in out_chunks:
            for (kind, name), groups in graph_signatures(chunk).items():
                if kind == "graph":
                    emu.append((chunk, None, (kind, name, groups)))
    for chunk in list(chunks):
        for (kind, name), groups in graph_signatures(chunk).items():
            if kind == "graph":
                emu.append((chunk, None, (kind, name, groups)))
    return chunks, invalid, emu


def add_emu_seed(emu, body, args):
    name = None
    for a in args:
        if a.startswith(("--graph=", "--entry=")):
            name = a.split("=", 1)[1]
    chunks = split_chunks(body)
    if name:
        chunks = [c for c in chunks if re.search(r"@%s\b" % re.escape(name), c)] or chunks
    if len(chunks) != 1:
        chunks = [c for c in chunks if "dataflow.graph" in c or "func.func" in c][:1]
    if chunks:
        emu.append((strip_comments(chunks[0]), args, None))


SSA = re.compile(r"%[\w$.#-]+")
NUMBER = re.compile(r"(?<![\w%#@.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\b")
TYPES = ["i1", "i8", "i16", "i32", "i64", "index", "f16", "f32", "f64", "none",
         "memref<?xi32>", "memref<2x3xf32>", "memref<i32>", "!llvm.ptr",
         "memref<0xi32>", "memref<?x?xi64>", "i0", "i65536", "tuple<>"]
KEYWORDS = ["values", "memories", "streams", "complete", "deps", "step",
            "while", "add", "slt", "ult", "private", "->", "{", "}", "(",
            ")", ",", ":", "=", "[", "]", "<", ">"]


def mutate_mlir(rng, text, donors):
    lines = text.split("\n")
    log = []
    for _ in range(rng.choices([1, 2, 3], [60, 25, 15])[0]):
        op = rng.choices(range(14), [8, 6, 6, 4, 10, 10, 8, 4, 6, 6, 5, 4, 5, 6])[0]
        if not lines:
            lines = [""]
        i = rng.randrange(len(lines))
        if op == 0 and len(lines) > 1:
            del lines[i]
            log.append("deleted line %d" % (i + 1))
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
            log.append("duplicated a line at %d" % (i + 1))
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            log.append("swapped lines %d and %d" % (i + 1, j + 1))
        elif op == 3:
            donor = rng.choice(donors).split("\n")
            lines.insert(i, rng.choice(donor))
            log.append("inserted a donor line at %d" % (i + 1))
        elif op in (4, 5):
            spots = [(k, m) for k, l in enumerate(lines) for m in NUMBER.finditer(l)]
            if spots:
                k, m = rng.choice(spots)
                new = rng.choice(EXTREME_NUMBER_TEXT)
                lines[k] = lines[k][:m.start()] + new + lines[k][m.end():]
                log.append("number -> %s at line %d" % (new, k + 1))
        elif op in (6, 7):
            names = sorted(set(SSA.findall("\n".join(lines))))
            if names:
                old = rng.choice(names)
                new = rng.choice(names + ["%undefined", "%0", "%start", "%" + "v" * 200])
                body = "\n".join(lines)
                if op == 6:
                    occ = [m.start() for m in re.finditer(re.escape(old) + r"(?![\w$.-])", body)]
                    if occ:
                        p = rng.choice(occ)
                        body = body[:p] + new + body[p + len(old):]
                else:
                    body = re.sub(re.escape(old) + r"(?![\w$.-])", lambda _m: new, body)
                lines = body.split("\n")
                log.append("renamed %s to %s%s" % (old, new, "" if op == 6 else " everywhere"))
        elif op == 8:
            spots = [(k, m) for k, l in enumerate(lines)
                     for m in re.finditer(r"\b(i1|i8|i16|i32|i64|index|f32|f64|none|memref<[^>]*>)", l)]
            if spots:
                k, m = rng.choice(spots)
                new = rng.choice(TYPES)
                lines[k] = lines[k][:m.start()] + new + lines[k][m.end():]
                log.append("type -> %s at line %d" % (new, k + 1))
        elif op == 9:
            spots = [(k, m) for k, l in enumerate(lines)
                     for m in re.finditer(r"\b(dataflow|arith|loom|func|scf|memref|llvm)\.[\w.]+", l)]
            if spots:
                k, m = rng.choice(spots)
                names = sorted(set(re.findall(r"\b(?:dataflow|arith|loom|func|scf|memref|llvm)\.[\w.]+",
                                              "\n".join(donors[:50]))))
                new = rng.choice(names or ["dataflow.carry"])
                lines[k] = lines[k][:m.start()] + new + lines[k][m.end():]
                log.append("op -> %s at line %d" % (new, k + 1))
        elif op == 10:
            spots = [(k, m) for k, l in enumerate(lines) for m in re.finditer(r"\S+", l)]
            if spots:
                k, m = rng.choice(spots)
                lines[k] = lines[k][:m.start()] + rng.choice(KEYWORDS) + lines[k][m.end():]
                log.append("token replaced at line %d" % (k + 1))
        elif op == 11:
            body = "\n".join(lines)
            cut = rng.randrange(len(body) + 1)
            lines = body[:cut].split("\n")
            log.append("truncated at byte %d" % cut)
        elif op == 12:
            j = min(len(lines), i + rng.randint(1, 8))
            lines[i:i] = lines[i:j]
            log.append("duplicated lines %d-%d" % (i + 1, j))
        else:
            data = "\n".join(lines).encode()
            data = mutate_bytes(rng, data)
            lines = data.decode("utf-8", "replace").split("\n")
            log.append("byte mutation")
    return "\n".join(lines), log


def check_opt(ctx, workdir, text):
    path = os.path.join(workdir, "input.mlir")
    out = os.path.join(workdir, "output.mlir")
    with open(path, "w") as f:
        f.write(text)
    if os.path.exists(out):
        os.unlink(out)
    argv = [ctx.tool("loom-opt"), "--loom-validate-dataflow", path, "-o", out]
    outcome = classify(run_tool(ctx, argv))
    if outcome.kind == "accepted" and os.path.exists(out):
        again = [ctx.tool("loom-opt"), "--loom-validate-dataflow", out, "-o", os.devnull]
        second = classify(run_tool(ctx, again))
        if second.failed:
            return second
        if second.kind == "rejected":
            return Outcome("silent", second.run,
                           "loom-opt accepted the input but rejects its own printed output: %s"
                           % first_lines(second.run.stderr, 1),
                           "loom-opt: printed output does not re-validate: %s" %
                           re.sub(r"\S*output\.mlir:\d+:\d+", "", first_lines(second.run.stderr, 1))[:100])
    return outcome


def check_emu(ctx, workdir, text, args):
    path = os.path.join(workdir, "input.mlir")
    with open(path, "w") as f:
        f.write(text)
    argv = [ctx.tool("loom-emu"), path] + args + ["--budget=20000"]
    if any(a.startswith("--entry") for a in args):
        argv += ["--max-steps=20000", "--workers=2"]
    return classify(run_tool(ctx, argv))


def target_dataflow(ctx, fz):
    workdir = ctx.work("dataflow")
    # Deriving seeds may take a third of the budget at most.
    chunks, invalid, emu = dataflow_seeds(ctx, ctx.seed,
                                          fz.start + (fz.deadline - fz.start) / 3)
    if ctx.verbose:
        print("dataflow: %d seed chunks (and %d that expect diagnostics), %d emu seeds"
              % (len(chunks), len(invalid), len(emu)))
    while fz.more():
        rng = fz.rng()
        if rng.random() < 0.5 and emu:
            chunk, args, sig = rng.choice(emu)
            if args is None:
                args = signature_args(rng, sig[0], sig[1], sig[2])
            if rng.random() < 0.3:
                args = args + ["--drain"]
            if rng.random() < 0.15:
                args = args + ["--schedule-seed=%d" % rng.randint(1, 99)]
            text, log = mutate_mlir(rng, chunk, chunks)
            outcome = check_emu(ctx, workdir, text, args)
            fz.record(outcome, "emu", {"input.mlir": text}, {"args": args, "mutations": log},
                      minimize_text=("input.mlir", lambda s: check_emu(ctx, workdir, s, args))
                      if outcome.kind == "crash" else None)
        else:
            seed = rng.choice(invalid if invalid and rng.random() < 0.2 else chunks)
            text, log = mutate_mlir(rng, seed, chunks)
            outcome = check_opt(ctx, workdir, text)
            fz.record(outcome, "opt", {"input.mlir": text}, {"mutations": log},
                      minimize_text=("input.mlir", lambda s: check_opt(ctx, workdir, s))
                      if outcome.kind in ("crash", "silent") else None)


def replay_dataflow(ctx, case_dir, case):
    workdir = ctx.work("replay-dataflow")
    with open(os.path.join(case_dir, "input.mlir")) as f:
        text = f.read()
    if case["check"] == "emu":
        return check_emu(ctx, workdir, text, case["params"]["args"])
    return check_opt(ctx, workdir, text)


# ----------------------------------------------------------------------------
# Target: fabric
# ----------------------------------------------------------------------------

def preset_names(ctx):
    if "presets" not in ctx.cache:
        run = run_tool(ctx, [ctx.tool("loom-fabric"), "--list-presets"])
        ctx.cache["presets"] = [l.split()[0] for l in run.stdout.splitlines() if l.strip()]
    return ctx.cache["presets"]


def fabric_seeds(ctx):
    if "fabric_seeds" in ctx.cache:
        return ctx.cache["fabric_seeds"]
    seeds = []
    for name in preset_names(ctx):
        run = run_tool(ctx, [ctx.tool("loom-fabric"), "--dump=" + name])
        try:
            seeds.append((name, strict_json(run.stdout)))
        except ValueError:
            pass
    for sub in ["tests/lit/Fabric/Inputs", "tests/lit/Mapper/Inputs"]:
        d = os.path.join(SRC_ROOT, sub)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith(".json") and "mapping" not in f:
                try:
                    with open(os.path.join(d, f)) as fh:
                        seeds.append((f, strict_json(fh.read())))
                except ValueError:
                    pass
    ctx.cache["fabric_seeds"] = seeds
    return seeds


def check_fabric(ctx, workdir, text, must_reject):
    path = os.path.join(workdir, "fabric.json")
    with open(path, "w") as f:
        f.write(text)
    validate = classify(run_tool(ctx, [ctx.tool("loom-fabric"), "--validate=" + path]))
    if validate.failed:
        return validate
    summary = classify(run_tool(ctx, [ctx.tool("loom-fabric"), "--summary=" + path]))
    if summary.failed:
        return summary
    validate = silent_if(validate, must_reject, "--validate")
    if validate.failed:
        return validate
    summary = silent_if(summary, must_reject, "--summary")
    if summary.failed:
        return summary
    if validate.kind == "rejected" and summary.kind == "accepted":
        return Outcome("silent", summary.run,
                       "--summary accepted a fabric --validate rejects",
                       "loom-fabric: --summary accepts what --validate rejects")
    if validate.kind == "accepted" and summary.kind == "rejected":
        return Outcome("badreject", summary.run,
                       "--summary rejected a fabric --validate accepts",
                       "loom-fabric: --summary rejects what --validate accepts")
    return validate


def target_fabric(ctx, fz):
    workdir = ctx.work("fabric")
    seeds = fabric_seeds(ctx)
    while fz.more():
        rng = fz.rng()
        name, doc = rng.choice(seeds)
        text, must_reject, log = mutate_json_text(rng, doc)
        outcome = check_fabric(ctx, workdir, text, must_reject)
        fz.record(outcome, "fabric", {"fabric.json": text},
                  {"seed": name, "must_reject": must_reject, "mutations": log},
                  minimize_text=("fabric.json", lambda s: check_fabric(ctx, workdir, s, None))
                  if outcome.kind == "crash" else None)


def replay_fabric(ctx, case_dir, case):
    workdir = ctx.work("replay-fabric")
    with open(os.path.join(case_dir, "fabric.json")) as f:
        text = f.read()
    return check_fabric(ctx, workdir, text, case["params"].get("must_reject"))


# ----------------------------------------------------------------------------
# The kernel program (mapping cache and artifact targets)
# ----------------------------------------------------------------------------

KERNEL_PROGRAM = r"""// loom-fuzz.py's kernel program: two kernels, run once each.
#include <loom/loom.h>

#include <cstdio>
#include <cstring>

LOOM_ACCEL()
void vadd(const int *__restrict a, const int *__restrict b, int *__restrict c,
          int n) {
  for (int i = 0; i < n; ++i)
    c[i] = a[i] * 3 + b[i];
}

LOOM_ACCEL()
float dot(const float *__restrict x, const float *__restrict y, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

int main() {
  int a[48], b[48], c[48];
  float x[40], y[40];
  for (int i = 0; i < 48; ++i) {
    a[i] = i * 7 - 100;
    b[i] = 1000 - i * i;
    c[i] = -1;
  }
  for (int i = 0; i < 40; ++i) {
    x[i] = 0.25f * i - 3.0f;
    y[i] = 1.0f / (i + 1);
  }
  vadd(a, b, c, 48);
  float d = dot(x, y, 40);
  unsigned long h = 0;
  for (int i = 0; i < 48; ++i)
    h = h * 1000003u + (unsigned)c[i];
  unsigned bits;
  std::memcpy(&bits, &d, sizeof bits);
  std::printf("vadd %lu %d %d\ndot %a %08x\n", h, c[0], c[47], d, bits);
  return 0;
}
"""
KERNELS = {"vadd": "_Z4vadd", "dot": "_Z3dot"}


def kernel_program(ctx, source=KERNEL_PROGRAM):
    """Compiles the kernel program once: (dir, exe, native stdout) or raises."""
    key = ("program", hashlib.sha1(source.encode()).hexdigest())
    if key in ctx.cache:
        return ctx.cache[key]
    d = ctx.work("program-" + key[1][:8])
    src = os.path.join(d, "program.cpp")
    with open(src, "w") as f:
        f.write(source)
    exe = os.path.join(d, "program")
    run = run_tool(ctx, [ctx.tool("loom-clang++"), "-O2", src, "-o", exe], cwd=d,
                   timeout=max(ctx.timeout, 120))
    if run.rc != 0:
        raise RuntimeError("cannot compile the kernel program:\n" + run.stderr)
    native = run_tool(ctx, [exe], env={"LOOM_BACKEND": "host"}, cwd=d)
    if native.rc != 0:
        raise RuntimeError("the kernel program fails natively:\n" + native.stderr)
    ctx.cache[key] = (d, exe, native.stdout)
    return ctx.cache[key]


def filled_cache(ctx, program, fabric=None):
    """A mapping cache filled by one sim run: {kernel: entry path}, and the
    mapping JSON files of the run."""
    d, exe, native = program
    key = ("cache", exe, fabric)
    if key in ctx.cache:
        return ctx.cache[key]
    cache = os.path.join(d, "cache-" + (fabric or "default"))
    shutil.rmtree(cache, ignore_errors=True)
    maps = os.path.join(d, "maps-" + (fabric or "default"))
    env = {"LOOM_BACKEND": "sim", "LOOM_OFFLOAD": "mandatory",
           "LOOM_CACHE_DIR": cache, "LOOM_MAPPING_DIR": maps}
    if fabric:
        env["LOOM_FABRIC"] = fabric
    run = run_tool(ctx, [exe], env=env, cwd=d, timeout=max(ctx.timeout, 120))
    if run.rc != 0 or run.stdout != native:
        raise RuntimeError("the kernel program does not run on sim:\n" + run.stderr)
    entries = {}
    mdir = os.path.join(cache, "mappings")
    for f in sorted(os.listdir(mdir)):
        path = os.path.join(mdir, f)
        with open(path, "rb") as fh:
            data = fh.read()
        ctx.cache[("entry", path)] = data
        entries[json.loads(data).get("graph", "")] = path
    ctx.cache[key] = (cache, entries, maps)
    return ctx.cache[key]


# ----------------------------------------------------------------------------
# Target: mapping
# ----------------------------------------------------------------------------

def mapping_seeds(ctx, program):
    """(name, fabric argument, document) of every seed mapping."""
    if "mapping_seeds" in ctx.cache:
        return ctx.cache["mapping_seeds"]
    seeds = []
    saxpy = os.path.join(SRC_ROOT, "tests/lit/Fabric/Inputs/saxpy-4x4.mapping.json")
    if os.path.exists(saxpy):
        with open(saxpy) as f:
            seeds.append(("saxpy-4x4.mapping.json", "cgra-4x4", strict_json(f.read())))
    if program:
        for fabric in (None, "cgra-4x4"):
            try:
                _, _, maps = filled_cache(ctx, program, fabric)
            except RuntimeError:
                continue
            for f in sorted(os.listdir(maps)):
                if f.endswith(".json"):
                    with open(os.path.join(maps, f)) as fh:
                        doc = strict_json(fh.read())
                    seeds.append((f, doc.get("fabric", "cgra-8x8"), doc))
    workdir = ctx.work("mapping-seeds")
    irs = sorted(os.path.join(SRC_ROOT, "samples/ir", f)
                 for f in os.listdir(os.path.join(SRC_ROOT, "samples/ir")) if f.endswith(".mlir"))
    for ir in irs[:4]:
        out = os.path.join(workdir, os.path.basename(ir) + ".json")
        run_tool(ctx, [ctx.tool("loom-sim"), ir, "--fabric=cgra-4x4",
                       "--mapping-json=" + out], env={"LOOM_CACHE_DIR": "off"})
        if os.path.exists(out):
            with open(out) as f:
                try:
                    seeds.append((os.path.basename(out), "cgra-4x4", strict_json(f.read())))
                except ValueError:
                    pass
    ctx.cache["mapping_seeds"] = seeds
    return seeds


def certain_mapping_mutation(rng, doc, fabric_arg):
    """A mutation every verifier must reject: an id outside any fabric, a
    position that is not the element's, a latency that is not the links'
    sum, another format version."""
    options = []
    actors = doc.get("actors") if isinstance(doc.get("actors"), list) else []
    edges = doc.get("edges") if isinstance(doc.get("edges"), list) else []
    mems = doc.get("memories") if isinstance(doc.get("memories"), list) else []
    for i, a in enumerate(actors):
        if isinstance(a, dict) and "element" in a:
            options.append(("actors", i, "element", rng.choice([100000, -1, 4096])))
        if isinstance(a, dict) and "at" in a:
            options.append(("actors", i, "at", rng.choice([[99, 99], [-1, 0], [64, 64]])))
        if isinstance(a, dict) and "unit" in a:
            options.append(("actors", i, "unit", rng.choice([100000, -1])))
    for i, e in enumerate(edges):
        if isinstance(e, dict) and isinstance(e.get("links"), list) and e["links"] \
                and isinstance(e.get("latency"), int):
            options.append(("edges", i, "latency", e["latency"] + rng.randint(1, 3)))
            links = list(e["links"])
            links[rng.randrange(len(links))] = rng.choice([1000000, -1])
            options.append(("edges", i, "links", links))
    for i, m in enumerate(mems):
        if isinstance(m, dict) and "interface" in m:
            options.append(("memories", i, "interface", rng.choice([1000, -1])))
    options.append((None, None, "version", rng.choice([0, 1, 3, 99])))
    options.append((None, None, "format", "loom-mapping-v0"))
    group, i, key, value = rng.choice(options)
    if group is None:
        doc[key] = value
        return "%s = %s" % (key, value)
    doc[group][i][key] = value
    return "%s[%d].%s = %s" % (group, i, key, json.dumps(value))


def check_mapping(ctx, workdir, text, fabric_arg, must_reject):
    path = os.path.join(workdir, "mapping.json")
    with open(path, "w") as f:
        f.write(text)
    argv = [ctx.tool("loom-fabric"), "--check-mapping=" + path]
    if fabric_arg:
        argv.append("--fabric=" + fabric_arg)
    outcome = classify(run_tool(ctx, argv))
    return silent_if(outcome, must_reject, "--check-mapping")


def check_cache(ctx, program, fabric, graph, data):
    """Runs the kernel program on sim with one cache entry replaced by data.
    The output must be the native one, or the run must fail with a message."""
    d, exe, native = program
    cache, entries, _ = filled_cache(ctx, program, fabric)
    # Restore every entry (a run rewrites the entries it rejected), then
    # replace the one under test.
    for p in entries.values():
        good = good_entry(ctx, p)
        with open(p, "wb") as f:
            f.write(good)
    with open(entries[graph], "wb") as f:
        f.write(data)
    env = {"LOOM_BACKEND": "sim", "LOOM_OFFLOAD": "mandatory", "LOOM_CACHE_DIR": cache,
           "LOOM_WORKERS": "2"}
    if fabric:
        env["LOOM_FABRIC"] = fabric
    outcome = classify(run_tool(ctx, [exe], env=env, cwd=d))
    if outcome.kind == "accepted":
        if outcome.run.stdout != native:
            return Outcome("silent", outcome.run,
                           "exit 0 with an output other than the native run's: %r instead of %r"
                           % (outcome.run.stdout[:200], native[:200]),
                           "program on sim: wrong output from a mutated cache entry")
        if "corrupt or stale" in outcome.run.stderr:
            return Outcome("rejected", outcome.run)
    return outcome


def good_entry(ctx, path):
    """The entry as the first sim run wrote it."""
    key = ("entry", path)
    if key not in ctx.cache:
        with open(path, "rb") as f:
            ctx.cache[key] = f.read()
    return ctx.cache[key]


def target_mapping(ctx, fz):
    workdir = ctx.work("mapping")
    try:
        program = kernel_program(ctx)
    except RuntimeError as e:
        print("mapping: the cache part is skipped: %s" % first_lines(str(e), 3))
        program = None
    seeds = mapping_seeds(ctx, program)
    fabric_files = {}
    for name in preset_names(ctx):
        p = os.path.join(workdir, name + ".fabric.json")
        run = run_tool(ctx, [ctx.tool("loom-fabric"), "--dump=" + name])
        with open(p, "w") as f:
            f.write(run.stdout)
        fabric_files[name] = p
    caches = []
    if program:
        for fabric in (None, "cgra-4x4"):
            try:
                _, entries, _ = filled_cache(ctx, program, fabric)
                caches += [(fabric, g) for g in sorted(entries)]
            except RuntimeError:
                pass
    while fz.more():
        rng = fz.rng()
        if caches and rng.random() < 0.35:
            fabric, graph = rng.choice(caches)
            _, entries, _ = filled_cache(ctx, program, fabric)
            good = good_entry(ctx, entries[graph])
            r = rng.random()
            if r < 0.08:
                m = JsonMutant(json.loads(good))
                path = rng.choice(m.nodes())[0]
                depth = rng.choice([1000, 100000])
                m.text_ops.append(("nest", path, depth))
                data = m.serialize(rng).encode()
                log = ["nested %s %d deep" % (fmt_path(path), depth)]
            elif r < 0.2:
                other = rng.choice(seeds)[2]
                data = json.dumps(other, indent=rng.choice([None, 2])).encode()
                log = ["replaced by another mapping (%s)" % other.get("graph")]
            elif r < 0.35:
                data = good
                for _ in range(rng.randint(1, 4)):
                    data = mutate_bytes(rng, data)
                log = ["byte mutations"]
            else:
                doc = json.loads(good)
                text, _, log = mutate_json_text(rng, doc, certain_rate=0.2, byte_rate=0.1)
                if rng.random() < 0.3:
                    text, log = mapping_swap(rng, json.loads(good)), ["swapped placements"]
                data = text.encode()
            outcome = check_cache(ctx, program, fabric, graph, data)
            fz.record(outcome, "cache", {"entry.json": data, "program.cpp": KERNEL_PROGRAM},
                      {"fabric": fabric, "graph": graph, "mutations": log})
        else:
            name, fabric, doc = rng.choice(seeds)
            doc = copy.deepcopy(doc)
            certain = None
            if rng.random() < 0.25:
                certain = certain_mapping_mutation(rng, doc, fabric)
                text = json.dumps(doc, indent=rng.choice([None, 2]))
                must_reject, log = certain, [certain]
                if rng.random() < 0.3:
                    fabric_arg = fabric_files.get(fabric, fabric)
                else:
                    fabric_arg = fabric
            else:
                text, must_reject, log = mutate_json_text(rng, doc)
                fabric_arg = rng.choice([fabric, fabric, None, fabric_files.get(fabric, fabric)])
            outcome = check_mapping(ctx, workdir, text, fabric_arg, must_reject)
            files = {"mapping.json": text}
            if fabric_arg and fabric_arg in fabric_files.values():
                with open(fabric_arg) as f:
                    files["fabric.json"] = f.read()
            fz.record(outcome, "check-mapping", files,
                      {"seed": name, "fabric": fabric_arg if fabric_arg not in fabric_files.values()
                       else "fabric.json", "must_reject": must_reject, "mutations": log},
                      minimize_text=("mapping.json", lambda s: check_mapping(
                          ctx, workdir, s, fabric_arg, None)) if outcome.kind == "crash" else None)


def mapping_swap(rng, doc):
    """Moves two actors' placements around (a mapping of the right shape
    that routes no longer fit) or permutes the edges."""
    actors = doc.get("actors", [])
    if len(actors) > 1 and rng.random() < 0.5:
        i, j = rng.sample(range(len(actors)), 2)
        for key in ("element", "at", "unit", "unit_name"):
            if key in actors[i] and key in actors[j]:
                actors[i][key], actors[j][key] = actors[j][key], actors[i][key]
    else:
        edges = doc.get("edges", [])
        if len(edges) > 1:
            i, j = rng.sample(range(len(edges)), 2)
            key = rng.choice(["to", "from", "links"])
            if key in edges[i] and key in edges[j]:
                edges[i][key], edges[j][key] = edges[j][key], edges[i][key]
    return json.dumps(doc, indent=2)


def replay_mapping(ctx, case_dir, case):
    params = case["params"]
    if case["check"] == "cache":
        with open(os.path.join(case_dir, "program.cpp")) as f:
            program = kernel_program(ctx, f.read())
        with open(os.path.join(case_dir, "entry.json"), "rb") as f:
            data = f.read()
        _, entries, _ = filled_cache(ctx, program, params["fabric"])
        graph = params["graph"]
        if graph not in entries:
            graph = sorted(entries)[0]
        return check_cache(ctx, program, params["fabric"], graph, data)
    workdir = ctx.work("replay-mapping")
    with open(os.path.join(case_dir, "mapping.json")) as f:
        text = f.read()
    fabric = params.get("fabric")
    if fabric == "fabric.json":
        fabric = os.path.join(case_dir, "fabric.json")
    return check_mapping(ctx, workdir, text, fabric, params.get("must_reject"))


# ----------------------------------------------------------------------------
# Target: artifact
# ----------------------------------------------------------------------------

def find_artifacts(binary):
    """{kernel: (start, end, digest offset)} of an embedded artifact of each
    kernel (its own or one of its split programs, which the runtime checks
    with it): the NUL-terminated module texts whose SHA-256 (hex) is in the
    binary."""
    found = {}
    for m in re.finditer(rb"module[ {]", binary):
        start = m.start()
        if start and binary[start - 1] != 0:
            continue
        end = binary.find(b"\0", start)
        if end < 0:
            continue
        text = binary[start:end]
        if b"dataflow" not in text and b"func.func" not in text:
            continue
        digest = hashlib.sha256(text).hexdigest().encode()
        doff = binary.find(digest)
        if doff < 0:
            continue
        # A kernel's programs (its artifact and its split programs) name
        # the other kernel too, in a declaration; its own threads
        # (@<symbol>_t<k>) tell whose they are.
        for kernel, mangled in KERNELS.items():
            own = re.search(rb"@" + mangled.encode() + rb"\w*_t\d", text)
            if own and kernel not in found:
                found[kernel] = (start, end, doff)
                break
    return found


def mutate_artifact(rng, text):
    """Same-length mutations of an artifact's text: [(offset, new bytes)],
    most of them in the code (after the module's attributes)."""
    text = bytearray(text)
    patches = []
    code = min([i for i in (text.find(b"dataflow."), text.find(b"func.func")) if i >= 0] or [0])
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(7)
        lo = code if rng.random() < 0.85 else 0
        pos = rng.randrange(lo, len(text))
        if op == 0:
            new = bytes([text[pos] ^ (1 << rng.randrange(8))])
        elif op == 1:
            digits = [m.start() for m in re.finditer(rb"\d", text) if m.start() >= lo]
            pos = rng.choice(digits) if digits else pos
            new = bytes([rng.choice(b"0123456789")])
        elif op == 2:
            n = min(len(text) - pos, rng.randint(1, 64))
            new = rng.choice([b" ", b"\0", b"}", b"("]) * n
        elif op == 3:
            new = b"\0" * (len(text) - pos) if rng.random() < 0.5 else b" " * (len(text) - pos)
        elif op == 4:
            names = [m for m in re.finditer(rb"%[\w]+", text) if m.start() >= lo]
            if not names:
                continue
            m = rng.choice(names)
            same = [n.group() for n in names if len(n.group()) == len(m.group())]
            pos, new = m.start(), rng.choice(same)
        elif op == 5:
            ops = [m for m in re.finditer(rb"\barith\.\w+", text)]
            if not ops:
                continue
            m = rng.choice(ops)
            same = sorted({o.group() for o in ops if len(o.group()) == len(m.group())} |
                          {w for w in [b"arith.addi", b"arith.subi", b"arith.muli",
                                       b"arith.addf", b"arith.mulf", b"arith.andi",
                                       b"arith.xori", b"arith.divf", b"arith.cmpi"]
                           if len(w) == len(m.group())})
            pos, new = m.start(), rng.choice(same)
        else:
            m = [x for x in re.finditer(rb"\b(i32|i64|f32|f64)\b", text)]
            if not m:
                continue
            x = rng.choice(m)
            pos, new = x.start(), rng.choice([b"i32", b"i64", b"f32", b"f64", b"i16"][:5])
            new = new[:3]
        text[pos:pos + len(new)] = new
        patches.append((pos, new.hex()))
    return patches


def apply_patches(text, patches):
    text = bytearray(text)
    for pos, new in patches:
        new = bytes.fromhex(new)
        if pos < len(text):
            new = new[:len(text) - pos]
            text[pos:pos + len(new)] = new
    return bytes(text)


def check_artifact(ctx, program, kernel, mode, patches, digest_patch=None):
    """Tampers with one kernel's embedded artifact and runs the program.

    mode 'tampered': the text changes, the digest does not; 'digest': the
    digest changes; 'forged': the text changes and the digest is recomputed,
    so the runtime parses the text.
    """
    d, exe, native = program
    with open(exe, "rb") as f:
        binary = bytearray(f.read())
    arts = find_artifacts(bytes(binary))
    if kernel not in arts:
        raise RuntimeError("no embedded artifact of kernel '%s' found" % kernel)
    start, end, doff = arts[kernel]
    text = bytes(binary[start:end])
    new_text = apply_patches(text, patches)
    binary[start:end] = new_text
    if mode == "forged":
        binary[doff:doff + 64] = hashlib.sha256(new_text).hexdigest().encode()
    digest_changed = False
    if mode == "digest":
        for pos, ch in digest_patch or []:
            digest_changed |= binary[doff + pos] != ord(ch)
            binary[doff + pos] = ord(ch)
    workdir = ctx.work("artifact-run")
    path = os.path.join(workdir, "program")
    with open(path, "wb") as f:
        f.write(binary)
    os.chmod(path, stat.S_IRWXU)
    cache = os.path.join(workdir, "cache")
    changed = new_text != text or digest_changed
    outcomes = []
    for backend in ("emu", "sim"):
        report = os.path.join(workdir, "report-%s.json" % backend)
        env = {"LOOM_BACKEND": backend, "LOOM_OFFLOAD": "mandatory", "LOOM_CACHE_DIR": cache,
               "LOOM_WORKERS": "2", "LOOM_EMU_MAX_STEPS": "2000000"}
        o = classify(run_tool(ctx, [path], env=env, cwd=workdir))
        if o.failed:
            return o
        if mode != "forged" and changed:
            if o.kind == "accepted":
                return Outcome("silent", o.run,
                               "LOOM_OFFLOAD=mandatory on %s ran a program whose artifact of '%s' "
                               "does not match its digest" % (backend, kernel),
                               "program on %s: tampered artifact accepted" % backend)
            if "kernel '%s'" % kernel not in o.run.stderr:
                return Outcome("badreject", o.run,
                               "the %s error does not name kernel '%s': %s"
                               % (backend, kernel, first_lines(o.run.stderr, 1)),
                               "program on %s: error without the kernel's name" % backend)
        elif o.kind == "rejected" and "kernel '" not in o.run.stderr:
            return Outcome("badreject", o.run,
                           "the %s error names no kernel: %s" % (backend, first_lines(o.run.stderr, 1)),
                           "program on %s: error without a kernel name" % backend)
        elif o.kind == "accepted" and not changed and o.run.stdout != native:
            return Outcome("silent", o.run, "an unchanged artifact gave another output",
                           "program on %s: wrong output" % backend)
        outcomes.append(o)
    # LOOM_OFFLOAD=default: a kernel that cannot be offloaded runs natively.
    report = os.path.join(workdir, "report-default.json")
    if os.path.exists(report):
        os.unlink(report)
    env = {"LOOM_OFFLOAD": "default", "LOOM_CACHE_DIR": cache, "LOOM_REPORT": report,
           "LOOM_WORKERS": "2", "LOOM_EMU_MAX_STEPS": "2000000"}
    o = classify(run_tool(ctx, [path], env=env, cwd=workdir))
    if o.failed:
        return o
    ran_on_host = False
    try:
        with open(report) as f:
            for k in json.load(f).get("kernels", []):
                if k.get("name") == kernel and k.get("ran_on", {}).get("host"):
                    ran_on_host = True
    except (OSError, ValueError):
        pass
    if (mode != "forged" and changed) or ran_on_host:
        if o.kind != "accepted" or o.run.stdout != native:
            what = "exit %d" % o.run.rc if o.kind != "accepted" else "another output"
            return Outcome("silent" if o.kind == "accepted" else "badreject", o.run,
                           "LOOM_OFFLOAD=default with kernel '%s' on the host gave %s, not the native output"
                           % (kernel, what),
                           "program, LOOM_OFFLOAD=default: not the native run")
    return worst(outcomes + [o])


def target_artifact(ctx, fz):
    try:
        program = kernel_program(ctx)
    except RuntimeError as e:
        print("artifact: %s" % first_lines(str(e), 5))
        fz.failed_setup = True
        return
    with open(program[1], "rb") as f:
        arts = find_artifacts(f.read())
    if not arts:
        print("artifact: no embedded artifact found in the kernel program")
        fz.failed_setup = True
        return
    while fz.more():
        rng = fz.rng()
        kernel = rng.choice(sorted(arts))
        start, end, _ = arts[kernel]
        with open(program[1], "rb") as f:
            text = f.read()[start:end]
        r = rng.random()
        mode = "tampered" if r < 0.45 else "digest" if r < 0.55 else "forged"
        patches, digest_patch = [], None
        if mode == "digest":
            with open(program[1], "rb") as f:
                digest = f.read()[arts[kernel][2]:arts[kernel][2] + 64].decode()
            pos = rng.randrange(64)
            digest_patch = [(pos, rng.choice([c for c in "0123456789abcdefABCDEF " if c != digest[pos]]))]
        else:
            patches = mutate_artifact(rng, text)
        outcome = check_artifact(ctx, program, kernel, mode, patches, digest_patch)
        new_text = apply_patches(text, patches)
        fz.record(outcome, "artifact",
                  {"artifact.mlir": new_text, "program.cpp": KERNEL_PROGRAM},
                  {"kernel": kernel, "mode": mode, "patches": patches,
                   "digest_patch": digest_patch})


def replay_artifact(ctx, case_dir, case):
    with open(os.path.join(case_dir, "program.cpp")) as f:
        program = kernel_program(ctx, f.read())
    p = case["params"]
    return check_artifact(ctx, program, p["kernel"], p["mode"],
                          [tuple(x) for x in p["patches"]],
                          [tuple(x) for x in p["digest_patch"]] if p.get("digest_patch") else None)


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

TARGET_FUNCS = {"pragma": target_pragma, "dataflow": target_dataflow,
                "fabric": target_fabric, "mapping": target_mapping,
                "artifact": target_artifact}
REPLAY_FUNCS = {"pragma": replay_pragma, "dataflow": replay_dataflow,
                "fabric": replay_fabric, "mapping": replay_mapping,
                "artifact": replay_artifact}


class Fuzzer:
    """Counts inputs and failures of one target, hands out per-input
    generators, saves failing inputs."""

    def __init__(self, ctx, target, seconds, first, count):
        self.ctx = ctx
        self.target = target
        self.start = time.time()
        self.deadline = self.start + seconds
        self.index = first - 1
        self.last = first + count - 1 if count else None
        self.counts = {k: 0 for k in ["accepted", "rejected"] + list(FAIL_KINDS)}
        self.inputs = 0
        self.new_cases = []
        self.seen = {}
        self.known_seen = 0
        self.failed_setup = False
        self.known = known_failures(ctx.known_dir, target)

    def more(self):
        if self.last is not None:
            return self.index < self.last
        return time.time() < self.deadline

    def rng(self):
        self.index += 1
        return random.Random("%d/%s/%d" % (self.ctx.seed, self.target, self.index))

    def record(self, outcome, check, files, params, minimize_text=None):
        self.inputs += 1
        self.counts[outcome.kind] += 1
        if self.ctx.keep:
            d = self.ctx.work("inputs", self.target, "%06d-%s" % (self.index, outcome.kind))
            for name, data in files.items():
                if name == "program.cpp":
                    continue
                with open(os.path.join(d, name), "wb" if isinstance(data, bytes) else "w") as f:
                    f.write(data)
        if self.ctx.verbose:
            print("  %s #%d %s: %s %s" % (self.target, self.index, check, outcome.kind,
                                          outcome.detail))
        if not outcome.failed:
            return
        key = (check, outcome.kind, outcome.signature)
        if key in self.known:
            self.known_seen += 1
            if self.known_seen == 1 or self.ctx.verbose:
                print("known %s %s input #%d (%s): %s; stored as %s" % (
                    KIND_WORDS[outcome.kind], self.target, self.index, check,
                    outcome.detail, os.path.relpath(self.known[key], os.getcwd())))
            return
        origin = {"seed": self.ctx.seed, "index": self.index,
                  "command": "loom-fuzz.py --target=%s --seed=%d --first=%d --count=1"
                             % (self.target, self.ctx.seed, self.index)}
        case_dir, new = save_case(self.ctx, self.target, check, files, params, outcome, origin)
        self.seen[outcome.signature] = self.seen.get(outcome.signature, 0) + 1
        if not new:
            return
        if minimize_text and self.ctx.minimize and time.time() < self.deadline:
            name, check_fn = minimize_text
            original = files[name]

            def still_fails(text):
                o = check_fn(text)
                return o.kind == outcome.kind and o.signature == outcome.signature

            small = minimize_lines(self.ctx, original, still_fails, self.deadline)
            if small != original:
                # The original is kept when it is small enough to keep.
                if len(original) <= 65536:
                    with open(os.path.join(case_dir, "original-" + name), "w") as f:
                        f.write(original)
                with open(os.path.join(case_dir, name), "w") as f:
                    f.write(small)
                with open(os.path.join(case_dir, "case.json")) as f:
                    case = json.load(f)
                case["minimized"] = "%d of %d lines" % (small.count("\n") + 1,
                                                        original.count("\n") + 1)
                with open(os.path.join(case_dir, "case.json"), "w") as f:
                    json.dump(case, f, indent=2)
                    f.write("\n")
        if outcome.kind == "crash" and outcome.run and not stack_frames(outcome.run.stderr) \
                and time.time() < self.deadline:
            trace = gdb_backtrace(self.ctx, outcome.run)
            if trace:
                with open(os.path.join(case_dir, "backtrace.txt"), "w") as f:
                    f.write(trace + "\n")
                outcome.run.stderr += "\n(gdb backtrace, top and bottom)\n" + trace
        self.new_cases.append((case_dir, outcome))
        rel = os.path.relpath(case_dir, os.getcwd())
        print("%s %s input #%d (%s): %s\n  saved: %s\n  command: %s"
              % (KIND_WORDS[outcome.kind], self.target, self.index, check, outcome.detail,
                 rel, " ".join(shlex.quote(a) for a in outcome.run.argv) if outcome.run else ""))
        if outcome.kind == "crash":
            print("  " + stack_top(outcome.run.stderr).replace("\n", "\n  "))
        sys.stdout.flush()

    def new_failures(self):
        return sum(self.counts[k] for k in FAIL_KINDS) - self.known_seen

    def summary(self):
        c = self.counts
        failures = sum(c[k] for k in FAIL_KINDS)
        notes = []
        if self.seen:
            notes.append("%d distinct new failures" % len(self.seen))
        if self.known_seen:
            notes.append("%d inputs failed as a stored one does" % self.known_seen)
        return ("fuzz %s: %d inputs in %.1f s (seed %d, %d tool runs): %d rejected cleanly, "
                "%d accepted, %d crashes, %d hangs, %d silent acceptances, %d bad rejections"
                "%s" % (self.target, self.inputs, time.time() - self.start, self.ctx.seed,
                        self.ctx.tool_runs, c["rejected"], c["accepted"], c["crash"], c["hang"],
                        c["silent"], c["badreject"],
                        "; " + ", ".join(notes) if failures else ""))


def known_failures(known_dir, target):
    """(check, kind, signature) -> case dir of the failures stored for target."""
    known = {}
    tdir = os.path.join(known_dir, target) if known_dir else None
    if not tdir or not os.path.isdir(tdir):
        return known
    for name in sorted(os.listdir(tdir)):
        try:
            with open(os.path.join(tdir, name, "case.json")) as f:
                case = json.load(f)
            known[(case["check"], case["kind"], case["signature"])] = os.path.join(tdir, name)
        except (OSError, ValueError, KeyError):
            pass
    return known


def replay(ctx, targets):
    """Reruns every stored input; fails when one still fails."""
    total, still = 0, 0
    for target in targets:
        tdir = os.path.join(ctx.crash_dir, target)
        if not os.path.isdir(tdir):
            continue
        for name in sorted(os.listdir(tdir)):
            case_path = os.path.join(tdir, name, "case.json")
            if not os.path.exists(case_path):
                continue
            with open(case_path) as f:
                case = json.load(f)
            total += 1
            try:
                outcome = REPLAY_FUNCS[target](ctx, os.path.join(tdir, name), case)
            except (RuntimeError, OSError, KeyError, ValueError) as e:
                print("ERROR %s/%s: cannot replay: %s" % (target, name, e))
                still += 1
                continue
            if outcome.failed:
                still += 1
                print("STILL FAILS %s/%s: %s: %s" % (target, name, KIND_WORDS[outcome.kind],
                                                      outcome.detail))
                if outcome.kind == "crash":
                    top = stack_top(outcome.run.stderr, 4).strip()
                    trace = os.path.join(tdir, name, "backtrace.txt")
                    if not top and os.path.exists(trace):
                        top = "(no stack printed; the backtrace when it was found: %s)" % trace
                    print("  " + top.replace("\n", "\n  "))
            else:
                print("fixed %s/%s: now %s (was %s: %s)" % (target, name, outcome.kind,
                                                             case["kind"], case["detail"]))
    print("fuzz regressions: %d stored inputs, %d still fail" % (total, still))
    return still == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", default="all",
                        help="one of %s, or 'all' (comma-separated lists too)" % ", ".join(TARGETS))
    parser.add_argument("--seconds", type=float, default=15,
                        help="time per target (default 15)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first input")
    parser.add_argument("--count", type=int, default=0,
                        help="stop after this many inputs instead of after --seconds")
    default_build = os.environ.get("LOOM_BUILD_DIR") or (
        os.path.join(SRC_ROOT, "build") if os.path.isdir(os.path.join(SRC_ROOT, "build", "bin"))
        else "/work/main/build")
    parser.add_argument("--build", default=default_build, help="build directory (bin/)")
    parser.add_argument("--keep", help="keep the work directory and every input here")
    parser.add_argument("--crash-dir", default=DEFAULT_CRASH_DIR,
                        help="where failing inputs are saved and replayed from")
    parser.add_argument("--known-dir", default=DEFAULT_CRASH_DIR,
                        help="failures stored here count as known: not saved again "
                             "(default: tests/fuzz/crashes)")
    parser.add_argument("--ignore-known", action="store_true",
                        help="exit 0 when every failure is a known one (fuzz-regressions "
                             "replays those)")
    parser.add_argument("--replay", action="store_true",
                        help="rerun every stored failing input; fail if one still fails")
    parser.add_argument("--timeout", type=float, default=20, help="seconds per tool run")
    parser.add_argument("--memory-mb", type=int, default=4096,
                        help="memory limit of each tool run (0: none): an address-space "
                             "limit, or ASan's RSS limit with --sanitized")
    parser.add_argument("--sanitized", action="store_true",
                        help="the tools are built with AddressSanitizer "
                             "(-DLOOM_SANITIZE)")
    parser.add_argument("--no-minimize", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    targets = TARGETS if args.target == "all" else args.target.split(",")
    for t in targets:
        if t not in TARGETS:
            parser.error("unknown target '%s' (expected %s)" % (t, ", ".join(TARGETS)))
    ctx = Context(args)
    if not os.path.exists(ctx.tool("loom-opt")):
        print("loom-fuzz: no tools in %s" % ctx.bin_dir, file=sys.stderr)
        return 2
    try:
        if args.replay:
            return 0 if replay(ctx, targets) else 1
        ok = True
        for target in targets:
            ctx.tool_runs = 0
            fz = Fuzzer(ctx, target, args.seconds, args.first, args.count)
            TARGET_FUNCS[target](ctx, fz)
            print(fz.summary())
            sys.stdout.flush()
            if fz.failed_setup or fz.new_failures() or (
                    fz.known_seen and not args.ignore_known):
                ok = False
        return 0 if ok else 1
    finally:
        ctx.cleanup()


if __name__ == "__main__":
    sys.exit(main())
