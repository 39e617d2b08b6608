// Malformed input: generic-form thread whose entry block lacks the payload and thread_ctrl.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.thread' op entry block must have the 1 signature arguments followed by thread_ctrl, got 0 arguments
"dataflow.thread"() <{function_type = (i64) -> (), domain = #dataflow.thread_domain<dense>, sym_name = "t", sym_visibility = "private"}> ({
^bb0:
  "dataflow.thread.yield"() : () -> ()
}) : () -> ()
func.func @h(%x: i64) {
  %t = dataflow.thread.launch @t args(%x : i64)
  dataflow.thread.wait %t
  return
}
