#!/usr/bin/env bash
# Generates docs/dialects.md from docs/src/dialects-overview.md and the ODS
# definitions. Usage: scripts/gen-dialect-docs.sh [output] (default:
# docs/dialects.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/docs/dialects.md}"
tblgen=/usr/lib/llvm-22/bin/mlir-tblgen
inc=(-I /usr/lib/llvm-22/include -I "$root/compiler/include")
{
  cat "$root/docs/src/dialects-overview.md"
  echo
  "$tblgen" -gen-dialect-doc -dialect=dataflow "${inc[@]}" \
    "$root/compiler/include/loom/Dialect/Dataflow/IR/DataflowOps.td" |
    sed 's/^#/##/'
  echo
  "$tblgen" -gen-dialect-doc -dialect=loom "${inc[@]}" \
    "$root/compiler/include/loom/Dialect/Loom/IR/LoomOps.td" |
    sed '/^## Enums/,$d; s/^#/##/'
  echo
  echo "## Passes"
  echo
  "$tblgen" -gen-pass-doc "${inc[@]}" \
    "$root/compiler/include/loom/Dialect/Dataflow/Transforms/Passes.td" |
    sed 's/^#/##/'
} >"$out"
