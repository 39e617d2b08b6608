#!/usr/bin/env bash
# The main job: set up, build, then
#  1. have loom-opt parse, verify, validate and print every sample dataflow
#     program in samples/ir/;
#  2. compile every C++ sample in samples/cpp/ with loom-clang++ and run it as
#     a dataflow program on the emulator (LOOM_BACKEND=emu), with mandatory
#     offload so nothing silently falls back to the host; each sample checks
#     itself against a native reference and the run report says where it ran.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${LOOM_BUILD_DIR:-$root/build}"

"$root/scripts/build.sh" loom-opt loom-clang++ LoomPlugin loomrt

status=0
for sample in "$root"/samples/ir/*.mlir; do
  name="$(basename "$sample")"
  echo "=== $name"
  if "$build/bin/loom-opt" "$sample" --loom-validate-dataflow; then
    echo "--- $name: verified and validated"
  else
    echo "--- $name: FAILED"
    status=1
  fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for sample in "$root"/samples/cpp/*.cpp; do
  name="$(basename "$sample" .cpp)"
  echo "=== $name.cpp"
  if "$build/bin/loom-clang++" -O2 "$sample" -o "$work/$name" \
       --loom-report="$work/$name.compile.json" &&
     LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT="$work/$name.run.json" \
       "$work/$name"; then
    echo "--- $name: compiled to dataflow and ran on the emulator"
    cat "$work/$name.run.json"
  else
    echo "--- $name: FAILED"
    status=1
  fi
done
exit $status
