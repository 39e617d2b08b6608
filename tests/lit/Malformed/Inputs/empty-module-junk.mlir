// Malformed input: a valid empty module followed by junk.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}custom op 'this' is unknown
module {
}
this is not MLIR at all ;; ### @@@
