// Malformed input: generic-form graph with a negative segment size.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.graph' op input_segments has a negative segment size
"dataflow.graph"() <{function_type = (i32) -> (), input_segments = array<i32: -1, 2, 0>, result_segments = array<i32: 0, 0, 0>, sym_name = "g", sym_visibility = "private"}> ({
^bb0(%s: none, %x: i32):
  "dataflow.graph.return"(%s) {operandSegmentSizes = array<i32: 0, 0, 0, 1>} : (none) -> ()
}) : () -> ()
