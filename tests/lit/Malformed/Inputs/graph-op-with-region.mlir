// Malformed input: an op with a region inside a graph body.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'scf.execute_region' op is not allowed in a dataflow.graph body
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %y = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  dataflow.graph.return %start, %y : none, i32
}
