// Malformed input: file ends inside a graph body (no closing brace).
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}expected operation name in quotes
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  dataflow.graph.return %start, %y : none, i32
