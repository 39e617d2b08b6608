// Malformed input: one closing brace too many.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected operation name in quotes
dataflow.thread private @t() ctrl(%c) domain<dense> {
  dataflow.thread.yield
}
}
