// Malformed input: !dataflow.channel<> without element type.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected non-function type
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<>
  dataflow.thread.yield
}
