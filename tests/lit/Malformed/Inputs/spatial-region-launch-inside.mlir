// Malformed input: a graph launch inside a spatial region.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}is not allowed inside a loom.spatial_region: the region becomes one dataflow.graph
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t(%n: index) ctrl(%c) domain<dense> {
  loom.spatial_region values(%c : none) {
  ^bb0(%c2: none):
    %d = dataflow.graph.launch @g deps(%c2)
    loom.spatial_yield
  }
  dataflow.thread.yield
}
