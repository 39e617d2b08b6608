// Malformed input: public thread definition.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.thread' op must have 'private' visibility, got 'public'
dataflow.thread public @t() ctrl(%c) domain<dense> {
  dataflow.thread.yield
}
