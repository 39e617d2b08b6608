// Malformed input: %start needs its none type.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected ':'
dataflow.graph private @g(%start) {
  dataflow.graph.return %start : none
}
