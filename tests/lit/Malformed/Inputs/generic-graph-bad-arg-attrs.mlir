// Malformed input: generic-form graph with too many arg_attrs entries.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expects argument attribute array to have the same number of elements as the number of function arguments, got 3, but expected 1
"dataflow.graph"() <{function_type = (i32) -> (), input_segments = array<i32: 1, 0, 0>, result_segments = array<i32: 0, 0, 0>, sym_name = "g", sym_visibility = "private", arg_attrs = [{}, {}, {}]}> ({
^bb0(%s: none, %x: i32):
  "dataflow.graph.return"(%s) {operandSegmentSizes = array<i32: 0, 0, 0, 1>} : (none) -> ()
}) : () -> ()
