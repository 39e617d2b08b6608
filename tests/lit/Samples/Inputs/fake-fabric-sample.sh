#!/bin/sh
# A stand-in for a sample program, for the tests of CompareFabrics.cmake
# (compare-fabrics.test): it writes a run report with the simulated cycles
# of kernels that depend on LOOM_FABRIC, and misbehaves the way FAKE_MODE
# says.
fast=100
if [ "$LOOM_FABRIC" = cgra-4x4 ]; then
  fast=120
  if [ "$FAKE_MODE" = slower ]; then fast=90; fi
fi
# "big-only" does not map on cgra-4x4, "small-only" not on cgra-8x8: there
# they ran on the emulator.
bigOnlyBackend=sim
if [ "$LOOM_FABRIC" = cgra-4x4 ]; then bigOnlyBackend=emu; fi
smallOnlyBackend=sim
if [ "$LOOM_FABRIC" = cgra-8x8 ]; then smallOnlyBackend=emu; fi
checksum=00000000000000aa
if [ "$FAKE_MODE" = checksum ] && [ "$LOOM_FABRIC" = cgra-4x4 ]; then
  checksum=00000000000000bb
fi
cat > "$LOOM_REPORT" <<JSON
{"loom_report_version": 1, "kernels": [
  {"name": "fast", "launches": 2, "ran_on": {"sim": 2}, "launch_log": [
    {"backend": "sim", "cycles": $fast}, {"backend": "sim", "cycles": 7}]},
  {"name": "big-only", "launches": 1, "ran_on": {"$bigOnlyBackend": 1},
   "launch_log": [{"backend": "$bigOnlyBackend", "cycles": 5}]},
  {"name": "small-only", "launches": 1, "ran_on": {"$smallOnlyBackend": 1},
   "launch_log": [{"backend": "$smallOnlyBackend", "cycles": 5}]},
  {"name": "unused", "launches": 0, "ran_on": {}, "launch_log": []}]}
JSON
echo "fake: checksum $checksum"
echo "fake: PASS"
