// Malformed input: a dense domain has no work_item_arg.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected '>'
dataflow.thread private @t(%x: i64) ctrl(%c) domain<dense, work_item_arg = 0> {
  dataflow.thread.yield
}
