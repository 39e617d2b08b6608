// Malformed input: generic-form thread whose domain is an integer.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}Invalid attribute `domain` in property conversion
"dataflow.thread"() <{function_type = (i32) -> (), domain = 5 : i32, sym_name = "t", sym_visibility = "private"}> ({
^bb0(%x: i32, %c: none):
  "dataflow.thread.yield"() : () -> ()
}) : () -> ()
