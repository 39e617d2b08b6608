#!/usr/bin/env bash
# Sets up, builds everything and runs every test through CTest.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${LOOM_BUILD_DIR:-$root/build}"

"$root/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j "$(nproc)"
