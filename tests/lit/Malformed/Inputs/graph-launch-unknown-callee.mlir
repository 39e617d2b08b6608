// Malformed input: callee symbol missing.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}callee @nope does not resolve to a symbol in the module
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %d = dataflow.graph.launch @nope deps(%c)
  dataflow.thread.yield %d
}
