// Malformed input: spatial region on the host.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'loom.spatial_region' op must appear inside a dataflow.thread body
func.func @f(%n: index) {
  %r = loom.spatial_region values(%n : index) -> values(index) {
  ^bb0(%m: index):
    loom.spatial_yield %m : index
  }
  return
}
