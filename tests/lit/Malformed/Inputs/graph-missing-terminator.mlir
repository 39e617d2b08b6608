// Malformed input: graph body without dataflow.graph.return.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}block with no terminator
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
}
