// Malformed input: dataflow.stream over index (needs an iN cast).
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}invalid kind of type specified: expected builtin.integer, but found 'index'
dataflow.graph private @g(%start: none) values(%n: index) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %iv, %phase = dataflow.stream %c0, %n, %c0 step add while slt : index
  dataflow.graph.return %start : none
}
