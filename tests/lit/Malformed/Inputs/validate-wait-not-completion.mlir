// Malformed input: graph.wait on the thread ctrl, which no launch produced.
// Expected: loom-opt --loom-validate-dataflow reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}operand #0 is not a graph completion
dataflow.thread private @t() ctrl(%c) domain<dense> {
  dataflow.graph.wait %c
  dataflow.thread.yield
}
