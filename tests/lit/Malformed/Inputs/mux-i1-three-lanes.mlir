// Malformed input: i1 selector with 3 lanes.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}has an i1 selector and 3 lanes
dataflow.graph private @g(%start: none) values(%s: i1, %a: i32, %b: i32, %c: i32) -> values(i32) {
  %v = dataflow.mux %s, %a, %b, %c : (i1, i32, i32, i32) -> i32
  %d, %w = dataflow.sync %start, %v : (none, i32) -> (none, i32)
  dataflow.graph.return %d, %w : none, i32
}
