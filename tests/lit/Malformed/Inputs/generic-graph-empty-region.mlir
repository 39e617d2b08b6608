// Malformed input: generic-form graph whose body region has no block.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.graph' op region #0 ('body') failed to verify constraint: region with 1 blocks
"dataflow.graph"() <{function_type = () -> (), input_segments = array<i32: 0, 0, 0>, result_segments = array<i32: 0, 0, 0>, sym_name = "g", sym_visibility = "private"}> ({}) : () -> ()
