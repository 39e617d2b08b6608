// Malformed input: statically negative extent.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}extent #0 is -4; extents must be non-negative
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  dataflow.thread.yield
}
func.func @host() {
  %n = arith.constant -4 : index
  %tok = dataflow.thread.launch @t extents(%n) args()
  dataflow.thread.wait %tok
  return
}
