// Malformed input: graph defined inside a graph.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.graph' op expects parent op 'builtin.module'
dataflow.graph private @outer(%start: none) {
  dataflow.graph private @inner(%s: none) {
    dataflow.graph.return %s : none
  }
  dataflow.graph.return %start : none
}
