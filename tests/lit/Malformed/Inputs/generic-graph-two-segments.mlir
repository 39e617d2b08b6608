// Malformed input: generic-form graph whose result_segments has one entry.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.graph' op result_segments must have 3 entries [values, streams, memories], got 1
"dataflow.graph"() <{function_type = () -> (i32), input_segments = array<i32: 0, 0, 0>, result_segments = array<i32: 1>, sym_name = "g", sym_visibility = "private"}> ({
^bb0(%s: none):
  %c = "dataflow.constant"(%s) {value = 1 : i32} : (none) -> i32
  "dataflow.graph.return"(%c, %s) {operandSegmentSizes = array<i32: 1, 0, 0, 1>} : (i32, none) -> ()
}) : () -> ()
