// Malformed input: coordinates on a dynamic_work thread.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}dynamic_work thread has no coordinates, got 1
dataflow.thread private @t(%x: i64) ctrl(%c) coords(%i) domain<dynamic_work, work_item_arg = 0> {
  dataflow.thread.yield
}
