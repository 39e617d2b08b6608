// Malformed input: source_maps takes an array.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}source_maps must be an array of affine maps
dataflow.graph private @g(%start: none) streams(%s: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %d = dataflow.graph.launch @g deps(%c) stream_inputs(%ch : !dataflow.channel<i32>) source_maps(affine_map<(d0) -> (d0)>)
  dataflow.thread.yield %d
}
