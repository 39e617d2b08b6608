#!/usr/bin/env bash
# The main job: set up, build, then have loom-opt parse, verify, validate and
# print every sample dataflow program in samples/ir/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${LOOM_BUILD_DIR:-$root/build}"

"$root/scripts/build.sh" loom-opt

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
exit $status
