// Malformed input: carry next of a different type.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}use of value '%next' expects different type than prior uses: 'i32' vs 'i64'
dataflow.graph private @g(%start: none) values(%init: i32, %next: i64) {
  %ph = dataflow.constant %start {value = true} : i1
  %out = dataflow.carry %ph, %init, %next : i32
  dataflow.graph.return %start : none
}
