// Malformed input: graph.return whose segment sizes disagree with its operands.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'
dataflow.graph private @g(%start: none) values(%x: i32) {
  "dataflow.graph.return"(%start, %start) {operandSegmentSizes = array<i32: 0, 0, 0, 1>} : (none, none) -> ()
}
