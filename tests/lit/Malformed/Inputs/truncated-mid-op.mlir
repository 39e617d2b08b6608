// Malformed input: file ends inside an operand list of dataflow.graph.launch.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected ':'
dataflow.thread private @t(%A: memref<?xi32>) ctrl(%c) domain<dense> {
  %d = dataflow.graph.launch @g deps(%c) memories(%A