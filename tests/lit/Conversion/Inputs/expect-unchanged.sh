#!/bin/sh
# Usage: expect-unchanged.sh <input.mlir> <loom-opt options...>
# Atomic publication check: loom-opt with the options must fail, and the
# module it leaves behind (--mlir-print-ir-after-failure) must print exactly
# as the input module does without them.
input=$1
shift
dump=$(mktemp)
trap 'rm -f "$dump"' EXIT
before=$(loom-opt "$input") || exit 1
if loom-opt "$input" "$@" --mlir-print-ir-after-failure >/dev/null 2>"$dump"; then
  echo "expect-unchanged: loom-opt $* did not fail on $input" >&2
  exit 1
fi
after=$(sed -n '/IR Dump After .* Failed/,$p' "$dump" | tail -n +2)
if [ "$before" != "$after" ]; then
  echo "expect-unchanged: the rejected module differs from the input" >&2
  printf '%s\n' "$after" >&2
  exit 1
fi
