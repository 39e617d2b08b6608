// Malformed input: launch binds an i64 to an i32 value port.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}value inputs #0 has type 'i64' but @g declares 'i32'
dataflow.graph private @g(%start: none) values(%x: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t(%v: i64) ctrl(%c) domain<dense> {
  %d = dataflow.graph.launch @g deps(%c) values(%v : i64)
  dataflow.thread.yield %d
}
