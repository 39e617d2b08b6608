#!/usr/bin/env python3
"""SCF-to-dataflow coverage of the raising corpus and the end-to-end kernels.

Every C++ file given (default: tests/lit/RaisingCorpus/*.cpp and
tests/lit/EndToEnd/*.cpp) is compiled with `loom-clang++ -O2 -c
--loom-save-temps`; each kernel's `<kernel>.scf.mlir` is then lowered with
`loom-opt --loom-dataflow-pipeline` (the kernel compiler's dataflow stage:
lowering, loom-hoist-entry-constants, validation). A kernel
*lowers* when that succeeds, gives at least one `dataflow.graph`, and no
`scf.` operation is left inside any graph body. A kernel that does not
lower is listed with its reason: the first error of the lowering, or, when
no spatial region was formed, what the ownership stage's
`-Rpass-analysis=loom` remarks say kept the code out of a region.

Prints the Markdown table; with --doc FILE, rewrites FILE's generated
section (between the `<!-- coverage:begin -->` and `<!-- coverage:end -->`
markers) with the summary and the table.

Usage: bench/measure_coverage.py [--build build] [--doc docs/coverage.md]
                                 [--index-width 64] [files.cpp ...]
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = "<!-- coverage:begin -->"
END = "<!-- coverage:end -->"


def first_line(text, pattern):
    """The first line of `text` matching `pattern`, without its file:line:col
    prefix, or None."""
    for line in text.splitlines():
        if re.search(pattern, line):
            return re.sub(r"^\S+:\d+:\d+: ", "", line).strip()
    return None


def graph_bodies(text):
    """The body lines of every module-scope dataflow.graph in printed IR
    (module-scope ops are indented two spaces and close with `  }`)."""
    bodies, current = [], None
    for line in text.splitlines():
        if current is None:
            if line.startswith("  dataflow.graph private @"):
                current = []
        elif line == "  }":
            bodies.append(current)
            current = None
        else:
            current.append(line)
    return bodies


def measure_kernel(tools, scf_path, index_width):
    """Lowers one .scf.mlir; returns (regions, graphs, lowers, reason)."""
    with open(scf_path) as f:
        regions = len(re.findall(r"\bloom\.spatial_region\b", f.read()))
    lower = "--loom-dataflow-pipeline"
    if index_width != 64:
        lower += "=index-width=%d" % index_width
    run = subprocess.run(
        [os.path.join(tools, "loom-opt"), scf_path, lower,
         "--mlir-print-op-on-diagnostic=false"],
        capture_output=True, text=True)
    if run.returncode != 0:
        reason = first_line(run.stderr, r"error:") or "loom-opt failed"
        return regions, 0, False, reason
    bodies = graph_bodies(run.stdout)
    residual = [line.strip() for body in bodies for line in body
                if re.search(r"\bscf\.\w+", line)]
    if not bodies:
        return regions, 0, False, None
    if residual:
        return regions, len(bodies), False, "residual `%s`" % residual[0]
    return regions, len(bodies), True, ""


def ownership_reason(remarks, kernel):
    """Why no spatial region was formed for `kernel`, from the compile's
    -Rpass-analysis=loom remarks: the first operation that stays
    InstructionCore code, and the first value that stays an LLVM pointer."""
    mine = []
    for line in remarks.splitlines():
        match = re.search(r"remark: kernel '%s': (.*?)( \[-Rpass.*\])?$"
                          % re.escape(kernel), line)
        if match:
            mine.append(match.group(1))
    # "<construct> stays InstructionCore code of thread @T: <reason>"
    # (a -Rpass-missed=loom remark since the construct is named).
    stays = next((re.sub(r"^.*?stays InstructionCore code of thread @\S+: ",
                         "", text)
                  for text in mine if "stays InstructionCore code" in text),
                 None)
    pointer = next((text for text in mine if "stays an LLVM pointer" in text),
                   None)
    parts = [part for part in (stays, pointer) if part]
    return "; ".join(parts) if parts else None


def display_name(src):
    """`src` relative to tests/lit when it is there, else its file name."""
    lit = os.path.join(ROOT, "tests", "lit")
    path = os.path.abspath(src)
    if path.startswith(lit + os.sep):
        return os.path.relpath(path, lit)
    return os.path.basename(path)


def measure_source(tools, src, work, index_width):
    """Rows (source, kernel, regions, graphs, lowers, reason) of one file."""
    name = display_name(src)
    out = os.path.join(work, os.path.splitext(name)[0].replace("/", "_"))
    os.makedirs(out, exist_ok=True)
    compile_ = subprocess.run(
        [os.path.join(tools, "loom-clang++"), "-std=c++20", "-O2", "-c", src,
         "-o", os.path.join(out, "k.o"), "--loom-save-temps=" + out,
         "-Rpass-analysis=loom", "-Rpass-missed=loom"],
        capture_output=True, text=True)
    kernels = sorted(glob.glob(os.path.join(out, "*.scf.mlir")))
    if compile_.returncode != 0 and not kernels:
        reason = first_line(compile_.stderr, r"error:") or "compile failed"
        return [(name, "-", 0, 0, False, reason)]
    if not kernels:
        return [(name, "-", 0, 0, False,
                 "no kernel: --loom-save-temps wrote no .scf.mlir")]
    rows = []
    for scf in kernels:
        kernel = os.path.basename(scf)[:-len(".scf.mlir")]
        regions, graphs, lowers, reason = measure_kernel(tools, scf,
                                                         index_width)
        if reason is None:
            reason = "no spatial region was formed"
            remark = ownership_reason(compile_.stderr, kernel)
            if remark:
                reason += ": " + remark
        rows.append((name, kernel, regions, graphs, lowers, reason))
    return rows


def md_escape(text):
    return text.replace("|", "\\|").replace("\n", " ")


def summary(rows):
    lowered = sum(1 for row in rows if row[4])
    percent = 100.0 * lowered / len(rows) if rows else 0.0
    return "%d of %d kernels lower (%.1f%%)" % (lowered, len(rows), percent)


def render(rows, suite_of, index_width, files):
    suites = sorted(set(suite_of.values()))
    lines = [
        "Measured by `bench/measure_coverage.py` over %s (%d sources, "
        "%d kernels, index width %d)." % (
            ", ".join("`%s/*.cpp`" % s for s in suites), len(files),
            len(rows), index_width),
        "",
        "**%s.**" % summary(rows),
        "",
    ]
    for suite in suites:
        mine = [row for row in rows if suite_of[row[0]] == suite]
        lines.append("- `%s`: %s." % (suite, summary(mine)))
    lines += [
        "",
        "| source | kernel | regions | graphs | lowers | reason it does not |",
        "|---|---|---:|---:|---|---|",
    ]
    for src, kernel, regions, graphs, lowers, reason in rows:
        lines.append("| %s | %s | %d | %d | %s | %s |" % (
            src, md_escape(kernel), regions, graphs,
            "yes" if lowers else "**no**",
            md_escape(reason) if reason else ""))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--doc", help="rewrite the generated section of this "
                        "Markdown file")
    parser.add_argument("--index-width", type=int, default=64)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or sorted(
        glob.glob(os.path.join(ROOT, "tests/lit/RaisingCorpus/*.cpp")) +
        glob.glob(os.path.join(ROOT, "tests/lit/EndToEnd/*.cpp")))
    tools = os.path.join(os.path.abspath(args.build), "bin")
    rows = []
    suite_of = {display_name(f): os.path.relpath(os.path.dirname(
        os.path.abspath(f)), ROOT) for f in files}
    with tempfile.TemporaryDirectory(prefix="loom-coverage-") as work:
        for src in files:
            rows.extend(measure_source(tools, src, work, args.index_width))
    table = render(rows, suite_of, args.index_width, files)
    sys.stdout.write(table)
    if args.doc:
        with open(args.doc) as f:
            doc = f.read()
        if BEGIN not in doc or END not in doc:
            sys.exit("%s has no %s ... %s section" % (args.doc, BEGIN, END))
        head, rest = doc.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        with open(args.doc, "w") as f:
            f.write(head + BEGIN + "\n" + table + END + tail)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
