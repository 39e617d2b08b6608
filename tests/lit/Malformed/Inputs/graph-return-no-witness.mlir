// Malformed input: return without any operand.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected a completion witness
dataflow.graph private @g(%start: none) {
  dataflow.graph.return
}
