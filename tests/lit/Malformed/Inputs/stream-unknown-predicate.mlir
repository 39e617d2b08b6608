// Malformed input: unknown predicate 'lessthan'.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected string or keyword containing one of the following enum values for attribute 'predicate'
dataflow.graph private @g(%start: none) values(%n: i32) {
  %c0 = dataflow.constant %start {value = 0 : i32} : i32
  %iv, %phase = dataflow.stream %c0, %n, %c0 step add while lessthan : i32
  dataflow.graph.return %start : none
}
