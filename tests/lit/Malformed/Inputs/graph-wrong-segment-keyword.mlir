// Malformed input: 'value(' instead of 'values('.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected '{' to begin a region
dataflow.graph private @g(%start: none) value(%x: i32) {
  dataflow.graph.return %start : none
}
