// Malformed input: arith.constant inside a graph.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}a timeless constant has no activation
dataflow.graph private @g(%start: none) -> values(i32) {
  %c = arith.constant 1 : i32
  dataflow.graph.return %start, %c : none, i32
}
