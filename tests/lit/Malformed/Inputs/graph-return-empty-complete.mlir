// Malformed input: complete() is empty.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}needs a non-empty complete frontier
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  dataflow.graph.return values(%x : i32) complete()
}
