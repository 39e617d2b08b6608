// Malformed input: complete(...) takes no type list.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected ')'
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  dataflow.graph.return values(%x : i32) complete(%start : none)
}
