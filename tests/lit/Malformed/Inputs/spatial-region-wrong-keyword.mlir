// Malformed input: 'inputs(' is no boundary keyword.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected '{' to begin a region
dataflow.thread private @t(%n: index) ctrl(%c) domain<dense> {
  %r = loom.spatial_region inputs(%n : index) -> values(index) {
  ^bb0(%m: index):
    loom.spatial_yield %m : index
  }
  dataflow.thread.yield
}
