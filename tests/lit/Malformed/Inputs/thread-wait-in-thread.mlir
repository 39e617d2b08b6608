// Malformed input: thread wait inside a thread body.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'dataflow.thread.wait' op must appear outside every dataflow.thread and dataflow.graph
dataflow.thread private @u() ctrl(%c) domain<dense> {
  dataflow.thread.yield
}
dataflow.thread private @t(%tok: !dataflow.thread_token) ctrl(%c) domain<dense> {
  dataflow.thread.wait %tok
  dataflow.thread.yield
}
