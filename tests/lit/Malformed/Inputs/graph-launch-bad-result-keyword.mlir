// Malformed input: launch results use values(...) / memories(...) only.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected 'values(...)' or 'memories(...)' after '->'
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %d = dataflow.graph.launch @g deps(%c) -> streams(i32)
  dataflow.thread.yield %d
}
