// Malformed input: !dataflow.channel<memref<...>>.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}channel element type must be a finite value type
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<memref<?xi32>>
  dataflow.thread.yield
}
