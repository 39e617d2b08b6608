// Malformed input: one extent for a rank-2 thread.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}passes 1 extents but dense thread @t has rank 2
dataflow.thread private @t() ctrl(%c) coords(%i, %j) domain<dense> {
  dataflow.thread.yield
}
func.func @host(%n: index) {
  %tok = dataflow.thread.launch @t extents(%n) args()
  dataflow.thread.wait %tok
  return
}
