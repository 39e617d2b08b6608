#!/bin/sh
# A stand-in for a sample program, for the tests of RunSample.cmake
# (run-sample.test): it prints a checksum and a verdict and writes a run
# report as a real sample would, and misbehaves the way FAKE_MODE says.
checksum=00000000000000aa
if [ "$FAKE_MODE" = checksum ] && [ "$LOOM_BACKEND" = emu ]; then
  checksum=00000000000000bb
fi
ranOn="\"$LOOM_BACKEND\": 2"
launches=2
case "$FAKE_MODE" in
  fallback) ranOn='"host": 2' ;;
  nolaunch) ranOn='' launches=0 ;;
esac
printf '{"loom_report_version": 1, "kernels": [{"name": "k", "launches": %s, "ran_on": {%s}}]}\n' \
  "$launches" "$ranOn" > "$LOOM_REPORT"
echo "fake: small mode argument '$1'"
echo "fake: checksum $checksum"
case "$FAKE_MODE" in
  fail) echo "fake: FAIL (1 mismatches)"; exit 1 ;;
  nopass) exit 0 ;;
esac
echo "fake: PASS"
