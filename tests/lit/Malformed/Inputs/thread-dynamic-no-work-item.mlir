// Malformed input: dynamic_work needs work_item_arg.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected ','
dataflow.thread private @t(%x: i64) ctrl(%c) domain<dynamic_work> {
  dataflow.thread.yield
}
