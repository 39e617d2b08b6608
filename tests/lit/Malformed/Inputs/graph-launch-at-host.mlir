// Malformed input: graph launch on the host.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.graph.launch' op must appear inside a dataflow.thread body
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
func.func @host(%c: none) {
  %d = dataflow.graph.launch @g deps(%c)
  return
}
