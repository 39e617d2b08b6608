// Malformed input: compact return without the none witness first.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}the compact form starts with one completion witness of type none
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  dataflow.graph.return %x : i32
}
