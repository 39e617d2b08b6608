// Malformed input: graph launch of a thread symbol.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}must be a dataflow.graph, got 'dataflow.thread'
dataflow.thread private @u() ctrl(%c) domain<dense> {
  dataflow.thread.yield
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %d = dataflow.graph.launch @u deps(%c)
  dataflow.thread.yield %d
}
