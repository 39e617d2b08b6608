// Malformed input: a named segment of graph.return given twice (the groups
// may come in any order, but each at most once).
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'values' appears twice in dataflow.graph.return
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  dataflow.graph.return values(%x : i32) complete(%start) values(%x : i32)
}
