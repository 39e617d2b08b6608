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
# On sim, the mapping of kernel k's graph g, as LOOM_MAPPING_DIR asks for.
if [ -n "$LOOM_MAPPING_DIR" ] && [ "$FAKE_MODE" != nomapping ]; then
  mkdir -p "$LOOM_MAPPING_DIR"
  echo '{"format": "loom-mapping"}' > "$LOOM_MAPPING_DIR/k.g.json"
  if [ "$FAKE_MODE" != nopicture ]; then
    echo '<svg xmlns="http://www.w3.org/2000/svg"></svg>' > "$LOOM_MAPPING_DIR/k.g.svg"
  fi
fi
echo "fake: small mode argument '$1'"
echo "fake: checksum $checksum"
case "$FAKE_MODE" in
  fail) echo "fake: FAIL (1 mismatches)"; exit 1 ;;
  nopass) exit 0 ;;
esac
echo "fake: PASS"
