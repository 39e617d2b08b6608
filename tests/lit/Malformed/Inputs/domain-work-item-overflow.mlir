// Malformed input: work_item_arg does not fit in 32 bits.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}integer value too large
dataflow.thread private @t(%x: i64) ctrl(%c) domain<dynamic_work, work_item_arg = 99999999999> {
  dataflow.thread.yield
}
