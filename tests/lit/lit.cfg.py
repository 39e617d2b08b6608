# lit configuration of Loom's IR tests.
import os
import sys

import lit.formats

config.name = "Loom"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.loom_obj_root, "tests", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.loom_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(("%loom_src_root", config.loom_src_root))
config.substitutions.append(("%loom_obj_root", config.loom_obj_root))
# The Python that runs lit runs the Python test scripts (tests/property).
config.substitutions.append(("%python", sys.executable))
# Runs a program natively, then on emu and sim (LOOM_OFFLOAD=mandatory)
# under LOOM_WORKERS=1, 2 and 4; fails naming the first run whose output
# differs from the host run's, else prints the host run's output.
config.substitutions.append(("%run-everywhere", "%s %s" % (
    sys.executable, os.path.join(config.test_source_root, "run-everywhere.py"))))
config.substitutions.append(("%loom-clangxx", "loom-clang++"))
config.substitutions.append(("%loom-clang", "loom-clang"))
clangxx = os.path.join(config.llvm_tools_dir, "clang++")
if config.loom_sanitizer_runtime:
    # The instrumented plugin in the uninstrumented clang needs the runtime
    # preloaded (loom-clang++ does the same); clang frees nothing at exit.
    asan = os.environ.get("ASAN_OPTIONS", "")
    clangxx = "env LD_PRELOAD=%s ASAN_OPTIONS=%s %s" % (
        config.loom_sanitizer_runtime,
        (asan + ":" if asan else "") + "detect_leaks=0:allow_user_poisoning=0",
        clangxx)
    config.available_features.add("sanitized")
config.substitutions.append(("%clangxx", clangxx))
# A program that links the (then instrumented) libloomrt itself, without
# loom-clang++, needs the shared sanitizer runtime first among its
# libraries, which loom-clang++ adds; empty in an ordinary build.
config.substitutions.append(("%sanitizer_runtime_link", "%s -Wl,-rpath,%s" % (
    config.loom_sanitizer_runtime,
    os.path.dirname(config.loom_sanitizer_runtime))
    if config.loom_sanitizer_runtime else ""))
config.substitutions.append(("%loom_include", os.path.join(config.loom_obj_root, "include")))
# Tests that run compiled programs must not inherit the caller's policy.
for var in ["LOOM_BACKEND", "LOOM_OFFLOAD", "LOOM_REPORT", "LOOM_TRACE", "LOOM_FABRIC",
            "LOOM_WORKERS", "LOOM_EMU_MAX_STEPS", "LOOM_CACHE_DIR"]:
    config.environment.pop(var, None)
# Mappings the sim backend computes are cached in the build tree, not in the
# user's ~/.cache: tests neither depend on nor fill it, and a rerun of the
# suite reuses the build's own entries.
config.environment["LOOM_CACHE_DIR"] = os.path.join(config.loom_obj_root, "tests", "mapping-cache")
# glibc fills freed heap memory with this byte (and fresh allocations with
# its complement): a read through a dangling pointer or reference then sees
# garbage every time instead of, usually, the old value. The interpreter
# once kept references into a growing DenseMap across a loop body, which
# showed only as a rare wrong trip count (Emulator/host-loop-bounds.mlir).
config.environment["MALLOC_PERTURB_"] = "165"
