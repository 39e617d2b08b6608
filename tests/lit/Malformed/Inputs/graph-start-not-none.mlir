// Malformed input: %start of type i32.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}%start (entry block argument #0) must have type none, got 'i32'
dataflow.graph private @g(%start: i32) values(%go: none) {
  dataflow.graph.return %go : none
}
