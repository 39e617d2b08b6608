// Malformed input: spatial region entry block does not mirror its operands.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}entry block must mirror the 1 boundary operands, got 0 arguments
dataflow.thread private @t(%n: index) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n : index) {
    loom.spatial_yield
  }
  dataflow.thread.yield
}
