#!/usr/bin/env bash
# Differential property tests at bench scale (issues E and F): COUNT random
# structured programs (default 5000) of SEED (default 1) run as SCF through
# LLVM, as dataflow on the emulator and, mapped on cgra-8x8, on the cycle
# simulator (--sim); prints the generated constructs, the count, the number
# of mismatches or failures, how many programs were simulated and how many
# the mapper could not place (each listed as UNMAPPED), how many dense batch
# programs ran as pipelined batches (CycleSimulator::runGraphBatch), and
# where reproducers went.
# The required number of mismatches is zero; the exit code says whether it
# was met. See docs/testing.md.
#
# Usage: bench/property_tests.sh [--count=N] [--seed=N] [--out-dir=DIR] ...
#        (any loom-prop-check option; BUILD=dir selects the build folder)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD:-$root/build}"
tool="$build/bin/loom-prop-check"
if [ ! -x "$tool" ]; then
  echo "property_tests.sh: $tool is missing; run scripts/build.sh loom-prop-check" >&2
  exit 2
fi
exec "$tool" --count=5000 --seed=1 --sim --sim-mapper-budget=2 "$@"
