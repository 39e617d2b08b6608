// Malformed input: unknown step kind 'mod'.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected string or keyword containing one of the following enum values for attribute 'step_kind'
dataflow.graph private @g(%start: none) values(%n: i32) {
  %c0 = dataflow.constant %start {value = 0 : i32} : i32
  %iv, %phase = dataflow.stream %c0, %n, %c0 step mod while slt : i32
  dataflow.graph.return %start : none
}
