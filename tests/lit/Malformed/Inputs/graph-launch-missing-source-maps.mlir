// Malformed input: stream_inputs(...) must be followed by source_maps(...).
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected 'source_maps'
dataflow.graph private @g(%start: none) streams(%s: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %d = dataflow.graph.launch @g deps(%c) stream_inputs(%ch : !dataflow.channel<i32>)
  dataflow.thread.yield %d
}
