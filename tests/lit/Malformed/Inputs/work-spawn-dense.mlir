// Malformed input: work.spawn in a dense thread.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}is legal only inside a dynamic_work dataflow.thread, found inside dense thread @t
dataflow.thread private @t(%x: i64) ctrl(%c) domain<dense> {
  dataflow.work.spawn %x : i64
  dataflow.thread.yield
}
