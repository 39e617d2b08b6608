// Malformed input: ctrl(...) takes a bare name; its type is implied.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected ')'
dataflow.thread private @t() ctrl(%c: none) domain<dense> {
  dataflow.thread.yield
}
