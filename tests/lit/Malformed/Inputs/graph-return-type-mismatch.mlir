// Malformed input: returned value type differs from the declared result.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}values #0 has type 'i64' but @g declares 'i32'
dataflow.graph private @g(%start: none) values(%x: i64) -> values(i32) {
  %s, %y = dataflow.sync %start, %x : (none, i64) -> (none, i64)
  dataflow.graph.return %s, %y : none, i64
}
