// Malformed input: dataflow.thread without ctrl(...).
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected 'ctrl'
dataflow.thread private @t(%A: memref<?xi32>) domain<dense> {
  dataflow.thread.yield
}
