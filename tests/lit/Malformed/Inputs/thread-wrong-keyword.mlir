// Malformed input: 'control' instead of 'ctrl'.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected 'ctrl'
dataflow.thread private @t() control(%c) domain<dense> {
  dataflow.thread.yield
}
