#!/usr/bin/env bash
# The checked configuration (docs/development.md, "Sanitized build"): builds
# Loom in build-sanitized/ with AddressSanitizer and UndefinedBehaviorSanitizer,
# asserts on, -O1 with line tables, and runs the part of the tests that fits the CI budget:
# every lit suite but EndToEnd and Property, every unit test, 200 property
# programs on the cycle simulator and the samples on sim.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${LOOM_SANITIZED_BUILD_DIR:-$root/build-sanitized}"

# No -DNDEBUG in the flags: asserts are on. -gline-tables-only gives the
# sanitizers' reports file and line of every frame, which is all they print,
# at a fraction of the compile and link time of full debug information.
# Arguments (e.g. -k 0, or targets) go to ninja.
LOOM_BUILD_DIR="$build" LOOM_CMAKE_ARGS="'-DCMAKE_C_FLAGS_RELEASE=-O1 -gline-tables-only' \
  '-DCMAKE_CXX_FLAGS_RELEASE=-O1 -gline-tables-only' -DLOOM_SANITIZE=address,undefined" \
  "$root/scripts/build.sh" "$@"
if [ "${LOOM_SANITIZED_BUILD_ONLY:-0}" = 1 ]; then
  exit 0
fi

# Leak checking is off: LLVM and MLIR keep their global state (options,
# contexts of the JIT) until exit on purpose. Manual poisoning is off: the
# LLVM headers' BumpPtrAllocator poisons its slabs when compiled into
# instrumented Loom code, and the uninstrumented libMLIR.so then writes
# into them through its own copy (a false use-after-poison). Everything
# else is fatal.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
cd "$build"
ctest --output-on-failure -j "$(nproc)" \
  -E '^(lit-EndToEnd|lit-Property|install-tree|sample-.*-(graphs|fabrics|host|emu))$'
