// Malformed input: a thread terminator in a graph body.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.thread.yield' op expects parent op 'dataflow.thread'
dataflow.graph private @g(%start: none) {
  dataflow.thread.yield %start
}
