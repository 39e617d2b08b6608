#!/usr/bin/env bash
# Configures (once) and builds Loom in build/ with clang++ 22, Ninja, the
# shared libMLIR, precompiled headers and ccache when present.
# Usage: scripts/build.sh [ninja targets...]
# LOOM_BUILD_DIR picks the build folder; LOOM_CMAKE_ARGS adds options to its
# first configuration (scripts/test-sanitized.sh uses both).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${LOOM_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh"

if [ ! -f "$build/build.ninja" ]; then
  # Shell words, so that a value may hold quoted spaces.
  eval "extra=(${LOOM_CMAKE_ARGS:-})"
  launcher=()
  if command -v ccache >/dev/null 2>&1; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=/usr/lib/llvm-22/bin/clang \
    -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++ \
    "${launcher[@]}" "${extra[@]}"
fi
# Paths relative to the source root let ccache hit across build folders.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"
ninja -C "$build" "$@"
