// Malformed input: unknown domain kind.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}unknown thread domain 'sparse', expected 'dense' or 'dynamic_work'
dataflow.thread private @t() ctrl(%c) domain<sparse> {
  dataflow.thread.yield
}
